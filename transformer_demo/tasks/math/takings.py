"""A profit as the money taken less the money spent, each said in its own clause:

    takings_reading("Ingredients cost £37.50 and we took £162.40. What's our profit?")       -> "162.40 - 37.50"
    takings_reading("we sold 210 tix at £20 and costs came to £3150. profit?")             -> "210 * 20 - 3150"
    takings_reading("ingredients came to £28, board and box £6.50, charging £95, profit?")  -> None (a cost unsaid)
    takings_reading("sells at £3.50 and costs me £1.62. Sold 127. profit?")                -> None (127 is a count)

Each clause (between commas, full stops and "and") says one amount, or a count at a price ("210 tix at £20"), and
one word of taking ("took", "sold", "charging") or of spending ("cost", "spent", "paid"), never both; every number
of the question has its place, and only the whole profit is asked (not one item's, a share or a loss).
"""
from __future__ import annotations

import re

from .asked import given_and_asked
from .reading import NUMBER, N

TAKEN = re.compile(r"\b(?:took|take|takes|takings|sold|sell|sells|selling|charg(?:e|es|ed|ing)|raised|earned|made"
                   r"|revenue|income|brought\s+in|fetch(?:ed)?)\b")
SPENT = re.compile(r"\b(?:costs?|costing|spent|spend|paid|pay|bought|buy|came\s+to|expenses?|fees?|outlay)\b")
AT_PRICE = re.compile(rf"^[^\d]*?{N}\s+(?:[a-z]+\s+){{0,3}}?(?:at|for|@)\s*[$€£]?\s*{N}(?:\s*each)?[^\d]*$")
ONE_AMOUNT = re.compile(rf"^[^\d]*?[$€£]?\s*{N}(?![\d.]|\s*(?:p|pence|cents?|%|percent)\b)[^\d]*$")
PROFIT_ASKED = re.compile(r"\bprofit\b")
NOT_THE_PROFIT = re.compile(r"%|\b(?:percent|percentage|per|each|a\s+piece|apiece|margin|loss|left|unsold|kept|except"
                            r"|but|share|split|between|if|tax|vat)\b|\b(?:a|an|every|weekly|monthly|yearly|daily)\s+"
                            r"(?:week|month|year|day)\b")  # "a week": a rate; not "took £1240 this week"
PERIOD_ASKED = re.compile(r"\b(?:week|month|year|day)s?\b")
CURRENCY = re.compile(r"[$€£]")
CLAUSES = re.compile(r"[,;]\s*|\.\s+|\s+and\s+|\s+-\s+")


def _term(clause: str, in_money: bool) -> str | None:
    """A clause's amount as a program: its one number, or a count times a price. Where the question writes its
    money with a sign (in_money), a number without one is a count ("sold 127"), no amount."""
    if m := AT_PRICE.match(clause):
        return f"{m[1]} * {m[2]}"
    if in_money and not CURRENCY.search(clause):
        return None
    return m[1] if (m := ONE_AMOUNT.match(clause)) else None


def takings_reading(text: str) -> str | None:
    """The money taken less the money spent (module docstring), or None."""
    given, asked = given_and_asked(text)
    if not asked or asked == text or not PROFIT_ASKED.search(asked) or NOT_THE_PROFIT.search(text) or \
            PERIOD_ASKED.search(asked):
        return None
    taken, spent, used, in_money = [], [], 0, bool(CURRENCY.search(text))
    for clause in CLAUSES.split(given.strip(" ,.?!")):
        numbers = NUMBER.findall(clause)
        if not numbers:
            continue
        kinds = bool(TAKEN.search(clause)), bool(SPENT.search(clause))
        term = _term(clause, in_money)
        if term is None or kinds[0] == kinds[1]:
            return None
        (taken if kinds[0] else spent).append(term)
        used += len(numbers)
    if not taken or not spent or used != len(NUMBER.findall(text)):
        return None
    costs = spent[0] if len(spent) == 1 else f"({' + '.join(spent)})"
    return f"{' + '.join(taken)} - {costs}"
