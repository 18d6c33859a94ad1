"""The math task: generated question/answer pairs from 15 families of school math questions.

    "What is 12 times 7?"                           -> "84"
    "What is the area of a circle with radius 7?"   -> "153.86"   (pi taken as 3.14)
    "What is the probability of rolling a die and getting a number greater than 1?" -> "83.33%"

Answers are exact (fractions.Fraction), rounded half-up to 2 decimals, printed without trailing
zeros; the two probability families answer in percent. Splits are deterministic by seed and
disjoint: every family's questions are shuffled once, test takes the first ones, validation the
next, and training only what is left. Families whose whole question space is small (a square's
side, a circle's radius: 100 questions; the die: 5) hold out 20% of it for test and 10% for
validation, and their split rows cycle through those held-out questions so that every family
weighs the same (200 test rows each). The die family (5 questions in all) is the one exception:
nothing can be held out of it, so its 5 questions appear in every split.
"""
from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import prod
from typing import Any

from .data import DataError, Pair

OPERAND = range(1, 101)
UNKNOWN = "unknown"
ENUMERATE_LIMIT = 20_000  # families with at most this many questions are listed whole, others sampled
TINY_FAMILY = 20  # the die has 5 questions in all: too few to hold any out, so it appears in every split


def format_number(value: Fraction) -> str:
    """Exact value -> rounded half-up (away from zero) to 2 decimals, no trailing zeros: 12.50 -> "12.5"."""
    hundredths = (200 * abs(value.numerator) + value.denominator) // (2 * value.denominator)
    text = f"{hundredths // 100}.{hundredths % 100:02d}".rstrip("0").rstrip(".")
    return f"-{text}" if value < 0 and hundredths else text


def percent(value: Fraction) -> str:
    return format_number(100 * value) + "%"


@dataclass(frozen=True)
class Family:
    name: str  # key in per-family scores
    description: str  # what the app's notice calls it
    template: str  # placeholders {a} {b} {c} {d}, in the order of ranges
    answer: Callable[..., str]
    ranges: tuple[range, ...] = (OPERAND, OPERAND)
    valid: Callable[..., bool] = lambda *operands: True

    def question(self, operands: tuple[int, ...]) -> str:
        return self.template.format(**dict(zip(self.placeholders, operands)))

    @cached_property
    def placeholders(self) -> list[str]:
        return re.findall(r"{(\w)}", self.template)

    @cached_property
    def pattern(self) -> re.Pattern:
        escaped = re.escape(self.template)
        for name in self.placeholders:
            escaped = escaped.replace(re.escape(f"{{{name}}}"), r"(\d+)")
        return re.compile(escaped, re.IGNORECASE)

    @property
    def space_size(self) -> int:
        """Number of operand tuples before the validity filter."""
        return prod(len(r) for r in self.ranges)

    def in_range(self, operands: tuple[int, ...]) -> bool:
        return all(x in r for x, r in zip(operands, self.ranges)) and self.valid(*operands)


def _median(a: int, b: int, c: int) -> str:
    return str(sorted((a, b, c))[1])


FAMILIES: tuple[Family, ...] = (
    Family("plus", "addition", "What is {a} plus {b}?", lambda a, b: str(a + b)),
    Family("minus", "subtraction", "What is {a} minus {b}?", lambda a, b: str(a - b)),
    Family("times", "multiplication", "What is {a} times {b}?", lambda a, b: str(a * b)),
    Family("divided_by", "division", "What is {a} divided by {b}?", lambda a, b: format_number(Fraction(a, b))),
    Family(
        "square_perimeter",
        "the perimeter of a square",
        "What is the perimeter of a square with side length {a}?",
        lambda a: str(4 * a),
        (OPERAND,),
    ),
    Family(
        "rectangle_area",
        "the area of a rectangle",
        "What is the area of a rectangle with width {a} and height {b}?",
        lambda a, b: str(a * b),
    ),
    Family(
        "circle_area",
        "the area of a circle",
        "What is the area of a circle with radius {a}?",
        lambda a: format_number(Fraction(314, 100) * a * a),
        (OPERAND,),
    ),
    Family("linear_equation", "x + a = b", "Solve for x in the equation x + {a} = {b}.", lambda a, b: str(b - a)),
    Family(
        "two_step_equation",
        "2x - a = b",
        "What is the solution for x in the equation 2x - {a} = {b}?",
        lambda a, b: str((a + b) // 2),
        valid=lambda a, b: (a + b) % 2 == 0,
    ),
    Family(
        "derivative", "the derivative of ax^2", "Find the derivative of {a}x^2 at x = {b}.", lambda a, b: str(2 * a * b)
    ),
    Family(
        "integral",
        "the integral of ax",
        "Calculate the integral of {a}x from 0 to {b}.",
        lambda a, b: format_number(Fraction(a * b * b, 2)),
    ),
    Family(
        "die_probability",
        "the die probability",
        "What is the probability of rolling a die and getting a number greater than {d}?",
        lambda d: percent(Fraction(6 - d, 6)),
        (range(1, 6),),
    ),
    Family(
        "ball_probability",
        "the red-ball probability",
        "A bag contains {a} red and {b} blue balls. What is the probability of drawing a red ball?",
        lambda a, b: percent(Fraction(a, a + b)),
    ),
    Family(
        "average",
        "the average of three numbers",
        "Calculate the average of the numbers {a}, {b}, and {c}.",
        lambda a, b, c: format_number(Fraction(a + b + c, 3)),
        (OPERAND,) * 3,
    ),
    Family("median", "the median of three numbers", "Find the median of {a}, {b}, and {c}.", _median, (OPERAND,) * 3),
)
FAMILY_BY_NAME = {f.name: f for f in FAMILIES}

EXAMPLE_QUESTIONS = [
    "What is 12 times 7?",
    "What is 45 plus 38?",
    "What is the area of a circle with radius 7?",
    "Solve for x in the equation x + 23 = 71.",
    "A bag contains 3 red and 9 blue balls. What is the probability of drawing a red ball?",
    "Find the median of 31, 8, and 56.",
]


def parse_question(question: str) -> tuple[Family, tuple[int, ...]] | None:
    """The family and operands of a question worded like one of the templates (case and spacing aside)."""
    text = " ".join(question.split())
    for family in FAMILIES:
        match = family.pattern.fullmatch(text)
        if match:
            return family, tuple(int(x) for x in match.groups())
    return None


def family_of(question: str) -> str:
    """Family name of a question, or "unknown"."""
    parsed = parse_question(question)
    return parsed[0].name if parsed else UNKNOWN


def solve(question: str) -> str | None:
    """The exact answer for a question of the 15 families, None for anything else."""
    parsed = parse_question(question)
    return parsed[0].answer(*parsed[1]) if parsed else None


def unknown_question_notice(question: str) -> str | None:
    """None for a question the model was trained on; otherwise one sentence saying what it knows."""
    parsed = parse_question(question)
    if parsed is None:
        kinds = ", ".join(f.description for f in FAMILIES[:-1]) + f" and {FAMILIES[-1].description}"
        return (
            f"This model was trained only on {len(FAMILIES)} kinds of question ({kinds}), worded as in the "
            "examples, so its answer to this one may be meaningless."
        )
    family, operands = parsed
    if not family.in_range(operands):
        return (
            f"This is a question about {family.description}, but the model only saw numbers from 1 to 100 "
            "(die: 1 to 5; 2x - a = b: whole-number solutions), so its answer may be wrong."
        )
    return None


# --- splits ---

DEFAULT_OPTIONS = {"seed": 0, "train_per_family": 6000, "val_per_family": 50, "test_per_family": 200}


def _options(task_options: dict[str, Any]) -> dict[str, int]:
    unknown = sorted(set(task_options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise DataError(f"unknown math task option(s): {', '.join(unknown)} (known: {', '.join(DEFAULT_OPTIONS)})")
    options = {**DEFAULT_OPTIONS, **task_options}
    for name, value in options.items():
        minimum = 0 if name == "seed" else 1
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise DataError(f"math task option {name} must be an integer >= {minimum}, got {value!r}")
    return options


def _shuffled_operands(family: Family, rng: random.Random) -> Callable[[], tuple[int, ...]] | list[tuple[int, ...]]:
    """Small families: every valid operand tuple, shuffled. Large ones: a function drawing one at random."""
    if family.space_size <= ENUMERATE_LIMIT:
        every = [t for t in itertools.product(*family.ranges) if family.valid(*t)]
        rng.shuffle(every)
        return every
    return lambda: tuple(rng.choice(r) for r in family.ranges)


def _cycle(items: list[tuple[int, ...]], n: int) -> list[tuple[int, ...]]:
    return [items[i % len(items)] for i in range(n)] if items else []


def _family_splits(family: Family, seed: int, sizes: dict[str, int]) -> dict[str, list[tuple[int, ...]]]:
    """Operand tuples per split; no tuple is in two splits."""
    rng = random.Random(f"{seed}/{family.name}")
    source = _shuffled_operands(family, rng)
    if isinstance(source, list) and len(source) < TINY_FAMILY:
        return {split: _cycle(source, size) for split, size in sizes.items()}
    if isinstance(source, list):
        n_test = min(sizes["test"], len(source) // 5)
        n_val = min(sizes["val"], len(source) // 10)
        held = {"test": source[:n_test], "val": source[n_test : n_test + n_val]}
        train = source[n_test + n_val :]
        return {split: _cycle(items, sizes[split]) for split, items in {**held, "train": train}.items()}
    seen: set[tuple[int, ...]] = set()
    splits: dict[str, list[tuple[int, ...]]] = {}
    for split in ("test", "val", "train"):  # held-out first, so train sizes never change them
        splits[split] = []
        while len(splits[split]) < sizes[split]:
            operands = source()
            if operands not in seen:
                seen.add(operands)
                splits[split].append(operands)
    return splits


@lru_cache(maxsize=4)
def _all_splits(seed: int, train: int, val: int, test: int) -> dict[str, list[Pair]]:
    sizes = {"train": train, "val": val, "test": test}
    result: dict[str, list[Pair]] = {split: [] for split in sizes}
    for family in FAMILIES:
        for split, tuples in _family_splits(family, seed, sizes).items():
            result[split] += [(family.question(t), family.answer(*t)) for t in tuples]
    for split, pairs in result.items():
        random.Random(f"{seed}/{split}").shuffle(pairs)
    return result


def math_pairs(split: str, task_options: dict[str, Any]) -> list[Pair]:
    """Question/answer pairs of one split ("train", "val"/"validation" or "test")."""
    options = _options(task_options)
    name = {"validation": "val"}.get(split, split)
    if name not in ("train", "val", "test"):
        raise DataError(f"unknown split {split!r} for the math task (train, val, test)")
    splits = _all_splits(
        options["seed"], options["train_per_family"], options["val_per_family"], options["test_per_family"]
    )
    return list(splits[name])


# --- the task (registered with tasks.py) ---

from .tasks import CONFIGS, DataSource, Preset, Task, register_task  # noqa: E402  (the task, after the generator)


class MathTask(Task):
    name, label = "math", "Math questions (15 families)"
    presets = (Preset("math", label, CONFIGS / "math_qa.json"),)
    group_of = staticmethod(family_of)

    def pairs(self, cfg, split: str, source: DataSource | None = None) -> list[Pair]:
        return math_pairs(split, cfg.task_options)

    def examples(self, src_lang: str) -> list[str]:
        return list(EXAMPLE_QUESTIONS)

    def notice(self, text: str) -> str | None:
        return unknown_question_notice(text)


register_task(MathTask())
