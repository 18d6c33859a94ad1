"""Does a program match the question's structure, not only its numbers and operation words?

For "-", "/" and "^" the order matters: "Take 8 from 20" is 20 - 8, "2 to the power of 10" is 2 ^ 10. The
question's phrases give ordered pairs (op, first, second) ("subtract 8 from 20" -> ("-", "20", "8")); the
program's tree gives, for each "-", "/" or "^", the numbers on either side of it (the last number of its
left operand, the first of its right). A program fails when a pair is the question's pair reversed, or when
both of its numbers are the question's and the question says nothing about their order ("12 - 30" for
"what is the gap between 12 and 30").

    mismatch("Take 8 from 20.", "8 - 20")  -> "computes 8 - 20 where the question asks for 20 - 8"
    mismatch("Take 8 from 20.", "20 - 8")  -> None
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from .program import tokenize

N = r"(\d+(?:\.\d+)?)"
W = r"[^.?!\d]{0,40}?"  # a few words, no number and no sentence end in between
LEAVE = r"\b(?:go(?:es)?\s+(?:home|away)|went\s+(?:home|away)|gets?\s+off|got\s+off|r[au]n\s+away|fl(?:y|ew)\s+away)\b"
ORDERED: tuple[tuple[str, str, bool], ...] = (  # (op, pattern with two numbers, reversed: the second comes first)
    ("-", rf"{N}\s*(?:-|−|–|minus|take away|take|less|subtract)\s*{N}", False),
    ("-", rf"{N}\s+(?:decreased|reduced)\s+by\s+{N}", False),
    ("-", rf"\b(?:subtract|take|takeaway|deduct|remove)\s+{N}\s+(?:away\s+)?from\s+{N}", True),
    ("-", rf"{N}\s+(?:(?:is|are|gets?)\s+)?(?:subtracted|taken(?:\s+away)?|deducted|removed)\s+from\s+{N}", True),
    ("-", rf"{N}\s+(?:less|fewer)\s+than\s+{N}", True),
    ("-", rf"\b(?:less|fewer|smaller|lower)\s+than\s+{N}\s+is\s+{N}", False),  # how much less than 1000 is 250
    ("-", rf"\b(?:more|bigger|larger|greater|higher|older|taller|longer|heavier)\s+is\s+{N}\s+than\s+{N}", False),
    ("-", rf"{N}{W}\band\s+{N}{W}{LEAVE}", False),  # 25 children and 6 go home
    ("-", rf"{N}\D{{0,80}}?\b{N}\s+(?:[a-z]+\s+)?{LEAVE}", False),  # 48 on a bus; at the next stop 19 (people) get off
    ("-", rf"\bdifference\s+(?:between|of)\s+{N}\s+and\s+{N}", False),
    ("-", rf"\b(?:has|had|have|holds|owns|bakes|baked|buys|bought|picks|picked|collects|collected)\s+{N}{W}"
          rf"\b(?:eats?|ate|gives?|gave|loses?|lost|spends?|spent|uses?|used|sells?|sold|breaks?|broke|drops?|dropped"
          rf"|takes?|took|reads?|read|pa(?:y|ys|id)|drinks?|drank|walked|ran|finished|done)(?:\s+away)?\s+{N}",
     False),  # a book has 324 pages and I've read 158
    ("/", rf"{N}\s*(?:is\s+)?(?:/|÷|divided\s+(?:by|into|among|between)|over)\s*{N}", False),
    ("/", rf"\b{N}\s+go(?:es)?\s+into\s+{N}", True),
    ("/", rf"{N}{W}\s+split\s+{N}\s+ways", False),
    ("/", rf"\bdivid(?:e|ing)\s+{N}\s+(?:by|into|among|between)\s+{N}", False),
    ("/", rf"\b(?:share|split)\s+(?:[a-z]+\s+){{0,5}}?{N}{W}\s+(?:among|between|into|by)\s+{N}", False),
    ("/", rf"{N}{W}\s+(?:shared|split)\s+(?:equally\s+)?(?:among|between|into|by)\s+{N}", False),
    ("/", rf"{N}\s*[a-z]+\s+in\s+{N}\s+(?:hours?|minutes?|days?|weeks?|seconds?|years?|months?)\b", False),  # a rate
    ("/", rf"{N}{W}\bto\s+(?:share|split|divide)\s+(?:them\s+)?(?:equally\s+)?(?:among|between|by)\s+{N}", False),
    ("/", rf"\bquotient\s+of\s+{N}\s+and\s+{N}", False),
    ("/", rf"{N}{W}\b(?:in|into)\s+(?:\w+\s+){{0,2}}?(?:rows|groups|lots|teams|cartons|boxes|bags|packs|piles|stacks"
          rf"|sets|bundles)\s+of\s+{N}", False),  # 156 chairs in rows of 13
    ("/", rf"{N}{W}\b(?:cut|split|divided|shared|broken|separated|chopped|sliced|poured)\s+(?:up\s+)?(?:equally\s+)?"
          rf"(?:into|in)\s+{N}", False),  # a rope 144 cm long cut into 9 pieces
    ("^", rf"{N}\s*(?:\^|\*\*)\s*{N}", False),
    ("^", rf"{N}\s+(?:to\s+the\s+power(?:\s+of)?|raised\s+to(?:\s+the\s+power(?:\s+of)?|\s+the)?|to\s+the)\s+{N}",
     False),
)
BINARY = ("+", "-", "*", "/", "^")
SQUARED = (("2", r"{N}\s*(?:squared|²)"), ("3", r"{N}\s*(?:cubed|³)"))
# What a question about a shape or a percentage fixes (the question's pattern with one number, and what it says):
CIRCLE_AREA = re.compile(rf"\bradius\b\D{{0,12}}?{N}|{N}\s*(?:cm|m|mm|km|in|ft|units?)?\s+radius", re.IGNORECASE)
SQUARE_PERIMETER = re.compile(r"\bsquare\b", re.IGNORECASE), re.compile(r"perimeter|fence|around|border", re.I)
DIE_ABOVE = re.compile(rf"\b(?:more|higher|greater|bigger|larger|above|over)\s+(?:than\s+)?(?:a\s+)?{N}", re.I)
WHOLE = re.compile(rf"(?:%|\bpercent)\s+of\s+(?:[a-z$€£]+\s+){{0,3}}?[$€£]?{N}", re.IGNORECASE)  # 15% of 240


@dataclass(frozen=True)
class Node:
    op: str  # "num", a binary operator, "neg", "pct" or a function name
    args: tuple  # (text,) for a number, else child nodes

    def first(self) -> str | None:
        return self.args[0] if self.op == "num" else self.args[0].first() if self.op in BINARY else None

    def last(self) -> str | None:
        return self.args[0] if self.op == "num" else self.args[-1].last() if self.op in BINARY + ("neg",) else None

    def numbers(self) -> list[Fraction]:
        """Every number in the tree, left to right."""
        if self.op == "num":
            return [Fraction(self.args[0])]
        return [n for child in self.args for n in child.numbers()]

    def pairs(self):
        """(op, last number on the left, first number on the right) for every "-", "/" and "^" in the tree."""
        if self.op == "num":
            return
        if self.op in ("-", "/", "^") and len(self.args) == 2:
            yield self.op, self.args[0].last(), self.args[1].first()
        for child in self.args:
            yield from child.pairs()


class _Tree:
    """program.py's grammar, building a tree instead of a value (tokenize applies the same limits)."""

    def __init__(self, program: str):
        self.tokens, self.i = tokenize(program), 0

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        self.i += 1
        return self.tokens[self.i - 1]

    def binary(self, ops: tuple[str, ...], operand) -> Node:
        node = operand()
        while self.peek() in ops:
            node = Node(self.take(), (node, operand()))
        return node

    def expr(self) -> Node:
        return self.binary(("+", "-"), lambda: self.binary(("*", "/"), self.unary))

    def unary(self) -> Node:
        if self.peek() == "-":
            self.take()
            return Node("neg", (self.unary(),))
        base = self.atom()
        return Node(self.take(), (base, self.unary())) if self.peek() == "^" else base

    def atom(self) -> Node:
        token = self.take()
        if token[0].isdigit():
            return Node("num", (token,))
        if token == "(":
            node = self.expr()
            self.take()
            return node
        self.take()  # a function's "("
        args = [self.expr()]
        while self.take() == ",":
            args.append(self.expr())
        return Node(token, tuple(args))


def tree(program: str) -> Node:
    """The program's tree; call it on a program that program.evaluate accepted."""
    return _Tree(program).expr()


def _canonical(number: str) -> str:
    return number.rstrip("0").rstrip(".") if "." in number else number.lstrip("0") or "0"


def question_pairs(question: str) -> set[tuple[str, str, str]]:
    """The ordered pairs the question's phrases state: {("-", "20", "8")} for "Take 8 from 20"."""
    question = re.sub(r"[$€£](?=\d)", "", question)  # "has $250 and spends $87"
    pairs = set()
    for op, pattern, reverse in ORDERED:
        for match in re.finditer(pattern, question, re.IGNORECASE):
            a, b = _canonical(match.group(1)), _canonical(match.group(2))
            pairs.add((op, b, a) if reverse else (op, a, b))
    for exponent, pattern in SQUARED:
        pairs |= {("^", _canonical(m.group(1)), exponent) for m in re.finditer(pattern.format(N=N), question, re.I)}
    if re.search(r"\barea\b", question, re.IGNORECASE):  # a circle's area squares its radius
        pairs |= {("^", _canonical(m.group(1) or m.group(2)), "2") for m in CIRCLE_AREA.finditer(question)}
    if re.search(r"\bdic?e\b", question, re.IGNORECASE):  # a die's chance of more than 4 counts 6 - 4 faces
        pairs |= {("-", "6", _canonical(m.group(1))) for m in DIE_ABOVE.finditer(question)}
    return pairs | comparisons(question)


OWNS = re.compile(rf"\b([A-Z][a-z]+)\s+(?:has|had|owns|owned|collects|collected|is|was|scored|saved|weighs|reads|read)"
                  rf"\s+(?:\w+\s+)?{N}")  # "Anna has 19", "Ben has only 46"
COMPARES = re.compile(r"\b[Hh]ow\s+(?:many|much)\s+(more|fewer|less|taller|shorter|older|younger|heavier|lighter)\b"
                      r"\D{0,40}?\b(?:does|did|is|was)\s+([A-Z][a-z]+)\b\D{0,30}?\bthan\s+([A-Z][a-z]+)\b")
SMALLER = ("fewer", "less", "shorter", "younger", "lighter")


def comparisons(question: str) -> set[tuple[str, str, str]]:
    """"Anna has 19 ... Ben has 46. How many more does Ben have than Anna?" -> {("-", "46", "19")}: a comparison
    of two named people, each with one number, is the larger-named one's number less the other's."""
    owned: dict[str, set[str]] = {}
    for name, number in OWNS.findall(question):
        owned.setdefault(name, set()).add(_canonical(number))
    pairs = set()
    for word, first, second in COMPARES.findall(question):
        if len(owned.get(first, ())) == 1 and len(owned.get(second, ())) == 1:
            a, b = next(iter(owned[first])), next(iter(owned[second]))
            pairs.add(("-", b, a) if word in SMALLER else ("-", a, b))
    return pairs


def shape_mismatch(question: str, program: str) -> str | None:
    """What a square's perimeter or a percentage's whole requires of the program, where the question asks it."""
    square = all(p.search(question) for p in SQUARE_PERIMETER) and not re.search(r"rectangle|circle", question, re.I)
    if square and not re.search(r"\b4\s*\*|\*\s*4\b", program):
        return "does not compute 4 times the side, a square's perimeter"
    circle = re.search(r"circle|circular", question, re.I) and re.search(r"\barea\b", question, re.I)
    if circle and "^ 2" not in program:
        return "does not square the radius, as a circle's area does"
    wholes = {_canonical(m.group(1)) for m in WHOLE.finditer(question)}
    divisors = {_canonical(right) for op, _, right in tree(program).pairs() if op == "/" and right}
    if whole := sorted(wholes & divisors):
        return f"divides by {whole[0]}, the whole the percentage is taken of"
    return None


LEFT = re.compile(r"\b(?:left|remain\w*|still|change|back)\b", re.IGNORECASE)  # what is left is less than the whole
TOTAL = re.compile(r"\b(?:altogether|in\s+total|in\s+all|total|combined)\b", re.IGNORECASE)  # a total is no less
HOW_MANY = re.compile(r"\bhow\s+(?:many|much)\b", re.IGNORECASE)  # a count is not negative


def implausible(question: str, value: Fraction, share: re.Pattern) -> str | None:
    """Why a word problem's answer cannot be what it asks for, from the answer's size alone: what is left is less
    than the largest number, a total no less, a share (share: how much each gets) no more, a count not negative."""
    numbers = [Fraction(n) for n in re.findall(N, question)]
    if not numbers:
        return None
    biggest = max(numbers)
    if HOW_MANY.search(question) and value < 0:
        return f"gives {value}, but a count is not negative"
    if LEFT.search(question) and not TOTAL.search(question) and not 0 <= value < biggest:
        return f"gives {value}, but what is left is less than {biggest}"
    if TOTAL.search(question) and not LEFT.search(question) and value < biggest:
        return f"gives {value}, but a total is no less than {biggest}"
    if share.search(question) and not TOTAL.search(question) and value > biggest:
        return f"gives {value}, but a share is no more than {biggest}"
    return None


def _negated(node: Node) -> Counter:
    """The numbers a program negates: "-3 ^ 3" and "(-3) ^ 3" both negate 3."""
    found = Counter()
    if node.op == "neg":
        inner = node.args[0]
        first = inner.args[0] if inner.op == "num" else inner.first()
        found[_canonical(first)] += 1 if first else 0
    for child in node.args:
        found += _negated(child) if isinstance(child, Node) else Counter()
    return found


def negatives(question: str) -> Counter:
    """The question's negative numbers: a minus sign written against a number and not after another number
    ("-3 to the power 3", "5 + -3", "= -10"; not "12 -20" or "12 - 20")."""
    found = Counter()
    for m in re.finditer(r"-(\d+(?:\.\d+)?)", question):
        before = question[: m.start()]
        if not re.search(r"(?:[\w).]|[\d)]\s+)$", before) or re.search(r"[^\d)\s]\s+$", before):
            found[_canonical(m.group(1))] += 1
    return found


def sign_mismatch(question: str, program: str) -> str | None:
    """A negative number of the question that the program does not negate ("-3 to the power 3" is no 3 ^ 3)."""
    dropped = sorted(negatives(question) - _negated(tree(program)))
    return f"drops the minus sign of -{dropped[0]}" if dropped else None


def mismatch(question: str, program: str) -> str | None:
    """Why the program's order does not match the question's, or None when it matches (module docstring)."""
    stated = question_pairs(question)
    numbers = {_canonical(n) for n in re.findall(N, question)}
    found = [(op, left and _canonical(left), right and _canonical(right)) for op, left, right in tree(program).pairs()]
    for op, left, right in found:
        if left is None or right is None or (op, left, right) in stated:
            continue
        if (op, right, left) in stated:
            return f"computes {left} {op} {right} where the question asks for {right} {op} {left}"
        if left in numbers and right in numbers and left != right:
            return f"computes {left} {op} {right} where the question does not say which of the two comes first"
    if missing := sorted(stated - set(found)):  # "11 squared" is 11 ^ 2, not 11 * 4
        op, left, right = missing[0]
        return f"does not compute {left} {op} {right}, which the question asks for"
    return shape_mismatch(question, program)
