"""The thing a number counts, from the words after it ("8 chocolate bars": bars; "12.5 square metres": a square
measure): what quantities.py and the readers that count things read first."""
from __future__ import annotations

import re

from .asked_money import WORD
from .measures import ADJECTIVES, FUNCTION_WORDS, MEASURES, name_of

FUNCTION = "|".join(sorted(FUNCTION_WORDS))
NOUN = rf"(?!(?:{FUNCTION})\b)({WORD})"  # a word that may name a thing
AFTER = re.compile(rf"\s*(?:(?:canadian|australian|us|new\s+zealand|hong\s+kong)\s+)?"
                   rf"(?:of\s+(?:these|those|the|an?)\s+)?({WORD})(?:\s+{NOUN})?")  # "0.25 of a litre"
SQUARE = re.compile(r"\s*(?:(?:square|sq\.?)\s+[a-z]+|[a-z]+\s*(?:²|2\b|\^\s*2))")
CUBIC = re.compile(r"\s*(?:cubic\s+[a-z]+|[a-z]+\s*(?:³|\^\s*3))")
def noun_after(after: str) -> tuple[str | None, int]:
    """The thing counted after a number and where its words end: the first word, or the second where the first
    describes it (8 chocolate bars, 12 green marbles); a measure or a currency is always the first word."""
    m = AFTER.match(after)
    if not m:
        return None, 0
    first, second = m.group(1), m.group(2)
    if name_of(first) is None and first not in ADJECTIVES:
        return None, 0
    if second and first in ("cubic", "square", "sq") and name_of(second) in MEASURES:  # "1200 cubic feet"
        return name_of(second), m.end(2)
    if name_of(first) in MEASURES or not second or not second.endswith("s"):
        return name_of(first), m.end(1)
    if first in ADJECTIVES or not first.endswith("s"):
        return name_of(second), m.end(2)
    return name_of(first), m.end(1)
