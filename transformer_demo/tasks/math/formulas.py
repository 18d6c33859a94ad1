"""An exact reader for a question about a quantity with a formula: a shape's area or perimeter, the derivative
of a x^2 or the integral of a x, the chance of a die roll or of drawing one colour, the mean or median of a list,
and the everyday quantities of everyday.py (units, totals, ages, clock times, comparisons, shares of a whole).

    read_formula("a square garden has sides of 15 m, how long is the fence all the way round?")  -> 4 * 15 = 60
    read_formula("If I roll a dice, what are the chances of getting more than 4?")  -> pct((6 - 4) / 6) = 33.33%
    read_formula("3 red, 4 green and 5 blue marbles: the chance of green?")  -> pct(4 / (3 + 4 + 5)) = 33.33%
    read_formula("What is the circumference of a circle with radius 7?")  -> None (no formula here says it)

Each formula names the words that ask for its quantity (all must be there), the words that would make it another
quantity (none may be), and a pattern for each of its numbers that must find exactly one; together they must be
all of the question's numbers (a die's "6-sided" and the formulas' own 2 and 0 aside). A formula with no patterns
takes the question's numbers in order (a rectangle's two sides). Only a question that exactly one formula reads
gets a value; anything else is None, left to the model and its checks rather than read wrongly.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .asked import given_and_asked, opposed
from .averages import needed_reading, statistic_reading
from .everyday import COUNTED, NOT_KINDS, NUMBER, everyday_readings
from .polynomials import read_polynomial
from .program import MAX_CHARS, ProgramError, evaluate
from .reading import IMPLIED, Calculation, N
from .rounding import places_asked, without_precision
from .units import unit_mismatch
from .wholes import counts_things, held_in_wholes, whole_count

NOT = re.compile(r"\bnot\b|n't\b|\b(?:never|dont|doesnt|didnt|isnt|arent|wasnt|werent|cant|wont)\b")  # no "without
# looking"
CHANCE = re.compile(r"\b(?:chances?|probability|odds|likely|likelihood)\b")
DIE = r"\b(?:die|dice)\b"
SIX_SIDED = re.compile(r"\b(?:6|six)[- ]sided\b|\bd6\b")
# The formulas' own numbers: the 2 of x^2, the 0 an integral starts at, pi as the question says it.
OWN_NUMBERS = re.compile(r"x\s*(?:\^\s*2|²)|(?:from|between)\s+0\b"
                         r"|\b(?:pi|π)\s*(?:=|≈|as|is|of)?\s*3\.14\b|\b(?:use|using)\s+3\.14\b"
                         r"|(?<=[a-z])[2²](?![\d.])")  # and a unit's square: cm2, m²


CALCULATORS_PI = re.compile(r"\b(?:pi|π)\s+(?:button|key)\b|\bcalculator'?s\s+(?:pi|π)|\bexact\s+value\s+of\s+(?:pi|π)"
                            r"|\bpi\s+on\s+(?:your|the|a)\s+calculator", re.IGNORECASE)


def calculators_pi(question: str) -> bool:
    """Does the question ask for the calculator's pi ("use the pi button"), not the seed's 3.14?"""
    return bool(CALCULATORS_PI.search(question)) and "3.14" not in question


@dataclass(frozen=True)
class Formula:
    asks: tuple[str, ...]  # every one must be in the question
    not_asks: str  # none of these may be
    numbers: tuple[str, ...] | int  # one pattern per number (each finds exactly one), or how many numbers in order
    program: str  # with {0}, {1} for the numbers


UNIT_WORDS = r"(?:cm|mm|m|km|in|inches|ft|feet|foot|yards?|units?|metres?|meters?|centimet(?:er|re)s?)"
UNITS = rf"(?:\s*{UNIT_WORDS})?"
SIDE = (rf"\b(?:sides?|edges?)\b\D{{0,30}}?{N}|{N}{UNITS}\s+(?:long\s+)?(?:sides?|edges?)\b"
        rf"|{N}{UNITS}\s+(?:long\s+)?on\s+(?:each|every|a|one)\s+side\b")  # 43 m on each side
ROUND = r"\b(?:circle|circular|round)\b"
SIDE_ASKED = r"\bhow\s+(?:wide|long|tall|high)\s+is\b|\bwhat\s+is\s+(?:the|its)\s+(?:width|length)\b"
START = rf"\b(?:starts?|starting|begins?|beginning)\s+(?:at|with|from|on)\s+{N}"  # an arithmetic sequence's first
NTH = r"\b(\d+)(?:st|nd|rd|th)\s+(?:number|term|one|value|step)\b"  # number, and the term asked
SIDES = (r"\brectangle|rectangular\b|\blong\b.*\bwide\b|\bwide\b.*\blong\b|\blength\b.*\bwidth\b"  # 4 m long, 3 m wide
         rf"|\d{UNITS}\s+by\s+\d")  # 4.5 m by 3.2 m
BOX = (r"\blong\b.*\bwide\b.*\b(?:deep|thick|high|tall)\b|\blength\b.*\bwidth\b.*\b(?:depth|height|thickness)\b"
       rf"|\d{UNITS}\s+by\s+\d+(?:\.\d+)?{UNITS}\s+by\s+\d")  # 3 m long, 2 m wide and 0.1 m thick; 2 by 3 by 4
OTHER_DIE_EVENTS = (r"\b(?:two|2|three|3|pair\s+of)\s+dic?e\b|\b(?:both|twice|sum|total|even|odd|prime|coin|cards?"
                    r"|least|most|equal|exactly|again|in\s+a\s+row)\b")
ALL_PLAY_ALL = (r"\bround[\s-]robin\b|\b(?:everyone|every\s+(?:team|player|one)|each\s+(?:team|player|one))\s+"
                r"(?:plays?|shakes?\s+hands\s+with)\s+(?:everyone|every\s+other|each\s+other|all\s+the\s+others)")
TWICE_EACH = r"\bhome\s+and\s+away\b|\btwice\b|\bdouble\b"
PLAYERS = (rf"{N}\s+(?:teams|players|people|clubs|sides|members|guests)\b",)
NOT_ALL_PAIRS = (r"\brounds\b|\bgroups?\b|\bpools?\b|\bboards?\b|\bdays?\b|\bdoes\s+(?:each|every|one)\b"
                 r"|\bper\s+(?:team|player)\b|\beach\s+(?:team|player|one)\s+(?:play|get)\b")  # "does each team play"
FORMULAS = (
    Formula((ALL_PLAY_ALL,), rf"{TWICE_EACH}|{NOT_ALL_PAIRS}", PLAYERS, "{0} * ({0} - 1) / 2"),  # the pairs
    Formula((ALL_PLAY_ALL, TWICE_EACH), NOT_ALL_PAIRS, PLAYERS, "{0} * ({0} - 1)"),  # "home and away": each pair twice
    Formula((ROUND, r"\barea\b"), r"circumference|perimeter|diameter|volume|sphere|semi|half|quarter",
            (rf"\bradius\b\D{{0,20}}?{N}|{N}{UNITS}\s+radius",), "3.14 * {0} ^ 2"),
    Formula((ROUND, r"\barea\b"), r"circumference|perimeter|radius|volume|sphere|semi|half|quarter",
            (rf"\bdiameter\b\D{{0,20}}?{N}|{N}{UNITS}\s+diameter",), "3.14 * ({0} / 2) ^ 2"),
    Formula((r"\bsquare\b", r"perimeter|fence|fencing|around|\bround\b|border|edging"),
            r"rectangle|rectangular|circle|circular|area|root|squared|triangle|diagonal", (SIDE,), "4 * {0}"),
    Formula((r"\bsquare\b", r"\barea\b"),
            r"rectangle|rectangular|circle|circular|perimeter|root|triangle|fence|diagonal", (SIDE,), "{0} ^ 2"),
    Formula((r"\bsquare\b", r"\barea\b", r"perimeter|fence|fencing|around|border|edging"),
            r"rectangle|rectangular|circle|circular|root|triangle|diagonal|\bsides?\b",
            (rf"\barea\s+(?:of\s+|is\s+)?{N}|{N}{UNITS}\s*(?:²|2\b|squared?\s+{UNIT_WORDS}|sq\.?\s+{UNIT_WORDS})",),
            "4 * sqrt({0})"),  # a square's perimeter from its area: "an area of 36 square metres"
    Formula((SIDES, rf"\barea\b|\b(?:square|sq\.?)\s+{UNIT_WORDS}\b"),
            rf"perimeter|fence|circle|triangle|root|diagonal|border|{SIDE_ASKED}|\barea\s+(?:of\s+|is\s+|=\s*)?\d", 2,
            "{0} * {1}"),
    Formula((BOX, r"\bvolume\b|\bcubic\b|³|\bhow\s+much\s+(?:soil|concrete|water|sand|compost|space)\b"),
            r"circle|circular|cylinder|sphere|cone|pyramid|triangle|area|perimeter|root|litres?|liters?", 3,
            "{0} * {1} * {2}"),
    Formula((SIDES, r"perimeter|fence|fencing|around|border"),
            rf"area|circle|triangle|root|square\b|{SIDE_ASKED}|perimeter\s+(?:of\s+|is\s+|=\s*)?\d|\bpanels?\b"
            r"|\bside\s+of\s+(?:my|the|our|his|her|their)\b",
            2, "2 * ({0} + {1})"),  # not "perimeter 46 cm and length 15 cm, how wide is it": a side asked; not "panels
    # are 1.8m wide and the side of my garden is 25m long": one side, in panels
    Formula((r"derivative|differentiate|\bslope\b|gradient|d/dx|f'\s*\(",), r"integra|x\s*\^\s*[013-9]|cube|\+|-\s*\d",
            (rf"{N}\s*x\s*(?:\^\s*2|²|\s+squared)",
             rf"\bx\s*(?:=|\bequals\b|\bis\b)\s*{N}|\bat\s+{N}|f'\s*\(\s*{N}\s*\)"),
            "2 * {0} * {1}"),
    Formula((r"integra|∫",), r"derivative|differentiate|x\s*(?:\^|²|\s+squared)|\+|-\s*\d",
            (rf"{N}\s*x\b", rf"(?:from|between)\s+0\s+(?:to|and)\s+{N}"), "{0} * {1} ^ 2 / 2"),
    Formula((DIE, CHANCE.pattern), OTHER_DIE_EVENTS,
            (rf"\b(?:more|higher|greater|bigger|larger|above|over)\s+(?:than\s+)?(?:a\s+)?{N}",), "pct((6 - {0}) / 6)"),
    Formula((DIE, CHANCE.pattern), OTHER_DIE_EVENTS,
            (rf"\b(?:less|lower|smaller|fewer|below|under)\s+(?:than\s+)?(?:a\s+)?{N}",), "pct(({0} - 1) / 6)"),
    Formula((DIE, CHANCE.pattern), OTHER_DIE_EVENTS + r"|\bor\b|\bnot\b",
            (r"\b(?:roll|rolling|rolls|get|getting|throw|throwing|land\s+on|landing\s+on)\s+(?:a|an)\s+([1-6])\b",),
            "pct(1 / 6)"),  # "the chance of rolling a 6 on one die"
    Formula((DIE, CHANCE.pattern), OTHER_DIE_EVENTS + r"|\bnot\b",
            (r"\b(?:roll|rolling|get|getting|throw|throwing)\s+(?:a|an)\s+([1-6])\s+or\b",
             r"\bor\s+(?:a|an)\s+([1-6])\b"), "pct(2 / 6)"),  # "a 5 or a 6"
    Formula((CHANCE.pattern, r"\b(?:raffle|tickets?|lottery|draw)\b"),
            r"\bprizes\b|\b(?:two|2|both|twice|all)\b|\bnot\b|\bdon'?t\b",
            (rf"(?<!bought\s)(?<!have\s)(?<!got\s)(?<!buy\s){N}\s+(?:raffle\s+)?tickets\b"
             rf"|\btickets\s+(?:sold\s+)?(?:is|was|were|are)\s+{N}\b|\bout\s+of\s+{N}\b",
             rf"\b(?:i|we|you|he|she|they)\s+(?:bought|buy|have|has|got|own|hold)\s+{N}\b"),
            "pct({1} / {0})"),  # "300 raffle tickets sold and i bought 12, my chance of winning"
    Formula((CHANCE.pattern,), r"\b(?:two|2|both|twice|again|not|or|good|pass\w*|fine|ok|okay|survive\w*|without|never"
                               r"|other|avoid\w*|safe|lose|losing)\b|n't\b|\bhow\s+many\b",
            (rf"(?<![\d.]){N}\s+in\s+(?:every\s+)?\d", rf"(?<![\d.])\d+(?:\.\d+)?\s+in\s+(?:every\s+)?{N}"),
            "pct({0} / {1})"),  # "pays out 1 in 18 goes"
    Formula((rf"\bx\s*(?:\^\s*2|²|\s+squared)\s*(?:=|\bis\b|\bequals\b)\s*{N}", r"\bpositive\b"),
            r"[-+*/]\s*\d|\bnegative\b",
            (rf"\bx\s*(?:\^\s*2|²|\s+squared)\s*(?:=|\bis\b|\bequals\b)\s*{N}",), "sqrt({0})"),  # "x² = 81, x positive"
    Formula((r"\bhypotenuse\b",), r"area|perimeter|\bangles?\b|\bsides?\s+of\s+\d|circle|square\b", 2,
            "sqrt({0} ^ 2 + {1} ^ 2)"),
    Formula((r"\bdiagonal\b",), r"area|perimeter|circle|volume|\bcube|\bbox\b|square\s+(?:root|metres?|meters?|feet|cm"
            r"|m\b)|\b(?:sides?|faces?)\s+of\s+\d", 2, "sqrt({0} ^ 2 + {1} ^ 2)"),  # a rectangle's: "600 x 800mm"
    Formula((r"\btriangle\b", r"\bangles?\b", r"\b(?:third|other|last|remaining|missing)\b"),
            r"area|perimeter|hypotenuse|side|right|isosceles|equilateral|exterior|circle|square\b", 2,
            "180 - {0} - {1}"),
    Formula((r"\btriangle\b", r"\barea\b"),
            r"perimeter|hypotenuse|\bangles?\b|equilateral|isosceles|circle|square|rectangle|sides?\b",
            (rf"\bbase\b\D{{0,20}}?{N}|{N}{UNITS}\s+base\b",
             rf"\b(?:height|high|tall)\b\D{{0,20}}?{N}|{N}{UNITS}\s+(?:high|tall|height)\b"), "{0} * {1} / 2"),
    *(Formula((START, step, NTH), r"\b(?:doubl\w*|tripl\w*|times|multipl\w*|halv\w*|squares?|sum|total|add\s+up)\b",
              (START, step, NTH), f"{{0}} {sign} ({{2}} - 1) * {{1}}")  # "starts at 3 and goes up by 4 each
      for step, sign in ((rf"\b(?:goes|going|go)\s+up\s+(?:by\s+|in\s+)?{N}|\b(?:increas|add|ris)(?:es|ing|e|s)?\s+"
                          rf"(?:by\s+)?{N}", "+"),  # time: the 10th number" -> 3 + (10 - 1) * 4
                         (rf"\b(?:goes|going|go)\s+down\s+(?:by\s+|in\s+)?{N}|\b(?:decreas|subtract|tak|fall)(?:es|ing|e|s)?"
                          rf"\s+(?:away\s+)?(?:by\s+)?{N}", "-"))),
)

CARDS = {r"\b(?:hearts?|spades?|clubs?|diamonds?)\b": 13, r"\b(?:aces?|kings?|queens?|jacks?)\b": 4,
         r"\b(?:red|black)\b": 26, r"\b(?:picture|face)\b": 12}  # in a deck of 52
FORMULAS += tuple(Formula((CHANCE.pattern, r"\b(?:deck|pack)\b", words),
                          "|".join([r"\b(?:two|2|both|twice|again|replace|without|not|or|and\s+then)\b",
                                    *(other for other in CARDS if other != words)]),
                          (r"(?<![\d.])(52)[- ]?cards?\b|\bof\s+(52)\b|\b(52)\s+cards\b",), f"pct({count} / {{0}})")
                  for words, count in CARDS.items())  # "the chance of a heart from a 52 card deck"


def _numbers_of(formula: Formula, text: str) -> list[str] | None:
    """The formula's numbers in the text, or None (the module docstring's rule)."""
    rest = OWN_NUMBERS.sub(" ", SIX_SIDED.sub(" ", text) if re.search(DIE, text) else text)
    if isinstance(formula.numbers, int):
        found = NUMBER.findall(rest)
        return found if len(found) == formula.numbers else None
    found = []
    for pattern in formula.numbers:
        numbers = {next(g for g in m.groups() if g) for m in re.finditer(pattern, text)}
        if len(numbers) != 1:
            return None
        found.append(numbers.pop())
    return found if sorted(NUMBER.findall(rest)) == sorted(found) and len(set(found)) == len(found) else None


def asked_part(question: str) -> str | None:
    """The count of the kind a chance is asked for: "2 red and 8 blue ... the chance of red" -> "2" (None unless
    exactly one counted kind is named again after the word for chance)."""
    counted = dict((word.lower(), n) for n, word in re.findall(r"(\d+)\s+([A-Za-z]+)", question))
    chance = CHANCE.search(question.lower())
    after = {w.lower() for w in re.findall(r"[A-Za-z]+", question[chance.end():])} if chance else set()
    asked = [n for word, n in counted.items() if word in after]
    return asked[0] if len(asked) == 1 else None


DRAW = r"\b(?:draw\w*|drew|pick\w*|choos\w*|chose\w*|tak\w+|took|select\w*|pull\w*|random\w*|get(?:ting)?)\b"
KIND = r"\d+\s+[a-z]+(?:\s+(?!and\b)[a-z]+)?"  # "3 red", "3 red balls"
KIND_LIST = re.compile(rf"{KIND}(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+){KIND})+")


def _colour_chance(text: str) -> str | None:
    """pct(part / (a + b + ...)) for "a bag of 3 red and 5 blue balls, the chance of drawing red": the numbers
    are one list of different kinds ("3 red, 4 green and 5 blue"), one is drawn, exactly one kind is named after
    the word for chance, and nothing after it asks for more than one draw or for what is not that kind."""
    chance = CHANCE.search(text)
    if not chance or re.search(DIE, text) or not re.search(DRAW, text) or re.search(
            r"\b(?:not|n't|or|two|both|again|replac\w*|without|then|second|in\s+a\s+row|at\s+least|each)\b",
            text[chance.end():]):
        return None
    kinds = COUNTED.findall(text)
    numbers = NUMBER.findall(text)
    listed = [m for m in KIND_LIST.finditer(text) if len(NUMBER.findall(m[0])) == len(numbers)]
    if len(kinds) < 2 or len(kinds) != len(numbers) or not listed or {k for _, k in kinds} & NOT_KINDS \
            or len({k for _, k in kinds}) != len(kinds) or re.search(r"\bout\s+of\s+\d", text):
        return None  # "out of 40 orders, 6 arrived late": 40 is the whole, not a kind
    part = asked_part(text)
    return f"pct({part} / ({' + '.join(n for n, _ in kinds)}))" if part else None


# One count that is part of another, said as such, and whether the part comes first: "14 of the 40 birds", "3 black
# pups in a litter of 8"; "a box of 40 scratchcards has 6 winners", "50 prizes n 5 of them are big ones", "12 bibs in
# the bag, 3 red and the rest yellow".
PART_OF_WHOLE = (
    (re.compile(r"(?<![\d.])(\d+)\s+(?:out\s+)?of\s+(?:the|those|these|all|my|our)\s+(?:\w+\s+)?(\d+)(?![\d.])"), True),
    (re.compile(r"(?<![\d.])(\d+)\s+[a-z]+(?:\s+[a-z]+)?\s+in\s+(?:a|an|the)\s+[a-z]+\s+of\s+(\d+)(?![\d.])"), True),
    (re.compile(r"\b(?:box|bag|pack|packet|tub|jar|tin|set|bucket|deck|batch|crate|tray)\s+of\s+(\d+)\s+[a-z]+\s+"
                r"(?:has|contains|with|includes|holds)\s+(\d+)(?![\d.])"), False),
    (re.compile(r"(?<![\d.])(\d+)\b[^.?!\d]*?\b(\d+)\s+(?:of\s+(?:them|those|these)|are|were)?\b[^.?!]*\bthe\s+rest\b"
                r"|(?<![\d.])(\d+)\b[^.?!\d]*?\b(\d+)\s+of\s+(?:them|those|these)\b"), False),
)
ONE_DRAW_ONLY = re.compile(r"\b(?:not|n't|or|two|both|again|replac\w*|without|then|second|in\s+a\s+row|at\s+least"
                           r"|each|every|all|twice|times)\b")
NO_KIND = {"the", "them", "those", "these", "are", "were", "was", "one", "ones", "its", "out", "that", "this", "have",
           "has", "with", "for", "our", "my", "all", "which", "who", "there", "their"}


def _said_of(clause: str, asked: str) -> bool:
    """Is a word of the part's clause (up to "and", "but", "the rest" or a stop) named in what is asked?"""
    clause = re.split(r"[,;.?!]|\b(?:and|but|while|n)\b|\bthe\s+rest\b", clause)[0]
    words = {w for w in re.findall(r"[a-z]{3,}", clause) if w not in NO_KIND}
    return any(w.startswith(a) or a.startswith(w) for w in words for a in re.findall(r"[a-z]{3,}", asked)
               if a not in NO_KIND)


def _part_chance(text: str) -> str | None:
    """pct(part / whole) for the chance of drawing one thing of a part of a whole said as such (PART_OF_WHOLE): the
    question's two numbers, the part the smaller and named again in what is asked, one draw asked for, and nothing
    after the word for chance that asks for more than one draw or for what is not the part."""
    chance = CHANCE.search(text)
    if not chance or re.search(DIE, text) or not re.search(DRAW + r"|\bwin\w*\b", text) or len(set(NUMBER.findall(
            text))) != 2 or ONE_DRAW_ONLY.search(text[chance.end():]):
        return None
    for pattern, part_first in PART_OF_WHOLE:
        if m := pattern.search(text):
            (part, at), (whole, _) = [(m.group(i), m.start(i)) for i in range(1, len(m.groups()) + 1)
                                      if m.group(i)][:: 1 if part_first else -1]
            asked = text[chance.end():]
            return f"pct({part} / {whole})" if Fraction(part) < Fraction(whole) and _said_of(text[at:], asked) else None
    return None


POLYGONS = {"triangle": 3, "quadrilateral": 4, "square": 4, "rectangle": 4, "pentagon": 5, "hexagon": 6,
            "heptagon": 7, "septagon": 7, "octagon": 8, "nonagon": 9, "decagon": 10, "dodecagon": 12}
POLYGON = re.compile(rf"\b(?:an?\s+)?(?:regular\s+)?(?:({'|'.join(POLYGONS)})|(?:polygon|shape)\s+with\s+{N}\s+sides)"
                     r"\b")
ANGLE_ASKED = re.compile(r"\b(?:(sum|total)\s+of\s+(?:the|all\s+the|its)?\s*(?:interior\s+|inside\s+)?angles"
                         r"|(?:each|one)\s+(exterior|interior)\s+angle|(exterior|interior)\s+angles?\s+(?:of|in)"
                         r"\s+(?:a|an|each)\s+regular)\b")


def _polygon_angles(text: str) -> str | None:
    """"the sum of the interior angles of a hexagon" -> (6 - 2) * 180; "each interior angle of a regular octagon"
    -> (8 - 2) * 180 / 8; "each exterior angle of a regular pentagon" -> 360 / 5."""
    shape, asked = POLYGON.search(text), ANGLE_ASKED.search(text)
    if not shape or not asked or len(NUMBER.findall(text)) != (1 if shape.group(2) else 0):
        return None
    sides = str(POLYGONS[shape.group(1)]) if shape.group(1) else shape.group(2)
    if asked.group(1):
        return f"({sides} - 2) * 180"
    if not re.search(r"\bregular\b", text) or int(sides) < 3:
        return None  # one angle of a shape whose angles differ
    return f"360 / {sides}" if "exterior" in (asked.group(2), asked.group(3)) else f"({sides} - 2) * 180 / {sides}"


LENGTH_NAMES = {"mm": r"mm|millimet(?:er|re)s?", "cm": r"cm|centimet(?:er|re)s?", "km": r"km|kilomet(?:er|re)s?",
                "m": r"m|met(?:er|re)s?", "in": r"inch(?:es)?|in(?=\s*(?:by|x|×)\b|\s*[,.?]|$)|\"",
                "ft": r"ft|feet|foot|'", "yd": r"yards?|yds?"}
LENGTH_SAID = re.compile(rf"\d\s*(?:{'|'.join(f'(?P<{k}>{v})' for k, v in LENGTH_NAMES.items())})(?![a-z])")
SQUARE_ASKED = re.compile(rf"\b(?:square|sq\.?)\s+(?:{'|'.join(f'(?P<{k}>{v})' for k, v in LENGTH_NAMES.items())})"
                          rf"(?![a-z])")


def squares_of_another_unit(text: str) -> bool:
    """Does the question give lengths in one unit and ask for square units of another ("a quilt 72 in by 84 in,
    its area in square feet"), a conversion no formula here makes?"""
    given, asked_words = given_and_asked(text)
    asked = SQUARE_ASKED.search(asked_words)
    said = {m.lastgroup for m in LENGTH_SAID.finditer(given + asked_words[: asked.start()])} if asked else set()
    return bool(said) and said != {asked.lastgroup}


COURTESY = re.compile(r"^(?:(?:please|pls|plz|hey|hi|hello|ok|okay|quick\s+one)\b[,!.:;]?\s+)+")


def read_formula(question: str) -> Calculation | None:
    """The one formula the question asks for, evaluated exactly, or None (see the module docstring)."""
    if not isinstance(question, str) or len(question) > MAX_CHARS:
        return None
    text = " ".join(without_precision(question).lower().split())  # "..., to 2 decimal places": no operand
    text = COURTESY.sub("", text)  # "please express 255 minutes in hours": the readers read from the request
    readings = [formula.program.format(*numbers) for formula in FORMULAS
                if all(re.search(w, text) for w in formula.asks) and not re.search(formula.not_asks, text)
                and (numbers := _numbers_of(formula, text)) is not None
                and not ("3.14" in formula.program and calculators_pi(text))]
    readings += [r for r in (_colour_chance(text), _part_chance(text), statistic_reading(text), needed_reading(text),
                             _polygon_angles(text), read_polynomial(question), *everyday_readings(text)) if r]
    readings = [r for r in readings if not unit_mismatch(question, r)]  # no reading adds months to money a month
    if CHANCE.search(text) and (opposed(*(sides := given_and_asked(text))) or bool(NOT.search(sides[0])) != bool(
            NOT.search(sides[1]))):
        readings = [r for r in readings if not r.startswith("pct(")]  # "3 of 12 do fine line, the chance they don't"
    if squares_of_another_unit(text):
        return None
    implied = [c for c, words in IMPLIED.items() if re.search(words, text)]
    readings = [r for r in readings if all(c in NUMBER.findall(r) for c in implied)]  # "a third of it": the 3
    try:  # formulas that read one question must agree (the derivative of 7x² at 4 is a formula and a polynomial)
        if len({evaluate(r) for r in readings}) != 1:
            return None
    except ProgramError:
        return None
    program = readings[0]
    if re.search(r"\b(?:decimal|fraction)\b", text) and (chance := re.fullmatch(r"pct\((.*)\)", program)):
        program = chance.group(1)  # "the probability, as a decimal": 0.15, not 15%
    fraction = evaluate(program).value.denominator != 1 and not places_asked(question)  # "how many kWh for a
    # tenner? 1 dp": decimals asked, no whole count
    if fraction and (function := whole_count(text)):
        program = f"{function}({program})"  # "how many full boxes": 12, not 12.5
    elif fraction and held_in_wholes(text) and "/" in program:
        program = f"ceil({program})"  # "round tables seat 10, 186 guests, how many tables": 19, not 18.6
    elif fraction and counts_things(text):
        return None  # "13.5 m² at 4 m² a bag: how many bags?": 3.375 bags is no answer, and 3 or 4 is not said
    return Calculation(program, evaluate(program))
