"""The statistic a question asks of its list of numbers: the mean, median, mode or range of a list said as one
("I got 78, 85 and 92 on my tests, what's my average?" -> mean(78, 85, 92)) or with a label beside each number
("visitors mon 320, tue 275, wed 410 - average per day?", "skied 34 km on monday, 28 on tuesday and 40 on
wednesday"), and the score still needed for a target average or total ("45, 62 and 18 in three innings: how many
in the fourth to average 50?" -> 50 * (3 + 1) - (45 + 62 + 18)).
"""
from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction

from .everyday import LIST_GAP
from .measures import DAYS_MONTHS
from .reading import NUMBER

NUMBER_LIST = re.compile(r"\d+(?:\.\d+)?(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)\d+(?:\.\d+)?)+")
# a statistic's list may be signed and spaced: "-4, 7, -11, 3 and 0", "7 3 9 1 5 11"
SIGNED_LIST = re.compile(r"(?<![\w.-])-?\d+(?:\.\d+)?(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s+)-?\d+(?:\.\d+)?)+"
                         r"(?!\w|\.\d)")
SIGNED = re.compile(r"-?\d+(?:\.\d+)?")


PER_ONE = re.compile(r"\bper\s+(?:game|match|day|week|month|year|test|round|innings|person|player|student|child"
                     r"|night|run|race|ride|trip|walk|swim|session|lesson|visit|shift|lap|hole|order|customer|quarter"
                     r"|half|set|paper|exam|quiz|country|event|episode|hive|branch|stall|shop|team|site|hen)\b")


def statistic_reading(text: str) -> str | None:
    """"I got 78, 85 and 92 on my tests, what's my average?" -> mean(78, 85, 92): the question's numbers are one
    list (besides, at most, their count: "2, 0, 3, 1 and 4 goals in the last 5 games"), and it asks for their
    mean, median, mode (one value more often than any other) or range (not a speed, a rate or a weighted mean)."""
    text = re.sub(r"\bmiddle\s+(?:value|number)\b", "median", text)  # "the middle value among 9, 2 and 5"
    asked = re.findall(r"\b(average|mean|median|mode|range)\b", text)
    if len(set(asked)) != 1 or re.search(r"\b(?:speeds?|per|rates?)\b|weighted|%|percent|\bx\b|=|\bneed|\d,\d{3}\b",
                                         PER_ONE.sub(" ", text)):  # not "temperatures", nor "1,820, 960"
        return None
    numbers = NUMBER.findall(text)
    for listed in SIGNED_LIST.finditer(text):
        values = SIGNED.findall(listed[0])
        rest = NUMBER.findall(text[: listed.start()] + " " + text[listed.end():])
        if not rest or rest == [str(len(values))] and len(values) + 1 == len(numbers):
            return _of(asked[0], values)
    values = _labelled(text)
    return _of(asked[0], values) if values else None


NOT_LISTED = re.compile(r"\b(?:been|was|were|is|are|out|times|had|has|have)\b")  # "1230 runs and been out 30 times"
DAY_OR_MONTH = f"(?:{'|'.join(sorted(DAYS_MONTHS, key=len, reverse=True))})"
# Between two labelled numbers, where no comma or "and" is: a day or a month ("mon 3 tue 5", "1.8l tue 2.2")
LABEL_GAP = re.compile(rf"(?:\s*[a-z]+)?\s+(?:on\s+|in\s+)?{DAY_OR_MONTH}\s*[:=]?\s*[$€£]?")
# Between two numbers of a list with a few words each: "34 km on monday, 28", "14 films in jan, 9 in feb and 17"
WORDY_GAP = re.compile(r"(?:(?:\s+|(?<=\d))[a-z]+){0,3}\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)"
                       r"(?:[a-z]+\s+){0,2}?[$€£]?")
NOT_A_LABEL = re.compile(r"\b(?:at|each|per|every|for|of|by|x|times|plus|minus|more|less|than|off|left|then|after"
                         r"|before|from|to|out|i|we|you|they|he|she|it)\b")  # "3 days at 400 and 2 at 220"
PERIOD_OVER = re.compile(r"\b(?:over|across|for)\s+(?:the|a|this|that)\s+(?:whole\s+)?(?:week|month|year|fortnight)\b")


def _labelled(text: str) -> list[str] | None:
    """The numbers of a list with a thing or a day beside each ("8400 steps mon, 10200 tue", "mon 3 tue 5 wed 4"),
    besides, at most, their count said before or after them ("5 anglers weighed in 8.2kg, 6.5kg, ..."); None where
    the numbers are no such list, a difference may be meant ("412-388") or the average is over a period the list
    does not fill ("mon 3, tue 5, average per day over the week")."""
    found = list(NUMBER.finditer(text))
    if re.search(r"\d\s*-\s*\d|(?<![\w.])-\s*\d", text) or PERIOD_OVER.search(text):
        return None
    for head in (found, found[1:], found[:-1]):
        count = next((m for m in found if m not in head), None)
        gaps = [text[a.end():b.start()] for a, b in zip(head, head[1:])]
        if len(head) < 2 or count is not None and count[0] != str(len(head)) or any(
                NOT_LISTED.search(gap) or NOT_A_LABEL.search(gap) for gap in gaps):
            continue
        if all(LIST_GAP.fullmatch(gap) or WORDY_GAP.fullmatch(gap) or LABEL_GAP.fullmatch(gap) for gap in gaps) and (
                any(re.search(r",|\band\b|&", gap) for gap in gaps) or all(LABEL_GAP.fullmatch(gap) for gap in gaps)):
            return [m[0] for m in head]
    return None


def _of(statistic: str, values: list[str]) -> str | None:
    """The program of one statistic of a list of numbers (as written, signs included)."""
    if statistic == "range":  # the largest less the smallest
        low = min(values, key=Fraction)
        return f"{max(values, key=Fraction)} - {f'({low})' if low.startswith('-') else low}"
    if statistic == "mode":
        counts = Counter(Fraction(v) for v in values).most_common()
        if len(counts) > 1 and counts[0][1] > counts[1][1]:
            return next(v for v in values if Fraction(v) == counts[0][0])
        return None  # every value once, or two as often: no one mode
    return f"{'median' if statistic == 'median' else 'mean'}({', '.join(values)})"


NEEDED = re.compile(r"\b(?:need|needs|needed|have\s+to\s+(?:get|score))\b")
NEXT_ONE = re.compile(r"\b(?:next|last|final|fourth|fifth|sixth|another|one\s+more)\b")


def needed_reading(text: str) -> str | None:
    """"scores 45, 62 and 18 in three innings: how many does he need in the fourth to average 50?" ->
    50 * (3 + 1) - (45 + 62 + 18): a list of scores, one more to come, and the average or total it must make."""
    numbers = NUMBER.findall(text)
    lists = [m for m in NUMBER_LIST.finditer(text) if len(NUMBER.findall(m[0])) == len(numbers) - 1]
    if len(lists) != 1 or not NEEDED.search(text) or not NEXT_ONE.search(text) or re.search(r"%|percent|per\b", text):
        return None
    values = NUMBER.findall(lists[0][0])
    target = next(n for n in NUMBER.findall(text[: lists[0].start()] + " " + text[lists[0].end():]))
    scores = " + ".join(values)
    if re.search(rf"\b(?:average|mean)\s+(?:of\s+)?{re.escape(target)}\b", text):
        return f"{target} * ({len(values)} + 1) - ({scores})"
    if re.search(rf"\b{re.escape(target)}\b[^.?!]*\b(?:total|altogether|in\s+all)\b|\b(?:total|altogether|in\s+all)\b"
                 rf"[^.?!]*\b{re.escape(target)}\b", text):
        return f"{target} - ({scores})"
    return None
