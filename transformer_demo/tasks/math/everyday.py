"""Everyday word problems with one exact reading: a quantity in other units, a total of things counted, an age
then or later, the minutes between two clock times, the gap between two amounts compared, a percentage of a whole,
and how many groups of a rate's unit make a whole.

    how many minutes are in 3 hours                                    -> 3 * 60
    A school has 412 girls and 389 boys. How many students in total?    -> 412 + 389
    In 26 years my daughter will be 31. How old is she now?             -> 31 - 26
    the bus left at 14:25 and arrived at 17:10, how many minutes?       -> (17 * 60 + 10) - (14 * 60 + 25)
    our team scored 71 goals and the rival team 46. how many more?      -> 71 - 46
    in a class of 40 kids 65% are girls. how many girls?                -> 65 / 100 * 40
    the printer does 25 pages per minute. how many minutes for 850 pages -> 850 / 25

Each reader names the words its reading needs and the words that would make it another question, and every
number of the question must have its place; anything else is None (formulas.read_formula: only a question that
exactly one reader reads gets a value).
"""
from __future__ import annotations

import re
from fractions import Fraction

from .reading import NUMBER, N

COUNTED = re.compile(r"(\d+)\s+([a-z]+)")

NOT_KINDS = {"of", "are", "is", "was", "were", "more", "less", "fewer", "them", "in", "out", "have", "has", "left",
             "each", "times", "per", "percent", "to", "from", "and", "or"}
# Units one quantity is converted between, by dimension: each unit's size in the dimension's smallest unit here.
UNITS_OF = {
    "time": {r"seconds?|secs?": 1, r"minutes?|mins?": 60, r"hours?|hrs?": 3600, r"days?": 86400, r"weeks?": 604800},
    "length": {r"millimet(?:er|re)s?|mm": 1, r"centimet(?:er|re)s?|cm": 10, r"met(?:er|re)s?|m": 1000,
               r"kilomet(?:er|re)s?|km": 1000000},
    "imperial length": {r"inch(?:es)?": 1, r"foot|feet|ft": 12, r"yards?|yd": 36, r"miles?": 63360},
    "mass": {r"grams?|g": 1, r"kilograms?|kilos?|kg": 1000},
    "volume": {r"millilit(?:er|re)s?|ml": 1, r"lit(?:er|re)s?|l": 1000},
}
UNIT = "|".join(pattern for units in UNITS_OF.values() for pattern in units)
CONVERSIONS = (  # (pattern, group of the number, of the unit it is in, of the unit asked for)
    (re.compile(rf"\bhow\s+many\s+({UNIT})\s+(?:are\s+)?(?:there\s+)?(?:in|is|make|makes)\s+(?:a\s+)?{N}\s*({UNIT})\b"),
     2, 3, 1),
    (re.compile(rf"^(?:convert\s+|change\s+|what\s+is\s+|what's\s+)?{N}\s*({UNIT})\s+(?:in|into|to|in\s+terms\s+of)"
                rf"\s+({UNIT})$"), 1, 2, 3),
)


def _size(unit: str) -> tuple[str, int] | None:
    return next(((dimension, size) for dimension, units in UNITS_OF.items() for pattern, size in units.items()
                 if re.fullmatch(pattern, unit)), None)


def _conversion(text: str) -> str | None:
    """"how many minutes are in 3 hours" -> "3 * 60": one number in one unit, asked for in another of its kind."""
    text = text.rstrip("?.! ")
    for pattern, number, given, asked in CONVERSIONS:
        match = pattern.search(text)
        if match and len(NUMBER.findall(text)) == 1:
            sizes = _size(match.group(given)), _size(match.group(asked))
            if None in sizes or sizes[0][0] != sizes[1][0] or sizes[0][1] == sizes[1][1]:
                return None
            ratio = Fraction(sizes[0][1], sizes[1][1])
            times = f" * {ratio.numerator}" if ratio.numerator > 1 else ""
            return match.group(number) + times + (f" / {ratio.denominator}" if ratio.denominator > 1 else "")
    return None


TOTAL = re.compile(r"\b(?:altogether|all\s+together|in\s+total|in\s+all|total|combined)\b")
NOT_A_SUM = re.compile(r"\b(?:each|every|per|times|twice|double|half|triple|rows?|groups?|of|with|holds?|contains?"
                       r"|left|remain\w*|more\s+than|less|fewer|change|back|gave|give[sn]?|lost|lose|ate|eat|sold|sell"
                       r"|used|broke|away|off|minus|difference|average|mean|chance|probability|now|x)\b|[%=*/^×÷-]")
OWNED, SPENT = r"\b(?:had|have|has|got|earned|saved)\b", r"\b(?:spen[dt]|paid|pay|buys?|bought|costs?)\b"
MEASURES = (r"dollars?|euros?|pounds?|cents?|pence|cm|mm|m|km|kg|g|l|ml|minutes?|hours?|days?|years?|miles?|metres?"
            r"|meters?")


def _singular(word: str) -> str:
    """buses -> bus, boxes -> box, cherries -> cherry, pages -> page."""
    if re.search(r"(?:ss|x|ch|sh|us)es$", word):
        return word[:-2]
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith(("ss", "us")) else word


def _total(text: str) -> str | None:
    """"A school has 412 girls and 389 boys. How many students are there in total?" -> 412 + 389: a question for a
    total, no word of another operation, every number counting things; the counted things are all alike (27
    dollars, 45 dollars) or all different and none of them the thing asked for ("a pack has 10 cards, I buy 4
    packs: how many cards in total" is no sum), and a measure is never added to a count."""
    if not TOTAL.search(text) or NOT_A_SUM.search(text) or re.search(OWNED, text) and re.search(SPENT, text):
        return None  # "I had 10 dollars and spent 4: how much in total?" is no sum
    counted = [(n, _singular(w)) for n, w in COUNTED.findall(text)]
    if len(counted) < 2 or len(counted) != len(NUMBER.findall(text)) or {w for _, w in counted} & NOT_KINDS:
        return None
    kinds = {w for _, w in counted}
    asked = re.search(r"\bhow\s+(?:many|much)\s+([a-z]+)", text)
    measured = {bool(re.fullmatch(MEASURES, w)) for w in kinds}
    alike = len(kinds) == 1
    apart = len(kinds) == len(counted) and not (asked and _singular(asked.group(1)) in kinds)
    return " + ".join(n for n, _ in counted) if (alike or apart) and len(measured) == 1 else None



AGES = (  # (pattern, program): "is 13 ... how old will she be in 8 years" -> 13 + 8
    (rf"\b(?:is|am|are|i'm|turned)\s+{N}(?:\s+years?(?:\s+old)?)?\b.*\bhow\s+old\s+(?:will|would)\s+\w+\s+be\s+in\s+{N}"
     r"\s+years?\b", "{0} + {1}"),
    (rf"\b(?:is|am|are|i'm)\s+{N}(?:\s+years?(?:\s+old)?)?\b.*\bhow\s+old\s+(?:was|were)\s+\w+\s+{N}\s+years?\s+ago\b",
     "{0} - {1}"),
    (rf"\bin\s+{N}\s+years?\b.*\bwill\s+be\s+{N}\b.*\bhow\s+old\s+(?:is|am|are)\s+\w+(?:\s+now)?\b", "{1} - {0}"),
    (rf"\b{N}\s+years?\s+ago\b.*\b(?:was|were)\s+{N}\b.*\bhow\s+old\s+(?:is|am|are)\s+\w+(?:\s+now)?\b", "{1} + {0}"),
)
CLOCK = re.compile(r"\b([01]?\d|2[0-3]):([0-5]\d)\b")
COMPARED = re.compile(r"\bhow\s+(?:many|much)\s+(?:\w+\s+)?(?:more|fewer|less|older|younger|taller|shorter|longer|"
                      r"heavier|lighter|bigger|smaller|further|farther)\b")
NOT_A_GAP = re.compile(r"\b(?:more|fewer|less|older|younger|taller|shorter|longer|heavier|lighter|bigger|smaller)"
                       r"\s+than\s+(?:\w+\s+){0,2}?\d|\d+\s+(?:more|fewer|less)\b|\b(?:times|twice|half|each|every|per|%|percent"
                       r"|left|after|spent|gave|total|altogether)\b|[=*/^%+-]")
PERCENT_OF_WHOLE = re.compile(rf"{N}\s*(?:%|percent|per\s+cent)")
CHANGED_WHOLE = re.compile(r"\b(?:increase\w*|decrease\w*|raise\w*|more|less|off|after|final|new|pay|paid|left"
                           r"|remain\w*|total|including|plus|with|what\s+(?:percent|%)|what\s+percentage|of\s+what)\b")
RATE = re.compile(rf"{N}\s+([a-z]+)\s+(?:per|a|an|every|each)\s+([a-z]+)\b|\b(?:every|each|per)\s+([a-z]+)\s+"
                  rf"(?:\w+\s+){{0,2}}?{N}\s+([a-z]+)")


def _age(text: str) -> str | None:
    if len(NUMBER.findall(text)) != 2:
        return None
    readings = [program.format(*m.groups()) for pattern, program in AGES if (m := re.search(pattern, text))]
    return readings[0] if len(readings) == 1 else None


def _clock(text: str) -> str | None:
    """Minutes from the first clock time to the second, later one on the same day."""
    times = CLOCK.findall(text)
    if len(times) != 2 or len(NUMBER.findall(text)) != 4 or not re.search(r"\bhow\s+(?:many\s+minutes|long)\b", text):
        return None
    (h1, m1), (h2, m2) = times
    if int(h2) * 60 + int(m2) <= int(h1) * 60 + int(m1) or re.search(r"\b(?:pm|am|hours?|next\s+day)\b", text):
        return None
    return f"({int(h2)} * 60 + {int(m2)}) - ({int(h1)} * 60 + {int(m1)})"


def _gap(text: str) -> str | None:
    """"grandma is 83 and I am 19: how many years older is she?" -> 83 - 19: two amounts compared, nothing else."""
    numbers = NUMBER.findall(text)
    if len(numbers) != 2 or not COMPARED.search(text) or NOT_A_GAP.search(text):
        return None
    a, b = sorted(numbers, key=Fraction, reverse=True)
    return f"{a} - {b}"


def _percent_of_whole(text: str) -> str | None:
    """"in a class of 40 kids 65% are girls, how many girls?" -> 65 / 100 * 40: a percentage of the one other
    number, asked as an amount ("how many", "how much is the tip"), the whole not changed by it."""
    numbers = NUMBER.findall(text)
    percent = PERCENT_OF_WHOLE.findall(text)
    if len(numbers) != 2 or len(percent) != 1 or not re.search(r"\bhow\s+(?:many|much)\b", text) \
            or CHANGED_WHOLE.search(text):
        return None
    whole = next(n for n in numbers if n != percent[0]) if numbers[0] != numbers[1] else None
    return f"{percent[0]} / 100 * {whole}" if whole else None


def _groups(text: str) -> str | None:
    """"25 pages per minute: how many minutes to print 850 pages?" -> 850 / 25: the question asks how many of a
    rate's units (minutes, buses) make the other number (850 pages, 392 students)."""
    asked = re.search(r"\bhow\s+many\s+([a-z]+)", text)
    numbers = NUMBER.findall(text)
    if not asked or len(numbers) != 2 or re.search(r"%|percent|left|more|fewer|total|altogether|times", text):
        return None
    for m in RATE.finditer(text):
        rate, thing, unit = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(5), m.group(6), m.group(4))
        if _singular(unit) == _singular(asked.group(1)) and _singular(thing) != _singular(unit):
            whole = next((n for n in numbers if n != rate), None)
            return f"{whole} / {rate}" if whole else None
    return None


def everyday_readings(text: str) -> list[str]:
    """Every everyday reading of a lower-cased question (none, one, or several that then rule each other out)."""
    return [r for r in (_conversion(text), _total(text), _age(text), _clock(text), _gap(text), _percent_of_whole(text),
                        _groups(text)) if r]
