"""What a percentage question asks beside its numbers' own part: the rest, another thing or state than the one
counted, another period; and whether the words asked say again a word the numbers are given with.

    other_than_part("25% are juniors, how many adults")                   -> True   (another thing)
    other_than_part("40% returned their books late, how many on time")    -> True   (the opposite state)
    other_than_part("in a class of 40 kids 65% are girls, how many girls") -> False
"""
from __future__ import annotations

import re

from .asked import given_and_asked, opposed, other_period

# What a question asks beside a percentage's part of a number: the rest ("how many are non-fiction", "how much do
# i borrow", "keeps 70%, giving the rest to her editor") or the part for another period ("1.2% a year on 310000,
# how much is that per month").
# "8% wilted, how many can i still sell", "15% full, how many litres to brim it"
COMPLEMENT = re.compile(r"\bnon-?[a-z]+|\bnot\b|n't\b|\bother\b|\brest\b|\bremaining\b|\bborrow\w*|\bloan\b"
                        r"|\bmortgage\b|\bstill\b|\bfill\w*|\bempty\b|\bleft\b|\bkeep\b|\bbrim\b"
                        r"|\btop\s+(?:it\s+)?up\b")
REST_SAID = re.compile(r"\b(?:the\s+rest|the\s+remainder|the\s+remaining|every(?:one|body)\s+else"
                       r"|(?:all\s+)?the\s+others)\b")  # "giving the rest to her editor", "everyone else has a dinner"


NEGATION = re.compile(r"\bnot\b|n't\b|\b(?:never|didnt|dont|doesnt|wasnt|werent|isnt|arent|cant|wont|non-?[a-z]+"
                      r"|without)\b")
TARGET = re.compile(r"\b(?:need|needs|want|wants|aim\s+for|target\s+of)\s+(?:\w+\s+)?\d")  # "need 400 completes, a
# 16% response rate": the 400 is the part, the whole asked
SPENT_ON = re.compile(r"%\s+(?:of\s+(?:it|that|this)\s+)?(?:goes|go|went|is\s+spent|was\s+spent)\s+(?:on|to)\s+"
                      r"(?:the\s+)?([a-z]+)")  # "15% goes on admin, how much reaches the cause": not the admin asked
# Someone else's part: "the site takes a 5% fee, how much actually goes to the charity" asks for the rest.
FEE = re.compile(r"\b(?:takes?|took|keeps?|kept|charges?|deducts?)\s+(?:an?\s+)?\d+(?:\.\d+)?\s*%"
                 r"|%\s+(?:[a-z]+\s+)?(?:fee|charge|commission)\b")  # "a 30% cancellation fee"
FEE_ASKED_OTHER = re.compile(r"\b(?:goes|go|went)\s+to\b|\brefund\w*")
GOAL = re.compile(r"\b(?:to|so\s+(?:that\s+)?(?:i|we|you|they|he|she))\s+(?:get|earn|make|receive|reach|end\s+up\s+with"
                  r"|take\s+home|clear|net)\s+(?:an?\s+)?[$€£]?\d")  # "2% a year, how much do i need to put in to get
# £90 interest", "what do i list at so i receive £27 after the fee": the whole asked
COUNTED_ASKED = re.compile(r"\bhow\s+many\s+([a-z]+)")
STATE_ASKED = re.compile(r"\bhow\s+many\s+(?:of\s+them\s+|[a-z]+\s+)?(?:are|were|is|was)\s+(?:still\s+)?"
                         r"(?!(?:there|left|that|this|it|on|in|at|inside|aboard|here|the|a|an|my|our|your|his|her"
                         r"|their)\b)([a-z]+)")  # "how many are working"
DOING_ASKED = re.compile(r"\bhow\s+many\s+(?:am|are|is|was|were)\s+(?:i|we|they|you|he|she)\s+([a-z]+ing)\b")
PERCENT_NAMES = re.compile(r"%\s+(?:of\s+(?:them|the\s+[a-z]+)\s+)?(?:are|were)\s+[a-z]+s\b")  # "25% are juniors"
# "a 15-pound watermelon is 30% rind by weight": what the thing is made of, and what share of it
MADE_OF = re.compile(r"\b(?:is|are|was|were)\s+(?:about\s+|roughly\s+)?\d+(?:\.\d+)?\s*(?:%|percent\b)\s+"
                     r"(?!(?:of|off|on|in|for|more|less|cheaper|dearer|higher|lower|up|down|full|empty|discount|tax|vat"
                     r"|interest|and|but|the|so|then|with)\b)([a-z]{3,})\b")

# A direction said within a few words of the percentage asked: "whats the % raise", "what percent did takings fall
# by", "what % off is that"; "up", "down" and "off" only where they end the phrase ("% of the way up the hill" is no
# rise, "what percentage is off the road" no decrease).
ENDS = r"(?=\s*(?:$|[?.!,]|(?:is|was|that|this|it|by|on|from|compared|then)\b))"
MOVED = (r"(?:(?<=%)|(?<=%\s)|(?<=percent\s)|(?<=percentage\s)|(?<=go\s)|(?<=goes\s)|(?<=gone\s)|(?<=went\s)"
         r"|(?<=going\s))")  # "% up", "go down", "percent off"; not "didnt turn up", "what percentage came up"
UP_ASKED = (rf"increase[sd]?|rise|rises|rose|raise|growth|gr[eo]w|grown|more|longer|higher|bigger|larger|taller"
            rf"|heavier|improve(?:d|ment)?|gain|mark-?up|profit|{MOVED}up{ENDS}")
DOWN_ASKED = (rf"decrease[sd]?|drop(?:ped)?|fall|fell|fallen|less|discount|saving|reduction|cut|lower|below"
              rf"|cheaper|shorter|smaller|lighter|lost|lose|loss|{MOVED}(?:down|off){ENDS}")
NEAR = r"(?:\s+[a-z']+){0,5}?\s*"


def _near(words: str) -> re.Pattern:
    """A direction word within a few words of "%" or "percent", as the group "word"."""
    return re.compile(rf"(?:%|\bpercent(?:age)?){NEAR}\b(?P<word>{words})\b|\b(?P<before>{words})\b{NEAR}(?:%|percent)")


UP_NEAR, DOWN_NEAR = _near(UP_ASKED), _near(DOWN_ASKED)


ASKING_WORDS = frozenset(
    "what whats percent percentage percentages is was are were that this it of the an did do does as in how many much"
    " my our their his her your its to be would will out from total all overall them they we you she he have has had"
    " got get so far then now there win hit pass success completion strike save occupancy rate score".split())

CHANCE_WORDS = frozenset("chance probability random pick picks picked one someone nearest whole decimal place"
                         " places round rounded hers his theirs mine ours".split())

def said_again(given: str, asked: str) -> bool:
    """Does what the question asks say again a word its numbers are said with ("4 of 25 didnt germinate, what
    percentage did germinate"), so that a negation on one side only asks for the rest?"""
    words = set(re.findall(r"[a-z]{3,}", NEGATION.sub(" ", asked))) - ASKING_WORDS
    return any(w[:5] == g[:5] and min(len(w), len(g)) >= 5 or LEMMAS.get(w, w) == LEMMAS.get(g, g)
               for w in words for g in re.findall(r"[a-z]{3,}", given))


# Verbs said in another form in what is asked: "sold 18 of my 60, what % did i sell"
LEMMAS = {"sold": "sell", "sells": "sell", "bought": "buy", "buys": "buy", "won": "win", "wins": "win", "paid": "pay",
          "pays": "pay", "ran": "run", "runs": "run", "made": "make", "makes": "make", "got": "get", "gets": "get",
          "took": "take", "takes": "take", "spent": "spend", "spends": "spend", "ate": "eat", "eats": "eat",
          "gave": "give", "gives": "give", "lost": "lose", "loses": "lose", "did": "do", "does": "do", "hits": "hit",
          "kept": "keep", "keeps": "keep", "caught": "catch", "catches": "catch"}


def rest_asked(given: str, asked: str) -> bool:
    """Does the question ask for what is left ("how much do i keep", "what percent is left"), in words the numbers
    it gives are not said with?"""
    return bool({w for w in COMPLEMENT.findall(asked) if w not in given})


def other_than_part(text: str) -> bool:
    """Does the question ask for something else than the part a percentage takes of a number: the rest, another
    thing than the one it counts ("25% are juniors, how many adults"), or the part for another period than the one
    it gives ("18000 at 20%, how much tax per month")?"""
    given, asked = given_and_asked(text)
    return bool(other_kind_asked(given, asked) or REST_SAID.search(text) or other_period(given, asked)
                or TARGET.search(given) or GOAL.search(asked))


def other_kind_asked(given: str, asked: str, states: bool = True) -> bool:
    """Does the question ask for the things or the state its percentage does not count: the rest ("how many are
    left"), the opposite state ("late", "on time"), a negation on one side only, another kind ("25% are juniors, how
    many adults", "30% rind, how many pounds of edible melon", "15% of my cows are dry, how many am I milking") or
    what someone else's fee leaves ("takes a 5% fee, how much goes to the charity")? With states=False, a state
    asked that the question does not say ("85% full, how many rooms are taken") is not another kind: it may be one
    said in other words."""
    counted, named, state = COUNTED_ASKED.search(asked), PERCENT_NAMES.search(given), STATE_ASKED.search(asked)
    other = counted and named and counted.group(1).endswith("s") and counted.group(1) not in given or (
        states and state and state.group(1) not in given)  # "15% of them are out of order, how many are working"
    if FEE.search(given) and FEE_ASKED_OTHER.search(asked):
        other = True
    if (spent := SPENT_ON.search(given)) and spent[1] not in asked and set(re.findall(r"[a-z]{3,}", asked)) - \
            ASKING_WORDS:
        other = True
    if (made := MADE_OF.search(given)) and made[1] not in asked and re.search(r"\bof\s+[a-z]+", asked):
        other = True  # "30% rind by weight, how many pounds of edible melon": not the rind
    if (doing := DOING_ASKED.search(asked)) and not said_again(given, doing[1]):
        other = True  # "15% of my 140 cows are dry, how many am I milking": what is done is not what is given
    if (rest := REST_SAID.search(given)) and said_again(given[rest.end():], asked) and not said_again(
            given[:rest.start()], asked):
        other = True  # "35% bring a packed lunch, everyone else has a school dinner. how many school dinners"
    return bool(other or rest_asked(given, asked) or bool(NEGATION.search(given)) != bool(NEGATION.search(asked))
                or opposed(given, asked))
