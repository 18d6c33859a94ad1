"""Tasks: where a task's sentence pairs come from and how its outputs are scored.

translation: pairs from a data folder, a hub dataset or a pairs file; scored with sacreBLEU/chrF.
copy / reverse: synthetic sequences of words that a small model learns in a minute (exact match).
math: generated question/answer pairs (see math_qa.py); exact match.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from .config import TrainConfig
from .data import DataError, Pair, load_hub_pairs, read_mixed, read_pairs_file, read_parallel_dir

SPLITS = {"train", "val", "validation", "test"}


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


def group_function(cfg: TrainConfig):
    """For exact-match tasks with families (math), a function from question to family name."""
    if cfg.task != "math":
        return None
    from .math_families import family_of

    return family_of


def load_task_pairs(cfg: TrainConfig, split: str, source: DataSource | None = None) -> list[Pair]:
    """The pairs of one split for the task in cfg."""
    if cfg.task == "translation":
        if source is None:
            raise DataError("translation needs a data source (--data-dir, --dataset or --pairs-file)")
        if cfg.sources:
            if not source.data_dir:
                raise DataError("a config with several sources needs --data-dir, the folder their paths start from")
            return read_mixed(source.data_dir, cfg.sources, split, cfg.src_lang, cfg.tgt_lang)
        return source.load(split, cfg.src_lang, cfg.tgt_lang)
    if cfg.task == "math":
        from .math_qa import math_pairs

        return math_pairs(split, cfg.task_options)
    seed_offset = {"train": 0, "val": 1, "validation": 1, "test": 2}
    if split not in seed_offset:
        raise DataError(f"unknown split {split!r} for task {cfg.task} (train, val, test)")
    sizes = {"train": 20000, "val": 200, "validation": 200, "test": 500}
    return synthetic_sequence_pairs(cfg.task, sizes[split], cfg.seed * 10 + seed_offset[split])
