"""Tasks: what a model is trained to do, as objects in one registry (TASKS, in the order the Train tab lists
them). Each task is a module (or package) of this folder with a Task subclass (base.py); adding one is that
module and a line in TASKS below.

translation: pairs from a data folder, a hub dataset or a pairs file; scored with sacreBLEU/chrF.
copy / reverse: synthetic sequences of words that a small model learns in a minute (exact match).
math: generated question/answer pairs (math/); exact match, per family.
"""
from __future__ import annotations

from ..config import TrainConfig
from ..data import Pair
from ..errors import ConfigError
from .base import CONFIGS, DataSource, LineResult, Output, Prepared, Preset, Task, Words, check_split
from .math.task import MathTask
from .sequences import WordSequence, synthetic_sequence_pairs
from .translation import Translation

__all__ = ["CONFIGS", "DataSource", "LineResult", "Output", "Prepared", "Preset", "Task", "check_split", "get_task",
           "load_task_pairs", "synthetic_sequence_pairs", "tasks", "traits_of", "Words"]

TASKS: dict[str, Task] = {task.name: task for task in (
    Translation(),
    WordSequence("copy", "Copy words (a minute)"),
    WordSequence("reverse", "Reverse words (a few minutes)"),
    MathTask(),
)}


def tasks() -> dict[str, Task]:
    """Every task, by name."""
    return TASKS


def get_task(name: str) -> Task:
    if name not in TASKS:
        raise ConfigError(f"task must be one of {', '.join(TASKS)}, got {name!r}")
    return TASKS[name]


def traits_of(name: str) -> Task:
    """The task of that name, for its traits (between_languages, answers_questions ...); for a name no module
    registers (a checkpoint from elsewhere), the base Task, which has none."""
    return TASKS.get(name) or Task()


def load_task_pairs(cfg: TrainConfig, split: str, source: DataSource | None = None) -> list[Pair]:
    """The pairs of one split for the task in cfg."""
    return get_task(cfg.task).pairs(cfg, split, source)
