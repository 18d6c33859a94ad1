"""The price of another amount at the same rate: one price said for one amount, and the price asked per unit or
for a size of that kind:

    unit_price_reading("500g box of cereal is £2.75, whats that per 100g")            -> "2.75 / 500 * 100"
    unit_price_reading("olive oil is £4.25 for 500ml, what's that per litre")         -> "4.25 / 500 * 1000"
    unit_price_reading("cheese is £3.20 for 250 g, what would a kilo cost")           -> "3.20 / 250 * 1000"
    unit_price_reading("season ticket is £570 for 19 home games, how much per game")  -> "570 / 19"
    unit_price_reading("2 kg bag of rice is £3.40, how many pence per 100 g")         -> "3.40 / 2000 * 100 * 100"
"""
from __future__ import annotations

import re
from fractions import Fraction

from .asked import given_and_asked
from .measures import SIZES, conversion, name_of, times_fraction
from .spoken import CENTS_ASKED

PRICE = re.compile(r"[$€£]\s*(\d+(?:\.\d+)?)(?![\d.])")
AMOUNT = re.compile(r"(?<![\d.$€£])(\d+(?:\.\d+)?)\s*([a-z]+)(?:\s+([a-z]+))?(?:\s+([a-z]+))?")
ASKED = re.compile(r"\b(?:per|a|an|each|for\s+(?:a|an|one))\s+(?:(\d+(?:\.\d+)?)\s*)?([a-z]+)\b"
                   r"|\bwhat\s+(?:would|will|does|do)\s+(?:a|an|one)\s+([a-z]+)\s+cost\b")
# Two offers compared, a deal, or a rate already given: no one price for one amount.
COMPARED = re.compile(r"\b(?:or|cheaper|cheapest|dearer|better|best|which|compare\w*|versus|vs|save\w*|deal|offer"
                      r"|discount\w*|off)\b|%")
RATE_GIVEN = re.compile(r"\b(?:each|per|every)\b|\d\s*(?:[a-z]+\s+)?(?:a|an)\s+[a-z]+")  # "£18.40 a kilo"


def _amount(given: str, asked_name: str) -> tuple[str, str] | None:
    """The one number of the given words said in the asked unit's kind (or counting the asked thing): (number,
    its unit name)."""
    found = []
    for m in AMOUNT.finditer(PRICE.sub(" ", given)):
        names = [name_of(w) for w in m.groups()[1:] if w]
        if SIZES.get(names[0] or "") and SIZES.get(asked_name) and SIZES[names[0]][0] == SIZES[asked_name][0]:
            found.append((m[1], names[0]))
        elif asked_name in names and not SIZES.get(asked_name):
            found.append((m[1], asked_name))
    return found[0] if len(found) == 1 else None


def unit_price_reading(text: str) -> str | None:
    """The price per unit or per size asked, from the one price and the one amount given (module docstring)."""
    given, asked = given_and_asked(text)
    prices, asked_at = PRICE.findall(given), ASKED.search(asked)
    if len(prices) != 1 or not asked_at or PRICE.search(asked) or COMPARED.search(text) or RATE_GIVEN.search(given):
        return None
    size, word = (asked_at[1], asked_at[2]) if asked_at[2] else (None, asked_at[3])
    asked_name = name_of(word)
    if asked_name is None or asked_name in ("money", "cent") or len(re.findall(r"\d+(?:\.\d+)?", given)) != 2:
        return None
    amount = _amount(given, asked_name)
    if amount is None or re.search(r"\d", asked.replace(size or "", "", 1)):
        return None
    number, unit = amount
    if unit != asked_name and conversion(asked_name, unit) is None:
        return None
    factor = (Fraction(size) if size else 1) * (conversion(asked_name, unit) or 1)
    return times_fraction(f"{prices[0]} / {number}", factor * (100 if CENTS_ASKED.search(asked) else 1))
