"""The transforms: more pairs for days, months, numbers, clock times and ordinals, and how a config's source asks for
them."""
from __future__ import annotations

import pytest
from conftest import REPO_ROOT

from transformer_demo import augmentation, config
from transformer_demo.augmentation import ClockTimeSwap, ClosedClassSwap, OrdinalSwap
from transformer_demo.augmentation.ordinals import english_digits
from transformer_demo.augmentation.words import number_word, ordinal_word
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
    swap = ClosedClassSwap("fr", per_pair=4, seed=3)
    pair = ("Seventeen people came.", "Dix-sept personnes sont venues.")
    variants = swap.variants(pair, index=5)
    assert len(variants) == 4 and variants == swap.variants(pair, index=5)  # the same draw every time
    assert variants != ClosedClassSwap("fr", per_pair=4, seed=4).variants(pair, index=5)
    for en, fr in variants:
        n = next(n for n in range(2, 100) if en.startswith(number_word(n, "en").capitalize() + " "))
        assert n % 10 != 1 and n != 17 and fr == f"{number_word(n, 'fr').capitalize()} personnes sont venues."
    assert ClosedClassSwap("fr").variants(("Seven days.", "Dix-sept jours.")) == []  # no "sept" inside "dix-sept"


@pytest.mark.parametrize("transform", [ClosedClassSwap, ClockTimeSwap, OrdinalSwap])
def test_only_english_to_german_or_french(transform):
    with pytest.raises(DataError, match="en->de and en->fr, not en->cs"):
        transform("cs")


def test_a_config_source_names_a_known_transform():
    assert set(config.TRANSFORMS) == set(augmentation.TRANSFORMS)
    good = {"path": "tatoeba/en-de", "weight": 2, "transform": "closed_class"}
    assert config.TrainConfig(sources=[good]).validate().sources == [good]
    with pytest.raises(ConfigError, match="transform"):
        config.TrainConfig(sources=[{"path": "tatoeba/en-de", "transform": "shuffle"}]).validate()


@pytest.mark.parametrize(("stage", "transforms"), [(3, ["closed_class"]),
                                                   (4, ["closed_class", "clock_time", "ordinal"])])
def test_the_later_stages_configs_load(stage: int, transforms: list[str]):
    for pair in ("de", "fr"):
        run = RunConfig.load(REPO_ROOT / "configs" / f"everyday_en_{pair}_cpu_stage{stage}.json")
        assert [s["transform"] for s in run.train.validate().sources if "transform" in s] == transforms


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


def test_an_ordinal_swapped_in_after_a_keeps_the_english_article_right():
    pair = ("They tried a third time.", "Ils ont essayé une troisième fois.")
    ordinals = OrdinalSwap("fr", per_pair=29).variants(pair)
    assert ("They tried an eighth time.", "Ils ont essayé une huitième fois.") in ordinals
    assert ("They tried an eleventh time.", "Ils ont essayé une onzième fois.") in ordinals
    assert ("They tried a fifth time.", "Ils ont essayé une cinquième fois.") in ordinals
    back = OrdinalSwap("de", per_pair=29).variants(("It was an eighth try.", "Es war ein achter Versuch."))
    assert ("It was a ninth try.", "Es war ein neunter Versuch.") in back


@pytest.mark.parametrize(("n", "en", "de", "fr"), [
    (2, "second", "zweit", "deuxième"),
    (3, "third", "dritt", "troisième"),
    (5, "fifth", "fünft", "cinquième"),
    (9, "ninth", "neunt", "neuvième"),
    (15, "fifteenth", "fünfzehnt", "quinzième"),
    (20, "twentieth", "zwanzigst", "vingtième"),
    (21, "twenty-first", "einundzwanzigst", "vingt et unième"),
    (23, "twenty-third", "dreiundzwanzigst", "vingt-troisième"),
    (80, "eightieth", "achtzigst", "quatre-vingtième"),
])
def test_ordinals_in_words(n: int, en: str, de: str, fr: str):
    assert (ordinal_word(n, "en"), ordinal_word(n, "de"), ordinal_word(n, "fr")) == (en, de, fr)


def test_an_ordinal_keeps_its_german_ending_and_a_french_date_its_cardinal():
    german = OrdinalSwap("de", per_pair=29).variants(("It's the third of October.", "Wir haben den dritten Oktober."))
    assert len(german) == 29 and ("It's the fifteenth of October.", "Wir haben den fünfzehnten Oktober.") in german
    prize = OrdinalSwap("de", per_pair=29).keyed(("He won the third prize.", "Er hat den dritten Preis gewonnen."))
    assert ("ordinal", ("He won the ninth prize.", "Er hat den neunten Preis gewonnen."), "9") in prize
    french = OrdinalSwap("fr", per_pair=29).variants(("It's the third of October.", "C'est le trois octobre."))
    assert ("It's the fifteenth of October.", "C'est le quinze octobre.") in french
    assert ("It's the twenty-first of October.", "C'est le vingt et un octobre.") in french
    prix = OrdinalSwap("fr", per_pair=29).variants(("He won the third prize.", "Il a gagné le troisième prix."))
    assert ("He won the fifteenth prize.", "Il a gagné le quinzième prix.") in prix


def test_an_ordinal_in_digits_stays_in_digits_and_an_english_date_takes_turns_among_its_three_forms():
    german = OrdinalSwap("de", per_pair=29).keyed(("His birthday is May 5th.", "Er hat am 5. Mai Geburtstag."))
    assert len(german) == 29
    forms = [[en == f"His birthday is {date}." for date in (f"May {english_digits(int(key))}",
                                                         f"the {english_digits(int(key))} of May",
                                                         f"the {ordinal_word(int(key), 'en')} of May")]
             for _, (en, _), key in german]
    assert all(sum(form) == 1 for form in forms) and all(map(any, zip(*forms)))  # each variant one form; all used
    assert all(de == f"Er hat am {key}. Mai Geburtstag." for _, (_, de), key in german)
    french = OrdinalSwap("fr", per_pair=29).variants(("Today is September 1st.", "Nous sommes le 1er septembre."))
    assert ("Today is the twenty-second of September.", "Nous sommes le 22 septembre.") in french or (
        "Today is the 22nd of September.", "Nous sommes le 22 septembre.") in french or (
        "Today is September 22nd.", "Nous sommes le 22 septembre.") in french
    assert ("They finished 11th.", "Ils ont terminé 11e.") in OrdinalSwap("fr", per_pair=29).variants(
        ("They finished 13th.", "Ils ont terminé 13e."))
    mixed = OrdinalSwap("de", per_pair=29).variants(("Today is October 11th.", "Heute ist der elfte Oktober."))
    assert ("Today is October 15th.", "Heute ist der fünfzehnte Oktober.") in mixed or (
        "Today is the 15th of October.", "Heute ist der fünfzehnte Oktober.") in mixed or (
        "Today is the fifteenth of October.", "Heute ist der fünfzehnte Oktober.") in mixed


def test_digits_after_an_article_take_its_right_form():
    variants = OrdinalSwap("de", per_pair=29).variants(("It was a 5th try.", "Es war ein 5. Versuch."))
    assert ("It was an 8th try.", "Es war ein 8. Versuch.") in variants
    assert ("It was an 11th try.", "Es war ein 11. Versuch.") in variants
    assert ("It was a 22nd try.", "Es war ein 22. Versuch.") in variants


@pytest.mark.parametrize(("n", "written"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"),
                                            (12, "12th"), (13, "13th"), (21, "21st"), (22, "22nd"), (31, "31st")])
def test_english_ordinals_in_digits(n: int, written: str):
    assert english_digits(n) == written


@pytest.mark.parametrize("pair", [
    ("It's 5th Avenue at 10:30.", "Es ist 10:30."),  # none in German
    ("Come on May 5th.", "Komm am 5. Mai um 5. Stunde."),  # two in German
    ("Come on May 5th.", "Komm am 6. Mai."),  # different ones
    ("He is 5.", "Er ist 5."),  # a number, no ordinal
])
def test_pairs_that_give_no_variants_in_digits(pair: tuple[str, str]):
    assert OrdinalSwap("de").variants(pair) == []


@pytest.mark.parametrize("pair", [
    ("We live on the third floor.", "Wir wohnen im zweiten Stock."),  # a third floor that is the second: not one word
    ("Wait a second.", "Warte eine Sekunde."),  # no ordinal in German
    ("The third and the fifth.", "Der dritte und der fünfte."),  # two ordinals
])
def test_pairs_that_give_no_ordinal_variants(pair: tuple[str, str]):
    assert OrdinalSwap("de").variants(pair) == []


def test_first_is_no_ordinal_of_the_list():
    variants = OrdinalSwap("de").variants(("At first I was the second.", "Zuerst war ich der Zweite."))
    assert len(variants) == 6 and all(en.startswith("At first I was the ") for en, _ in variants)
    assert ("At first I was the third.", "Zuerst war ich der Dritte.") in OrdinalSwap("de", per_pair=29).variants(
        ("At first I was the second.", "Zuerst war ich der Zweite."))


@pytest.mark.parametrize(("pair", "en", "de"), [
    (("It's five o'clock.", "Es ist fünf Uhr."), "It's half past ten.", "Es ist halb elf."),
    (("It's five o'clock.", "Es ist fünf Uhr."), "It's quarter to one.", "Es ist Viertel vor eins."),
    (("It's five o'clock.", "Es ist fünf Uhr."), "It's one o'clock.", "Es ist ein Uhr."),
    (("Let's meet at half past ten.", "Treffen wir uns um halb elf."), "Let's meet at quarter past twelve.",
     "Treffen wir uns um Viertel nach zwölf."),
    (("Banks open at nine o'clock.", "Banken öffnen um 9 Uhr."), "Banks open at seven o'clock.",
     "Banken öffnen um 7 Uhr."),
    (("Meet me at 2:30.", "Triff mich um 14:30 Uhr."), "Meet me at 5:05.", "Triff mich um 17:05 Uhr."),
    (("Tom came at 2:30.", "Tom kam um 2.30 Uhr."), "Tom came at 11:55.", "Tom kam um 11.55 Uhr."),
])
def test_a_clock_time_gives_other_times_each_side_in_its_own_form_german(pair, en: str, de: str):
    assert (en, de) in ClockTimeSwap("de", per_pair=200).variants(pair)


@pytest.mark.parametrize(("pair", "en", "fr"), [
    (("It's five o'clock.", "Il est cinq heures."), "It's half past ten.", "Il est dix heures et demie."),
    (("It's five o'clock.", "Il est cinq heures."), "It's quarter to one.", "Il est une heure moins le quart."),
    (("It's five o'clock.", "Il est cinq heures."), "It's one o'clock.", "Il est une heure."),
    (("We'll eat at six o'clock.", "Nous mangerons à dix-huit heures."), "We'll eat at nine o'clock.",
     "Nous mangerons à vingt et une heures."),
    (("Meet me at 2:30.", "Rendez-vous à 14 h 30."), "Meet me at 5:05.", "Rendez-vous à 17 h 05."),
    (("It's 8:30.", "Il est huit heures trente."), "It's 1:55.", "Il est une heure cinquante-cinq."),
    (("It's 8:30.", "Il est huit heures trente."), "It's 4:00.", "Il est quatre heures."),
    (("I woke up at 6:30.", "Je me suis réveillé à 6h30."), "I woke up at 12:45.", "Je me suis réveillé à 12h45."),
])
def test_a_clock_time_gives_other_times_each_side_in_its_own_form_french(pair, en: str, fr: str):
    assert (en, fr) in ClockTimeSwap("fr", per_pair=200).variants(pair)


def test_the_forms_limit_the_minutes_a_variant_says():
    words = ClockTimeSwap("de", per_pair=200).keyed(("It's five o'clock.", "Es ist fünf Uhr."))
    assert len(words) == 47 and {key.split(":")[1] for _, _, key in words} == {"00", "15", "30", "45"}
    digits = ClockTimeSwap("de", per_pair=200).keyed(("Come at ten o'clock.", "Komm um 10 Uhr."))
    assert len(digits) == 11 and all(key.endswith(":00") for _, _, key in digits)
    afternoon = ClockTimeSwap("fr", per_pair=200).keyed(("Meet me at 2:30.", "Rendez-vous à 14 h 30."))
    assert len(afternoon) == 11 * 12 - 1  # hours 1-11 (no 24 h 00), every five minutes, less 2:30


@pytest.mark.parametrize("pair", [
    ("It's five o'clock.", "Es ist sechs Uhr."),  # different hours
    ("Meet me at 2:30.", "Triff mich um 2:45 Uhr."),  # different minutes
    ("From two o'clock to five o'clock.", "Von zwei bis fünf Uhr."),  # two times in English
    ("It costs 3.50 euros.", "Es kostet 3,50 Euro."),  # a price is no time
    ("I have a clock.", "Ich habe eine Uhr."),  # "Uhr" without an hour
    ("Let's meet at 9:30.", "Treffen wir uns um halb neun."),  # halb neun is 8:30
])
def test_pairs_that_give_no_clock_variants(pair: tuple[str, str]):
    assert ClockTimeSwap("de").variants(pair) == []


def test_said_reads_a_time_on_either_clock():
    german, french = ClockTimeSwap("de"), ClockTimeSwap("fr")
    assert german.said("time", "Wir treffen uns um halb elf.") == {"10:30"}
    assert german.said("time", "Um 22:30 Uhr oder um Viertel vor drei.") == {"10:30", "2:45"}
    assert french.said("time", "À vingt-deux heures trente.") == {"10:30"}
    assert german.said("time", "Um zehn Uhr fünfundvierzig.") == {"10:45"}
    assert french.said("time", "Il est une heure moins le quart, ou 0 h 45.") == {"12:45"}


def test_the_same_draw_every_time_and_another_per_repetition():
    pair = ("It's five o'clock.", "Il est cinq heures.")
    assert ClockTimeSwap("fr", seed=1).variants(pair, 7) == ClockTimeSwap("fr", seed=1).variants(pair, 7)
    assert ClockTimeSwap("fr", seed=1).variants(pair, 7) != ClockTimeSwap("fr", seed=2).variants(pair, 7)
    assert len(ClockTimeSwap("fr").variants(pair)) == 6
