"""Compound growth: an amount that grows (or falls) by the same percentage each period, for a number of periods.

    growth_reading("1000 at 5% interest compounded yearly for 2 years, how much at the end")
        -> 1000 * (1 + 5 / 100) ^ 2
    growth_reading("15000 at 4% compounded annually, how much interest after 3 years")
        -> 15000 * (1 + 4 / 100) ^ 3 - 15000
    growth_reading("monthly sales of 5000 grow by 4% each month, what will they be after 2 months")
        -> 5000 * (1 + 4 / 100) ^ 2

and simple interest, the same amount each year:

    interest_reading("£2000 is invested at 3% per year simple interest. How much interest is earned in 4 years?")
        -> 2000 * 3 / 100 * 4
"""
from __future__ import annotations

import re

from .asked import asked_words
from .percentages import PERCENT
from .reading import NUMBER, N

PERIOD = r"(?:year|month|week|day|annum)"
COMPOUND = re.compile(rf"\bcompound(?:ed|ing)?\b(?:\s+(?:interest|annually|yearly|monthly|each\s+{PERIOD}"
                      rf"|every\s+{PERIOD}|per\s+{PERIOD}|a\s+{PERIOD}))?")
CHANGES = (r"grows?|grew|growing|rises?|rose|increases?|falls?|fell|drops?|decreases?|shrinks?|loses?|lost"
           r"|depreciates?|goes\s+(?:up|down)")
EACH_PERIOD = re.compile(rf"\b(?:{CHANGES})\s+(?:by\s+)?{N}\s*(?:%|percent\b|per\s+cent\b)\s+"
                         rf"(?:of\s+(?:its|their|the)\s+value\s+)?(?:each|every|a|per)\s+({PERIOD})")
STATED = re.compile(r"\b(?:each|every|per|a)\s+(year|month|week|day|annum)\b|\b(annual|year|month|week|dai)ly\b")
NAMES = {"annual": "year", "annum": "year", "dai": "day"}  # "annually", "per annum", "daily"
PERIODS = re.compile(rf"{N}\s+({PERIOD})s?\b")
DOWN = re.compile(r"\b(?:falls?|fell|drops?|decreases?|shrinks?|goes\s+down|depreciat\w*|loses?|lost)\b")
OTHER_ASKED = re.compile(r"\bby\s+how\s+much\b|\bhow\s+much\s+(?:did|has|have|will|does|do)\s+(?:it|they|\w+)\s+(?:grow"
                         r"|rise|increase|fall|drop|go|lose|gain)|\bwhat\s+(?:percent|percentage|%)|\bhow\s+many\s+"
                         r"(?:percent|%)")  # the change or a percentage asked, not the amount
INTEREST_ASKED = re.compile(r"\b(?:how\s+much|what)\b[^.?!]*\binterest\b(?![^.?!]*\b(?:with|plus|including)\b)")

AMOUNT_ASKED = re.compile(r"\b(?:grows?|grown|comes?|come)\s+to\b|\bworth\b|\bbalance\b|\bend\s+up\s+with\b"
                          r"|\b(?:in\s+total|altogether)\b"  # "what £250 grows to at 4% compound interest"
                          r"|\bhave\b(?!\s+(?:earned|made|gained|paid|got\s+in\s+interest))")  # "how much i'll have"


def growth_reading(text: str) -> str | None:
    """The amount after compound growth, or the interest it earned where that is asked (module docstring): one
    rate, one number of periods of the rate's own kind, one amount, and the words that say it compounds."""
    numbers = re.findall(N, text)
    rates, periods = PERCENT.findall(text), PERIODS.findall(text)
    each = EACH_PERIOD.search(text)
    if len(numbers) != 3 or len(rates) != 1 or len(periods) != 1 or not (COMPOUND.search(text) or each) or \
            OTHER_ASKED.search(text):
        return None
    count, unit = periods[0]
    unit = "year" if unit == "annum" else unit
    stated = {NAMES.get(p, p) for pair in STATED.findall(text) for p in pair if p}
    if stated - {unit} or unit != "year" and not stated:
        return None  # "4% a month for 2 years", "compounded monthly for 3 years": periods of another kind
    amount = [n for n in numbers if n not in (rates[0], count)]
    if len(amount) != 1:
        return None
    sign = "-" if DOWN.search(text) else "+"
    grown = f"{amount[0]} * (1 {sign} {rates[0]} / 100) ^ {count}"
    if INTEREST_ASKED.search(text) and not AMOUNT_ASKED.search(text):
        return f"{grown} - {amount[0]}" if sign == "+" else None
    return grown


SIMPLE_INTEREST = re.compile(rf"{PERCENT.pattern}\s+(?:a|per|each|every)\s+(?:year|annum)\b[^.?!]*?\bsimple\s+interest"
                             rf"|\bsimple\s+interest\b[^.?!]*?{PERCENT.pattern}\s+(?:a|per|each|every)\s+(?:year|annum)\b"
                             rf"|{PERCENT.pattern}\s+simple\s+interest\b")  # a simple interest rate is a year's
YEARS = re.compile(rf"{N}\s+(?:years?|yrs?)\b")
WHOLE_ASKED = re.compile(r"\b(?:have|be\s+worth|worth|balance|pay\s+back|repay|owe)\b")  # the amount with its interest


def interest_reading(text: str) -> str | None:
    """"£2000 is invested at 3% per year simple interest. How much interest is earned in 4 years?" ->
    2000 * 3 / 100 * 4; asked for the amount at the end -> 2000 + 2000 * 3 / 100 * 4."""
    rate, years, numbers = SIMPLE_INTEREST.search(text), YEARS.findall(text), NUMBER.findall(text)
    if not rate or len(years) != 1 or len(numbers) != 3:
        return None
    percent = next(g for g in rate.groups() if g)
    principal = [n for n in numbers if n not in (percent, years[0])]
    if len(principal) != 1:
        return None
    interest = f"{principal[0]} * {percent} / 100 * {years[0]}"
    if re.search(rf"(?<![\d.]){re.escape(principal[0])}\s+(?:of\s+|in\s+)?interest\b", text):
        return f"{principal[0]} / ({percent} / 100 * {years[0]})"  # "to get £90 interest in 3 years": the sum put in
    asked = asked_words(text)
    if asked == text:  # no question word: the last clause asks ("..., final balance?")
        asked = re.split(r"[,;:]|\.(?!\d)", text.rstrip("?.! "))[-1]
    with_interest = re.search(r"\b(?:with|plus|including|and)\s+(?:the\s+|its\s+)?interest\b", asked)
    if re.search(r"\binterest\b", asked) and not with_interest:  # "how much interest will i have earned"
        return interest
    if with_interest or WHOLE_ASKED.search(asked) or re.search(r"\b(?:total|altogether|in\s+all|be)\b", asked):
        return f"{principal[0]} + {interest}"
    return None
