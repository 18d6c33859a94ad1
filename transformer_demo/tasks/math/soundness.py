"""Is a program a sound calculation for a question in a wording no family lists?

A sound program is a calculation on the question's own numbers (and the families' constants, only where the
question's words call for them), names no operation the question does not (OPERATION_WORDS) and leaves out none it
names only that way (NAMED_ONLY), keeps the question's order for "-", "/" and "^" and the signs of its negative
numbers (structure.py), and makes a quantity of the units it multiplies (units.py) and a percentage of a number the
question gives (percentages.py).
`unsound` says why a program is not one, as a clause, or returns None.
"""
from __future__ import annotations

import re
from collections import Counter

from .demands import unmet
from .families import FAMILIES
from .formulas import asked_part, calculators_pi
from .measures import name_of, powered
from .percent_checks import percent_mismatch
from .program import ProgramError, evaluate
from .quantities import read_quantities
from .reading import A_RATE_OF, IMPLIED, WEEKDAYS
from .rounding import without_precision
from .spoken import count_left_out
from .structure import mismatch, sign_mismatch
from .units import rate_added, unit_mismatch

NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def stray_numbers(question: str, program: str, template: str) -> list[str]:
    """Numbers in the program that are neither in the question nor constants of the family's program (3.14, 2)."""
    allowed = set(NUMBER.findall(question)) | set(NUMBER.findall(re.sub(r"{\w}", "", template)))
    return sorted(set(NUMBER.findall(program)) - allowed)


# The families' constants (4 * a, 3.14 * a ^ 2, ...) and the words that call for each: an unlisted wording may
# use a constant only where it says what the constant is for (a "4" in "9 squared" is no side count).
CONSTANT_WORDS = {
    "4": r"perimeter|fence|around|border|edge",
    "3.14": r"circle|radius|round|\bpi\b|π",
    "2": r"squared?|(?<![a-z])²|circle|radius|integra|derivative|slope|double|twice|half|halve|\d\s*x\s*\^|each\s+way",
    "3": r"cubed?|³",
    "6": r"\bdie\b|dice|six-sided",
    "5": WEEKDAYS,
    "12": r"\bdozens?\b",
    "100": r"%|percent",
}


# How often one program may use a constant the question does not write: as often as a family's program does
# (the integral's a * b ^ 2 / 2 uses 2 twice), so that "4 * 12 * 4" is no perimeter.
CONSTANT_USES = Counter({c: max(1, *(NUMBER.findall(re.sub(r"{\w}", "", f.program)).count(c) for f in FAMILIES))
                         for c in CONSTANT_WORDS})


def constants_for(question: str) -> str:
    """The constants this question's words call for, as one string of numbers."""
    return " ".join(c for c, words in CONSTANT_WORDS.items() if re.search(words, question, re.IGNORECASE)
                    and not (c == "3.14" and calculators_pi(question)))  # "use the pi button": no 3.14

# How a question names each operation of a program; an unlisted wording must name every one its program uses.
IN_GROUPS_OF = (r"\b(?:in|into)\s+(?:\w+\s+){0,2}?(?:rows|groups|lots|teams|cartons|boxes|bags|packs|piles|stacks|sets"
                r"|bundles)\s+of\b")  # "156 chairs in rows of 13": a division
INTO_PARTS = (r"\b(?:cut|split|divided|shared|broken|separated|chopped|sliced|poured)\s+(?:up\s+)?(?:equally\s+)?"
              r"(?:into|in)\s+\d+")  # "a rope cut into 9 equal pieces": a division
NEGATED = re.compile(r"\b(?:no\s+one|nobody|none|nothing|not|never|\w+n't)\b[^.,;?!]*", re.IGNORECASE)  # names nothing
EACH_GETS = (r"\bhow\s+(?:much|many|long|far|big|heavy|wide|tall)\b[^.?!]*?\b(?:each|every|per|a|an)\s+"
             r"(?!(?:few|lot|bit|little|total)\b)[a-z]+(?:\s+[a-z]+)?\s*[?.!]*\s*$|"  # "... does it go each hour?"
             + INTO_PARTS +
             r"|\beach\s+(?:one|person|friend|kid|child|student|of\s+them)\s+(?:gets?|pays?|receives?)\b"
             r"|\bhow\s+(?:much|many)\s+(?:[a-z]+\s+){0,2}each\s*[?.!]*\s*$"  # "..., how many hrs each"
             r"|\b(?:price|cost|amount|share)\s+(?:per|a)\s+(?:head|person)\b")  # "the price per head"
SHARE_ASKED = re.compile(EACH_GETS, re.IGNORECASE)
OPERATION_WORDS = {  # the word problems' verbs too: "6 go home" takes away, "a box holds 22" counts per box
    "+": r"plus|add|sum|total|more|altogether|together|combined|increased|in all|both|gets|got|receives|received"
         r"|finds|found|joins|joined|arrives|arrived|\+",
    "-": r"minus|subtract|difference|take|less|fewer|left|decreased|reduced|deduct|remov|remain"
         r"|eats|ate|gives|gave|loses|lost|spends|spent|sells|sold|uses|used|breaks|broke|still"
         r"|go(?:es)? home|went home|go(?:es)? away|went away|gets? off|got off|stay"
         r"|how (?:much|many)(?: \w+)? (?:bigger|larger|greater|more|taller|older|longer|heavier|smaller|shorter"
         r"|younger)"
         r"|\bdic?e\b.*\b(?:more|higher|greater|bigger|larger|above|over)\b"  # a die's faces above 4: 6 - 4
         r"|\b(?:more|higher|greater|bigger|larger|above|over)\b.*\bdic?e\b|-",
    "*": r"times|multipl|product|area|perimeter|derivative|slope|integra|squared|cubed|power|\bx\b|\*|×|%\s*of"
         r"|percent of|\beach\b|\bevery\b|per|lots of|groups of|rows of|holds|hold|contains|contain|carries|carry"
         r"|fits?\b"
         r"|around|fence|border|doubl|twice|tripl|quadrupl"
         r"|(?:boxes|packs|packets|bags|cartons|crates|cases|trays|sets|bundles|stacks) of \d",
    "/": IN_GROUPS_OF + "|" + EACH_GETS + r"|divid|quotient|over|per|/|÷|integra|average|mean|probability|chance"
                                           r"|odds|share|split|%|percent|ways|half|halv|third|quarter",
    "^": r"area|circle|integra|power|square(?!\s+root)|cube(?!\s+root)|raise|\^",
    "median": r"median|middle",
    "mean": r"mean|average",
    "sqrt": r"root|√|sqrt",
    "pct": r"probability|chance|odds|percent|%",
}


# Phrases whose words would name an operation they do not ask for: "how many times does 8 go into 96" is no
# multiplication, "how many more does Ben have than Anna" no sum, "156 chairs in rows of 13" no product.
NOT_NAMING = {
    "*": re.compile(rf"\bhow\s+many\s+times\b|{IN_GROUPS_OF}|{EACH_GETS}", re.IGNORECASE),
    "+": re.compile(r"\bhow\s+(?:many|much)\s+more\b", re.IGNORECASE),
    "^": re.compile(r"\b(?:square|sq\.?|cubic)\s*(?:metres?|meters?|m|cm|mm|km|feet|foot|ft|inch(?:es)?|yards?|miles?"
                    r"|units?)\b", re.IGNORECASE),  # "120cm x 60cm in square metres": a unit, no power
}
# The operation words that only ever name their operation: a program for a question that says one must use it.
NAMED_ONLY = {"+": r"\b(?:plus|add|adds|added|adding)\b(?!\s+(?:nothing|no\b))|\+", "-": r"\b(?:minus|subtract\w*)\b",
              "*": r"\b(?:times|multipl\w*)\b|×", "/": r"\b(?:divided|divide)\b|÷|(?<![\w/.)])/\s*\d",  # "then /12"
              "^": r"[\d)]\s*(?:squared|cubed)\b|[\d)]\s*[²³^]|\bto\s+the\s+power\b"}  # "(-2) cubed + 10"

PART_OF_WHOLE = re.compile(r"pct\((\d+(?:\.\d+)?)/\(\1\+\d+(?:\.\d+)?\)\)")  # a chance: part / (part + rest)


def operations(program: str) -> set[str]:
    return set(re.findall(r"[a-z]+(?=\()|[-+*/^]", program))


# A program that leaves out a number its words say (reading.IMPLIED) reads the question without them ("buy one get
# one half price, 2 at 18": 2 * 18 misses the half). A multi-buy offer is a rule no program here is checked against.
OFFER = re.compile(r"\bbuy\s+(?:one|1|two|2)\s+(?:and\s+)?get\b|\bbogof?\b|\bfor\s+the\s+price\s+of\b"
                   r"|\b(?:3|three)\s+for\s+(?:2|two)\b(?!\s*(?:[$€£]|pounds?|dollars?|euros?|p\b|pence))",
                   re.IGNORECASE)


TIMES_AND_TOTAL = re.compile(r"\b(?:\d+(?:\.\d+)?\s+times|twice|double|three\s+times|four\s+times)\s+as\s+(?:many|much"
                             r"|old|long|tall|heavy)\b[^?!]*\b(?:together|altogether|in\s+total|combined|between\s+them"
                             r"|add\s+up|sum|total)\b", re.IGNORECASE)  # "3 times as many as Ben and together 84"
ADDED_ON = re.compile(r"\b(?:another|an\s+extra|plus\s+an?\s+(?:extra|further))\s+[$€£]?(\d+(?:\.\d+)?)(?![\d.])",
                      re.IGNORECASE)
FOR_EVERY = re.compile(r"\b(one|1|a|an)\s+(?:[a-z]+\s+){1,2}?(?:for|per|to)\s+(?:every|each)\s+(\d+(?:\.\d+)?)"
                       r"(?![\d.])", re.IGNORECASE)  # "one target face for every 4 archers"
AVERAGE_PER = re.compile(r"\baverage\s+(?:per|a|an|each|for\s+each)\s+[a-z]+", re.IGNORECASE)  # "average per arrow"
IN_EVERY = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s+(?:out\s+)?(?:in|of)\s+(?:every|each)\s+(\d+(?:\.\d+)?)(?![\d.])",
                      re.IGNORECASE)
# Two imperial units of one kind and how many of the smaller make the larger: a program of the question's numbers
# cannot convert between them unless the question says the number ("$18 per pound, 6 ounces": 16 ounces a pound).
IMPERIAL = ((r"\b(?:pounds?|lbs?)\b", r"\d\s*(?:ounces?|oz)\b", "16"),
            (r"\b(?:feet|foot|ft)\b", r"\d\s*(?:inch(?:es)?|in)\b", "12"),
            (r"\b(?:stones?|st)\b", r"\d\s*(?:pounds?|lbs?)\b", "14"), (r"\b(?:gallons?)\b", r"\d\s*pints?\b", "8"))
CLOCK_TIME = re.compile(r"(?<![\d.])\d{1,2}:\d\d(?![\d:])"  # "24:30", "7:45pm": a time or a duration
                        r"|\b\d+\s*(?:h|hrs?|hours?)\s*(?:and\s+)?\d+\s*(?:m|mins?|minutes?)\b"  # "2h 40m", "3m 20s"
                        r"|\b\d+\s*(?:mins?|minutes?)\s*(?:and\s+)?\d+\s*(?:s|secs?|seconds?)\b", re.IGNORECASE)
AVERAGE_ASKED = re.compile(r"(?:\b(?:what\w*|how|find|work\s+out|calculate)\b[^.?!]*"
                           r"|(?:^|[,;]\s*)(?:the\s+|my\s+|an?\s+)?)\b(?:average|mean)\b[^.?!,]*[?.!]*$",
                           re.IGNORECASE)  # "..., whats his batting average", "..., average per month?": a mean
AVERAGE_GIVEN = re.compile(r"\b(?:averages?|averaging|averaged)\s+(?:about\s+|around\s+|out\s+at\s+)?[$€£]?\d",
                           re.IGNORECASE)  # "songs average 3.75 minutes each"
TAKEN_AWAY_ASKED = re.compile(r"\b(?:how\s+much|what\w*)\b[^.?!]*\b(?:left|remaining|balance|outstanding|still\s+owe"
                              r"|profit)\b"
                              r"|\bhow\s+much\s+(?:do|does|did|will|would|can|could)\s+\w+\s+save\b|\bhow\s+much\s+cheaper\b"
                              r"|\bhow\s+(?:many\s+[a-z]+|long)\s+(?:will|would|does|do)\s+(?:it|they|that|this|the\s+[a-z]+)"
                              r"\s+last\b", re.IGNORECASE)  # what is left, saved or lasts: no product
# What one holder takes, with how many holders asked ("each soft play slot takes max 45 ..., how many slots").
HOLDER = re.compile(r"(?:^|\b(?:each|every|one|a|the)\s+)(?:[a-z]+\s+){0,2}?([a-z]+)\s+"
                    r"(?:takes?|holds?|fits?|seats?|carries)\s+(?:max\s+|up\s+to\s+|a\s+max(?:imum)?\s+of\s+)?\d",
                    re.IGNORECASE)
# An amount per one asked first, with no rate given after it ("how much per child: party came to 234, 18 kids").
PER_ASKED_FIRST = re.compile(r"^\s*how\s+much\s+(?:per|each|a|for\s+each)\s+[a-z]+\s*[:,?-]", re.IGNORECASE)
RATE_SAID = re.compile(r"\d\s*(?:[a-z]+\s+)?(?:a|an|per|each|every)\s+[a-z]+", re.IGNORECASE)
TRIPS_ASKED = re.compile(r"\bhow\s+many\s+(?:trips|journeys|runs|loads|goes|visits)\b", re.IGNORECASE)
CAPACITY = re.compile(r"\b(?:fits?|holds?|takes?|carries|carry|seats?)\s+\d", re.IGNORECASE)  # "van fits 48"


# The answer someone says a question has, where the question asks whether it is right: no number of the calculation
# ("my son says the area of a 6m by 9m rectangle is 30 square metres, what is it really").
CLAIM = re.compile(r"(\b(?:says|said|thinks|reckons|claims|wrote)\b[^.?!]{0,80}?)\s+(?:is|=|equals|makes|comes\s+to"
                   r"|gives)\s+-?\d+(?:\.\d+)?(?=[^.?!]*?\b(?:wrong|right|correct|really|actual|real|check)\b)"
                   r"|\b(?:says|said|thinks|reckons|claims|wrote)\s+(?:it'?s\s+)?-?\d+(?:\.\d+)?(?=[^.?!]*?\b(?:sure|wrong"
                   r"|right|correct|check|true)\b)", re.IGNORECASE)  # "my kid says 122 but i'm not sure"


RATE_AFTER = (r"(?<![\d.]){}\s*(?:[a-z]+\s+)?(?:a|an|per|each|every)\s+(?:day|week|month|year|hour|minute|night"
              r"|person)\b")  # "£24 a month": a rate


def unsound(question: str, output: str) -> str | None:
    """Why a program is no calculation for a question in an unlisted wording (a clause), or None if it is one."""
    question = CLAIM.sub(r"\1", powered(without_precision(question)))  # "to 2 decimal places", "per m2": its 2 is no
    # operand, nor the answer someone says it has
    numbers, asked = set(NUMBER.findall(output)), set(NUMBER.findall(question))
    if NUMBER.fullmatch(output.strip()) or not numbers & asked:
        return "is not a calculation on the question's numbers"
    percent = re.search(r"%|percent", question, re.IGNORECASE)  # "15% of 240": 15 / 100 * 240
    constants = constants_for(question)
    if stray := stray_numbers(question, output, constants):
        return f"uses {', '.join(stray)}, not in the question"
    if re.search(r"integra", question, re.IGNORECASE):  # "integrate 4x between 0 and 5": 4 * 5 ^ 2 / 2
        asked.discard("0")
    if asked - numbers:
        return f"leaves out {', '.join(sorted(asked - numbers))} of the question"
    used, written = Counter(NUMBER.findall(output)), Counter(NUMBER.findall(question))
    given = written + Counter({c: CONSTANT_USES[c] for c in constants.split() if c not in written})  # called for
    said_numbers = [c for c, words in IMPLIED.items() if re.search(words, question, re.IGNORECASE)]
    given += Counter(said_numbers)  # "2/3 cup, tripling it": a second 3
    share = PART_OF_WHOLE.fullmatch(output.replace(" ", ""))  # pct(2 / (2 + 8)): the part is in the whole too
    share = share if share and share.group(1) == asked_part(question) else None
    if share:
        used[share.group(1)] -= 1
    if twice := sorted(n for n in given if used[n] > given[n]):
        return f"uses {', '.join(twice)} more often than the question does"
    in_one = Counter()  # how often one sentence says each number: "30 percent of 30 percent of 200" (not a
    for sentence in re.split(r"[.?!]\s+", question):  # restatement, "a box is 6 by 5 by 4. what is 6 times 5 times 4?")
        in_one |= Counter(NUMBER.findall(sentence))
    if once := sorted(n for n, k in in_one.items() if used[n] < k and n != "0"):
        return f"uses {once[0]} fewer times than the question says it"
    for n in (n for n, k in written.items() if k > 1 and re.search(RATE_AFTER.format(re.escape(n)), question, re.I)):
        if re.search(rf"(?<![\d.]){re.escape(n)}\s*[-+]\s*{re.escape(n)}(?![\d.])", output):
            return f"adds {n} a time to {n} of them, which are no like amounts"  # "£24 a month for 24 months"
    if percent and "100" not in NUMBER.findall(output) and not output.startswith("pct("):
        return "does not divide the percentage by 100"
    whole = {"+"} if share else set()  # a chance's "+" makes its whole, no sum the question asks for
    said = NEGATED.sub(" ", question)  # "no one got off" names no subtraction
    if offer := OFFER.search(question):
        return f"does not apply the offer the question states ({offer[0]})"
    for large, small, factor in IMPERIAL:
        if re.search(large, question, re.I) and re.search(small, question, re.I) and factor not in written:
            return f"needs {factor} to convert between the question's units, which the question does not give"
    if (clock := CLOCK_TIME.search(question)) and not re.search(r"\b60\b", output):
        return f"takes {clock[0]} for two numbers, not a time"  # "ran 5k in 24:30": 24 minutes 30 seconds
    if AVERAGE_ASKED.search(question) and not re.search(r"mean\(|/", output):
        return "takes no average, which the question asks for"
    if "mean(" in output and AVERAGE_GIVEN.search(question) and not AVERAGE_ASKED.search(question):
        return "takes an average, where the question gives one"  # "songs average 3.75 minutes, how many songs"
    if "mean(" in output and (per := AVERAGE_PER.search(question)):
        return f"takes the mean of the numbers, where the question asks for an {per[0]}"  # "540 with 60 arrows"
    for n in (n for n, k in written.items() if k > 1 and used[n] < k):  # "4 families ... over 4 weeks": two 4s
        things = {name_of(w) for w in re.findall(rf"(?<![\d.]){re.escape(n)}\s*([a-z]+)", question, re.I)} - {None}
        if len(things) > 1 and used[n] < len(things):
            return f"uses {n} once, where the question gives {n} of different things ({', '.join(sorted(things))})"
    if TIMES_AND_TOTAL.search(question) and "/" not in output:
        return "does not share the total between them, which the question gives"
    if (more := ADDED_ON.search(question)) and re.search(rf"(?<![\d.]){re.escape(more[1])}\s*[*/]|[*/]\s*"
                                                         rf"{re.escape(more[1])}(?![\d.])", output):
        return f"multiplies the {more[1]} the question adds"  # "... and the council put in another 19"
    if (every := IN_EVERY.search(question) or FOR_EVERY.search(question)) and not re.search(
            rf"/\s*\(?\s*{re.escape(every[2])}(?![\d.])", output):
        return f"does not divide by the {every[2]} of \"{every[0]}\""  # "3 in every 8 customers"
    if (asked := TAKEN_AWAY_ASKED.search(question)) and not re.search(r"[-/]", output):
        return f"takes nothing away and divides nothing, where the question asks {asked[0]!r}"
    if TRIPS_ASKED.search(question) and CAPACITY.search(question) and "/" not in output:
        return "does not divide by what one trip takes, which the question asks how many of"
    if (holder := HOLDER.search(question)) and re.search(rf"\bhow\s+many\s+{holder[1]}(?:e?s)?\b", question, re.I) and \
            "/" not in output:
        return f"does not divide by what one {holder[1]} takes, which the question asks how many of"  # "slots"
    if PER_ASKED_FIRST.search(question) and not RATE_SAID.search(question) and "/" not in output:
        return "does not divide, where the question asks for an amount per one"  # "how much per child: 234, 18 kids"
    if count := count_left_out(question, output):
        return f"does not use the {count} its words say"
    implied = [c for c in said_numbers if used[c] <= written[c]]
    if implied:
        return f"does not use the {implied[0]} its words say ({re.search(IMPLIED[implied[0]], question, re.I)[0]})"
    unnamed = sorted(op for op in operations(output) - whole if not re.search(
        OPERATION_WORDS.get(op, r"(?!)"), NOT_NAMING[op].sub(" ", said) if op in NOT_NAMING else said, re.IGNORECASE))
    if unnamed:
        return f"uses {' and '.join(unnamed)}, which the question does not name"
    unused = sorted(op for op, words in NAMED_ONLY.items() if op not in operations(output) and re.search(
        words, NOT_NAMING[op].sub(" ", question) if op in NOT_NAMING else question, re.IGNORECASE))
    try:
        evaluate(output)
    except ProgramError as exc:
        return f"is not a valid program ({exc})"
    if unused:  # the calculation the question asks for, where it is known: "does not compute 11 ^ 2"
        return mismatch(question, output) or f"does not use {' or '.join(unused)}, which the question names"
    return (mismatch(question, output) or sign_mismatch(question, output) or unit_mismatch(question, output)
            or percent_mismatch(question, output) or rate_added(question, output) or unmet(question, output))


# What makes a word problem more than one step: a rate, a percentage, an average, a count said in words.
MORE_THAN_ONE_STEP = re.compile(r"\b(?:each|per|every|apiece|average|mean|dozens?|return|percent|twice|double|half"
                                r"|triple|times\s+as|how\s+many\s+times|area|volume)\b|%"
                                r"|\bat\s+[$€£]?\d+(?:\.\d+)?p?\s+(?:a|an)\s+[a-z]+"  # "at 45p a bottle": a rate
                                rf"|\b(?:a|an)\s+(?:{A_RATE_OF}|minute)\b", re.IGNORECASE)
# "a quilt 50 by 64 inches": a rectangle's sides, which one sum does not add into its edge (that takes both twice)
SIDES_SAID = re.compile(r"\d\s*(?:[a-z]+\s*)?(?:by|x|×)\s*\d", re.IGNORECASE)
RESULT_SAID = re.compile(r"(?:=|\bequals?\b|\bmakes\b|\bcomes\s+to\b)\s*-?\d", re.IGNORECASE)
ONE_FUNCTION = re.compile(r"(?:sqrt|cbrt)\((\d+(?:\.\d+)?)\)")


def one_step(question: str, output: str) -> bool:
    """Is a sound program one plain step over the question's numbers, each used once: one operation between them
    (7 + 8, 100 - 37, 22 * 3, 12 + 13 + 14) or the root of its one number, in a question with no rate, percentage
    or average to read? Only such a program of the model's is an answer that no reader confirms: on blind sets
    written later, the model's other sound programs were right 5 times in 14 (module docstring of answer.py)."""
    given, used = NUMBER.findall(question), NUMBER.findall(output)
    if MORE_THAN_ONE_STEP.search(question) or len(set(given)) != len(given) or sorted(used) != sorted(given):
        return False
    if RESULT_SAID.search(question):
        return False  # "is 17 x 23 = 391? just checking": the number after "=" is a result claimed, no operand
    if root := ONE_FUNCTION.fullmatch(output.strip()):
        return given == [root[1]]
    ops = operations(output)
    if re.search(r"\b(?:left|remain\w*|rest)\b", question, re.IGNORECASE) and "-" not in ops:
        return False  # "ate 3 slices of 8, what fraction is left": no 3 / 8
    if ops & {"+", "-"} and len({u for u in read_quantities(question.lower()).numbers.values() if u}) > 1:
        return False  # "48 person-hours ... 6 crew": no two things of different kinds added
    if "+" in ops and SIDES_SAID.search(question):
        return False  # "quilt is 50 by 64 inches, binding round the edge plus 10": no 50 + 64 + 10
    return len(ops) == 1 and "(" not in output and (ops <= {"+", "*"} or len(used) == 2)
