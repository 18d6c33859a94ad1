"""Everyday word problems with one exact reading: a quantity in other units, a total of things counted or listed,
the minutes between two clock times, the gap between two amounts compared, a percentage of a whole, one amount a
number of times another, the rest of a whole; and, from their own modules, an age then or later (ages.py), a share
in a ratio (ratios.py), a product or quotient fixed by units (quantities.py) and stories of one changing amount,
change and bills (stories.py).

    how many minutes are in 3 hours                                    -> 3 * 60
    A school has 412 girls and 389 boys. How many students in total?    -> 412 + 389
    Leo scored 47, 38 and 59 points. What is his total score?          -> 47 + 38 + 59
    In 26 years my daughter will be 31. How old is she now?             -> 31 - 26
    the movie started at 6:40pm and finished at 8:55pm, how long?      -> (20 * 60 + 55) - (18 * 60 + 40)
    our team scored 71 goals and the rival team 46. how many more?      -> 71 - 46
    in a class of 40 kids 65% are girls. how many girls?                -> 65 / 100 * 40
    Olivia has 3 times as many stickers as Ben. Ben has 46. together?  -> 3 * 46 + 46
    28 students in my class and 16 are girls. how many boys?           -> 28 - 16
    the printer does 25 pages per minute. how many minutes for 850 pages -> 850 / 25

Each reader names the words its reading needs and the words that would make it another question, and every
number of the question must have its place; anything else is None (formulas.read_formula: only a question that
exactly one reader reads gets a value).
"""
from __future__ import annotations

import re
from fractions import Fraction

from .ages import age_reading, age_when_reading
from .growth import growth_reading, interest_reading
from .measures import MEASURES, SIZES, conversion, name_of, singular, times_fraction
from .money import item_profit_reading, net_takings_reading, portion_reading, profit_reading, unit_profit_reading
from .parts import (
    fraction_full_reading,
    fraction_of_whole_reading,
    fraction_taken_reading,
    rest_of_whole_reading,
)
from .percent_changes import direction_change_reading
from .percent_cues import complement_reading, percent_cue_reading
from .percentages import percent_readings
from .quantities import STATED_RATE, read_quantities
from .rates import (
    capacity_reading,
    in_every_reading,
    period_reading,
    pieces_reading,
    proportion_reading,
    rate_reading,
    scaled_reading,
    spaced_reading,
)
from .ratios import ratio_reading
from .reading import A_RATE_OF, NUMBER, N
from .stories import (
    bill_reading,
    change_reading,
    equal_share_reading,
    left_over_reading,
    shared_sum_reading,
    story_reading,
)
from .takings import takings_reading
from .temperatures import scale_reading, temperature_reading
from .totals import LEFT_OUT, left_of_products_reading, sum_of_products_reading, summed_rates_reading
from .unit_prices import unit_price_reading

ATTACHED = r"(?=(?:ml|l|g|kg|mg|km|m|cm|mm)\b)"  # a measure written on its number: "85ml"
COUNTED = re.compile(rf"(?<![\d.]){N}(?:\s+|{ATTACHED})([a-z]+)")

NOT_KINDS = {"of", "are", "is", "was", "were", "more", "less", "fewer", "them", "in", "out", "have", "has", "left", "a",
             "an",  # "£24 a month for 24 months": a rate, no thing counted
             "each", "times", "per", "percent", "to", "from", "and", "or",
             "i", "we", "you", "they", "he", "she", "it"}  # "check up is 27.50, we did 18": no thing "we"
UNIT = "|".join(MEASURES[name] for name in SIZES)  # the measures one quantity is converted between
CONVERSIONS = (  # (pattern, group of the number, of the unit it is in, of the unit asked for)
    (re.compile(rf"\bhow\s+many\s+({UNIT})\s+(?:are\s+)?(?:there\s+)?(?:in|is|make|makes)\s+(?:a\s+)?{N}\s*({UNIT})\b"),
     2, 3, 1),
    (re.compile(rf"^(?:convert\s+|change\s+|what\s+is\s+|what'?s\s+)?{N}\s*({UNIT})\s+(?:in|into|to|in\s+terms\s+of)"
                rf"\s+({UNIT})$"), 1, 2, 3),
    (re.compile(rf"^{N}\s*({UNIT})\s+(?:is|are|equals?|makes?|is\s+equal\s+to)\s+how\s+many\s+({UNIT})$"), 1, 2, 3),
)


COMPOUND = re.compile(rf"(?<![\d.]){N}\s*({UNIT})\s+(?:and\s+)?{N}\s*({UNIT})\b")  # 3 hours 40 minutes, 1 m 20 cm
# Words that say a number of their own, so ask more of one amount than its conversion: "1 hour 35 minutes each way,
# how long is the return trip in minutes".
MORE_THAN_CONVERTED = re.compile(r"%|\b(?:each|every|per|return|round\s+trip|both|there\s+and\s+back|twice|double"
                                 r"|half|halve|triple|thirds?|quarters?|dozens?|percent|pairs?)\b")


def _conversion(text: str) -> str | None:
    """"how many minutes are in 3 hours" -> "3 * 60": one number in one unit, asked for in another of its kind;
    "convert 3 hours 40 minutes into minutes" -> 3 * 60 + 40: one amount in two units, asked in the smaller."""
    text = re.sub(r"[\s,]+(?:please|pls|plz|thanks|thank\s+you|for\s+me)$", "", text.rstrip("?.! ")).rstrip("?.! ")
    for pattern, number, given, asked in CONVERSIONS:
        match = pattern.search(text)
        if match and len(NUMBER.findall(text)) == 1:
            factor = conversion(name_of(match.group(given)), name_of(match.group(asked)))
            return times_fraction(match.group(number), factor) if factor is not None else None
    if MORE_THAN_CONVERTED.search(text):
        return None
    reading = read_quantities(text)
    asked = reading.asked[0][0] if reading.asked and len(reading.asked) == 1 and reading.asked[0][1] == 1 else None
    numbers = NUMBER.findall(text)
    if len(numbers) == 1 and (unit := reading.numbers.get(Fraction(numbers[0]))) and len(unit) == 1 and (
            unit[0][1] == 1 and (factor := conversion(unit[0][0], asked)) is not None):  # "2.35 kg, how many grams"
        return times_fraction(numbers[0], factor)
    compound = COMPOUND.search(text)
    if compound and len(numbers) == 2 and name_of(compound.group(4)) == asked and (
            (factor := conversion(name_of(compound.group(2)), asked)) is not None and factor > 1):
        return f"{times_fraction(compound.group(1), factor)} + {compound.group(3)}"
    return None


RATE_STATED = re.compile(rf"{STATED_RATE.pattern[:-1]}{N}\s*([a-z]+)\b")  # "1 euro is 0.86 pound"


PER_ONE = re.compile(rf"(?<![\d.]){N}\s*([a-z]+)\s+(?:per|to\s+the|for\s+(?:a|one|each|every))\s+([a-z]+)\b")
AT_RATE = re.compile(rf"(?:\b(?:chang|exchang|convert|swap|turn)\w*\s+|^)[$€£]?{N}\s*([a-z]+)?\s+(?:into|to|for)\s+"
                     rf"([a-z]+)\s+at\s+(?:a\s+rate\s+of\s+)?{N}(?![\d.])")
TO_THE = re.compile(rf"\b([a-z]+)\s+(?:is|are)\s+(?:about\s+)?{N}\s+to\s+the\s+([a-z]+)\b")  # "baht is 44 to the pound"
SYMBOLS = {"£": "pounds", "€": "euros", "$": "dollars", "¥": "yen"}
CODES = {"gbp": "pounds", "quid": "pounds", "eur": "euros", "usd": "dollars", "bucks": "dollars", "chf": "francs",
         "jpy": "yen", "thb": "baht", "inr": "rupees"}


def in_currency_words(text: str) -> str:
    """"£50", "1 GBP = 1.16 EUR" -> "50 pounds", "1 pounds = 1.16 euros": one word for each currency."""
    text = re.sub(r"([£€$¥])\s*(\d+(?:\.\d+)?)", lambda m: f"{m[2]} {SYMBOLS[m[1]]}", text)
    return re.sub(rf"\b({'|'.join(CODES)})\b", lambda m: CODES[m[1]], text)


OTHER_RATE = re.compile(r"\d\s*[a-z]*\s+(?:a|an|per|each|every)\s+(?:day|week|month|year|night|hour)\b"
                        r"|\b(?:daily|weekly|monthly|yearly|annual|hourly)\b")


def _named(word: str) -> str:
    """A measure's one name, "grams" and "g" alike; any other word, a currency's too, in the singular."""
    named = name_of(word)
    return named if named not in (None, "money", "cent") else singular(word)


def _stated_rate(text: str) -> str | None:
    """"changing 200 euro to pound, 1 euro is 0.86 pound. how much pound?" -> 200 * 0.86; "if 1 mile = 1.609 km,
    how many miles is 10 km" -> 10 / 1.609; "the bureau gives 1.25 dollars per pound: 300 dollars, how many
    pounds?" -> 300 / 1.25; "changing £500 into euros at 1.16" -> 500 * 1.16: an amount in one unit, asked in the
    other of a rate the question states (currencies, and measures whose rate people look up)."""
    text = in_currency_words(text)
    if OTHER_RATE.search(text):  # "15 EUR a month and 1 EUR = 1.08 USD, for a whole year": more than a conversion
        return None
    at = AT_RATE.search(text)
    if at and len(NUMBER.findall(text)) == 2 and (re.search(r"\bhow\s+(?:many|much)\b", text) or at.start() == 0 and
                                                   not text[at.end():].strip(" ?.!")):  # "£50 to euros at 1.17"
        return f"{at.group(1)} * {at.group(4)}"
    text = TO_THE.sub(r"1 \3 is \2 \1", text)
    original, per_one = text, PER_ONE.search(text)
    text = PER_ONE.sub(r"1 \3 is \1 \2", text)  # "1.25 dollars per pound": 1 pound is 1.25 dollars
    rate = RATE_STATED.search(text)
    rest = NUMBER.findall(text[:rate.start()] + " " + text[rate.end():]) if rate else []
    if not rate or len(rest) != 1 or not Fraction(rate.group(2)) or MORE_THAN_CONVERTED.search(text):
        return None
    one, rate_value, other = _named(rate.group(1)), rate.group(2), _named(rate.group(3))
    amount = re.search(rf"(?<![\d.]){re.escape(rest[0])}\s*([a-z]+)", text)
    given = amount and _named(amount.group(1))
    asked = text[[m.start() for m in re.finditer(r"\b(?:how|what)\b", text)][-1]:] if re.search(
        r"\b(?:how|what)\b", text) else ""
    wants = {w for w in map(_named, re.findall(r"[a-z]+", asked))} | {_named(m) for m in re.findall(
        r"\b(?:to|into|in)\s+([a-z]+)", text)}
    if one == other or given not in (one, other) or (other if given == one else one) not in wants:
        return None
    if given != one:
        return f"{rest[0]} / {rate_value}"
    rate_first = per_one and per_one.start() < re.search(rf"(?<![\d.]){re.escape(rest[0])}", original).start()
    return f"{rate_value} * {rest[0]}" if rate_first else f"{rest[0]} * {rate_value}"  # in the order said


TOTAL = re.compile(r"\b(?:altogether|all\s+together|in\s+total|in\s+all|total|combined)\b|\badd\s+(?:those|these|them"
                   r"|it\s+all)\s+up\b|\badd\s+up\s+(?:those|these|them)\b")  # "could you add those up for me"
RATE_GIVEN = re.compile(rf"{N}\s*(?:[a-z]+\s+)?(?:a|an)\s+{A_RATE_OF}\b")
PARTS = re.compile(r"legs|wheels|eyes|wings|arms|feet|toes|fingers|sides|corners|edges|faces|pages|seats|doors")
NOT_A_SUM = re.compile(r"\b(?:each|every|per|times|twice|double|half|triple|rows?|groups?|of|with|holds?|contains?"
                       r"|left|remain\w*|more\s+than|less|fewer|change|back|gave|give[sn]?|lost|lose|ate|eat|sold|sell"
                       r"|used|broke|away|off|minus|difference|average|mean|chance|probability|now|x|by|area|volume"
                       r"|high|wide|deep|tall|columns?"
                       r"|(?:daily|weekly|monthly|yearly|hourly|nightly|annual)(?!\s+total)"
                       r"|deficit|surplus|shortfall|short|gap|over\s+(?:a|an|the)\s+(?:day|week|month|year)|still|owed?|owing|outstanding"
                       rf"|deposit|balance|{LEFT_OUT})\b"
                       r"|[%=*/^×÷-]|\d\s+(?:[a-z]+\s+)?(?:across|down)\b")  # "weekly total km?" asks the total
# "4m by 3.5m and 2.4m high, total wall area", "8 blocks across and 10 down, how many in total" (a grid), "daily
# budget is 35 for a 3 week trip, total?": no sum
# "tips of £5, £7.50 and £4": "of" before a list, not "3 packs of 10"
LIST_OF = re.compile(r"\s+of\s+(?=[$€£]?\d+(?:\.\d+)?\s*(?:,|and|&|\+))")
OWNED, SPENT = r"\b(?:had|have|has|got|earned|saved)\b", r"\b(?:spen[dt]|paid|pay|buys?|bought|costs?)\b"
AMOUNT_WORDS = (r"dollars?|euros?|pounds?|cents?|pence|cm|mm|m|km|kg|g|l|ml|minutes?|hours?|days?|years?|miles?"
                r"|metres?|meters?")  # the units of amounts a sum adds, not measures.MEASURES


# Between two numbers of one list: "47, 38 and 59", "143 croissants monday, 98 tuesday", "bread for 4, milk for 3",
# "frame 22.75 + mat 8.40".
LIST_GAP = re.compile(rf"(?:(?:\s+|{ATTACHED})[a-z]+)?(?:\s+[a-z]+)?\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*[&+]\s*)"
                      r"(?:(?!(?:i|we|you|they|he|she|it)\b)[a-z]+\s+){0,2}?(?:for\s+)?[$€£]?")  # not "27.50, we did"


def _listed(text: str) -> bool:
    """Are all the question's numbers (two or more) one list?"""
    numbers = list(NUMBER.finditer(text))
    return len(numbers) > 1 and all(LIST_GAP.fullmatch(text, a.end(), b.start()) for a, b in zip(numbers, numbers[1:]))


def _total(text: str) -> str | None:
    """"A school has 412 girls and 389 boys. How many students are there in total?" -> 412 + 389: a question for a
    total, no word of another operation, every number counting things; the counted things are all alike (27
    dollars, 45 dollars) or all different and none of them the thing asked for ("a pack has 10 cards, I buy 4
    packs: how many cards in total" is no sum), and a measure is never added to a count."""
    if not TOTAL.search(text) or NOT_A_SUM.search(LIST_OF.sub(" ", text)) or re.search(OWNED, text) and re.search(
            SPENT, text):
        return None  # "I had 10 dollars and spent 4: how much in total?" is no sum
    if RATE_GIVEN.search(text):
        return None  # "tips averaged 4.50 a head, 27 people, total?": a rate times a count
    counted = [(n, singular(w)) for n, w in COUNTED.findall(text)]
    if _listed(text) and len({w for _, w in counted} - NOT_KINDS) <= 1 and "to" not in dict(counted).values():
        return " + ".join(NUMBER.findall(text))  # "scored 47, 38 and 59 points": one kind; not "9.99 to download"
    if len(counted) < 2 or len(counted) != len(NUMBER.findall(text)) or {w for _, w in counted} & NOT_KINDS:
        return None
    kinds = {w for _, w in counted}
    asked = re.search(r"\bhow\s+(?:many|much)\s+([a-z]+)", text)
    measured = {bool(re.fullmatch(AMOUNT_WORDS, w)) for w in kinds}
    alike = len(kinds) == 1
    apart = len(kinds) == len(counted) and not (asked and singular(asked.group(1)) in kinds) and not (
        asked and PARTS.fullmatch(asked.group(1)))  # "7 spiders and 4 beetles, how many legs": no sum
    return " + ".join(n for n, _ in counted) if (alike or apart) and len(measured) == 1 else None



CLOCK = re.compile(r"\b([01]?\d|2[0-3])(?::([0-5]\d))?(?:\s*([ap])\.?m\b\.?)?(?![\d:])")  # "6:40pm", "8am", "14:05"
COMPARED = re.compile(r"\bhow\s+(?:many|much)\s+(?:\w+\s+)?(?:more|fewer|less|older|younger|taller|shorter|longer|"
                      r"heavier|lighter|bigger|smaller|further|farther)\b")
NOT_A_GAP = re.compile(r"\b(?:more|fewer|less|older|younger|taller|shorter|longer|heavier|lighter|bigger|smaller)"
                       r"\s+than\s+(?:\w+\s+){0,2}?\d|\d+\s+(?:more|fewer|less)\b|\b(?:times|twice|half|each|every|per|%|percent"
                       r"|left|after|spent|gave|total|altogether)\b|[=*/^%+-]")
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
WEEKDAY = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)(?:day|sday|nesday|rsday|urday)\b")


def _clock(text: str) -> str | None:
    """Minutes (or hours, where asked in hours) from the first clock time to the second, later one; "6:40pm" is
    18:40, "8am" is 8:00, and a time before the first is the next day where the question says so ("the next
    morning", "overnight") or goes from a 24-hour evening to the early morning ("23:50 to 00:35"); where each time has
    its weekday ("09:30 Monday to 15:30 Wednesday"), the days between count too."""
    times = [m for m in CLOCK.finditer(text) if m[2] or m[3]]
    minutes_asked = re.search(r"\bhow\s+(?:many\s+min(?:ute)?s|long)\b|^(?:mins?|minutes)\s+(?:from|between)\b", text)
    hours_asked = re.search(r"\bhow\s+many\s+(?:hours|hrs)\b", text)
    outside = text[: times[0].start()] + " " + text[times[0].end(): times[1].start()] + " " + text[times[1].end():] \
        if len(times) == 2 else ""
    if len(times) != 2 or NUMBER.search(outside) or not (minutes_asked or hours_asked) or minutes_asked and re.search(
            r"\bhours?\b", outside):
        return None
    halves = {m[3] or "" for m in times}
    if len(halves) > 1 and "" in halves:
        return None  # "from 11:30 to 2:15pm" says no half of the day for one of them
    if any(m[3] and not 1 <= int(m[1]) <= 12 for m in times):
        return None
    (h1, m1), (h2, m2) = ((int(m[1]) % 12 + 12 * (m[3] == "p") if m[3] else int(m[1]), int(m[2] or 0)) for m in times)
    start, end = h1 * 60 + m1, h2 * 60 + m2
    days = [DAYS.index(d) for d in WEEKDAY.findall(text.lower())]  # "from 09:30 Monday to 15:30 Wednesday"
    if days and (len(days) != 2 or days[0] == days[1] and end <= start or not WEEKDAY.search(
            text[times[0].end():times[1].start()].lower())):
        return None  # "open from 10am to 7pm, monday to saturday": days open, not days between the two times
    overnight = re.search(r"\b(?:next|following)\s+(?:morning|day)\b|\bovernight\b|\bnight\s+shift\b", text) or (
        not halves - {""} and h1 >= 18 and h2 <= 6)
    if not days and end <= start and not overnight:
        return None
    later = (days[1] - days[0]) % 7 if days else int(end <= start)  # days between the two times
    program = f"({h2} * 60 + {m2}) - ({h1} * 60 + {m1})" + (f" + {later} * 24 * 60" if later > 1 else
                                                             " + 24 * 60" if later else "")
    return f"({program}) / 60" if hours_asked else program


def _gap(text: str) -> str | None:
    """"grandma is 83 and I am 19: how many years older is she?" -> 83 - 19: two amounts compared, nothing else."""
    numbers = NUMBER.findall(text)
    if len(numbers) != 2 or not COMPARED.search(text) or NOT_A_GAP.search(text):
        return None
    a, b = sorted(numbers, key=Fraction, reverse=True)
    return f"{a} - {b}"


FACTORS = {"twice": "2", "double": "2", "three times": "3", "four times": "4", "five times": "5", "ten times": "10"}
OWNS = r"(?:has|had|have|is|was|owns|collected|scored|saved|read)"
FACTOR = rf"({N}\s+times|{'|'.join(FACTORS)})\s+as\s+(?:many|much|old|tall|heavy|long)"
TIMES_AS = (  # (pattern, group of the first one's name, of the factor, of the other one's name)
    (re.compile(rf"\b([a-z]+)\s+{OWNS}\s+{FACTOR}\s+(?:[a-z]+\s+)?as\s+([a-z]+)\b"), 1, 2, 4),
    (re.compile(rf"\b([a-z]+)\s+{OWNS}\s+{N}\s+[a-z]+\s+and\s+([a-z]+)\s+{OWNS}\s+{FACTOR}\s*[.,;!]"), 3, 4, 1),
    (re.compile(rf"\b([a-z]+)\s+(?:is|am|are)\s+({N}\s+times)\s+(his|her|my|their|your)\s+age\b"), 1, 2, 4),
)
PRONOUNS = {"him", "her", "me", "them", "his", "my", "their", "your"}  # "as old as him": the one other number
WITH_BOTH = re.compile(r"\b(?:together|altogether|in\s+total|in\s+all|combined|both|between\s+them)\b")
ASKS = r"\bhow\s+(?:many|much|old|tall|heavy|long)\b"
LATER = re.compile(rf"\bin\s+{N}\s+years?\b|\b{N}\s+years?\s+(?:from\s+now|later|time)\b")


# A total of both given: "3 times as old as my son, their ages add up to 24" is an equation (x + 3x = 24).
SUM_GIVEN = re.compile(rf"\b(?:adds?\s+up\s+to|add\s+to|sum\s+(?:is|of\s+\w+\s+is)|total\s+(?:is|of)"
                       rf"|(?:together|combined|between\s+them)\s+(?:they\s+|we\s+)?(?:is|are|make|makes|have|has|weigh|cost)"
                       rf"|total(?:s|led)?)\s+[$€£]?{N}|{N}\s+(?:\w+\s+)?(?:in\s+total|altogether|between\s+them|combined)\b")


def _times_as(text: str) -> str | None:
    """"olivia has 3 times as many stickers as ben. ben has 46. how many do they have together?" -> 3 * 46 + 46: one
    amount a number of times another said amount; asked for the first, for both together, or for the first's age
    some years later ("i am 4 times her age; how old will i be in 7 years?" -> 4 * 9 + 7)."""
    m, first, times, other = next(((m, m.group(a), m.group(f), m.group(b)) for pattern, a, f, b in TIMES_AS
                                   if (m := pattern.search(text))), (None,) * 4)
    if not m or not re.search(ASKS, text) or SUM_GIVEN.search(text):
        return None
    factor = FACTORS.get(times) or times.split()[0]
    later = LATER.search(text)
    written = [n for n in NUMBER.findall(text) if not (times not in FACTORS and n == factor)
               and not (later and n == (later.group(1) or later.group(2)))]
    if other in PRONOUNS:
        said = written
    else:
        owner = r"(?:i|i'm|im|i\s+am|me)" if other == "me" else re.escape(other)
        said = re.findall(rf"\b{owner}\s+(?:is\s+|am\s+|{OWNS}\s+)?(?:only\s+)?{N}", text)
    if len(said) != 1 or len(written) != 1:
        return None
    if WITH_BOTH.search(text) and not later:
        return f"{factor} * {said[0]} + {said[0]}"
    mine = re.findall(rf"\b(?:i'm|im|i\s+am)\s+(?:only\s+)?{N}", text)  # "my sister is 3 times my age and i'm 4.
    # how old is she": she, where the one number said is mine
    pronoun = "|she|he" if other in ("my", "me") and mine == said else ""
    subject = r"i|me" if first == "i" else re.escape(first) + pronoun
    asks_first = re.search(rf"{ASKS}[^.?!]*\b(?:{subject})\b", text)
    if not asks_first or re.search(r"\b(?:more|fewer|less|than)\b", text[m.end():]):
        return None
    return f"{factor} * {said[0]}" + (f" + {later.group(1) or later.group(2)}" if later else "")


def _times_together(text: str) -> str | None:
    """"amara has 3 times as many stamps as ben and together they have 84. how many does ben have?" -> 84 / (3 + 1):
    one amount a number of times another, their total given, one of them asked ("... does amara have" -> 3 * 84 /
    (3 + 1))."""
    m, first, times, other = next(((m, m.group(a), m.group(f), m.group(b)) for pattern, a, f, b in TIMES_AS[:1]
                                   if (m := pattern.search(text))), (None,) * 4)
    total = SUM_GIVEN.search(text)
    if not m or not total or other in PRONOUNS:
        return None
    factor = FACTORS.get(times) or times.split()[0]
    given = total.group(1) or total.group(2)
    if sorted(NUMBER.findall(text)) != sorted([given] + ([] if times in FACTORS else [factor])):
        return None
    asked = re.search(rf"{ASKS}\s+(?:\w+\s+)?(?:does|do|did|is|has)\s+([a-z]+)\b", text)
    if not asked or asked.group(1) not in (first, other):
        return None
    share = f"{given} / ({factor} + 1)"
    return share if asked.group(1) == other else f"{factor} * {share}"


def everyday_readings(text: str) -> list[str]:
    """Every everyday reading of a lower-cased question (none, one, or several that then rule each other out)."""
    readers = (_conversion, _stated_rate, _total, age_reading, _clock, _gap, rate_reading, period_reading,
               age_when_reading, _times_as, _times_together, story_reading, change_reading, rest_of_whole_reading,
               bill_reading, equal_share_reading, shared_sum_reading, left_over_reading, proportion_reading,
               ratio_reading, fraction_full_reading, fraction_taken_reading, fraction_of_whole_reading, scaled_reading,
               pieces_reading, temperature_reading, scale_reading, profit_reading, item_profit_reading,
               unit_profit_reading, net_takings_reading, growth_reading, interest_reading, portion_reading,
               capacity_reading, in_every_reading, spaced_reading, sum_of_products_reading, unit_price_reading,
               takings_reading, left_of_products_reading, summed_rates_reading)
    readings = [r for r in (*(read(text) for read in readers), *percent_readings(text), direction_change_reading(text))
                if r]
    return readings or [r for r in (percent_cue_reading(text), complement_reading(text)) if r]  # the words' reading,
    # where no reader has one
