"""Money made and money spent per part: a profit on things bought and sold at a price each, and a cost per
portion of a dish that serves some people.

    profit_reading("bought 60 candles at 2.50 each and sold them all for 4 each, profit?")    -> "60 * 4 - 60 * 2.50"
    unit_profit_reading("sell earrings at 7.50 a pair, materials cost 2.80 a pair, profit on 24 pairs")
                                                                                        -> "24 * 7.50 - 24 * 2.80"
    portion_reading("my lasagne serves 6 and the ingredients cost 9.90, cost per portion?")   -> "9.90 / 6"

Every number must have its place; anything else is None.
"""
from __future__ import annotations

import re
from fractions import Fraction

from .asked import given_and_asked
from .quantities import read_quantities
from .reading import NUMBER, N

MONEY = r"[$€£]?\s*"
BOUGHT = re.compile(rf"\b(?:bought|buy|buys|paid|pay|pays|got)\s+{N}\s+(?:[a-z]+\s+){{0,2}}?(?:at|for)\s+{MONEY}{N}\s*"
                    r"(?:each|a\s+piece|apiece|per\s+[a-z]+)\b")
SOLD = re.compile(rf"\b(?:sold|sell|sells|selling)\s+(?:them|these|those|it|each|each\s+one|all|them\s+all"
                  rf"|all\s+of\s+them|every\s+one)?\s*(?:all\s+)?(?:at|for)\s+{MONEY}{N}\s*(?:each|a\s+piece|apiece)?\b")
PROFIT_ASKED = re.compile(r"\b(?:profit|made|make|earn(?:ed|t)?|gain(?:ed)?)\b")
NOT_ONE_PROFIT = re.compile(r"%|\b(?:percent|percentage|loss|each\s+profit|profit\s+(?:per|on\s+each|each)|left|broke"
                            r"|unsold|kept|except|but)\b")


def profit_reading(text: str) -> str | None:
    """"bought 60 candles at 2.50 each and sold them all for 4 each, profit?" -> 60 * 4 - 60 * 2.50: the money
    made on a number of things bought and all sold, each at a price."""
    bought, sold = BOUGHT.search(text), SOLD.search(text)
    if not bought or not sold or sold.start() < bought.end() or not PROFIT_ASKED.search(text, sold.end()):
        return None
    count, cost = bought.groups()
    if len(NUMBER.findall(text)) != 3 or NOT_ONE_PROFIT.search(text):
        return None
    return f"{count} * {sold.group(1)} - {count} * {cost}"


BOUGHT_ALL = re.compile(rf"\b(?:bought|buy|buys|got)\s+{N}\s+(?:[a-z]+\s+){{0,2}}?(?:for|at)\s+{MONEY}{N}(?![\d.])"
                        r"(?!\s*(?:each|a\s+piece|apiece|per)\b)")
PER_ITEM_ASKED = re.compile(r"\bprofit\s+(?:per|on\s+each|for\s+each|on\s+one|each)\b"
                            r"|\b(?:each|per)\s+[a-z]+\s+profit\b")


def item_profit_reading(text: str) -> str | None:
    """"bought 50 mugs for £150 total and sell them for £8 each, what's my profit per mug" -> 8 - 150 / 50: the
    price each less the cost of one, from what all of them cost."""
    bought, sold = BOUGHT_ALL.search(text), SOLD.search(text)
    if not bought or not sold or sold.start() < bought.end() or not PER_ITEM_ASKED.search(text, sold.end()):
        return None
    count, total = bought.groups()
    if len(NUMBER.findall(text)) != 3 or not float(count) or re.search(r"%|\b(?:percent|loss|left|unsold)\b", text):
        return None
    return f"{sold.group(1)} - {total} / {count}"


SELL_EACH = re.compile(rf"\b(?:sell|sells|selling|sold)\s+(?:[a-z]+\s+){{0,3}}?(?:at|for)\s+{MONEY}{N}\s*"
                       r"(?:a|an|each|per)\s+([a-z]+)")
COST_EACH = re.compile(rf"\b(?:cost|costs|costing)\s+(?:me\s+|us\s+)?{MONEY}{N}\s*(?:a|an|each|per)\s+([a-z]+)")
PROFIT_ON = re.compile(rf"\bprofit\s+(?:on|from|for|if\s+i\s+sell)\s+{N}\s+([a-z]+)")


def unit_profit_reading(text: str) -> str | None:
    """"I sell earrings at 7.50 a pair and the materials cost 2.80 a pair, what's my profit on 24 pairs" ->
    24 * 7.50 - 24 * 2.80: a price and a cost per one thing, and the profit on a number of them."""
    sold, cost, count = SELL_EACH.search(text), COST_EACH.search(text), PROFIT_ON.search(text)
    if not sold or not cost or not count or len(NUMBER.findall(text)) != 3 or NOT_ONE_PROFIT.search(text):
        return None
    things = {re.sub(r"s$", "", word) for word in (sold.group(2), cost.group(2), count.group(2))}
    return f"{count.group(1)} * {sold.group(1)} - {count.group(1)} * {cost.group(1)}" if len(things) == 1 else None


SERVES = re.compile(rf"\b(?:serves|feeds|makes\s+enough\s+for|is\s+enough\s+for|enough\s+for)\s+{N}\b"
                    rf"|\bmakes\s+{N}\s+(?:portions|servings|helpings|slices|bowls|plates)\b")
COST = re.compile(rf"\b(?:cost|costs|costing|came\s+to|comes\s+to|paid|spent|total(?:\s+of)?|is)\s+(?:me\s+|us\s+)?"
                  rf"(?:about\s+)?{MONEY}{N}")
PER_PORTION = re.compile(r"\b(?:per|each|a|every)\s+(?:portion|serving|helping|person|head|plate|slice|bowl)\b"
                         r"|\bhow\s+much\s+(?:is|does)\s+(?:one|each|a)\s+(?:portion|serving|helping|plate|slice|bowl)\b")


def portion_reading(text: str) -> str | None:
    """"my lasagne serves 6 and the ingredients cost 9.90 total, cost per portion?" -> 9.90 / 6: the cost of a
    dish that serves a number of people, asked per portion."""
    serves, cost = SERVES.search(text), COST.search(text)
    if not serves or not cost or not PER_PORTION.search(text) or len(NUMBER.findall(text)) != 2:
        return None
    people = serves.group(1) or serves.group(2)
    return f"{cost.group(1)} / {people}" if cost.group(1) != people and float(people) else None


NET_ASKED = re.compile(r"\b(?:profit|make|made|clear|cleared|net)\b|\bafter\s+(?:paying|costs|expenses|the\s+costs)\b")
COST_SAID = re.compile(r"\b(?:cost|costs|costing|spent|spend|paid|paying|pay|expenses?|hire|bill)\b[^,.;?!\d]*$")
NOT_NET = re.compile(r"%|\b(?:each\s+profit|per|loss|percent\w*)\b")  # a profit each, a percentage, a loss
SALE_SAID = re.compile(r"\b(?:sold|sell|sells|selling|entry|tickets?|charged?|came|took|takings)\b")


def net_takings_reading(text: str) -> str | None:
    """"raffle sold 350 tickets at £2 each and the prizes cost £180, how much profit did we make" -> 350 * 2 - 180:
    things sold at a price each, less every cost said, where the money made is asked; the count and the price must
    be of one thing ("£3 a person, 47 people came"), every other number money spent."""
    given, asked = given_and_asked(text)
    if not NET_ASKED.search(asked) or not SALE_SAID.search(given) or NOT_NET.search(asked):
        return None
    units = read_quantities(text).numbers
    found = list(NUMBER.finditer(given))
    if not 3 <= len(found) <= 4 or len(found) != len(NUMBER.findall(text)) or len(units) != len(found):
        return None
    sold = [(a, b) for a in found for b in found if a is not b and (unit := units.get(Fraction(b[0])))
            and len(unit) == 2 and ("money", 1) in unit
            and units.get(Fraction(a[0])) == ((next(n for n, p in unit if p < 0), 1),)]
    if len(sold) != 1:
        return None
    count, price = sold[0]
    costs = [m for m in found if m not in (count, price)]
    if any(units.get(Fraction(m[0])) != (("money", 1),) or not COST_SAID.search(given[: m.start()]) for m in costs):
        return None  # every other amount is money said to be spent: "the DJ cost £150"
    return f"{count[0]} * {price[0]} - " + " - ".join(m[0] for m in costs)
