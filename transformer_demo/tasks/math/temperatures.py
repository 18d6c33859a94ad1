"""Temperatures, signs and all: a rise or a fall between two of them, one changed by some degrees, or one in the
other scale.

    temperature_reading("it was -7 degrees overnight and 12 degrees at lunchtime. how many degrees did it go up?")
        -> "12 - (-7)"
    temperature_reading("the temperature was 3 degrees and then it dropped by 9 degrees, what is it now")
        -> "3 - 9"
    scale_reading("oven recipe says 350 f, what is that in celsius")                     -> "(350 - 32) * 5 / 9"

Every number of the question must be a temperature (or the change); anything else is None.
"""
from __future__ import annotations

import re
from fractions import Fraction

DEGREES = r"\s*(?:°\s*[cf]?\b|degrees?(?:\s+(?:c|f|celsius|centigrade|fahrenheit))?\b)"
TEMPERATURE = re.compile(rf"(?<![\d.])(-?\d+(?:\.\d+)?){DEGREES}")
NUMBER = re.compile(r"(?<![\d.])-?\d+(?:\.\d+)?")
UP = r"(?:go(?:ne|es)?\s+up|went\s+up|rise|risen|rose|rises|warm(?:ed)?\s+up|climb(?:ed)?|increase[sd]?)"
DOWN = r"(?:go(?:ne|es)?\s+down|went\s+down|fall(?:en)?|fell|falls|drops?|dropped|droped|cool(?:ed)?|decrease[sd]?)"
ASKED_RISE = re.compile(rf"\bhow\s+(?:many\s+degrees|much)\s+(?:did|has|does|will)\s+(?:it|the\s+temperature)\s+{UP}"
                        r"|\bhow\s+much\s+(?:warmer|hotter|higher)\b")
ASKED_FALL = re.compile(rf"\bhow\s+(?:many\s+degrees|much)\s+(?:did|has|does|will)\s+(?:it|the\s+temperature)\s+{DOWN}"
                        r"|\bhow\s+much\s+(?:colder|cooler|lower)\b")
ASKED_GAP = re.compile(r"\b(?:the\s+)?(?:difference|range)\b")
CHANGE = re.compile(rf"\b(?:(?P<up>{UP})|{DOWN})\s+(?:by\s+|another\s+|a\s+further\s+)?(\d+(?:\.\d+)?)(?:{DEGREES})?")
ASKED_NOW = re.compile(r"\bwhat(?:'s|s|\s+is|\s+was|\s+will)\s+(?:it|the\s+(?:new\s+)?temp(?:erature)?)(?:\s+be)?"
                       r"(?:\s+now|\s+then|\s+at\s+the\s+end)?\b|\bnew\s+temperature\b"
                       r"|\bwhat\s+(?:does|will)\s+(?:it|the\s+thermometer)\s+(?:read|say|show)\b")
# Numbers said without "degrees" in a question about temperatures: "freezer is -18 and fridge is 4 degrees"
THERMAL = re.compile(r"\bdegrees?\b|°|\btemp(?:erature)?s?\b|\bthermometer\b")
NOT_THERMAL = re.compile(r"[$€£%]|\bper\b|\bevery\b|\ba\s+(?:day|hour)\b")  # money, or a rate of change


def temperature_reading(text: str) -> str | None:
    """The one reading of a question about temperatures (module docstring), or None."""
    temperatures, numbers = TEMPERATURE.findall(text), NUMBER.findall(text)
    if len(numbers) == 2 and THERMAL.search(text) and not NOT_THERMAL.search(text):
        temperatures = numbers[:1] + temperatures[1:] if CHANGE.search(text) else numbers
    if len(numbers) != 2 or not temperatures or numbers[0] != temperatures[0]:
        return None
    change = CHANGE.search(text, text.find(numbers[0]) + len(numbers[0]))
    if change and ASKED_NOW.search(text):  # "3 degrees, then it dropped by 9 degrees: what is it now?"
        if change.group(2) != numbers[1]:
            return None
        return f"{numbers[0]} {'+' if change.group('up') else '-'} {change.group(2)}"
    if len(temperatures) != 2:
        return None
    first, second = (Fraction(t) for t in temperatures)
    rise, fall, gap = ASKED_RISE.search(text), ASKED_FALL.search(text), ASKED_GAP.search(text)
    if bool(rise) + bool(fall) + bool(gap) != 1:
        return None
    if rise and second > first or gap and second >= first:
        return f"{temperatures[1]} - ({temperatures[0]})"
    if fall and second < first or gap:
        return f"{temperatures[0]} - ({temperatures[1]})"
    return None


SCALES = r"(c|f|celsius|centigrade|fahrenheit)\b"
SCALE = re.compile(rf"(?<![\d.])(-?\d+(?:\.\d+)?)\s*(?:°\s*|degrees?\s+)?{SCALES}")
IN_SCALE = re.compile(rf"\b(?:in|into|to)\s+(?:degrees\s+)?{SCALES}|\bhow\s+many\s+degrees\s+{SCALES}")


def scale_reading(text: str) -> str | None:
    """"350 f, what is that in celsius?" -> (350 - 32) * 5 / 9; "20 degrees c in fahrenheit" -> 20 * 9 / 5 + 32:
    one temperature, asked in the other scale."""
    given, asked, numbers = SCALE.findall(text), IN_SCALE.search(text), NUMBER.findall(text)
    if len(given) != 1 or not asked or len(numbers) != 1 or given[0][0] != numbers[0]:
        return None
    source, target = given[0][1][0], (asked.group(1) or asked.group(2))[0]
    if {source, target} == {"c", "f"} and source == "f":
        return f"({given[0][0]} - 32) * 5 / 9"
    return f"{given[0][0]} * 9 / 5 + 32" if {source, target} == {"c", "f"} else None
