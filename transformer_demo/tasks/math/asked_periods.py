"""The periods a question's money or amount is asked for, beside the unit it asks (quantities.Reading):

    periods_asked(money, {...}, "what's my weekly pay")                     -> [money per week]   (a week's too)
    periods_asked(money per one, {2460: money per week}, "how much each")   -> [money per week per one]
        ("villa is £2460 for the week split between 6 of us": asked with no period, for the one it is given for)
"""
from __future__ import annotations

import re
from fractions import Fraction

from .measures import Unit, rate_unit

# "my weekly pay", "how much a year": money asked for a period, where the numbers may give it
PERIODIC = re.compile(r"\b(dai|week|month|year|hour|night)ly\b|\b(annual)(?:ly)?\b"
                      r"|\b(?:per|a|an|each|every)\s+(day|week|month|year|hour|night)\b")
PERIODS = {"dai": "day", "annual": "year"}
TIME_PERIODS = {"hour", "day", "night", "week", "fortnight", "month", "year"}
PERIOD_SAID = re.compile(r"\b(?:a|an|per|each|every|the|for|in|over|this|that|one|\d+)\s+(?:hour|day|night|week"
                         r"|fortnight|month|year)s?\b|\b(?:hour|dai|night|week|fortnight|month|year)ly\b|\bannual"
                         r"|\b(?:total|altogether|all)\b")  # "how much a week", "in total"; not "how many hours"
MONEY = ((("money", 1),), (("cent", 1),))


def periods_asked(asked: Unit | None, numbers: dict[Fraction, Unit | None], asked_clause: str) -> list[Unit]:
    """The units the question asks beside `asked` (module docstring): money asked with a period word ("weekly
    pay") is money per that period; an amount asked with no period, where the question's one period is the one an
    amount is given for, is asked per that period."""
    if not asked:
        return []
    if asked in MONEY and (period := PERIODIC.search(asked_clause)):
        said = next(g for g in period.groups() if g)
        return [rate_unit(asked[0][0], PERIODS.get(said, said))]
    periods = {n for u in numbers.values() if u for n, p in u if p == -1 and n in TIME_PERIODS}
    if len(periods) != 1 or periods & {n for n, _ in asked} or PERIOD_SAID.search(asked_clause):
        return []
    return [tuple(sorted({**dict(asked), periods.pop(): -1}.items()))]
