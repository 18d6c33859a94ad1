"""Word problems about one amount that changes as a story goes on, with one exact reading each:

    there were 134 people on a train. at the next stop 29 got off and 17 got on. how many now?  -> 134 - 29 + 17
    lucy had 83 dollars. she bought a book for $17.49 and a pen for $3.25. how much is left?     -> 83 - 17.49 - 3.25
    maya buys 3 notebooks at £2.45 each and pays with a £10 note. how much change?               -> 10 - 3 * 2.45
    rent is 1850 a month split equally between 4 flatmates, how much does each person pay?      -> 1850 / 4

The story starts with an amount someone has (or a payment), and every later number is tied to one verb that
adds it or takes it away ("got off", "bought ... for", "arrived"); a number with no such verb, or a word of
another operation, and the reader says nothing (None).
"""
from __future__ import annotations

import re
from fractions import Fraction

from .asked import given_and_asked, other_period
from .measures import MEASURES, MONEY_WORDS
from .nouns import noun_after
from .quantities import read_quantities
from .reading import NUMBER, N

CURRENCY = r"[$€£¥₹]?\s*"
START = re.compile(rf"\b(?:had|has|have|made|baked|picked|collected|there\s+(?:were|are|was|is)"
                   rf"|started\s+(?:with|the\s+\w+\s+with)|begins?\s+with|began\s+with|holds?|held|contained|contains"
                   rf"|carried|carries)\s+(?:\w+\s+)?{CURRENCY}{N}")
TAKES = (r"came\s+to|comes\s+to"  # "the big shop came to 55.80": a cost
         r"|got\s+off|gets?\s+off|left|leaves?|gave(?:\s+away)?|gives?(?:\s+away)?|spen[dt]s?|ate|eats?|lost|loses?"
         r"|sold|sells?|used|uses?|broke|breaks?|threw\s+away|went\s+home|go(?:es)?\s+home|took|takes?|donated|donates?"
         r"|drank|drinks?|removed|removes?|paid|pays?|fell\s+off|flew\s+away|ran\s+away|withdrew|withdraws?|lent|lends?"
         r"|poured\s+(?:out|away|off)|pours?\s+(?:out|away|off)|drained|drains?|spilt|spilled|spills?|tipped\s+out")
ADDS = (r"(?:got|gets?|was|were|been)\s+paid"  # "then got paid 400": income, not a payment
        r"|(?:was|were|been|got|gets?|being)\s+(?:donated|given|sent|handed\s+in|dropped\s+off|brought\s+in|returned"
        r"|delivered)"  # "60 more were donated": given to the one who has them
        r"|got\s+on|gets?\s+on|joined|joins?|arrived|arrives?|came|comes?|found|finds?|received|receives?|earned|earns?"
        r"|won|wins?|added|adds?|picked|picks?|baked|bakes?|made|makes?|deposited|deposits?|collected|collects?|saved"
        r"|gets?|got")
BUYS = r"bought|buys?|purchased|purchases?"
GIVEN = r"(?:gives?|gave|hands?|handed|sends?|sent|lends?|lent|brings?|brought)\s+(?P<to>me|us|her|him|them)"
VERB = re.compile(rf"\b(?:(?P<given>{GIVEN})|(?P<takes>{TAKES})|(?P<adds>{ADDS})|(?P<buys>{BUYS}))\b")
ASKS_NOW = re.compile(r"\b(?:now|left|remain\w*|still|stay\w*|at\s+the\s+end|in\s+the\s+end|end\s+up|afterwards?"
                      r"|after\s+that)\b")
OTHER_OPERATION = re.compile(r"\b(?:each|every|per|times|twice|half|double|triple|percent|average|more\s+than"
                             r"|less\s+than|fewer\s+than|how\s+many\s+more|how\s+much\s+more|difference|if)\b"
                             r"|[%*/^=×÷]")
RATE_STATED = re.compile(r"\b(?:rate|exchange)\b|\bto\s+the\s+(?:pound|dollar|euro)\b")  # a conversion, no story
MONEY = re.compile(rf"[$€£¥₹]|\b(?:{MONEY_WORDS})\b")
CARRIED = re.compile(r"\s*(?:[a-z]+\s+){0,3}?(?:and|,)\s+(?:(?:a|an|the|another|some)\s+)?(?:[a-z]+\s+)?"
                     r"(?:(?:for|of|at)\s+)?[$€£¥₹]?\s*")  # between "a book for 17.49" and "a pen for 3.25"
DISCOUNTED = re.compile(r"%|\b(?:off|discount|tax|percent)\b")
PRICE = re.compile(rf"\b(?:for|at|costing|cost|costs|price\s+of)\s+{CURRENCY}$")
PAID_WITH = re.compile(rf"\bpa(?:y|ys|id)\s+(?:with|using)\s+(?:a|an|one)?\s*{CURRENCY}{N}")
# "told me to keep a pound of the change": an amount in words that the numbers leave out
KEPT = re.compile(r"\b(?:keep|keeps|kept|tip|tips|tipped)\b|\ba\s+(?:pound|dollar|euro|quid|buck)\b")
HANDED = re.compile(rf"\b(?:hand(?:s|ed)?|gives?|gave|passe[sd]|puts?\s+in)\s+(?:(?:me|us|them|him|her)\s+)?"
                    rf"(?:over\s+)?(?:a|an|one)?\s*{CURRENCY}{N}")
# "she handed me a tenner (£10)", "i gave them a £20 note", "the customer puts in £2", "hand over £30": a payment,
# where change is asked
EACH_PRICE = re.compile(rf"\b{N}\s+(?:(?!and\b)[a-z-]+\s+){{1,3}}?(?:(?:at|for|costing|that\s+cost|which\s+cost)\s+"
                        rf"{CURRENCY}{N}\s*(?:[a-z]+\s+)?each\b"
                        rf"|at\s+{CURRENCY}{N}(?!\.?\d)(?=\s*(?:[,.?!]|and\b|today\b|tonight\b|yesterday\b|$)))")
# "3 notebooks at £2.45 each", "3 gel sets at 35 and ...": a count at a price (not "at 35 kg", not "bread for 2")


def _cost(m: re.Match) -> str:
    """A count at a price each, as a product."""
    return f"{m.group(1)} * {m.group(2) or m.group(3)}"


def _signs(text: str, start: int, money: bool, mine: bool) -> list[tuple[str, str]] | None:
    """("-", "29"), ("+", "17") for every number after text[:start]: the verb just after it ("29 got off") or
    else the last one before it since the number before ("bought a book for 17.49"); an "and" carries one
    verb on to the next number ("a pen for 3.25"). Buying takes money away and adds things."""
    signs, previous, last = [], start, None
    thing = noun_after(text[start:])[0]
    for m in NUMBER.finditer(text, start):
        if noun_after(text[m.end():])[0] not in (None, thing):  # "had 20 dollars and bought 5 apples"
            return None
        after = VERB.match(text, m.end(), min(len(text), m.end() + 25)) or re.match(
            rf"\s+(?:[a-z]+\s+){{0,2}}?(?:{TAKES}|{ADDS})\b", text[m.end():])
        before = list(VERB.finditer(text, previous, m.start()))
        if after is not None:
            verb = VERB.search(after[0])
        elif before:
            verb = before[-1]
        elif last is not None and CARRIED.fullmatch(text, previous, m.start()):
            verb = last
        else:
            return None
        if verb.group("buys") and money and not PRICE.search(text, 0, m.start()):
            return None  # money buys at a price: "bought a book for 17.49"
        if verb.group("given") and not (mine and verb.group("to") in ("me", "us")):
            return None  # "my friend gives me 19" adds to my story; "gives her 5" may be to anyone
        sign = "-" if verb.group("takes") or verb.group("buys") and money else "+"
        signs.append((sign, m.group()))
        previous, last = m.end(), verb
    return signs


def story_reading(text: str) -> str | None:
    """The story's amount at its end (module docstring), or None."""
    if not ASKS_NOW.search(text) or OTHER_OPERATION.search(text) or RATE_STATED.search(text) or not (
            start := START.search(text)):
        return None
    if NUMBER.findall(text[: start.start(1)]):
        return None
    mine = bool(re.search(r"\b(?:i|we)\s+$", text[: start.start()]))  # "i have 34": "gives me 19" adds
    signs = _signs(text, start.end(), bool(MONEY.search(text)), mine)
    if not signs:
        return None
    return start.group(1) + "".join(f" {sign} {number}" for sign, number in signs)


def _counted(words: str) -> bool:
    """Does a number count something other than money ("3 metres of lining at £7.99 a metre"): no price to pay?"""
    return any(noun_after(words[m.end():])[0] not in (None, "money", "cent") and not re.search(r"[$€£¥₹]\s*$",
               words[: m.start()]) for m in NUMBER.finditer(words))  # "a £6.50 toll" is a price


def change_reading(text: str) -> str | None:
    """"pays with a £10 note for 3 notebooks at £2.45 each: how much change?" -> 10 - 3 * 2.45: a payment less
    every price (a count at a price each is their product)."""
    paid = PAID_WITH.search(text) or re.search(r"\bchange\b", text) and HANDED.search(text)
    if not paid or not re.search(r"\b(?:change|back)\b", text) or DISCOUNTED.search(text) or KEPT.search(text):
        return None
    rest = text[: paid.start()] + " | " + text[paid.end():]
    costs = [_cost(m) for m in EACH_PRICE.finditer(rest)]
    rest = EACH_PRICE.sub(" | ", rest)
    costs += NUMBER.findall(rest)
    if not costs or re.search(r"\b(?:each|every|per|times)\b", rest) or _counted(rest):
        return None
    return f"{paid.group(1)} - " + (costs[0] if len(costs) == 1 else f"({' + '.join(costs)})")


BILL_ASKED = re.compile(r"\b(?:total|altogether|in\s+all|all\s+together|takings|how\s+much\s+is\s+that"
                        r"|how\s+much\s+(?:do|does|did|will|would)\b[^.?!]*\b(?:cost|pay|spend|make|made|take|took))\b")
NET = re.compile(r"\b(?:profit|loss|after|minus|less|net)\b")
SOLD = re.compile(r"\b(?:sold|sell|sells|selling|takings|took|take)\b")
BOUGHT = re.compile(r"\b(?:cost|costs|paid|pay|paying|bought|buy|spent|spend|expenses?)\b")
NOT_PRICED = (r"(?!\s*(?:weeks?|days?|nights?|months?|years?|hours?|hrs?|mins?|minutes?|seconds?|people|guests|kids"
              r"|children)\b)")  # "let for 48 weeks" is no price
LONE_PRICE = re.compile(rf"\b(?:for|at|costing|cost|costs)\s+{CURRENCY}{N}{NOT_PRICED}")


def bill_reading(text: str) -> str | None:
    """"3 adults at $12.75 each and 2 kids at $8.40 each: the total cost?" -> 3 * 12.75 + 2 * 8.40: every number
    a price, or a count at a price each; at least one count and two prices, all bought or all sold, and no profit
    or amount after something asked."""
    if not BILL_ASKED.search(text) or PAID_WITH.search(text) or DISCOUNTED.search(text) or ASKS_NOW.search(text):
        return None
    if NET.search(text) or SOLD.search(text) and BOUGHT.search(text):  # "sold 212 at £3 and the DJ cost £150"
        return None
    terms = [_cost(m) for m in EACH_PRICE.finditer(text)]
    rest = EACH_PRICE.sub(" | ", text)
    terms += LONE_PRICE.findall(rest)
    left = LONE_PRICE.sub(" | ", rest)
    if len(terms) < 2 or not EACH_PRICE.search(text) or NUMBER.search(left) or OTHER_OPERATION.search(left):
        return None
    return " + ".join(terms)


SHARED = re.compile(r"\b(?:split|shared?|sharing|divided|dividing|splitting)\s+(?:[a-z$€£\d.]+\s+){0,5}?"
                    rf"(?:equally\s+|evenly\s+)?(?:between|among|amongst|by)\s+(?:the\s+)?{N}\s+[a-z]+|{N}\s+of\s+us\s+(?:are\s+|were\s+)?"
                    rf"(?:split|shar)\w*|^{N}\s+[a-z]+\s+(?:are\s+)?(?:splitting|sharing)\b"
                    rf"|\b(?:split|shared?|divided)\s+(?:equally\s+|evenly\s+)?{N}\s+ways\b"
                    rf"|(?<![\d.])\d+(?:\.\d+)?\s+(?:(?:a|per)\s+(?:week|month|year)\s+)?(?:equally\s+|evenly\s+)?"
                    rf"(?:between|among|amongst)\s+{N}\s+(?:of\s+us|[a-z]+)"
                    rf"|\b(?:between|among|amongst)\s+(?:a|the|our|my|their)\s+(?:crew|team|group|party|family|household"
                    rf"|class|gang|squad|band|syndicate)\s+of\s+{N}\b")  # "split between a crew of 5"
# "between 4 flatmates", "3 of us are sharing", "5 carers splitting 120 hrs", "split 4 ways", "bill came to 186.40
# between 4 of us", "rent is £1650 a month between 3 of us"
PART_ASKED = re.compile(r"\bhow\s+(?:much|many)\b[^.?!]*\b(?:each|every|per|everyone|everybody)\b"
                        r"|\beach\s+(?:one|person|of\s+us|of\s+them)?\s*"
                        r"(?:gets?|pays?|owes?|receives?)\b|[,.]\s*[a-z]+\s+each\s*[?.!]*$"  # "..., hours each?"
                        r"|\bsplit\s+\d+\s+ways\s*\?[?\s]*$"  # "bill came to 183.60 split 3 ways?"
                        r"|\b(?:everyone|everybody|each\s+person|each\s+one|each)'?s?\s+share\b"  # "everyone's share"
                        r"|\bhow\s+much\s+(?:do|should|will|would|must)\s+i\s+(?:pay|owe|put\s+in|chip\s+in)\b"
                        r"|\bwhat(?:'s|s|\s+is)\s+my\s+(?:share|part|bit)\b")  # "between 4 of us, how much do i pay"


def _shared(text: str) -> tuple[str, str] | None:
    """The amount shared and the number sharing it, the question's only two numbers, or None."""
    shared, numbers = SHARED.search(text), NUMBER.findall(text)
    if not shared or len(numbers) != 2:
        return None
    count = next(g for g in shared.groups() if g)
    amount = next((n for n in numbers if n != count), None)
    return (amount, count) if amount is not None and Fraction(count) else None


LEFT_OVER = re.compile(r"\bhow\s+many\s+(?:[a-z]+\s+)?(?:are|is|will\s+be|would\s+be|were|was|do\s+\w+\s+have)\s+"
                       r"(?:left\s+over|left|over|spare|remaining)\b|\bhow\s+many\s+(?:[a-z]+\s+)?(?:remain|are\s+spare)\b")


def left_over_reading(text: str) -> str | None:
    """"sharing 30 sweets equally between 4 children, how many are left over" -> 30 - 4 * floor(30 / 4): what is
    left of a number of things shared out in whole numbers."""
    shared = _shared(text)
    if not shared or not LEFT_OVER.search(text) or PART_ASKED.search(text) or "." in "".join(shared):
        return None
    amount, count = shared
    return f"{amount} - {count} * floor({amount} / {count})"


def equal_share_reading(text: str) -> str | None:
    """"rent is 1850 a month split equally between 4 flatmates, how much does each person pay?" -> 1850 / 4:
    one amount shared by a number of people, each one's part asked; two numbers, nothing else done to them; things
    counted are shared only where each gets a whole number of them."""
    shared = _shared(text)
    if not shared or not PART_ASKED.search(text):
        return None
    if OTHER_OPERATION.search(PART_ASKED.sub(" ", text)) or DISCOUNTED.search(text) or other_period(
            *given_and_asked(text)):
        return None  # "32 a month shared by 4, how much does each pay over a year"
    amount, count = shared
    counted = re.search(rf"(?<![\d.]){re.escape(amount)}\s", text)
    between = counted and re.match(r"\s*(?:equally\s+|evenly\s+)?(?:between|among|amongst)\b", text[counted.end() - 1:])
    thing = noun_after(text[counted.end() - 1:])[0] if counted and not between else None  # "186.40 between 4 of us"
    whole = (Fraction(amount) / Fraction(count)).denominator == 1
    if thing and not SHARED.match(text, counted.end()) and thing not in MEASURES and not whole:
        return None  # "30 sweets between 4 children": 7 each and 2 left over, not 7.5
    return f"{amount} / {count}"


TAKEN_FIRST = re.compile(r"\b(?:rest|remainder|remaining|left|balance|deposit|already|paid|pays|covers?|minus|less)\b")
JOINED = re.compile(r"^[^\d]*?(?:\band\b|\bplus\b|&|\+|,)[^\d]*$")  # between two amounts added: "£74 and tolls £"


def shared_sum_reading(text: str) -> str | None:
    """"petrol was £74 and tolls £18.50, split between 5 of us, how much each" -> (74 + 18.50) / 5: several amounts
    of money, joined by "and" or "plus", shared by a number of people, each one's part asked; no amount said for
    another period than the others, and nothing else done to them."""
    shared, found = SHARED.search(text), list(NUMBER.finditer(text))
    if not shared or len(found) < 3 or not PART_ASKED.search(text) or DISCOUNTED.search(text) or TAKEN_FIRST.search(
            text):
        return None  # "we paid £90 for the van and split the rest": no sum
    count = next(g for g in shared.groups() if g)
    amounts = [m for m in found if m.start() < shared.start() or m.end() > shared.end()]
    if len(amounts) != len(found) - 1 or not Fraction(count) or OTHER_OPERATION.search(PART_ASKED.sub(" ", text)):
        return None
    if any(not JOINED.match(text[a.end(): b.start()]) for a, b in zip(amounts, amounts[1:])):
        return None  # "the villa is 2380 for the week, we stay 2 weeks": no sum
    read = read_quantities(text).numbers
    units = [read.get(Fraction(m[0])) for m in amounts]
    if any(u and not any(name == "money" and p > 0 for name, p in u) for u in units) or len(
            {name for u in units if u for name, p in u if p < 0}) > 1 or other_period(*given_and_asked(text)):
        return None  # "300 miles and 25 litres": no money; "1350 a month and 1800 a year": two periods
    return f"({' + '.join(m[0] for m in amounts)}) / {count}"
