"""An exact reader for a question about a polynomial in x: its value at a point, its derivative at a point, or its
definite integral between two bounds, as a program of program.py's language made of the question's own numbers.

    read_polynomial("If f(x) = 4x^2 - 3x, what is f(5)?")              -> "4 * 5 ^ 2 - 3 * 5" = 85
    read_polynomial("what is the slope of y = 5x^2 - 2x + 7 at x = 4") -> "2 * 5 * 4 - 2" = 38
    read_polynomial("integral from 0 to 3 of (2x + 1) dx")             -> "2 * (3 ^ 2 - 0 ^ 2) / 2 + 1 * (3 - 0)" = 12
    read_polynomial("what is the gradient of f(x)=x^2 at x=-2")        -> "2 * (-2)" = -4
    read_polynomial("differentiate x^2 + 3y at x = 1")                 -> None (a second variable)

The lower-cased question is read in steps. Words become symbols ("x squared" -> x^2, "3x²" -> 3x^2, "minus" -> -).
Derivative words (derivative, differentiate, slope, gradient, d/dx, f') or integral words (integral, integrate, ∫)
name the kind, else the value is asked. Exactly one point ("at x = 4", "when x is 4", "for x = 4", "at 4", "f(5)",
"f'(3)") or, for an integral, exactly one pair of bounds ("from 0 to 3", "between 1 and 4", "with limits 0 and 2")
is cut out. Exactly one polynomial with x is left: terms c x^p (p up to 6, c whole or decimal) joined by + and -,
maybe in parentheses, with nothing glued to it ("1/x", "2^x", "(x + 1)(x - 1)", "x^2.5" and "(x + 1) squared" do
not read). What remains must hold no number (a stray number means a misreading), no x, no operator and no other
one-letter name. Words of other questions (sin, log, sqrt, second derivative, solve, root, area, equation...)
give None, and so does anything unclear: the question is left to the model rather than read wrongly. Before it
is returned, the program's value is checked against the answer computed directly with fractions.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .program import MAX_CHARS, ProgramError, evaluate

MAX_POWER = 6
NUM = r"\d+(?:\.\d+)?"
SIGNED = rf"(?P<n>-?\s*{NUM})"
ALONE = r"(?![\w^*/(]|\.\d)"  # nothing glued after a number: "at 3x", "at 3^2", "at 3.5" read no point 3
TERM = rf"(?:{NUM}\s*\*?\s*)?x(?:\s*\^\s*\d+)?|{NUM}"
BODY = rf"[-+]?\s*(?:{TERM})(?:\s*[-+]\s*(?:{TERM}))*"
POLYNOMIAL = re.compile(rf"(?<![\w.^*/()])(?:\(\s*{BODY}\s*\)|{BODY})(?![\w^*/()!]|\.\d)")
CHUNK = re.compile(rf"(?P<c>{NUM})?\*?(?P<x>x)?(?:\^(?P<p>\d+))?")

WORDS = (  # (pattern, replacement) on the lower-cased question, in order
    (r"[’′]", "'"), (r"'(?:s|re|ll|d|t|m|ve)\b", ""), (r"[−–—]", "-"), (r"[×·]", "*"), (r"\*\*", "^"),
    (r"\bplus\b", "+"), (r"\bminus\b", "-"), (r"\btimes\b", "*"),
    (r"(?<![a-z])x\s+squared\b", "x^2"), (r"(?<![a-z])x\s+cubed\b", "x^3"),
    (r"(?<![a-z])x\s+(?:to\s+the\s+power\s+(?:of\s+)?|raised\s+to\s+(?:the\s+power\s+(?:of\s+)?)?)(\d+)", r"x^\1"),
    (r"(?<![a-z])x\s+to\s+the\s+(\d+)(?:st|nd|rd|th)(?:\s+power)?", r"x^\1"),
)
SUPERSCRIPTS = str.maketrans({s: f"^{d}" for d, s in enumerate("⁰¹²³⁴⁵⁶⁷⁸⁹")})
NAME = r"[fghpy]"  # a function's name: f(x) =, p(x) =, f(5), f'(3)
DERIVATIVE = re.compile(rf"derivative|differentiat|\bslope\b|gradient|\bd[fy]?\s*/\s*dx|\b{NAME}\s*'"
                        r"|rate\s+of\s+change")
INTEGRAL = re.compile(r"integra|∫")
OTHER = re.compile(  # words of other questions, and what the words above leave unread
    r"\bsin|\bcos|\btan\b|\bcot|\bsec\b|\bcsc|\blog|\bln\b|\bexp\b|\be\s*\^|sqrt|√|root|\bpi\b|π|second|twice|third"
    r"|\d(?:st|nd|rd|th)\b|\bnth\b|''|\"|\bd\s*\^?\s*2|d²|partial|indefinite|anti-?deriv|primitive|solve|zero|factor"
    r"|expand|simplif|limit\b|\bmax|\bmin\b|minim|inverse|equation|inflection|stationary|turning|intercept|average"
    r"|\bmean|area|volume|\beven\b|\bodd\b|prime|positive|negative|greater|less|bigger|smaller|larger|compare"
    r"|increas|decreas|\btrue\b|false|%|percent|\bmod|\bround|nearest|decimal|\bsum\b|product|normal|squared|cubed"
    r"|power|\bover\b|divided")
POINTS = (
    re.compile(rf"(?:\b(?:at|when|for|where|if|with|given|and)\s+|,\s*)(?:the\s+point\s+)?"
               rf"x\s*(?:=|\bis\b|\bequals\b)\s*{SIGNED}{ALONE}"),
    re.compile(rf"\b(?P<name>{NAME})\s*(?P<prime>')?\s*\(\s*{SIGNED}\s*\)"),
    re.compile(rf"\bat\s+(?:the\s+point\s+)?{SIGNED}{ALONE}"),
)
BOUNDS = re.compile(rf"\b(?:from|between|(?:with\s+)?(?:the\s+)?limits(?:\s+of)?)\s+(?:x\s*=\s*)?(?P<a>-?\s*{NUM})"
                    rf"\s+(?:to|and)\s+(?:x\s*=\s*)?(?P<b>-?\s*{NUM}){ALONE}")
NAMES = re.compile(rf"\b({NAME})\s*\(\s*x\s*\)\s*=|\b(y)\s*=")
NOISE = re.compile(rf"\b{NAME}\s*\(\s*x\s*\)(?:\s*=)?|\by\s*=|\bd[fy]?\s*/\s*dx|(?<![a-z])dx\b"
                   r"|\bwith\s+respect\s+to\s+x\b")
LEFT_OVER = re.compile(r"[\d+\-*/^=()<>|\[\]{}&!]|\bx\b")
ONE_LETTER_NAMES = {"a", "i", "f", "g", "h", "p", "y"}  # "a", "I", a function's name ("what is y when x is 4")
LETTER_BEFORE, LETTER_AFTER = re.compile(r"\b[a-z]\s*$"), re.compile(r"\s*[a-z]\b")  # "a x^2", "x^2 + 3 z"


@dataclass(frozen=True)
class Term:
    negative: bool
    coefficient: str | None  # as the question writes it; None for x^2 (a coefficient of 1)
    power: int

    def value(self) -> Fraction:
        return (-1 if self.negative else 1) * Fraction(self.coefficient or 1)


def parse_terms(polynomial: str) -> list[Term] | None:
    """"(4x^2 - 3x + 7)" -> [+4 x^2, -3 x^1, +7 x^0]; None for a power above MAX_POWER or an x^0."""
    body = re.sub(r"\s+", "", polynomial).strip("()")
    terms = []
    for sign, chunk in re.findall(r"([-+]?)([^-+]+)", body):
        m = CHUNK.fullmatch(chunk)
        power = (int(m["p"]) if m["p"] else 1) if m["x"] else 0
        if (m["x"] and power == 0) or power > MAX_POWER:
            return None
        terms.append(Term(sign == "-", m["c"], power))
    return terms


def _number(text: str) -> str:
    """A number of the question as the program writes it: "-2" -> "(-2)" so that (-2) ^ 2 = 4."""
    text = text.replace(" ", "")
    return f"({text})" if text.startswith("-") else text


def _joined(parts: list[tuple[bool, str]]) -> str:
    """[(negative, "4 * 5 ^ 2"), (True, "3 * 5")] -> "4 * 5 ^ 2 - 3 * 5"."""
    program = ("-" if parts[0][0] else "") + parts[0][1]
    return program + "".join(f" {'-' if negative else '+'} {text}" for negative, text in parts[1:])


def _factors(*factors: str | None) -> str:
    return " * ".join(f for f in factors if f) or "1"


def _power(x: str, power: int) -> str | None:
    return None if power == 0 else x if power == 1 else f"{x} ^ {power}"


def value_program(terms: list[Term], x: str) -> str:
    return _joined([(t.negative, _factors(t.coefficient, _power(x, t.power))) for t in terms])


def derivative_program(terms: list[Term], x: str) -> str:
    return _joined([(t.negative, _factors(str(t.power) if t.power > 1 else None, t.coefficient,
                                          _power(x, t.power - 1))) for t in terms if t.power > 0])


def integral_program(terms: list[Term], a: str, b: str) -> str:
    def area(t: Term) -> str:
        q = t.power + 1
        span = f"({_power(b, q)} - {_power(a, q)})"
        return _factors(t.coefficient, span) + (f" / {q}" if q > 1 else "")

    return _joined([(t.negative, area(t)) for t in terms])


def exact_answer(kind: str, terms: list[Term], numbers: list[Fraction]) -> Fraction:
    """The answer computed directly, to check the program against."""
    if kind == "integral":
        a, b = numbers
        return sum((t.value() * (b ** (t.power + 1) - a ** (t.power + 1)) / (t.power + 1) for t in terms), Fraction(0))
    x = numbers[0]
    if kind == "derivative":
        return sum((t.value() * t.power * x ** (t.power - 1) for t in terms if t.power > 0), Fraction(0))
    return sum((t.value() * x**t.power for t in terms), Fraction(0))


def _normalised(question: str) -> str:
    text = " ".join(question.lower().translate(SUPERSCRIPTS).split())
    for pattern, replacement in WORDS:
        text = re.sub(pattern, replacement, text)
    return text


def _cut(text: str, m: re.Match) -> str:
    return f"{text[:m.start()]} , {text[m.end():]}"


def _point_or_bounds(text: str, kind: str) -> re.Match | None:
    """The question's one point (an integral's one pair of bounds) and nothing of the other kind, or None; a point
    said as "f(5)" or "f'(5)" must name the function the question defines and match the kind (f' for a slope)."""
    bounds = list(BOUNDS.finditer(text))  # "between x = 0 and x = 2" holds no point "and x = 2"
    points = [m for pattern in POINTS for m in pattern.finditer(text)
              if not any(b.start() <= m.start() < b.end() for b in bounds)]
    found = bounds if kind == "integral" else points
    if len(found) != 1 or len(points) + len(bounds) != 1:
        return None
    name, names = found[0].groupdict().get("name"), {n for pair in NAMES.findall(text) for n in pair if n}
    if name and (bool(found[0]["prime"]) != (kind == "derivative") or (names and names != {name})):
        return None
    return found[0]


def _polynomial(rest: str) -> str | None:
    """The one polynomial with x in what is left of the question, if nothing else there could be part of it."""
    found = [m for m in POLYNOMIAL.finditer(NOISE.sub(" , ", rest)) if "x" in m[0]]
    if len(found) != 1:
        return None
    before, after = found[0].string[:found[0].start()], found[0].string[found[0].end():]
    left = f"{before} , {after}"
    if LETTER_BEFORE.search(before) or LETTER_AFTER.match(after) or LEFT_OVER.search(left) or any(
            len(word) == 1 and word not in ONE_LETTER_NAMES for word in re.findall(r"[a-z]+", left)):
        return None
    return found[0][0]


BUILDERS = {"value": value_program, "derivative": derivative_program, "integral": integral_program}


def read_polynomial(question: str) -> str | None:
    """The program that answers the question from its own numbers, or None (see the module docstring)."""
    if not isinstance(question, str) or len(question) > MAX_CHARS:
        return None
    text = _normalised(question)
    is_derivative, is_integral = bool(DERIVATIVE.search(text)), bool(INTEGRAL.search(text))
    if OTHER.search(text) or (is_derivative and is_integral):
        return None
    kind = "derivative" if is_derivative else "integral" if is_integral else "value"
    cut = _point_or_bounds(text, kind)
    polynomial = _polynomial(_cut(text, cut)) if cut else None
    terms = parse_terms(polynomial) if polynomial else None
    if terms is None:
        return None
    numbers = [cut["a"], cut["b"]] if kind == "integral" else [cut["n"]]
    program = BUILDERS[kind](terms, *map(_number, numbers))
    try:
        answer = evaluate(program).value
    except ProgramError:
        return None
    return program if answer == exact_answer(kind, terms, [Fraction(n.replace(" ", "")) for n in numbers]) else None
