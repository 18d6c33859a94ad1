"""The words for measures, money and things, and the sizes of measures: "metres" is m, "tickets" is ticket, an
hour is 60 minutes. quantities.py reads a question's numbers with them.
"""
from __future__ import annotations

import re
from fractions import Fraction

from .memo import of_text

Unit = tuple[tuple[str, int], ...]  # sorted (name, power): (("page", 1), ("minute", -1)) is pages per minute
UNKNOWN = "?"  # a rate's thing not said ("every coach holds 42"): the question's one other thing, if it has one
PEOPLE = {"guest", "member", "child", "kid", "adult", "pupil", "student", "customer", "client", "player", "worker",
          "camper", "passenger", "visitor", "resident", "patient", "volunteer", "employee", "diner", "runner"}

MONEY_WORDS = (r"dollars?|bucks|euros?|eur|pounds?|quid|cents?|pence|rupees?|dinars?|dirhams?|yen|yuan|pesos?|francs?"
               r"|rand|naira|usd|gbp|money")
MAJOR_MONEY = re.compile(rf"\b(?!cents?\b|pence\b)(?:{MONEY_WORDS})\b")  # after CURRENCY: "$5" is "5 money"
MEASURES = {  # the words for a measure or money -> one name; these never stand for anything else
    "cent": r"cents?|pence|p",  # before money: a hundredth of it ("28p")
    "money": rf"\$|€|£|¥|₹|{MONEY_WORDS}|notes?|bills?",
    "km": r"km|kilomet(?:er|re)s?", "m": r"m|met(?:er|re)s?", "cm": r"cm|centimet(?:er|re)s?",
    "mm": r"mm|millimet(?:er|re)s?", "mile": r"miles?", "inch": r"inch(?:es)?", "foot": r"foot|feet|ft",
    "yard": r"yards?|yd", "kg": r"kg|kilos?|kilograms?", "g": r"g|grams?", "mg": r"mg|milligrams?",
    "tonne": r"tonnes?|tons?", "lb": r"lbs?", "ounce": r"oz|ounces?",
    "gb": r"gb|gigs?|gigabytes?", "mb": r"mb|megabytes?", "tb": r"tb|terabytes?",
    "litre": r"l|lit(?:er|re)s?", "ml": r"ml|millilit(?:er|re)s?", "pint": r"pints?", "gallon": r"gallons?|gals?",
    "second": r"s|secs?|seconds?",
    "minute": r"mins?|minutes?", "hour": r"h|hrs?|hours?", "day": r"days?", "week": r"weeks?",
    "month": r"months?", "year": r"y|yrs?|years?",
}
CURRENCIES = {"pound": r"£|\bpounds?\b|\bquid\b|\bgbp\b", "dollar": r"\$|\bdollars?\b|\bbucks\b|\busd\b",
              "euro": r"€|\beuros?\b|\beur\b", "yen": r"¥|\byen\b|\bjpy\b", "franc": r"\bfrancs?\b|\bchf\b",
              "rupee": r"₹|\brupees?\b|\binr\b", "other": r"\b(?:baht|dinars?|dirhams?|yuan|pesos?|rand|naira)\b"}


def currencies_in(text: str) -> set[str]:
    """The currencies a text names: two of them are two units, which "money" does not tell apart."""
    return {name for name, words in CURRENCIES.items() if re.search(words, text, re.IGNORECASE)}


LENGTHS = ("km", "m", "cm", "mm", "mile", "inch", "foot", "yard")
SIZES = {  # a measure's dimension and its size in the dimension's smallest unit here, for converting between them
    "cent": ("money", 1), "money": ("money", 100),
    "second": ("time", 1), "minute": ("time", 60), "hour": ("time", 3600), "day": ("time", 86400),
    "week": ("time", 604800), "month": ("calendar", 1), "year": ("calendar", 12), "mm": ("length", 1),
    "cm": ("length", 10), "m": ("length", 1000),
    "km": ("length", 1000000), "inch": ("imperial length", 1), "foot": ("imperial length", 12),
    "yard": ("imperial length", 36), "mile": ("imperial length", 63360), "mg": ("mass", 1), "g": ("mass", 1000),
    "kg": ("mass", 1000000), "tonne": ("mass", 1000000000), "ounce": ("imperial mass", 1), "lb": ("imperial mass", 16),
    "ml": ("volume", 1), "litre": ("volume", 1000), "pint": ("imperial volume", 1), "gallon": ("imperial volume", 8),
}
# "mon 143 tue 98": a day or a month, shortened, labels a number; it is no unit of it ("how many saturdays" counts)
SHORT_DAYS_MONTHS = set("""mon tue tues wed weds thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept oct nov
dec""".split())
DAYS_MONTHS = SHORT_DAYS_MONTHS | set("""monday tuesday wednesday thursday friday saturday sunday january february march
april may june july august september october november december""".split())
FUNCTION_WORDS = set("""a an the of and or but if then so in on at to into from for by with than as is are was were
be been am it its this that these those them they he she we you i my your his her our their what which how more less
fewer times percent per each every x do does did will would can could has have had get got gets left over all
only just about exactly up when while where who there here not no too very also still now already some any many
much both another again onto out off away back home today tonight yesterday tomorrow altogether together total one
equally evenly fairly plus minus last next first long wide high tall deep thick across squared cubed between among
amongst whats thats hows""".split()) | SHORT_DAYS_MONTHS
ADJECTIVES = set("""more extra other equal full whole empty new old big small large little red blue green yellow white
black pink purple orange brown grey gray same different cubic square sq""".split())


SHORT_NOUNS = {"cd", "tv", "pc"}  # things named in two letters; any other such word names none
IRREGULAR = {"children": "child", "people": "person", "men": "man", "women": "woman", "mice": "mouse",
             "teeth": "tooth", "geese": "goose", "calories": "calorie", "cookies": "cookie", "movies": "movie",
             "pies": "pie", "brownies": "brownie", "shelves": "shelf", "loaves": "loaf", "halves": "half",
             "knives": "knife", "leaves": "leaf", "wolves": "wolf", "calves": "calf", "ties": "tie", "lies": "lie",
             "hoodies": "hoodie", "smoothies": "smoothie", "beanies": "beanie", "goalies": "goalie", "tutus": "tutu",
             "menus": "menu", "kids": "child", "kid": "child"}  # plural -> singular; a kid is a child


POWERED = re.compile(r"(?:(?<=\d)\s*|(?<![\w.]))(mm|cm|m|km|ft)([23])\b")


RUN_K = re.compile(r"\b(ran|run|runs|jog|jogs|jogged|race|races|raced|did\s+a|do\s+a|the)\s+(\d+(?:\.\d+)?)k\b"
                   r"(?=\s+(?:in|run|race|jog|walk|route|course|time|pace)\b|\s*[,.?!]|$)")  # "ran 5k in 27 min": km


def powered(text: str) -> str:
    """"60 m2", "35g per m2" -> "60 m²", "35g per m²": a length's square or cube, not a number 2 or 3."""
    return POWERED.sub(lambda m: f" {m[1]}{'²' if m[2] == '2' else '³'}", text)


def singular(word: str) -> str:
    """buses -> bus, boxes -> box, cherries -> cherry, pages -> page, children -> child, houses -> house."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    if re.search(r"(?:ou|au)ses$|^f?uses$", word):  # houses, causes, fuses: their e stays
        return word[:-1]
    if re.search(r"(?:ss|x|ch|sh|us)es$", word):
        return word[:-2]
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith(("ss", "us")) else word


@of_text
def name_of(word: str | None) -> str | None:
    """One word's unit name ("metres" -> "m", "tickets" -> "ticket"), or None for a word that names no thing."""
    if not word:
        return None
    measure = next((name for name, words in MEASURES.items() if re.fullmatch(words, word)), None)
    if measure:
        return measure
    return None if word in FUNCTION_WORDS or word in ADJECTIVES or len(word) < 3 and word not in SHORT_NOUNS \
        else singular(word)


def rate_unit(thing: str | None, per: str | None) -> Unit | None:
    """A rate's unit, thing per per ("page", "minute"), or None where either is not read."""
    if thing is None or per is None or thing == per:
        return None
    return tuple(sorted(((thing, 1), (per, -1))))


def conversion(given: str | None, asked: str | None) -> Fraction | None:
    """How many of the asked measure one of the given is (hour, minute -> 60), or None between other kinds."""
    sizes = SIZES.get(given or ""), SIZES.get(asked or "")
    if None in sizes or sizes[0][0] != sizes[1][0] or given == asked:
        return None
    return Fraction(sizes[0][1], sizes[1][1])


def times_fraction(program: str, factor: Fraction) -> str:
    """"3" and 60 -> "3 * 60"; "(45 * 12)" and 1/60 -> "(45 * 12) / 60"."""
    return program + (f" * {factor.numerator}" if factor.numerator > 1 else "") + (
        f" / {factor.denominator}" if factor.denominator > 1 else "")
