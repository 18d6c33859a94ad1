"""Readings fixed by units (quantities.py): the one product or quotient of a question's numbers whose unit is
the unit asked, a proportion, a scaled recipe, pieces cut or needed, things spaced along a length (wholes.py says
whether a count asked for is of whole things).

    rate_reading("a pack has 24 stickers and tom buys 7 packs. how many stickers is that")   -> "24 * 7"
    rate_reading("aisha saves €35 every week. how many weeks will it take her to save €490?") -> "490 / 35"
    proportion_reading("350 g of flour for 4 servings: how many grams for 10 servings?")      -> "350 / 4 * 10"
    scaled_reading("recipe serves 4 and uses 300g flour, i need it to serve 6. how much flour") -> "300 / 4 * 6"
    pieces_reading("a plank is 2.4 m long. how many 30 cm pieces can i cut from it?")       -> "floor(2.4 * 100 / 30)"
"""
from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from itertools import permutations

from .asked_units import MEASURE_WORD
from .measures import MEASURES, SIZES, Unit, conversion, name_of, singular, times_fraction
from .program import evaluate
from .quantities import (
    CONTAINER_WORDS,
    CONTAINERS,
    NOT_A_RATE_QUESTION,
    NUMBER,
    WORD,
    Reading,
    read_quantities,
)
from .spoken import CENTS_ASKED
from .units import as_people, combine, fits
from .wholes import NEEDED


def _products(items: list[tuple[str, Unit]]) -> list[tuple[str, Unit]]:
    """Every product or quotient of all the numbers, each once, left to right ("a * b / c"), with its unit."""
    found = []
    for first, *rest in permutations(items):
        chains = [(first[0], first[1])]
        for number, unit in rest:
            chains = [(f"{program} {op} {number}", combine(got, unit, 1 if op == "*" else -1))
                      for program, got in chains for op in "*/"]
        found += chains
    return found


def _sized(unit: Unit) -> tuple[str] | None:
    """(the container,) of a measure per container ("2.5 litre tins": litres per tin), else None."""
    per = [name for name, p in unit if p < 0]
    measures = [name for name, p in unit if p > 0 and name in MEASURES and name not in ("money", "cent")]
    return (per[0],) if len(unit) == 2 and measures and per[0] in CONTAINERS else None


TOGETHER = re.compile(r"\b(?:altogether|all\s+together|together)\b")


PRICE_EACH = re.compile(r"\s*(?:money\s+)?(?:each|ea|apiece|a\s+piece|per\s+[a-z]+|an?\s+[a-z]+)\b")
MONEY_BEFORE = re.compile(r"\b(?:came\s+to|comes\s+to|cost|costs|spent|paid|pay|is|was|are|were|for|of|at|to)\s*$")


def counted_by_rate(reading: Reading) -> list[Unit | None]:
    """The units of a reading's numbers, where a number said with no unit beside one price said for each of a
    thing, with the price's money asked, counts that thing: "rubbers are £3.20 each, buying 7, cost?", "cones at
    £2.50 each, shifted 84 today, how much did i take"; not "materials came to 620" or "4 for 2.20"."""
    units = list(reading.numbers.values())
    if len(units) != 2 or units.count(None) != 1 or reading.asked != (("money", 1),):
        return units
    (price, rate), (bare, _) = sorted(reading.numbers.items(), key=lambda item: item[1] is None)
    things = [name for name, power in rate if power == -1]
    if len(rate) != 2 or ("money", 1) not in rate or len(things) != 1 or things[0] in MEASURES:
        return units
    price_end = NUMBER.match(reading.text, reading.starts[price])
    if not price_end or not PRICE_EACH.match(reading.text, price_end.end()) or MONEY_BEFORE.search(
            reading.text[: reading.starts[bare]]):
        return units
    return [unit or ((things[0], 1),) for unit in units]


def rate_reading(text: str) -> str | None:
    """The one product or quotient of a question's two or three numbers whose unit is the unit asked (module
    docstring): "7.5 hours a day for 4 days at 11.40 an hour: how much did i earn?" -> 7.5 * 4 * 11.40."""
    reading = read_quantities(text)
    if not reading.complete or reading.asked is None or NOT_A_RATE_QUESTION.search(TOGETHER.sub(" ", reading.text)):
        return None
    found = NUMBER.findall(reading.text)
    units = counted_by_rate(reading)
    if len(found) not in (1, 2, 3) or len(reading.numbers) != len(found) or None in units or part_packs(reading):
        return None
    if len(found) == 1:  # one rate in another period of its kind: "8500 steps a day, how many a week" -> 8500 * 7
        unit = reading.numbers[Fraction(found[0])]
        factor = _converting(unit, reading.asked) if any(p < 0 for _, p in unit) else None
        return times_fraction(found[0], factor) if factor not in (None, 1) else None
    if TOGETHER.search(reading.text) and len(set(reading.numbers.values())) < len(found):
        return None  # "14 hives, 22 jars a hive: how many jars altogether" is no sum; "9 hives and 13 hives" may be
    asked = {name for name, _ in reading.asked}
    if asked & {"money", "cent"} and any(sized and sized[0] not in asked for u in units if (sized := _sized(u))):
        return None  # "2.5 litre tins at 18.50 a tin, i need 9 litres: the cost" buys whole tins, no proportion
    candidates = _products(list(zip(found, as_people(units, reading.asked_units))))
    fitting = [program for program, unit in candidates if any(fits(unit, a, exact=True) for a in reading.asked_units)]
    if not fitting:  # "45 minutes every evening ... how many hours over 12 evenings": (45 * 12) / 60
        fitting = [times_fraction(f"({program})", factor) for program, unit in candidates
                   if (factor := _converting(unit, reading.asked)) is not None]
    if len(values := {evaluate(program).value for program in fitting}) != 1:
        return None
    if ("cent", 1) in reading.asked and values.pop() >= 100 and not CENTS_ASKED.search(text):
        return None  # "85p each, i need 40, total cost": 3400 pence or 34 pounds, by who asks
    return min(fitting, key=lambda program: program.count("/"))


PERIOD = re.compile(r"\b(?:(?:in|for|over|per|each|every|across)\s+(?:a|an|one|1|the\s+whole|a\s+whole|the)|per|each"
                    r"|every|a|an)\s+(?:full\s+|whole\s+|entire\s+)?(second|minute|hour|day|week|month|year)\b")
# "over a full year"
THAT_ASKED = re.compile(r"\bwhat(?:'s|s|\s+is)\s+(?:that|this|it)\s*$"  # "420 for the year, what's that (per month)"
                        r"|\bwhat\s+(?:does|will|would)\s+(?:that|this|it)\s+come\s+to\s*$|\bhow\s+much\s+is\s+(?:that|this|it)\s*$")


DAY_PARTS = {"morning": "day", "evening": "day", "night": "day", "weekday": None}  # "every morning": once a day


def period_reading(text: str) -> str | None:
    """"Sam jogs 3.2 km every day. How far does he jog in a week?" -> 3.2 * 7: one rate and the one period asked
    for, in a unit of the rate's kind ("35 a month, how much for a year" -> 35 * 12, "420 a year, how much a month"
    -> 420 / 12)."""
    asked_at = re.search(r"\bhow\b|\bwhat\b", text)
    periods = list(PERIOD.finditer(text, asked_at.start())) if asked_at else []
    if len(periods) != 1:
        return None
    reading = read_quantities(text[: periods[0].start()] + " " + text[periods[0].end():])  # the rate, and what is asked
    found = NUMBER.findall(reading.text)
    if len(found) != 1 or not reading.complete or NOT_A_RATE_QUESTION.search(reading.text):
        return None
    unit = reading.numbers[Fraction(found[0])] or ()
    per = next((DAY_PARTS.get(name, name) for name, power in unit if power == -1), None)
    factor = conversion(periods[0].group(1), per)
    thing = tuple((name, power) for name, power in unit if power > 0)
    asked = reading.asked or (thing if THAT_ASKED.search(text[: periods[0].start()]) else None)
    if len(unit) != 2 or factor is None or 1 not in (factor.numerator, factor.denominator) or asked is None or not fits(
            thing, asked, exact=True):
        return None  # "420 for the year, what's that per month" -> 420 / 12
    if {periods[0].group(1), per} & {"day", "week"} and {periods[0].group(1), per} & {"second", "minute", "hour"}:
        return None  # "12 an hour, how much in a day": the hours worked in a day are not said
    return times_fraction(found[0], factor)


def _in_smallest(unit: Unit) -> tuple[Unit, Fraction]:
    """A unit with every measure in its kind's smallest one, and the factor that takes it there: hours per minute
    is 60 (time⁰), pages per minute is pages per 60 seconds."""
    powers, scale = Counter(), Fraction(1)
    for name, power in unit:
        kind, size = SIZES.get(name, (name, 1))
        powers[kind] += power
        scale *= Fraction(size) ** power
    return tuple(sorted((n, p) for n, p in powers.items() if p)), scale


def _converting(got: Unit, asked: Unit) -> Fraction | None:
    """The factor that turns a program's unit into the one asked, where they differ only in measures of one kind
    (minutes and hours), else None."""
    (got_kinds, got_scale), (asked_kinds, asked_scale) = _in_smallest(got), _in_smallest(asked)
    if got_kinds != asked_kinds or "*" in dict(asked):
        return None
    return got_scale / asked_scale


AMOUNT = r"(?<![\d.:])(\d+(?:\.\d+)?)(?![\d:]|\.\d)"
PAIRED = (  # (pattern, the groups of the first amount, its word, the second amount, its word)
    (re.compile(rf"{AMOUNT}\s*({WORD})(?:\s+of\s+(?:{WORD}\s+)?{WORD})?"
                rf"\s+(?:for|per|every|makes?|serves?|feeds?|covers?|in|costs?)\s+"
                rf"(?:every\s+|each\s+)?{AMOUNT}(?:\s*({WORD}))?"), (1, 2, 3, 4)),  # 350 g of flour for 4 servings,
    # 3 pens cost £2.40
    (re.compile(rf"\b(?:for|serves?|feeds?|makes?)\s+{AMOUNT}\s*({WORD})\s+(?:[a-z]+\s+){{0,2}}?(?:uses?|needs?|takes?"
                rf"|calls\s+for|requires?|has|contains?)\s+{AMOUNT}\s*({WORD})"), (3, 4, 1, 2)),  # for 4 people: 300 g
)


ONE_CONTAINER = (re.sub("(?<=x)es$|s$", "", word) for word in CONTAINER_WORDS)
PACKED = re.compile(rf"\b(?:{'|'.join(CONTAINER_WORDS)}|{'|'.join(ONE_CONTAINER)})\s+of\s+(\d+(?:\.\d+)?)")  # bought
# whole: "packs of 25", "a bag of 50"


def part_packs(reading: Reading) -> bool:
    """Is a price asked for an amount sold in packs ("a bag of 50", "packs of 25") that is no whole number of packs
    ("i need 180")? The price is of the whole packs bought, which no proportion gives."""
    packed = PACKED.search(reading.text) if reading.asked and ("money", 1) in reading.asked else None
    size = Fraction(packed[1]) if packed else None
    return bool(packed) and any((value / size).denominator != 1 for value, unit in reading.numbers.items()
                                if value != size and unit and not {"money", "cent"} & dict(unit).keys())


def proportion_reading(text: str) -> str | None:
    """"350 g of flour for 4 servings: how many grams for 10 servings?" -> 350 / 4 * 10: two amounts that go
    together (a price for a count, litres per 100 km), a third amount of one of their kinds, and the other kind
    asked for."""
    reading = read_quantities(text)
    pairs = [[m.group(g) for g in groups] for pattern, groups in PAIRED if (m := pattern.search(reading.text))]
    numbers = NUMBER.findall(reading.text)
    if len(pairs) != 1 or len(numbers) != 3 or reading.asked is None or NOT_A_RATE_QUESTION.search(reading.text):
        return None
    a, a_word, b, b_word = pairs[0]
    first, second = name_of(a_word), name_of(b_word) or ("money" if reading.asked == (("money", 1),) else None)
    amounts = [n for n in numbers if n not in (a, b)]
    if None in (first, second) or first == second or len(amounts) != 1:
        return None
    if part_packs(reading):
        return None  # "packs of 25 sheets for 7.99, i need 60 sheets: the cost" buys 3 whole packs, no proportion
    known, asked = reading.numbers.get(Fraction(amounts[0])), reading.asked
    if known is None and second == "money" and asked == ((second, 1),) and first not in MEASURES and re.search(
            rf"\bhow\s+much\b[^.?!\d]*(?<![\d.]){re.escape(amounts[0])}(?![\d.])", reading.text):
        known = ((first, 1),)  # "3 punnets for £5, how much for 12?": the price asked of a count of the things priced
    if known == ((second, 1),) and asked == ((first, 1),):
        return f"{a} / {b} * {amounts[0]}"
    if known == ((first, 1),) and asked == ((second, 1),):
        return f"{b} / {a} * {amounts[0]}"
    return None


YIELD = re.compile(rf"\b(?:serves?|serving|feeds?|feeding|makes?|making|for)\s+{AMOUNT}(?:\s+({WORD}))?")


def scaled_reading(text: str) -> str | None:
    """"Recipe makes 12 cupcakes with 150 g butter. I want to make 30 cupcakes, how much butter?" -> 150 / 12 * 30:
    one measured amount for what a recipe makes or serves, scaled to a second yield of the same thing."""
    reading = read_quantities(text)
    yields = list(YIELD.finditer(reading.text))
    numbers = NUMBER.findall(reading.text)
    if len(yields) != 2 or len(numbers) != 3 or not re.search(r"\bhow\s+(?:much|many)\b", reading.text):
        return None
    (first, first_word), (second, second_word) = (m.groups() for m in yields)
    if name_of(first_word) != name_of(second_word) or name_of(first_word) in MEASURES:
        return None
    amounts = [m for m in NUMBER.finditer(reading.text) if all(m.start() != y.start(1) for y in yields)]
    unit = reading.numbers.get(Fraction(amounts[0][0])) if len(amounts) == 1 else None
    measured = unit and [name for name, p in unit if p == 1 and name in MEASURES]
    if not measured or amounts[0].start() > yields[1].start() or Fraction(first) == 0:
        return None
    return f"{amounts[0][0]} / {first} * {second}"


PIECE_ASKED = re.compile(rf"\bhow\s+many\s+{AMOUNT}\s*({MEASURE_WORD})\b"  # "how many 30 cm pieces"
                         rf"|\binto\s+{AMOUNT}\s*({MEASURE_WORD})\s+(?=(pieces|lengths|bits|strips)\b[^.?!]*\bhow\s+many\s+\5\b)")
MADE_UP = re.compile(r"\b(?:make|makes|making)\s+up\b|\badd\s+up\s+to\b")  # pieces that make an amount, not cut from it


def pieces_reading(text: str) -> str | None:
    """"A plank is 2.4 m long. How many 30 cm pieces can I cut from it?" -> floor(2.4 * 100 / 30): the whole
    pieces of one size in the question's one other amount of that kind (ceil where they are needed)."""
    piece, numbers = PIECE_ASKED.search(text), list(NUMBER.finditer(text))
    if not piece or len(numbers) != 2:
        return None
    at = 1 if piece.group(1) else 3  # "how many 30 cm pieces", or "into 15cm pieces, how many pieces"
    size = piece.group(at)
    whole = next(m[0] for m in numbers if m.start() != piece.start(at))
    whole_unit, size_unit = read_quantities(text).numbers.get(Fraction(whole)), name_of(piece.group(at + 1))
    if not whole_unit or len(whole_unit) != 1 or whole_unit[0][1] != 1 or Fraction(size) == 0:
        return None
    factor = Fraction(1) if whole_unit[0][0] == size_unit else conversion(whole_unit[0][0], size_unit)
    if factor is None:
        return None
    if MADE_UP.search(text):  # "how many 0.5 mg tablets make up a 2.25 mg dose": 4.5, neither 4 nor 5
        return f"{times_fraction(whole, factor)} / {size}"
    return f"{'ceil' if NEEDED.search(text) else 'floor'}({times_fraction(whole, factor)} / {size})"


SPACED = re.compile(rf"\bevery\s+{AMOUNT}\s*({MEASURE_WORD})\b")
MORE_THAN_ONE_LINE = re.compile(r"\b(?:sides|rows|lines|lanes)\b|\beach\s+side\b")  # "along each long side": 2 lines
BOTH_ENDS = re.compile(r"\b(?:each|both)\s+ends?\b|\bat\s+the\s+start\s+and\s+(?:the\s+)?end\b")


def spaced_reading(text: str) -> str | None:
    """"cones every 2 m along a 50 m lane closure, with a cone at each end. how many cones" -> 50 / 2 + 1: things
    spaced along a length with one at both ends (a fence's posts); None where the ends are not said."""
    spaced, numbers = SPACED.search(text), NUMBER.findall(text)
    if not spaced or len(numbers) != 2 or not BOTH_ENDS.search(text) or not re.search(r"\bhow\s+many\b", text) or \
            re.search(r"\b(?:not|no|without|except)\b|n't\b", text) or MORE_THAN_ONE_LINE.search(text):
        return None
    gap = spaced.group(1)
    length = next(n for n in numbers if n != gap) if numbers[0] != numbers[1] else None
    unit = re.search(rf"(?<![\d.]){re.escape(length)}\s*({MEASURE_WORD})\b", text) if length else None
    if not unit or name_of(unit.group(1)) != name_of(spaced.group(2)) or Fraction(gap) == 0 or (
            Fraction(length) / Fraction(gap)).denominator != 1:
        return None
    return f"{length} / {gap} + 1"


IN_EVERY = re.compile(rf"{AMOUNT}\s+(?:out\s+)?(?:in|of)\s+(?:every|each)\s+{AMOUNT}\b"
                      rf"|{AMOUNT}\s+in\s+{AMOUNT}\s+[a-z]+")  # "3 in every 8 customers", "1 in 8 people"


def in_every_reading(text: str) -> str | None:
    """"3 in every 8 customers go for chocolate, how many out of 200 customers" -> 3 / 8 * 200: a rate of so many
    in every so many, and how many of the question's third number."""
    m, numbers, asked = IN_EVERY.search(text), NUMBER.findall(text), re.search(r"\bhow\s+many\s+([a-z-]+)", text)
    if not m or len(numbers) != 3 or not asked or re.search(
            r"\b(?:not|other|rest|don'?t|doesn'?t|chances?|probability)\b|n't\b", text):
        return None
    said = asked.group(1) in ("out", "of", "in", "would", "will", "do", "does", "are", "is", "can", "should", "could",
                              "might", "there") or singular(asked.group(1)) in map(singular, re.findall(
                                  r"[a-z-]+", text[: asked.start()]))  # "how many boys" asks another kind
    part, every = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    after = NUMBER.findall(text[asked.start():])  # the whole is said in the question: "how many out of 200"
    if not said or len(after) != 1 or after[0] in (part, every) or not 0 < Fraction(part) <= Fraction(every):
        return None
    return f"{part} / {every} * {after[0]}"


HOLDS = (r"(?:has|have|holds?|fits?|takes?|seats?|serves?|feeds?|does|covers?|carries|carry|weighs|makes?|gives?|is"
         r"|=)")
ONE_HOLDS = (r"(?:\b(?:each|every|one|a|an|my|our|your|their|the|per)\s+|^){thing}\w*\s+(?:of\s+[a-z]+\s+)?{holds}"
             r"\s+(?:about\s+|up\s+to\s+)?{n}"
             r"|\b{thing}\w*\s+(?:at|for|cost|costs|costing)\s+{n}\s*(?:money\s+)?(?:each|apiece|a\s+time)\b"
             r"|\b(?:comes?|sold|sells?|supplied|available)\s+in\s+{thing}\w*\s+of\s+{n}(?!\.?\d)")
# "lessons at £32 each": what one costs; "they come in packs of 8": what one pack holds


def capacity_reading(text: str) -> str | None:
    """"each coach has 53 seats and 230 people are going, how many coaches do we need" -> 230 / 53: how many of
    the things asked the question's other number makes, the amount one of them holds said of one ("each coach
    has", "one pot of soup = 40 servings", "my bucket holds 9 litres"); whole_count then says ceil or floor. Where
    the amounts are measures, both are in one unit."""
    reading = read_quantities(text)
    found = NUMBER.findall(reading.text)
    if len(found) != 2 or not reading.asked or len(reading.asked) != 1 or reading.asked[0][1] != 1:
        return None
    thing = reading.asked[0][0]
    one = re.search(ONE_HOLDS.format(thing=re.escape(thing), holds=HOLDS, n=AMOUNT), reading.text)
    capacity = one and next(g for g in one.groups() if g)
    if thing in MEASURES or not capacity or Fraction(capacity) == 0:
        return None
    total = next((n for n in found if Fraction(n) != Fraction(capacity)), None)
    measured = [tuple((n, p) for n, p in reading.numbers.get(Fraction(x)) or () if p > 0) for x in (capacity, total)]
    if one.group(2) and "money" in one.group(0):  # "lessons at £32 each": a price
        measured[0] = (("money", 1),)
    if total is None or (thing, 1) in (reading.numbers.get(Fraction(total)) or ()):
        return None  # "each box has 12 eggs and i have 24 boxes": no count of boxes to make
    if any(n in MEASURES for unit in measured for n, _ in unit) and all(measured) and measured[0] != measured[1]:
        return None  # "a bucket holds 9 litres, how many for 200 kg": no one measure (where both are read)
    return f"{total} / {capacity}"
