"""The question a visitor's line asks, as the model and the readers read it: the one it quotes, its numbers in
words as digits, its durations in hours and minutes as hours, its signs in words as signs (question_in):

    asked_in("my kid's sheet says 'What is 15% of 240?'")       -> "What is 15% of 240?"
    with_digits("what is seventeen times twelve")              -> "what is 17 times 12"
    with_digits("three hundred and forty-five minus ninety")    -> "345 minus 90"
    with_digits("two point five times four point two")         -> "2.5 times 4.2"
    with_digits("a tank is three quarters full")                -> unchanged: a fraction's words are read elsewhere
    with_digits("each one gets two sweets")                     -> "each one gets 2 sweets": a lone "one" is a word
    in_hours("120 km in 1 hour 30 minutes")                     -> "120 km in 1.5 hours"
    signed("negative 4 times minus 7")                          -> "-4 times -7"
    unlabelled("my year 6 maths: what is 4 times 7")            -> "my year maths: what is 4 times 7"

Only a question with no digit at all has its number words rewritten: where it has digits, a number word is a
count its readers know ("23, 17 and 31 points in three games", "me and my two friends share 87": three people,
not two). A run of number words becomes one number only when it parses as one ("two three" does not); "one"
alone is a number only next to an operation ("one plus two", "divide by one"); a word before a fraction's part
("two thirds") stays a word.
"""
from __future__ import annotations

import re
from fractions import Fraction

from .program import format_number

ONES = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
SCALES = {"hundred": 100, "thousand": 1000, "million": 1000000}
QUOTED = re.compile(r"(?:^|(?<=[\s:]))['\"“‘]([^'\"”’]{8,}?)['\"”’](?=[\s.?!,]|$)")


def asked_in(text: str) -> str:
    """The question a message quotes ("my kid's worksheet says 'What is 15% of 240?' and I want to check"), or
    the message itself where it quotes none, or more than one."""
    quotes = QUOTED.findall(text) if isinstance(text, str) else []
    if len(quotes) != 1 or not re.search(r"\d", quotes[0]):
        return text
    form = re.search(r"\bas\s+an?\s+(?:decimal|fraction|percentage)\b", text.replace(quotes[0], " "), re.IGNORECASE)
    return quotes[0].strip() + (f" ({form[0]})" if form else "")  # "... Answer as a decimal please."


NUMBER_WORD = "|".join(sorted((*ONES, *TENS, *SCALES), key=len, reverse=True))
RUN = re.compile(rf"\b(?:a\s+(?=hundred\b|thousand\b|million\b))?(?:{NUMBER_WORD})"
                 rf"(?:(?:\s+and\s+|\s+|-)(?:{NUMBER_WORD}))*\b", re.IGNORECASE)
PARTS = re.compile(r"\s+(?:halves|half|thirds?|quarters?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?)\b",
                   re.IGNORECASE)
NEAR_OPERATION = r"plus|minus|times|divided|multiplied|over|squared|cubed|percent|more|less|add|subtract|by|than|equals"


def _value(words: list[str]) -> int | None:
    """The number a run of number words says, or None where it says none ("two three", "hundred", "ten twenty")."""
    total, current, last, big = 0, 0, None, None  # last: the previous word's kind; big: the last thousand/million
    for word in words:
        if word == "a":
            current, last = 1, "ones"
        elif word == "and":
            if last != "scale":
                return None
            last = "and"
        elif word in ONES:
            if last in ("ones", "teen") or last == "tens" and not 1 <= ONES[word] <= 9:
                return None
            current += ONES[word]
            last = "teen" if ONES[word] >= 10 else "ones"
        elif word in TENS:
            if last in ("ones", "teen", "tens"):
                return None
            current += TENS[word]
            last = "tens"
        elif word == "hundred":
            if last not in ("ones", "teen", "tens") or current >= 100:
                return None
            current, last = current * 100, "scale"
        else:
            scale = SCALES[word]
            if not current or last == "and" or big is not None and scale >= big:
                return None
            total, current, last, big = total + current * scale, 0, "scale", scale
    return None if last in (None, "and") else total + current


def _number(match: re.Match) -> str:
    words = [w for w in re.split(r"[\s-]+", match[0].lower()) if w]
    value = _value(words)
    if value is None or PARTS.match(match.string, match.end()):
        return match[0]
    if words == ["one"]:
        before = match.string[: match.start()].split()
        after = match.string[match.end():].split()
        near = (before[-1:] + after[:1])
        if not any(re.fullmatch(rf"(?:{NEAR_OPERATION})[?.!,]*", w, re.IGNORECASE) for w in near):
            return match[0]
    return str(value)


DIGIT_WORDS = {**{w: str(i) for w, i in ONES.items() if i < 10}, "nought": "0", "oh": "0"}
DIGIT = "|".join((r"\d", *DIGIT_WORDS))
DECIMAL = re.compile(rf"\b(\d+|zero|nought)\s+point\s+((?:{DIGIT})(?:\s+(?:{DIGIT}))*)\b", re.IGNORECASE)


def _decimal(m: re.Match) -> str:
    """"2 point five" -> "2.5", "nought point seven five" -> "0.75": the digits after "point" one by one."""
    digits = "".join(DIGIT_WORDS.get(w.lower(), w) for w in m[2].split())
    return f"{DIGIT_WORDS.get(m[1].lower(), m[1])}.{digits}"


def with_digits(text: str) -> str:
    """The text with every number said in words written in digits (module docstring)."""
    if not isinstance(text, str) or re.search(r"\d", text):
        return text
    return DECIMAL.sub(_decimal, RUN.sub(_number, text))


DURATION = re.compile(r"\b(\d+)\s*(?:hours?|hrs?|h)\s*(?:and\s+)?(\d+)\s*(?:minutes?|mins?)(?![a-z])", re.IGNORECASE)


def in_hours(text: str) -> str:
    """"1 hour 30 minutes" -> "1.5 hours": a duration said in two units, as one number of hours where that is
    exact in two decimals (45 minutes is 0.75 hours; 20 minutes, 0.333..., stays as it is)."""
    def hours(m: re.Match) -> str:
        minutes = int(m.group(2))
        if minutes >= 60 or minutes * 100 % 60:
            return m[0]
        return f"{format_number(int(m.group(1)) + Fraction(minutes, 60))} hours"

    return DURATION.sub(hours, text) if isinstance(text, str) else text


NEGATIVE = re.compile(r"\bnegative\s+(?=\d)", re.IGNORECASE)
MINUS = re.compile(r"\bminus\s+(?=\d)", re.IGNORECASE)
OPERAND_BEFORE = re.compile(r"(?:[\d)]|\b[a-z])\s*$", re.IGNORECASE)  # "10 minus 4", "x minus 4": a subtraction


def signed(text: str) -> str:
    """"negative 4 times minus 7" -> "-4 times -7": "negative" before a number is its sign, and so is "minus"
    where no operand comes before it ("10 minus 4" stays a subtraction)."""
    text = NEGATIVE.sub("-", text)
    return MINUS.sub(lambda m: m[0] if OPERAND_BEFORE.search(text, 0, m.start()) else "-", text)


SCHOOL_YEAR = re.compile(r"\b((?:year|yr|grade|class|form)\s+)\d{1,2}\s+(?=(?:maths?|homework|sheet|worksheet|test|exam"
                         r"|sats|revision|student|pupil|class|teacher|kid|child|son|daughter|girl|boy|question)s?\b)",
                         re.IGNORECASE)


CHILD_AGE = re.compile(r"\b((?:my|our|his|her|their)\s+)\d{1,2}[\s-]*(?:year|yr)s?[\s-]*old\b(?!\s+(?:son|daughter|boy"
                       r"|girl|kid|child|grandson|granddaughter)\b)", re.IGNORECASE)


def unlabelled(text: str) -> str:
    """"my year 6 maths: 4 times 7" -> "my year maths: 4 times 7", "my 9 year old asked" -> "my child asked": a
    school year or a child's age that only says who asks names no number of the question."""
    return CHILD_AGE.sub(r"\1child", SCHOOL_YEAR.sub(r"\1", text))


def question_in(line: str) -> str:
    """The question a line asks (asked_in), its numbers in digits and its durations in hours, its signs said in
    words as signs and its school years dropped."""
    return asked_in(in_hours(signed(with_digits(unlabelled(line))))) if isinstance(line, str) else line
