"""The unit a word problem asks for (quantities.Reading.asked): "how many full coaches" asks for coaches, "how many
cookies each kid gets" for cookies per kid, "how much does it cost" for money, "how far" for the question's one length,
"how old" for years, and "..., in cents" names the measure."""
from __future__ import annotations

import re

from .asked import given_and_asked
from .asked_money import EACH_AT_END, EACH_PAYS, MONEY_ASKED, PAYING, RATE_ASKED, SENTENCE, WORD
from .asked_periods import PERIODS
from .measures import LENGTHS, MEASURES, UNKNOWN, Unit, name_of, rate_unit
from .nouns import CUBIC, SQUARE, noun_after

NUMBER_OF_ASKED = re.compile(rf"\bwhat(?:'s|\s+is|\s+was|\s+will\s+be)\s+the\s+(?:(?:least|smallest|minimum|fewest"
                             rf"|greatest|largest|maximum|most|total)\s+)?number\s+of\s+({WORD})\b")
ASKED_PER = re.compile(rf"\b(?:each|every|per)\s+(?:{WORD}\s+)??({WORD})\b"
                       rf"|\b(?:in|on)\s+(?:the|a|one)\s+({WORD})\s*[?.!]*$"
                       rf"|\b(?:a|an)\s+(second|minute|hour|day|week|month|year)\b(?=\s*[?.!]*$|\s+(?:is\s+that|on\s+average))")
CONDITION = re.compile(r"\b(?:if|when|given|because|since)\b")  # a clause that gives, after what is asked
MEASURE_WORD = "|".join(f"(?:{words})" for words in MEASURES.values())
TOTAL_MEASURE = re.compile(rf"(?:^|[,.;:?]\s*)(?:and\s+)?(?:the\s+|my\s+)?total\s+({MEASURE_WORD})\s*[?.!]*$")
SPEED_ASKED = re.compile(rf"\b(?:speed|rate|pace)\b.*?\bin\s+({MEASURE_WORD})\s+(?:per|an?)\s+"  # "pace ...? in min/km"
                         rf"({MEASURE_WORD})\b|\bwhat\s+({MEASURE_WORD})\s+per\s+({MEASURE_WORD})\s+(?:is|was)\b")
CONVERT_ASKED = re.compile(r"^(?:convert|change|turn|express|write)\b|\b(?:make|convert|change|turn|put|write)\s+"
                           r"(?:it|that|this|them)\s+(?:in|into)\s+[a-z]+\s*[?.!]*$")  # "... when i make it in minutes"
QUANTITY_ASKED = re.compile(r"\bwhat(?:'s|s|\s+is|\s+was)\s+(?:its|the|their|his|her|my|our)\s+(?:total\s+)?"
                            r"(?:volume|capacity|area|length|weight|mass|height|width|distance)\b")  # "... in litres"
RATE_AT_END = re.compile(rf"(?:^|[,.;:?]\s*)(?:the\s+|total\s+|max\s+)?({WORD})\s+(?:per|a|an)\s+({WORD})\s*[?.!]*$")
IN_MEASURE = re.compile(rf"(?:(?:,\s*|\(|\s)(?:in|into)\s+|\(\s*)({MEASURE_WORD})\s*\)?\s*[?.!]*$")  # "(in g)", "(g)"


def money_asked(text: str) -> Unit:
    """Money, or money for each one where the question ends "how much each" ("the coach is 540 and 36 of us are
    going, how much each")."""
    return rate_unit("money", "*") if EACH_AT_END.search(text) else (("money", 1),)


def asked_unit(text: str) -> Unit | None:
    """The unit the question asks for: "how many full coaches" -> coaches, "how many cookies each kid gets" ->
    cookies per kid, "how much does it cost" -> money, "how far" -> the question's one length, "how old" -> years;
    "..., in cents" names the measure."""
    asked: Unit | None = None
    if number := NUMBER_OF_ASKED.search(text):  # "what is the least number of volunteers we need?"
        asked = ((name_of(number.group(1)), 1),) if name_of(number.group(1)) else None
    elif m := re.search(rf"\bhow\s+many\s+({SENTENCE})", text):
        thing, stop = noun_after(m.group(1))
        if thing:
            per = ASKED_PER.search(CONDITION.split(m.group(1)[stop:])[0])  # not "..., if each tray holds 6"
            power = (SQUARE.match(m.group(1)) and 2 or CUBIC.match(m.group(1)) and 3 or 1) if thing in LENGTHS else 1
            asked = ((thing, power),)  # how many square metres, cubic metres
            if per:
                name = per.group(1) or per.group(2) or per.group(3)
                asked = rate_unit(thing, "*" if name in ("one", "person", "of") else name_of(name))
    elif rate := RATE_ASKED.search(text):
        asked = rate_unit("money", PERIODS.get(rate[1], rate[1]))
    elif money := MONEY_ASKED.search(text):
        per = EACH_PAYS.search(text, money.start())
        name = per and (per.group(1) or per.group(2) or per.group(3))
        anyone = name in ("one", "person", "of") or re.fullmatch(PAYING, name or "")  # "how much does each pay"
        asked = rate_unit("money", "*" if anyone else name_of(name)) if per else money_asked(text)
    elif total := TOTAL_MEASURE.search(text):  # "..., total km?"
        asked = ((name_of(total.group(1)), 1),)
    elif re.search(r"\bhow\s+far\b", text):
        lengths = {name for name in re.findall(rf"\d\s*({MEASURE_WORD})\b", text) if name_of(name) in LENGTHS}
        asked = ((name_of(lengths.pop()), 1),) if len({name_of(n) for n in lengths}) == 1 else None
    elif speed := SPEED_ASKED.search(text):  # "what is her speed in km per hour?"
        asked = rate_unit(name_of(speed.group(1) or speed.group(3)), name_of(speed.group(2) or speed.group(4)))
    elif long := re.search(rf"\bhow\s+long\s+in\s+({MEASURE_WORD})\b", text):  # "how long in hours to do 120 km"
        asked = ((name_of(long.group(1)), 1),)
    elif re.search(r"\bhow\s+old\b", text):
        asked = (("year", 1),)
    elif (size := re.search(r"\bhow\s+(?:long|heavy|tall|wide|high|deep)\b", text)) and IN_MEASURE.search(text):
        per = re.compile(rf"\beach\s+({WORD})\b").search(text, size.start())
        asked = rate_unit(UNKNOWN, name_of(per.group(1))) if per else ((UNKNOWN, 1),)
    if asked is None and re.search(r"\bhow\s+(?:much|many)\b|\btotal\b|\baltogether\b", text) and (
            measure := IN_MEASURE.search(text)):
        asked = ((name_of(measure.group(1)), 1),)  # "how much yeast (g)", "total weight in kg?"
    if asked is None and (rate := RATE_AT_END.search(text)) and name_of(rate[2]) and name_of(rate[1]) in {
            name_of(word) for word in re.findall(r"\d\s*([a-z]+)", text)}:  # a thing the numbers count
        asked = rate_unit(name_of(rate[1]), name_of(rate[2]))  # "125 meals a day 5 days a week. meals per week?"
    if asked is None and (CONVERT_ASKED.search(text) or QUANTITY_ASKED.search(text)) and IN_MEASURE.search(text):
        asked = ((UNKNOWN, 1),)  # "convert 3 hours 40 minutes into minutes": the measure named
    if asked and (measure := IN_MEASURE.search(text)):
        asked = tuple(sorted([(name, p) for name, p in asked if p < 0] + [(name_of(measure.group(1)), 1)]))
    return None if asked and any(name == UNKNOWN for name, _ in asked) else asked


def asked_clause(text: str) -> str:
    """What a question asks (asked.asked_words), or its last clause where no question word says ("..., weekly
    cost?"), not a rate it gives ("12.50 per kid per hour, 3 kids for 2 hours, total?")."""
    given, asked = given_and_asked(text)
    return asked if given else re.split(r"[,.;:!]\s+", text.rstrip("?.! "))[-1]
