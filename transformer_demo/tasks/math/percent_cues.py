"""A percentage of one amount, read by the words around it where no reader of percentages.py reads the question:
the part, the amount less the part, or the amount with the part added, each only when what the question asks and
what it says of the percentage point the same way and nothing points another:

    percent_cue_reading("staff discount is 15%, order comes to £42.80, what do they pay")  -> 42.80 - 15 / 100 * 42.80
    percent_cue_reading("Race entry is £32 plus a 6% booking fee. What's the total?")      -> 32 + 6 / 100 * 32
    percent_cue_reading("card machine takes 1.75% of every payment, wat's the fee on a £240 sale")
                                                                                          -> 1.75 / 100 * 240
    percent_cue_reading("the jacket was £60 after 25% off, what was it before")           -> None (a whole asked)

Two numbers only, one of them the percentage; no percentage, period, whole before a change or chance asked, and no
amount said to include the percentage ("£9.50 incl VAT").
"""
from __future__ import annotations

import re

from .asked import given_and_asked, other_period
from .percent_words import GOAL, TARGET, other_kind_asked
from .percentages import PART_SAID, PERCENT, PERCENT_ASKED
from .reading import NUMBER

DOWN_SAID = re.compile(r"\b(?:off|discount\w*|knock\w*|deduct\w*|subsidi[sz]\w*|lost|los(?:e|es|ing)|loss|reduc\w*"
                       r"|cheaper|cut|sale|less|minus|drop\w*|fall\w*|fell|down|decreas\w*|shr[iau]nk\w*|evaporat\w*"
                       r"|wast\w*|spoil\w*|damaged|broken|withh[oe]ld\w*)\b")
UP_SAID = re.compile(r"\b(?:add\w*|plus|up|increas\w*|rais\w*|bump\w*|more|vat|tax|tip|surcharge|mark-?up|markup"
                     r"|gift\s+aid|gr[eo]w\w*|ris(?:e|es|ing)|rose|extra|boost\w*|top(?:s|ped)?\s+up|interest"
                     r"|on\s+top|service\s+charge|booking\s+fee|put\s+\d+(?:\.\d+)?\s*%\s+on)\b")
# not the part; "the tuesday price", "the off peak fare", "the discounted rate"
PRICE_ASKED = re.compile(r"\b(?:the|its|my|your|our)\s+(?:[a-z-]+\s+){0,2}?(?:price|cost|bill|total|fare|rate)\b"
                         r"(?!\s+of\b)")
PART_ASKED = re.compile(r"\b(?:fee|commission|tip|deposit|payment|interest|discount|saving|savings|tax|vat|cut|bonus"
                        r"|charge|pension|contribution|deduction\w*|levy|royalt\w*|amount\s+off)\b")
THAT_ASKED = re.compile(r"^(?:how\s+much|what)(?:'s|s|\s+is|\s+does)\s+(?:that|it|this)(?:\s+come\s+to)?\s*[?.!]*$")
REST_ASKED = re.compile(r"\b(?:left|remain\w*|empty|not|rest|take[-\s]?home|net|keep|other\w*|still|usable)\b|n't\b"
                        r"|\bactually\s+(?:get|pay|receive|take)\b")
# "what does each sibling pay", "how much are they", "how much does the sibling pay"
PAY_ASKED = re.compile(r"\bwhat\s+(?:do|does|did|will|would|should|must)\s+(?:i|we|you|they|he|she"
                       r"|[a-z']+(?:\s+[a-z']+){0,2})\s+(?:actually\s+|now\s+)?(?:pay|charge|spend|owe|cost)\b"
                       r"|\bhow\s+much\s+(?:do|does|will|would|should)\s+\S+(?:\s+\S+)?\s+(?:actually\s+)?(?:pay|charge|spend"
                       r"|owe|cost)\b|\bhow\s+much\s+(?:are\s+they|is\s+one|is\s+it\s+now)\b"
                       r"|\bnow\b|\bnew\s+(?:price|rate|cost|total|wage|salary|rent|amount|figure|weight|value|balance"
                       r"|bill|fare|fee|pay)\b|\b(?:final|sale|reduced|discounted)\s+(?:price|cost|bill|amount)\b"
                       r"|\bwhat\s+should\s+[a-z]+(?:\s+[a-z]+)?\s+be\b"
                       r"|\bafter\s+(?:the\s+)?(?:discount|deductions?|tax|vat|fees?|reduction|cut)\b")
TOTAL_ASKED = re.compile(r"\b(?:total|altogether|in\s+all|including|becomes?|come\s+to|comes\s+to)\b"
                         r"|\bwhat\s+do\s+(?:you|i|we)\s+get\b|\b(?:once|when|after|if)\s+(?:you|i|we)\s+add\b"
                         r"|\bwith\s+(?:the\s+)?(?:\d+(?:\.\d+)?\s*%\s+)?(?:vat|tax|tip|fee|charge|interest)\b")
WHOLE_ASKED = re.compile(r"\b(?:before|original\w*|used\s+to|to\s+start\s+with|at\s+first)\b|\bwhat\s+(?:was|did)\b")
TAX_INCLUDED = re.compile(r"\b(?:inc|incl|including|inclusive\s+of|includes?)\b[^.?!,]*?\b(?:vat|tax|gst)\b"
                          r"|\b(?:vat|tax|gst)[- ](?:inclusive|included)\b")  # "£9.50 incl VAT": no amount before it
NOT_READ = re.compile(r"\b(?:compound\w*|years|(?:a|an|per|each|every)\s+year|annual\w*|yearly|chance|probab\w*|odds"
                      r"|each\s+(?:month|week|day)"
                      r"|every\s+(?:month|week|day)|per\s+(?:month|week|day)|then|again|twice|both)\b")


def percent_cue_reading(text: str) -> str | None:
    """The one reading the words point to (module docstring), or None."""
    numbers, percent = NUMBER.findall(text), PERCENT.findall(text)
    if len(set(numbers)) != 2 or len(numbers) != 2 or len(percent) != 1 or PERCENT_ASKED.search(text) \
            or NOT_READ.search(text):
        return None
    rate = percent[0]
    whole = next(n for n in numbers if n != rate)
    given, asked = given_and_asked(text)
    if not asked or asked == text or WHOLE_ASKED.search(asked) or other_period(given, asked) \
            or TAX_INCLUDED.search(given) or GOAL.search(asked):  # "so i receive £27 after the fee": the whole asked
        return None
    down, up = DOWN_SAID.search(given), UP_SAID.search(given)
    price = PRICE_ASKED.search(asked)
    part = PART_ASKED.search(asked) and not price or THAT_ASKED.search(asked.strip()) and not (down or up)
    rest, total = REST_ASKED.search(asked), TOTAL_ASKED.search(asked)
    pay = PAY_ASKED.search(asked) or down and price  # "was 70 now 30% off, whats the price"
    if part and not (rest or pay or total):
        return f"{rate} / 100 * {whole}"
    if (rest or pay) and down and not up and not total:
        return f"{whole} - {rate} / 100 * {whole}"
    if (total or pay) and up and not down and not rest:
        return f"{whole} + {rate} / 100 * {whole}"
    return None


THEIRS_ASKED = re.compile(r"\b(?:they|it|he|she)\s+(?:actually\s+)?(?:get|gets|take|takes|keep|keeps)\b")
COUNT_ASKED = re.compile(r"^(?:how\s+(?:many|much)|what(?:'s|s|\s+is|\s+are|\s+was|\s+were))\b")


def complement_reading(text: str) -> str | None:
    """"club has 64 members and 25% are juniors, how many adults" -> 64 - 25 / 100 * 64: the things or the state a
    percentage of a number does not count, asked by name ("how many are working", "how many on time", "how much was
    cash", "how many are non-fiction"); two numbers only, one the percentage, nothing added to the number, no period
    or whole asked."""
    numbers, percent = NUMBER.findall(text), PERCENT.findall(text)
    if len(set(numbers)) != 2 or len(numbers) != 2 or len(percent) != 1 or PERCENT_ASKED.search(text) \
            or NOT_READ.search(text):
        return None
    given, asked = given_and_asked(text)
    if not COUNT_ASKED.search(asked) or WHOLE_ASKED.search(asked) or other_period(given, asked) or UP_SAID.search(
            given) or TAX_INCLUDED.search(given) or TARGET.search(given) or GOAL.search(asked):
        return None
    if not other_kind_asked(given, asked, states=False) or THEIRS_ASKED.search(asked) or PART_SAID.search(text):
        return None  # "charges 3% commission, how much do they keep": theirs; "a 30% deposit which came to £2400"
    whole = next(n for n in numbers if n != percent[0])
    return f"{whole} - {percent[0]} / 100 * {whole}"
