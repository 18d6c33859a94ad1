"""Training jobs for the app: one at a time per server, streamed as events, stoppable by the visitor who
started them, within step budgets, with runs/ kept under its caps.

A job runs in the calling thread and yields after every optimizer step, so a stop request or a translation
for another user never waits for more than one step. Who owns which run, the budgets and the order of
pruning (the starter's own oldest runs first) are in runs.py; a job without a Visitor is the local user's
(the command line, a test).
"""
from __future__ import annotations

import math
import threading
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from ..checkpoint import save_checkpoint
from ..config import RunConfig
from ..errors import ServiceError
from ..serving.limits import LOCAL, Limits, Visitor, shorten
from ..serving.runs import APP_RUN_MARKER, RunIndex, RunRecord, StepBudget
from ..tasks import DataSource, Preset, load_task_pairs, tasks
from ..training.trainer import Trainer, TrainEvent
from .catalog import Catalog

RUNS_CAP_MB = 1024.0
BUSY = "A training job is already running on this server; please wait for it to finish."
__all__ = ["APP_RUN_MARKER", "RUNS_CAP_MB", "TrainingJob", "TrainingService"]


@dataclass
class TrainingJob:
    name: str  # the registry name the model will have: "runs/<choice>-<steps>-steps-<time>"
    events: Iterator[TrainEvent]


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
        runs_cap_mb: float = RUNS_CAP_MB, limits: Limits | None = None, train_max_tokens: int | None = None,
        train_device: str | None = None,
    ):
        self.catalog, self.registry = catalog, catalog.registry
        self.runs_dir = Path(runs_dir)
        self.data_dir = Path(data_dir) if data_dir else None
        self.max_train_steps = max_train_steps
        self.runs_cap_mb = runs_cap_mb
        self.limits = limits or Limits()
        self.runs = catalog.runs or RunIndex(self.runs_dir, self.limits)
        self.budget = StepBudget(self.limits)
        self.train_max_tokens = train_max_tokens  # tokens per training batch at most (a memory cap on a Space)
        self.train_device = train_device  # default: the catalog's; "auto" on ZeroGPU, where only the worker has a GPU
        self._training = threading.Lock()
        self._stop = threading.Event()
        self._trainer_session: str | None = None  # the session whose job is running

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
            raise ServiceError(f"unknown or unavailable task {shorten(choice)}; choose one of {', '.join(presets)}")
        if not isinstance(steps, int) or not 1 <= steps <= self.max_train_steps:
            raise ServiceError(f"steps must be a whole number from 1 to {self.max_train_steps}, got {shorten(steps)}")
        preset = presets[choice]
        run = RunConfig.load(preset.config)
        source = DataSource(data_dir=str(self.data_dir)) if preset.needs_data_dir else None
        languages = dict(zip(("src_lang", "tgt_lang"), preset.languages)) if preset.languages else {}
        max_tokens = min(run.train.max_tokens, self.train_max_tokens or run.train.max_tokens)
        train = replace(run.train, **languages, steps=steps, epochs=None, threads=0, patience=0, log_every=20,
                        eval_every=min(200, steps), max_tokens=max_tokens)
        return replace(run, train=train), source

    def train(
        self, choice: str, steps: int, base_model: str | None = None, visitor: Visitor | None = None
    ) -> TrainingJob:
        """A training job whose events stream the run; one job per server at a time.

        The result is saved under runs/<choice>-<steps>-steps-<time> (at each evaluation and at the end, or
        when stopped), belongs to `visitor` and is then listed by the registry like any checkpoint.
        """
        run, source = self.train_config(choice, steps)
        visitor = visitor or LOCAL
        init_from = self._base_folder(base_model, visitor) if base_model else None
        if self._training.locked():
            raise ServiceError(BUSY)
        record = self.runs.create(visitor, choice, steps)
        return TrainingJob(record.name, self._run(run, source, record, init_from, visitor))

    def _base_folder(self, name: str, visitor: Visitor) -> Path:
        if name not in {m.name for m in self.catalog.models(visitor)}:
            raise ServiceError(f"unknown model {shorten(name)} to start from; pick one from the list")
        return self.registry.info(name).folder

    def stop_training(self, visitor: Visitor | None = None) -> bool:
        """Ask the running job to stop after its current step; False when none is running. Only the session
        that started a job can stop it."""
        session = self._trainer_session
        if not self._training.locked() or session is None:
            return False
        if session != (visitor or LOCAL).session:
            raise ServiceError("The training job running now was started by another visitor; only they can stop it.")
        self._stop.set()
        return True

    def prune_runs(self, visitor: Visitor | None = None, keep: RunRecord | None = None) -> list[str]:
        """Delete runs the Train tab made until the counts and runs_cap_mb leave room for one more (runs.py).

        Shipped checkpoints/ and runs started from the command line are never touched. Called when a job
        starts, under the one-job lock, so no run of this server is in progress except `keep`, the new one.
        """
        removed = []
        for record in self.runs.prune_plan(visitor or LOCAL, self.runs_cap_mb * 2**20, keep):
            self.runs.delete(record)
            self.registry.forget(record.name)
            removed.append(record.name.removeprefix("runs/"))
        return removed

    def _run(
        self, run: RunConfig, source: DataSource | None, record: RunRecord, init_from: Path | None, visitor: Visitor
    ) -> Iterator[TrainEvent]:
        if not self._training.acquire(blocking=False):
            self.runs.delete(record)
            raise ServiceError(BUSY)
        cost, trainer = 0, None
        try:
            try:
                cost = self.budget.charge(visitor, run.train.steps or 0)
            except ValueError:
                self.runs.delete(record)
                raise
            self._stop.clear()
            self._trainer_session = visitor.session
            removed = self.prune_runs(visitor, keep=record)
            if removed:
                message = (
                    f"Deleted your oldest runs (or the server's oldest) to stay within {self.limits.visitor_runs} runs "
                    f"per visitor, {self.limits.total_runs} in all and {self.runs_cap_mb:g} MB: {', '.join(removed)}."
                )
                yield TrainEvent("start", 0, run.train.steps or 0, message=message)
            train_pairs = load_task_pairs(run.train, "train", source)
            val_pairs = load_task_pairs(run.train, "val", source)[:500]
            device = self.train_device or str(self.catalog.device)
            trainer = Trainer(run, train_pairs, val_pairs, record.folder, device=device, init_from=init_from)
            yield from self._events(trainer, record.folder)
        finally:
            if cost:
                self.budget.refund(visitor, cost - max(trainer.step if trainer else 0, self.limits.min_job_steps))
                self.runs.finished(record.name)
            self._trainer_session = None
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
