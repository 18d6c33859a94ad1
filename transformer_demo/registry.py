"""Which models exist: every checkpoint folder (config.json + model.safetensors) under checkpoints/
and runs/, described for the model picker and loaded at most once each (again only if its weights change).

A model is only ever loaded by a name this registry listed, never from a path a user typed. It is handed out
as an engine (inference.py), loaded with its checkpoint and cached with it.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

import torch

from .checkpoint import Checkpoint, beam_length_penalty, load_checkpoint, load_run_config, read_json
from .engines import TorchEngine
from .errors import CheckpointError, ModelNotFoundError
from .model import count_parameters


@dataclass(frozen=True)
class ModelInfo:
    name: str  # "multi30k-en-de" under checkpoints/, "runs/<folder>" under runs/
    folder: Path
    task: str
    src_lang: str
    tgt_lang: str
    parameters: int
    max_len: int
    n_layers: tuple[int, int]  # (encoder, decoder)
    n_heads: int
    score: str
    length_penalty: float  # for beam search: tuned on the validation split, else the usual default

    @property
    def pair(self) -> str:
        return f"{self.src_lang}→{self.tgt_lang}" if self.task == "translation" else self.task

    @property
    def label(self) -> str:
        size = f"{self.parameters / 1e6:.1f}M" if self.parameters >= 1e6 else f"{self.parameters / 1e3:.0f}k"
        return f"{self.name} · {self.pair} · {self.score} · {size} params"


def describe_score(metrics: dict, info: dict) -> str:
    """A short score for the model picker: BLEU or exact match from metrics.json, else the validation loss."""
    results = [
        v for _, v in sorted(metrics.items(), key=lambda kv: ("test" not in kv[0], kv[0])) if isinstance(v, dict)
    ]
    for result in results:
        if isinstance(result.get("bleu"), (int, float)):
            return f"BLEU {result['bleu']:.1f}"
        if isinstance(result.get("exact_match"), (int, float)):
            return f"exact match {result['exact_match']:.1f}%"
    if isinstance(info.get("val_loss"), (int, float)):
        return f"val loss {info['val_loss']:.2f}"
    if info.get("stopped_early"):
        return f"stopped at step {info.get('trained_steps')}, not evaluated"
    return "not scored"


def read_model_info(folder: Path, name: str) -> ModelInfo:
    run, info = load_run_config(folder)
    metrics_path = folder / "metrics.json"
    metrics = read_json(metrics_path) if metrics_path.is_file() else {}
    return ModelInfo(
        name, folder, run.train.task, run.train.src_lang, run.train.tgt_lang, count_parameters(run.model),
        run.model.max_len, (run.model.n_encoder_layers, run.model.n_decoder_layers), run.model.n_heads,
        describe_score(metrics if isinstance(metrics, dict) else {}, info),
        beam_length_penalty(info),
    )


def default_name(models: list[ModelInfo]) -> str:
    """The first translation model, en→de when there is one."""
    return min(models, key=lambda m: (m.task != "translation", m.pair != "en→de")).name


class ModelRegistry:
    """Every checkpoint folder (config.json + model.safetensors) under the two roots, loaded once each."""

    def __init__(self, checkpoints_dir: Path, runs_dir: Path, device: torch.device):
        self.roots = ((Path(checkpoints_dir), ""), (Path(runs_dir), "runs/"))
        self.device = device
        self._loaded: dict[str, tuple[int, TorchEngine]] = {}  # name -> (weights mtime, engine)
        self._lock = threading.Lock()

    def models(self) -> list[ModelInfo]:
        found = []
        for root, prefix in self.roots:
            if not root.is_dir():
                continue
            for folder in sorted(root.iterdir()):
                if folder.name.startswith("."):
                    continue  # hidden: a temporary or half-written folder
                if (folder / "config.json").is_file() and (folder / "model.safetensors").is_file():
                    try:
                        found.append(read_model_info(folder, prefix + folder.name))
                    except CheckpointError:
                        continue  # a broken folder is simply not offered
        return found

    def info(self, name: str | None) -> ModelInfo:
        """The model of that name; no name (None or "") means the default one."""
        models = self.models()
        if not models:
            raise ModelNotFoundError(
                "no models found: add a checkpoint folder to checkpoints/ or train one in the Train tab"
            )
        name = name or default_name(models)
        for model in models:
            if model.name == name:
                return model
        raise ModelNotFoundError(f"unknown model {name!r}; available: {', '.join(m.name for m in models)}")

    def default(self) -> str | None:
        models = self.models()
        return default_name(models) if models else None

    def forget(self, name: str) -> None:
        """Drop a loaded model from memory (its folder was deleted)."""
        with self._lock:
            self._loaded.pop(name, None)

    def load(self, name: str | None) -> tuple[ModelInfo, Checkpoint]:
        info, engine = self.entry(name)
        return info, engine.checkpoint

    def engine(self, name: str | None) -> TorchEngine:
        return self.entry(name)[1]

    def entry(self, name: str | None) -> tuple[ModelInfo, TorchEngine]:
        """The model and its engine: loaded on first use, again when the weights file changed (a run still training)."""
        info = self.info(name)
        stamp = (info.folder / "model.safetensors").stat().st_mtime_ns
        with self._lock:
            cached = self._loaded.get(info.name)
            if cached is None or cached[0] != stamp:
                try:
                    cached = (stamp, TorchEngine(load_checkpoint(info.folder, self.device)))
                except CheckpointError as exc:  # name the model, not where the server keeps its files
                    raise CheckpointError(str(exc).replace(str(info.folder), info.name)) from None
                self._loaded[info.name] = cached
        return info, cached[1]
