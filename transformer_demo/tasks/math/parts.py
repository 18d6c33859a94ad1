"""A part of a whole: the rest after a part counted, a fraction of a full container, a fraction taken from a whole,
or a fraction of a whole counted that is one kind.

    28 students in my class and 16 are girls: how many boys?                                -> 28 - 16
    A water tank holds 120 litres when full. It is 3/8 full. How many litres are in it?     -> 120 * 3 / 8
    A bakery makes 180 loaves and sells 5/6 of them. How many loaves are left?               -> 180 - 180 * 5 / 6
    In the class are 28 students and 4 of every 7 are girls. How many boys?                  -> 28 - 28 * 4 / 7
"""
from __future__ import annotations

import re
from fractions import Fraction

from .measures import ADJECTIVES, FUNCTION_WORDS, singular
from .reading import COUNTS, NUMBER, PARTS, N

PART_OF = re.compile(rf"{N}\s+([a-z]+)\b[^.?!]*?(?:\band\b|[,;.])\s*(?:of\s+(?:them|these|those),?\s+)?{N}\s+"
                     r"(?:of\s+(?:them|these|those)\s+)?(?:are|were|is|was)\s+(?:[a-z]+\s+)?([a-z]+)\b")
NOT_A_REST = re.compile(r"\b(?:more|fewer|less|left|times|each|every|per|percent|total|altogether|twice|half)\b"
                        r"|[%*/+=-]")
WHOLES = {"student", "pupil", "kid", "child", "children", "people", "person", "animal", "member", "player", "worker",
          "employee", "guest", "passenger", "item", "thing", "fruit", "vehicle", "car", "book", "ball", "sweet"}
REST_ASKED = re.compile(r"\bhow\s+many\s+(?:of\s+(?:them|these|those)\s+)?(?:are\s+|were\s+)?(not\s+)?([a-z]+)\b")


def rest_of_whole_reading(text: str) -> str | None:
    """"28 students in my class and 16 are girls: how many boys?" -> 28 - 16: a whole, a part of it, and a
    question for the other part (neither the part nor the whole)."""
    m, asked = PART_OF.search(text), REST_ASKED.search(text)
    if not m or not asked or len(NUMBER.findall(text)) != 2 or NOT_A_REST.search(text):
        return None
    whole, kind, part, part_kind = m.groups()
    word = singular(asked.group(2))
    other = word not in (singular(kind), singular(part_kind)) and word not in FUNCTION_WORDS | ADJECTIVES | WHOLES
    if (asked.group(1) and word == singular(part_kind) or not asked.group(1) and other) and Fraction(part) < \
            Fraction(whole):
        return f"{whole} - {part}"
    return None


ONE_PART = {"half": 2, "third": 3, "quarter": 4, "fifth": 5}
FRACTION_FULL = re.compile(rf"(?:(?<![\d.]){N}\s*/\s*{N}|\b(?:({'|'.join(COUNTS)}|a|one)\s+)?"
                           rf"({'|'.join([*PARTS, *ONE_PART])}))\s+(?:full|filled)\b")
HOLDS_FULL = re.compile(rf"\b(?:holds?|takes?|contains?|has\s+room\s+for|capacity\s+(?:of|is))\s+{N}\b[^.?!]*?"
                        r"\b(?:when\s+)?full\b|\bfull\b[^.?!]*?\b(?:holds?|takes?|contains?)\s+(\d+(?:\.\d+)?)")


FILL_ASKED = re.compile(r"\bto\s+(?:fill|brim|top\s+(?:it\s+)?up)\b|\bfill\s+(?:it\s+|them\s+)?up\b"
                        r"|\bto\s+make\s+it\s+full\b")


def fraction_full_reading(text: str) -> str | None:
    """"A water tank holds 120 litres when full. It is 3/8 full. How many litres are in it?" -> 120 * 3 / 8; "...
    how many litres to fill it?" -> 120 - 120 * 3 / 8."""
    full, part = HOLDS_FULL.search(text), FRACTION_FULL.search(text)
    to_fill = FILL_ASKED.search(text)  # "how many litres to brim it": what it lacks
    if not full or not part or not re.search(r"\bhow\s+(?:many|much)\b", text) or not to_fill and re.search(
            r"\b(?:more|left|empty|still|need|fill)\b", text):
        return None
    whole = full.group(1) or full.group(2)
    if part.group(1):
        top, bottom = part.group(1), part.group(2)
    elif part.group(3) in COUNTS and part.group(4) in PARTS or part.group(3) in (None, "a", "one") and (
            part.group(4) in ONE_PART and (part.group(3) or part.group(4) == "half")):
        top, bottom = str(COUNTS.get(part.group(3), 1)), str({**PARTS, **ONE_PART}[part.group(4)])
    else:
        return None
    if sorted(NUMBER.findall(text)) != sorted([whole] + ([top, bottom] if part.group(1) else [])):
        return None
    return f"{whole} - {whole} * {top} / {bottom}" if to_fill else f"{whole} * {top} / {bottom}"


TAKEN = (r"sells?|sold|eats?|ate|eaten|uses?|used|using|gives?|gave|given|giving|spends?|spent|loses?|lost|reads?"
         r"|finish(?:es|ed)?|plant(?:s|ed)?|paint(?:s|ed)?|sow(?:s|ed|n)?|knit(?:s|ted)?|cut|drunk|drank|drinks?")
FRACTION_TAKEN = re.compile(rf"(?<![\d./]){N}\s+[a-z]+\b[^.?!]*?\b({TAKEN})(?:\s+away)?\s+{N}\s*/\s*{N}\s+of\s+"
                            r"(?:them|it|these|those|this|that)\b")
FRACTION_SAID = rf"\b(?:({'|'.join(COUNTS)})\s+({'|'.join(PARTS)})|(?:a|one)\s+({'|'.join(ONE_PART)})|(half))\b"
FRACTION_WORDS = re.compile(FRACTION_SAID + r"(?=\s+of\s)")  # "three quarters of it"
KIND_WORDS = re.compile(FRACTION_SAID + r"(?=\s+(?:of|are|were|is|was)\s)")  # "two fifths are boys"


def _in_digits(m: re.Match) -> str:
    """"three quarters" -> "3/4", "a third" -> "1/3", "half" -> "1/2"."""
    if m.group(1):
        return f"{COUNTS[m.group(1)]}/{PARTS[m.group(2)]}"
    return f"1/{ONE_PART[m.group(3) or m.group(4)]}"


def fraction_taken_reading(text: str) -> str | None:
    """"A bakery makes 180 loaves and sells 5/6 of them. How many loaves are left?" -> 180 - 180 * 5 / 6; asked
    for what was taken ("my wool is 360 m and I've used three quarters of it. How many metres have I used?") ->
    360 * 3 / 4."""
    text = FRACTION_WORDS.sub(_in_digits, text)
    taken = FRACTION_TAKEN.search(text)
    if not taken or len(NUMBER.findall(text)) != 3 or not 0 < Fraction(taken.group(3)) <= Fraction(taken.group(4)):
        return None
    whole, verb, top, bottom = taken.groups()
    asked = text[taken.end():]
    if re.search(r"\b(?:left|remain\w*)\b", asked):
        return f"{whole} - {whole} * {top} / {bottom}"
    if re.search(rf"\bhow\s+(?:many|much)\b[^.?!]*\b(?:{TAKEN}|is\s+that|is\s+it)\b", asked):
        return f"{whole} * {top} / {bottom}"
    return None


EVERY = re.compile(rf"(?<![\d./]){N}\s+(?:out\s+)?(?:of|in)\s+every\s+{N}\b")  # "4 of every 7": 4/7
PART_KIND = re.compile(rf"(?<![\d./]){N}\s*/\s*{N}\s+(?:of\s+(?:them|these|those|the\s+[a-z]+)\s+)?(?:[a-z]+\s+)?"
                       r"(?:are|were|is|was)\s+(?:([a-z]+)\s+)?([a-z]+)\b")  # "are story books": a word, the kind
WHOLE_COUNTED = re.compile(rf"(?<![\d./]){N}\s+([a-z]+)|\b(?:class|group|team|club|school|crowd)\s+of\s+{N}\b")
NOT_A_FRACTION_REST = re.compile(r"\b(?:more|fewer|less|left|remain\w*|times|each|per|percent|total|altogether|twice)\b"
                                 r"|[%*+=-]")


def fraction_of_whole_reading(text: str) -> str | None:
    """"28 students and 4 of every 7 are girls. How many boys?" -> 28 - 28 * 4 / 7; "a class of 30, 2/5 of them
    are boys: how many boys?" -> 30 * 2 / 5: a whole counted, a fraction of it that is one kind, and a question
    for that kind or the rest. Only a whole number of people or things is an answer."""
    text = EVERY.sub(r"\1/\2", KIND_WORDS.sub(_in_digits, text))
    part, whole, asked = PART_KIND.search(text), WHOLE_COUNTED.search(text), REST_ASKED.search(text)
    if not part or not whole or not asked or len(NUMBER.findall(text)) != 3 or NOT_A_FRACTION_REST.search(
            text.replace(part[0], " ")):
        return None
    top, bottom, described, part_kind = part.groups()
    count, kind = (whole[1], whole[2]) if whole[1] else (whole[3], None)
    if count in (top, bottom) and count != whole[3] or not 0 < Fraction(top) < Fraction(bottom):
        return None
    if (Fraction(count) * Fraction(top) / Fraction(bottom)).denominator != 1:
        return None
    word = singular(asked.group(2))
    if described and word == described and re.match(rf"\s+{part_kind}\b", text[asked.end():]):
        word = singular(part_kind)  # "3/8 of them are story books ... how many story books": that kind, not another
    kinds = {singular(part_kind)} | ({singular(kind)} if kind else set())
    other = word not in kinds and word not in FUNCTION_WORDS | ADJECTIVES | WHOLES
    if not asked.group(1) and word == singular(part_kind):
        return f"{count} * {top} / {bottom}"
    if asked.group(1) and word == singular(part_kind) or not asked.group(1) and other:
        return f"{count} - {count} * {top} / {bottom}"
    return None
