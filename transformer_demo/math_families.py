"""The 15 families of math questions: their wordings, programs and exact answers.

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
from functools import cached_property

SMALL = range(1, 101)
OPERAND = range(1, 1001)
DIE = range(1, 6)


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
        from .math_program import format_number, percent

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


WHAT = ("What is {a} {op} {b}?", "What's {a} {sym} {b}?", "{a} {sym} {b}", "{a} {sym} {b} = ?",
        "How much is {a} {op} {b}?")


def _arithmetic(op: str, sym: str, extra: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(w.replace("{op}", op).replace("{sym}", sym) for w in WHAT) + extra


FAMILIES: tuple[Family, ...] = (
    Family("plus", "addition", "{a} + {b}", lambda a, b: Fraction(a + b),
           _arithmetic("plus", "+", ("Add {a} and {b}.", "What is the sum of {a} and {b}?", "Calculate {a} plus {b}.")),
           ("Compute the sum of {a} and {b}.", "{a} plus {b} equals what?")),
    Family("minus", "subtraction", "{a} - {b}", lambda a, b: Fraction(a - b),
           _arithmetic("minus", "-", ("Subtract {b} from {a}.", "What is the difference between {a} and {b}?",
                                      "Take {b} away from {a}.")),
           ("Calculate {a} take away {b}.", "{a} minus {b} equals what?")),
    Family("times", "multiplication", "{a} * {b}", lambda a, b: Fraction(a * b),
           _arithmetic("times", "*", ("Multiply {a} by {b}.", "{a} x {b} = ?", "{a} x {b}",
                                      "What is the product of {a} and {b}?")),
           ("Calculate {a} multiplied by {b}.", "What do you get when you multiply {a} by {b}?")),
    Family("divided_by", "division", "{a} / {b}", lambda a, b: Fraction(a, b),
           _arithmetic("divided by", "/", ("Divide {a} by {b}.", "{a} ÷ {b}", "What is the quotient of {a} and {b}?")),
           ("Calculate {a} over {b}.", "What do you get when you divide {a} by {b}?")),
    Family("square_perimeter", "the perimeter of a square", "4 * {a}", lambda a: Fraction(4 * a),
           ("What is the perimeter of a square with side length {a}?",
            "Find the perimeter of a square whose sides are {a} long.",
            "A square has a side of {a}. What is its perimeter?", "What is the perimeter of a square of side {a}?",
            "Perimeter of a square with side {a}?"),
           ("How long is the perimeter of a square with sides of length {a}?",
            "If a square's side is {a}, what is the perimeter?"),
           (OPERAND,)),
    Family("rectangle_area", "the area of a rectangle", "{a} * {b}", lambda a, b: Fraction(a * b),
           ("What is the area of a rectangle with width {a} and height {b}?",
            "Find the area of a rectangle that is {a} wide and {b} high.",
            "A rectangle has width {a} and height {b}. What is its area?",
            "What is the area of a {a} by {b} rectangle?",
            "Area of a rectangle, width {a}, height {b}?"),
           ("A rectangle is {a} wide and {b} tall. How big is its area?",
            "Compute the area of a rectangle of width {a} and height {b}.")),
    Family("circle_area", "the area of a circle", "3.14 * {a} ^ 2", lambda a: Fraction(314, 100) * a * a,
           ("What is the area of a circle with radius {a}?", "Find the area of a circle whose radius is {a}.",
            "A circle has a radius of {a}. What is its area?", "What is the area of a circle of radius {a}?",
            "Area of a circle with radius {a}?"),
           ("Compute the area of a circle with a radius of {a}.", "If a circle's radius is {a}, what is its area?"),
           (OPERAND,)),
    Family("linear_equation", "x + a = b", "{b} - {a}", lambda a, b: Fraction(b - a),
           ("Solve for x in the equation x + {a} = {b}.", "Solve x + {a} = {b}.", "What is x if x + {a} = {b}?",
            "x + {a} = {b}. Find x.", "Find x: x + {a} = {b}"),
           ("If x + {a} = {b}, what is x?", "Solve the equation x + {a} = {b} for x.")),
    Family("two_step_equation", "2x - a = b", "({b} + {a}) / 2", lambda a, b: Fraction(a + b, 2),
           ("What is the solution for x in the equation 2x - {a} = {b}?", "Solve 2x - {a} = {b}.",
            "What is x if 2x - {a} = {b}?", "2x - {a} = {b}. Find x.", "Find x: 2x - {a} = {b}"),
           ("If 2x - {a} = {b}, what is x?", "Solve the equation 2x - {a} = {b} for x.")),
    Family("derivative", "the derivative of ax^2", "2 * {a} * {b}", lambda a, b: Fraction(2 * a * b),
           ("Find the derivative of {a}x^2 at x = {b}.", "What is the derivative of {a}x^2 at x = {b}?",
            "Differentiate {a}x^2 and evaluate at x = {b}.", "d/dx of {a}x^2 at x = {b}?",
            "What is the slope of {a}x^2 at x = {b}?"),
           ("Evaluate the derivative of {a}x^2 when x = {b}.", "Compute the derivative of {a}x^2 for x = {b}.")),
    Family("integral", "the integral of ax", "{a} * {b} ^ 2 / 2", lambda a, b: Fraction(a * b * b, 2),
           ("Calculate the integral of {a}x from 0 to {b}.", "What is the integral of {a}x from 0 to {b}?",
            "Integrate {a}x from 0 to {b}.", "Find the integral of {a}x between 0 and {b}.",
            "Compute the definite integral of {a}x from x = 0 to x = {b}."),
           ("Evaluate the integral of {a}x over 0 to {b}.", "What do you get when you integrate {a}x from 0 to {b}?")),
    Family("die_probability", "the die probability", "pct((6 - {d}) / 6)", lambda d: Fraction(6 - d, 6),
           ("What is the probability of rolling a die and getting a number greater than {d}?",
            "What is the chance of rolling more than {d} on a die?",
            "If you roll a die, what is the probability of getting more than {d}?",
            "Probability that a die roll is greater than {d}?",
            "A die is rolled. What is the probability the number is greater than {d}?"),
           ("What are the odds of rolling a number above {d} with a die?",
            "Roll a die: how likely is a result greater than {d}?"),
           (DIE,), is_percent=True),
    Family("ball_probability", "the red-ball probability", "pct({a} / ({a} + {b}))", lambda a, b: Fraction(a, a + b),
           ("A bag contains {a} red and {b} blue balls. What is the probability of drawing a red ball?",
            "A bag has {a} red balls and {b} blue balls. What is the probability of picking a red one?",
            "There are {a} red and {b} blue balls in a bag. What is the chance of drawing a red ball?",
            "What is the probability of drawing a red ball from a bag with {a} red and {b} blue balls?",
            "With {a} red and {b} blue balls in a bag, how likely is a red ball?"),
           ("A box holds {a} red and {b} blue balls. If you draw one, what is the probability it is red?",
            "Pick a ball from a bag of {a} red and {b} blue balls. What is the probability of red?"),
           is_percent=True),
    Family("average", "the average of three numbers", "mean({a}, {b}, {c})", lambda a, b, c: Fraction(a + b + c, 3),
           ("Calculate the average of the numbers {a}, {b}, and {c}.", "Find the average of {a}, {b}, and {c}.",
            "What is the mean of {a}, {b} and {c}?", "What is the average of {a}, {b}, {c}?",
            "Average of {a}, {b} and {c}?"),
           ("Compute the arithmetic mean of {a}, {b}, and {c}.",
            "What is the mean value of the numbers {a}, {b} and {c}?"),
           (OPERAND,) * 3),
    Family("median", "the median of three numbers", "median({a}, {b}, {c})", _median,
           ("Find the median of {a}, {b}, and {c}.", "What is the median of {a}, {b} and {c}?",
            "Calculate the median of the numbers {a}, {b}, and {c}.", "Median of {a}, {b}, {c}?",
            "What is the middle value of {a}, {b} and {c}?"),
           ("Compute the median of the numbers {a}, {b} and {c}.", "Which number is the median of {a}, {b}, {c}?"),
           (OPERAND,) * 3),
)
FAMILY_BY_NAME = {f.name: f for f in FAMILIES}
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


def find_questions(text: str) -> list[Found]:
    """Every question of a family inside text, in any supported wording, in reading order.

    Where wordings overlap, the longest match wins ("What is 61 times 36" over a bare "61 ... 36").
    """
    found: list[Found] = []
    for family in FAMILIES:
        for pattern in family.patterns:
            for match in pattern.finditer(text):
                operands = tuple(int(match.group(n)) for n in family.placeholders)
                found.append(Found(family, operands, match.start(), match.end()))
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    kept: list[Found] = []
    for item in found:
        if not kept or item.start >= kept[-1].end:
            kept.append(item)
    return kept


def parse_question(question: str) -> Found | None:
    """The family and operands of a question that is one whole wording (case, spacing, punctuation aside)."""
    text = " ".join(question.split()).rstrip("?.! ")
    matches = [f for f in find_questions(text) if f.start == 0 and f.end == len(text)]
    return matches[0] if matches else None


def family_of(question: str) -> str:
    found = parse_question(question)
    return found.family.name if found else UNKNOWN
