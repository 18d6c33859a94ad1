"""Which engine answers: --engine torch|ctranslate2|auto, and, per request, a fallback to torch.

auto takes CTranslate2 when the package imports and an export of the checkpoint exists or can be made
(cached under a folder named after the checkpoint's hash, see export/ctranslate2.py), torch otherwise.
A request CTranslate2 cannot decode as ours does (sampling, a beam length penalty, an n-best list) goes to
the torch engine, with the reason, so no feature is lost whichever engine was chosen.
"""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

from ..checkpoint import Checkpoint
from ..decoding import DecodeOptions
from ..errors import ExportError
from ..export.ctranslate2 import cached_export
from ..inference import Engine, EngineResult
from .ctranslate2 import CTranslate2Engine, ThreadSettings

ENGINES = ("torch", "ctranslate2", "auto")
# Measured in BENCHMARKS.md (engines section): int8 on one thread is the fastest setting on the 2-core CPU;
# a second intra-op thread gains little for one short sentence and collapses when a neighbour is busy.
DEFAULT_COMPUTE_TYPE = "int8"
DEFAULT_THREADS = ThreadSettings(intra=1, inter=1)


def cache_dir() -> Path:
    """Where exports for serving are kept: $TRANSFORMER_DEMO_CACHE, else ~/.cache/transformer-demo/ctranslate2."""
    root = os.environ.get("TRANSFORMER_DEMO_CACHE") or Path.home() / ".cache" / "transformer-demo"
    return Path(root) / "ctranslate2"


@dataclass
class FastEngine:
    """The CTranslate2 engine for a checkpoint, or None and why not."""

    engine: CTranslate2Engine | None
    reason: str | None = None


def fast_engine(
    checkpoint: Checkpoint, choice: str, compute_type: str = DEFAULT_COMPUTE_TYPE,
    threads: ThreadSettings = DEFAULT_THREADS, cache: Path | None = None,
) -> FastEngine:
    """choice "torch": none; "ctranslate2": the engine, or ExportError; "auto": the engine, else none and why."""
    if choice not in ENGINES:
        raise ExportError(f"engine must be one of {', '.join(ENGINES)}, got {choice!r}")
    if choice == "torch":
        return FastEngine(None, "torch engine chosen")
    try:
        folder = cached_export(checkpoint, cache or cache_dir())
        return FastEngine(CTranslate2Engine(checkpoint, folder, compute_type, threads))
    except (ExportError, OSError, RuntimeError) as exc:
        if choice == "ctranslate2":
            raise ExportError(f"the CTranslate2 engine is not available: {exc}") from None
        return FastEngine(None, f"CTranslate2 is not available ({exc})")


@dataclass
class Route:
    engine: Engine
    note: str | None  # why torch answered a request meant for CTranslate2


def route(fast: CTranslate2Engine | None, torch_engine: Engine, options: DecodeOptions) -> Route:
    """The engine for one request: CTranslate2 when it has one and decodes these options as ours, else torch."""
    if fast is None:
        return Route(torch_engine, None)
    reason = fast.unsupported(options)
    return Route(torch_engine, f"answered by torch: {reason}") if reason else Route(fast, None)


class RoutingEngine:
    """An Engine that sends each request to CTranslate2 or, where it cannot match ours, to torch (see route)."""

    def __init__(self, torch_engine, fast: CTranslate2Engine | None, on_note=None):
        self.torch_engine, self.fast, self.on_note = torch_engine, fast, on_note
        self.checkpoint = torch_engine.checkpoint
        self.name = fast.name if fast else torch_engine.name
        self.capabilities = torch_engine.capabilities

    def route(self, options: DecodeOptions) -> Route:
        return route(self.fast, self.torch_engine, options)

    def translate(self, texts: list[str], options: DecodeOptions) -> list[EngineResult]:
        chosen = self.route(options)
        if chosen.note and self.on_note:
            self.on_note(chosen.note)
        return chosen.engine.translate(texts, options)


class FastEngines:
    """The app's CTranslate2 engine per model, made on first use and again when the model's checkpoint is
    reloaded (its weights changed): exports are keyed by the checkpoint's hash, so none is ever stale."""

    def __init__(self, choice: str = "auto", compute_type: str = DEFAULT_COMPUTE_TYPE):
        if choice not in ENGINES:
            raise ExportError(f"engine must be one of {', '.join(ENGINES)}, got {choice!r}")
        self.choice, self.compute_type = choice, compute_type
        self._made: dict[Path, tuple[Checkpoint, FastEngine]] = {}
        self._lock = threading.Lock()

    def get(self, checkpoint: Checkpoint) -> FastEngine:
        with self._lock:
            made = self._made.get(checkpoint.folder)
            if made is None or made[0] is not checkpoint:
                made = (checkpoint, fast_engine(checkpoint, self.choice, self.compute_type))
                self._made[checkpoint.folder] = made
        return made[1]
