"""An expression in letters and the values to put in for them, read as one calculation:

    read_substitution("Find the value of 3a + 2b when a = 4 and b = -5.")      -> 3 * (4) + 2 * (-5)      = 2
    read_substitution("The nth term of a sequence is 4n - 3. Find the 20th term.") -> 4 * (20) - 3         = 77

Every letter of the expression must be given a value and every value used; "3a" is 3 times a, "ab" a times b, and
a value goes in within brackets, so b² with b = -5 is 25. Anything else is None.
"""
from __future__ import annotations

import re

from .program import MAX_CHARS, ProgramError, evaluate
from .reading import Calculation

EXPRESSION = r"[a-z0-9.\s+\-*/^()²³×]+?"
GIVEN = re.compile(rf"^(?:find|calculate|work\s+out|evaluate|what\s+is|what'?s|whats)\s+(?:the\s+value\s+of\s+)?"
                   rf"(?P<expression>{EXPRESSION})\s*,?\s+(?:when|if|where|given\s+that|given|for)\s+"
                   r"(?P<values>[a-z0-9.\s=,\-]+?)[\s.?!]*$")
VALUE = re.compile(r"\b([a-z])\s*=\s*(-?\d+(?:\.\d+)?)\b")
NTH = re.compile(rf"\bnth\s+term\s+(?:of\s+(?:a|the|this)\s+sequence\s+)?(?:is|=)\s+(?P<expression>{EXPRESSION})\s*"
                 r"[.,;]\s*(?:find|what\s+is|what'?s|calculate|work\s+out)\s+the\s+(?P<n>\d+)(?:st|nd|rd|th)\s+term[\s.?!]*$")


def _program(expression: str, values: dict[str, str]) -> str | None:
    """The expression with its letters' values in brackets and its products written out, or None."""
    expression = expression.replace("×", "*").replace("²", "^2").replace("³", "^3").strip()
    letters = set(re.findall(r"[a-z]", expression))
    if not letters or letters != set(values) or re.search(r"[a-z]{2}", expression.replace(" ", "")) and len(
            letters) < 2:
        return None
    expression = re.sub(r"(?<=[\da-z)])\s*(?=[a-z(])", " * ", expression)  # 3a, ab, 2(a + b), a(b)
    expression = re.sub(r"(?<=\))\s*(?=\d)", " * ", expression)
    return re.sub(r"[a-z]", lambda m: f"({values[m[0]]})", expression)


def read_substitution(question: str) -> Calculation | None:
    """The value of an expression for the letters' values the question gives (module docstring), or None."""
    if not isinstance(question, str) or len(question) > MAX_CHARS:
        return None
    text = " ".join(question.lower().replace("−", "-").split())
    if found := GIVEN.match(text):
        values = dict(VALUE.findall(found["values"]))
        if len(values) != len(VALUE.findall(found["values"])) or VALUE.sub("", found["values"]).strip(" ,and"):
            return None
        program = _program(found["expression"], values)
    elif found := NTH.search(text):
        program = _program(found["expression"], {"n": found["n"]})
    else:
        return None
    try:
        return Calculation(program, evaluate(program)) if program else None
    except ProgramError:
        return None
