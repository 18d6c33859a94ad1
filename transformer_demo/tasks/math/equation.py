"""An exact reader for the equation in a question, so that a solution is checked by substituting it back.

    read_equation("Solve for x: x - 150 = 275.")      -> x - 150 = 275   (holds for 425, not for 125)
    read_equation("What number plus 17 equals 40?")   -> x + 17 = 40
    read_equation("Solve 275 = 150 + x.")             -> 275 = 150 + x   (x on either side)

The question's words for an unknown ("what number", "a number") become x, its operation words become symbols
("plus" -> "+", "equals" -> "="), and the runs of numbers, x, operators and parentheses around one "=" are
parsed as two linear expressions with exact Fractions (no eval): a coefficient times x plus a constant. Two
equations in x and y with one solution are a system ("x + y = 47 and x - y = 13. What is x?" -> x = 30). A
run that is only "x = 5" is no equation to solve ("the derivative of 3x^2 at x = 5"); a run that is not linear
in x (x * x), or a text with more than one equation, gives None: no equation is read rather than a wrong one.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction

from .memo import of_text
from .program import MAX_CHARS, MAX_DEPTH, MAX_DIGITS

UNKNOWN_WORDS = re.compile(r"\b(?:what|which|some|a certain|a|the|the\s+same)\s+number\b")
WORDS = (
    (re.compile(r"\bmultiplied\s+by\b"), "*"), (re.compile(r"\bdivided\s+by\b"), "/"),
    (re.compile(r"\bis\s+equal\s+to\b|\bequals?\b|\bgives\b|\bmakes\b"), "="), (re.compile(r"\bplus\b"), "+"),
    (re.compile(r"\bminus\b|\b(?:decreased|reduced)\s+by\b"), "-"), (re.compile(r"\btimes\b"), "*"),
    (re.compile(r"\badded\s+to\b|\bincreased\s+by\b|\bmore\s+than\b"), "+"),
)
N = r"(\d+(?:\.\d+)?)"
RESULT = r"(?:to\s+|and\s+|then\s+|[,.;]\s*)*(?:(?:i|you|we|he|she|they)\s+)?"
RESULT += r"(?:get|gets|got|make|makes|give|gives|reach|leave|leaves|end\s+up\s+with"
RESULT += r"|the\s+(?:result|answer)\s+(?:is|was)|it\s+(?:is|gives|makes|equals)|equals?|i\s+have|=)\s+"
# Sayings of an equation whose unknown is an operand: "what do I add to 25 to get 60" is 25 + x = 60.
INVERSES = (
    (re.compile(rf"\badd(?:ed)?\s+to\s+{N}\s+(?:in\s+order\s+)?{RESULT}{N}"), "{0} + x = {1}"),
    (re.compile(rf"\b(?:subtract(?:ed)?|take(?:n)?(?:\s+away)?)\s+from\s+{N}\s+(?:in\s+order\s+)?{RESULT}{N}"),
     "{0} - x = {1}"),
    (re.compile(rf"\bmultipl(?:y|ied)\s+{N}\s+by\s+(?:in\s+order\s+)?{RESULT}{N}"), "{0} x = {1}"),
    (re.compile(rf"\bdivided?\s+{N}\s+by\s+(?:in\s+order\s+)?{RESULT}{N}"), "{1} x = {0}"),
    (re.compile(rf"\b{N}\s+(?:less|fewer)\s+than\s+(?:a|the|some|my|what|which)\s+number\s+(?:is|equals?|gives|makes|=)"
                r"(?=\s*-?\s*\d)"), "x - {0} ="),  # "7 less than a number is -3": x - 7 = -3
)
# "I think of a number, double it, add 4 and get 50": the steps, in order, done to x.
PUZZLE = re.compile(r"(?:\b(?:thinks?\s+of|thinking\s+of|thought\s+of|picks?|picked|chooses?|chose|has|have|if|when)"
                    r"\s+|^)a\s+number\b(.{1,160}?)"
                    rf"{RESULT}{N}")
STEPS = ((re.compile(rf"\b(?:add(?:s|ed)?|plus|increases?\s+it\s+by)\s+{N}"), "({x} + {n})"),
         (re.compile(rf"\b(?:subtract(?:s|ed)?|(?:takes?|took)\s+away|minus|decreases?\s+it\s+by)\s+{N}"),
          "({x} - {n})"),
         (re.compile(rf"\b(?:multipl(?:y|ies|ied)\s+(?:it\s+)?by|times\s+it\s+by|times)\s+{N}"), "({x} * {n})"),
         (re.compile(rf"\bdivid(?:e|es|ed)\s+(?:it\s+)?by\s+{N}"), "({x} / {n})"),
         (re.compile(rf"\b{N}\s+is\s+(?:added|added\s+to\s+it)\b"), "({x} + {n})"),  # "15 is taken away"
         (re.compile(rf"\b(?:increased|raised)\s+by\s+{N}"), "({x} + {n})"),
         (re.compile(rf"\b(?:decreased|reduced|lowered)\s+by\s+{N}"), "({x} - {n})"),
         (re.compile(rf"\b{N}\s+is\s+(?:taken\s+away|subtracted|taken\s+off|taken\s+from\s+it)\b"), "({x} - {n})"),
         (re.compile(r"\b(?:doubl(?:e|es|ed)\s+it|is\s+doubled)\b()"), "({x} * 2)"),
         (re.compile(r"\b(?:tripl(?:e|es|ed)\s+it|is\s+tripled)\b()"), "({x} * 3)"),
         (re.compile(r"\b(?:halv(?:e|es|ed)\s+it|is\s+halved)\b()"), "({x} / 2)"))
DONE_TO_A_NUMBER = re.compile(r"\b(doubl(?:e|es|ed)|tripl(?:e|es|ed)|halv(?:e|es|ed))\s+a\s+number\b")  # a puzzle
TWICE_A_NUMBER = re.compile(r"\b(?:twice|two\s+times)\s+(?:a|some|the)\s+number\b")
HALF_A_NUMBER = re.compile(r"\b(?:one\s+)?half\s+(?:of\s+)?(?:a|some|the|my)\s+number\b")
# Words no step or symbol here reads: a question that still has one after the reading is not read ("a third of a
# number is 12" is no x = 12, "f(x) = 3x^2 + 5" no x = 3x).
UNREAD = re.compile(r"\b(?:twice|thrice|double|triple|half|halved|doubled|tripled|third|quarter|fifth|percent|squared"
                    r"|cubed|square|cube|power|root|consecutive)\b|[%^²³√]|\b[a-z]\s*\(\s*x\s*\)")
LETTER_AMONG_SYMBOLS = re.compile(r"(?:(?<=[\d=+\-*/(])|(?<=[\d=+\-*/(]\s))([a-wyz])(?![a-z'])(?=\s*[=+\-*/)]|\s*$)"
                                  r"|(?<![a-z'])([a-wyz])(?=\s*[=+\-*/]\s*[\d(])")
OTHER_UNKNOWN = re.compile(r"\b(?:solve\s+for|find|for|what\s+is)\s+([b-hj-wyz])\b")
SYMBOLS = str.maketrans({"−": "-", "×": "*", "÷": "/", "–": "-"})
TOKEN = re.compile(r"\d+(?:\.\d+)?|[a-z]+|[-+*/()=]|\S")
MATH = re.compile(r"\d+(?:\.\d+)?|x|[-+*/()=]")


@dataclass(frozen=True)
class Linear:
    """coef * x + const."""

    coef: Fraction
    const: Fraction

    def at(self, x: Fraction) -> Fraction:
        return self.coef * x + self.const


@dataclass(frozen=True)
class Equation:
    text: str  # as read, e.g. "x - 150 = 275"
    left: Linear
    right: Linear
    unknown: str = "x"  # its name in the question ("solve for y")

    def holds(self, x: Fraction) -> bool:
        """Substitution: is x a solution?"""
        return self.left.at(x) == self.right.at(x)

    @property
    def solution(self) -> Fraction | None:
        """The one solution, or None when every x or no x solves it (x = x, x = x + 1)."""
        coef = self.left.coef - self.right.coef
        return (self.right.const - self.left.const) / coef if coef else None


@dataclass(frozen=True)
class System:
    """Two linear equations in x and y, and the unknown asked for: "x + y = 47, x - y = 13" (x = 30, y = 17)."""

    text: str
    values: dict[str, Fraction]  # the one solution of both
    unknown: str = "x"

    def holds(self, value: Fraction) -> bool:
        """Substitution: with the other unknown solved, is value the asked one's, making both equations true?"""
        return value == self.values[self.unknown]

    @property
    def solution(self) -> Fraction:
        return self.values[self.unknown]


class _NotLinear(Exception):
    pass


class _Reader:
    """Recursive descent over one side's tokens: expr := term (("+" | "-") term)*, term := factor (("*" | "/")
    factor)*, factor := "-" factor | NUMBER ["x" | "("...")"] | "x" | "(" expr ")"."""

    def __init__(self, tokens: list[str]):
        self.tokens, self.i, self.depth = tokens, 0, 0

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        if self.peek() is None:
            raise _NotLinear
        self.i += 1
        return self.tokens[self.i - 1]

    def side(self) -> Linear:
        value = self.expr()
        if self.peek() is not None:
            raise _NotLinear
        return value

    def expr(self) -> Linear:
        value = self.term()
        while self.peek() in ("+", "-"):
            sign = 1 if self.take() == "+" else -1
            right = self.term()
            value = Linear(value.coef + sign * right.coef, value.const + sign * right.const)
        return value

    def term(self) -> Linear:
        value = self.factor()
        while self.peek() in ("*", "/", "x", "("):
            op = self.take() if self.peek() in ("*", "/") else "*"  # 2x, 3(x + 1): a coefficient
            value = _times(value, self.factor()) if op == "*" else _over(value, self.factor())
        return value

    def factor(self) -> Linear:
        token = self.take()
        if token == "-":
            value = self.factor()
            return Linear(-value.coef, -value.const)
        if token == "x":
            return Linear(Fraction(1), Fraction(0))
        if token == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _NotLinear
            value = self.expr()
            if self.take() != ")":
                raise _NotLinear
            self.depth -= 1
            return value
        if token[0].isdigit() and len(token.replace(".", "")) <= MAX_DIGITS:
            return Linear(Fraction(0), Fraction(token))
        raise _NotLinear


def _times(a: Linear, b: Linear) -> Linear:
    if a.coef and b.coef:
        raise _NotLinear  # x * x
    return Linear(a.coef * b.const + b.coef * a.const, a.const * b.const)


def _over(a: Linear, b: Linear) -> Linear:
    if b.coef or not b.const:
        raise _NotLinear  # dividing by x, or by zero
    return Linear(a.coef / b.const, a.const / b.const)


def _runs(text: str) -> list[list[str]]:
    """Maximal runs of math tokens (numbers, x, operators, parentheses, "=") in the text's token stream."""
    runs, run = [], []
    for token in TOKEN.findall(text):
        if MATH.fullmatch(token):
            run.append(token)
        elif run:
            runs.append(run)
            run = []
    return runs + [run] if run else runs


def _equation(run: list[str]) -> Equation | None:
    while run and run[0] in "+*/=)":
        run = run[1:]
    while run and run[-1] in "+-*/=(":
        run = run[:-1]
    if run.count("=") != 1 or "x" not in run or len(run) == 3 and run[1] == "=" and "x" in (run[0], run[2]):
        return None  # no equation, two, or only "x = 5" (but "3x = 27" is one)
    equals = run.index("=")
    try:
        left, right = _Reader(run[:equals]).side(), _Reader(run[equals + 1 :]).side()
    except _NotLinear:
        return None
    return Equation(" ".join(run).replace("( ", "(").replace(" )", ")"), left, right)


def _joining(text: str) -> bool:
    """Are these only the words between a puzzle's steps ("and then", ", he", "to it")?"""
    return not re.search(r"[a-z\d]", re.sub(r"\b(?:and|then|it|to|if|when|he|she|they|i|you|we|is)\b", "", text))


def _puzzle(match: re.Match) -> str:
    """A number puzzle's steps done to x, as an equation: "..., add 12 and get 50" -> " (x + 12) = 50 "; the
    steps must be all of its words (anything else leaves no equation to read)."""
    steps = sorted((m.start(), m.end(), template, m.group(1)) for pattern, template in STEPS
                   for m in pattern.finditer(match.group(1)))
    expression, end = "x", 0
    for start, stop, template, n in steps:
        if start < end or not _joining(match.group(1)[end:start]):
            return " ? "
        expression, end = template.format(x=expression, n=n), stop
    if not steps or not _joining(match.group(1)[end:]):
        return " ? "
    return f" {expression[1:-1]} = {match.group(2)} "


def _lone_letter(text: str) -> str | None:
    """The one letter other than x that stands among an equation's numbers and symbols ("3n - 17 = 49", "a/6 = 14"),
    or None (no "=", no such letter, or two of them)."""
    if "=" not in text or re.search(r"\bx\b|\dx\b", text):
        return None
    letters = {m.group(1) or m.group(2) for m in LETTER_AMONG_SYMBOLS.finditer(text)}
    return letters.pop() if len(letters) == 1 else None


LABEL = re.compile(r"\b(?:question|q|part|step|exercise|ex|problem|page|no\.?)\s*\d+|#\s*\d+")  # "question 3: ..."


def _read(text: str) -> Equation | None:
    """The one equation in a lower-cased text whose sayings of x and of operations are still words."""
    text = UNKNOWN_WORDS.sub(" x ", text)
    for pattern, symbol in WORDS:
        text = pattern.sub(f" {symbol} ", text)
    if "=" not in text and " x " in f" {text} ":
        text = re.sub(r"\bis\b", " = ", text)
    text = re.sub(r"(\d)x\b", r"\1 x", text)
    found = [(run, e) for run in _runs(text) if (e := _equation(run)) is not None]
    if len(found) != 1:
        return None
    run, equation = found[0]
    numbers = Counter(t for t in TOKEN.findall(LABEL.sub(" ", text)) if t[0].isdigit())
    return None if numbers - Counter(t for t in run if t[0].isdigit()) else equation  # "7 less than x = -3": 7


SIDES = r"([-+*/()\d\s.xy]+=[-+*/()\d\s.xy]+?)"  # one equation in x and y
SYSTEM = re.compile(rf"^[\s(]*{SIDES}\s*(?:,|;|\band\b)\s*{SIDES}[\s.,;]*(?:what\s+is|find|solve\s+for|so)\s+([xy])"
                    r"\s*\??\s*$")


def _in(side: str, letter: str) -> Linear:
    """One side's coefficient of letter and its constant: the other letter counts as 0 (sides are linear)."""
    other = "y" if letter == "x" else "x"
    text = side.replace(other, "(0)").replace(letter, "x")
    return _Reader(TOKEN.findall(text)).side()


def read_system(question: str) -> System | None:
    """"x + y = 47 and x - y = 13. What is x?" -> x = 30: two linear equations in x and y with one solution."""
    text = " ".join(str(question).lower().translate(SYMBOLS).split())
    m = SYSTEM.match(text)
    if not m or re.search(r"[xy]\s*\*?\s*[xy(]|\)\s*[xy]|\^", m.group(1) + " " + m.group(2)):
        return None  # xy, x * y, x(...): no longer linear
    rows = []
    try:
        for equation in m.group(1, 2):
            left, right = equation.split("=")
            x, y = (_in(left, v).coef - _in(right, v).coef for v in "xy")
            rows.append((x, y, _in(right, "x").const - _in(left, "x").const))
    except _NotLinear:
        return None
    (a, b, e), (c, d, f) = rows
    if not a * d - b * c:
        return None
    values = {"x": (e * d - b * f) / (a * d - b * c), "y": (a * f - e * c) / (a * d - b * c)}
    return System(f"{m.group(1).strip()}, {m.group(2).strip()}", values, m.group(3))


ASKED_LETTER = re.compile(r"[\s,;.]+([a-z])\s*=\s*\?+\s*$")


@of_text
def read_equation(question: str) -> Equation | System | None:
    """The one linear equation in x that the question states, or None (see the module docstring). A puzzle's or
    an inverse's saying is read first; where it leaves no equation ("what number added to 30 gives 100" names
    x before "added to"), the question is read as it is."""
    if not isinstance(question, str) or len(question) > 4 * MAX_CHARS:
        return None
    if system := read_system(question):
        return system
    text = " ".join(question.lower().translate(SYMBOLS).split())
    text = ASKED_LETTER.sub("", text)  # "5x - 9 = 2x + 12 x=?": the letter asked for, not a term
    named = OTHER_UNKNOWN.search(text)
    letter = named.group(1) if named else _lone_letter(text)
    if letter:  # "solve for y: 100 - y = 64" and "8m = 216" are x's equations under another name
        text = re.sub(rf"(?<![a-z]){letter}(?![a-z])", "x", text)
    said = TWICE_A_NUMBER.sub("think of a number, double it", text)
    said = PUZZLE.sub(_puzzle, DONE_TO_A_NUMBER.sub(r"think of a number, \1 it", said))
    for pattern, equation in INVERSES:
        said = pattern.sub(lambda m, equation=equation: f" {equation.format(*m.groups())} ", said)
    equation = _read(said) if not UNREAD.search(said) else None
    plain = HALF_A_NUMBER.sub("a number divided by 2", TWICE_A_NUMBER.sub("2 times a number", text))
    for other in dict.fromkeys((plain, text)):  # "twice a number is 34": 2 times a number is 34
        if equation is None and other != said and not UNREAD.search(other):
            equation = _read(other)
    if equation is not None and letter:
        equation = replace(equation, text=re.sub(r"\bx\b", letter, equation.text), unknown=letter)
    return equation
