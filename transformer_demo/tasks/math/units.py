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

from .asked import given_and_asked
from .asked_units import MEASURE_WORD
from .measures import IRREGULAR, LENGTHS, MEASURES, PEOPLE, SIZES, UNKNOWN, Unit, name_of
from .quantities import Reading, read_quantities
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


def as_people(units: list[Unit | None], asked: list[Unit] = ()) -> list[Unit | None]:
    """Where a rate is per person, given ("£12.50 per person") or asked ("what's that per head"), people counted
    by another name are persons ("14 guests")."""
    if not any(u and ("person", -1) in u for u in [*units, *asked]):
        return units
    return [(("person", 1),) if u and len(u) == 1 and u[0][0] in PEOPLE and u[0][1] == 1 else u for u in units]


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


def rate_added(question: str, program: str) -> str | None:
    """A number said as a rate ("£5 for every year") added to or taken from a number of none or of its per unit
    ("5 + 12" for "£5 for every year of age, when she turns 12"), in a program of the model's (readers have their
    own rules), as a clause."""
    reading = read_quantities(question)
    return _rate_added(tree(program), reading.numbers)


def _rate_added(node: Node, numbers: dict[Fraction, Unit | None]) -> str | None:
    if node.op in ("+", "-") and all(arg.op == "num" for arg in node.args):
        units = [numbers.get(Fraction(arg.args[0])) for arg in node.args]
        for (rate, unit), other in (((node.args[0], units[0]), units[1]), ((node.args[1], units[1]), units[0])):
            per = next((name for name, p in unit or () if p < 0), None)
            if per and (other is None or other == ((per, 1),)):
                return f"adds {rate.args[0]}, an amount per {per}, to a number of no amount per {per}"
    return next((why for child in node.args if isinstance(child, Node) and (why := _rate_added(child, numbers))),
                None)


def converts(reading: Reading, node: Node) -> bool:
    """Does the program convert between units, as a reader's may ((80 * 45) / 60, 3.5 * 60): does it use a number
    the question does not give, other than a percentage's 100?"""
    given = set(reading.numbers) | ({Fraction(100)} if re.search(r"%|\bper\s*cent", reading.text) else set())
    return any(value not in given for value in node.numbers())


def rate_by_other_unit(reading: Reading, node: Node) -> str | None:
    """A rate per one unit multiplied by an amount in another unit of its kind (one measure, no rate), by a program
    of the question's numbers alone ("80 mph for 45 minutes": 80 * 45 is no distance; a reader's (80 * 45) / 60 is),
    as a clause."""
    if converts(reading, node):
        return None
    if node.op == "*":
        try:
            a, b = unit_of(node.args[0], reading.numbers), unit_of(node.args[1], reading.numbers)
        except UnitsDiffer:
            a = b = None
        for x, y in ((a, b), (b, a)) if a and b else ():
            for per, size in ((per, size) for per, p in x if p < 0 for size, q in y if len(y) == 1 and q == 1):
                if per != size and per in SIZES and size in SIZES and SIZES[per][0] == SIZES[size][0]:
                    return f"multiplies an amount per {per} by {_plural(size)}"
    return next((why for child in node.args if isinstance(child, Node) and (why := rate_by_other_unit(reading, child))),
                None)


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


SQUARE_OR_CUBIC = r"(?:square\s+|sq\.?\s*|cubic\s+)?"  # "in square metres": metres asked
# A measure asked for in the last words: "what's that in litres per minute", "the printing cost in pounds".
IN_UNITS = re.compile(rf"\b(?:in|into)\s+{SQUARE_OR_CUBIC}({MEASURE_WORD})(?:\s+(?:per|an?)\s+({MEASURE_WORD}))?"
                      r"\s*[?.!]*$"
                      rf"|\bhow\s+many\s+(?:more\s+|extra\s+)?({MEASURE_WORD})\b"
                      rf"|[,;]\s*({MEASURE_WORD})\s*\?+\s*$"  # "..., hours?", "..., average minutes per hole?"
                      rf"|[,;]\s*(?:average\s+|avg\s+)?({MEASURE_WORD})\s+(?:per|a|an)\s+[a-z]+\s*\?*\s*$"
                      rf"|\bhow\s+much\b[^.?!,]*?\bin\s+({MEASURE_WORD})\b")  # "how much vodka in litres for ..."


def size_mismatch(reading: Reading, program: Node) -> str | None:
    """A measure asked in one unit that the program's numbers give only in another unit of its kind ("150g of
    salmon each, how many kg", "4p a page, the cost in pounds", "10 litres in 40 seconds, litres per minute"): a
    program of the question's numbers alone does not convert between them (a clause), else None."""
    if converts(reading, program):
        return None
    asked = {name for name, _ in reading.asked or ()} | {
        name_of(word) for m in IN_UNITS.finditer(reading.text) for word in m.groups() if word}
    used = {name for value in program.numbers() for name, _ in reading.numbers.get(value) or ()}
    for name in sorted(n for n in asked if n in SIZES):
        kind = SIZES[name][0]
        given = sorted(n for n in used if n in SIZES and SIZES[n][0] == kind)
        if given and name not in given:
            return f"gives {describe(((given[0], 1),))}, but the question asks for {describe(((name, 1),))}"
    return None


def per_asked_thing(reading: Reading, program: Node) -> str | None:
    """A count of things asked ("how many families") where the question gives an amount for each of them ("give
    each family 12", "12 per family"): that amount divides, and a program that multiplies by it counts something
    else (a clause), else None."""
    named = re.search(r"\bhow\s+many\s+[a-z]+\s+([a-z]+)\s+(?:do|does|will|would|can|should|are|is)\b"
                      r"|(?:^|[,;]\s*|\band\s+)([a-z]+)\s+(?:needed|required)\s*[?.!]*$",  # "..., walks needed?"
                      reading.text)
    named = named and re.match(r"[a-z]+", named.group(1) or named.group(2))
    if named and name_of(named[0]) and name_of(named[0]) not in SIZES:
        thing = name_of(named[0])  # "how many egg boxes do i need": boxes
    elif reading.asked and len(reading.asked) == 1 and reading.asked[0][1] == 1 and reading.asked[0][0] not in SIZES:
        thing = reading.asked[0][0]
    else:
        return None
    words = rf"{re.escape(thing)}(?:s|es)?"
    each = re.compile(rf"\beach\s+{words}\s+(?:[a-z]+\s+){{0,2}}?(\d+(?:\.\d+)?)(?![\d.])"
                      rf"|(?<![\d.])(\d+(?:\.\d+)?)\s+(?:(?!and\b|or\b)[a-z]+\s+)?(?:per|each|a|for\s+each|to\s+a)\s+{words}\b"
                      rf"|\b{words}\s+(?:at|for|cost|costs|costing)\s+(\d+(?:\.\d+)?)\s*(?:money\s+)?(?:each|apiece)\b"
                      rf"|\bevery\s+(\d+(?:\.\d+)?)\s*(?:{MEASURE_WORD})\b")  # "lessons at £32 each", "every 2 m"
    amounts = {Fraction(g) for m in each.finditer(reading.text) for g in m.groups() if g}
    multiplied = amounts & set(program.numbers()) - set(divisors(program))
    return f"multiplies by the amount for each {thing}, but the question asks how many" if multiplied else None


PER_END = re.compile(r"(?:\b(?:is|was|be)|'s|\bwhats)\s+(?:that|this|it)\s+(?:per|each|for\s+each|a|an)\s+"
                     r"([a-z]+(?:\s+[a-z]+)?)(?=\s+(?:per|a|an|each)\s+[a-z]+\s*[?.!]*$|\s*[?.!]*$)"
                     r"|\bhow\s+much\s+(?:per|each|a|an)\s+([a-z]+)\s*[?.!]*$")  # "..., how much is that per line"


PER_ASKED_THING = re.compile(r"\b(?:earn|earned|make|made|get|got|take|took|cost|costs|charge|pay|paid|spend|spent|save"
                             r"|saved)\s+(?:[a-z]+\s+)?per\s+([a-z]+)\b()")  # "what did i earn per hour after parts"


def per_counted_thing(reading: Reading, program: Node) -> str | None:
    """An amount asked for each of a thing the question counts ("£60 a month for 4 lines, how much per line"):
    the count divides, and a program that multiplies by it gives something else (a clause), else None."""
    asked_at = len(given_and_asked(reading.text)[0])
    per = PER_END.search(reading.text) or next((m for m in PER_ASKED_THING.finditer(reading.text, asked_at)
                                                if not re.search(r"\d\s*(?:[a-z]+\s+)?$", reading.text[: m.start()])),
                                               None)  # not "at 200 per week", a rate given
    word = per and (per.group(1) or per.group(2))
    if not word:
        return None
    thing = name_of(word.split()[-1])
    counts = {value for value, unit in reading.numbers.items() if thing and unit == ((thing, 1),)} | {
        Fraction(m[1]) for m in re.finditer(rf"(?<![\d.])(\d+(?:\.\d+)?)\s*{re.escape(word)}\b", reading.text)
    }  # "my unit is 25 sq ft, what's that per sq ft"
    multiplied = counts & set(program.numbers()) - set(divisors(program))
    return f"multiplies by the number of {word}s, but the question asks for an amount per {word}" if multiplied \
        else None


def divisors(node: Node) -> list[Fraction]:
    """The numbers a program divides by: those in the right side of a division."""
    below = node.args[1].numbers() if node.op == "/" else []
    return below + [n for child in node.args if isinstance(child, Node) for n in divisors(child)]


LENGTH_ASKED = re.compile(r"\b(?:what|which)\s+(?:height|depth|altitude|distance|length)\b"
                          r"|\bhow\s+(?:high|deep|far|tall|long\s+is\s+the\s+(?:route|walk|path|wall|fence|rope))\b")


def length_mismatch(reading: Reading, got: Unit | None) -> str | None:
    """A length asked ("what height are we at after an hour") of a program whose lengths multiply (620 m × 45 m:
    got, its unit), as a clause."""
    if got and LENGTH_ASKED.search(reading.text) and any(n in LENGTHS and p != 1 for n, p in got):
        return f"gives {describe(got)}, but the question asks for a length"
    return None


# "..., avg minutes per stop? 1 decimal place": the precision asked after the question, no part of what it asks
PRECISION_AFTER = re.compile(r"\?\s*(?:to\s+|round(?:ed)?\s+to\s+)?(?:\d+|one|two|three)\s*"
                             r"(?:dp|d\.p\.|decimal\s+places?)\s*[.!]*$", re.IGNORECASE)


def unit_mismatch(question: str, program: str) -> str | None:
    """Why a program's unit is not the one the question asks for, it multiplies units into no quantity, gives a
    measure in another unit than the one asked or multiplies by an amount for each thing counted (a clause), or
    None where it is or is unknown."""
    reading, node = read_quantities(PRECISION_AFTER.sub("?", question)), tree(program)
    try:
        people = as_people(list(reading.numbers.values()), reading.asked_units)
        got, differ = unit_of(node, dict(zip(reading.numbers, people))), None
    except UnitsDiffer as exc:
        got, differ = None, exc
    if reading.complete:
        if differ:
            return str(differ)
        if got is not None and reading.asked is not None and not any(fits(got, asked, exact=False)
                                                                     for asked in reading.asked_units):
            return f"gives {describe(got)}, but the question asks for {describe(reading.asked)}"
    return (_meaningless_product(node, reading.numbers) or length_mismatch(reading, got)
            or size_mismatch(reading, node) or per_asked_thing(reading, node) or per_counted_thing(reading, node)
            or rate_by_other_unit(reading, node))
