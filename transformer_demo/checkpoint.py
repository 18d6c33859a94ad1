"""A checkpoint is a folder: model.safetensors + config.json + tokenizer.json (+ metrics.json, source_words.tsv,
MODEL_CARD.md).

Nothing is ever unpickled: weights are safetensors, everything else is JSON or text. Writes are atomic (files.py),
so a process killed mid-save leaves the previous files intact. Loading checks that the weights match the config
exactly and refuses anything else.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save

from .config import LENGTH_NORMS, ModelConfig, RunConfig, TrainConfig
from .decoding import DecodeOptions
from .errors import CheckpointError, ConfigError
from .files import atomic_write, read_json, write_json
from .hub import resolve_checkpoint
from .model import Transformer
from .source_words import read_counts
from .tokenization import Vocab

FORMAT_VERSION = 1


def unique_state_dict(model: torch.nn.Module) -> dict[str, torch.Tensor]:
    """state_dict without the second name of tied weights (safetensors stores each tensor once)."""
    seen: set[int] = set()
    tensors = {}
    for name, tensor in model.state_dict().items():
        if tensor.data_ptr() in seen:
            continue
        seen.add(tensor.data_ptr())
        tensors[name] = tensor.detach().contiguous()
    return tensors


def save_tensors(path: Path, tensors: dict[str, torch.Tensor], metadata: dict[str, str] | None = None) -> None:
    # save() to bytes, not save_file(): the file is then created by us, with the usual permissions
    # (save_file makes it 0600)
    data = save({k: v.contiguous().cpu() for k, v in tensors.items()}, metadata)
    atomic_write(path, lambda tmp: tmp.write_bytes(data))


def load_tensors(path: Path) -> dict[str, torch.Tensor]:
    if not path.is_file():
        raise CheckpointError(f"missing {path.name} in {path.parent}")
    try:
        return load_file(str(path))
    except (SafetensorError, OSError, ValueError) as exc:
        raise CheckpointError(f"{path} is truncated or corrupted: {exc}") from None


def save_checkpoint(
    folder: str | Path, model: Transformer, run: RunConfig, vocab: Vocab, extra: dict[str, Any] | None = None
) -> Path:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    dtype = torch.float16 if run.train.save_dtype == "float16" else torch.float32
    tensors = {k: (v.to(dtype) if v.is_floating_point() else v) for k, v in unique_state_dict(model).items()}
    save_tensors(folder / "model.safetensors", tensors, {"format": str(FORMAT_VERSION)})
    for name, tokenizer in vocab.files().items():
        atomic_write(folder / name, lambda tmp, tokenizer=tokenizer: tokenizer.save(str(tmp)))
    write_json(folder / "config.json", {"format": FORMAT_VERSION, **run.to_dict(), **(extra or {})})
    return folder


@dataclass
class Checkpoint:
    """A loaded checkpoint: its config, vocabulary and scores at once, its PyTorch model on first use
    (`model`), so that a checkpoint another engine serves (CTranslate2) never holds a torch copy it does not need."""

    folder: Path
    run: RunConfig
    vocab: Vocab
    info: dict[str, Any] = field(default_factory=dict)  # everything else in config.json
    metrics: dict[str, Any] = field(default_factory=dict)
    source_words: dict[str, int] | None = None  # how often training held each source word (source_words.py)
    device: str | torch.device = "cpu"
    label: str | None = None  # the name errors give instead of the folder (the app never shows its paths)
    _model: Transformer | None = field(default=None, repr=False)
    _loading: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def name(self) -> str:
        return self.folder.name

    @property
    def length_penalty(self) -> float:
        return beam_length_penalty(self.info)

    @property
    def length_norm(self) -> str:
        return beam_length_norm(self.info)

    @property
    def model(self) -> Transformer:
        """The PyTorch model, read from model.safetensors the first time it is asked for."""
        with self._loading:
            if self._model is None:
                try:
                    self._model = read_model(self.folder, self.run.model, self.device)
                except CheckpointError as exc:
                    raise CheckpointError(str(exc).replace(str(self.folder), self.label or str(self.folder))) from None
            return self._model


def beam_length_penalty(info: dict[str, Any]) -> float:
    """A model's beam-search length penalty: the one `tune` chose on its validation split, else the usual default."""
    value = info.get("length_penalty")
    tuned = isinstance(value, (int, float)) and not isinstance(value, bool)
    return float(value) if tuned else DecodeOptions.length_penalty


def beam_length_norm(info: dict[str, Any]) -> str:
    """How the model's beam search normalises for length (decoding.LENGTH_NORMS): as `tune` recorded it, else gnmt."""
    value = info.get("length_norm")
    return value if value in LENGTH_NORMS else "gnmt"


def load_run_config(folder: Path) -> tuple[RunConfig, dict[str, Any]]:
    raw = read_json(folder / "config.json")
    if not isinstance(raw, dict) or "model" not in raw or "train" not in raw:
        raise CheckpointError(f"{folder / 'config.json'} has no 'model' and 'train' sections")
    try:
        run = RunConfig(ModelConfig.from_dict(raw["model"]), TrainConfig.from_dict(raw["train"]))
    except ConfigError as exc:
        raise CheckpointError(f"{folder / 'config.json'}: {exc}") from None
    return run, {k: v for k, v in raw.items() if k not in ("model", "train")}


def load_weights(model: Transformer, path: Path) -> None:
    """Copy weights into model after checking names and shapes match exactly."""
    tensors = load_tensors(path)
    expected = unique_state_dict(model)
    missing, unexpected = sorted(set(expected) - set(tensors)), sorted(set(tensors) - set(expected))
    if missing or unexpected:
        raise CheckpointError(
            f"{path} does not match its config: missing {missing[:3]}{'...' if len(missing) > 3 else ''}, "
            f"unexpected {unexpected[:3]}{'...' if len(unexpected) > 3 else ''}"
        )
    for name, tensor in tensors.items():
        if tensor.shape != expected[name].shape:
            raise CheckpointError(
                f"{path} does not match its config: {name} has shape {tuple(tensor.shape)}, "
                f"config says {tuple(expected[name].shape)}"
            )
        if tensor.is_floating_point() and not torch.isfinite(tensor).all():
            raise CheckpointError(f"{path} is corrupted: {name} holds NaN or infinite values")
    with torch.no_grad():
        for name, param in expected.items():
            param.copy_(tensors[name].to(param.dtype))


def read_model(folder: Path, cfg: ModelConfig, device: str | torch.device) -> Transformer:
    model = Transformer(cfg)
    load_weights(model, folder / "model.safetensors")
    return model.to(device).eval()


def load_checkpoint(
    folder: str | Path, device: str | torch.device = "cpu", lazy: bool = False, label: str | None = None
) -> Checkpoint:
    """A checkpoint folder, or a Hub reference (hf://OWNER/NAME[@REV], or OWNER/NAME that is no folder: see hub.py).
    The weights are read and checked now, or with lazy=True the first time `model` is used."""
    folder = resolve_checkpoint(folder)
    if not folder.is_dir():
        raise CheckpointError(f"checkpoint folder not found: {folder}")
    run, info = load_run_config(folder)
    try:
        vocab = Vocab.load(folder, run.train.reverse_target)
    except Exception as exc:  # tokenizers raises its own exception type for bad JSON
        raise CheckpointError(f"{folder}: tokenizer could not be read: {str(exc).splitlines()[0]}") from None
    if vocab.src.get_vocab_size() != run.model.src_vocab_size or vocab.tgt.get_vocab_size() != run.model.tgt_vocab_size:
        raise CheckpointError(
            f"{folder}: tokenizer has {vocab.src.get_vocab_size()}/{vocab.tgt.get_vocab_size()} tokens, "
            f"config says {run.model.src_vocab_size}/{run.model.tgt_vocab_size}"
        )
    metrics_path = folder / "metrics.json"
    metrics = read_json(metrics_path) if metrics_path.exists() else {}
    checkpoint = Checkpoint(folder, run, vocab, info, metrics, read_counts(folder), device, label)
    if not lazy:
        _ = checkpoint.model  # read and checked now
    return checkpoint
