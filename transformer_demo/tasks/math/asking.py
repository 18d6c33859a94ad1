"""The question a visitor's line asks, as the model and the readers read it (question_in): the one it quotes, its
numbers as spoken.py writes them, its durations in hours and minutes as hours, its signs in words as signs:

    asked_in("my kid's sheet says 'What is 15% of 240?'")       -> "What is 15% of 240?"
    in_hours("120 km in 1 hour 30 minutes")                     -> "120 km in 1.5 hours"
    in_hours("songs of 3 min 45 s")                             -> "songs of 3.75 minutes"
    signed("negative 4 times minus 7")                          -> "-4 times -7"
    unlabelled("my year 6 maths: what is 4 times 7")            -> "my year maths: what is 4 times 7"
    unlabelled("on the 9 times table, whats 9 x 7")             -> "on the times table, whats 9 x 7"
    plain("2 + 3 × (10 − 4)²")                                  -> "2 + 3 × (10 - 4)^2"
"""
from __future__ import annotations

import re
from fractions import Fraction

from .measures import powered
from .program import format_number
from .spoken import ONES, in_money, in_pounds, in_thousands, mixed, spelled, ungrouped, with_digits

QUOTED = re.compile(r"(?:^|(?<=[\s:]))['\"“‘]([^'\"”’]{8,}?)['\"”’](?=[\s.?!,]|$)")


def asked_in(text: str) -> str:
    """The question a message quotes ("my kid's worksheet says 'What is 15% of 240?' and I want to check"), or
    the message itself where it quotes none, or more than one."""
    quotes = QUOTED.findall(text) if isinstance(text, str) else []
    if len(quotes) != 1 or not re.search(r"\d", quotes[0]):
        return text
    form = re.search(r"\bas\s+an?\s+(?:decimal|fraction|percentage)\b", text.replace(quotes[0], " "), re.IGNORECASE)
    return quotes[0].strip() + (f" ({form[0]})" if form else "")  # "... Answer as a decimal please."


HOW_DO_I = re.compile(r"^\s*(?:so\s+|ok\s+|hi,?\s+)?how\s+(?:do|would|should|can|could|to)\s+(?:i\s+|you\s+|we\s+)?"
                      r"(?:work\s+out|calculate|figure\s+out|find\s+out|find)\s+(?=(how|what|which)?)", re.IGNORECASE)


def unframed(text: str) -> str:
    """"how do I work out a 15% tip on a £64 bill" -> "what is a 15% tip on a £64 bill", "how do i work out how many
    hours ..." -> "how many hours ...": a question asked as how to find its answer."""
    if not isinstance(text, str) or not (frame := HOW_DO_I.match(text)):
        return text
    return ("" if frame[1] else "what is ") + text[frame.end():]


# An answer someone gave, said after the question it answers: "7 times 8 = ? he put 54 and im not sure".
CLAIM = re.compile(r"(?<=\?)\s*(?:but\s+|and\s+)?(?:i|we|he|she|they|my\s+[a-z]+)\s+(?:says?|said|put|puts|wrote|writes"
                   r"|got|gets|reckons?|thinks?\s+(?:it'?s|its)|made\s+it)\s+-?\d+(?:\.\d+)?(?:\s*,?\s*(?:and|but)\s+"
                   r"(?:i'?m|im|i\s+am|we'?re)\s+not\s+sure|\s*,?\s*(?:is\s+(?:that|he|she|it|this)|am\s+i)\s+right)?"
                   r"[\s?.!]*$", re.IGNORECASE)


def unclaimed(text: str) -> str:
    """"my son's homework: 7 times 8 = ? he put 54 and im not sure" -> "my son's homework: 7 times 8 = ?": an answer
    someone gave after the question is no number of it."""
    return CLAIM.sub("", text) if isinstance(text, str) else text


ASKED_FIRST = re.compile(r"^\s*((?:how|what|whats|what's)\b[^?\d]*\?)\s+([^?]*\d[^?]*?)[\s.!]*$", re.IGNORECASE)


def question_last(text: str) -> str:
    """"how many boxes in total? 14 pallets, 36 boxes on each" -> "14 pallets, 36 boxes on each, how many boxes in
    total?": a question asked before the numbers it is about, put after them as people usually ask."""
    if not isinstance(text, str) or not (first := ASKED_FIRST.match(text)):
        return text
    return f"{first[2]}, {first[1]}"


def _duration(larger: str, smaller: str) -> re.Pattern:
    return re.compile(rf"\b(\d+)\s*(?:{larger})\s*(?:and\s+)?(\d+)\s*(?:{smaller})(?![a-z])", re.IGNORECASE)


DURATIONS = ((_duration(r"hours?|hrs?|h", r"minutes?|mins?"), "hours"),
             (_duration(r"minutes?|mins?", r"seconds?|secs?|s"), "minutes"))


def in_hours(text: str) -> str:
    """"1 hour 30 minutes" -> "1.5 hours", "3 min 45 s" -> "3.75 minutes": a duration said in two units, as one
    number of the larger where that is exact in two decimals (45 minutes is 0.75 hours; 20 minutes, 0.333..., stays
    as it is)."""
    if not isinstance(text, str):
        return text
    for pattern, unit in DURATIONS:
        def larger(m: re.Match, unit: str = unit) -> str:
            smaller = int(m.group(2))
            if smaller >= 60 or smaller * 100 % 60:
                return m[0]
            return f"{format_number(int(m.group(1)) + Fraction(smaller, 60))} {unit}"

        text = pattern.sub(larger, text)
    return text


NEGATIVE = re.compile(r"\bnegative\s+(?=\d)", re.IGNORECASE)
MINUS = re.compile(r"\bminus\s+(?=\d)", re.IGNORECASE)
OPERAND_BEFORE = re.compile(r"(?:[\d)]|\b[a-z]|\bthen)\s*$", re.IGNORECASE)  # "10 minus 4", "x minus 4", "then minus 4"


PLUS = re.compile(r"\+(?=\d)")
SIGN_AFTER = re.compile(r"(?:^|[=(,:;]|(?<!\w)[a-z]{2,})\s*$", re.IGNORECASE)  # "is +12", "= +3", not "2x+1"


def signed(text: str) -> str:
    """"negative 4 times minus 7" -> "-4 times -7": "negative" before a number is its sign, and so is "minus"
    where no operand comes before it ("10 minus 4" stays a subtraction); a plus there is no sign ("our goal
    difference is +12" -> "... is 12")."""
    text = NEGATIVE.sub("-", text)
    text = MINUS.sub(lambda m: m[0] if OPERAND_BEFORE.search(text, 0, m.start()) else "-", text)
    return PLUS.sub(lambda m: "" if SIGN_AFTER.search(text, 0, m.start()) and not OPERAND_BEFORE.search(
        text, 0, m.start()) else m[0], text)


SCHOOL_YEAR = re.compile(r"\b((?:year|yr|grade|class|form)\s+)\d{1,2}(?:s\b|\s+(?=(?:maths?|homework|sheet|worksheet"
                         r"|test|exam|sats|revision|student|pupil|class|teacher|kid|child|son|daughter|girl|boy|question)s?"
                         r"\b))", re.IGNORECASE)  # "my year 6 maths", "with my yr 3s"


CHILD_AGE = re.compile(r"\b((?:my|our|his|her|their)\s+)\d{1,2}[\s-]*(?:year|yr)s?[\s-]*old\b(?!\s+(?:son|daughter|boy"
                       r"|girl|kid|child|grandson|granddaughter)\b)", re.IGNORECASE)


TIMES_TABLE = re.compile(r"\b(\d{1,2})\s*(?:times|x|×)[\s-]*tables?\b", re.IGNORECASE)


def _table_named(text: str) -> str:
    """"doing the 9 times table, whats 9 x 7" -> "doing the times table, whats 9 x 7": a times table named beside
    a calculation with its number; "what is the 5th number in the 9 times table" keeps its 9."""
    def table(m: re.Match) -> str:
        rest = text[:m.start()] + " " + text[m.end():]
        return "times table" if re.search(rf"(?<![\d.]){m[1]}(?![\d.]|\s*(?:st|nd|rd|th)\b)", rest) else m[0]

    return TIMES_TABLE.sub(table, text)


def unlabelled(text: str) -> str:
    """"my year 6 maths: 4 times 7" -> "my year maths: 4 times 7", "my 9 year old asked" -> "my child asked": a
    school year, a child's age or a times table (_table_named) that only says who asks or what they practise names
    no number of the question."""
    return _table_named(CHILD_AGE.sub(r"\1child", SCHOOL_YEAR.sub(r"\1", text)))


POWER = re.compile(r"(?<=[\d)])\s*([²³])")  # "(10 - 4)²", not "cm²"


DASH = re.compile(r"\b([a-z]{2,})\s+[-–—]\s+(?=[$€£]?\d)", re.IGNORECASE)  # "quick one - 12.5% of 64": no minus


def plain(text: str) -> str:
    """"(10 − 4)²" -> "(10 - 4)^2": the minus sign and the dash as "-", a superscript power after a number or a
    bracket as "^" ("cm²" stays a unit), a decimal without its 0 with it (".25" -> "0.25"); a dash between words
    and a number as a colon ("quick one - 12.5% of 64")."""
    text = DASH.sub(r"\1: ", text)
    text = re.sub(r"(?<![\w.])\.(?=\d)", "0.", text.replace("−", "-").replace("–", "-"))  # ".250" is 0.250
    return POWER.sub(lambda m: "^2" if m[1] == "²" else "^3", text)


# "grandad's 80th!", "for mum's 60th birthday": the occasion a party or a gift is for, no number to count with;
# kept where the question asks an age or a year
OCCASION = re.compile(r"\b((?:[a-z]+'s|my|our|his|her|their|your)\s+)\d+(?:st|nd|rd|th)\b(\s+(?:birthday|bday|b'day"
                      r"|anniversary))?", re.IGNORECASE)
AGE_ASKED = re.compile(r"\b(?:old|age|ages|aged|born|years?)\b", re.IGNORECASE)


def unoccasioned(text: str) -> str:
    """"grandad's 80th! 5 of us are chipping in for a £385 gift" -> "grandad's birthday! 5 of us ...": a birthday
    or an anniversary said by its ordinal is no operand, unless the question is about ages or years."""
    if AGE_ASKED.search(text):
        return text
    return OCCASION.sub(lambda m: m[1] + (m[2].strip() if m[2] else "birthday"), text)


FEW = r"(\d+|two|three|four|five|six|seven|eight|nine)"
COMPANY = re.compile(rf"\b(?:(?:me|i)\s+and\s+my\s+{FEW}\s+[a-z]+|my\s+{FEW}\s+[a-z]+\s+and\s+(?:me|i)"
                     rf"|me\s+and\s+{FEW}\s+(?:other\s+)?[a-z]+)\b", re.IGNORECASE)  # "between me and 2 mates"


US = re.compile(rf"\b{FEW}\s+of\s+(?=us\b)", re.IGNORECASE)


def in_company(text: str) -> str:
    """"me and my 2 sisters split it" -> "3 of us split it": the one asking counts too; "three of us" -> "3 of us"."""
    def us(m: re.Match) -> str:
        count = m[1] or m[2] or m[3]
        return f"{(int(count) if count.isdigit() else ONES[count.lower()]) + 1} of us"

    if not isinstance(text, str):
        return text
    return US.sub(lambda m: f"{ONES.get(m[1].lower(), m[1])} of ", COMPANY.sub(us, text))


# A count said again after "N of us": "3 of us are splitting the bill 3 ways", "... split between the 3 of us"
RESTATED = re.compile(r"\s+(?:(\d+)\s+ways\b|(?<=\bbetween\s)(?:the\s+)?(\d+)\s+of\s+us\b)", re.IGNORECASE)


def unrestated(text: str) -> str:
    """"3 of us are splitting the £1845 bill 3 ways equally" -> "3 of us are splitting the £1845 bill equally": the
    company's count said again is one number, not two."""
    def dropped(m: re.Match) -> str:
        count = m[1] or m[2]
        said = re.search(rf"(?<![\d.]){count}\s+of\s+us\b", text[: m.start()], re.IGNORECASE)
        return (" us" if m[2] else "") if said else m[0]

    return RESTATED.sub(dropped, text)


# A dash between clauses, not a minus: "7 nights at £145 a night - how much is that altogether?", "£18 - what's that
# come to?"; not "x - 150", "5x - 3" or "(OG - FG)"
CLAUSE_DASH = re.compile(r"(?<=[a-z0-9%)])\s+[-–—]\s+(?=[A-Za-z][a-z]+\b)")


def in_sentences(text: str) -> str:
    """"7 nights at £145 a night - how much altogether?" -> "7 nights at £145 a night; how much altogether?"."""
    return CLAUSE_DASH.sub("; ", text)


# The money a question asks in, where all its money is in that currency: "36 photos at £0.45 each, what's the total
# in pounds?" asks the total; not where pence, another currency or a rate between them comes in
CURRENCIES = {"£": r"pounds?|quid|gbp|£", "€": r"euros?|eur|€", "$": r"dollars?|usd|\$"}
IN_CURRENCY = r",?\s*\(?\b(?:in|into)\s+(?:{words})(?![\w\d])\)?"
NOT_ONE_CURRENCY = re.compile(r"\d\s*p\b|\b(?:pence|penny|pennies|cents?|exchange\w*|convert\w*|changed)\b|="
                              r"|\b(?:per|to\s+the|a|an|1|one)\s+(?:pound|euro|dollar)s?\b", re.IGNORECASE)


def in_own_currency(text: str) -> str:
    """"I'm printing 36 photos at £0.45 each, what's the total in pounds?" -> "... what's the total?"."""
    signs = {sign for sign in CURRENCIES if re.search(rf"{re.escape(sign)}\s*\d", text)} | {
        sign for sign, word in (("€", "euros"), ("$", "dollars")) if re.search(rf"\d\s*{word}\b", text, re.IGNORECASE)}
    if len(signs) != 1 or NOT_ONE_CURRENCY.search(text):
        return text
    sign = signs.pop()
    others = "|".join(words for other, words in CURRENCIES.items() if other != sign)
    if re.search(rf"\b(?:{others})(?![\w\d])", text, re.IGNORECASE):
        return text
    return re.sub(IN_CURRENCY.format(words=CURRENCIES[sign]), "", text, flags=re.IGNORECASE)


# "percent decrease 250 to 215": a change between two numbers, the first said without "from"
CHANGE_FROM = re.compile(r"((?:\bpercent(?:age)?|%)\s+(?:increase|decrease|rise|fall|drop|change|reduction))\s+(?=\d)",
                         re.IGNORECASE)


def question_in(line: str) -> str:
    """The question a line asks (asked_in): its signs and powers as typed (plain), its maths words spelled right,
    its numbers in digits without thousands' commas or a k (spoken.py), its durations in hours, its signs said in
    words as signs, its school years, a birthday said by its ordinal and an answer someone gave after it dropped,
    "me and my 2 sisters" as "3 of us" (and "3 ways" after it as nothing more), "percent decrease 250 to 215" from
    250, a question asked before its numbers put after them, a dash between clauses as a semicolon, and "in pounds"
    dropped where all its money is in pounds."""
    if not isinstance(line, str):
        return line
    numbers = unclaimed(with_digits(spelled(powered(plain(unlabelled(in_thousands(ungrouped(unoccasioned(line)))))))))
    said = CHANGE_FROM.sub(r"\1 from ", unrestated(in_company(numbers)))
    return in_own_currency(in_sentences(question_last(unframed(asked_in(in_hours(signed(in_pounds(in_money(mixed(
        said))))))))))
