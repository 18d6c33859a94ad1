"""A whole shared in a ratio, and one part asked for by its size, its number, its owner or its name.

    Share 240 in the ratio 3:5. What is the larger share?                      -> 240 * 5 / (3 + 5)
    1 part cement, 2 parts sand and 3 parts gravel; 180 kg altogether: sand?   -> 180 * 2 / (1 + 2 + 3)
    1 part sugar to 3 parts flour. if I use 450g flour how much sugar            -> 450 * 1 / 3
"""
from __future__ import annotations

import re
from fractions import Fraction

from .measures import MEASURES, singular
from .reading import NUMBER, N

RATIO = re.compile(rf"\bratio\s+(?:of\s+[a-z]+\s+to\s+[a-z]+\s+(?:[a-z]+\s+){{0,4}}?)?(?:of\s+|is\s+)?{N}\s*(?::|to)"
                   rf"\s*{N}(?:\s*(?::|to)\s*{N})?")
OWNERS_OF = (re.compile(r"\bbetween\s+([a-z]+)(?:\s*,\s*([a-z]+))?\s+and\s+([a-z]+)"),  # between tom and ann
             re.compile(r"\b([a-z]+)(?:\s*,\s*([a-z]+))?\s+and\s+([a-z]+)\s+(?:share|split|divide)"),
             re.compile(r"\bratio\s+of\s+([a-z]+)()\s+to\s+([a-z]+)"))  # the ratio of boys to girls
PARTS_NAMED = re.compile(rf"{N}\s+parts?\s+(?:of\s+)?([a-z]+)")
NAMED_RATIO = re.compile(rf"(?<![\d.:]){N}\s*:\s*{N}(?:\s*:\s*{N})?\s+([a-z]+)\s*:\s*([a-z]+)(?:\s*:\s*([a-z]+))?")
UNITS = "|".join(MEASURES.values())  # "450g flour", "2 kg of sand": a part's amount in a unit
PART_ASKED = re.compile(rf"\bthe\s+(?:(?:one|person|child|kid|friend)\s+(?:with|who\s+(?:gets|has))\s+the\s+)?{N}"
                        r"\s+(?:part|share)\b")  # "how many does the one with the 3 part get"
SIZE_ASKED = re.compile(r"\b(larger|largest|bigger|biggest|greater|greatest|smaller|smallest|lesser|least)\s+"
                        r"(?:share|part|amount|one|number)\b")


def ratio_reading(text: str) -> str | None:
    """"Share 240 in the ratio 3:5. What is the larger share?" -> 240 * 5 / (3 + 5); "1 part cement, 2 parts sand
    and 3 parts gravel; 180 kg altogether: how many kg of sand?" -> 180 * 2 / (1 + 2 + 3): a whole shared in
    parts, and one part asked for by its size, its owner or its name."""
    numbers = NUMBER.findall(text)
    named = NAMED_RATIO.search(text)  # "1:2:3 cement:sand:gravel"
    if named and len([g for g in named.groups() if g]) % 2 == 0:
        parts, names = [g for g in named.groups()[:3] if g], [g for g in named.groups()[3:] if g]
    elif ratio := RATIO.search(text):
        parts = [n for n in ratio.groups() if n]
        owners = [[n for n in m.groups() if n] for pattern in OWNERS_OF if (m := pattern.search(text))]
        names = owners[0] if len(owners) == 1 else []
    else:
        found = PARTS_NAMED.findall(text)
        parts, names = [n for n, _ in found], [name for _, name in found]
    rest = list(numbers)
    for part in parts:
        rest.remove(part) if part in rest else None
    if (by_part := PART_ASKED.search(text)) and by_part.group(1) in rest:  # "the one with the 3 part": a part named
        rest.remove(by_part.group(1))
    if len(rest) == 2 and str(len(parts)) in rest:  # "between 3 children in the ratio 2:3:2": one count per part
        rest.remove(str(len(parts)))
    if len(parts) < 2 or len(rest) != 1 or not all(Fraction(p) > 0 for p in parts):
        return None
    whole, total = rest[0], " + ".join(parts)
    if re.search(r"\b(?:more|fewer|less|than|difference|left)\b", text):
        return None
    asked_part = _asked_part_of(text, parts, names)
    counted = re.search(rf"(?<![\d.]){re.escape(whole)}\s*(?:(?:{UNITS})\s+)?(?:of\s+)?([a-z]+)", text)
    given = [part for part, name in zip(parts, names, strict=False)
             if counted and singular(counted.group(1)) == singular(name)]
    if given:  # "3:4 boys to girls, there are 12 boys: how many girls?" -> 12 * 4 / 3: the number is one part
        return f"{whole} * {asked_part} / {given[0]}" if len(given) == 1 and asked_part and len(names) == len(
            parts) and parts.count(given[0]) == 1 and asked_part != given[0] else None
    return f"{whole} * {asked_part} / ({total})" if asked_part else None


def _asked_part_of(text: str, parts: list[str], names: list[str]) -> str | None:
    """The part the question asks for: by its size ("the larger share"), by its number ("the one with the 3 part"),
    or by its owner or name, asked last."""
    if size := SIZE_ASKED.search(text):
        return max(parts, key=Fraction) if size.group(1)[0] in "lbg" and size.group(1) not in ("least", "lesser") \
            else min(parts, key=Fraction)
    if (by_part := PART_ASKED.search(text)) and parts.count(by_part.group(1)) == 1:
        return by_part.group(1)
    asked = re.search(r"\b(?:how\s+(?:many|much)|what)\b(.*)$", text)
    named = [i for i, name in enumerate(names) if asked and re.search(rf"\b{re.escape(name)}\b", asked.group(1))]
    return parts[named[0]] if len(named) == 1 and len(names) == len(parts) else None
