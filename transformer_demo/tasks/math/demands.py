"""What a question's words demand of any calculation that answers it, whether a reader or the model wrote it:

    "how many more points to finish above them"   one more than the gap   (the program adds 1)
    "putty tubs only come whole"                  whole tubs bought        (the program rounds up)
    "3 hours every day mon to fri, a week"        5 days, not 7            (no 7 the question does not give; nor
                                                                            for "tues to sat")
    "a round is 5 dozen arrows, 10 points each"   60 arrows                (the program uses 12)
    "how many dozen eggs is that a week"          dozens                   (the program divides by 12)
    "what percentage was left over"               a percentage             (pct)
    "how many days will the job take"             whole days               (no part of a day, unless the question
                                                                            says how to round)
    "grandad matches whatever she saves"         twice what she saves     (a 2 or a sum)
    "what do I multiply everything by"            the factor itself        (no product of the numbers given)
    "20p a day up to a maximum of £4"             no more than the cap     (no program here applies one)
    "a gold, silver and bronze for each of 14"    3 for each               (the program uses 3)
    "6 portions per batch, 4 minutes a batch,     13 whole batches         (the program rounds up, or divides a
     75 portions"                                                            count the batch size divides)
    "paid with a £50 note, change?"               nothing less than 0      (the program's value is not negative)
    "how many full weeks to first pass 10,000 m"  the first week past it   (the program does not round down)

    unmet("we're on 38 and they finished on 47, how many more to finish above them", "47 - 38")
        -> "does not add the 1 that finishing above them takes"
"""
from __future__ import annotations

import re

from .asked import asked_words
from .percent_checks import no_percentage
from .program import ProgramError, evaluate
from .reading import NUMBER, WEEKDAYS
from .spoken import ONES

ABOVE = re.compile(r"\b(?:finish|end|be|get|go|come|move|climb|sit)\s+(?:up\s+)?(?:above|ahead\s+of)\b|\bovertake\b"
                   r"|\bbeat\s+(?:them|him|her|it|their)\b|\bmore\s+than\s+(?:them|him|her|they)\b", re.IGNORECASE)
MORE_ASKED = re.compile(r"\bhow\s+(?:many|much)\s+(?:more|extra)\b", re.IGNORECASE)
WHOLE_ONLY = re.compile(r"\b(?:come|comes|sold|sell|sells|available|buy|bought)\s+(?:in\s+|as\s+)?(?:whole|full)\b"
                        r"(?!\s+(?:price|cost|amount))|\bwhole\s+[a-z]+\s+only\b|\bcan'?t\s+buy\s+(?:half|part)",
                        re.IGNORECASE)  # "tubs only come whole", "you can't buy half a tin"
TAKE_ASKED = re.compile(r"\bhow\s+many\s+(?:days|weeks|months|shifts|trips|visits|sessions|lessons|goes)\s+"
                        r"(?:will|would|does|did|is|has|should|must)\s+(?:it|this|that|the\s+[a-z]+|i|we|you|he|she|they)"
                        r"\s+(?:take|need)\b", re.IGNORECASE)  # "how many days will it take me"
DOZENS = re.compile(r"\d\s+dozens?\b", re.IGNORECASE)
DOZENS_ASKED = re.compile(r"\bhow\s+many\s+dozens?\b|\bin\s+dozens\b", re.IGNORECASE)  # "how many dozen eggs is that"
PER_DOZEN = re.compile(r"\b(?:a|per|the|each|every|by\s+the)\s+dozen\b", re.IGNORECASE)  # "3.20 a dozen": in dozens
# "3 panes ... one of them is frosted, how much clear glass": a count set apart, which a program must use
SET_APART = re.compile(r"\b(one|two|three|four|five)\s+of\s+(?:them|those|these|the\s+[a-z]+)\s+(?:is|are|was|were|has"
                       r"|have|had)\b", re.IGNORECASE)
# "grandad matches whatever she saves": twice what she saves
MATCHED = re.compile(r"\bmatch(?:es|ed|ing)?\b[^.?!]*?\b(?:pound\s+for\s+pound|dollar\s+for\s+dollar"
                     r"|what(?:ever)?\s+\w+\s+(?:saves?|raises?|puts?\s+in|gives?|pays?\s+in))")
DAY = r"(?:mon|tues?|wed(?:nes)?|weds|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?"
DAY_RANGE = re.compile(rf"\b{DAY}\s*(?:-|to|till|until|thru|through)\s*{DAY}\b", re.IGNORECASE)  # "tues to sat"
# "what do I multiply everything by": the factor is asked, so no product of the numbers given answers it
FACTOR_ASKED = re.compile(r"\bwhat\s+(?:do|should|would|must|shall|can)\s+(?:i|we|you)\s+"
                          r"(?:multiply|times|scale|divide)\b[^.?!]*\bby\s*[?.!]*$"
                          r"|\b(?:multiply|scale|divide)\s+(?:it|them|everything|each|all)[a-z ]{0,30}\s+by\s+(?:what"
                          r"|how\s+much)\b|\bwhat\s+(?:is\s+the\s+)?(?:scale\s+)?factor\b", re.IGNORECASE)
# "20p a day up to a maximum of £4", "capped at £15 a day": the most charged, which no program here takes the
# smaller of
CAPPED = re.compile(r"\b(?:up\s+to\s+)?an?\s+(?:max(?:imum)?|cap)\s+(?:of|charge|fine|fee|amount|price|cost|payment"
                    r"|daily|weekly)\b|\bcapped\s+at\b|\b(?:max(?:imum)?|minimum)\s+(?:charge|fine|fee)\s+(?:of|is)\b"
                    r"|\bno\s+more\s+than\s+[$€£]?\d", re.IGNORECASE)
# "first month free, then £95 a month": the free periods are not paid for, which a program must take off
FREE_FIRST = re.compile(r"\b(?:the\s+)?first\s+(?:(one|two|three|four|\d+)\s+)?(?:month|week|day|night|year|lesson"
                        r"|session|hour|class)s?\s+(?:is\s+|are\s+|for\s+|go\s+|comes?\s+)?free\b", re.IGNORECASE)
# "goes up by 10% each week ... two weeks from now": the change applied once per period, which a program compounds
EACH_PERIOD_CHANGE = re.compile(r"\d\s*(?:%|per\s*cent|percent)\s+(?:each|every|a|per)\s+(week|month|year|day|hour)\b"
                                r"|\b(?:each|every)\s+(week|month|year|day|hour)\b[^.?!]*\d\s*(?:%|per\s*cent|percent)",
                                re.IGNORECASE)
SEVERAL_PERIODS = (r"\b(?:two|three|four|five|six|seven|eight|nine|ten|[2-9]|\d\d+)\s+(?:more\s+)?"  # {period}: the
                   r"({period})s\s+(?:from\s+now|later|time|on|away|ahead)\b"  # one the change is said for
                   r"|\b(?:in|after|over)\s+(?:two|three|four|five|six|seven|eight|nine|ten|[2-9]|\d\d+)\s+"
                   r"(?:more\s+)?({period})s\b")
# "6 portions per batch": things made or carried in whole cycles, so 75 portions take 13 batches, not 12.5
CYCLE = re.compile(r"(?<![\d.])(\d+)\s+([a-z]+)\s+(?:per|a|an|each|every|in\s+(?:a|each|one|every))\s+(batch|load|trip"
                   r"|run|cycle|tray|sitting|crossing|lift|ride|tour|wash)(?:es|s)?\b", re.IGNORECASE)
# "a gold, silver and bronze for each of 14 races": several things named for each, a count the program must use
SEVERAL_EACH = re.compile(r"\ban?\s+([a-z]+(?:\s*,\s*(?:an?\s+)?[a-z]+)*\s+and\s+(?:an?\s+)?[a-z]+)\s+(?:for|per|to)\s+"
                          r"(?:each|every|a|an)\b", re.IGNORECASE)
# "paid with a £50 note, change?", "how many tins left": what is left of an amount is never less than nothing
LEFT_ASKED = re.compile(r"\bchange\b|\bhow\s+many\b[^.?!]*\b(?:left|remain\w*|spare|leftover)\b", re.IGNORECASE)
# "after how many full weeks will my total first pass 10,000 m": the first whole one past it, never fewer
PASSED_ASKED = re.compile(r"\bhow\s+many\b[^.?!]*\b(?:first\s+)?(?:pass(?:es)?|exceed|go\s+over|goes\s+over|top|beat"
                          r"|reach|hit|get\s+to|gets\s+to|be\s+(?:more|over)\s+than|be\s+at\s+least)\b", re.IGNORECASE)
SIMPLE = re.compile(r"\bsimple\b", re.IGNORECASE)
ROUNDING_SAID = re.compile(r"\b(?:decimal|nearest|round\w*|significant)\b", re.IGNORECASE)


def unmet(question: str, program: str) -> str | None:
    """The demand of the question's words that the program does not meet (a clause), or None."""
    if why := no_percentage(asked_words(question), program):  # asked, not a rate given ("a 55% win rate")
        return why
    if ABOVE.search(question) and MORE_ASKED.search(question) and not re.search(r"\+\s*1(?![\d.])", program):
        return "does not add the 1 that finishing above them takes"
    days_said = re.search(WEEKDAYS, question, re.IGNORECASE) or DAY_RANGE.search(question)
    if days_said and "7" in NUMBER.findall(program) and "7" not in NUMBER.findall(question):
        return "counts 7 days a week, where the question says which days"  # "every day mon to fri"
    if DOZENS.search(question) and not PER_DOZEN.search(question) and "12" not in NUMBER.findall(program):
        return "does not count the dozens in ones (12 each)"  # "5 dozen arrows, 10 points per arrow"
    if DOZENS_ASKED.search(question) and not DOZENS.search(question) and not re.search(r"/\s*\(?\s*12(?![\d.])",
                                                                                       program):
        return "does not count in dozens (12 each), which the question asks for"
    if (apart := SET_APART.search(question)) and str(ONES[apart[1].lower()]) not in NUMBER.findall(program):
        return f"does not take out the {apart[1].lower()} of them the question sets apart"
    if MATCHED.search(question) and not re.search(r"(?<![\d.])2(?![\d.])|\+", program):
        return "does not add the amount that is matched"  # "matches whatever she saves pound for pound"
    if free := FREE_FIRST.search(question):
        said = (free[1] or "one").lower()
        if not re.search(rf"-\s*\(?\s*{ONES.get(said, said)}(?![\d.])", program):
            return "does not take off the first periods the question says are free"
    each = None if SIMPLE.search(question) else EACH_PERIOD_CHANGE.search(question)  # simple interest: no compounding
    if each and re.search(SEVERAL_PERIODS.format(period=each[1] or each[2]), question, re.IGNORECASE) and (
            "^" not in program):
        return "applies the change once, where the question asks for it once each period"
    if (several := SEVERAL_EACH.search(question)) and str(len(re.split(r"\s*,\s*|\s+and\s+", several[1]))) not in (
            NUMBER.findall(program)):
        return "counts one for each, where the question names several for each"
    if (cycle := CYCLE.search(question)) and "ceil(" not in program and "floor(" not in program:
        size, thing = int(cycle[1]), cycle[2].lower()
        if any(int(count) % size for count in re.findall(rf"(?<![\d.])(\d+)\s+{re.escape(thing)}\b", question,
                                                          re.IGNORECASE)):
            return f"counts part of a {cycle[3].lower()}, where {size} {thing} go in each whole one"
    if PASSED_ASKED.search(question) and "floor(" in program:
        return "rounds down, where the question asks for the first whole one to reach the amount"
    if CAPPED.search(question):
        return "does not apply the most (or least) the question says is charged"
    if FACTOR_ASKED.search(question) and re.search(r"\*", program):
        return "multiplies by a number given, where the question asks for the number to multiply by"
    if WHOLE_ONLY.search(question) and "/" in program and "ceil(" not in program:
        return "does not round up to the whole ones the question says are sold"
    left = LEFT_ASKED.search(asked_words(question))
    whole = TAKE_ASKED.search(question) and not ROUNDING_SAID.search(question)
    if not (left or whole):
        return None  # nothing asked that the program's value must meet
    try:
        value = evaluate(program).value
    except ProgramError:
        return None
    if value < 0 and left:
        return "leaves less than nothing, where the question asks what is left"
    if whole and value.denominator != 1:
        return "gives a part of one, where the question asks how many whole ones it takes"
    return None
