"""The unit of a program over a question's numbers (quantities.Reading), and why it cannot be the answer.

A program's unit follows from its numbers' units (24 * 7: stickers per pack times packs is stickers), which
gives a check here and readings in rates.py:

    unit_mismatch("... how many weeks will it take her to save €490?", "35 * 490")
        -> "gives money² per week, but the question asks for weeks"
    unit_mismatch("it was 3 degrees and dropped by 9 degrees, what is it now", "3 * 9")
        -> "multiplies degrees by degrees"
"""
from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

from .measures import IRREGULAR, LENGTHS, MEASURES, SIZES, UNKNOWN, Unit
from .quantities import Reading
from .structure import Node, tree


def combine(a: Unit, b: Unit, sign: int) -> Unit:
    powers = Counter(dict(a))
    for name, power in b:
        powers[name] += sign * power
    return tuple(sorted((n, p) for n, p in powers.items() if p))


class UnitsDiffer(Exception):
    """A program adds or subtracts unlike amounts: minutes and hours, minutes per evening and evenings."""


def unit_of(node: Node, numbers: dict[Fraction, Unit | None]) -> Unit | None:
    """The unit of a program's tree, None where some number's unit is unknown; raises UnitsDiffer."""
    if node.op == "num":
        return numbers.get(Fraction(node.args[0]))
    if node.op == "neg":
        return unit_of(node.args[0], numbers)
    if node.op in ("mean", "median"):  # an average of like amounts: 60 km and 20 km/h have none
        units = [unit_of(arg, numbers) for arg in node.args]
        known = sorted(set(u for u in units if u is not None))
        if len(known) > 1:
            raise UnitsDiffer(f"averages {describe(known[0])} with {describe(known[1])}")
        return known[0] if known and len(known) == len(set(units)) else None
    if node.op not in ("+", "-", "*", "/", "^"):
        return None
    a, b = unit_of(node.args[0], numbers), None if node.op == "^" else unit_of(node.args[1], numbers)
    if node.op == "^":
        exponent = node.args[1]
        if a is None or exponent.op != "num" or not exponent.args[0].isdigit():
            return None
        return tuple((name, p * int(exponent.args[0])) for name, p in a)
    if a is None or b is None:
        return None
    if node.op in "*/":
        return combine(a, b, 1 if node.op == "*" else -1)
    if a != b and any(p < 0 or name in MEASURES for name, p in a + b):  # a rate or a measure adds only to its like
        raise UnitsDiffer(f"{'adds' if node.op == '+' else 'subtracts'} {describe(b)} "
                          f"{'to' if node.op == '+' else 'from'} {describe(a)}")
    return a if a == b else None


def _plural(name: str) -> str:
    if name == "*":
        return "things"
    if plural := next((p for p, one in IRREGULAR.items() if one == name), None):
        return plural
    if name in ("money", "km", "m", "cm", "mm", "kg", "g", "mg", "ml", "gb", "mb", "tb"):
        return name
    return re.sub(r"(?<=[^aeiou])y$", "ie", name) + ("es" if re.search(r"(?:s|x|ch|sh)$", name) else "s")


def describe(unit: Unit) -> str:
    """(("money", 2), ("week", -1)) -> "money² per week"."""
    def power(p: int) -> str:
        return {1: "", 2: "²", 3: "³"}.get(abs(p), f"^{abs(p)}")
    over = " × ".join(_plural(n) + power(p) for n, p in unit if p > 0) or "a number"
    under = " × ".join(("thing" if n == "*" else n) + power(p) for n, p in unit if p < 0)
    return f"{over} per {under}" if under else over


def fits(got: Unit, asked: Unit, exact: bool) -> bool:
    """Does a program's unit give the unit asked? exact: every name; else the measures and the names asked only,
    and no thing squared (packs²). "*" in asked: any one thing per."""
    got_powers, asked_powers = Counter(dict(got)), Counter(dict(asked))
    anyone = asked_powers.pop("*", 0)
    extra = {n: p for n, p in got_powers.items() if n not in asked_powers}
    if anyone:
        per = [n for n, p in extra.items() if p == -1]
        if not per:
            return False
        extra.pop(per[0])
    if exact and extra or any(abs(p) > 1 for n, p in extra.items() if n not in LENGTHS):
        return False
    return all(got_powers[n] == p for n, p in asked_powers.items()) and all(
        p == 0 for n, p in extra.items() if n in MEASURES)


def _meaningless(a: Unit, b: Unit) -> bool:
    """Is a product of these units no quantity at all? A square of anything but a length (degrees², money²,
    people²), two measures of one kind in different units (cm × m, minutes × seconds), or two different things
    counted (28 children × 4 tables)."""
    product = combine(a, b, 1)
    if any(abs(p) > 1 for name, p in product if name not in LENGTHS):
        return True
    lengths = {name for name, p in product if name in LENGTHS and p > 0}
    kinds = [SIZES[name][0] for name, p in product if name in SIZES and p > 0]  # minutes × seconds, pence × pounds
    counts = [u[0][0] for u in (a, b) if len(u) == 1 and u[0][1] == 1 and u[0][0] not in MEASURES]
    two_things = len(counts) == 2 and counts[0] != counts[1] and UNKNOWN not in counts
    return len(lengths) > 1 or len(kinds) > len(set(kinds)) or two_things


def _meaningless_product(node: Node, numbers: dict[Fraction, Unit | None]) -> str | None:
    """A product in the program whose factors' units are read and make no quantity (_meaningless), as a clause."""
    if node.op == "*":
        try:
            a, b = unit_of(node.args[0], numbers), unit_of(node.args[1], numbers)
        except UnitsDiffer:
            a = b = None
        if a and b and _meaningless(a, b):
            return f"multiplies {describe(a)} by {describe(b)}"
    return next((why for child in node.args if isinstance(child, Node)
                 and (why := _meaningless_product(child, numbers))), None)


def unit_mismatch(question: str, program: str) -> str | None:
    """Why a program's unit is not the one the question asks for, or it multiplies units into no quantity (a
    clause), or None where it is or is unknown."""
    reading = Reading(question)
    if reading.complete:
        try:
            got = unit_of(tree(program), reading.numbers)
        except UnitsDiffer as exc:
            return str(exc)
        if got is not None and reading.asked is not None and not fits(got, reading.asked, exact=False):
            return f"gives {describe(got)}, but the question asks for {describe(reading.asked)}"
    return _meaningless_product(tree(program), reading.numbers)
