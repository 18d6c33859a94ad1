"""Numbers as people say them, written as the readers read them:

    with_digits("what is seventeen times twelve")              -> "what is 17 times 12"
    with_digits("three hundred and forty-five minus ninety")    -> "345 minus 90"
    with_digits("two point five times four point two")         -> "2.5 times 4.2"
    with_digits("a tank is three quarters full")                -> unchanged: a fraction's words are read elsewhere
    with_digits("each one gets two sweets")                     -> "each one gets 2 sweets": a lone "one" is a word
    with_digits("with fifty pounds, spent 12.75 on lunch")      -> "with 50 pounds, spent 12.75 on lunch"
    mixed("180 km in two and a quarter hours")                  -> "180 km in 2.25 hours"
    in_money("a fare of 42 pounds 60")                          -> "a fare of 42.60 pounds"
    spelled("whats his avrage")                                 -> "whats his average"

Only a question with no digit at all has all its number words rewritten: where it has digits, a number word is a
count its readers know ("23, 17 and 31 points in three games", "me and my two friends share 87": three people,
not two), and only an amount of money is rewritten. A run of number words becomes one number only when it parses
as one ("two three" does not); "one" alone is a number only next to an operation ("one plus two", "divide by
one"); a word before a fraction's part ("two thirds") stays a word.
"""
from __future__ import annotations

import re
from fractions import Fraction

from .program import format_number

ONES = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen".split())}
TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)}
SCALES = {"hundred": 100, "thousand": 1000, "million": 1000000}


NUMBER_WORD = "|".join(sorted((*ONES, *TENS, *SCALES), key=len, reverse=True))
RUN = re.compile(rf"\b(?:a\s+(?=hundred\b|thousand\b|million\b))?(?:{NUMBER_WORD})"
                 rf"(?:(?:\s+and\s+|\s+|-)(?:{NUMBER_WORD}))*\b", re.IGNORECASE)
PARTS = re.compile(r"\s+(?:halves|half|thirds?|quarters?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?)\b",
                   re.IGNORECASE)
NEAR_OPERATION = r"plus|minus|times|divided|multiplied|over|squared|cubed|percent|more|less|add|subtract|by|than|equals"


def _value(words: list[str]) -> int | None:
    """The number a run of number words says, or None where it says none ("two three", "hundred", "ten twenty")."""
    total, current, last, big = 0, 0, None, None  # last: the previous word's kind; big: the last thousand/million
    for word in words:
        if word == "a":
            current, last = 1, "ones"
        elif word == "and":
            if last != "scale":
                return None
            last = "and"
        elif word in ONES:
            if last in ("ones", "teen") or last == "tens" and not 1 <= ONES[word] <= 9:
                return None
            current += ONES[word]
            last = "teen" if ONES[word] >= 10 else "ones"
        elif word in TENS:
            if last in ("ones", "teen", "tens"):
                return None
            current += TENS[word]
            last = "tens"
        elif word == "hundred" and last is None and len(words) > 1:  # "hundred and twenty": one hundred
            current, last = 100, "scale"
        elif word == "hundred":
            if last not in ("ones", "teen", "tens") or current >= 100:
                return None
            current, last = current * 100, "scale"
        else:
            scale = SCALES[word]
            if not current or last == "and" or big is not None and scale >= big:
                return None
            total, current, last, big = total + current * scale, 0, "scale", scale
    return None if last in (None, "and") else total + current


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s-]+", text.lower()) if w]


ONE_IS_A_NUMBER = re.compile(r"\s+(?:point\b|pounds?\b|dollars?\b|euros?\b|quid\b|bucks?\b)", re.IGNORECASE)


def _number(match: re.Match) -> str:
    words = _words(match[0])
    value = _value(words)
    if value is None and PARTS.match(match.string, match.end()) is None and " and " in match[0].lower():
        parts = [_value(_words(part)) for part in re.split(r"\s+and\s+", match[0], flags=re.IGNORECASE)]
        if None not in parts:  # "thirty five and forty one": two numbers, not one
            return " and ".join(str(part) for part in parts)
    if value is None or PARTS.match(match.string, match.end()):
        return match[0]
    if words == ["one"] and not ONE_IS_A_NUMBER.match(match.string, match.end()):
        before = match.string[: match.start()].split()
        after = match.string[match.end():].split()
        near = (before[-1:] + after[:1])
        if not any(re.fullmatch(rf"(?:{NEAR_OPERATION})[?.!,]*", w, re.IGNORECASE) for w in near):
            return match[0]
    return str(value)


WAYS = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten)\s+ways\b", re.IGNORECASE)
DIGIT_WORDS = {**{w: str(i) for w, i in ONES.items() if i < 10}, "nought": "0", "oh": "0"}
DIGIT = "|".join((r"\d", *DIGIT_WORDS))
DECIMAL = re.compile(rf"\b(\d+|zero|nought)\s+point\s+((?:{DIGIT})(?:\s+(?:{DIGIT}))*)\b", re.IGNORECASE)


def _decimal(m: re.Match) -> str:
    """"2 point five" -> "2.5", "nought point seven five" -> "0.75": the digits after "point" one by one."""
    digits = "".join(DIGIT_WORDS.get(w.lower(), w) for w in m[2].split())
    return f"{DIGIT_WORDS.get(m[1].lower(), m[1])}.{digits}"


ARITHMETIC = r"plus|minus|times|divided\s+by|multiplied\s+by|take\s+away|add|subtract|[-+*/×x]"
ARITHMETIC_AFTER = re.compile(rf"\s*(?:{ARITHMETIC})\s*-?\d", re.IGNORECASE)  # "a thousand take away 387"
ARITHMETIC_BEFORE = re.compile(rf"\d\s*(?:{ARITHMETIC})\s*$", re.IGNORECASE)  # "387 plus a hundred"
SAID_POINT = re.compile(r"\b(\d+)\s+point\s+(\d+)\b", re.IGNORECASE)
MONEY_WORD = re.compile(r"\s+(?:pounds?|dollars?|euros?|quid|bucks)\b", re.IGNORECASE)


def with_digits(text: str) -> str:
    """The text with every number said in words written in digits (module docstring); where it has digits, only
    an amount of money said in words ("I left home with fifty pounds, spent 12.75") and a number an operation
    joins to a number in digits ("a thousand take away 387")."""
    if not isinstance(text, str):
        return text
    text = SAID_POINT.sub(r"\1.\2", text)  # "3 point 5": 3.5
    text = WAYS.sub(lambda m: f"{ONES[m[1].lower()]} ways", text)  # "183.60 split three ways": a count of shares
    if re.search(r"\d", text):  # money, or a number an operation joins to digits: "a thousand take away 387"
        return RUN.sub(lambda m: _number(m) if MONEY_WORD.match(m.string, m.end()) or ARITHMETIC_AFTER.match(
            m.string, m.end()) or ARITHMETIC_BEFORE.search(m.string[: m.start()]) else m[0], text)
    return DECIMAL.sub(_decimal, RUN.sub(_number, text))


GROUPED = re.compile(r"(?<![\d.,])([$€£]\s*)?(\d{1,3}(?:,\d{3})+)(?!\d|,\d|\.\d+,)")


def ungrouped(text: str) -> str:
    """"sales were 12,400 in march" -> "sales were 12400 in march": thousands written with commas. An amount of
    money may have several groups (£1,250,000), and so may a number no list could be (1,000,000 or 12,400,000, not
    250,375,125); none where commas also list numbers ("mean of 4,500 and 3,6,9" is left as it is)."""
    if not isinstance(text, str):
        return text
    found = list(GROUPED.finditer(text))
    rest = GROUPED.sub(" ", text)
    listed = re.search(r"\d\s*,\s*\d", rest)

    def one(m: re.Match) -> str:
        money, digits = m.group(1), m.group(2)
        first, *groups = digits.split(",")
        if money or not listed and (len(groups) == 1 or len(first) < 3 or any(g[0] == "0" for g in groups)):
            return (money or "") + digits.replace(",", "")
        return m[0]

    return GROUPED.sub(one, text) if found else text


# "a 2.5 grand bonus" is 2500, "1.2 million", "2/5 of 3 hundred"; not "4k + 25 = 125" (k the unknown), nor
# "3 hundred and 40", whose parts another reading joins
THOUSANDS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(k|\s+grand|\s+thousand|\s+million|\s+billion"
                       r"|\s+hundred(?!\s+and\b))\b(?!\s*[-+*/=^)(])", re.IGNORECASE)
RUN_BEFORE = re.compile(r"\b(?:ran|run|runs|running|jog|jogs|jogged|race|races|raced|did\s+a|do\s+a|the)\s+$", re.I)


def in_thousands(text: str) -> str:
    """"my goal is 10k steps" -> "my goal is 10000 steps", "a £30k salary" -> "a £30000 salary", "1.2 million" ->
    "1200000"; not a run's distance ("ran 5k", "a 10k race": kilometres, quantities.RUN_K), nor millions asked."""
    def value(m: re.Match) -> str:
        race = RUN_BEFORE.search(m.string[: m.start()]) or re.match(r"\s+(?:run|race|jog|walk|route|course)\b",
                                                                   m.string[m.end():], re.I)
        return m[0] if race else format_number(Fraction(m[1]) * SCALES.get(m[2].strip().lower(), 1000))

    if not isinstance(text, str) or re.search(r"\bk\b", text, re.IGNORECASE):  # "find k if ...": a letter
        return text
    if re.search(r"\bhow\s+many\s+(?:thousands?|millions?|billions?)\b", text, re.IGNORECASE):
        return text  # "how many million km is that": millions asked
    return THOUSANDS.sub(value, text)


SMALL = "|".join(w for w, i in ONES.items() if 0 < i <= 12)
# The parts a mixed number's decimal ends in: "3 and a fifth" is 3.2; "2 and a third" has no decimal, and stays
PARTS_OF = {"half": 2, "halves": 2, "quarter": 4, "quarters": 4, "fifth": 5, "fifths": 5, "eighth": 8, "eighths": 8,
            "tenth": 10, "tenths": 10}
MIXED = re.compile(rf"\b(\d+|{SMALL})\s+and\s+(an?|one|two|three|four|five|six|seven|nine)\s+({'|'.join(PARTS_OF)})\b",
                   re.IGNORECASE)


def mixed(text: str) -> str:
    """"two and a quarter hours" -> "2.25 hours", "1 and a half" -> "1.5", "3 and two fifths" -> "3.4": a whole
    number and a part whose decimal ends."""
    def value(m: re.Match) -> str:
        whole = int(m[1]) if m[1].isdigit() else ONES[m[1].lower()]
        count = 1 if m[2].lower() in ("a", "an") else ONES[m[2].lower()]
        if (count > 1) != m[3].lower().endswith("s") or count >= PARTS_OF[m[3].lower()]:
            return m[0]  # "3 and a quarters", "2 and five quarters": no mixed number
        return format_number(whole + Fraction(count, PARTS_OF[m[3].lower()]))

    return MIXED.sub(value, text) if isinstance(text, str) else text


NOT_CENTS = rf"(?!\s*(?:%|(?:times|x)\b(?!\s*(?:\d|(?:{NUMBER_WORD})\b))|\.\d))"  # "10 pounds 20 times" is no
# amount; "42 pounds 50 times 3" and "1 pound 20 each" are
AMOUNT = re.compile(rf"\b(\d+)\s*(pounds?|dollars?|euros?|quid|bucks)\s+(?:and\s+)?(?:(\d{{2}})\b{NOT_CENTS}"
                    r"|(\d{1,2})\s*(?:p|pence|cents?)\b)", re.IGNORECASE)


def in_money(text: str) -> str:
    """"42 pounds 60" -> "42.60 pounds", "5 dollars and 5 cents" -> "5.05 dollars": an amount said in two units."""
    def amount(m: re.Match) -> str:
        return f"{m[1]}.{int(m[3] or m[4]):02d} {m[2]}"

    return AMOUNT.sub(amount, text) if isinstance(text, str) else text


POUNDS = re.compile(r"£|\bpounds?\b|\bquid\b", re.IGNORECASE)
CENTS_ASKED = re.compile(r"\b(?:in|how\s+many)\s+(?:pence|cents?|p)\b", re.IGNORECASE)  # the smaller unit asked
PENCE = re.compile(r"(?<![\d.£$€])(\d+(?:\.\d+)?)\s*(?:p|pence)\b(?!\s*(?:coins?|pieces?))",
                   re.IGNORECASE)  # not "2p coins"


def in_pounds(text: str) -> str:
    """"bought stuff for 1.45, 85p and 2.30 and paid with £10" -> "... £0.85 ...": pence beside pounds are pounds,
    unless pence are asked for."""
    if not isinstance(text, str) or not POUNDS.search(text) or CENTS_ASKED.search(text):
        return text
    return PENCE.sub(lambda m: f"£{format_number(Fraction(m[1]) / 100)}", text)


# Maths words as people misspell them or shorten them in text speak (the sets written for the tutor hold each of
# these).
MISSPELLED = (
    (r"av(?:a|e)?r(?:a|e)?ge|averge|avg", "average"), (r"p(?:e|a)rim(?:i|e)t(?:er|re)", "perimeter"),
    (r"p(?:re|er|e|r)?c(?:e|a)?n?t", "percent"), (r"p(?:re|er)c(?:e|a)nt(?:a|e)?ge", "percentage"),
    (r"chnage|chagne", "change"), (r"recie?pie?|reciepe", "recipe"), (r"galons|gallns", "gallons"),
    (r"galon|galln", "gallon"), (r"d(?:e|i)vi?ded", "divided"), (r"mul?ti?pl?y", "multiply"),
    (r"tims|timez|tmes", "times"), (r"sqau?red|squred|sqared", "squared"), (r"thrid", "third"),
    (r"sqau?re|squre|sqare", "square"),
    (r"incre?se|incease|increace", "increase"), (r"al+togh?ether|altogther", "altogether"),
    (r"probabi?li?ty", "probability"),
    (r"circumf(?:e)?rence", "circumference"), (r"quater", "quarter"),
    (r"temp(?:e|a)?r(?:a|e)?t(?:u|e)?re", "temperature"),
    (r"wat|wot", "what"), (r"wats|wots|wat's|wot's", "whats"), (r"tot", "total"), (r"ppl", "people"),  # text speak
    (r"wk", "week"), (r"wks", "weeks"), (r"mth|mnth", "month"), (r"mths|mnths", "months"), (r"yr", "year"),
    (r"yrs", "years"), (r"hw", "how"), (r"nite", "night"), (r"nites", "nights"),
    (r"(?<=s )r", "are"),  # "rubbers r £3.20 each"
    (r"(?<=[a-z] )n(?= (?:each|every|then|the|a|an|i|we|it|my|they|he|she)\b)", "and"),  # "25 litres n each house"
    (r"(?<=\d )pc|(?<=\d)pc", "percent"), (r"per\s+cent", "percent"),  # "40 pc of my target", "what per cent"
    (r"(?<=\d )ea", "each"), (r"(?<=\d)ea", " each"),  # "18 ea", "bricks are 0.45ea"
    (r"in a fortnight", "in two weeks"), (r"for a fortnight", "for two weeks"), (r"over a fortnight", "over two weeks"),
    (r"a tenner", "£10"), (r"a fiver", "£5"),  # "change from a tenner"
    (r"(?<=\ban )our|(?<=\bper )our", "hour"), (r"(?<=\d )ours", "hours"),  # autocorrect: "95 an our for 5 ours"
    (r"fourty", "forty"), (r"ninty", "ninety"), (r"twelv|tweleve|twleve", "twelve"), (r"fiveteen|fithteen", "fifteen"),
    (r"eightteen", "eighteen"), (r"thirtey", "thirty"),  # number words: "fourty times twelv"
)
# A word starts after anything but a letter: "0.45ea" is "0.45 each".
SPELLINGS = [(re.compile(rf"(?<![^\W\d_])(?:{wrong})\b", re.IGNORECASE), right) for wrong, right in MISSPELLED]


def spelled(text: str) -> str:
    """The text with the maths words it misspells spelled right ("whats his avrage", "the perimiter")."""
    if not isinstance(text, str):
        return text
    for pattern, right in SPELLINGS:
        text = pattern.sub(right, text)
    return text


COMPANIONS = re.compile(r"\b(?:and|with)\s+(?:my|his|her|their|our|your)\s+$", re.IGNORECASE)  # "me and my two friends"


REPEATS = re.compile(r"\s+(?:coats?|layers?|times|trips|batches|shifts)\b", re.IGNORECASE)  # "two coats": a
# count to multiply by, even where it is as many as the numbers given; and "on two days" where the numbers are no list
# ("1.50 per minute, 25 mins late on two days"; not "12, 15 and 9 eggs over three days")
PERIODS = re.compile(r"\s+(?:days|nights|evenings|mornings|sessions|visits)\b", re.IGNORECASE)
LISTED = re.compile(r"\d\s*[a-z£$€%]{0,6}\s*(?:,|\band\b|&)\s*[$€£]?\d", re.IGNORECASE)
# "two slopes, each one 9 m by 5.5 m": the things counted each have the amounts given
EACH_HAS = re.compile(r"\s+(?:[a-z]+\s+)?[a-z]+s\b[\s,]*(?:each|every\s+one)\b", re.IGNORECASE)


def priced(question: str, at: int) -> bool:
    """Is the word after a count at `at` a thing the question gives an amount for ("adult tickets £8.75 ... two
    adults")? Then the count is of those things, not of the question's listed numbers; not where the amount starts a
    list of them ("four photo books cost £28, £32.50, £41 and £18.50")."""
    thing = re.match(r"\s+([a-z]{3,}?)(?:e?s)?\b", question[at:], re.IGNORECASE)
    if not thing:
        return False
    price = rf"\b{thing[1]}\w*\s+(?:[a-z]+\s+)?(?:(?:at|for|are|is|cost|costs)\s+)?[$€£]\d+(?:\.\d+)?(?!\.?\d)"
    return bool(re.search(price + r"(?!\s*(?:,|and)\s*[$€£]?\d)", question, re.IGNORECASE))


def count_left_out(question: str, program: str) -> str | None:
    """A number word of a question with digits (a count its readers keep as a word, module docstring) whose value
    the program does not use, or None: "2 tabs three times a day for 10 days" is no 2 * 10. A word that counts the
    question's listed numbers ("23, 17 and 31 points in three games") is used by using them, and "me and my two
    friends" are three; "the two towns are 7.4 cm apart" names things, not a count to use."""
    if not isinstance(question, str) or not re.search(r"\d", question):
        return None  # with_digits wrote every number word in digits
    used = {Fraction(n) for n in re.findall(r"\d+(?:\.\d+)?", program)}
    listed = len(re.findall(r"\d+(?:\.\d+)?", question))
    for m in RUN.finditer(question):
        value = _value(_words(m[0]))
        if value is None or value < 2 or PARTS.match(question, m.end()) or MONEY_WORD.match(question, m.end()):
            continue
        company = COMPANIONS.search(question[: m.start()]) and value + 1 in used
        named = re.search(r"\bthe\s+$", question[: m.start()], re.IGNORECASE)
        counts_them = value == listed and not (REPEATS.match(question, m.end()) or EACH_HAS.match(question, m.end())
                                               or priced(question, m.end()) or PERIODS.match(question, m.end())
                                               and not LISTED.search(question))
        if value not in used and not counts_them and not company and not named:
            return m[0]
    return None
