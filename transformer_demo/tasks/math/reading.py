"""An exact reader for a question that is one calculation said in words, so that its answer can be checked.

    read_calculation("What is 8 squared minus 4?")          -> 8 ^ 2 - 4          = 60
    read_calculation("Subtract 68 from 215 please")         -> (215 - 68)         = 147
    read_calculation("what's 15% of 240")                   -> (15 / 100 * 240)   = 36
    read_calculation("Tom has 11 apples and eats 2")        -> None (a word problem: no calculation is said)

The question's phrases for an operation on numbers become the program's own notation, innermost first
("subtract 68 from 215" -> "(215 - 68)", "the median of 3, 9 and 4" -> "median(3, 9, 4)", "half of 50" ->
"(50 / 2)"), then the few words that frame a question ("what is", "can you tell me", "please") are taken
off both ends. What is left must be one program of program.py's language, evaluated exactly, with at least
one operation. Failing that, one calculation inside other words is read where those words say no number and no
operation ("my son needs to work out 48 ÷ (2 + 6) × 3 for homework, what's the answer?"). Any other word gives
None: the question is left to the model and its checks rather than read wrongly. Order words are read in their
order: "5 less than 20" is 20 - 5, "divide 20 by 4" is 20 / 4; "the difference between 12 and 30" is the larger
less the smaller.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .program import MAX_CHARS, ProgramError, Result, evaluate
from .rounding import places_asked, without_precision

N = r"(\d+(?:\.\d+)?)"
LIST = r"(\d+(?:\.\d+)?(?:\s*,\s*\d+(?:\.\d+)?)*(?:\s*,?\s*(?:and|&)\s*\d+(?:\.\d+)?)?)"  # "3, 9 and 4", "3, 9, 4"
THE = r"(?:the\s+)?"


NUMBER = re.compile(r"\d+(?:\.\d+)?")
A_RATE_OF = r"(?:head|person|day|week|month|year|hour|night|game|go)"  # "4.50 a head", "2 a game": a rate
WEEKDAYS = r"\bmon(?:day)?s?\s*(?:-|to|till|until|thru|through)\s*fri(?:day)?s?\b|\b(?:every|each)\s+weekday\b"
# Words that say a number of their own: a reading or a program that leaves the number out misreads the question.
IMPLIED = {"2": r"\b(?:half|halve[sd]?|halving|doubl(?:e[sd]?|ing)|twice|both\s+ways)\b"
                r"|\b(?:a|one)\s+([a-z]+)\s+for\s+the\s+[a-z]+\s+and\s+(?:a|one|another)\s+\1\s+for\b"  # "a pair for
                # the front and a pair for the rear"
                r"|\beach\s+way\b[^.?!]*\b(?:return|round\s+trips?|there\s+and\s+back)\b"
                r"|\baway\b[^?]*\b(?:round\s+trips?|there\s+and\s+back|return\s+(?:trip|journey))\b"
                r"|\b(?:shar(?:e[sd]?|ing)|split(?:s|ting)?)\b[^.?!;]*?\bwith\s+(?:my|his|her|their|our|a|one)\s+"
                r"(?:[a-z]+\s+)?(?:neighbou?r|friend|sister|brother|partner|wife|husband|flat\s*mate|room\s*mate"
                r"|house\s*mate|mate|colleague|son|daughter|mum|mom|dad|mother|father|cousin|boyfriend|girlfriend)\b"
                r"(?!\s*(?:and\b|&))|\btwo\s+(?:thirds|fifths|sevenths|ninths|tenths)\b",
           # "38 miles each way, the return trip 3 times", "392 miles away, gallons for the round trip": two ways;
           # "I share the plot equally with my neighbour": two people; "two thirds of the cost": its 2 and its 3
           # three and four: not "the third angle", "this quarter"
           "3": r"\b(?:tripl(?:e[sd]?|ing)|(?:a|one|two)\s+thirds?|three\s+quarters)\b",
           "4": r"\b(?:quadrupl(?:e[sd]?|ing)|(?:a|one|two|three)\s+quarters?)\b"}


def _listed(m: re.Match, join: Callable[[list[str]], str]) -> str:
    """A list phrase's numbers joined into a program ("3, 9 and 4"); a "list" of one number is left as it is."""
    numbers = NUMBER.findall(m.group(1))
    return join(numbers) if len(numbers) > 1 else m[0]


def _joined(op: str) -> Callable[[re.Match], str]:
    return lambda m: _listed(m, lambda numbers: "(" + f" {op} ".join(numbers) + ")")


def _called(name: str) -> Callable[[re.Match], str]:
    return lambda m: _listed(m, lambda numbers: f"{name}({', '.join(numbers)})")


def _template(program: str) -> Callable[[re.Match], str]:
    return lambda m: program.format(*m.groups())


def _factorial(m: re.Match) -> str:
    """"5!", "factorial of 6" -> (1 * 2 * 3 * 4 * 5): the product the program language writes it as."""
    n = int(next(g for g in m.groups() if g))
    return "(" + " * ".join(str(k) for k in range(1, n + 1)) + ")" if n > 1 else "1"


def _one(program: str) -> Callable[[re.Match], str]:
    """For a pattern of several alternatives, each with one number: the number that matched."""
    return lambda m: program.format(next(g for g in m.groups() if g))


def _difference(m: re.Match) -> str:
    a, b = sorted((m.group(1), m.group(2)), key=float, reverse=True)
    return f"({a} - {b})"


COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "nine": 9}
PARTS = {"thirds": 3, "quarters": 4, "fifths": 5, "sixths": 6, "eighths": 8, "tenths": 10}

# (pattern, replacement), applied to the lower-cased question: TIGHT phrases first, then LOOSE ones, then WORDS.
LOOSE: tuple[tuple[str, Callable[[re.Match], str]], ...] = (  # may not touch another operation
    (rf"{THE}(?:sum|total)\s+of\s+(?:the\s+numbers\s+)?{LIST}", _joined("+")),
    (rf"\badd(?:\s+up|\s+together)?\s+{LIST}(?:\s+together)?", _joined("+")),
    (rf"{LIST}\s+(?:added|summed|put)\s+together", _joined("+")),
    (rf"{LIST}\s+(?:together|combined|altogether|all\s+together|in\s+total)", _joined("+")),
    (rf"\badd\s+{N}\s+to\s+{N}", _template("({1} + {0})")),
    (rf"{THE}product\s+of\s+(?:the\s+numbers\s+)?{LIST}", _joined("*")),
    (rf"\bmultiply(?:\s+together)?\s+{LIST}(?:\s+together)?", _joined("*")),
    (rf"{LIST}\s+multiplied\s+together", _joined("*")),
    (rf"\bmultiply\s+{N}\s+(?:by|with)\s+{N}", _template("({0} * {1})")),
    (rf"{THE}(?:average|(?:arithmetic\s+)?mean)\s+(?:value\s+)?of\s+(?:the\s+numbers\s+)?{LIST}", _called("mean")),
    (rf"{THE}median\s+(?:value\s+)?of\s+(?:the\s+numbers\s+)?{LIST}", _called("median")),
    (rf"\b(?:subtract|deduct|remove)\s+{N}\s+from\s+{N}", _template("({1} - {0})")),
    (rf"\btake\s+(?:away\s+)?{N}\s+(?:away\s+)?from\s+{N}", _template("({1} - {0})")),
    (rf"{N}\s+(?:subtracted|taken\s+away|taken|deducted|removed)\s+from\s+{N}", _template("({1} - {0})")),
    (rf"{N}\s+(?:less|fewer)\s+than\s+{N}", _template("({1} - {0})")),
    (rf"{N}\s+more\s+than\s+{N}", _template("({1} + {0})")),
    (rf"{THE}dif+e?rence\s+(?:between|of)\s+{N}\s+and\s+{N}", _difference),
    (rf"\bhow\s+much\s+(?:less|smaller|lower|fewer)\s+than\s+{N}\s+is\s+{N}", _template("({0} - {1})")),
    (rf"\bhow\s+much\s+(?:more|bigger|larger|greater|higher)\s+than\s+{N}\s+is\s+{N}", _template("({1} - {0})")),
    (rf"\bhow\s+much\s+(?:more|bigger|larger|greater|higher)\s+is\s+{N}\s+than\s+{N}", _template("({0} - {1})")),
    (rf"\bhow\s+much\s+(?:less|smaller|lower)\s+is\s+{N}\s+than\s+{N}", _template("({1} - {0})")),
    (rf"\bdivide\s+{N}\s+by\s+{N}", _template("({0} / {1})")),
    (rf"{THE}quotient\s+of\s+{N}\s+(?:and|by)\s+{N}", _template("({0} / {1})")),
    (rf"\b(?:split|share)\s+{N}\s+(?:equally\s+)?(?:into|among|between)\s+{N}(?:\s+equal)?(?:\s+(?:parts|pieces|groups"
     rf"|shares|people|ways))?", _template("({0} / {1})")),
    (rf"{N}\s+(?:split|shared|divided)\s+(?:equally\s+)?(?:into|among|between)\s+{N}(?:\s+equal)?"
     rf"(?:\s+(?:parts|pieces|groups|shares|people|ways))?", _template("({0} / {1})")),
    (rf"\bhow\s+many\s+times\s+does\s+{N}\s+go\s+into\s+{N}|\bhow\s+many\s+{N}'?s\s+go\s+into\s+{N}",
     lambda m: f"({m[2] or m[4]} / {m[1] or m[3]})"),  # "how many 7s go into 84"
    (rf"{THE}remainder\s+(?:when|if|of)\s+{N}\s+(?:is\s+)?divided\s+by\s+{N}|{N}\s+(?:divided\s+by|÷)\s+{N}\s*[,.:;]?"
     r"\s*(?:(?:what(?:'s|s|\s+is)|and|with|find|give\s+me)\s+)?(?:the\s+)?remainder\b",
     lambda m: (lambda a, b: f"({a} - {b} * floor({a} / {b}))")(m[1] or m[3], m[2] or m[4])),  # "47 divided by 6,
    # what's the remainder" -> 5
    (rf"\b(?:what|which)\s+(?:positive\s+)?number\s+(?:squared|times\s+itself|multiplied\s+by\s+itself)\s+"
     rf"(?:gives|is|equals|makes|=)\s+{N}", _template("sqrt({0})")),  # the positive root
)
TIGHT: tuple[tuple[str, Callable[[re.Match], str]], ...] = (  # bind first: "8 squared minus 4"
    (rf"{THE}(?:positive\s+)?square\s+root\s+of\s+{N}|√\s*{N}|\bsqrt\s*(?:of\s+)?\(?\s*{N}\s*\)?",
     _one("sqrt({})")),  # "sqrt of 2.25"
    (rf"{THE}cube\s+root\s+of\s+{N}|∛\s*{N}|\bcbrt\s*\(?\s*{N}\s*\)?", _one("cbrt({})")),
    (r"\bfactorial\s+(?:of\s+)?(1?\d|20)\b(?!\.\d)|(?<![\w.])(1?\d|20)\s+factorial\b"
     r"|(?<![\w.!])(1?\d|20)\s*!(?=\s*(?:=|\?|equals?\b|\(factorial\)))", _factorial),  # "5! =", not "I'm 5!"
    (rf"{THE}(?:positive\s+)?square\s+root\s+of\s*(?=\()", lambda m: "sqrt"),  # "square root of (6 squared + ...)"
    (rf"{N}\s+(?:to\s+the\s+power\s+(?:of\s+)?|raised\s+to\s+(?:the\s+power\s+(?:of\s+)?)?|to\s+the\s+)-\s*{N}"
     rf"(?:st|nd|rd|th)?(?:\s+power)?", _template("({0} ^ -{1})")),  # "10 to the power of -2"
    (rf"\(\s*-\s*{N}\s*\)\s*(?:squared|²)", _one("((-{}) ^ 2)")),  # "(-2) squared": the sign inside the power
    (rf"\(\s*-\s*{N}\s*\)\s*(?:cubed|³)", _one("((-{}) ^ 3)")),
    (rf"{THE}square\s+of\s+{N}|\bsquare\s+{N}|{N}\s*(?:squared|²)", _one("({} ^ 2)")),
    (rf"{THE}cube\s+of\s+{N}|\bcube\s+{N}|{N}\s*(?:cubed|³)", _one("({} ^ 3)")),
    (r"\)\s*(?:squared|²)", lambda m: ") ^ 2"), (r"\)\s*(?:cubed|³)", lambda m: ") ^ 3"),  # "(8 + 4) squared"
    (rf"{N}\s+(?:to\s+the\s+power\s+(?:of\s+)?|raised\s+to\s+(?:the\s+power\s+(?:of\s+)?)?|to\s+the\s+){N}"
     rf"(?:st|nd|rd|th)?(?:\s+power)?", _template("({0} ^ {1})")),
    (rf"{N}\s*\*\*\s*{N}", _template("({0} ^ {1})")),
    (rf"{N}\s*(?:%|percent|per\s+cent)\s+(?:more|greater|higher|bigger)\s+than\s+{N}",
     _template("({1} + {0} / 100 * {1})")),  # "15 percent more than 80"
    (rf"{N}\s*(?:%|percent|per\s+cent)\s+(?:less|lower|smaller)\s+than\s+{N}", _template("({1} - {0} / 100 * {1})")),
    (rf"{N}\s+(?:plus|add)\s+{N}\s*(?:%|percent\b)", _template("({0} + {1} / 100 * {0})")),  # "65 plus 10%"
    (rf"{N}\s+(?:minus|less)\s+{N}\s*(?:%|percent\b)", _template("({0} - {1} / 100 * {0})")),  # "65 minus 10%"
    (rf"{N}\s*%\s+(?:tip|discount|deposit|tax|vat|commission|service\s+charge)\s+(?:on|of)\s+{N}",
     _template("({0} / 100 * {1})")),  # "15% tip on 64"
    (rf"(?:\bthe\s+)?(?<!up\s)(?<!down\s){N}\s*(?:%|percent|per\s+cent)\s+(?:of|from)\s+{N}(?!\s*(?:%|percent|per\s+cent))",
     _template("({0} / 100 * {1})")),  # not "30 percent of 30 percent of 200" as 30 percent of 30
    (rf"{N}\s*(?:%|percent)(?=\s+(?:as|to|into)\s+a\s+decimal\b)", _one("({} / 100)")),  # "12.5% as a decimal"
    (rf"\b(?:number|amount)\s+whose\s+{N}\s*(?:%|percent)\s+is\s+{N}|\b{N}\s*(?:%|percent)\s+of\s+what\s+(?:number\s+)?"
     rf"is\s+{N}", lambda m: f"({m[2] or m[4]} / ({m[1] or m[3]} / 100))"),  # "the number whose 20 percent is 14"
    (rf"\b{N}\s*/\s*{N}\s+of\s+{N}", _template("({0} / {1} * {2})")),  # 3/4 of 48
    (rf"\b(?:(?:a|one)\s+)?half\s+of\s+{N}|\bhalve\s+{N}|{N}\s+halved", _one("({} / 2)")),
    (rf"\b(?:a|one)\s+third\s+of\s+{N}", _template("({0} / 3)")),
    (rf"\b(?:a|one)\s+quarter\s+of\s+{N}", _template("({0} / 4)")),
    (rf"\b(?:a|one)\s+(fifth|sixth|eighth|tenth)\s+of\s+{N}",
     lambda m: f"({m.group(2)} / {PARTS[m.group(1) + 's']})"),  # "one fifth of 365"
    (rf"\b({'|'.join(COUNTS)})\s+({'|'.join(PARTS)})\s+of\s+{N}",  # three quarters of 840
     lambda m: f"({m.group(3)} * {COUNTS[m.group(1)]} / {PARTS[m.group(2)]})"),
    (r"\bhalf\s+of\s+(\([^()]*\))", _template("({0} / 2)")),  # "half of three quarters of 64"
    (rf"(?<=\bby\s)(?:a|one)\s+({'|'.join(p[:-1] for p in PARTS)}|half)\b(?!\s+of\b)",
     lambda m: f"(1 / {PARTS.get(m.group(1) + 's', 2)})"),  # "12 divided by one quarter"
    (rf"\b(?:double|twice)\s+{N}|{N}\s+doubled", _one("({} * 2)")),
    (rf"\btriple\s+{N}|{N}\s+tripled", _one("({} * 3)")),
)
WORDS: tuple[tuple[str, str], ...] = (  # last, the words for the four operations between two terms
    (r"(?<=[\d)])\s*(?:x|×)\s*(?=[\d(])|(?<=[\d)])\s+(?:x|×)\s+(?=-\d)", "*"),  # "6 x -7"; "3x-38" is none
    (r"\bmultiplied\s+(?:by|with)\b|\btimes\b", "*"),
    (r"\bdivided?\s+by\b|\bover\b|÷", "/"), (r"\bplus\b|\badded\s+to\b|(?<=[\d)])\s+add\s+(?=[\d(])", "+"),
    (r"\bminus\b|\btake\s+away\b|\bless\b|[−–]", "-"),
)
# A loose phrase next to another operation is left unread: "the sum of 3 and 4 times 2" says no one calculation.
OPERATION_WORD = (r"[-+*/^x×÷%]|plus|minus|times|multipl\w*|divid\w*|over|add\w*|subtract\w*|take|less|more|fewer"
                  r"|squared|cubed|to\s+the|raised|percent|per\s+cent|of|and|then|than")
BEFORE, AFTER = re.compile(rf"(?:^|\W)(?:{OPERATION_WORD})\s*$"), re.compile(rf"^\s*(?:{OPERATION_WORD})(?:\W|$)")


def _alone(replace: Callable[[re.Match], str]) -> Callable[[re.Match], str]:
    def guarded(m: re.Match) -> str:
        near = BEFORE.search(m.string[: m.start()]) or AFTER.search(m.string[m.end() :])
        return m[0] if near else replace(m)

    return guarded


REWRITES = tuple((re.compile(p), r) for p, r in TIGHT) + tuple((re.compile(p), _alone(r)) for p, r in LOOSE) + tuple(
    (re.compile(p), lambda m, symbol=symbol: f" {symbol} ") for p, symbol in WORDS)

# The words that frame a calculation, taken off the front and the back (any number of times, in any order).
FRONT = re.compile(  # longer phrases before their beginnings: "what do you get" before "what"
    r"^(?:what\s+number\s+is|[a-z' -]{1,40}:|hey|hi|hello|ok|okay|so|um|quick\s+(?:question|one|q)\b,?|please|pls|plz"
    r"|then|and|now|"
    r"exactly|quickly|(?:add|sum)(?:\s+up|\s+together)?(?=\s+-?\d[\d\s.+]*$)|"  # "add up 1875 + 2960 + 415"
    r"(?:the\s+)?(?:sum|total)(?:\s+of)?(?=\s+-?\d[\d\s.+]*$)|(?:the\s+)?product(?:\s+of)?(?=\s+-?\d[\d\s.*]*$)|"
    r"(?:can|could|would|will)\s+(?:you|u|someone|anyone|somebody|anybody)(?:\s+please)?(?:\s+(?:tell\s+me|help\s+me\s+(?:with|work\s+out)|work\s+out"
    r"|figure\s+out|calculate|compute|find|solve|do|give\s+me))?|"
    r"what\s+do\s+(?:you|i|we)\s+get(?:\s+(?:from|for|if\s+(?:you|i|we)\s+(?:do|work\s+out|calculate)|when\s+"
    r"(?:you|i|we)\s+(?:do|work\s+out|calculate)))?|(?:if|when)\s+(?:you|i|we)|what'?s|whats|wat\s+is|do\s+you\s+know|"
    r"how\s+(?:do|would|should|can|could)\s+(?:i|you|we)\s+(?:do|work\s+out|calculate|solve|figure\s+out|find|write"
    r"|convert|express)|"
    r"(?:what|how\s+much|how\s+many)(?:\s+(?:is|are|does|do|will|would))?|"
    r"calculate|compute|evaluate|find|work\s+out|figure\s+out|determine|solve|simplify|tell\s+me|give\s+me|do|"
    r"convert|express|write|change|turn|round(?:\s+off)?|"
    r"(?:i\s+)?(?:need|want)(?:\s+to\s+know)?|i'?d\s+like\s+to\s+know|"
    r"(?:the\s+)?(?:value|answer|result)\s+(?:of|to|for)|in\s+your\s+head|"
    r"dear\s+[a-z]+\s*,|"
    r"(?:[a-z']+\s+){1,3}(?:asked|asks|is\s+asking|are\s+asking|wants\s+to\s+know|wonders|is\s+wondering)"
    r"(?:\s+(?:us|me|him|her|them))?(?:\s+for)?|is)[\s,:!]*(?:\.\.+\s*)?",
)
BACK = re.compile(r"[\s,:!.?]*(?:please|pls|plz|thanks|thank\s+you|for\s+me|then|exactly|equals?|=|is\s+what|"
                  r"cheers(?:\s+mate)?|ta|thx|thnx|thanx|ty|many\s+thanks|lol|mate|\([a-z' ,]+\)|"  # "(do it properly)"
                  r"(?:i|we)\s+(?:always|never|can'?t|cant|forget|forgot)\b[a-z' ]{0,40}"
                  r"|(?:i'?m|im|i\s+am)\s+(?:not\s+sure|stuck|rubbish|useless|terrible)\b[a-z' ]{0,30}|"  # "i always
                  # get these wrong"
                  r"quick(?:ly)?|"
                  r"without\s+a\s+calculator|in\s+your\s+head|(?:using|with)\s+(?:bidmas|bodmas|pemdas|the\s+order\s+of"
                  r"\s+operations)|"
                  r"(?:can|could)\s+(?:you|u)\s+help(?:\s+(?:me|us|him|her))?(?:\s+out)?|help(?:\s+me)?|how\s+much|"
                  r"how\s+many|what\s+(?:is|was)\s+it|what\s+do\s+(?:you|i|we)\s+get|what'?s\s+the\s+answer|"
                  r"is\s+how\s+(?:much|many)|"
                  r"is\s+equal\s+to\s+what|is|are|makes?|gives?|comes?\s+to|in\s+total|altogether|all\s+together|"
                  r"again|(?:give|giving|write|leave|put)\s+(?:your|the)\s+answer\s+as\s+a\s+decimal|as\s+a\s+decimal|"
                  r"(?:written|expressed|given)\s+as\s+a\s+decimal|what'?s\s+that|whats\s+that|any\s*(?:one|body))$")
UNARY_POWER = re.compile(r"(?:^|[(*/+=×÷:,]|\b(?:is|of|what'?s|whats|calculate|times|plus|by|and)\s)\s*-\s*"
                         r"\d+(?:\.\d+)?\s*(?:squared|[²^]|\*\*|to\s+the)")  # "-3 cubed" is -27 by either reading
AS_PERCENT = re.compile(r"[\s,]*\b(?:as|in|into|to)\s+(?:an?\s+)?(?:percentage|percent|%)$")  # "2/5 as a percentage"
PROGRAM = re.compile(r"(?:[\d\s.+\-*/^(),]|sqrt|cbrt|mean|median|floor)*")
# A fraction written with a slash between words: "2/5 divided by 4/15" is (2/5) / (4/15), not 2 / 5 / 4 / 15. Only
# where a word says the operation; a fraction after a spaced "/" or a power ("12 / 3/4", "2 to the power 3/4") is 16
# or 1, 2 ^ (3/4) or 2, by who reads it: no reading.
WORDED = re.compile("|".join(p for p, _ in WORDS))
SPOKEN_FRACTION = re.compile(r"(?<![\w.)^*/])(?<!\^ )(\d+/\d+)(?![\w.(^/])")
FRACTION_AFTER = re.compile(r"(?:(?<![\d.])/\s+|\^\s*|\bpower\s+(?:of\s+)?)\d+/\d+(?![\d.])")


@dataclass(frozen=True)
class Calculation:
    program: str  # in program.py's language, e.g. "8 ^ 2 - 4"
    result: Result


def _strip(text: str, pattern: re.Pattern) -> str:
    while (stripped := pattern.sub("", text, count=1)) != text:
        text = stripped
    return text


def _unwrapped(program: str) -> str:
    """"(20 - 8)" -> "20 - 8": the parentheses a phrase put around the whole program."""
    depth = 0
    for i, char in enumerate(program):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and i < len(program) - 1:
            return program
    return program[1:-1] if program.startswith("(") else program


CLAIMED = re.compile(  # a calculation someone says has a value, and the question whether it has
    r"(?:[a-z' ]{0,40}?\b(?:says?|said|thinks?|got|gets|wrote|reckons|claims?)\s+(?:that\s+)?)?(?:is\s+)?(.+?)\s+"
    r"(?:is|=|equals|makes|comes\s+to|gives)\s+-?\d+(?:\.\d+)?\s*[,.;!?]?\s*"
    r"(?:(?:but|and)\s+[a-z' ]{0,30}?\b(?:wrong|right|sure|correct)\s*[,.;!?]?\s*)?"  # "but i think hes wrong,"
    r"(?:(?:is\s+(?:that|this|it|she|he)\s+)?"
    r"(?:right|correct|true|wrong)|(?:so\s+)?what'?s\s+the\s+(?:right|correct|real|actual|proper|true)\s+answer"
    r"|(?:so\s+)?what\s+is\s+the\s+(?:right|correct|real|actual|proper|true)\s+answer"
    r"|(?:so\s+)?what(?:'?s|\s+is)\s+it\s+really|(?:can|could)\s+(?:you|u)\s+"
    r"check(?:\s+(?:it|this|that))?|(?:i'?m\s+|im\s+)?just\s+(?:checking|making\s+sure|double[\s-]checking)"
    r"(?:\s+(?:my|the|our|his|her)\s+[a-z]+)?)[?.! ]*")  # "is 17 x 23 = 391? just checking my working"
GOT_FOR = re.compile(  # "my grandson got 535 for 1204 - 679 on his sheet, what's the right answer?"
    r"(?:[a-z' ]{0,40}?\b)(?:got|gets|wrote|put|has|have)\s+-?\d+(?:\.\d+)?\s+(?:for|as\s+the\s+answer\s+(?:to|for))\s+"
    r"(.+?)(?:\s+(?:on|in)\s+(?:his|her|my|their|the)\s+[a-z ]{1,25}?)?[\s,.;]*(?:so\s+)?(?:what'?s|what\s+is)\s+"
    r"the\s+(?:right|correct|real)\s+answer[?.! ]*")
TWO_SAY = re.compile(  # "what is 8 + 4 x 3 my granddaughter says 36 and i say 20 who is right"
    r"[\s,.;:-]+(?:[a-z']+\s+){1,3}(?:says?|said|thinks?|reckons?|got)\s+-?\d+(?:\.\d+)?\s*,?\s+(?:and|but)\s+"
    r"(?:i|we|he|she|my\s+[a-z]+)\s+(?:say|says|said|think|thinks|reckon|got)\s+-?\d+(?:\.\d+)?[\s,.;]*"
    r"(?:who'?s|who\s+is|which\s+is|which\s+one\s+is)\s+(?:right|correct)[?.! ]*$")
GETTING = re.compile(r"[\s,.;!?-]+(?:but\s+)?(?:i|we|he|she|my\s+[a-z]+)\s+(?:keeps?\s+getting|got|get|gets"
                     r"|think\s+it'?s|thinks\s+it'?s|made\s+it)\s+-?\d+(?:\.\d+)?[\s?.!]*$")
THEN = re.compile(r"\s*,?\s*(?:and\s+)?then\s+")
STEPS = (  # one step after "then", on the result so far: "then add 19"
    (re.compile(rf"(?:add|plus)\s+{N}(?:\s+to\s+(?:it|that|the\s+result))?"), "+"),
    (re.compile(rf"(?:subtract|take\s+away|take|minus)\s+{N}(?:\s+from\s+(?:it|that|the\s+result)|\s+off)?"), "-"),
    (re.compile(rf"(?:multiply\s+(?:it\s+|that\s+|the\s+result\s+)?by|times)\s+{N}"), "*"),
    (re.compile(rf"divide\s+(?:it\s+|that\s+|the\s+result\s+)?by\s+{N}"), "/"),
)


def _chained(text: str) -> Calculation | None:
    """"6 times 73, then add 19" -> (6 * 73) + 19: a calculation, then steps on its result."""
    first, *steps = THEN.split(text)
    start = read_calculation(first) if steps else None
    if start is None:
        return None
    program = start.program
    for step in steps:
        step = _strip(step.rstrip("?.! "), BACK)
        done = next(((m, op) for pattern, op in STEPS if (m := pattern.fullmatch(step))), None)
        if done is None:
            return None
        program = f"({program}) {done[1]} {done[0].group(1)}"
    try:
        return Calculation(program, evaluate(program))
    except ProgramError:
        return None


CALL = r"(?:sqrt|cbrt|mean|median)(?=\s*\()"
SPAN = re.compile(rf"(?:{CALL}|[(-])*\s*\d(?:[\d\s.+\-*/^(),]|{CALL})*")  # a program's stretch
SAYS_MORE = re.compile(r"\d|%|[a-z]\(|\b(?:full|whole|complete|left|remain\w*|nearest|decimal|fraction\w*|percentage"
                       r"|plus|minus|times|multipl\w*|divid\w*|add\w*|subtract\w*|take|less|more|fewer|squared|cubed"
                       r"|square|cube|root|power|double|twice|half|halve|triple|percent|then|sum|product|difference"
                       r"|total|each|per|average|mean|median|mode|range|round\w*|of\s+(?:it|that|this)"
                       r"|up|down|increas\w*|decreas\w*|rais\w*|reduc\w*|ris(?:e|es|ing)|rose|grow\w*|boost\w*|new|cut"
                       r"|drop\w*|zero|one|two|three|four|five|six"  # "up my steps by 10% from 6000": a change, no part
                       r"|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|dozen)\b")


FRAME_AFTER = re.compile(r"\s*(?:[,.;:!?-]|$|(?:for|on|and|but|i|we|you|is|are|to|please|pls|thanks|in|with|my|because"
                         r"|as|so|if|equals?|equal|makes?|gives?|comes?|be|worked|what|who|can|could|would|will"
                         r"|right|correct|the|means)\b)")  # words after a calculation that frame it: no thing counted


def _embedded(text: str) -> str | None:
    """The one calculation in a text whose other words say no number and no operation, or None."""
    spans = [m for m in SPAN.finditer(text) if re.search(r"[\d)]\s*[-+*/^]\s*[\d(-]|[a-z]\(", m[0])]
    if len(spans) != 1:
        return None
    program = spans[0][0].strip(" ,.")
    start = text.index(program, spans[0].start())
    rest = text[:start] + " " + text[start + len(program):]
    after = text[start + len(program):]
    touching = text[start - 1:start].isalpha() or not FRAME_AFTER.match(after)  # "pct(26 / 40)", "3 apples"
    return None if touching or SAYS_MORE.search(rest) else program


def read_calculation(question: str) -> Calculation | None:
    """The calculation the question says, evaluated exactly, or None (see the module docstring)."""
    if not isinstance(question, str) or len(question) > MAX_CHARS:
        return None
    text = " ".join(without_precision(question).lower().replace("’", "'").split())
    text = re.sub(r"[$€£](?=\d)", "", text)
    text = re.sub(r"(?<=\d)\s+(?:pounds?|dollars?|euros?|quid|bucks)\b", "", text)  # "42.50 pounds times 3"
    if claimed := CLAIMED.fullmatch(text):  # "my daughter says 2000 - 1374 is 726, what's the right answer?"
        text = claimed.group(1)
    if got_for := GOT_FOR.fullmatch(text):
        text = got_for.group(1)
    text = TWO_SAY.sub("", GETTING.sub("", text))  # "7 + 3 x 4 i keep getting 40", "... she says 36 and i say 20"
    if UNARY_POWER.search(text) or FRACTION_AFTER.search(text):  # "-3 squared": 9 to most who say it, -9 by the
        return None  # usual precedence
    if (then := THEN.search(text)) and then.start() > 0:
        return _chained(text)
    signed_off = _strip(text.rstrip("?.! "), BACK)  # "5/8 as a percentage pls"
    as_percent = AS_PERCENT.search(signed_off)
    text = signed_off[:as_percent.start()] if as_percent else text
    worded = WORDED.search(text)
    for pattern, replace in REWRITES:
        text = pattern.sub(replace, text)
    text = SPOKEN_FRACTION.sub(r"(\1)", text) if worded else text
    text = " ".join(text.split()).rstrip("?.! ")
    while (framed := _strip(_strip(text, FRONT), BACK).strip(" ,:")) != text:  # "can u add 1 + 2 for me": both ends,
        text = framed  # then the front again
    if text and not PROGRAM.fullmatch(text):
        text = _embedded(text)
    alone = as_percent or places_asked(question) is not None  # "round 7.846 to 1 dp", "2/5 as a percentage"
    if not text or not PROGRAM.fullmatch(text) or not (re.search(r"[-+*/^]|[a-z]\(", text) or alone and
                                                        NUMBER.fullmatch(text.strip())):
        return None
    program = _unwrapped(" ".join(text.split()).replace("( ", "(").replace(" )", ")"))
    program = f"pct({program})" if as_percent else program
    try:
        return Calculation(program, evaluate(program))  # evaluate tokenizes under program.py's limits
    except ProgramError:
        return None
