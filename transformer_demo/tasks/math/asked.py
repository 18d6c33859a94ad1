"""What a word problem asks and what it gives: its words from the last question word on (asked_words), the words
before them, and whether the asked words name a state or a period the given ones do not:

    given_and_asked("a coat is £150 with 20% off, what is the sale price")
        -> ("a coat is £150 with 20% off, ", "what is the sale price")
    opposed("40% returned their books late", "how many returned on time")               -> True
    other_period("internet is 32 a month shared by 4, ", "how much each over a year")    -> True
"""
from __future__ import annotations

import re
from fractions import Fraction

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
              r"grew|grow|germinated|survived|alive|lived|made\s+it"), (r"card", r"cash"),
             (r"eaten|used|sold", r"wasted|thrown\s+(?:away|out)|binned"))


def opposed(given: str, asked: str) -> bool:
    """Does the question ask for the opposite state of the one its numbers are said with ("40% returned their
    books late, how many on time", "18 of 24 passed, what percentage failed")?"""
    return any(re.search(rf"\b(?:{a})\b", given) and re.search(rf"\b(?:{b})\b", asked) and not re.search(
        rf"\b(?:{b})\b", given) for x, y in OPPOSITES for a, b in ((x, y), (y, x))) or _negated(given, asked)


def _negated(given: str, asked: str) -> bool:
    """Does one side say a state and the other its "un-" or "non-" form ("8% were unsellable, how many were
    sellable")?"""
    said, wanted = (set(re.findall(r"[a-z]{4,}", re.sub(r"\bnon-", "non", words))) for words in (given, asked))
    return any(re.sub(r"^(?:un|non)", "", w) in other and w not in other for words, other in
               ((said, wanted), (wanted, said)) for w in words if re.match(r"(?:un|non)[a-z]{4}", w))


# "over a whole year", "for a full year", "weekly"
PERIOD = re.compile(r"\b(?:per|a|an|each|every|over\s+a|in\s+a|for\s+a|for\s+the|over\s+the|a\s+whole|the\s+whole)"
                    r"\s+(?:(?:whole|full|entire)\s+)?(day|week|month|year)\b|\b(dai|week|month|year)ly\b")


def other_period(given: str, asked: str) -> bool:
    """Does the question ask for a period its numbers are not given for ("32 a month shared by 4, how much does each
    pay over a year", "18000 at 20%, how much tax per month")?"""
    return bool(periods_said(asked)) and periods_said(asked) != periods_said(given)


def periods_said(words: str) -> set[str]:
    """The periods a rate or a question is said for ("a month", "for the whole year", "weekly")."""
    return {"day" if p == "dai" else p for m in PERIOD.finditer(words) for p in m.groups() if p}


PERIOD_FACTORS = {Fraction(n) for n in (2, 4, 7, 12, 24, 26, 28, 30, 31, 52, 365)}  # one period in another
AMOUNT_BEFORE = re.compile(r"\d(?:\s*[a-z]+)?\s*$")  # a rate's amount: "45 ", "£1450 ", "30 quid "
PERIOD_COUNTED = re.compile(r"(?<![\d.])\d+(?:\.\d+)?\s*(?:-\s*)?(?:days?|weeks?|months?|years?)\b")  # "for 12 months"


def period_left_out(question: str, numbers: set[Fraction]) -> bool:
    """Does a calculation with no number of periods in another answer for another period than the one an amount is
    said for ("phone is £45 a month, 60% for work, how much for a full year": no 60 / 100 * 45)? A question that
    counts its periods ("£45 a month for 12 months") gives the count to multiply by."""
    text = question.lower()
    given, asked = given_and_asked(text)
    said = {Fraction(n) for n in re.findall(r"\d+(?:\.\d+)?", text)}
    rates = {p for m in PERIOD.finditer(given) if AMOUNT_BEFORE.search(given[: m.start()])
             for p in periods_said(m[0])}  # "£1450 a month", not "if you pay the whole year"
    wanted = periods_said(asked)
    return bool(rates and wanted) and not rates & wanted and not (numbers - said) & PERIOD_FACTORS \
        and not PERIOD_COUNTED.search(text)
