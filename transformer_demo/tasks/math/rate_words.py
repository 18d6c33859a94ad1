"""The words beside a number that make its unit a rate or money (quantities.py reads them): a speed's short name
("mph"), an amount each of several ("3 hens each lay 5 eggs"), a period named before an amount ("weekly rent is
£320"), an average ("average weight 0.85 kg"), a fee ("a 300 setup fee") and money earned over a time ("made 84 in 7
hrs")."""
from __future__ import annotations

import re

from .asked_money import WORD

SPEED_WORDS = {"km/h": "km per hour", "kph": "km per hour", "kmh": "km per hour", "mph": "miles per hour",
               "m/s": "m per second", "km/hr": "km per hour", "bpm": "beats per minute",
               "mpg": "miles per gallon"}
SPEEDS = re.compile(rf"(?<=[\d\s])({'|'.join(re.escape(w) for w in SPEED_WORDS)})(?![a-z])")
# A bare amount earned, taken or spent over a time is money: "made 84 in 7 hrs", "spent 45 over the weekend"
EARNED = re.compile(r"\b(earned|made|takings\s+(?:of|were|was)|spent|saved|raised|charged)\s+"
                    r"(\d+(?:\.\d+)?)(?=\s+(?:in|over|from|across|during|last|this|today|yesterday)\b)")
# "12 flags each 15 cm", "6 boxes each hold 12": each of the things counted before has the amount after
EACH_VERB = (r"(?:(?!(?:day|week|month|year|hour|night|minute|time|and|or|of|per|a|an|the|plus|minus|with|then|for"
             r"|from|to|in|on|by|x|times|but|so|if|which|that)s?\b)[a-z]+\s+){0,2}?")
# "4 residents each need 1.5 litres", "3 hens each lay 5 eggs", "3 supermarkets each give us 14 crates"
EACH_BEFORE_NUMBER = re.compile(rf"\s*each\s+{EACH_VERB}[$€£]?\d")
EACH_OWNER = re.compile(rf"\d\s+(?:{WORD}\s+)??({WORD})\s+(?:(?:today|yesterday|tonight|so\s+far)\s+)?each\s+"
                        rf"{EACH_VERB}$")  # "did 14 runs today each 2.3km"
# "day rate is £180", "weekly rent is £320", "annual salary of £28,000": money per day, week, year
PERIODIC = (r"rate|rent|pay|wage|salary|fees?|cost|bill|subs?|charge|price|budget|pass|membership|payments?|premium"
            r"|income|allowance|spend|takings")
RATE_NAMED = re.compile(rf"\b(?:(day|dai|hour|hourl|week|night)(?:ly|y)?\s+rate"
                        rf"|(dai|hourl|week|month|year|night)ly\s+(?:[a-z]+\s+)?(?:{PERIODIC})"
                        rf"|(annual)\s+(?:[a-z]+\s+)?(?:{PERIODIC}))\s+(?:is\s+|of\s+|=\s*|:\s*|was\s+)?$")
AVERAGED_BEFORE = re.compile(r"\b(?:average|averaged|averaging|avg)\s+(?:[a-z]+\s+)?(?:of\s+|is\s+|was\s+)?$")
AVERAGED_AFTER = re.compile(r"\s*[a-z]*\s+(?:[a-z]+\s+)?on\s+average\b")  # "4.5 mins late on average"
FEE_AFTER = re.compile(r"\s+(?:[a-z-]+\s+){0,2}?(?:fee|surcharge|levy)\b")
