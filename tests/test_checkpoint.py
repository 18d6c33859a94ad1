"""Checkpoint folders: atomic writes, exact round trips, and a clear refusal of anything broken."""
from __future__ import annotations

import json
import os
import pickle
from dataclasses import dataclass
from pathlib import Path

import pytest
import torch
from safetensors.torch import load_file, save_file

from transformer_demo.checkpoint import CheckpointError, load_checkpoint, save_checkpoint
from transformer_demo.config import RunConfig, TrainConfig
from transformer_demo.files import atomic_write
from transformer_demo.model import Transformer, causal_mask, padding_mask
from transformer_demo.tokenization import PAD_ID, SOS_ID, Vocab
from transformer_demo.training.trainer import Trainer

PAIRS = [
    ("A dog runs on the grass.", "Ein Hund rennt auf dem Gras."),
    ("Two men play football.", "Zwei Männer spielen Fußball."),
    ("A girl in a red dress sings.", "Ein Mädchen in einem roten Kleid singt."),
] * 3


@dataclass
class Saved:
    folder: Path
    model: Transformer
    run: RunConfig
    vocab: Vocab


@pytest.fixture
def save_small(make_model, tmp_path):
    """save_small(joint=True, save_dtype="float32", **model overrides) -> a freshly saved small checkpoint."""

    def save(joint: bool = True, save_dtype: str = "float32", **overrides) -> Saved:
        vocab = Vocab.build(PAIRS, "word", vocab_size=200, min_frequency=1, joint=joint)
        sizes = dict(src_vocab_size=vocab.src.get_vocab_size(), tgt_vocab_size=vocab.tgt.get_vocab_size())
        model = make_model(**sizes, share_embeddings=joint, **overrides)
        run = RunConfig(model.config, TrainConfig(tokenizer="word", save_dtype=save_dtype))
        folder = save_checkpoint(tmp_path / "checkpoint", model, run, vocab, {"trained_steps": 7})
        return Saved(folder, model, run, vocab)

    return save


def logits(model: Transformer, vocab: Vocab) -> torch.Tensor:
    src = torch.tensor([vocab.encode_src("A dog sings.")])
    tgt = torch.tensor([[SOS_ID, 5, 6]])
    with torch.no_grad():
        return model(src, tgt, padding_mask(src, PAD_ID), causal_mask(3))


def edit_json(path: Path, change) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


# --- writing ---


def test_save_writes_the_files_and_no_temporary_ones(save_small):
    saved = save_small()
    assert sorted(p.name for p in saved.folder.iterdir()) == ["config.json", "model.safetensors", "tokenizer.json"]
    config = json.loads((saved.folder / "config.json").read_text())
    assert config["format"] == 1 and config["trained_steps"] == 7
    assert config["model"] == saved.run.model.to_dict()
    tensors = load_file(str(saved.folder / "model.safetensors"))
    assert "projection.weight" not in tensors and "tgt_embed.lut.weight" not in tensors  # tied: stored once
    assert "src_embed.lut.weight" in tensors
    save_checkpoint(saved.folder, saved.model, saved.run, saved.vocab)  # overwriting leaves no debris either
    assert not [p for p in saved.folder.iterdir() if p.name.startswith(".") or p.suffix == ".tmp"]
    umask = os.umask(0)
    os.umask(umask)
    for path in saved.folder.iterdir():  # readable like any file the user makes, not private temporaries
        assert path.stat().st_mode & 0o777 == 0o666 & ~umask, path.name


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path):
    target = tmp_path / "config.json"
    target.write_text("old")

    def failing_write(tmp: Path) -> None:
        tmp.write_text("half of the new")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        atomic_write(target, failing_write)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["config.json"]


# --- reading back ---


@pytest.mark.parametrize("joint", [True, False], ids=["joint", "separate"])
def test_load_gives_an_identical_model(save_small, joint):
    saved = save_small(joint=joint)
    loaded = load_checkpoint(saved.folder)
    assert loaded.run.model == saved.run.model and loaded.info == {"format": 1, "trained_steps": 7}
    assert loaded.vocab.joint == joint
    assert (saved.folder / "tokenizer_tgt.json").exists() != joint
    assert not loaded.model.training
    expected = saved.model.state_dict()
    assert loaded.model.state_dict().keys() == expected.keys()
    for name, tensor in loaded.model.state_dict().items():
        assert torch.equal(tensor, expected[name]), name
    assert loaded.model.projection.weight is loaded.model.tgt_embed.lut.weight  # still tied after loading
    assert torch.equal(logits(loaded.model, loaded.vocab), logits(saved.model, saved.vocab))


def test_float16_checkpoint_is_half_the_size_and_close(save_small, tmp_path):
    full = save_small().folder
    full_size = (full / "model.safetensors").stat().st_size
    half = save_small(save_dtype="float16")
    assert (half.folder / "model.safetensors").stat().st_size < 0.55 * full_size
    loaded = load_checkpoint(half.folder)
    assert loaded.model.src_embed.lut.weight.dtype == torch.float32
    torch.testing.assert_close(logits(loaded.model, loaded.vocab), logits(half.model, half.vocab), atol=2e-2, rtol=1e-2)


# --- refusing broken checkpoints ---


@pytest.mark.parametrize(
    "change,message",
    [
        (
            lambda c: c["model"].update(d_ff=96),
            r"does not match its config: .*w_1\.\w+ has shape \(64.*config says \(96",
        ),
        (lambda c: c["model"].update(n_encoder_layers=3), r"does not match its config: missing \['encoder_layers\.2"),
        (lambda c: c["model"].update(tie_output=False), r"does not match its config: missing \['projection\.weight'\]"),
        (
            lambda c: c["model"].update(src_vocab_size=999, tgt_vocab_size=999),
            "tokenizer has .* tokens, config says 999/999",
        ),
    ],
    ids=["shape", "layers", "untied", "vocab"],
)
def test_config_that_does_not_match_the_weights_is_refused(save_small, change, message):
    folder = save_small().folder
    edit_json(folder / "config.json", change)
    with pytest.raises(CheckpointError, match=message):
        load_checkpoint(folder)


def test_truncated_weights_are_refused(save_small):
    path = save_small().folder / "model.safetensors"
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(CheckpointError, match="model.safetensors is truncated or corrupted"):
        load_checkpoint(path.parent)


def test_garbage_weights_header_is_refused(save_small):
    path = save_small().folder / "model.safetensors"
    path.write_bytes(b"\xff" * 16 + path.read_bytes()[16:])
    with pytest.raises(CheckpointError, match="truncated or corrupted"):
        load_checkpoint(path.parent)


def test_weights_holding_nan_are_refused(save_small):
    path = save_small().folder / "model.safetensors"
    tensors = load_file(str(path))
    tensors["encoder_layers.0.feed_forward.w_1.bias"][3] = float("nan")
    save_file(tensors, str(path))
    with pytest.raises(CheckpointError, match="w_1.bias holds NaN or infinite values"):
        load_checkpoint(path.parent)


@pytest.mark.parametrize(
    "content,message",
    [
        ('{"model": {', r"config.json is corrupted"),
        (b"\xff\xfe\x00garbage", r"config.json is corrupted"),
        ('["a list"]', r"config.json has no 'model' and 'train' sections"),
        (
            '{"model": {"d_model": 32, "colour": "red"}, "train": {}}',
            r"config.json: unknown ModelConfig field\(s\): colour",
        ),
        ('{"model": {"d_model": 30, "n_heads": 4}, "train": {}}', r"d_model \(30\) must be divisible by n_heads \(4\)"),
    ],
    ids=["truncated", "binary", "list", "unknown-field", "invalid"],
)
def test_corrupted_config_is_refused(save_small, content, message):
    path = save_small().folder / "config.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    with pytest.raises(CheckpointError, match=message):
        load_checkpoint(path.parent)


@pytest.mark.parametrize("missing", ["config.json", "model.safetensors"])
def test_missing_file_is_named(save_small, missing):
    folder = save_small().folder
    (folder / missing).unlink()
    with pytest.raises(CheckpointError, match=f"missing {missing}"):
        load_checkpoint(folder)


def test_corrupted_tokenizer_and_missing_folder_are_refused(save_small, tmp_path):
    folder = save_small().folder
    (folder / "tokenizer.json").write_text("{ nope")
    with pytest.raises(CheckpointError, match="tokenizer could not be read"):
        load_checkpoint(folder)
    with pytest.raises(CheckpointError, match="checkpoint folder not found"):
        load_checkpoint(tmp_path / "no-such-checkpoint")


def test_source_word_counts_are_read_with_the_checkpoint_and_a_bad_file_is_refused(save_small):
    from transformer_demo.source_words import count_words, write_counts

    folder = save_small().folder
    assert load_checkpoint(folder).source_words is None  # no file: no rare-word check
    write_counts(folder, count_words(["A dog runs.", "The dog's ball, a ball."]))
    assert (folder / "source_words.tsv").read_text().splitlines()[:2] == ["a\t2", "ball\t2"]  # most frequent first
    assert load_checkpoint(folder).source_words == {"a": 2, "ball": 2, "dog": 1, "dog's": 1, "runs": 1, "the": 1}
    for content in ("dog\tmany\n", "\t3\n", b"\xff\xfe\x00"):
        (folder / "source_words.tsv").write_bytes(content if isinstance(content, bytes) else content.encode())
        with pytest.raises(CheckpointError, match="source_words.tsv is corrupted"):
            load_checkpoint(folder)


# --- nothing is unpickled ---


@pytest.fixture
def no_pickle(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("something tried to unpickle")

    monkeypatch.setattr(torch, "load", refuse)
    monkeypatch.setattr(pickle, "load", refuse)
    monkeypatch.setattr(pickle, "loads", refuse)
    monkeypatch.setattr(pickle, "Unpickler", refuse)


def test_loading_never_unpickles(save_small, no_pickle):
    saved = save_small(joint=False)
    loaded = load_checkpoint(saved.folder)
    assert torch.equal(logits(loaded.model, loaded.vocab), logits(saved.model, saved.vocab))


def test_resuming_never_unpickles(memorised, no_pickle):
    trainer = Trainer(memorised.trainer.run_config, memorised.pairs, [], memorised.out_dir, device="cpu", resume=True)
    assert trainer.step == memorised.trainer.step
    assert set(trainer.optimizer.state_dict()["state"]) == set(memorised.trainer.optimizer.state_dict()["state"])
