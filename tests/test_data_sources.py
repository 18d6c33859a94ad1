"""Translation from several data folders in one run (TrainConfig.sources): weights, validation, the dedup
guarantee (no evaluation sentence in train or val) and the errors a user gets for a bad setup."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from transformer_demo.config import ConfigError, RunConfig, TrainConfig
from transformer_demo.data import DataError, held_out_sentences, normalized, read_mixed
from transformer_demo.tasks import DataSource, load_task_pairs

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def write_split(folder: Path, split: str, pairs: list[tuple[str, str]], langs: tuple[str, str] = ("en", "de")) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for index, lang in enumerate(langs):
        with gzip.open(folder / f"{split}.{lang}.gz", "wt", encoding="utf-8") as handle:
            handle.write("".join(pair[index] + "\n" for pair in pairs))


@pytest.fixture
def two_sources(tmp_path: Path) -> Path:
    """A data root with a conversation folder and a caption folder, each with train, val and a test set.

    Some training and validation pairs repeat a test sentence (other case and punctuation, or only on one side):
    those must never reach train or val.
    """
    chat, captions = tmp_path / "chat", tmp_path / "captions"
    write_split(
        chat, "train", [("Hello!", "Hallo!"), ("Thank you.", "Danke."), ("WHERE IS IT", "Wo ist es?"), ("Go.", "Geh.")]
    )
    write_split(chat, "val", [("Good night.", "Gute Nacht."), ("Who are you?", "Wer bist du?")])
    write_split(chat, "test", [("Where is it?", "Wo ist das?"), ("See you.", "Bis bald.")])
    write_split(captions, "train", [("A dog runs.", "Ein Hund rennt."), ("A cat sleeps.", "Bis bald.")])
    write_split(captions, "val", [("A bird sings.", "Ein Vogel singt."), ("who are you", "Wer sind Sie?")])
    write_split(
        captions, "test_2016_flickr", [("A man rides a bike.", "Ein Mann fährt Rad."), ("Who are you?", "Wer bist du")]
    )
    return tmp_path


SOURCES = [{"path": "chat", "weight": 1}, {"path": "captions", "weight": 3}]


def test_weights_repeat_training_pairs(two_sources: Path) -> None:
    pairs = read_mixed(two_sources, SOURCES, "train", "en", "de")
    # chat: "WHERE IS IT" is a test sentence (case and punctuation aside), so 3 of its 4 pairs are kept, once each;
    # captions: "A cat sleeps." has a test target ("Bis bald."), so 1 pair is kept, three times.
    assert (
        pairs
        == [("Hello!", "Hallo!"), ("Thank you.", "Danke."), ("Go.", "Geh.")] + [("A dog runs.", "Ein Hund rennt.")] * 3
    )


def test_validation_takes_each_source_once_whatever_its_weight(two_sources: Path) -> None:
    pairs = read_mixed(two_sources, SOURCES, "val", "en", "de")
    # "Who are you?" is in the captions' test set, so both its val pairs (one per folder) are dropped
    assert pairs == [("Good night.", "Gute Nacht."), ("A bird sings.", "Ein Vogel singt.")]
    # alone, chat's val is read once at weight 5, and only its own test set is held out
    assert read_mixed(two_sources, [{"path": "chat", "weight": 5}], "val", "en", "de") == [
        ("Good night.", "Gute Nacht."),
        ("Who are you?", "Wer bist du?"),
    ]


def test_evaluation_splits_come_from_the_first_source_that_has_them(two_sources: Path) -> None:
    assert read_mixed(two_sources, SOURCES, "test", "en", "de") == [
        ("Where is it?", "Wo ist das?"),
        ("See you.", "Bis bald."),
    ]
    assert read_mixed(two_sources, SOURCES, "test_2016_flickr", "en", "de")[0] == (
        "A man rides a bike.",
        "Ein Mann fährt Rad.",
    )
    with pytest.raises(DataError, match="no source in .* has a split 'test_2017_mscoco'"):
        read_mixed(two_sources, SOURCES, "test_2017_mscoco", "en", "de")


def test_a_data_root_with_its_own_test_set_is_read_directly(two_sources: Path) -> None:
    """--data-dir pointing at a folder of your own scores a model trained on several sources on it."""
    write_split(two_sources, "test", [("Good morning!", "Guten Morgen!")])
    assert read_mixed(two_sources, SOURCES, "test", "en", "de") == [("Good morning!", "Guten Morgen!")]


def test_no_evaluation_sentence_in_train_or_val_on_small_folders(two_sources: Path) -> None:
    held = held_out_sentences(two_sources / "chat", ("en", "de")) | held_out_sentences(
        two_sources / "captions", ("en", "de")
    )
    assert {"where is it", "bis bald", "who are you", "wer bist du"} <= held
    for split in ("train", "val"):
        pairs = read_mixed(two_sources, SOURCES, split, "en", "de")
        assert pairs and not {normalized(text) for pair in pairs for text in pair} & held


def test_normalized_ignores_case_punctuation_and_spacing() -> None:
    assert normalized("  WHERE is it?!") == normalized("where, is it") == "where is it"
    assert normalized("Ça va?") == "ça va"
    assert normalized("Zwei Männer.") != normalized("Zwei Manner.")  # letters are letters: no accent folding


@pytest.mark.slow
@pytest.mark.parametrize("tgt_lang", ["de", "fr"])
def test_no_test_or_flores_sentence_in_train_or_val_on_the_real_data(tgt_lang: str) -> None:
    """Tatoeba + Multi30k as the everyday configs mix them: no English or target sentence of any test set
    (Tatoeba test, FLORES devtest, every Multi30k test split) is in train or val."""
    tatoeba = SHARED_DATA / "tatoeba" / f"en-{tgt_lang}"
    if not (tatoeba / "test.en.gz").is_file() or not (SHARED_DATA / "multi30k" / "train.en.gz").is_file():
        pytest.skip(f"Tatoeba and Multi30k data not found under {SHARED_DATA}")
    config = RunConfig.load(Path(__file__).resolve().parents[1] / "configs" / f"everyday_en_{tgt_lang}_cpu.json").train
    assert [s["path"] for s in config.sources] == [f"tatoeba/en-{tgt_lang}", "multi30k"]
    held = held_out_sentences(tatoeba, ("en", tgt_lang)) | held_out_sentences(
        SHARED_DATA / "multi30k", ("en", tgt_lang)
    )
    assert len(held) > 30_000  # the test sets were really read: Tatoeba test alone has over 12,000 pairs
    for split, at_least in (("train", 150_000), ("val", 3_000)):
        pairs = read_mixed(SHARED_DATA, config.sources, split, "en", tgt_lang)
        assert len(pairs) > at_least
        leaked = [pair for pair in pairs if normalized(pair[0]) in held or normalized(pair[1]) in held]
        assert leaked == []


# --- errors a user can fix ---


def test_a_config_with_sources_needs_a_data_dir() -> None:
    cfg = TrainConfig(sources=[{"path": "multi30k"}]).validate()
    with pytest.raises(DataError, match="needs --data-dir"):
        load_task_pairs(cfg, "train", DataSource(pairs_file="pairs.tsv"))
    with pytest.raises(DataError, match="translation needs a data source"):
        load_task_pairs(cfg, "train", None)


def test_a_source_folder_that_is_not_there_is_named(two_sources: Path) -> None:
    with pytest.raises(DataError, match="data folder not found: .*missing"):
        read_mixed(two_sources, [{"path": "chat"}, {"path": "missing"}], "train", "en", "de")


@pytest.mark.parametrize(
    "source",
    [
        {"weight": 2},
        {"path": ""},
        {"path": "multi30k", "weight": 0},
        {"path": "multi30k", "weight": 101},
        {"path": "multi30k", "weight": 1.5},
        {"path": "multi30k", "weight": True},
        {"path": "multi30k", "share": 0.5},
        "multi30k",
        {"path": 3},
    ],
)
def test_bad_source_entries_are_refused_with_the_expected_shape(source) -> None:
    with pytest.raises(
        ConfigError, match=r'each of sources must be \{"path": "<folder under --data-dir>", "weight": 1..100\}'
    ):
        TrainConfig.from_dict({"sources": [source]})


def test_sources_must_be_a_list() -> None:
    with pytest.raises(ConfigError, match="sources must be a list"):
        TrainConfig.from_dict({"sources": {"path": "multi30k"}})


def test_cli_train_without_data_dir_exits_2_with_one_line(tmp_path: Path, run_cli) -> None:
    config = tmp_path / "mixed.json"
    config.write_text(json.dumps({"train": {"sources": [{"path": "multi30k", "weight": 2}], "steps": 1}}))
    result = run_cli("train", "--config", str(config), "--out", str(tmp_path / "run"), "--quiet")
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        == "error: a config with several sources needs --data-dir, the folder their paths start from"
    )


def test_cli_train_with_a_bad_source_entry_exits_2(tmp_path: Path, run_cli) -> None:
    config = tmp_path / "mixed.json"
    config.write_text(json.dumps({"train": {"sources": [{"path": "multi30k", "weight": -1}], "steps": 1}}))
    result = run_cli("train", "--config", str(config), "--data-dir", str(tmp_path), "--out", str(tmp_path / "run"))
    assert result.returncode == 2
    assert result.stderr.startswith("error: each of sources must be") and result.stderr.count("\n") == 1
