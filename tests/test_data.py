"""Data sources (parallel files, pair files, hub datasets) and batching (length buckets, masks)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import datasets
import pytest
import torch

from transformer_demo.data import (
    DataError,
    Example,
    _holdout_split,
    collate,
    encode_pairs,
    load_hub_pairs,
    make_batches,
    pairs_from_dataset,
    read_pairs_file,
    read_parallel_dir,
)
from transformer_demo.tokenization import EOS_ID, PAD_ID, SOS_ID

EN = ["A dog runs.", "", "Two cats sleep.", "A bird sings."]
DE = ["Ein Hund rennt.", "", "Zwei Katzen schlafen.", "Ein Vogel singt."]


def write_lines(path: Path, lines: list[str]) -> None:
    text = "".join(line + "\n" for line in lines)
    if path.suffix == ".gz":
        with gzip.open(path, "wt", encoding="utf-8") as handle:
            handle.write(text)
    else:
        path.write_text(text, encoding="utf-8")


# --- a folder of parallel files ---


def test_read_parallel_dir_reads_gz_and_plain_files(tmp_path):
    write_lines(tmp_path / "train.en", EN)
    write_lines(tmp_path / "train.de.gz", DE)
    pairs = read_parallel_dir(tmp_path, "train", "en", "de")
    assert pairs == [
        ("A dog runs.", "Ein Hund rennt."),
        ("Two cats sleep.", "Zwei Katzen schlafen."),
        ("A bird sings.", "Ein Vogel singt."),
    ]


def test_read_parallel_dir_on_multi30k(val_pairs, multi30k_dir):
    assert len(val_pairs) == 1014
    assert val_pairs[0] == (
        "A group of men are loading cotton onto a truck",
        "Eine Gruppe von Männern lädt Baumwolle auf einen Lastwagen",
    )
    fr = read_parallel_dir(multi30k_dir, "val", "en", "fr")
    assert [en for en, _ in fr] == [en for en, _ in val_pairs]


def test_mismatched_line_counts_are_an_error(tmp_path):
    write_lines(tmp_path / "train.en", EN)
    write_lines(tmp_path / "train.de", DE[:3])
    with pytest.raises(DataError, match="train: 4 en lines but 3 de lines"):
        read_parallel_dir(tmp_path, "train", "en", "de")


def test_missing_split_names_the_available_splits_and_languages(tmp_path):
    for split in ("train", "val"):
        write_lines(tmp_path / f"{split}.en.gz", EN)
        write_lines(tmp_path / f"{split}.de.gz", DE)
    with pytest.raises(DataError, match=r"no file test\.en\[\.gz\].*splits there: train, val; languages: de, en"):
        read_parallel_dir(tmp_path, "test", "en", "de")
    with pytest.raises(DataError, match=r"no file train\.xx\[\.gz\].*languages: de, en"):
        read_parallel_dir(tmp_path, "train", "en", "xx")


def test_missing_data_folder_is_an_error(tmp_path):
    with pytest.raises(DataError, match="data folder not found"):
        read_parallel_dir(tmp_path / "nowhere", "train", "en", "de")


# --- one file of pairs ---


def test_read_pairs_file_tsv(tmp_path):
    path = tmp_path / "pairs.tsv"
    path.write_text("A dog.\tEin Hund.\n\n  Two cats. \tZwei Katzen.\n", encoding="utf-8")
    assert read_pairs_file(path) == [("A dog.", "Ein Hund."), ("Two cats.", "Zwei Katzen.")]


def test_read_pairs_file_jsonl(tmp_path):
    path = tmp_path / "pairs.jsonl"
    rows = [{"src": "A dog.", "tgt": "Ein Hund."}, {"src": "12 + 30", "tgt": 42}]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    assert read_pairs_file(path) == [("A dog.", "Ein Hund."), ("12 + 30", "42")]


@pytest.mark.parametrize(
    "name,content,message",
    [
        ("bad.tsv", "a\tb\nonly one column\n", r"bad\.tsv:2: expected source<TAB>target, found 1 column"),
        ("bad.tsv", "a\tb\tc\n", r"bad\.tsv:1: expected source<TAB>target, found 3 column"),
        ("bad.jsonl", '{"src": "a", "tgt": "b"}\n{"src": "a"}\n', r"bad\.jsonl:2: expected a JSON object"),
        ("bad.jsonl", "not json\n", r"bad\.jsonl:1: expected a JSON object"),
        ("bad.jsonl", "[1, 2]\n", r"bad\.jsonl:1: expected a JSON object"),
    ],
)
def test_bad_lines_in_pairs_files_name_the_line(tmp_path, name, content, message):
    (tmp_path / name).write_text(content, encoding="utf-8")
    with pytest.raises(DataError, match=message):
        read_pairs_file(tmp_path / name)


def test_missing_pairs_file_is_an_error(tmp_path):
    with pytest.raises(DataError, match="pairs file not found"):
        read_pairs_file(tmp_path / "none.tsv")


# --- Hugging Face datasets (in memory, no network) ---

HUB_ROWS = [("A dog.", "Ein Hund."), ("Two cats.", "Zwei Katzen."), (" A bird. ", "Ein Vogel.")]


def test_pairs_from_dataset_with_translation_column():
    dataset = datasets.Dataset.from_dict({"translation": [{"en": en, "de": de} for en, de in HUB_ROWS]})
    assert pairs_from_dataset(dataset, "en", "de") == [(en.strip(), de) for en, de in HUB_ROWS]
    assert pairs_from_dataset(dataset, "de", "en")[0] == ("Ein Hund.", "A dog.")


def test_pairs_from_dataset_with_one_column_per_language():
    dataset = datasets.Dataset.from_dict(
        {"en": [r[0] for r in HUB_ROWS], "de": [r[1] for r in HUB_ROWS], "id": [0, 1, 2]}
    )
    assert pairs_from_dataset(dataset, "en", "de") == [(en.strip(), de) for en, de in HUB_ROWS]
    with pytest.raises(DataError, match=r"columns \['de', 'en', 'id'\]; need 'translation' or 'en' and 'fr'"):
        pairs_from_dataset(dataset, "en", "fr")


def test_holdout_split_cuts_a_fixed_disjoint_98_1_1():
    pairs = [(f"s{i}", f"t{i}") for i in range(500)]
    parts = {split: _holdout_split(pairs, split) for split in ("train", "validation", "test")}
    assert [len(parts[s]) for s in ("train", "validation", "test")] == [490, 5, 5]
    assert sorted(sum(parts.values(), [])) == sorted(pairs)  # disjoint and complete
    assert _holdout_split(pairs, "validation") == parts["validation"]  # fixed, not random per call
    with pytest.raises(DataError, match="split 'dev' not available"):
        _holdout_split(pairs, "dev")


def test_hub_dataset_with_only_a_train_split_is_held_out(monkeypatch):
    rows = [{"en": f"sentence {i}", "it": f"frase {i}"} for i in range(300)]
    calls = []

    def fake_load_dataset(name, config=None):
        calls.append((name, config))
        return datasets.DatasetDict({"train": datasets.Dataset.from_dict({"translation": rows})})

    monkeypatch.setattr(datasets, "load_dataset", fake_load_dataset)
    val = load_hub_pairs("opus_books", "en", "it", "val")  # "val" is an alias of "validation"
    train = load_hub_pairs("opus_books", "en", "it", "train")
    assert calls[0] == ("opus_books", "en-it")
    assert len(val) == 3 and len(train) == 294
    assert not set(val) & set(train)
    assert all(src.replace("sentence", "frase") == tgt for src, tgt in val + train)


# --- ids and batches ---


@pytest.fixture(scope="module")
def val_examples(val_pairs, bpe_vocab) -> list[Example]:
    return encode_pairs(val_pairs, bpe_vocab, max_len=128)[0]


def test_encode_pairs_adds_sos_eos_and_counts_truncations(bpe_vocab):
    pairs = [("A dog.", "Ein Hund."), ("A very long sentence about a man in a red shirt.", "Ein Hund."),
             ("A dog.", "Ein sehr langer Satz über einen Mann in einem roten Hemd.")]
    examples, truncated = encode_pairs(pairs, bpe_vocab, max_len=6)
    assert truncated == 2
    assert examples[0].src == bpe_vocab.encode_src("A dog.") + [EOS_ID]
    assert examples[0].tgt == [SOS_ID] + bpe_vocab.encode_tgt("Ein Hund.") + [EOS_ID]
    assert examples[1].src[-1] == EOS_ID and len(examples[1].src) == 6
    assert examples[2].tgt[0] == SOS_ID and examples[2].tgt[-1] == EOS_ID and len(examples[2].tgt) == 7
    assert encode_pairs(pairs, bpe_vocab, max_len=100)[1] == 0


@pytest.mark.parametrize("max_tokens,seed", [(600, None), (2000, 3), (5000, 11)])
def test_make_batches_respects_max_tokens_and_covers_every_example_once(val_examples, max_tokens, seed):
    batches = make_batches(val_examples, max_tokens, seed)
    assert sorted(i for batch in batches for i in batch) == list(range(len(val_examples)))
    for batch in batches:
        rows = [val_examples[i] for i in batch]
        assert len(rows) * (max(len(e.src) for e in rows) + max(len(e.tgt) for e in rows)) <= max_tokens
    assert len(batches) < len(val_examples) // 4  # and not one batch per example either
    assert make_batches(val_examples, max_tokens, seed) == batches  # deterministic


def test_make_batches_seed_changes_order_not_content(val_examples):
    a, b = make_batches(val_examples, 2000, seed=1), make_batches(val_examples, 2000, seed=2)
    assert a != b
    assert sorted(i for batch in a for i in batch) == sorted(i for batch in b for i in batch)


def test_oversized_example_gets_a_batch_of_its_own():
    examples = [Example([5] * 50 + [EOS_ID], [SOS_ID] + [6] * 50 + [EOS_ID]), Example([5, EOS_ID], [SOS_ID, 6, EOS_ID])]
    assert sorted(make_batches(examples, max_tokens=40)) == [[0], [1]]


@pytest.mark.parametrize("max_tokens", [2048, 4096])  # configs/tiny.json, configs/multi30k_*.json
def test_padding_is_under_15_percent_on_multi30k_val(val_examples, max_tokens):
    batches = [collate([val_examples[i] for i in batch]) for batch in make_batches(val_examples, max_tokens, seed=0)]
    real, padded = sum(b.n_real for b in batches), sum(b.n_padded for b in batches)
    assert real == sum(len(e.src) + len(e.tgt) - 1 for e in val_examples)
    assert 1 - real / padded < 0.15


def test_collate_builds_shifted_targets_and_masks():
    examples = [
        Example([7, 8, 9, EOS_ID], [SOS_ID, 10, 11, EOS_ID]),
        Example([7, EOS_ID], [SOS_ID, 12, 13, 14, EOS_ID]),
    ]
    batch = collate(examples)
    assert batch.src.tolist() == [[7, 8, 9, EOS_ID], [7, EOS_ID, PAD_ID, PAD_ID]]
    assert batch.tgt_in.tolist() == [[SOS_ID, 10, 11, EOS_ID], [SOS_ID, 12, 13, 14]]
    assert batch.tgt_out.tolist() == [[10, 11, EOS_ID, PAD_ID], [12, 13, 14, EOS_ID]]
    assert batch.src_mask.shape == (2, 1, 1, 4)
    assert batch.src_mask[:, 0, 0].tolist() == [[True] * 4, [True, True, False, False]]
    assert batch.tgt_mask.shape == (2, 1, 4, 4)
    causal = torch.ones(4, 4, dtype=torch.bool).tril()
    assert torch.equal(batch.tgt_mask[1, 0], causal)
    # row 0: its tgt_in has no padding, so only the causal mask applies
    assert torch.equal(batch.tgt_mask[0, 0], causal)
    assert batch.n_tokens == 7 and batch.n_real == 6 + 7 and batch.n_padded == 8 + 8


def test_collate_masks_padded_target_keys():
    batch = collate([Example([5, EOS_ID], [SOS_ID, 6, EOS_ID]), Example([5, EOS_ID], [SOS_ID, 6, 7, 8, EOS_ID])])
    assert batch.tgt_in[0].tolist() == [SOS_ID, 6, EOS_ID, PAD_ID]
    assert batch.tgt_mask[0, 0, 3].tolist() == [True, True, True, False]  # the pad key is hidden, even from itself
    assert not batch.tgt_mask[0, 0, :, 3].any()
