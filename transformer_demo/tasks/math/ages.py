"""Ages then or later, from two people's ages now, and from a difference and a total: one exact reading each
(everyday.py's readers; formulas.read_formula gives a value only where exactly one reader reads the question).

    In 26 years my daughter will be 31. How old is she now?                         -> 31 - 26
    I'm 34 and my son is 9. How old will I be when he is 21?                       -> 34 + (21 - 9)
    my brother is 5 years older than me and our ages add up to 27. how old am i     -> (27 - 5) / 2
"""
from __future__ import annotations

import re

from .program import evaluate
from .reading import NUMBER, N

AGES = (  # (pattern, program): "is 13 ... how old will she be in 8 years" -> 13 + 8
    (rf"\b(?:is|am|are|i'm|turned)\s+{N}(?:\s+years?(?:\s+old)?)?\b.*\bhow\s+old\s+(?:will|would)\s+\w+\s+be\s+in\s+{N}"
     r"\s+years?\b", "{0} + {1}"),
    (rf"\b(?:is|am|are|i'm)\s+{N}(?:\s+years?(?:\s+old)?)?\b.*\bhow\s+old\s+(?:was|were)\s+\w+\s+{N}\s+years?\s+ago\b",
     "{0} - {1}"),
    (rf"\bin\s+{N}\s+years?\b.*\bwill\s+be\s+{N}\b.*\bhow\s+old\s+(?:is|am|are)\s+\w+(?:\s+now)?\b", "{1} - {0}"),
    (rf"\b{N}\s+years?\s+ago\b.*\b(?:was|were)\s+{N}\b.*\bhow\s+old\s+(?:is|am|are)\s+\w+(?:\s+now)?\b", "{1} + {0}"),
    (r"\bborn\s+in\s+(\d{4})\b.*\bhow\s+old\b.*\bin\s+(\d{4})\b", "{1} - {0}"),  # born in 2009 ... in 2031
    (r"\bborn\s+in\s+(\d{4})\b.*\bin\s+(\d{4})\b.*\bhow\s+old\b", "{1} - {0}"),
    (rf"\bwhen\s+\w+\s+(?:was|were)\s+born\b[^.?!]*\b(?:was|were)\s+{N}(?:\s+years?(?:\s+old)?)?\b.*\b(?:is|am|are|i'm)"
     rf"\s+(?:now\s+)?{N}\b.*\bhow\s+old\s+(?:is|am|are)\b", "{0} + {1}"),  # when i was born my father was 33
    *((rf"\b(?:is|'s)\s+{N}\s+years?\s+{than}\s+than\s+me\b.*\b(?:our\s+ages|together|combined)\b[^.?!]*?\b(?:adds?\s+"
       rf"up\s+to|comes?\s+to|total|is|are|make)\s+{N}\b.*\bhow\s+old\s+{who}", program)  # older than me, ages add up
      for than, who, program in (("older", r"am\s+i\b", "({1} - {0}) / 2"), ("younger", r"am\s+i\b", "({1} + {0}) / 2"),
                                 ("older", r"(?:is|'s)\s+(?!i\b)\w+", "({1} + {0}) / 2"),
                                 ("younger", r"(?:is|'s)\s+(?!i\b)\w+", "({1} - {0}) / 2"))),
)


def age_reading(text: str) -> str | None:
    """An age then or later (AGES); every number of the question is one of the reading's."""
    count = len(NUMBER.findall(text))
    readings = [program.format(*m.groups()) for pattern, program in AGES
                if (m := re.search(pattern, text)) and len(m.groups()) == count]
    return readings[0] if len(readings) == 1 and evaluate(readings[0]).value >= 0 else None  # no age is negative


HOLDS_AGE = re.compile(rf"\b(i'm|im|i\s+am|[a-z]+\s+(?:is|was))\s+{N}\b"
                       r"(?!\s*(?:times|x|years?\s+(?:older|younger)|more|less|%)\b)")  # not "is 3 times my age"
OWNERS = r"(?:my|your|his|her|their|our)\s+"
AGE_WHEN = re.compile(rf"\bhow\s+old\s+(?:will|would)\s+(?:{OWNERS})?([a-z]+)\s+be\s+when\s+(?:{OWNERS})?([a-z]+)\s+"
                      rf"(?:is|am|turns|will\s+be|gets\s+to|reaches)\s+{N}\b"  # or "when i am 20, how old will he be"
                      rf"|\bwhen\s+(?:{OWNERS})?(?P<other>[a-z]+)\s+(?:is|am|turns|gets\s+to|reaches)\s+(?P<age>{N[1:-1]})\b,?\s+"
                      rf"how\s+old\s+(?:will|would)\s+(?:{OWNERS})?(?P<asked>[a-z]+)\s+be\b")


def age_when_reading(text: str) -> str | None:
    """"I'm 34 and my son is 9. How old will I be when he is 21?" -> 34 + (21 - 9): two people's ages now, and
    one's age when the other reaches an age; who is who is read from "I" and their names, else None."""
    text = re.sub(r"\bi'?m\b", "i am", text)
    when = AGE_WHEN.search(text)
    held = HOLDS_AGE.findall(text, 0, when.start()) if when else []
    if len(held) != 2 or not when or len(NUMBER.findall(text)) != 3:
        return None
    people = [("i" if who.startswith(("i'm", "im", "i ")) else who.split()[0], age) for who, age in held]
    asked, other, age = (when.group(1), when.group(2), when.group(3)) if when.group(1) else when.group(
        "asked", "other", "age")
    names = [who for who, _ in people]
    if asked == "i" or asked in names and other not in names:
        first = names.index(asked) if asked in names else -1
    elif other == "i" or other in names:
        first = 1 - names.index(other)
    else:
        return None
    if first < 0 or names[first] == names[1 - first]:
        return None
    return f"{people[first][1]} + ({age} - {people[1 - first][1]})"
