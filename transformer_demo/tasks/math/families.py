"""The families of math questions: their wordings, programs and exact answers.

Each family has a canonical wording (the seed's template), training wordings (symbol forms such as
"{a} x {b} = ?" included) and held-out wordings that no training row uses (the `test_wordings` split
measures how far the model generalizes). Its program template is what the model learns to write
("What is 332 times 971?" -> "332 * 971"); its `answer` computes the same value independently of the
program evaluator, so a test can check one against the other.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from math import isqrt

from .memo import of_text

SMALL = range(1, 101)
OPERAND = range(1, 1001)
DIE = range(1, 6)
PERCENT = range(1, 101)
BASE, EXPONENT = range(2, 21), range(2, 11)
SQUARES = tuple(n * n for n in range(1, 32))  # perfect squares up to 1000, for square roots
RANGES = ("1-100", "101-1000")  # every split's rows: half with all operands small, half with one above 100


def operand_range(operands: tuple[int, ...]) -> str:
    return RANGES[0] if all(x in SMALL for x in operands) else RANGES[1]


@dataclass(frozen=True)
class Family:
    name: str  # key in per-family scores
    description: str  # what the app's notice calls it
    program: str  # template of the model's target, placeholders {a} {b} {c} {d}
    answer: Callable[..., Fraction]  # exact value from the operands (a ratio for percentages)
    wordings: tuple[str, ...]  # the first is canonical
    held_out: tuple[str, ...]
    ranges: tuple[range, ...] = (OPERAND, OPERAND)
    is_percent: bool = False

    @property
    def canonical(self) -> str:
        return self.wordings[0]

    @property
    def placeholders(self) -> list[str]:
        return sorted(set(re.findall(r"{(\w)}", self.program)))

    def fill(self, template: str, operands: tuple[int, ...]) -> str:
        return template.format(**dict(zip(self.placeholders, operands)))

    def answer_text(self, operands: tuple[int, ...]) -> str:
        from .program import format_number, percent

        value = self.answer(*operands)
        return percent(value) if self.is_percent else format_number(value)

    def in_range(self, operands: tuple[int, ...]) -> bool:
        return all(x in r for x, r in zip(operands, self.ranges))

    @cached_property
    def patterns(self) -> list[re.Pattern]:
        """One regex per wording, training wordings first, then the held-out ones."""
        return [_wording_regex(w) for w in self.wordings + self.held_out]


def _wording_regex(template: str) -> re.Pattern:
    """Case-insensitive, any spacing, trailing punctuation optional; numbers bounded so "3x-38" gives nothing."""
    body = template.rstrip("?.! ")
    parts = re.split(r"({\w})", body)
    regex = ""
    for part in parts:
        if re.fullmatch(r"{\w}", part):
            regex += rf"(?P<{part[1]}>[0-9]+)"
        else:
            for char in part:
                regex += r"\s*" if char == " " else re.escape(char) + (r"\s*" if not char.isalnum() else "")
    regex = re.sub(r"(\\s\*)+", r"\\s*", regex)
    regex = re.sub(r"(?<=[A-Za-z])\\s\*(?=[A-Za-z(])", r"\\s+", regex)  # words stay separate words
    return re.compile(rf"(?<![\w$%.])(?<!\d[,/:-]){regex}(?![\w%])(?![.,/:-]\d)", re.IGNORECASE)


def _median(a: int, b: int, c: int) -> Fraction:
    return Fraction(sorted((a, b, c))[1])


class NoExactAnswer(ValueError):
    """A question of a family whose answer cannot be given exactly here (the root of 50, 999 to the 999th)."""


def _power(a: int, b: int) -> Fraction:
    if b > 64 or a.bit_length() * b > 2048:
        raise NoExactAnswer(f"{a} to the power of {b} is too large to work out here")
    return Fraction(a**b)


def _root(a: int) -> Fraction:
    root = isqrt(a)
    if root * root != a:
        raise NoExactAnswer(f"{a} is not a perfect square")
    return Fraction(root)


FRAMES = (
    "What is {core}?", "What's {core}?", "Calculate {core}.", "Compute {core}.", "Find {core}.", "Work out {core}.",
    "Tell me {core}.", "Can you find {core}?", "Please calculate {core}.", "What do you get for {core}?", "{core}?",
    "How much is {core}?",
)


WORD_FRAMES = (  # word problems: a situation, then the question
    "{core}. How many are left?", "{core}. How many are there now?", "{core}; how many are left?",
    "If {core}, how many are left?", "{core}. What is left?", "{core}. How many remain?",
)
TOTAL_FRAMES = (
    "{core}. How many in all?", "{core}. How many altogether?", "{core}; how many in total?",
    "If {core}, how many are there in all?", "{core}. What is the total?", "{core}. How many are there?",
)


def _wordings(index: int, specials: tuple[str, ...], cores: tuple[str, ...],
              frames: tuple[str, ...] = FRAMES) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(training wordings, held-out wordings): every frame around every core, plus the family's own sentences.

    Two (frame, core) cells per family are held out: each of their frame and core is seen in training with
    others, never together, so the held-out split measures generalization to new combinations.
    """
    cells = [[frame.replace("{core}", core) for frame in frames[start:] + frames[:start]]
             for core, start in ((cores[0], (3 * index) % len(frames)), (cores[1], (3 * index + 7) % len(frames)))]
    held = tuple(next(w for w in row if w not in specials) for row in cells)  # the family's own sentences stay in
    grid = [frame.replace("{core}", core) for core in cores for frame in frames]
    training = [w for w in dict.fromkeys(specials + tuple(grid)) if w not in held]
    return tuple(training), held


def _family(index: int, name: str, description: str, program: str, answer: Callable[..., Fraction],
            specials: tuple[str, ...], cores: tuple[str, ...], frames: tuple[str, ...] = FRAMES, **options) -> Family:
    return Family(name, description, program, answer, *_wordings(index, specials, cores, frames), **options)


SPECS = (
    ("plus", "addition", "{a} + {b}", lambda a, b: Fraction(a + b),
     ("What is {a} plus {b}?", "Add {a} and {b}.", "{a} + {b} = ?", "{a} + {b}", "Add {a} to {b}.",
      "Add up {a} and {b}."),
     ("{a} plus {b}", "the sum of {a} and {b}", "{a} + {b}", "{a} and {b} added together", "{a} and {b} together",
      "{a} added to {b}", "the total of {a} and {b}", "{a} and {b} combined", "{a} more than {b}",
      "{a} increased by {b}")),
    ("minus", "subtraction", "{a} - {b}", lambda a, b: Fraction(a - b),
     ("What is {a} minus {b}?", "Subtract {b} from {a}.", "Take {b} away from {a}.", "{a} - {b} = ?", "{a} - {b}",
      "Deduct {b} from {a}."),
     ("{a} minus {b}", "the difference between {a} and {b}", "{a} - {b}", "{a} take away {b}",
      "{b} subtracted from {a}", "{a} less {b}", "{b} less than {a}", "{b} fewer than {a}", "{a} decreased by {b}",
      "{a} reduced by {b}", "{b} taken from {a}")),
    ("times", "multiplication", "{a} * {b}", lambda a, b: Fraction(a * b),
     ("What is {a} times {b}?", "Multiply {a} by {b}.", "{a} x {b} = ?", "{a} * {b} = ?", "{a} x {b}", "{a} * {b}",
      "Multiply {a} and {b}."),
     ("{a} times {b}", "the product of {a} and {b}", "{a} * {b}", "{a} multiplied by {b}", "{a} x {b}",
      "{a} multiplied with {b}", "{a} lots of {b}", "{a} groups of {b}", "{a} and {b} multiplied together")),
    ("divided_by", "division", "{a} / {b}", lambda a, b: Fraction(a, b),
     ("What is {a} divided by {b}?", "Divide {a} by {b}.", "{a} / {b} = ?", "{a} ÷ {b}", "{a} / {b}",
      "Share {a} among {b}.", "Split {a} into {b} equal parts."),
     ("{a} divided by {b}", "the quotient of {a} and {b}", "{a} / {b}", "{a} over {b}", "{a} ÷ {b}",
      "{a} shared equally among {b}", "{a} split into {b} equal parts", "{a} divided into {b} equal groups",
      "{a} shared between {b} people", "{a} split {b} ways")),
    ("square_perimeter", "the perimeter of a square", "4 * {a}", lambda a: Fraction(4 * a),
     ("What is the perimeter of a square with side length {a}?", "A square has a side of {a}. What is its perimeter?"),
     ("the perimeter of a square with side length {a}", "the perimeter of a square of side {a}",
      "the perimeter of a square whose sides are {a} long", "the perimeter of a square with sides of length {a}"),
     {"ranges": (OPERAND,)}),
    ("rectangle_area", "the area of a rectangle", "{a} * {b}", lambda a, b: Fraction(a * b),
     ("What is the area of a rectangle with width {a} and height {b}?",
      "A rectangle has width {a} and height {b}. What is its area?"),
     ("the area of a rectangle with width {a} and height {b}", "the area of a {a} by {b} rectangle",
      "the area of a rectangle that is {a} wide and {b} high", "the area of a rectangle of width {a} and height {b}")),
    ("circle_area", "the area of a circle", "3.14 * {a} ^ 2", lambda a: Fraction(314, 100) * a * a,
     ("What is the area of a circle with radius {a}?", "A circle has a radius of {a}. What is its area?"),
     ("the area of a circle with radius {a}", "the area of a circle of radius {a}",
      "the area of a circle whose radius is {a}", "the area of a circle with a radius of {a}"),
     {"ranges": (OPERAND,)}),
    ("linear_equation", "x + a = b", "{b} - {a}", lambda a, b: Fraction(b - a),
     ("Solve for x in the equation x + {a} = {b}.", "Solve x + {a} = {b}.", "x + {a} = {b}. Find x.",
      "If x + {a} = {b}, what is x?"),
     ("x if x + {a} = {b}", "x in the equation x + {a} = {b}", "the solution of x + {a} = {b}",
      "x when x + {a} = {b}")),
    ("two_step_equation", "2x - a = b", "({b} + {a}) / 2", lambda a, b: Fraction(a + b, 2),
     ("What is the solution for x in the equation 2x - {a} = {b}?", "Solve 2x - {a} = {b}.", "2x - {a} = {b}. Find x.",
      "If 2x - {a} = {b}, what is x?"),
     ("x if 2x - {a} = {b}", "x in the equation 2x - {a} = {b}", "the solution of 2x - {a} = {b}",
      "x when 2x - {a} = {b}")),
    ("derivative", "the derivative of ax^2", "2 * {a} * {b}", lambda a, b: Fraction(2 * a * b),
     ("Find the derivative of {a}x^2 at x = {b}.", "Differentiate {a}x^2 and evaluate at x = {b}."),
     ("the derivative of {a}x^2 at x = {b}", "the slope of {a}x^2 at x = {b}", "the derivative of {a}x^2 when x = {b}",
      "d/dx of {a}x^2 at x = {b}")),
    ("integral", "the integral of ax", "{a} * {b} ^ 2 / 2", lambda a, b: Fraction(a * b * b, 2),
     ("Calculate the integral of {a}x from 0 to {b}.", "Integrate {a}x from 0 to {b}."),
     ("the integral of {a}x from 0 to {b}", "the definite integral of {a}x from 0 to {b}",
      "the integral of {a}x between 0 and {b}", "the integral of {a}x over 0 to {b}")),
    ("die_probability", "the die probability", "pct((6 - {d}) / 6)", lambda d: Fraction(6 - d, 6),
     ("What is the probability of rolling a die and getting a number greater than {d}?",
      "A die is rolled. What is the probability the number is greater than {d}?"),
     ("the probability of rolling a number greater than {d} on a die", "the chance of rolling more than {d} on a die",
      "the probability that a die roll is greater than {d}", "the odds of rolling above {d} with a die"),
     {"ranges": (DIE,), "is_percent": True}),
    ("ball_probability", "the red-ball probability", "pct({a} / ({a} + {b}))", lambda a, b: Fraction(a, a + b),
     ("A bag contains {a} red and {b} blue balls. What is the probability of drawing a red ball?",
      "There are {a} red and {b} blue balls in a bag. What is the chance of drawing a red ball?"),
     ("the probability of drawing a red ball from a bag with {a} red and {b} blue balls",
      "the chance of picking a red ball from {a} red and {b} blue balls",
      "the probability of red when a bag holds {a} red and {b} blue balls",
      "the probability that a ball drawn from {a} red and {b} blue balls is red"),
     {"is_percent": True}),
    ("average", "the average of three numbers", "mean({a}, {b}, {c})", lambda a, b, c: Fraction(a + b + c, 3),
     ("Calculate the average of the numbers {a}, {b}, and {c}.", "Find the average of {a}, {b}, and {c}."),
     ("the average of {a}, {b}, and {c}", "the mean of {a}, {b} and {c}", "the average of the numbers {a}, {b}, {c}",
      "the arithmetic mean of {a}, {b} and {c}"),
     {"ranges": (OPERAND,) * 3}),
    ("median", "the median of three numbers", "median({a}, {b}, {c})", _median,
     ("Find the median of {a}, {b}, and {c}.",),
     ("the median of {a}, {b}, and {c}", "the median of the numbers {a}, {b} and {c}",
      "the middle value of {a}, {b} and {c}", "the median value of {a}, {b}, {c}"),
     {"ranges": (OPERAND,) * 3}),
    # the everyday forms (issue 25): powers, percentages, three numbers, square roots, word problems, equations
    ("square", "a square", "{a} ^ 2", lambda a: Fraction(a * a),
     ("What is {a} squared?", "{a}^2", "{a}^2 = ?", "Square {a}."),
     ("{a} squared", "the square of {a}", "{a}^2", "{a} to the power of 2", "{a} times itself"),
     {"ranges": (OPERAND,)}),
    ("power", "a power", "{a} ^ {b}", _power,
     ("What is {a} to the power of {b}?", "{a}^{b}", "{a}^{b} = ?", "Raise {a} to the power of {b}."),
     ("{a} to the power of {b}", "{a}^{b}", "{a} raised to the power {b}", "{a} to the {b}th power",
      "{a} raised to {b}"),
     {"ranges": (BASE, EXPONENT)}),
    ("square_root", "a square root", "sqrt({a})", _root,
     ("What is the square root of {a}?", "√{a}", "sqrt({a})", "Find the square root of {a}."),
     ("the square root of {a}", "√{a}", "the root of {a}", "sqrt({a})", "the positive square root of {a}"),
     {"ranges": (SQUARES,)}),
    ("percent_of", "a percentage of a number", "{a} / 100 * {b}", lambda a, b: Fraction(a * b, 100),
     ("What is {a}% of {b}?", "{a}% of {b}", "Find {a} percent of {b}.", "{a}% of {b} = ?"),
     ("{a}% of {b}", "{a} percent of {b}", "{a} % of {b}", "{a} per cent of {b}", "{a}% of the number {b}"),
     {"ranges": (PERCENT, OPERAND)}),
    ("sum_of_three", "a sum of three numbers", "{a} + {b} + {c}", lambda a, b, c: Fraction(a + b + c),
     ("What is the sum of {a}, {b} and {c}?", "{a} + {b} + {c}", "{a} + {b} + {c} = ?", "Add {a}, {b} and {c}."),
     ("the sum of {a}, {b} and {c}", "{a} + {b} + {c}", "{a} plus {b} plus {c}", "the total of {a}, {b} and {c}",
      "{a}, {b} and {c} added together"),
     {"ranges": (OPERAND,) * 3}),
    ("product_of_three", "a product of three numbers", "{a} * {b} * {c}", lambda a, b, c: Fraction(a * b * c),
     ("What is the product of {a}, {b} and {c}?", "{a} x {b} x {c}", "{a} * {b} * {c} = ?",
      "Multiply {a}, {b} and {c}."),
     ("the product of {a}, {b} and {c}", "{a} * {b} * {c}", "{a} times {b} times {c}", "{a} x {b} x {c}",
      "{a}, {b} and {c} multiplied together"),
     {"ranges": (OPERAND,) * 3}),
    ("take_away", "a take-away word problem", "{a} - {b}", lambda a, b: Fraction(a - b),
     ("Tom has {a} apples and eats {b}. How many apples are left?",
      "A shop has {a} cakes and sells {b}. How many cakes are left?"),
     ("Tom has {a} apples and eats {b}", "Anna had {a} stickers and gave away {b}",
      "a shop has {a} cakes and sells {b}", "Sam has {a} marbles and loses {b}",
      "there are {a} birds on a tree and {b} fly away"),
     {"frames": WORD_FRAMES}),
    ("groups_of", "a groups-of word problem", "{a} * {b}", lambda a, b: Fraction(a * b),
     ("A box holds {a} pencils. How many pencils are in {b} boxes?",
      "A box holds {a} pencils, how many in {b} boxes?"),
     ("a box holds {a} pencils and there are {b} boxes", "each bag has {a} sweets and there are {b} bags",
      "there are {a} chairs in each of {b} rows", "a pack has {a} cards and you buy {b} packs",
      "{a} children sit at each of {b} tables"),
     {"frames": TOTAL_FRAMES}),
    ("x_minus_a", "x - a = b", "{b} + {a}", lambda a, b: Fraction(a + b),
     ("Solve for x in the equation x - {a} = {b}.", "Solve x - {a} = {b}.", "x - {a} = {b}. Find x.",
      "If x - {a} = {b}, what is x?", "Solve {b} = x - {a}.", "What number minus {a} equals {b}?"),
     ("x if x - {a} = {b}", "x in the equation x - {a} = {b}", "the solution of x - {a} = {b}",
      "x when {b} = x - {a}", "the number that gives {b} when {a} is subtracted from it")),
    ("a_plus_x", "a + x = b", "{b} - {a}", lambda a, b: Fraction(b - a),
     ("Solve for x in the equation {a} + x = {b}.", "Solve {a} + x = {b}.", "{a} + x = {b}. Find x.",
      "Solve {b} = x + {a}.", "What number plus {a} equals {b}?", "{a} plus what number equals {b}?"),
     ("x if {a} + x = {b}", "x in the equation {a} + x = {b}", "the solution of {b} = {a} + x",
      "x when {b} = x + {a}", "the number that added to {a} makes {b}")),
    ("a_minus_x", "a - x = b", "{a} - {b}", lambda a, b: Fraction(a - b),
     ("Solve for x in the equation {a} - x = {b}.", "Solve {a} - x = {b}.", "{a} - x = {b}. Find x.",
      "If {a} - x = {b}, what is x?", "Solve {b} = {a} - x."),
     ("x if {a} - x = {b}", "x in the equation {a} - x = {b}", "the solution of {b} = {a} - x",
      "x when {a} - x = {b}", "the number that subtracted from {a} leaves {b}")),
)
FAMILIES: tuple[Family, ...] = tuple(_family(i, *spec[:6], **(spec[6] if len(spec) > 6 else {}))
                                     for i, spec in enumerate(SPECS))
UNKNOWN = "unknown"


@dataclass(frozen=True)
class Found:
    family: Family
    operands: tuple[int, ...]
    start: int
    end: int

    @property
    def canonical(self) -> str:
        return self.family.fill(self.family.canonical, self.operands)


@dataclass(frozen=True)
class _Wording:
    family: Family
    pattern: re.Pattern
    words: frozenset[str]  # the runs of letters its template spells out, in lower case


@cache
def _wordings() -> tuple[tuple[_Wording, ...], dict[str, tuple[int, ...]], tuple[int, ...]]:
    """Every family's wordings in order, each indexed under one of its words (those without words always run).

    A wording's letters match only the same letters (any case) with no other letter beside them: a space between
    two words is at least one space and a pattern never starts or ends next to a letter. So an ASCII text can
    match a wording only if each of its words is one of the text's runs of letters.
    """
    table = tuple(_Wording(family, pattern, frozenset(re.findall(r"[a-z]+", re.sub(r"{\w}", " ", w).lower())))
                  for family in FAMILIES
                  for w, pattern in zip(family.wordings + family.held_out, family.patterns, strict=True))
    by_word: dict[str, list[int]] = {}
    for i, wording in enumerate(table):
        if wording.words:
            by_word.setdefault(max(wording.words, key=len), []).append(i)
    always = tuple(i for i, wording in enumerate(table) if not wording.words)
    return table, {word: tuple(rows) for word, rows in by_word.items()}, always


def _candidates(text: str) -> list[_Wording]:
    """The wordings that could match text, in FAMILIES' order (all of them for a text beyond ASCII, where
    IGNORECASE also matches "ſ" to "s")."""
    table, by_word, always = _wordings()
    if not text.isascii():
        return list(table)
    words = set(re.findall(r"[a-z]+", text.lower()))
    rows = sorted({*always, *(i for word in words for i in by_word.get(word, ()))})
    return [table[i] for i in rows if table[i].words <= words]


def find_questions(text: str) -> list[Found]:
    """Every question of a family inside text, in any supported wording, in reading order.

    Where wordings overlap, the longest match wins ("What is 61 times 36" over a bare "61 ... 36").
    """
    found: list[Found] = []
    for wording in _candidates(text):
        family = wording.family
        for match in wording.pattern.finditer(text):
            operands = tuple(int(match.group(n)) for n in family.placeholders)
            found.append(Found(family, operands, match.start(), match.end()))
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    kept: list[Found] = []
    for item in found:
        if not kept or item.start >= kept[-1].end:
            kept.append(item)
    return kept


@of_text
def parse_question(question: str) -> Found | None:
    """The family and operands of a question that is one whole wording (case, spacing, punctuation aside)."""
    text = " ".join(question.split()).rstrip("?.! ")
    matches = [f for f in find_questions(text) if f.start == 0 and f.end == len(text)]
    return matches[0] if matches else None


def family_of(question: str) -> str:
    found = parse_question(question)
    return found.family.name if found else UNKNOWN
