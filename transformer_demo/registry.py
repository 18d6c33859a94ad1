"""Which models exist: every checkpoint folder (config.json + model.safetensors) under checkpoints/
and runs/, plus Hub models added by id, described for the model picker and loaded at most once each (again
only if its weights change).

Nothing scans a folder per request: the list of folders is read again only when a root's modification time
changes (a folder added or removed), and a model's description only when its files change.

A model is only ever loaded by a name this registry listed, never from a path a user typed. It is handed out
as an engine (inference.py), loaded with its checkpoint and cached with it.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import torch

from .checkpoint import beam_length_norm, beam_length_penalty, load_checkpoint, load_run_config
from .confidence import log_prob_threshold
from .data import beyond_captions
from .engines import TorchEngine
from .errors import CheckpointError, ModelNotFoundError
from .files import read_json
from .model import count_parameters
from .serving.limits import shorten
from .tasks import traits_of


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
    min_mean_log_prob: float  # below it, the confidence notice says the model is unsure (`calibrate`, else a default)
    sources: tuple[str, ...] = ()  # its training data's folders (config `sources`; empty: one data source)
    length_norm: str = "gnmt"  # how its beam search normalises for length (decoding.LENGTH_NORMS)

    @property
    def between_languages(self) -> bool:
        return traits_of(self.task).between_languages

    @property
    def answers_questions(self) -> bool:
        return traits_of(self.task).answers_questions

    @property
    def pair(self) -> str:
        return f"{self.src_lang}→{self.tgt_lang}" if self.between_languages else self.task

    @property
    def label(self) -> str:
        size = f"{self.parameters / 1e6:.1f}M" if self.parameters >= 1e6 else f"{self.parameters / 1e3:.0f}k"
        return f"{self.name} · {self.pair} · {self.score} · {size}"  # short enough for a phone's picker


def describe_score(metrics: dict, info: dict) -> str:
    """A short score for the model picker: BLEU or exact match from metrics.json (Multi30k test_2016_flickr
    first, then any other test set), else the validation loss."""
    ranked = sorted(metrics.items(), key=lambda kv: ("test_2016_flickr" not in kv[0], "test" not in kv[0], kv[0]))
    results = [v for _, v in ranked if isinstance(v, dict)]
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
        beam_length_penalty(info), log_prob_threshold(info),
        tuple(str(source.get("path", "")) for source in run.train.sources), beam_length_norm(info),
    )


def default_name(models: list[ModelInfo]) -> str:
    """The first translation model, en→de when there is one, trained beyond image captions when there is one."""
    return min(models, key=lambda m: (not m.between_languages, m.pair != "en→de", not beyond_captions(m.sources))).name


class ModelRegistry:
    """Every checkpoint folder (config.json + model.safetensors) under the two roots, loaded once each."""

    def __init__(self, checkpoints_dir: Path, runs_dir: Path, device: torch.device):
        self.roots = ((Path(checkpoints_dir), ""), (Path(runs_dir), "runs/"))
        self.device = device
        self._loaded: dict[str, tuple[tuple, TorchEngine]] = {}  # name -> (weights and config mtimes, engine)
        self._listed: tuple[tuple, dict[str, Path]] = ((), {})  # (roots' mtimes, name -> folder)
        self._hub: dict[str, Path] = {}  # "hf://OWNER/NAME[@REV]" -> its folder in the Hub cache
        self._infos: dict[str, tuple[tuple, ModelInfo | None]] = {}  # name -> (files' mtimes, description)
        self._lock = threading.Lock()  # loading
        self._listing = threading.Lock()

    def _folders(self) -> dict[str, Path]:
        """name -> folder of every non-hidden folder under the roots (read again when a root changes), and the Hub
        models added by id."""
        stamp = tuple(root.stat().st_mtime_ns if root.is_dir() else None for root, _ in self.roots)
        with self._listing:
            if stamp != self._listed[0]:
                folders = {
                    prefix + folder.name: folder for root, prefix in self.roots if root.is_dir()
                    for folder in sorted(root.iterdir())
                    if not folder.name.startswith(".")  # hidden: a temporary or half-written folder
                }
                self._listed = (stamp, folders)
            return {**self._listed[1], **self._hub}

    def add_hub_model(self, name: str, folder: Path) -> ModelInfo:
        """List a downloaded Hub model under its hf:// name (read first: a broken one is refused)."""
        info = read_model_info(folder, name)
        with self._listing:
            self._hub[name] = folder
        return info

    def _describe(self, name: str, folder: Path) -> ModelInfo | None:
        """The folder's ModelInfo, or None when it is not (yet) a loadable checkpoint."""
        try:
            stamp = tuple((folder / f).stat().st_mtime_ns if (folder / f).exists() else None
                          for f in ("config.json", "model.safetensors", "metrics.json"))
        except OSError:
            return None
        if stamp[0] is None or stamp[1] is None:
            return None
        cached = self._infos.get(name)
        if cached is None or cached[0] != stamp:
            try:
                cached = (stamp, read_model_info(folder, name))
            except (CheckpointError, OSError):
                cached = (stamp, None)  # a broken folder is simply not offered
            self._infos[name] = cached
        return cached[1]

    def models(self, include: Callable[[str], bool] | None = None) -> list[ModelInfo]:
        """Every model, or those whose name `include` accepts."""
        listed = self._folders().items()
        found = [self._describe(name, folder) for name, folder in listed if include is None or include(name)]
        return [info for info in found if info is not None]

    def info(self, name: str | None) -> ModelInfo:
        """The model of that name; no name (None or "") means the default one."""
        if not name:
            name = self.default()
            if name is None:
                raise ModelNotFoundError(
                    "no models found: add a checkpoint folder to checkpoints/ or train one in the Train tab"
                )
        folder = self._folders().get(name) if isinstance(name, str) else None
        info = self._describe(name, folder) if folder is not None else None
        if info is None:
            raise ModelNotFoundError(f"unknown model {shorten(name)}; choose one from the model picker")
        return info

    def default(self) -> str | None:
        """From the shipped checkpoints when there are any (no need to look at every run)."""
        models = self.models(lambda name: not name.startswith("runs/")) or self.models()
        return default_name(models) if models else None

    def forget(self, name: str) -> None:
        """Drop a loaded model from memory (its folder was deleted)."""
        with self._lock:
            self._loaded.pop(name, None)
            self._infos.pop(name, None)

    def engine(self, name: str | None) -> TorchEngine:
        return self.entry(name)[1]

    def entry(self, name: str | None) -> tuple[ModelInfo, TorchEngine]:
        """The model and its torch engine: its checkpoint read on first use, again when the weights or the config
        changed (a run still training, a threshold written by calibrate); the torch model itself only once something
        decodes with it (checkpoint.Checkpoint.model)."""
        info = self.info(name)
        stamp = tuple((info.folder / f).stat().st_mtime_ns for f in ("model.safetensors", "config.json"))
        with self._lock:
            cached = self._loaded.get(info.name)
            if cached is None or cached[0] != stamp:
                try:
                    cached = (stamp, TorchEngine(load_checkpoint(info.folder, self.device, lazy=True, label=info.name)))
                except CheckpointError as exc:  # name the model, not where the server keeps its files
                    raise CheckpointError(str(exc).replace(str(info.folder), info.name)) from None
                self._loaded[info.name] = cached
        return info, cached[1]
