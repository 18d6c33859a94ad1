"""What the web app and its API call, built in one place: the model catalog, translation and training
services over one registry of checkpoints/ and runs/ (see services/).

    services = Service(checkpoints_dir, runs_dir, data_dir, device="auto")
    services.translation.translate("multi30k-en-de", "A dog runs.")

Threads: app.py gives torch one intra-op thread per request (torch.set_num_threads is process-wide): for
the small batches of a demo, intra-op threads gain little and oversubscribe a busy CPU badly, while the
queue runs requests side by side instead. Limits per visitor and in total: limits.py, runs.py. For scripts
and tests, a Service also answers every method of its four services (service.translate(...),
service.train(...)). engine="auto" (the app's default) or "ctranslate2" answers
translate requests from a CTranslate2 export where it decodes as ours does.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..engines.choice import DEFAULT_COMPUTE_TYPE, FastEngines
from ..errors import ServiceError
from ..registry import ModelRegistry
from ..serving.limits import Limits, VisitorGate
from ..serving.runs import RunIndex
from ..training.runtime import resolve_device
from .catalog import Catalog
from .checking import CheckingService
from .training import APP_RUN_MARKER, RUNS_CAP_MB, TrainingService
from .translation import DECODE_TIME_LIMIT, TranslationService

REPO_ROOT = Path(__file__).resolve().parents[2]
__all__ = ["APP_RUN_MARKER", "RUNS_CAP_MB", "Service", "ServiceError"]


class Service:
    def __init__(
        self,
        checkpoints_dir: str | Path = REPO_ROOT / "checkpoints",
        runs_dir: str | Path = REPO_ROOT / "runs",
        data_dir: str | Path | None = None,
        device: str = "auto",
        max_train_steps: int = 2000,
        decode_time_limit: float = DECODE_TIME_LIMIT,
        runs_cap_mb: float = RUNS_CAP_MB,
        engine: str = "torch",
        quantization: str = DEFAULT_COMPUTE_TYPE,
        train_max_tokens: int | None = None,
        train_device: str | None = None,
        limits: Limits | None = None,
    ):
        self.limits = limits or Limits()
        self.gate = VisitorGate(self.limits)  # the app's per-visitor limits on model calls (ui/guard.py)
        registry = ModelRegistry(Path(checkpoints_dir), Path(runs_dir), resolve_device(device))
        self.catalog = Catalog(registry, RunIndex(Path(runs_dir), self.limits))
        fast = None if engine == "torch" else FastEngines(engine, quantization)
        self.translation = TranslationService(self.catalog, decode_time_limit, fast)
        self.checking = CheckingService(self.catalog, decode_time_limit)
        self.training = TrainingService(
            self.catalog, runs_dir, data_dir, max_train_steps, runs_cap_mb, self.limits, train_max_tokens, train_device
        )

    def __getattr__(self, name: str) -> Any:
        for part in ("catalog", "translation", "training", "checking"):
            if part in self.__dict__ and hasattr(self.__dict__[part], name):
                return getattr(self.__dict__[part], name)
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")
