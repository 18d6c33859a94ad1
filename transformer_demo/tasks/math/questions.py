"""The math questions: generated (question, program, answer) triples from the families of families.py.

    "What is 332 times 971?"                         -> program "332 * 971"      -> answer "322372"
    "12 x 7 = ?"                                     -> program "12 * 7"         -> answer "84"
    "A bag contains 3 red and 5 blue balls. ..."     -> program "pct(3 / (3 + 5))" -> answer "37.5%"

Task option `mode`: "program" (the model writes the program, program.py evaluates it exactly)
or "direct" (the model writes the answer's digits). Operands run from 1 to 1000; half of every split's
rows have all operands from 1 to 100 ("1-100"), half at least one above 100 ("101-1000").

Splits are deterministic by seed and disjoint by operands: within each family and range, operand
tuples are shuffled once, test takes the first ones, validation the next, training only what is left.
Each row uses one of the family's training wordings at random, with varied case and punctuation.
`test_wordings` asks the test split's operands in held-out wordings that no other split uses. Small
spaces (a square's side 1-100: 100 questions) hold out 20% for test and 10% for validation and cycle
through them; the die (5 questions in all) is the one family that appears in every split.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ...data import DataError, Pair
from .families import FAMILIES, RANGES, SMALL, Family, NoExactAnswer, parse_question
from .phrasing import wrap

ENUMERATE_LIMIT = 20_000  # spaces with at most this many tuples are listed whole, others sampled
TINY_SPACE = 20
MODES = ("program", "direct")
SPLITS = ("train", "val", "test", "test_wordings")
DEFAULT_OPTIONS: dict[str, Any] = {
    "seed": 0, "train_per_family": 6000, "val_per_family": 50, "test_per_family": 200, "mode": "program",
}


def target(family: Family, operands: tuple[int, ...], mode: str) -> str:
    return family.fill(family.program, operands) if mode == "program" else family.answer_text(operands)


def vary(text: str, rng: random.Random) -> str:
    """Everyday surface variation: case, and the final punctuation dropped, spaced or swapped."""
    roll = rng.random()
    if roll < 0.2:
        text = text.lower()
    elif roll < 0.3:
        text = text[0].lower() + text[1:]
    elif roll < 0.35:
        text = text.upper()
    roll = rng.random()
    if text.endswith(" ?"):
        return text
    if text[-1] in "?." and roll < 0.15:
        text = text[:-1]
    elif text[-1] in "?." and roll < 0.3:
        text = f"{text[:-1]} {text[-1]}"
    elif text[-1] in "?." and roll < 0.35:
        text = text[:-1] + ("." if text[-1] == "?" else "?")
    return text


def _options(task_options: dict[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(task_options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise DataError(f"unknown math task option(s): {', '.join(unknown)} (known: {', '.join(DEFAULT_OPTIONS)})")
    options = {**DEFAULT_OPTIONS, **task_options}
    if options["mode"] not in MODES:
        raise DataError(f"math task option mode must be one of {', '.join(MODES)}, got {options['mode']!r}")
    for name, value in options.items():
        minimum = 0 if name == "seed" else 1
        if name != "mode" and (not isinstance(value, int) or isinstance(value, bool) or value < minimum):
            raise DataError(f"math task option {name} must be an integer >= {minimum}, got {value!r}")
    return options


def _strata(family: Family) -> dict[str, tuple[tuple[range, ...], Callable[[tuple[int, ...]], bool]]]:
    """Operand ranges per stratum: all operands 1-100, and at least one above 100 (not for the die)."""
    if all(max(r) in SMALL for r in family.ranges):  # the die, powers: one stratum
        return {RANGES[0]: (family.ranges, lambda t: True)}
    small = tuple(SMALL if r == range(1, 1001) else tuple(x for x in r if x in SMALL) for r in family.ranges)
    return {RANGES[0]: (small, lambda t: True), RANGES[1]: (family.ranges, lambda t: any(x > 100 for x in t))}


def _cycle(items: list[tuple[int, ...]], n: int) -> list[tuple[int, ...]]:
    return [items[i % len(items)] for i in range(n)] if items else []


def _stratum_splits(ranges: tuple[range, ...], keep: Callable, rng: random.Random, sizes: dict[str, int]):
    """Operand tuples per split from one stratum; no tuple is in two splits (except in a tiny space)."""
    space = 1
    for r in ranges:
        space *= len(r)
    if space <= ENUMERATE_LIMIT:
        every = [t for t in itertools.product(*ranges) if keep(t)]
        rng.shuffle(every)
        if len(every) < TINY_SPACE:
            return {split: _cycle(every, size) for split, size in sizes.items()}
        n_test = min(sizes["test"], len(every) // 5)
        n_val = min(sizes["val"], len(every) // 10)
        parts = {"test": every[:n_test], "val": every[n_test : n_test + n_val], "train": every[n_test + n_val :]}
        return {split: _cycle(items, sizes[split]) for split, items in parts.items()}
    seen: set[tuple[int, ...]] = set()
    splits: dict[str, list[tuple[int, ...]]] = {}
    for split in ("test", "val", "train"):  # held-out first, so train sizes never change them
        splits[split] = []
        while len(splits[split]) < sizes[split]:
            operands = tuple(rng.choice(r) for r in ranges)
            if keep(operands) and operands not in seen:
                seen.add(operands)
                splits[split].append(operands)
    return splits


def _family_rows(family: Family, seed: int, sizes: dict[str, int], mode: str) -> dict[str, list[Pair]]:
    strata = _strata(family)
    rows: dict[str, list[Pair]] = {split: [] for split in SPLITS}
    for stratum, (ranges, keep) in strata.items():
        rng = random.Random(f"{seed}/{family.name}/{stratum}")
        share = {split: size // len(strata) for split, size in sizes.items()}
        for split, tuples in _stratum_splits(ranges, keep, rng, share).items():
            for operands in tuples:
                question = family.fill(rng.choice(family.wordings), operands)
                question = vary(wrap(question, rng) if split == "train" else question, rng)
                rows[split].append((question, target(family, operands, mode)))
            if split == "test":
                for i, operands in enumerate(tuples):
                    question = vary(family.fill(family.held_out[i % len(family.held_out)], operands), rng)
                    rows["test_wordings"].append((question, target(family, operands, mode)))
    return rows


@lru_cache(maxsize=4)
def _all_splits(seed: int, train: int, val: int, test: int, mode: str) -> dict[str, list[Pair]]:
    sizes = {"train": train, "val": val, "test": test}
    result: dict[str, list[Pair]] = {split: [] for split in SPLITS}
    for family in FAMILIES:
        for split, rows in _family_rows(family, seed, sizes, mode).items():
            result[split] += rows
    for split, pairs in result.items():
        random.Random(f"{seed}/{split}").shuffle(pairs)
    return result


def math_pairs(split: str, task_options: dict[str, Any]) -> list[Pair]:
    """(question, target) pairs of one split: train, val/validation, test or test_wordings."""
    options = _options(task_options)
    name = {"validation": "val"}.get(split, split)
    if name not in SPLITS:
        raise DataError(f"unknown split {split!r} for the math task ({', '.join(SPLITS)})")
    splits = _all_splits(
        options["seed"], options["train_per_family"], options["val_per_family"], options["test_per_family"],
        options["mode"],
    )
    return list(splits[name])


def solve(question: str) -> str | None:
    """The exact answer for a question of the families in any supported wording, None for anything else."""
    found = parse_question(question)
    try:
        return found.family.answer_text(found.operands) if found else None
    except (ZeroDivisionError, NoExactAnswer):
        return None
