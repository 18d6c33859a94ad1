"""copy / reverse: synthetic sequences of words that a small model learns in a minute (exact match)."""
from __future__ import annotations

import random

from ..config import TrainConfig
from ..data import Pair
from .base import CONFIGS, DataSource, Preset, Task, Words, check_split

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
