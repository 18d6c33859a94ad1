"""What a percentage asks of a program (percentages.py reads the questions): a product that divides by 100 holds a
number the question gives as a percentage, and takes a part of something; the part is no answer where the
question asks for the amount after it; a percentage asked is a percentage given.

    percent_mismatch("what percent is 18 out of 24", "18 / 100 * 24")  -> "takes 24 as a percentage, ..."
    percent_mismatch("if i knock 25 percent off 84 what do i get", "25 / 100 / 84")
        -> "divides the percentage by 84, where it takes a part of it"
"""
from __future__ import annotations

import re
from fractions import Fraction

from .asked import asked_words
from .percent_words import other_than_part
from .percentages import (
    CHANGE_ASKED,
    CHANGE_BY,
    CHANGED_WHOLE,
    INCLUDED,
    OFF,
    PERCENT,
    PERCENT_ASKED,
    SAVING_ASKED,
)
from .reading import NUMBER
from .structure import Node, tree


def _product_chains(node: Node) -> list[Node]:
    """The tree's maximal products: chains of * and / (a product inside a sum, or the whole program)."""
    if node.op in ("*", "/"):
        return [node]
    return [p for child in node.args if isinstance(child, Node) for p in _product_chains(child)]


def _factors(node: Node) -> list[tuple[str, bool]]:
    """A product's numbers and whether each divides: 18 / 100 * 24 -> [(18, False), (100, True), (24, False)]."""
    if node.op == "*":
        return _factors(node.args[0]) + _factors(node.args[1])
    if node.op == "/":
        return _factors(node.args[0]) + [(n, not divides) for n, divides in _factors(node.args[1])]
    return [(node.args[0], False)] if node.op == "num" else []


def _only_part(node: Node, given: set[Fraction]) -> bool:
    """Is the program a percentage of one number and nothing else (15 / 100 * 80)?"""
    factors = _factors(node) if node in _product_chains(node) else []
    return len(factors) == 3 and ("100", True) in factors and sum(
        not divides and Fraction(n) in given for n, divides in factors) >= 1 and all(
        not divides for n, divides in factors if n != "100")


def _divisions_by_100(node: Node) -> list[Node]:
    """What the program divides by 100: 45 / 100 * 12 -> [45]; (12 * 45) / 100 -> [12 * 45]."""
    found = [node.args[0]] if node.op == "/" and node.args[1].op == "num" and node.args[1].args[0] == "100" else []
    return found + [n for child in node.args if isinstance(child, Node) for n in _divisions_by_100(child)]


def percent_mismatch(question: str, program: str) -> str | None:
    """Why a program cannot answer a question about a percentage: a product of it divides by 100 but holds no
    number the question gives as a percentage (18 / 100 * 24 for "what percent is 18 out of 24"), or it gives
    no percentage (pct) where the question asks for one."""
    text, node = question.lower(), tree(program)
    given = {Fraction(p) for p in PERCENT.findall(text)}
    products = [_factors(product) for product in _product_chains(node)]
    if "100" not in NUMBER.findall(text):
        for factors in products:
            if ("100", True) in factors and not any(Fraction(n) in given for n, _ in factors if n != "100"):
                taken = next(n for n, divides in factors if not divides and n != "100")
                return f"takes {taken} as a percentage, which the question does not"
        for divided in _divisions_by_100(node):  # 45 / 100 * 12: 45 is divided by 100, 12 is the percent
            if divided.op == "num" and Fraction(divided.args[0]) not in given:
                return f"takes {divided.args[0]} as a percentage, which the question does not"
    for factors in products:  # 25 / 100 / 84: a percentage of nothing, divided
        others = [(n, divides) for n, divides in factors if n != "100" and Fraction(n) not in given]
        if ("100", True) in factors and others and all(divides for _, divides in others):
            return f"divides the percentage by {others[0][0]}, where it takes a part of it"
    if _only_part(node, given) and (CHANGED_WHOLE.search(text) or OFF.search(text) or any(
            pattern.search(text) for pattern, _ in CHANGE_BY) or other_than_part(text)) and not (
            SAVING_ASKED.search(text) or CHANGE_ASKED.search(asked_words(text))):
        return "gives the part the percentage takes, but the question asks for the amount after it"
    if INCLUDED.search(text) and not re.search(r"\(100\s*\+", program):
        return "takes the percentage of an amount that already includes it"
    return no_percentage(question, program)


def no_percentage(question: str, program: str) -> str | None:
    """A program that gives no percentage (pct) where the question asks for one, as a clause (for any program: the
    readers' too, "what percentage was left over" is no 64 - 52)."""
    if PERCENT_ASKED.search(question.lower()) and not program.strip().startswith("pct("):
        return "does not give a percentage, which the question asks for"
    return None
