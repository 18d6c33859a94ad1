"""The ways a question says a part of a whole whose share it asks for as a percentage (percentages.share_reading):

    "42 out of 60", "18 is what percent of 72", "won 37 of my last 50", "35 beds and 28 are occupied",
    "made 365 and the target was 500", "we answered 184 of 200 calls"
"""
from __future__ import annotations

import re

from .percent_words import REST_SAID
from .reading import N

SHARE = (  # (pattern, whether the whole comes first)
    (re.compile(rf"{N}\s+(?:[a-z]+\s+){{0,2}}?out\s+of\s+(?:a\s+(?:possible\s+|total\s+of\s+)?|the\s+)?{N}"),
     False),  # 42 out of 60, won 13 games out of 20
    (re.compile(rf"{N}\s+(?:is|as)\s+(?:what|a)\s+(?:percent|percentage|%)\s+of\s+(?:[a-z]+\s+){{0,2}}?{N}"), False),
    (re.compile(rf"\bwhat\s+(?:percent|percentage|%)\s+(?:is|are|was|were)\s+{N}\s+of\s+{N}\b"), False),  # 18 of 72
    (re.compile(rf"\bwhat\s+(?:percent|percentage|%)\s+of\s+(?:[a-z]+\s+){{0,2}}?{N}\s+(?:[a-z]+\s+){{0,2}}?"
                rf"(?:is|are|was|were)\s+{N}"), True),
    (re.compile(rf"\b(?:target|goal|aim|budget)\s+(?:is|was|of)\s+{N}\b[^.?!]*?\b(?:raised|saved|collected|reached"
                rf"|got|made|done|did|achieved|hit|spent|sold|paid|walked|ran|read)\s+(?:[a-z]+\s+){{0,2}}?{N}"),
     True),  # a goal and what was done
    (re.compile(rf"(?<![\d.]){N}\s+[a-z]+\b[^.?!\d%]*?\band\s+{N}\s+(?:of\s+(?:them|those|these)\s+)?(?:are|were|is"
                rf"|was)\s+[a-z]+"), True),  # "35 beds on the unit and 28 are occupied", "... and 75 of them are"
    (re.compile(rf"(?<![\d.]){N}\s+of\s+(?:our|my|the|their|his|her|your|a)\s+{N}\s+(?:target|goal|budget)\b"), False),
    (re.compile(rf"\b(?:won|win|scored|passed|hit|saved|made|got)\s+{N}\s+(?:out\s+)?of\s+(?:my|our|his|her|their|the)\s+"
                rf"(?:last\s+|first\s+|past\s+)?{N}\b"), False),  # "won 37 of my last 50 ranked games"
    (re.compile(rf"\b(?:played|did|sat|took|entered|bowled|threw|attempted|took)\s+{N}\b[^.?!\d]*?\band\s+"
                rf"(?:(?:i|we|he|she|they)\s+)?(?:won|lost|passed|failed|scored|hit|missed|potted|got)\s+{N}\b"),
     True),  # "played 9 frames and won 6"
    (re.compile(rf"(?<![\d.]){N}\s+(?:[a-z]+\s+)?(?:in|out\s+of)\s+(?:every|each)\s+{N}\b"), False),  # "3 in every 200"
    (re.compile(rf"\b(?:raised|saved|collected|reached|made|got|did|sold|walked|ran)\s+(?:[a-z]+\s+){{0,2}}?{N}\b"
                rf"[^.?!\d]*?\b(?:target|goal|aim)\s+(?:is|was|of)\s+{N}\b"), False))  # "made 365, target was 500"
# "7 of my 56 customers", "out of 160 dogs, 48 were large": shares whose asked words say no other state than given
OF_MINE = ((re.compile(rf"(?<![\d.]){N}\s+(?:out\s+of\s+(?:my|our|his|her|their|your)"
                       rf"|of\s+(?:my|our|his|her|their|the|your|a))\s+(?:(?:last|first|past)\s+)?[$€£]?{N}\b"), False),
           (re.compile(rf"(?<![\d.]){N}\s+of\s+{N}\s+[a-z]+"), False),  # "we answered 184 of 200 calls"
           (re.compile(rf"^(?:[a-z]+\s+)?out\s+of\s+(?:the\s+|my\s+|our\s+)?{N}\b[^.?!\d%]*?(?<![\d.]){N}\s+(?:of\s+"
                       rf"(?:them|those)\s+)?(?:are|were|was|is|had|have|got|did)\b"), True))

# Where the larger of two numbers is said as a whole: "out of a 400 budget", "of our 40 kennels", "in 38 games", "on
# a 60 bill", "towards a £1000 trip", "the ward has 28 beds", "a venue holds 220", "the target is 20000"
WHOLE_SAID = (r"(?:out\s+of|of|from|in|on|towards|holds|seats|sleeps|has|had|have|contains|is\s+out\s+of"
              r"|(?:capacity|limit|budget|target|goal|total|income)\s+(?:is|was|of))\s+"
              r"(?:(?:a|an|the|my|our|his|her|their|your|its|this|today'?s|todays|possible|total\s+of)\s+)*[$€£]?")
# A verb said with the smaller number: "34 came up", "12 hatched", "27 are in", "sold 51", "i got 34 right"
PART_VERB = (r"(?:[a-z]+ed|came|went|are|were|have|has|had|got|get|gets|said|did|do|does|made|sold|left|ran"
             r"|won|lost|read|kept|caught|saw|took|paid|spent|spend|used|use|uses|need|needs|want|wants|recycle"
             r"|recycles|listened|passed|booked|scored|done)")
# Words that say the part is something lost or missed, so that a bare "what percentage" may ask for the rest ("dropped
# 9 marks on a test out of 75, whats my percentage")
LOSS = re.compile(r"\b(?:lost|los[es]|dropp\w+|miss\w*|fail\w*|wrong|incorrect|late|broke\w*|died|dead|empty|unsold"
                  r"|spare|short|absent|no-?shows?|declined|refused|rejected|turned\s+away|damaged|leak\w*|duff|faulty"
                  r"|wasted|thrown)\b")


def part_and_whole(text: str, given: str, asked: str) -> list[tuple[str, str]]:
    """[(part, whole)] for a question's two numbers where the larger is said as a whole ("spent 85 out of a 400
    budget") or is said first and the smaller with a verb of its own ("sowed 40 bean seeds and 34 came up"), and the
    part is no loss that a bare "what percentage" may ask the rest of, nor "the rest" said; else []."""
    numbers = re.findall(r"(?<![\d.])\d+(?:\.\d+)?(?![\d.])", text)
    if len(numbers) != 2 or numbers[0] == numbers[1]:
        return []
    small, large = sorted(numbers, key=float)
    whole_said = re.search(rf"\b{WHOLE_SAID}{re.escape(large)}(?![\d.])", text)
    first = numbers[0] == large and re.search(
        rf"(?<![\d.]){re.escape(large)}\b[^.?!\d]*?(?:\band\b|\bn\b|,)\s+(?:[a-z']+\s+){{0,3}}?(?:(?<=\s){PART_VERB}\s+"
        rf"(?:[a-z]+\s+)?{re.escape(small)}(?![\d.])|{re.escape(small)}\s+(?:of\s+(?:them|those|these)\s+)?"
        rf"(?:[a-z]+\s+)?{PART_VERB}\b)", text)
    if not (whole_said or first) or LOSS.search(given) and not LOSS.search(asked) or REST_SAID.search(given):
        return []  # "we kept 15 and the rest went to rag, what % went to rag": the rest's share
    return [(small, large)]
