"""Tasks: what a model is trained to do, as objects in one registry.

A task knows where its sentence pairs come from (`pairs`), how outputs are scored (`score`), which inputs
suit it (`examples`), what to tell a user about an input (`notice`) and which configs the Train tab offers
(`presets`). A task is one module that calls register_task (math_qa.py does, at its end) and whose name is in
TASK_MODULES, so that it is imported the first time the registry is read (tasks.py never imports it itself:
it sits above this module).

translation: pairs from a data folder, a hub dataset or a pairs file; scored with sacreBLEU/chrF.
copy / reverse: synthetic sequences of words that a small model learns in a minute (exact match).
math: generated question/answer pairs (math_qa.py); exact match, per family.
"""
from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from .config import TrainConfig
from .data import Pair, beyond_captions, load_hub_pairs, read_mixed, read_pairs_file, read_parallel_dir
from .errors import ConfigError, DataError
from .scoring import exact_match_scores, translation_scores

CONFIGS = Path(__file__).resolve().parents[1] / "configs"
SEED_OFFSET = {"train": 0, "val": 1, "validation": 1, "test": 2}  # generated tasks: one seed per split


@dataclass
class DataSource:
    """Where translation pairs come from: exactly one of data_dir, dataset or pairs_file."""

    data_dir: str | None = None
    dataset: str | None = None
    pairs_file: str | None = None

    def load(self, split: str, src_lang: str, tgt_lang: str) -> list[Pair]:
        chosen = [x for x in (self.data_dir, self.dataset, self.pairs_file) if x]
        if len(chosen) != 1:
            raise DataError("give exactly one data source: --data-dir, --dataset or --pairs-file")
        if self.data_dir:
            return read_parallel_dir(self.data_dir, split, src_lang, tgt_lang)
        if self.dataset:
            return load_hub_pairs(self.dataset, src_lang, tgt_lang, split)
        return _pairs_file_split(read_pairs_file(self.pairs_file), split)


def _pairs_file_split(pairs: list[Pair], split: str) -> list[Pair]:
    """A single pairs file: the last 5% (at most 1,000 pairs) is held out for validation."""
    n_val = min(1000, len(pairs) // 20)
    if split == "train":
        return pairs[: len(pairs) - n_val] if n_val else pairs
    if split in ("val", "validation", "test"):
        return pairs[len(pairs) - n_val :]
    raise DataError(f"unknown split {split!r} for a pairs file (train, val)")


@dataclass(frozen=True)
class Preset:
    """One choice in the Train tab: a config file, and the language pair for translation."""

    key: str
    label: str
    config: Path
    languages: tuple[str, str] | None = None
    needs_data_dir: bool = False  # offered only when the server has a data folder


class Words(NamedTuple):
    """What the app calls a task's input and what its model writes (Step by step, Attention and Layer by layer
    speak so)."""

    source: str = "sentence"  # what the model reads
    written: str = "translation"  # what it writes, one token at a time


class Task:
    name: str
    label: str
    presets: tuple[Preset, ...] = ()
    words: Words = Words()
    group_of: Callable[[str], str] | None = None  # input -> group name, for per-group scores

    def pairs(self, cfg: TrainConfig, split: str, source: DataSource | None = None) -> list[Pair]:
        raise NotImplementedError

    def score(self, hypotheses: list[str], references: list[str], sources: list[str]) -> dict[str, Any]:
        return exact_match_scores(sources, hypotheses, references, self.group_of)

    def examples(self, src_lang: str, tgt_lang: str, sources: tuple[str, ...] = ()) -> list[str]:
        return []

    def notice(self, text: str) -> str | None:
        """Something the user should know about this input (None: nothing)."""
        return None


TASKS: dict[str, Task] = {}  # name -> task, in the order the Train tab lists them; read through tasks()
TASK_MODULES = ("math_qa",)  # modules of this package that register tasks of their own


def register_task(task: Task) -> Task:
    TASKS[task.name] = task
    return task


def tasks() -> dict[str, Task]:
    """Every registered task (importing the task modules on first use)."""
    for module in TASK_MODULES:
        importlib.import_module(f".{module}", __package__)
    return TASKS


def get_task(name: str) -> Task:
    if name not in tasks():
        raise ConfigError(f"task must be one of {', '.join(TASKS)}, got {name!r}")
    return TASKS[name]


def load_task_pairs(cfg: TrainConfig, split: str, source: DataSource | None = None) -> list[Pair]:
    """The pairs of one split for the task in cfg."""
    return get_task(cfg.task).pairs(cfg, split, source)


def check_split(task: str, split: str) -> int:
    """A generated task's seed offset for split."""
    if split not in SEED_OFFSET:
        raise DataError(f"unknown split {split!r} for task {task} (train, val, test)")
    return SEED_OFFSET[split]


CAPTIONS = [
    "A man is riding a bike.",
    "Two dogs are playing in the snow.",
    "A little girl in a pink dress is climbing the stairs.",
]
# Per language pair: everyday sentences and a question first (what a visitor types), then the captions.
EVERYDAY = {
    ("en", "de"): ["Good morning! How are you?", "Where is the train station?", "I would like a cup of coffee, please.",
                   "My brother has lived in Hamburg for three years."],
    ("en", "fr"): ["Good evening! How are you?", "Where is the nearest bakery?", "I would like a croissant, please.",
                   "My sister has lived in Lyon for three years."],
    ("en", None): ["Good morning! How are you?", "Where is the train station?", "Thank you very much for your help."],
}


class Translation(Task):
    name, label = "translation", "Translation"
    presets = tuple(
        Preset(f"multi30k-en-{tgt}", f"Multi30k English → {language}", CONFIGS / "tiny.json", ("en", tgt), True)
        for tgt, language in (("de", "German"), ("fr", "French"))
    )

    def pairs(self, cfg: TrainConfig, split: str, source: DataSource | None = None) -> list[Pair]:
        if source is None:
            raise DataError("translation needs a data source (--data-dir, --dataset or --pairs-file)")
        if cfg.sources:
            if not source.data_dir:
                raise DataError("a config with several sources needs --data-dir, the folder their paths start from")
            return read_mixed(source.data_dir, cfg.sources, split, cfg.src_lang, cfg.tgt_lang)
        return source.load(split, cfg.src_lang, cfg.tgt_lang)

    def score(self, hypotheses: list[str], references: list[str], sources: list[str]) -> dict[str, Any]:
        return translation_scores(hypotheses, references)

    def examples(self, src_lang: str, tgt_lang: str, sources: tuple[str, ...] = ()) -> list[str]:
        """sources: the model's training data (config `sources`). A model trained on more than captions opens on
        everyday sentences, then captions; a caption model (Multi30k alone, or data not recorded) offers only
        captions, which it can translate (an everyday example would only show it failing)."""
        everyday = EVERYDAY.get((src_lang, tgt_lang), EVERYDAY.get((src_lang, None), []))
        if src_lang != "en":
            return everyday
        return everyday + CAPTIONS if beyond_captions(sources) else CAPTIONS


WORDS = "red green blue cat dog bird sun moon tree house river stone one two three four".split()


def synthetic_sequence_pairs(kind: str, n: int, seed: int, min_len: int = 3, max_len: int = 8) -> list[Pair]:
    """copy: "a b c" -> "a b c"; reverse: "a b c" -> "c b a"."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(n):
        words = [rng.choice(WORDS) for _ in range(rng.randint(min_len, max_len))]
        target = words if kind == "copy" else words[::-1]
        pairs.append((" ".join(words), " ".join(target)))
    return pairs


class WordSequence(Task):
    """copy or reverse a sequence of words."""

    words = Words("word sequence", "output")

    SIZES = {"train": 20000, "val": 200, "validation": 200, "test": 500}

    def __init__(self, name: str, label: str):
        self.name, self.label = name, label
        self.presets = (Preset(name, label, CONFIGS / f"{name}.json"),)

    def pairs(self, cfg: TrainConfig, split: str, source: DataSource | None = None) -> list[Pair]:
        offset = check_split(self.name, split)
        return synthetic_sequence_pairs(self.name, self.SIZES[split], cfg.seed * 10 + offset)

    def examples(self, src_lang: str, tgt_lang: str, sources: tuple[str, ...] = ()) -> list[str]:
        return [source for source, _ in synthetic_sequence_pairs(self.name, 4, seed=7)]


register_task(Translation())

register_task(WordSequence("copy", "Copy words (a minute)"))
register_task(WordSequence("reverse", "Reverse words (a few minutes)"))
