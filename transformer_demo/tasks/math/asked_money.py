"""The words a word problem asks for money with: "how much does it cost", "what's my weekly pay", "..., total
spend?", "how much each" (money for each one), "how much does each family pay" (money per family); quantities.py
reads them into the unit asked."""
from __future__ import annotations

import re

WORD = r"[a-z]+"
SENTENCE = r"[^.?!]*"
CLAUSE = r"(?:[^.?!]|\.(?=\d))*"  # "what's 12.5 m going to cost": a decimal point ends no sentence
TOTAL_AT_END = re.compile(r"(?:[,.;]\s*|\s(?=what'?s\s+(?:the|my|our)\s+total|whats\s+(?:the|my|our)\s+total))"
                          r"(?:what'?s\s+(?:the|my|our)\s+|whats\s+(?:the|my|our)\s+)?"
                          r"(?:total(?:\s+[a-z]+)?\s+(?:cost|spend|bill|fine|fee|charge)"
                          r"|total\s+spend|total|cost|price|revenue|takings)"
                          r"(?:\s+for\s+(?:the\s+)?[a-z]+)?(?:\s+(?:before|ex|excluding)\s+vat)?"
                          r"(?:\s*\([^)]*\))?\s*[?.!]*$")  # "..., cost?", "total (£)?", "whats the total before VAT"
# "whats that a week", "what does that come to over 8 weeks": the amount the question's rates make, asked bare
THAT_AT_END = re.compile(r"\bwhat(?:'s|s|\s+is)\s+(?:that|this|it)(?:\s+(?:a|an|in|over|for)\s+(?:a\s+|the\s+|\d+\s+)?"
                         r"[a-z]+|\s+altogether|\s+in\s+total)?\s*[?.!]*$|\bwhat\s+(?:does|will|would)\s+(?:that|this|it)\s+come\s+to\b[^.?!]*[?.!]*$")
# not "what's that per head": an amount for each one (quantities.PER_ASKED)
COST_AT_END = re.compile(r"(?:^|[,.;:]\s*)(?:the\s+|total\s+)?(?:cost|price)\s*[?.!]*$")  # "45 a tonne, ..., cost?"
MONEY_ASKED = re.compile(rf"\bhow\s+much\b{SENTENCE}\b(?:money|cost|costs|pay|paid|spend|spent|earn|earns|make|makes"
                         rf"|made|save|saved|charge|owe|worth|price|raise|raised|donate|donated|collect|collected|claim)\b"
                         rf"|\bhow\s+much\s+(?:is|are|for)\s+(?:one|each|a|an|\d+(?:\.\d+)?)\b"
                         rf"|\bhow\s+much\s+(?:(?:is|was)\s+(?:that|it|this)\s+)?(?:a|an)\s+{WORD}\b"
                         rf"|\bhow\s+much\s+(?:is|are)\s+(?:that|it|this|they)\s+(?:per|each|for\s+(?:one|each|a|an))\b"
                         rf"|\bwhat\s+(?:do|does|did|will|would|should|shall|must)\b{CLAUSE}\b(?:cost|pay|paying|spend|earn|charge|take"
                         rf"|bring\s+in|owe|make|invoice|bill)\b|\b(?:total\s+)?(?:cost|price)\s+of\b"
                         rf"|\d\s+[a-z]+\s+(?:costs?|cost\s+(?:me|us))\s*[?.!]*$"  # "1.52 a litre, 45 litres costs"
                         rf"|\bwhat(?:'s|s|\s+is|\s+are)\b{CLAUSE}\b(?:going\s+to|gonna)\s+(?:cost|set\s+(?:me|us|you)\s+back)\b"
                         rf"|\bwhat(?:'s|s|\s+is|\s+are)\s+(?:the|my|his|her|their|our|your|it|that|this)\b{SENTENCE}\bworth\b"
                         rf"|(?:^|[,.;:]\s*)(?:my\s+|the\s+|his\s+|her\s+|our\s+)?(?:weekly|monthly|annual|yearly|daily|total"
                         rf"|gross)\s+(?:pay|wages?|salary|earnings|income|takings|bill|cost)(?:\s+before\s+tax)?\s*[?.!]*$"
                         rf"|\bwhat(?:'s|s|\s+is|\s+was|\s+are|\s+were)\s+(?:the|my|his|her|their|our|your)\s+(?:total\s+)?"
                         rf"(?:(?!correct|right|real|actual|true)[a-z]+\s+)?(?:cost|price|pay|bill|earnings|wages?|salary"
                         rf"|takings|income|revenue|sales"
                         rf"|wage\s+bill|fare|fee|charge|fine)\b"  # "what's the labour cost"; not "the correct cost"
                         rf"|\bwhat(?:'s|s|\s+is|\s+was|\s+are)\s+(?:the|my|his|her|their|our|your)\s+(?:gross|net|weekly"
                         rf"|monthly|annual|yearly|daily)\s+(?:{WORD}\s+)?(?:pay|wages?|salary|earnings|income|bill|cost"
                         rf"|take|takings|rent|fees?)\b"  # "what's my weekly take", "what's the daily fuel cost"
                         # "Total takings from the meal deals?"
                         rf"|(?:^|[,.;:]\s*)total\s+(?:{WORD}\s+)?(?:takings|revenue|sales|income|earnings)\b{SENTENCE}\?"
                         rf"|(?:^|[,.;:]\s*)(?:the\s+|my\s+)?(?:invoice|bill|order)\s+total\s*[?.!]"  # "Invoice total?"
                         rf"|\bwhat(?:'s|s|\s+is|\s+was)\s+(?:the|my|his|her|their|our|your)\s+gross\s*[?.!]*$"
                         # "..., laundry bill?", "cost for 30 days?", "what's the budget for a 7 day week"
                         rf"|(?:^|[,.;:]\s*)(?:the\s+|my\s+|our\s+)?(?:{WORD}\s+)?(?:bill|budget|outlay)\s*[?.!]*$"
                         rf"|(?:^|[,.;:]\s*)(?:the\s+)?(?:total\s+)?(?:cost|price)\s+for\b{CLAUSE}[?.!]*$"
                         rf"|\bwhat(?:'s|s|\s+is|\s+was)\s+(?:the|my|our|your)\s+budget\b"
                         # "what's the shop taken", "how much comes in"
                         rf"|\bwhat(?:'s|s|\s+has|\s+have)\s+(?:the\s+{WORD}|we|i|they)\s+(?:taken|took|made)\b"
                         rf"|\bhow\s+much\s+(?:comes?|came|is\s+coming|will\s+come)\s+in\b")
PAYING = r"pays?|gets?|owes?|has|have|receives?|needs?|spends?|puts?|gives?|contributes?"  # each one does
EACH_AT_END = re.compile(r"\bhow\s+much\s+(?:[a-z]+\s+){0,3}?(?:each|apiece|a\s+head|per\s+head|each\s+one"
                         r"|per\s+person)\s*(?:[?.!]*\s*$|[?:]\s)")  # "..., how much each?", "how much each? 4 of us,
# bill was 86"; not "3 pens at 4 each"
# "what's my hourly rate": money per hour
RATE_ASKED = re.compile(r"\b(?:what'?s|whats|what\s+is|what\s+was|work\s+out|find)\s+(?:my|his|her|their|our|your"
                        r"|the)\s+(hour|dai|week|month|year|night)ly\s+rate\b")
EACH_PAYS = re.compile(rf"\b(?:each|per)\s+({WORD})\b"
                       rf"|\bhow\s+much\s+(?:is|are|for|does|do|cost|costs)\s+(?:one|a|an|each)\s+({WORD})\b"
                       rf"(?!\s+of\s+\d)"  # not "how much for a group of 8"
                       rf"|\bhow\s+much\s+(?:(?:is|was)\s+(?:that|it|this)\s+)?(?:a|an)\s+({WORD})\b")  # "a night"
