"""What a word problem asks and what it gives: its words from the last question word on (asked_words), the words
before them, and whether the asked words name a state or a period the given ones do not:

    given_and_asked("a coat is £150 with 20% off, what is the sale price")
        -> ("a coat is £150 with 20% off, ", "what is the sale price")
    opposed("40% returned their books late", "how many returned on time")               -> True
    other_period("internet is 32 a month shared by 4, ", "how much each over a year")    -> True
"""
from __future__ import annotations

import re

ASKING = re.compile(r"\b(?:what|whats|how|find|calculate|work\s+out)\b", re.IGNORECASE)  # "whats": "what's" typed


def asked_words(text: str) -> str:
    """What a question asks: its words from the last question word on ("..., what is the price with VAT?"); where it
    has none, its last sentence ("£340 net, VAT at 5%. Gross bill?"), or all of it."""
    starts = [m.start() for m in ASKING.finditer(text)]
    if starts:
        return text[starts[-1]:]
    sentences = [m.start() for m in re.finditer(r"(?<=[.!?;])\s+(?=\S)", text)]
    return text[sentences[-1]:].lstrip() if sentences else text


def given_and_asked(text: str) -> tuple[str, str]:
    """The question's words before what it asks, and what it asks (asked_words)."""
    asked = asked_words(text)
    return text[: len(text) - len(asked)], asked


# States that exclude each other: a question that gives one and asks the other asks for more than its numbers say
OPPOSITES = ((r"late|missed", r"on\s+time|early|in\s+time"), (r"pass(?:ed|es)?", r"fail(?:ed|s)?"),
             (r"won|wins?", r"lost|lose"), (r"empty|free|vacant", r"occupied|full|taken|booked"),
             (r"broken|damaged", r"working"), (r"right|correct", r"wrong"),
             (r"off\s+the\s+road|out\s+of\s+(?:action|order|service)|unavailable|absent|off\s+sick",
              r"available|working|present|in\s+(?:use|service)"),
             (r"never\s+(?:came|come)\s+up|didn'?t\s+(?:come\s+up|grow|germinate|survive|make\s+it)|died|dead|lost",
              r"grew|grow|germinated|survived|alive|lived|made\s+it"), (r"card", r"cash"))


def opposed(given: str, asked: str) -> bool:
    """Does the question ask for the opposite state of the one its numbers are said with ("40% returned their
    books late, how many on time", "18 of 24 passed, what percentage failed")?"""
    return any(re.search(rf"\b(?:{a})\b", given) and re.search(rf"\b(?:{b})\b", asked) and not re.search(
        rf"\b(?:{b})\b", given) for x, y in OPPOSITES for a, b in ((x, y), (y, x)))


PERIOD = re.compile(r"\b(?:per|a|an|each|every|over\s+a|in\s+a|for\s+a|a\s+whole|the\s+whole)\s+(?:whole\s+)?"
                    r"(day|week|month|year)\b|\b(dai|week|month|year)ly\b")  # "over a whole year"


def other_period(given: str, asked: str) -> bool:
    """Does the question ask for a period its numbers are not given for ("32 a month shared by 4, how much does each
    pay over a year", "18000 at 20%, how much tax per month")?"""
    def periods(words: str) -> set[str]:
        return {"day" if p == "dai" else p for m in PERIOD.finditer(words) for p in m.groups() if p}

    return bool(periods(asked)) and periods(asked) != periods(given)
