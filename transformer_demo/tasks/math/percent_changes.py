"""A percentage change asked between two amounts of one thing, its base fixed by the direction asked:

    direction_change_reading("we sold 1250 boxes in may and 1500 in june whats the percentage increase")
        -> pct((1500 - 1250) / 1250)
    direction_change_reading("took 2100 sunday and only 840 monday, what percent did takings fall by")
        -> pct((2100 - 840) / 2100)
    direction_change_reading("i wanted £8 for a lamp but let it go for £6, what % off is that")
        -> pct((8 - 6) / 8)

An increase ("percentage increase", "% more", "percent longer", "percent profit") goes from the smaller amount to
the larger, so it is a percentage of the smaller; a decrease ("% off", "percentage drop", "percent less") goes from
the larger to the smaller, a percentage of the larger. So the reading needs no order of the two amounts, where
percentages.change_reading reads one ("from 400 to 420"). Both numbers must be amounts of the thing, not a change
("lost 4.5 kg from 90 kg", "a rise of 20", "12 more"), and nothing asked may name another base ("profit as a percent
of the selling price").
"""
from __future__ import annotations

import re
from fractions import Fraction

from .asked import given_and_asked
from .measures import MEASURES
from .percent_words import DOWN_NEAR, UP_NEAR
from .percentages import PERCENT, old_and_new
from .quantities import read_quantities
from .reading import NUMBER

PERCENT_WORD = re.compile(r"%|\bper\s*cent\b|\bpercent(?:age)?\b")
STILL_TO_GO = re.compile(r"\b(?:need\w*|to\s+go|left|remain\w*|still)\b")  # "what percent more do i need"
# A base named, other than what an increase starts from ("profit as a percentage of the selling price", "profit
# margin", "as a % of the quote"); a decrease's base is what it starts from, whatever it is called.
MARGIN = re.compile(r"\bmargin\b")
BASE_NAMED = re.compile(r"\bof\s+(?:the\s+|my\s+|our\s+|its\s+|his\s+|her\s+|their\s+)?(?!(?:cost|costs|cost\s+price"
                        r"|purchase\s+price|buying\s+price|what)\b)[a-z]+")
CHANGE = (r"lost|los(?:e|es|ing)|gain(?:ed|s)?|put\s+on|sav(?:e|ed|es|ing)|dropped|drops?|fell|falls?|rose|rises?"
          r"|grew|grows?|increased|decreased|reduced|cut|knocked|added|adds?|extra|off|up|down|by|more|less|fewer"
          r"|rise|increase|decrease|drop|fall|saving|discount|reduction|raise")
# "lost 4.5", "a rise of 20"; not "up from 70", "down to 18"
CHANGE_BEFORE = re.compile(rf"\b(?:{CHANGE})\s+(?:(?!to\b|from\b|at\b)[a-z$€£]+\s+){{0,2}}?[$€£]?$")
CHANGE_AFTER = re.compile(r"^\s*(?:[a-z]+\s+)?(?:more|less|fewer|extra|off|cheaper|dearer|higher|lower|longer|shorter"
                          r"|up|down)\b(?!\s+to\b)")  # "12 more", "£3 off"; not "24 cars/hr down to 18"
OTHER_WORDS = re.compile(r"\b(?:each|every|times|twice|half|average|out\s+of|per\s+(?:year|annum)|a\s+year\s+for"
                         r"|faster|slower|quicker|error|points?)\b|\bof\s+(?:the|my|our|his|her|their)\s+\d|\d\s*/\s*\d")


def _a_change(text: str, number: re.Match) -> bool:
    """Is the number a change said ("lost 4.5 kg", "12 more") rather than an amount?"""
    return bool(CHANGE_BEFORE.search(text[max(0, number.start() - 30): number.start()])
                or CHANGE_AFTER.match(text[number.end():]))


def _one_kind(text: str, numbers: list[str]) -> bool:
    """Are the two numbers, where both are read as measures or money, amounts of one measure ("£950 a month",
    "£820"; not "5 km" and "30 minutes")?"""
    units = read_quantities(text).numbers
    measured = [{name for name, power in units.get(Fraction(n)) or () if power > 0 and name in MEASURES}
                for n in numbers]
    return not all(measured) or bool(measured[0] & measured[1])


def _against_order(text: str, up: bool) -> bool:
    """Does the question say its amounts in an order ("from 400 to 420", "bought at 20, sold at 15") that goes the
    other way than the direction asked?"""
    if not (said := old_and_new(text)):
        return False
    old, new, _ = said
    return (Fraction(new) > Fraction(old)) != up


def direction_change_reading(text: str) -> str | None:
    """The percentage change between the question's two amounts, of the smaller where an increase is asked and of
    the larger where a decrease is (module docstring), or None."""
    found = list(NUMBER.finditer(text))
    numbers = [m[0] for m in found]
    if len(numbers) != 2 or PERCENT.search(text) or OTHER_WORDS.search(text) or not all(map(Fraction, numbers)):
        return None
    given, asked = given_and_asked(text)
    if not PERCENT_WORD.search(asked) or MARGIN.search(asked) or any(_a_change(text, m) for m in found):
        return None
    up, down = UP_NEAR.search(asked), DOWN_NEAR.search(asked)
    if up and BASE_NAMED.search(asked):
        return None
    small, large = sorted(numbers, key=Fraction)
    if bool(up) == bool(down) or small == large or STILL_TO_GO.search(asked) or not _one_kind(text, numbers):
        return None
    said = up or down
    if re.search(rf"\b{said['word'] or said['before']}\b", given) or _against_order(text, bool(up)):
        return None  # "of 40 vans 6 are off the road, what percent are off": a state, not a change
    return f"pct(({large} - {small}) / {small if up else large})"
