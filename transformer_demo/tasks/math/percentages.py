"""Percentages in everyday questions, each with one exact reading:

    what percent is 18 out of 24 / 18 is what percent of 24                 -> pct(18 / 24)
    in a class of 40 kids 65% are girls, how many girls                     -> 65 / 100 * 40
    my wage went up from 400 to 420 a week, what percentage rise is that    -> pct((420 - 400) / 400)
    I buy kettles for 16 each and sell them for 20: my percentage profit?  -> pct((20 - 16) / 16)
    increase 250 by 8% / reduce 360 by 15%                                  -> 250 + 8 / 100 * 250, 360 - 15 / 100 * 360
    VAT is 20%. An item costs 45 before VAT, what is the price with VAT?   -> 45 + 20 / 100 * 45
    a jacket is 85 and it's 20% off, what do i pay                          -> 85 - 20 / 100 * 85
    A price including 20% VAT is 60. What was the price before VAT?         -> 60 / (1 + 20 / 100)
    my pay is 2400 and 35% of it goes on rent, how much is left?            -> 2400 - 35 / 100 * 2400

Every reader wants exactly two numbers, the words of its one reading and none of another's; anything else is
None. percent_checks.py says why a program cannot be the answer to a question about a percentage.
"""
from __future__ import annotations

import re
from fractions import Fraction

from .asked import asked_words, given_and_asked, opposed
from .percent_shares import OF_MINE, SHARE, part_and_whole
from .percent_words import (
    ASKING_WORDS,
    CHANCE_WORDS,
    DOWN_NEAR,
    GOAL,
    NEGATION,
    UP_NEAR,
    other_than_part,
    rest_asked,
    said_again,
)
from .quantities import read_quantities
from .reading import NUMBER, N

PERCENT = re.compile(rf"{N}\s*(?:%|percent\b|per\s+cent\b)")
PERCENT_ASKED = re.compile(r"(?:^|[^\d.\s])\s*%\s+(?:rise|increase|decrease|fall|drop|profit|loss|change|growth|gain"
                           r"|reduction|discount)\b"  # "whats the % increase", not "a 5% increase"
                           r"|\bwhat\s+(?:percent|percentage|%)|\bhow\s+many\s+(?:percent|%)|\bas\s+an?\s+(?:percent"
                           r"|percentage)\b|\bas\s+an?\s+%|\bin\s+(?:percent|%)|\b(?:percentage|percent)\s+(?:rise|increase|decrease|fall|drop"
                           r"|profit|loss|change|growth|gain|reduction|discount)\b|\bby\s+what\s+(?:percent|percentage)\b"
                           r"|\bwhat(?:'s|s|\s+is|\s+was)\s+(?:the|our|my|his|her|their|your)\s+(?:[a-z]+\s+)?"
                           r"(?:percentage|percent)\b"  # "whats our win percentage"
                           r"|\b(?:win|success|hit|pass|completion|strike|save)\s+(?:rate|percentage|percent|%)"
                           r"|\bwhat(?:'s|s|\s+is)\s+(?:the|our|my|his|her|their)\s+[a-z]+\s*%")  # "our occupancy %"
UP = r"\b(?:rise|rises|rose|increase[sd]?|went\s+up|gone\s+up|go\s+up|goes\s+up|grew|growth|gain|profit|up)\b"
# "was 80, now 60 in the sale: what percent off"; not "pay per drop", "a cut" (a haircut)
DOWN = (r"\b(?:fall|fell|falls|(?<!per\s)(?<!a\s)drops?|dropped|decrease[sd]?|went\s+down|gone\s+down|go\s+down|loss"
        r"|down|off|cheaper|discount|reduction|reduced|sale|saving|lose|lost|(?<!a\s)cuts?)\b")
PERIODS = r"(?:day|week|month|year|time|season)\b"
IMPROVED = re.compile(r"\bimprove(?:d|ment|ments)?\b")  # an improvement is no negative change
UNIT_AND = r"(?:\s+|\s*(?=[a-z]+\s))(?:[a-z]+\s+){0,3}?"  # "2860 this", "36kg of potatoes last", "80p to"
THEN_NOW = re.compile(rf"{N}{UNIT_AND}(?:last|the\s+previous)\s+{PERIODS}[^.?!]*?"
                      rf"{N}{UNIT_AND}(?:this|the\s+next)\s+{PERIODS}")
NOW_THEN = re.compile(rf"{N}{UNIT_AND}this\s+{PERIODS}[^.?!]*?"  # "2860 this week and 2600 last"
                      rf"{N}{UNIT_AND}(?:last|the\s+previous)\s+{PERIODS}")
FROM_TO = re.compile(rf"\bfrom\s+[$€£]?{N}{UNIT_AND}to\s+[$€£]?{N}"
                     rf"|\bold\s+(?:[a-z]+\s*)?(?:was\s+|is\s+|:\s*|=\s*)?[$€£]?{N}\b[^.?!\d]*?\bnew\s+(?:[a-z]+\s*)?"
                     rf"(?:was\s+|is\s+|:\s*|=\s*)?[$€£]?{N}"  # "old price: 50, new price: 65"
                     rf"|\b(?:was|were|used\s+to\s+(?:be|cost|charge|pay|earn))\s+(?:worth\s+|at\s+)?[$€£]?{N}\b[^.?!\d]*?"
                     rf"\bnow\s+"
                     rf"(?:it'?s\s+|it\s+is\s+|is\s+|are\s+|they'?re\s+)?[$€£]?{N}"  # "my time was 30 minutes and now
                     # it's 27", "used to charge £8 to clean a jacket, now it's £9.40"
                     rf"|\b(?:was|were)\s+[$€£]?{N}\b[^.?!\d]*?\b(?:reduced|cut|dropped|lowered|increased|raised"
                     rf"|(?:gone|went|put|marked)\s+(?:up|down))\s+to\s+[$€£]?{N}"  # "was £240, been reduced to £198"
                     rf"|\b(?:bought|paid\s+for)\s+(?:[a-z]+\s+){{0,2}}?(?:at|for)\s+[$€£]?{N}\b[^.?!\d]*?\bnow\s+"
                     rf"(?:at\s+|worth\s+)?[$€£]?{N}")  # "bought shares at 12.50 and theyre now 15.75"
BUY_SELL = re.compile(rf"\b(?:buy|bought|buys|pay|paid|cost|costs)\b[^.?!\d]*?{N}[^.?!]*?\b(?:sell|sold|sells)\b"
                      rf"[^.?!\d]*?{N}")
BY = (r"\s+(?:(?!but\b|and\b)[a-z0-9.$€£]+\s+){0,3}?(?:by\s+)?(?:\d+(?:\.\d+)?)\s*"
      r"(?:%|percent\b|per\s+cent\b)")  # "went
# down (by) 15%", not "raised 7350 but 30%"
PUT = r"(?:put(?:s|ting)?|bump(?:s|ed|ing)?|push(?:es|ed|ing)?)\s+(?:[a-z]+\s+){0,4}?"  # "putting it up by 12%"
CHANGE_BY = ((re.compile(rf"\b(?:increas(?:e[sd]?|ing)|rais(?:e[sd]?|ing)|ris(?:es|ing)|rose|gr(?:ew|own|ows|owing)"
                         rf"|go(?:es|ing)?\s+up"
                         rf"|went\s+up|gone\s+up|(?:is|are|was|were)\s+up|(?<=\d\s)up|hik(?:e[sd]?|ing)|{PUT}up){BY}"
                         rf"|\badd(?:s|ed|ing)?{BY}(?=\s+(?:for|to\s+allow)\b)"  # "adding 10% for waste", not "add VAT"
                         rf"|\badd(?:s|ed|ing)?\s+(?:an?\s+(?:extra|further)\s+)?\d+(?:\.\d+)?\s*%\s+onto\b"
                         # "adding 25% onto the journey time"; "adds 25% on top" is ADDED
                         r"|%\s+(?:pay\s+)?(?:rise|raise|increase|hike)\b|%\s+(?:more|higher|bigger|greater)\b(?!\s+than)"
                         r"|%\s+up\s+(?:on|from)\b"  # "12% up on last year"
                         r"|%\s+extra\b"),  # "want 5% extra for breakages"
              "+"),  # "a 2.5% pay rise", "20% more"
             (re.compile(rf"\b(?:reduc(?:e[sd]?|ing)|decreas(?:e[sd]?|ing)|lower(?:ed|ing)?|cuts?|falls|fell|falling|drop(?:s|ped|ping)|drop(?=\s+(?:by\s+)?\d)|take\s+away|minus"
                         rf"|go(?:es|ing)?\s+down|went\s+down|(?:is|are|was|were)\s+down|(?<=\d\s)down|{PUT}down){BY}"
                         r"|%\s+(?:pay\s+)?(?:cut|decrease|reduction)\b|%\s+(?:fewer|less|lower|smaller)\b(?!\s+than)"
                         r"|%\s+down\s+(?:on|from)\b"),  # "15% down on saturday"
              "-"))  # "there were 20% fewer"
BEFORE_CHANGE = re.compile(r"\bbefore\b|\b(?:original|old|previous|starting|usual|normal)\s+(?:price|value|amount|cost"
                           r"|number|salary|wage|rent|fee)\b|\bto\s+(?:start|begin)\s+with\b")
NOW_VALUE = re.compile(r"\bnow\s+(?:it\s+|they\s+|that\s+)?(?:is|are|costs?|stands\s+at)\b|\b(?:is|are|costs?)\s+now\b"
                       r"|\bit'?s\s+now\b")  # the value after the change is the number given
CHANGE_ASKED = re.compile(r"\bby\s+how\s+much\b|\bhow\s+(?:many|much)\s+(?:extra|more)\b"
                          r"|\bby\s*[?.!]*$|\bhow\s+much\s+(?:did|does|will|is|was|has)\s+"
                          r"(?:it|\w+|the\s+\w+)\s+(?:rise|increase|go\s+up|gone\s+up|fall|decrease|drop|go\s+down)"
                          r"|\b(?:is|was|be|are)\s+(?:the|my|a)\s+(?:increase|rise|discount|saving|reduction|tax|vat|tip)\b")
ADDED = re.compile(r"\b(?:vat|(?<!council\s)(?<!road\s)tax|tip|service\s+charge|surcharge|interest|on\s+top)\b")
# "adds 25% on top"; a council tax bill is no tax added
MARKUP = re.compile(r"%\s+(?:profit|mark-?up)\b")  # "want 40% profit on the cost": added to the cost
SELLING_ASKED = re.compile(r"\bsell\s+(?:it|them|each\s+one|one)\s+for\b|\bselling\s+price\b")
OFF = re.compile(r"(?:%|\bpercent)\s+(?:(?:taken|knocked)\s+|[a-z]+\s+[a-z]+\s+)?(?:off|discount)\b"
                 r"|\b(?:discount|reduction|sale)\s+of\s+\d")
AFTER_ASKED = re.compile(r"\b(?:with|including|incl|after|plus)\s+(?:the\s+)?(?:vat|tax|tip|discount|interest)\b"
                         r"|(?<![\d.]\s)\bgross\b"  # "£340 net, VAT at 5%. Gross bill?"; not "on 52000 gross"
                         r"|\b(?:sale|new|final|reduced|concession|discounted|member|student)\s+price|\btotal\b|\bwhat\s+(?:do|does|will|would|did)\s+"
                         r"[a-z]+\s+(?:actually\s+|really\s+)?(?:have\s+to\s+|be\s+)?pay(?:ing)?\b|\bhow\s+much\s+"
                         r"(?:(?:do|does|will|would|did|must|should|can)\s+)?(?:i|you|we|he|she|they)\s+(?:actually\s+|really\s+)?"
                         r"(?:(?:have|need|got)\s+to\s+|must\s+|should\s+)?pay\b|\bhow\s+much\s+(?:is|are)\s+(?:it|they|an?\s+[a-z]+"
                         r"|the\s+[a-z]+)\s+now\b"
                         r"|\bprice\s+now\b|\bcosts?\s+now\b|\b(?:how\s+much\s+is|what\s+is|what'?s|whats)\s+[$€£]?\d+(?:\.\d+)?\s+with\b"
                         r"|\bwhat(?:'s|s|\s+is)\s+\d+(?:\.\d+)?\s*(?:%|percent)\s+off\b"  # "what is 20% off 65"
                         r"|^\d+(?:\.\d+)?\s*(?:%|percent)\s+off\s+[$€£]?\d+(?:\.\d+)?\s*[?.!]*$"  # "20% off £64?"
                         r"|\b(?:tak(?:e|es|ing)|knock(?:s|ed|ing)?)\s+\d+(?:\.\d+)?\s*(?:%|percent)\s+off\b"  # "knock
                         # 10% off 45"
                         r"|\bsell\s+(?:it|them|each\s+one|one)\s+for\b"  # "add 40% on top, what do i sell it for"
                         r"|\bwhat\s+(?:do|does|would|will|did)\s+(?:i|you|we|they|it)\s+(?:get|end\s+up\s+with)\s*[?.!]*$")
AMOUNT_ASKED = re.compile(rf"\bhow\s+(?:many|much)\b|\bwhat(?:'s|\s+is|\s+will\s+be)\s+(?:an?|the)\s+(?:{N}\s*%\s+)?"
                          r"(?:tip|discount|tax|sale\s+price|new\s+price|price|cost)\b")
CHANGED_WHOLE = re.compile(r"\b(?:increase\w*|decrease\w*|raises?|raising|raised\s+(?:by|to)|more|less|off|after|final"
                           r"|new|(?:pay|paid)(?!\s+(?:cash|by|in\s+cash|with|online|contactless))|left|went\s+(?:up|down)|gone\s+(?:up|down)|go(?:es)?\s+(?:up|down)|rose|fell"
                           r"|dropped|reduced|cut|now"
                           r"|remain\w*|total|including|plus|with|what\s+(?:percent|%)|what\s+percentage|of\s+what"
                           r"|gross|inclusive|includes?|included)\b"
                           r"|\b(?:up|down)\s+(?:by\s+)?\d+(?:\.\d+)?\s*(?:%|per\s*cent)"  # "up 35% on 6.4 kg"
                           r"|(?:%|\bper\s*cent)\s+(?:longer|shorter|bigger|smaller|larger|higher|lower|greater|cheaper"
                           r"|dearer|faster|slower|quicker|heavier|lighter|taller|wider|extra)\b")  # "took 40% longer"
SAVING_ASKED = re.compile(r"\bhow\s+(?:much|many\s+\w+)\s+(?:is|was|will\s+be)\s+the\s+(?:discount|saving|reduction)\b"
                          r"|\bhow\s+(?:much|many\s+\w+)\s+(?:(?:do|does|will|would|did|can)\s+(?:i|you|we|he|she|they)|i'?d"
                          r"|you'?d|we'?d|they'?d)\s+save\b|\bwhat(?:'s|\s+is)\s+the\s+(?:discount|saving)\b")
FULL_PRICE = re.compile(r"\bfull\s+(?:price|cost|amount)\b")
BEFORE_ASKED = re.compile(r"\b(?:before|without|excluding|excl|ex)\s+(?:the\s+)?(?:vat|tax|discount|sale)\b"
                          r"|\b(?:original|old|normal|usual)\s+price\b")
ASKED_PRICE_AFTER = re.compile(r"\b(?:including|incl|inc|with|after|plus)\s+(?:the\s+|an?\s+)?(?:\d+(?:\.\d+)?\s*%\s+)?"
                               r"(?:vat|tax|discount)\b[^.?!]*?\b(?:is|was|costs?|of)\s+[$€£]?\d"
                               r"|\b(?:now|sale\s+price\s+is|costs?\s+now|reduced\s+to|now\s+costs?)\s+[$€£]?\d"
                               r"|%\s+off\b[^.?!]*?\b(?:pay|paid|costs?|is)\s+[$€£]?\d"
                               r"|\b(?:is|costs?|was|paid)\s+[$€£]?\d+(?:\.\d+)?\s+(?:after|with)\s+(?:the\s+|a\s+)?\d+(?:\.\d+)?"
                               r"\s*%\s+(?:off|discount)")  # "price is 24 after 40% off"


def _two(text: str) -> list[str] | None:
    numbers = NUMBER.findall(text)
    return numbers if len(numbers) == 2 else None


# Words that say two amounts are two states of one thing, or one more or less than the other: no part of a whole
CHANGE_SAID = re.compile(r"\b(?:from|to|now|used\s+to|before|after|last|next|then|originally|increas\w*|decreas\w*"
                         r"|rais\w*|ris(?:e|es|ing)|rose|fell|fall\w*|drop\w*|grew|grow\w*|more|less|fewer|than|over"
                         r"|under|above|below|up|down|profit\w*|loss\w*|lost|gain\w*|off|discount\w*|sav\w*|cheaper"
                         r"|differ\w*|chang\w*|return\w*|sell|sold|bought|paid|per|each|every|a\s+(?:day|week|month|year"
                         r"|hour))\b")
SHARE_STATE_ASKED = re.compile(r"\bwhat\s+(?:percent|percentage|%)\s+(?:of\s+(?:them|those|the\s+[a-z]+)\s+)?"
                               r"(?:are|were)\s+([a-z]+s)\b")  # "what percent are girls": things of one kind
LISTED = re.compile(rf"(?:\band|&|,|\bplus)\s+[$€£]?{N}")  # "7 red balls and 2 blue balls": two kinds listed


def _same_kind(text: str) -> list[tuple[str, str]]:
    """[(part, whole)] where the question's two numbers are amounts of one kind ("my tax was 6750 on an income of
    45000", "12ml pot and i've used 4.8ml") that no word says are two states or a change: the smaller is the part."""
    if CHANGE_SAID.search(text) or LISTED.search(text):
        return []  # "7 red balls and 2 blue balls": two kinds of one thing, neither a part of the other
    units = read_quantities(text).numbers
    numbers = NUMBER.findall(text)
    kinds = {units.get(Fraction(n)) for n in numbers}
    if len(units) != 2 or len(kinds) != 1 or None in kinds or len(unit := kinds.pop()) != 1 or unit[0][1] != 1:
        return []
    return [tuple(sorted(numbers, key=Fraction))]


def share_reading(text: str) -> str | None:
    """"what percent is 18 out of 24" -> pct(18 / 24): a part of a whole asked for as a percentage."""
    if not _two(text) or not PERCENT_ASKED.search(text) or PERCENT.search(text):
        return None
    found = list(dict.fromkeys(m.groups()[::-1] if whole_first else m.groups() for pattern, whole_first in SHARE
                               for m in pattern.finditer(text)))
    given, asked = given_and_asked(text)
    mine = [m.groups()[::-1] if whole_first else m.groups() for pattern, whole_first in OF_MINE
            for m in pattern.finditer(text)] or _same_kind(text) or (
        [] if found or UP_NEAR.search(text) or DOWN_NEAR.search(text) or FROM_TO.search(text) else part_and_whole(
            text, given, asked))
    if len(found) > 1 or len(set(found + mine)) != 1:
        return None
    part, whole = (found or mine)[0]
    if not Fraction(whole):
        return None
    if (state := SHARE_STATE_ASKED.search(asked)) and not re.search(rf"\b{state[1][:3]}", given):
        return None  # "30 kids and 12 are boys, what percent are girls": a state the numbers are not said with
    if rest_asked(given, asked):
        return f"pct(({whole} - {part}) / {whole})"  # "spent 9870 of 15000, what percent is left"
    if bool(NEGATION.search(given)) != bool(NEGATION.search(asked)) and said_again(given, asked):
        return f"pct(({whole} - {part}) / {whole})"  # "4 of 25 didnt germinate, what percentage did germinate"
    if opposed(given, asked):
        return None  # "18 of my 24 passed, what percentage failed": perhaps the rest, perhaps not
    if not found and any(not said_again(given, word) for word in set(re.findall(r"[a-z]{3,}", asked)) - ASKING_WORDS
                         - CHANCE_WORDS):
        return None  # "spent £1240 of our £1500, what percent have we used": a word the numbers are not said with
    return f"pct({part} / {whole})"


MADE_ASKED = re.compile(r"\b(?:profit|mark-?up|margin|gain|made|make|loss|lost|lose|return|up|down|increase|rise)\b")
MARGIN = re.compile(r"\b(?:of|on)\s+(?:the|my|our)\s+(?:selling|sale|sell)\s+price\b|\bmargin\b")


SHARE_OF_PRICE = re.compile(r"\b(?:percent|percentage|%)\s+of\s+(?:the|my|our|its|a)\s+(?:[a-z]+\s+)?"
                            r"(?:price|cost|total|bill|takings|sales)\s+(?:is|was|are|goes)\b")


def old_and_new(text: str) -> tuple[str, str, re.Match] | None:
    """The amount before and the amount after, where the question says them in an order ("from 400 to 420", "bought
    at 16, sold at 20", "3200 last month, 2720 this", "2860 this week and 2600 last"), and the words that said so."""
    if found := FROM_TO.search(text) or BUY_SELL.search(text) or THEN_NOW.search(text):
        old, new = (g for g in found.groups() if g is not None)
        return old, new, found
    if found := NOW_THEN.search(text):
        new, old = found.groups()
        return old, new, found
    return None


def change_reading(text: str) -> str | None:
    """"my wage went up from 400 to 420, what percentage rise?" -> pct((420 - 400) / 400): the change from the
    first amount to the second as a percentage of the first; "buy for 16, sell for 20" is a change from 16."""
    if not _two(text) or not PERCENT_ASKED.search(text) or PERCENT.search(text):
        return None
    if not (said := old_and_new(text)):
        return None
    old, new, found = said
    if not Fraction(old) or SHARE_OF_PRICE.search(text) or found.re is BUY_SELL and not MADE_ASKED.search(
            text, found.end()):
        return None  # "I sell it for 7, what percent of the price is food cost" / "went on fabric": a share
    up, down = re.search(UP, text), re.search(DOWN, text)
    if up and down or up and Fraction(new) < Fraction(old) or down and Fraction(new) > Fraction(old):
        return None  # "a fall from 400 to 420" says two things
    if MARGIN.search(text):  # "profit as a percentage of the selling price": of the second amount
        return f"pct(({new} - {old}) / {new})" if found.re is BUY_SELL and not down else None
    better = IMPROVED.search(text) and Fraction(new) < Fraction(old)  # a rank or a time: lower is better
    return f"pct(({old} - {new}) / {old})" if down or better else f"pct(({new} - {old}) / {old})"


def part_reading(text: str) -> str | None:
    """"in a class of 40 kids 65% are girls, how many girls?" -> 65 / 100 * 40: a percentage of the one other
    number asked as an amount ("how many", "what's an 18% tip on"), the whole not changed by it; or the change
    itself ("120 and 30% off, how much do i save?", "50 rose by 10 percent, how much did it rise by?")."""
    numbers, percents = _two(text), PERCENT.findall(text)
    if not numbers or len(percents) != 1 or numbers[0] == numbers[1] or not AMOUNT_ASKED.search(text):
        return None
    if rest_reading(text):  # "the landlord kept 15%, how much do i get back": the rest is asked
        return None
    percent = percents[0]
    whole = next(n for n in numbers if n != percent)
    if DEPOSIT.search(text) and not re.search(r"\b(?:left|rest|remaining|balance|still|owe)\b", text) and not \
            re.search(r"\b(?:borrow\w*|loan|mortgage)\b", asked_words(text)):
        return f"{percent} / 100 * {whole}"  # "15% deposit on a 2400 holiday, how much do we pay now?"
    changed = [sign for pattern, sign in CHANGE_BY if pattern.search(text)] + (["-"] if OFF.search(text) else [])
    if changed:
        asked = SAVING_ASKED.search(text) if changed == ["-"] else CHANGE_ASKED.search(asked_words(text))
        return f"{percent} / 100 * {whole}" if len(changed) == 1 and asked and not other_than_part(text) else None
    return None if CHANGED_WHOLE.search(text) or other_than_part(text) else f"{percent} / 100 * {whole}"


DEPOSIT = re.compile(r"%\s+(?:deposit|down\s+payment|upfront)\b"
                     r"|\b(?:deposit|down\s+payment)\s+(?:is\s+|of\s+)?\d+(?:\.\d+)?\s*%")
WHOLE_OF_PART = re.compile(rf"(?<![\d.]){N}\b[^.?!%]*?\b(?:which|that|this|it)\s+(?:was|is)\s+{N}\s*(?:%|percent\b)\s+"
                           r"of\s+(?:the|our|my|his|her|their|your)\s+(?:total\s+|whole\s+)?([a-z]+)")


def whole_of_part_reading(text: str) -> str | None:
    """"spent 1200 on flowers which was 8% of our total budget, what was the total budget" -> 1200 / (8 / 100):
    an amount that is a percentage of a whole, the whole asked."""
    part = WHOLE_OF_PART.search(text)
    if not part or not _two(text) or not Fraction(part.group(2)):
        return None
    asked = asked_words(text)
    if not re.search(rf"\b(?:total|whole|{re.escape(part.group(3))})\b", asked):
        return None
    return f"{part.group(1)} / ({part.group(2)} / 100)"


LEFT_ASKED = re.compile(r"\b(?:left|remains?|remaining|rest|leftover|back|keep|balance|owing|still\s+owed?"
                        r"|outstanding)\b")
# "how much do i get back", "what's the balance", "how much do they still owe"; not "i pay 40%, how much do i owe"
TAKEN = re.compile(r"(?:%|\bpercent)\s+(?:of\s+(?:it|that|this|them)\s+)?(?:goes|go|went|is|are|was|were|gets?)\s+"
                   r"(?:on|to|spent|used|paid|taken|saved|put)\b|\b(?:spend|spent|spends|use|used|uses|pay|paid|pays|keeps?|kept"
                   r"|deducts?|deducted|withh[oe]lds?|taxed\s+at|charged\s+at|docked"
                   r"|save|saved|saves|give|gave|gives|takes?|taking|took|sold|sells?|eats?|ate|lost|loses?|wasted"
                   r"|donated|done|did|completed|covered)\s+(?:an?\s+)?(?:\d+(?:\.\d+)?)\s*(?:%|percent\b)"
                   r"|\bdeposit\s+(?:is|was|of)\s+(?:\d+(?:\.\d+)?)\s*(?:%|percent\b)")
# "sold 35% of them", "takes a 5% fee"


PART_SAID = re.compile(r"%\s+(?:[a-z]+\s+)?(?:which|that|and\s+it|and\s+that)\s+(?:came\s+to|was|is|comes\s+to"
                       r"|amounted\s+to|cost)\b")
THEIRS = re.compile(r"\b(?:takes|took|keeps|kept|deducts|deducted|withholds)\b")  # said of someone else
MINE = re.compile(r"\b(?:i|we)\s+(?:actually\s+|really\s+)?(?:get|receive|end\s+up\s+with|take\s+home)\b")


def rest_reading(text: str) -> str | None:
    """"my pay is 2400 and 35% of it goes on rent, how much is left?" -> 2400 - 35 / 100 * 2400: what is left of
    the one other number after a percentage of it is taken."""
    numbers, percents = _two(text), PERCENT.findall(text)
    if not numbers or len(percents) != 1 or numbers[0] == numbers[1] or PERCENT_ASKED.search(text):
        return None
    taken, asked = TAKEN.search(text), asked_words(text)
    to = taken and re.match(r"\s*(?:the\s+)?([a-z]+)", text[taken.end():])  # "30% goes on costs": costs
    others = to and re.search(r"\b(?:get|gets|receive|receives|reach|reaches|goes\s+to|comes?\s+to\s+(?:me|us|you"
                              r"|him|her|them))\b", asked) and to.group(1) not in asked  # "takes 15% commission,
    # how much comes to me"
    others = others or taken and THEIRS.search(taken[0]) and not re.search(r"\b(?:i|we)\s+(?:\w+\s+)?$", text[
        :taken.start()]) and MINE.search(asked)  # "the auction house takes 5%, how much do i actually get"
    if re.search(r"\b(?:they|it|he|she)\s+(?:actually\s+)?(?:get|gets|take|takes|keep|keeps)\b", asked):
        return None  # "the firm takes 15% commission, how much do they get off me": their part
    if not (taken and (LEFT_ASKED.search(asked) or others)) or any(pattern.search(text) for pattern, _ in CHANGE_BY):
        return None  # "..., how much does the charity get": what the costs do not take
    if re.search(r"\bke(?:eps?|pt)\b", taken[0]) and re.search(r"\bkeep\b", asked):
        return None  # "keeps 70%, how much does she keep": the part kept
    if (left := LEFT_ASKED.search(asked)) and re.search(rf"%\s+{left[0]}\b", text) or re.search(
            r"%\s+(?:back|refund\w*|cash\s*back)\b", text):
        return None  # "gives 25% back on a £46 ticket, how much do i get (back)": the part given back
    if ADDED.search(text[: taken.start()] + text[to.end() + taken.end() if to else taken.end():]):
        return None  # "40% goes to tax" takes the tax; "VAT at 20%, ..." adds it
    if PART_SAID.search(text):
        return None  # "paid a 30% deposit which came to £2400": the part, not the whole
    whole = next(n for n in numbers if n != percents[0])
    if GOAL.search(asked):
        return None  # "what do i list at so i receive £27 after the fee": 27 is what is left, the whole is asked
    return f"{whole} - {percents[0]} / 100 * {whole}"


INCLUDED = re.compile(r"\bgross\b|\b(?:inc|incl|including|inclusive\s+of|includes?)\s+(?:the\s+)?"
                      r"(?:\d+(?:\.\d+)?\s*%\s+)?(?:vat|tax|gst)\b|\b(?:vat|tax|gst)[- ]inclusive\b"
                      r"|\b(?:vat|tax|gst)\s+included\b")
TAX = re.compile(r"\b(?:vat|tax|gst)\b")
NET_ASKED = re.compile(r"\b(?:net|before|without|excluding|excl|ex)\b")


GROSS_PROFIT = re.compile(r"\bgross\s+(?:margin|profit)s?\b")  # "a 65% gross margin on a cookie": no tax included


def included_reading(text: str) -> str | None:
    """"how much of a 96 gross bill is vat at 20%" -> 96 * 20 / (100 + 20): the tax inside an amount that already
    includes it, or the amount without it ("... what is it before vat" -> 96 * 100 / (100 + 20))."""
    numbers, percents = _two(text), PERCENT.findall(text)
    asked = asked_words(text)
    given = text[: len(text) - len(asked)] if asked != text else text  # "... before vat, what is it with vat?"
    if not numbers or len(percents) != 1 or numbers[0] == numbers[1] or not INCLUDED.search(
            GROSS_PROFIT.sub(" ", given)):
        return None
    percent = percents[0]
    if re.search(rf"(?<![\d.]){re.escape(percent)}\s*(?:%|percent)\s+of\b", text):
        return None  # "12.5% of my VAT-inclusive turnover": that part of it, no tax taken out of it
    whole = next(n for n in numbers if n != percent)
    if NET_ASKED.search(asked):
        return f"{whole} * 100 / (100 + {percent})"
    tax_asked = TAX.search(asked) and (AMOUNT_ASKED.search(text) or TAX.match(asked))  # "VAT to pay over?"
    return f"{whole} * {percent} / (100 + {percent})" if tax_asked else None


def changed_by_reading(text: str) -> str | None:
    """"increase 250 by 8%" -> 250 + 8 / 100 * 250; a price with its tax or tip added, or its discount taken
    off, asked for after the change -> price ± percent / 100 * price; asked for before it, from the price after
    ("including 20% VAT it is 60: the price before VAT?") -> 60 / (1 + 20 / 100)."""
    numbers, percents = _two(text), PERCENT.findall(text)
    if not numbers or len(percents) != 1 or numbers[0] == numbers[1] or PERCENT_ASKED.search(text):
        return None
    percent, (given, asked) = percents[0], given_and_asked(text)
    if CHANGE_ASKED.search(asked):
        return None
    whole = next(n for n in numbers if n != percent)
    said = [sign for pattern, sign in CHANGE_BY for _ in pattern.finditer(text)]
    if (base := re.search(r"\b(?:off|of|on)\s+(?:the\s+)?([a-z]+\s+price)\b", given)) and base.group(1) in asked:
        return None  # "260, that's 35% off the new price. what was the new price": the price before it
    if said:
        if len(said) != 1 or ADDED.search(text):
            return None
        if BEFORE_CHANGE.search(asked):  # "lowered by 15% and now it is 340. what was the price before?"
            return f"{whole} / (1 {said[0]} {percent} / 100)" if NOW_VALUE.search(text) else None
        return f"{whole} {said[0]} {percent} / 100 * {whole}"
    added, off = bool(ADDED.search(text)), bool(OFF.search(text))
    if MARKUP.search(text) and not added and not off:  # a cost marked up, asked for the price it sells for
        return f"{whole} + {percent} / 100 * {whole}" if SELLING_ASKED.search(asked) else None
    if added == off:
        return None
    sign = "+" if added else "-"
    full = FULL_PRICE.search(asked)  # with a tax added, the price after it; with a discount, the price before it
    before, after = BEFORE_ASKED.search(asked) or off and full, AFTER_ASKED.search(asked) or added and full
    if before and ASKED_PRICE_AFTER.search(text):
        return f"{whole} / (1 {sign} {percent} / 100)"
    if after and not before and not (full and ASKED_PRICE_AFTER.search(text)):
        return f"{whole} {sign} {percent} / 100 * {whole}"
    return None


PERCENT_OF = re.compile(rf"{N}\s*(?:%|percent\b|per\s+cent\b)\s+of\s+(?:(?:my|our|his|her|their|your|the|a)\s+)?"
                        rf"[$€£]?{N}")  # "take 40% of 250", "40% of my £45 hourly rate"


def percent_of_reading(text: str) -> str | None:
    """"Take 40% of 250", "what's 10 percent of 90 dollars?" -> 40 / 100 * 250: a percentage of the question's one
    other number, said so, and nothing asked of it but that part."""
    found, numbers = PERCENT_OF.search(text), _two(text)
    if not found or not numbers or sorted(found.groups()) != sorted(numbers):
        return None
    if CHANGED_WHOLE.search(text) or OFF.search(text) or INCLUDED.search(text) or PERCENT_ASKED.search(text) or any(
            pattern.search(text) for pattern, _ in CHANGE_BY) or other_than_part(text) or rest_reading(text):
        return None  # "the agent takes 15% of the £800 fee, how much do we get": the rest
    return f"{found[1]} / 100 * {found[2]}"


def percent_readings(text: str) -> list[str]:
    readers = (share_reading, part_reading, percent_of_reading, change_reading, changed_by_reading, rest_reading,
               whole_of_part_reading, included_reading)
    return [r for r in (read(text) for read in readers) if r]
