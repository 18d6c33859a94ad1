"""Training jobs for the app: one at a time per server, streamed as events, stoppable, with runs/ kept under a cap.

A job runs in the calling thread and yields after every optimizer step, so a stop request or a translation
for another user never waits for more than one step. The runs/ folders the Train tab made are pruned,
oldest first, to runs_cap_mb whenever a new job starts.
"""
from __future__ import annotations

import math
import os
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..checkpoint import save_checkpoint, write_json
from ..config import RunConfig
from ..errors import ServiceError
from ..tasks import DataSource, Preset, load_task_pairs, tasks
from ..training import Trainer, TrainEvent
from .catalog import Catalog

RUNS_CAP_MB = 1024.0
APP_RUN_MARKER = "app_run.json"  # in each runs/ folder the Train tab made: only those are ever pruned
BUSY = "A training job is already running on this server; please wait for it to finish."


@dataclass
class TrainingJob:
    name: str  # the registry name the model will have: "runs/<timestamp>-<task>"
    events: Iterator[TrainEvent]


def folder_size(folder: Path) -> int:
    """Bytes in the files under folder (links are not followed, so nothing counts twice)."""
    return sum(os.path.getsize(Path(root) / name) for root, _, files in os.walk(folder) for name in files)


def save_partial(trainer: Trainer, folder: Path) -> str:
    """What a run stopped early keeps, and says so: the model of its best evaluation, as a finished run does,
    or before any evaluation the weights as they are, which are then not scored."""
    if math.isfinite(trainer.best_val):
        return f"kept the model of its best evaluation (validation loss {trainer.best_val:.3f})"
    extra = {"trained_steps": trainer.step, "stopped_early": True}
    save_checkpoint(folder, trainer.model, trainer.run_config, trainer.vocab, extra)
    return "saved before its first evaluation, so it is not scored"


class TrainingService:
    def __init__(
        self, catalog: Catalog, runs_dir: str | Path, data_dir: str | Path | None = None, max_train_steps: int = 2000,
        runs_cap_mb: float = RUNS_CAP_MB,
    ):
        self.catalog, self.registry = catalog, catalog.registry
        self.runs_dir = Path(runs_dir)
        self.data_dir = Path(data_dir) if data_dir else None
        self.max_train_steps = max_train_steps
        self.runs_cap_mb = runs_cap_mb
        self._training = threading.Lock()
        self._stop = threading.Event()

    def presets(self) -> dict[str, Preset]:
        """The Train tab's choices, by key; those that need a data folder only when the server has one."""
        has_data = self.data_dir is not None and (self.data_dir / "train.en.gz").is_file()
        presets = (preset for task in tasks().values() for preset in task.presets)
        return {p.key: p for p in presets if has_data or not p.needs_data_dir}

    def train_tasks(self) -> dict[str, str]:
        """Train tab choice -> label."""
        return {key: preset.label for key, preset in self.presets().items()}

    def train_config(self, choice: str, steps: int) -> tuple[RunConfig, DataSource | None]:
        """A small model that shows learning on a CPU within minutes."""
        presets = self.presets()
        if choice not in presets:
            raise ServiceError(f"unknown or unavailable task {choice!r}; choose one of {', '.join(presets)}")
        if not isinstance(steps, int) or not 1 <= steps <= self.max_train_steps:
            raise ServiceError(f"steps must be a whole number from 1 to {self.max_train_steps}, got {steps!r}")
        preset = presets[choice]
        run = RunConfig.load(preset.config)
        source = None
        if preset.languages:
            run.train.src_lang, run.train.tgt_lang = preset.languages
        if preset.needs_data_dir:
            source = DataSource(data_dir=str(self.data_dir))
        cfg = run.train
        cfg.steps, cfg.epochs, cfg.threads, cfg.patience = steps, None, 0, 0
        cfg.log_every, cfg.eval_every = 20, min(200, steps)
        return run, source

    def train(self, choice: str, steps: int, base_model: str | None = None) -> TrainingJob:
        """A training job whose events stream the run; one job per server at a time.

        The result is saved under runs/<timestamp>-<choice> (at each evaluation and at the end, or when
        stopped) and is then listed by the registry like any checkpoint.
        """
        run, source = self.train_config(choice, steps)
        init_from = self.registry.info(base_model).folder if base_model else None
        if self._training.locked():
            raise ServiceError(BUSY)
        stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{choice}"
        folder, copies = self.runs_dir / stem, 1
        while folder.exists():  # never write into an earlier run's folder
            copies += 1
            folder = self.runs_dir / f"{stem}-{copies}"
        return TrainingJob(f"runs/{folder.name}", self._run(run, source, folder, init_from))

    def stop_training(self) -> bool:
        """Ask the running job to stop after its current step; False when none is running."""
        if not self._training.locked():
            return False
        self._stop.set()
        return True

    def prune_runs(self) -> list[str]:
        """Delete the oldest runs the Train tab made until together they take at most runs_cap_mb.

        Only folders with the app's marker count: shipped checkpoints/ and runs started from the
        command line are never touched. Called when a job starts, under the one-job lock, before the new
        run's folder exists, so no run of this server is in progress.
        """
        markers = sorted(self.runs_dir.glob(f"*/{APP_RUN_MARKER}"), key=lambda marker: marker.stat().st_mtime)
        sizes = {marker.parent: folder_size(marker.parent) for marker in markers}
        total, removed = sum(sizes.values()), []
        for folder, size in sizes.items():
            if total <= self.runs_cap_mb * 2**20:
                break
            shutil.rmtree(folder)
            self.registry.forget(f"runs/{folder.name}")
            total -= size
            removed.append(folder.name)
        return removed

    def _run(
        self, run: RunConfig, source: DataSource | None, folder: Path, init_from: Path | None
    ) -> Iterator[TrainEvent]:
        if not self._training.acquire(blocking=False):
            raise ServiceError(BUSY)
        try:
            self._stop.clear()
            removed = self.prune_runs()
            if removed:
                message = (f"Deleted the oldest runs trained here to keep them under {self.runs_cap_mb:g} MB: "
                           f"{', '.join(removed)}.")
                yield TrainEvent("start", 0, run.train.steps or 0, message=message)
            write_json(folder / APP_RUN_MARKER, {"task": run.train.task, "started": time.strftime("%Y-%m-%d %H:%M:%S")})
            train_pairs = load_task_pairs(run.train, "train", source)
            val_pairs = load_task_pairs(run.train, "val", source)[:500]
            trainer = Trainer(run, train_pairs, val_pairs, folder, device=str(self.catalog.device), init_from=init_from)
            yield from self._events(trainer, folder)
        finally:
            self._stop.clear()
            self._training.release()

    def _events(self, trainer: Trainer, folder: Path) -> Iterator[TrainEvent]:
        try:
            for event in trainer.run():
                yield event
                if self._stop.is_set() and event.kind != "done":
                    kept = save_partial(trainer, folder)
                    message = f"stopped at step {trainer.step}; {kept}"
                    yield TrainEvent("done", trainer.step, trainer.total_steps, message=message)
                    return
        except GeneratorExit:  # the consumer went away (the page was closed): keep what was learned
            save_partial(trainer, folder)
            raise
