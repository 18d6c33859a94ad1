"""The math model's little language: a strict parser and an exact evaluator (no eval).

    program := "pct(" expr ")" | expr          pct: the answer is a percentage ("33.33%")
    expr    := term (("+" | "-") term)*
    term    := unary (("*" | "/") unary)*
    unary   := "-" unary | power
    power   := atom ("^" unary)?               right-associative: 2 ^ 3 ^ 2 = 2 ^ 9
    atom    := NUMBER | FUNCTION "(" expr ("," expr)* ")" | "(" expr ")"
                                               FUNCTION: median, mean, sqrt and cbrt (one argument, an exact
                                               square or cube: sqrt(144) = 12, cbrt(-343) = -7), floor and
                                               ceil (one argument: whole things that fit, whole things needed)
    NUMBER  := digits, optionally "." digits   (3.14)

Values are fractions.Fraction, so 1 / 3 * 3 is exactly 1; answers are rounded only when printed
(format_number: exactly where the decimals end within EXACT_PLACES, else half away from zero to 2 decimals).
Limits keep any input cheap: at most MAX_CHARS characters, MAX_DEPTH nested parentheses or calls, MAX_ARGS
arguments, whole-number exponents up to MAX_EXPONENT in size, and no intermediate value above MAX_BITS bits.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt

from ...errors import UserError

MAX_CHARS = 200
MAX_DEPTH = 12
MAX_ARGS = 16
MAX_DIGITS = 12
MAX_EXPONENT = 64
MAX_BITS = 2048
FUNCTIONS = ("median", "mean", "sqrt", "cbrt", "floor", "ceil")
TOKEN = re.compile(r"\s*(?:([0-9]+(?:\.[0-9]+)?)|([a-z]+)|([-+*/^(),]))")


class ProgramError(UserError):
    """A program outside the grammar or the limits, or one that cannot be evaluated (division by zero)."""


EXACT_PLACES = 6  # a value that ends within this many decimals is written exactly; any other is rounded to 2


def rounded(value: Fraction, places: int) -> str:
    """Value rounded half-up (away from zero) to `places` decimals (0 or more), no trailing zeros: 12.50 -> "12.5"."""
    scale = 10**places
    units = (2 * scale * abs(value.numerator) + value.denominator) // (2 * value.denominator)
    text = f"{units // scale}.{units % scale:0{places}d}".rstrip("0").rstrip(".") if places else str(units)
    return f"-{text}" if value < 0 and units else text


def format_number(value: Fraction) -> str:
    """Exact value -> its decimals where they end within EXACT_PLACES (4.725, 0.125), else rounded half-up to 2
    (1/3 -> "0.33"), no trailing zeros."""
    twos, fives = _multiplicity(value.denominator, 2), _multiplicity(value.denominator, 5)
    ends, places = value.denominator == 2**twos * 5**fives, max(twos, fives)
    return rounded(value, places if ends and places <= EXACT_PLACES else 2)


def _multiplicity(n: int, p: int) -> int:
    """How many times p divides n."""
    count = 0
    while n % p == 0:
        n, count = n // p, count + 1
    return count


def percent(value: Fraction) -> str:
    return format_number(100 * value) + "%"


@dataclass(frozen=True)
class Result:
    value: Fraction  # exact; a percentage's value is the ratio (1/3 for "33.33%")
    is_percent: bool

    def __str__(self) -> str:
        return percent(self.value) if self.is_percent else format_number(self.value)


def tokenize(program: str) -> list[str]:
    if not isinstance(program, str):
        raise ProgramError(f"a program is text, got {type(program).__name__}")
    if len(program) > MAX_CHARS:
        raise ProgramError(f"program longer than {MAX_CHARS} characters ({len(program)})")
    tokens, position = [], 0
    text = program.rstrip()
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match:
            raise ProgramError(f"unexpected character {text[position:].lstrip()[:1]!r} in program {program!r}")
        number, name, symbol = match.groups()
        if number and len(number.replace(".", "")) > MAX_DIGITS:
            raise ProgramError(f"number {number[:20]}... has more than {MAX_DIGITS} digits")
        if name and name not in FUNCTIONS + ("pct",):
            raise ProgramError(f"unknown name {name!r} (known: pct, {', '.join(FUNCTIONS)})")
        tokens.append(number or name or symbol)
        position = match.end()
    if not tokens:
        raise ProgramError("empty program")
    return tokens


def _checked(value: Fraction) -> Fraction:
    if max(value.numerator.bit_length(), value.denominator.bit_length()) > MAX_BITS:
        raise ProgramError(f"a value in the program is too large (over {MAX_BITS} bits)")
    return value


def _power(base: Fraction, exponent: Fraction) -> Fraction:
    if exponent.denominator != 1:
        raise ProgramError(f"exponent must be a whole number, got {exponent}")
    if abs(exponent) > MAX_EXPONENT:
        raise ProgramError(f"exponent {exponent} is larger than {MAX_EXPONENT}")
    if base == 0 and exponent < 0:
        raise ProgramError("division by zero (0 to a negative power)")
    size = max(base.numerator.bit_length(), base.denominator.bit_length())
    if size * abs(exponent.numerator) > MAX_BITS:
        raise ProgramError(f"{base} ^ {exponent} is too large (over {MAX_BITS} bits)")
    return base**exponent.numerator


def _median(values: list[Fraction]) -> Fraction:
    ordered, middle = sorted(values), len(values) // 2
    return ordered[middle] if len(values) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _sqrt(args: list[Fraction]) -> Fraction:
    if len(args) != 1:
        raise ProgramError(f"sqrt takes one number, got {len(args)}")
    value = args[0]
    roots = (isqrt(value.numerator), isqrt(value.denominator)) if value >= 0 else (0, 0)
    if value < 0 or roots[0] ** 2 != value.numerator or roots[1] ** 2 != value.denominator:
        raise ProgramError(f"the square root of {value} is not exact")
    return Fraction(*roots)


def _icbrt(n: int) -> int:
    """The whole cube root of n >= 0, rounded down (Newton's method on integers)."""
    if n < 2:
        return n
    root = 1 << -(-n.bit_length() // 3)  # above the root
    while (smaller := (2 * root + n // root**2) // 3) < root:
        root = smaller
    return root


def _cbrt(args: list[Fraction]) -> Fraction:
    if len(args) != 1:
        raise ProgramError(f"cbrt takes one number, got {len(args)}")
    value = args[0]
    roots = (_icbrt(abs(value.numerator)), _icbrt(value.denominator))
    if roots[0] ** 3 != abs(value.numerator) or roots[1] ** 3 != value.denominator:
        raise ProgramError(f"the cube root of {value} is not exact")
    return Fraction(roots[0] if value >= 0 else -roots[0], roots[1])


def _rounded(name: str, args: list[Fraction]) -> Fraction:
    if len(args) != 1:
        raise ProgramError(f"{name} takes one number, got {len(args)}")
    whole = args[0].numerator // args[0].denominator
    return Fraction(whole + (name == "ceil" and whole != args[0]))


class _Parser:
    """Recursive descent over the tokens; each method parses one rule and returns its exact value."""

    def __init__(self, tokens: list[str]):
        self.tokens, self.i, self.depth = tokens, 0, 0

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        token = self.peek()
        if token is None:
            raise ProgramError(f"program ends early (expected {expected or 'more'})")
        if expected is not None and token != expected:
            raise ProgramError(f"expected {expected!r}, got {token!r}")
        self.i += 1
        return token

    def program(self) -> Result:
        is_percent = self.peek() == "pct"
        if is_percent:
            self.take()
            self.take("(")
        value = self.expr()
        if is_percent:
            self.take(")")
        if self.peek() is not None:
            raise ProgramError(f"unexpected {self.peek()!r} after the end of the program")
        return Result(value, is_percent)

    def expr(self) -> Fraction:
        value = self.term()
        while self.peek() in ("+", "-"):
            value = _checked(value + self.term() if self.take() == "+" else value - self.term())
        return value

    def term(self) -> Fraction:
        value = self.unary()
        while self.peek() in ("*", "/"):
            op, right = self.take(), self.unary()
            if op == "/" and right == 0:
                raise ProgramError("division by zero")
            value = _checked(value * right if op == "*" else value / right)
        return value

    def unary(self) -> Fraction:
        if self.peek() == "-":
            self.take()
            return -self.nested(self.unary)
        return self.power()

    def power(self) -> Fraction:
        base = self.atom()
        if self.peek() == "^":
            self.take()
            return _power(base, self.nested(self.unary))
        return base

    def nested(self, rule):
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ProgramError(f"program nested more than {MAX_DEPTH} deep")
        value = rule()
        self.depth -= 1
        return value

    def atom(self) -> Fraction:
        if self.peek() is None:
            raise ProgramError("program ends early (expected a number, a function or '(')")
        token = self.take()
        if token[0].isdigit():
            return Fraction(token)
        if token == "(":
            value = self.nested(self.expr)
            self.take(")")
            return value
        if token in FUNCTIONS:
            return self.nested(lambda: self.call(token))
        raise ProgramError(f"unexpected {token!r}" + (" (pct only around the whole program)" if token == "pct" else ""))

    def call(self, name: str) -> Fraction:
        self.take("(")
        args = [self.expr()]
        while self.peek() == ",":
            self.take()
            args.append(self.expr())
            if len(args) > MAX_ARGS:
                raise ProgramError(f"{name} takes at most {MAX_ARGS} numbers")
        self.take(")")
        if name == "sqrt":
            return _sqrt(args)
        if name == "cbrt":
            return _cbrt(args)
        if name in ("floor", "ceil"):
            return _rounded(name, args)
        return _median(args) if name == "median" else _checked(sum(args, Fraction(0)) / len(args))


def evaluate(program: str) -> Result:
    """The exact value of a program; ProgramError for anything outside the grammar or the limits."""
    return _Parser(tokenize(program)).program()


def run(program: str) -> str:
    """The program's answer as printed: "2196", "12.5", "33.33%"."""
    return str(evaluate(program))
