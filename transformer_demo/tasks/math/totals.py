"""A total made of several amounts of the unit asked, each a number said in that unit or a rate times what it is
for, every number used once (quantities.py reads the units):

    sum_of_products_reading("venue is £65 per head for 120 guests plus £1500 room hire. whats the total?")
        -> "65 * 120 + 1500"
    sum_of_products_reading("call out is 45 quid then 38 an hour, job took 3.5 hrs, what do i charge")
        -> "45 + 38 * 3.5"

    left_of_products_reading("we had 7 trays of 24 plants and sold 59 plants today, how many plants left")
        -> "7 * 24 - 59"

rates.py reads the one product; this reads the sum of two or more amounts when exactly one way of grouping the
numbers gives every amount the unit asked, and no word takes anything away, shares or compares; and what is left of
the first amount said when the others are taken from it, asked with "left" and nothing added.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

from .measures import Unit
from .nouns import noun_after
from .program import evaluate
from .quantities import NUMBER, Reading, read_quantities
from .stories import BOUGHT, SOLD
from .units import as_people, combine, fits

MAX_NUMBERS = 5
MAX_FACTORS = 3
LEFT_OUT = r"unpaid|except|excluding|not\s+counting"  # "and me 50 (unpaid)": some amounts are no part of the total
# Words that take away, share, compare, average, scale or state a part: then the amounts are not simply added
# ("12 screens of 148 seats, 1200 of the seats were filled, how many empty"; "decrease 2 every row"; "£15 for the
# first hour then £9 an hour after that"; "3x 8 bottles"; "7 min 30 per mile"; "how far? is it 150 miles?").
NOT_ADDED = re.compile(r"\b(?:left|remain\w*|change|more|fewer|less|than|(?<!one-)(?<!one\s)off|discount\w*|deposit"
                       r"|already|" + LEFT_OUT +
                       r"|went\s+(?:up|down)|rose|from\s+[$€£]?\d+(?:\.\d+)?\s*(?:[a-z]+\s+)?to\s+[$€£]?\d|sav(?:e|es|ed"
                       r"|ing|ings)|refund\w*|vouchers?|coupons?|cashback|back|minus|take\s+away|profit|net|keep|lost"
                       r"|lose|loss|gave|give|short|owe\w*|split|(?<!\d\s)shar\w*|between|average|mean|percent|twice|half"
                       r"|double|triple|difference|ratio|tip|spent|used|ate|broke\w*|each\s+way|return|free|instead"
                       r"|cheaper|dearer|compared?|which|better|per\s+cent|times|but|make|made|paying|actually|first|or"
                       r"|after\s+that|decreas\w*|reduc\w*|empty|filled|full|usable|is\s+it|of\s+(?:the|them|these"
                       r"|those))\b|%|(?<![a-z])-|-(?![a-z])|[=^÷]|\d\s*/\s*\d|\d\s*x\b|\bx\s*\d"
                       r"|(?<!before\s)(?<!ex\s)\b(?:vat|tax)\b|\b(?:hrs?|hours?|mins?|minutes?)\s+\d")
# A rate said of each one ("every member pays £12 membership plus £40 plot rent") may cover the amounts after it.
RATE_OF_EACH = re.compile(r"\b(?:every|each|per)\s+[a-z]+\s+(?:of\s+\d+\s+)?(?:pays?|gets?|costs?|needs?|has|have"
                          r"|takes?|is|are)\b")
# "entry is £85 and wetsuit hire is £35 per race": the "per" may cover both amounts joined by "and"
BOTH_PER = re.compile(r"\d\s+(?:money\s+)?and\s+(?:[a-z]+\s+){0,4}?\d+(?:\.\d+)?\s+(?:money\s+)?(?:per|a|an|each)"
                      r"\s+[a-z]+|\b(?:per|a|an|each)\s+[a-z]+\s+and\s+\d+(?:\.\d+)?\s+(?:money\s+)?(?:per|a|an|each)\s+[a-z]+"
                      r"\s+(?:per|a|an|each)\s+[a-z]+")  # "£18 per adult and £6 per child per night": per night both


def _groupings(items: list[int]) -> Iterator[list[list[int]]]:
    """Every way to split the items into groups of at most MAX_FACTORS, each group in the items' order."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for size in range(min(MAX_FACTORS, len(items))):
        for others in combinations(rest, size):
            for grouping in _groupings([i for i in rest if i not in others]):
                yield [[first, *others], *grouping]


def _unit_of(group: list[int], units: list[Unit]) -> Unit:
    unit = units[group[0]]
    for i in group[1:]:
        unit = combine(unit, units[i], 1)
    return unit


def _units(text: str, most: int) -> tuple[Reading, list[str], list[Unit]] | None:
    """The question's reading, its numbers and their units, where it has three to `most` numbers, every unit is read
    and a unit is asked; else None."""
    reading = read_quantities(text)
    found = NUMBER.findall(reading.text)
    if not reading.complete or reading.asked is None or not 3 <= len(found) <= most or len(reading.numbers) != len(
            found) or None in reading.numbers.values():
        return None
    return reading, found, as_people([reading.numbers[Fraction(n)] for n in found])


def _amounts(text: str, most: int) -> tuple[list[str], list[list[list[int]]]] | None:
    """The question's numbers and every way to group them into two or more amounts of the unit asked, one of them a
    product (three to `most` numbers, every unit read, no rate asked), or None."""
    if not (read := _units(text, most)) or any(p < 0 for _, p in read[0].asked):
        return None
    reading, found, units = read
    return found, [grouping for grouping in _groupings(list(range(len(found))))
                   if len(grouping) > 1 and any(len(group) > 1 for group in grouping)
                   and all(fits(_unit_of(group, units), reading.asked, exact=True) for group in grouping)]


def _one(programs: list[str]) -> str | None:
    values = {evaluate(program).value for program in programs}
    return programs[0] if len(values) == 1 and values.pop() >= 0 else None


def sum_of_products_reading(text: str) -> str | None:
    """The one sum of two or more amounts of the unit asked, one of them a product, over all the question's
    numbers, or None (module docstring)."""
    words = read_quantities(text).text  # the question with its currencies as "money"
    if NOT_ADDED.search(words) or RATE_OF_EACH.search(words) or BOTH_PER.search(words) or SOLD.search(words) and \
            BOUGHT.search(words) or not (amounts := _amounts(text, MAX_NUMBERS)):
        return None
    found, groupings = amounts
    return _one([" + ".join(" * ".join(found[i] for i in group) for group in grouping) for grouping in groupings])


LEFT_ASKED = re.compile(r"\b(?:how\s+(?:many|much)|what)\b[^.?!,]*\b(?:left|left\s+over|leftover|remain\w*|spare)\b"
                        r"[^.?!,]*[?.!]*$")
# Words that add to what there is, or do another thing than take amounts away from it
NOT_TAKEN = re.compile(r"\b(?:more|another|extra|added|adds?|plus|received|donated|delivered|arrived|joined|refill\w*"
                       r"|top(?:s|ped)?\s+up|gets?|got|earn\w*|each\s+way|half|twice|double|triple"
                       r"|percent|shar\w*|split|between|average|mean|times|if|than|every\s+other)\b|%|[=^÷/]")


def left_of_products_reading(text: str) -> str | None:
    """"we had 7 trays of 24 plants and sold 59 plants today, how many plants left" -> 7 * 24 - 59: what is left of
    the first amount said when the others are taken from it, each amount of the unit asked and one a product; three
    or four numbers, "left" asked and no word that adds or does another thing."""
    words = read_quantities(text).text
    if not LEFT_ASKED.search(words) or NOT_TAKEN.search(words) or not (amounts := _amounts(text, 4)):
        return None
    found, groupings = amounts
    return _one([" - ".join(" * ".join(found[i] for i in group) for group in grouping) for grouping in groupings])


SUMMED_NOT = re.compile(r"\b(?:if|would|could|clear\w*|over|above|beyond|excess|first|after|(?:i|we)\s+pay)\b")
RATE_SAID = re.compile(r"\s*(?:money\s+)?(?:[a-z]+\s+)?(?:per|a|an|each|every|/)\b")  # "£4.50 a night", "6 each"


def summed_rates_reading(text: str) -> str | None:
    """"pitch is £28 a night plus £4.50 a night for electric hook up, what's the total for 5 nights" -> (28 + 4.50) * 5:
    two rates of one unit, each said as a rate, added and multiplied by what they are for; or two amounts of one
    unit added and multiplied by a rate ("worked 3.5hrs monday and 4.25hrs tuesday at 11.40/hr" -> (3.5 + 4.25) *
    11.40); where that alone of the ways to use the three numbers gives the unit asked, no number is a stated rate's
    one, and no word takes away, shares, compares, sets a threshold or supposes."""
    if not (read := _units(text, 3)):
        return None
    reading, found, units = read
    if "1" in found or NOT_ADDED.search(reading.text) or RATE_OF_EACH.search(reading.text) or SUMMED_NOT.search(
            reading.text) or any(all(fits(_unit_of(group, units), reading.asked, exact=True) for group in grouping)
                                 for grouping in _groupings([0, 1, 2])):
        return None  # a product or a sum of products is read as one (rates.py, sum_of_products_reading)
    ends = [m.end() for m in NUMBER.finditer(reading.text)]
    rate = [any(p < 0 for _, p in unit) for unit in units]
    said = [bool(RATE_SAID.match(reading.text, end)) for end in ends]  # rates said as rates
    named = [noun_after(reading.text[end:])[0] is not None for end in ends]  # amounts said with their unit
    programs = [f"({found[i]} + {found[j]}) * {found[k]}" for i, j, k in ((0, 1, 2), (0, 2, 1), (1, 2, 0))
                if units[i] == units[j] and fits(combine(units[i], units[k], 1), reading.asked, exact=True)
                and (rate[i] and said[i] and said[j] and not rate[k]
                     or not rate[i] and named[i] and named[j] and rate[k])]
    return programs[0] if len(programs) == 1 else None
