"""Whether a count asked for is of whole things, and which way a reading rounds to them:

    whole_count("150 eggs in boxes of 12: how many full boxes?")          -> "floor"
    whole_count("how many tins do i need")                               -> "ceil"
    counts_things("how many sweets does each child get")                 -> True
    held_in_wholes("round tables seat 10, 186 guests, how many tables")  -> True
"""
from __future__ import annotations

import re

from .asked import given_and_asked
from .asked_units import MEASURE_WORD
from .measures import MEASURES, name_of

ENOUGH = re.compile(r"\b(?:till|until|til|before)\b[^.?!]*\b(?:enough|reach\w*|hit|make\s+it|(?:can|could)\s+(?:buy"
                    r"|afford|get|pay\s+for)|have\s+(?:it|saved|the)|at\s+least)\b")  # "how many weeks till I can buy
# it", "until i've got at least £1000"
# Periods that are whole: days booked, and the months until a debt is cleared ("how many months to pay it off").
WHOLE_PERIODS = re.compile(r"\bhow\s+many\s+(?:days|nights|weeks|hours|sessions)\b[^.?!]*\b(?:book|hire|rent"
                           r"|reserve)\b|\bhow\s+many\s+(?:months|weeks|payments|years)\b[^.?!]*\b(?:pay\s+(?:it"
                           r"|this|that|the\s+\w+)?\s*off|clear\s+(?:it|this|that|the))\b")
NEEDED = re.compile(r"\b(?:need|needed|needs|have\s+to|must|should|required)\b")


# A whole number asked rounded one way: not "rounded up to 1 dp", "to the nearest 10" or "round up the 30 kids"
ROUNDED_UP_OR_DOWN = re.compile(r"\bround(?:ed|ing)?\s+(?:it\s+|that\s+|this\s+|them\s+)?(up|down)\b"
                                r"(?!\s+to\s+(?:the\s+)?(?:nearest\s+)?(?:\d|one\s+d|two|three|ten|hundred|thousand|half"
                                r"|quarter|fifth|decimal|tenth|hundredth|penny|pence|cent|significant)"
                                r"|\s+(?:the|all|my|our|your|his|her|their|every\w*|some|\d))")
SOLD_IN = re.compile(r"\b(?:sells?|sold|comes?|supplied|available)\s+(?:it\s+|them\s+)?(?:only\s+)?in\s+\d")
WHOLE_ASKED = (  # (pattern, function): a count of the whole things needed, or of the whole things that fit
    (re.compile(r"\b(?:least|smallest|minimum|min|fewest)\s+number\s+of\s+([a-z]+)"
                r"|\bhow\s+many\s+(?:full\s+|whole\s+|complete\s+)?([a-z]+)\b[^.?!]*\b(?:need|needed"
                r"|have\s+to\s+(?:buy|get|order)|(?:must|should|do)\s+\w+\s+(?:buy|get|order|book|hire)"
                r"|(?:have|has)\s+(?:i|we|you|they|he|she)\s+got\s+to"  # "how many batches have i got to brew"
                r"|to\s+(?:buy|book|order|hire))\b"
                r"|\b(?:to|want|need)\s+(?:pack|fit|carry|seat|feed|serve|transport|post|ship|\d+)\b[^.?!]*\bhow\s+many\s+"
                r"([a-z]+)\s*[?.!]*$"  # "i've got 500 to pack, how many boxes", "i want 160, how many packs"
                r"|\bhow\s+many\s+([a-z]+)\b[^.?!]*\b(?:should|must|shall|do|will|would)\s+(?:i|we|you|he|she|they)\s+"
                r"(?:make|bring|take|cook|bake|prepare)\b"  # "how many trays should i make"
                r"|\bhow\s+many\s+([a-z]+)\s+(?:(?:do|would|will)\s+(?:i|we|you)\s+)?(?:need\s+)?(?:for\b(?!\s+(?:each"
                r"|every|one|a|an|them|it)\b)|to\s+(?:fill|feed|cover|seat|serve|pack|carry)\b)"),  # "for 500 cookies"
     "ceil"),
    (re.compile(r"\b(?:greatest|largest|maximum|max|most)\s+number\s+of\s+([a-z]+)"
                r"|\bhow\s+many\s+(?:full|whole|complete)\s+([a-z]+)"
                r"|\bhow\s+many\s+([a-z]+)\b[^.?!]*\b(?:can|could)\s+(?:i|we|you|he|she|they|it)\s+(?:make|fill|get|cut"
                r"|buy|afford|pack|fit|seat|serve)\b|\bhow\s+many\s+([a-z]+)\b[^.?!]*\bwill\s+(?:i|we|you|he|she|they)"
                r"\s+get\b"), "floor"),
)


def whole_count(question: str) -> str | None:
    """"ceil" where the question asks how many are needed ("how many tins do I need", "how many whole balls do I
    need to buy"), "floor" where it asks how many whole things fit ("how many full boxes", "how many pieces can I
    cut"), of things that are counted, not
    measured (hours may be 41.67) unless asked whole ("how many full days"); else None."""
    text = question.lower()
    if said := ROUNDED_UP_OR_DOWN.search(text):
        return "ceil" if said[1] == "up" else "floor"  # "how many hours, rounded up to a whole hour"
    if HOW_MANY.search(text) and ENOUGH.search(text) or WHOLE_PERIODS.search(text):
        return "ceil"  # "how many whole weeks till i've got enough": the week it is reached; WHOLE_PERIODS
    if SOLD_IN.search(text) and HOW_MANY.search(text) and not re.search(r"\b(?:full|whole|complete)\b", text):
        return "ceil"  # "sells it in 2.4m lengths, how many lengths": whole lengths bought
    for pattern, function in WHOLE_ASKED:
        if (m := pattern.search(text)) and (thing := name_of(next(g for g in m.groups() if g))) is not None:
            whole = re.search(r"\b(?:full|whole|complete)\s+$", m.string[:m.start(next(
                i for i, g in enumerate(m.groups(), 1) if g))])  # "how many full days": whole days, a measure
            if whole and function == "ceil" and not NEEDED.search(text):  # "how many full jars do i get"
                function = "floor"
            if thing in KITCHEN_MEASURES:
                return None  # "how many cups of flour do i need": a measure of the flour, 3.75 cups
            return None if thing in ("square", "cubic", "sq") or thing in MEASURES and not whole else function
    return None


KITCHEN_MEASURES = {"cup", "teaspoon", "tablespoon", "tsp", "tbsp", "spoonful", "spoon"}


DIVISIBLE = {"lap", "length", "calorie", "kcal", "point", "serving", "portion", "pizza", "cake", "loaf", "batch",
             "dose", "cup", "spoonful", "scoop", "turn", "revolution", "rotation", "step", "unit",
             *KITCHEN_MEASURES}  # 12.5 laps, 7.5 tablespoons
HOW_MANY = re.compile(r"\bhow\s+many\s+(?:more\s+|fewer\s+|less\s+|extra\s+|full\s+|whole\s+)?([a-z]+)")
MEASURED = re.compile(rf"\d\s*(?:{MEASURE_WORD})(?![a-z])|[$€£]\s*\d")


def counts_things(question: str) -> bool:
    """Does the question ask how many of some things that are counted, whose number is whole: "how many sweets
    does each get", "30 sweets between 4: how many does each get"? Not how many of a measure ("how many litres",
    "how many hours") or of things people count in parts (DIVISIBLE), how many times or percent, or a "how many"
    that names nothing beside measured numbers."""
    text = question.lower()
    if not (m := HOW_MANY.search(text)) or m.group(1) in ("times", "percent", "square", "cubic", "sq"):
        return False
    thing = name_of(m.group(1))
    return thing not in MEASURES and thing not in DIVISIBLE if thing else not MEASURED.search(text)


HOLDER_ASKED = re.compile(r"\bhow\s+many\s+([a-z]+)\b(?!\s+(?:per|a|an|each|every)\b)")
HOLDING = (r"\b{c}\w*(?:\s+each)?\s+(?:(?:can|will)\s+)?(?:holds?|seats?|fits?|takes?|carr(?:y|ies)|covers?|does|do"
           r"|makes?|serves?|feeds?|sleeps?)\s+(?:about\s+|up\s+to\s+)?[$€£]?\d"  # "round tables seat 10"
           r"|\b{c}\w*\s+of\s+\d"  # "they come in packs of 6", "cases of 24 boxes"
           r"|(?<![\d.])1\s+{c}\w*\s+(?:per|for\s+(?:every|each)|to\s+(?:every|each))\s+\d")  # "1 steward per 75"
GROUPINGS = {"group", "team", "pair", "set", "pile", "bundle"}  # "30 kids in groups of 4": 7 groups and 2 over, or 8
TAKEN_FROM_A_STOCK = re.compile(r"\b(?:can|could|full|fully|whole|complete|fill|fills|filled|left|over|spare|remain\w*"
                                r"|exactly|is\s+that|is\s+it|would\s+that\s+be|each|per)\b|n't\b")


def held_in_wholes(text: str) -> bool:
    """Does the question ask how many of a thing it says holds, seats or covers so many ("round tables seat 10, we
    have 186 guests, how many tables", "couplers come in boxes of 25, we need 210, how many boxes"), so that as many
    are needed as hold them all (ceil)? Not where it asks what can be filled or what is left ("how many boxes can I
    fill", "how many full boxes", "how many are left"), for which the holders' count is no answer."""
    given, asked = given_and_asked(text)
    holder = HOLDER_ASKED.search(asked)
    thing = holder and name_of(holder.group(1))
    if not thing or thing in MEASURES or thing in DIVISIBLE | GROUPINGS or TAKEN_FROM_A_STOCK.search(asked):
        return False
    return bool(re.search(HOLDING.format(c=re.escape(thing)), given))
