"""The precision a question asks its answer in, and the answer written in it:

    "What is 7 divided by 8, to 2 decimal places?"            -> 2 places: 0.88 (exactly, 0.875)
    "How many km is 26 miles, to 1 dp?"                        -> 1 place
    "... to the nearest whole number / penny / tenth"          -> 0 / 2 / 1 places

A question that asks for none gets the exact value where its decimals end within program.EXACT_PLACES and two
decimals otherwise (program.format_number). The answer check compares the exact value either way.
"""
from __future__ import annotations

import re

from .program import Result, rounded
from .spoken import CENTS_ASKED

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
PLACES = re.compile(r"\b(\d|one|two|three|four|five)\s*(?:decimal\s+places?|decimal\s+points?|dps?\b|d\.\s*p\.?)",
                    re.IGNORECASE)
NEAREST = {"whole": 0, "integer": 0, "unit": 0, "one": 0, "pound": 0, "dollar": 0, "euro": 0, "tenth": 1,
           "hundredth": 2, "penny": 2, "pence": 2, "cent": 2, "thousandth": 3,
           **dict.fromkeys(("km", "kilometre", "kilometer", "metre", "meter", "m", "cm", "mm", "mile", "foot", "feet",
                            "inch", "yard", "kg", "kilo", "gram", "g", "litre", "liter", "ml", "minute", "min", "hour",
                            "second", "sec", "day", "week", "month", "year", "degree", "percent", "calorie", "person",
                            "mph", "mpg"), 0)}  # "to the nearest km": a whole number of them
NOT_WHOLE = ("ten", "hundred", "thousand", "million", "half", "quarter", "fifth", "five", "decimal", "significant")
# "to the nearest step", "nearest km": any other thing counted is a whole number of it
NEAREST_ASKED = re.compile(rf"\bnearest\s+({'|'.join(NEAREST)}|(?!(?:{'|'.join(NOT_WHOLE)}))[a-z]+?)(?:s|es)?\b",
                           re.IGNORECASE)
MAX_PLACES = 6
# The words that ask for a precision, taken off before a question's numbers are counted: its 2 is no operand.
ASKED = re.compile(rf"[\s,(]*(?:(?:correct|rounded|round)\s+)?(?:to|in|at)\s+{PLACES.pattern}\)?"
                   rf"|[\s,(?.!]+{PLACES.pattern}\)?(?=[\s.?!]*(?:please|pls|thanks)?[\s.?!]*$)"  # "km? 1 dp"
                   rf"|[\s,(]*(?:(?:correct|rounded|round)\s+)?to\s+the\s+{NEAREST_ASKED.pattern[2:]}(?:\s+number)?\)?",
                   re.IGNORECASE)


def places_asked(question: str) -> int | None:
    """The number of decimals the question asks its answer rounded to, or None where it asks none."""
    found = [WORDS.get(m.group(1).lower()) or int(m.group(1)) for m in PLACES.finditer(question)]
    in_minor = CENTS_ASKED.search(question)  # "in pence to the nearest penny": a whole number of them
    found += [0 if in_minor and m.group(1).lower() in ("penny", "pence", "cent") else NEAREST.get(m.group(1).lower(), 0)
              for m in NEAREST_ASKED.finditer(question)]
    return found[0] if len(set(found)) == 1 and found[0] <= MAX_PLACES else None


def without_precision(question: str) -> str:
    """"What is 7 divided by 8, to 2 decimal places?" -> "What is 7 divided by 8?": the calculation alone."""
    return ASKED.sub("", question) if isinstance(question, str) else question


CHANCE = re.compile(r"\b(?:probability|chance|likelihood)\b", re.IGNORECASE)
PERCENT_SAID = re.compile(r"%|\bper\s*cent", re.IGNORECASE)


def written(result: Result, question: str) -> str:
    """The answer written to the precision the question asks (a percentage in percent, a chance not asked as
    one to its decimal places as a decimal: "the probability of more than 4, to 2 decimal places" is 0.33), else
    as format_number writes it."""
    places = places_asked(question)
    if places is None:
        return str(result)
    percent = result.is_percent and not (CHANCE.search(question) and PLACES.search(question)
                                         and not PERCENT_SAID.search(question))
    return rounded(result.value * (100 if percent else 1), places) + ("%" if percent else "")
