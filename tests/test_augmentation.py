"""The closed_class transform: more pairs for days, months and numbers, and how a config's source asks for it."""
from __future__ import annotations

import pytest
from conftest import REPO_ROOT

from transformer_demo import augmentation, config
from transformer_demo.augmentation import ClosedClassSwap, number_word
from transformer_demo.config import RunConfig
from transformer_demo.data import read_mixed
from transformer_demo.errors import ConfigError, DataError


@pytest.mark.parametrize(("n", "en", "de", "fr"), [
    (2, "two", "zwei", "deux"),
    (17, "seventeen", "siebzehn", "dix-sept"),
    (21, "twenty-one", "einundzwanzig", "vingt et un"),
    (71, "seventy-one", "einundsiebzig", "soixante et onze"),
    (80, "eighty", "achtzig", "quatre-vingts"),
    (81, "eighty-one", "einundachtzig", "quatre-vingt-un"),
    (92, "ninety-two", "zweiundneunzig", "quatre-vingt-douze"),
    (99, "ninety-nine", "neunundneunzig", "quatre-vingt-dix-neuf"),
])
def test_numbers_in_words(n: int, en: str, de: str, fr: str):
    assert (number_word(n, "en"), number_word(n, "de"), number_word(n, "fr")) == (en, de, fr)


def test_a_day_said_in_both_sentences_gives_every_other_day():
    variants = ClosedClassSwap("de").variants(("Let's meet on Tuesday.", "Treffen wir uns am Dienstag."))
    assert len(variants) == 6
    assert ("Let's meet on Monday.", "Treffen wir uns am Montag.") in variants
    assert ("Let's meet on Sunday.", "Treffen wir uns am Sonntag.") in variants
    assert all("Tuesday" not in en and "Dienstag" not in de for en, de in variants)


def test_a_french_day_or_month_at_the_start_keeps_its_capital():
    variants = ClosedClassSwap("fr").variants(("Monday is a holiday.", "Lundi est un jour férié."))
    assert ("Friday is a holiday.", "Vendredi est un jour férié.") in variants
    months = ClosedClassSwap("fr").variants(("I was born in March.", "Je suis né en mars."))
    assert len(months) == 10 and ("I was born in October.", "Je suis né en octobre.") in months
    assert not any("May" in en for en, _ in months)  # "May" is more often a verb


@pytest.mark.parametrize("pair", [
    ("See you on Monday.", "Bis Dienstag."),  # the two sentences say different days
    ("Monday or Friday?", "Montag oder Freitag?"),  # two days: which goes with which is not read
    ("He works on Tuesdays.", "Er arbeitet dienstags."),  # no day as a word of the list on one side
    ("I like to march.", "Ich marschiere gern."),  # "march" without its capital is no month
    ("I have two cats.", "J'ai deux chats."),  # a French sentence for a German swap: no German number
])
def test_pairs_that_give_no_variants(pair: tuple[str, str]):
    assert ClosedClassSwap("de").variants(pair) == []


def test_a_number_is_swapped_for_numbers_that_agree_with_any_noun():
    swap = ClosedClassSwap("fr", numbers_per_pair=4, seed=3)
    pair = ("Seventeen people came.", "Dix-sept personnes sont venues.")
    variants = swap.variants(pair, index=5)
    assert len(variants) == 4 and variants == swap.variants(pair, index=5)  # the same draw every time
    assert variants != ClosedClassSwap("fr", numbers_per_pair=4, seed=4).variants(pair, index=5)
    for en, fr in variants:
        n = next(n for n in range(2, 100) if en.startswith(number_word(n, "en").capitalize() + " "))
        assert n % 10 != 1 and n != 17 and fr == f"{number_word(n, 'fr').capitalize()} personnes sont venues."
    assert ClosedClassSwap("fr").variants(("Seven days.", "Dix-sept jours.")) == []  # no "sept" inside "dix-sept"


def test_only_english_to_german_or_french():
    with pytest.raises(DataError, match="en->de and en->fr"):
        ClosedClassSwap("cs")


def test_a_config_source_names_a_known_transform():
    assert set(config.TRANSFORMS) == set(augmentation.TRANSFORMS)
    good = {"path": "tatoeba/en-de", "weight": 2, "transform": "closed_class"}
    assert config.TrainConfig(sources=[good]).validate().sources == [good]
    with pytest.raises(ConfigError, match="transform"):
        config.TrainConfig(sources=[{"path": "tatoeba/en-de", "transform": "shuffle"}]).validate()


def test_the_shipped_stage3_configs_load():
    for pair in ("de", "fr"):
        run = RunConfig.load(REPO_ROOT / "configs" / f"everyday_en_{pair}_cpu_stage3.json")
        assert run.train.validate().sources[-1]["transform"] == "closed_class"


def _write(folder, split: str, rows: list[tuple[str, str]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{split}.en").write_text("".join(en + "\n" for en, _ in rows), encoding="utf-8")
    (folder / f"{split}.de").write_text("".join(de + "\n" for _, de in rows), encoding="utf-8")


def test_a_transformed_source_adds_variants_to_train_only_and_never_a_test_sentence(tmp_path):
    folder = tmp_path / "everyday"
    _write(folder, "train", [("I was born on a Monday.", "Ich bin an einem Montag geboren."), ("Hi.", "Hallo.")])
    _write(folder, "val", [("Come on Friday.", "Komm am Freitag.")])
    _write(folder, "test", [("I was born on a Sunday.", "Ich bin an einem Sonntag geboren.")])
    sources = [{"path": "everyday", "weight": 1}, {"path": "everyday", "weight": 1, "transform": "closed_class"}]
    train = read_mixed(tmp_path, sources, "train", "en", "de")
    assert train[:2] == [("I was born on a Monday.", "Ich bin an einem Montag geboren."), ("Hi.", "Hallo.")]
    assert len(train) == 2 + 5  # six other days, less the test set's Sunday
    assert ("I was born on a Tuesday.", "Ich bin an einem Dienstag geboren.") in train
    assert all("Sunday" not in en for en, _ in train)
    assert read_mixed(tmp_path, sources, "val", "en", "de") == [("Come on Friday.", "Komm am Freitag.")]
