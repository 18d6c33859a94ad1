"""The units of a word problem's numbers and of the answer it asks for (Reading; the asked unit is read by
asked_units.py, the thing after a number by nouns.py); units.py works out a program's unit from them.

"a pack has 24 stickers" is 24 stickers per pack, "tom buys 7 packs" is 7 packs, "how many stickers" asks for
stickers.

A unit is read only where the words say it plainly: the word after a number ("24 stickers", "175 g"), a
currency ("$12.75", "14.50 canadian dollars"), a rate ("38 pages a minute", "35 cents each", "every coach
holds 42", "boxes of 6"). A number whose unit is not read leaves the program's unit unknown, and then neither
the reading nor the check says anything.
"""
from __future__ import annotations

import re
from fractions import Fraction

from .asked_money import COST_AT_END, THAT_AT_END, TOTAL_AT_END, WORD
from .asked_periods import periods_asked
from .asked_units import asked_clause, asked_unit, money_asked
from .measures import (
    LENGTHS,
    MAJOR_MONEY,
    MEASURES,
    PEOPLE,
    RUN_K,
    UNKNOWN,
    Unit,
    currencies_in,
    name_of,
    powered,
    rate_unit,
    singular,
)
from .memo import of_text
from .nouns import CUBIC, FUNCTION, NOUN, SQUARE, noun_after
from .rate_words import (
    AVERAGED_AFTER,
    AVERAGED_BEFORE,
    EACH_BEFORE_NUMBER,
    EACH_OWNER,
    EARNED,
    FEE_AFTER,
    RATE_NAMED,
    SPEED_WORDS,
    SPEEDS,
)

NOT_HOLDERS = {"sum", "total", "product", "difference", "quotient", "average", "mean", "median", "square", "cube",
               "root", "power", "half", "third", "quarter", "fifth", "tenth", "percent", "multiple", "value"}
RATE_WORD = re.compile(r"\b(?:per|each|every)\b|\b(?:a|an)\s+(?:second|minute|hour|day|week|month|year)\b")
# Words of another operation than a rate's ("3 times a day" says how often, not "3 times as many")
NOT_A_RATE_QUESTION = re.compile(r"\b(?:left|remain\w*|change|more|fewer|less|than|older|younger|percent|twice|half"
                                 r"|(?<!pay\s)(?<!paid\s)(?<!paying\s)(?<!pays\s)back"
                                 r"|double|triple|times(?!\s+(?:a|an|per|each|every)\b)|difference|altogether"
                                 r"|together|plus|minus)\b|%|[-+=^]")

CURRENCY = re.compile(r"([$€£¥₹])\s*(\d+(?:\.\d+)?)")
NUMBER = re.compile(r"(?<![\d.:])\d+(?:\.\d+)?(?![\d:]|\.\d)")
# "37 are reserved"; not "16 are girls"
SUBJECT = re.compile(r"\s+(?:of\s+(?:them|those|these)\s+)?(?:are|were|is|was)\s+(?:already\s+|now\s+)?"
                     r"(?:[a-z]+ed|taken|sold|broken|gone|empty|free|missing)\b")
# "38 pages a minute", "4.50 per square metre", "25/month"; "35 cents each and ...", "1.35 each plus ..." are no rates
# A period said a few words after an amount, in its clause: "45 pounds into her savings every week".
PERIOD_LATER = re.compile(r"(?:\s+(?!and\b|but\b|or\b|then\b|in\b|over\b|for\b|within\b|during\b|after\b|of\b)"
                          r"[a-z']+){1,4}?\s+(?:every|each|per|a|an)\s+(day|week|month|year|night|fortnight)\b")
EACH_DOES = (r"(?!\s+(?:needs?|gets?|has|have|pays?|takes?|eats?|wants?|costs?|uses?|brings?|does|do|makes?|receives?"
             r"|gives?|holds?)\b)")  # "32 singers each need a score": no rate per "need"
PER = re.compile(rf"\s*(?:of\s+{WORD}\s+)?(?:(?:(?:once\s+)?(?:per|a|an|every|each{EACH_DOES})"
                 rf"|for\s+(?:one|each|every|a|an)"
                 rf"|(?:for|in)\s+the(?=\s+(?:whole\s+)?(?:day|week|month|year)\b)(?:\s+whole)?"  # "420 for the year"
                 rf"|to\s+the(?=\s+(?:gallon|litre|liter|pound|dollar|euro|kg|kilo|hour|hectare|acre|mile|km|kilometre"
                 rf"|inch|foot|yard|metre|meter|ounce|stone)\b)"  # "25 miles to the gallon", "2.47 acres to the acre"
                 rf"|in\s+(?:each|every|one|a|an)|on\s+(?:each|every))\s+|/\s*)"
                 rf"(?P<square>(?:square|sq|cubic)\s+)?(?:{NOUN}\s+)??{NOUN}\b")
EACH = re.compile(r"\s*each\b")
SECOND_PER = re.compile(rf"\s+(?:(?!(?:{FUNCTION})\b)[a-z]+\s+)??(?:per|a|an|each|every)\s+({NOUN})\b")  # "per dog per
# night", "per person a day", "per kg bodyweight a day"
HOLDER = re.compile(  # "a pack has", "every coach holds exactly", "a box of 8 bars costs"; not "£12.75 an hour does"
    rf"(?<!\d\s)(?<!money\s)\b(?:a|an|each|every|one|per)\s+(?:{WORD}\s+)??({WORD})\s+(?:of\s+\d+(?:\.\d+)?\s+(?:{WORD}\s+){{1,2}}"
    rf"|of\s+(?:{WORD}\s+){{1,2}})?"
    r"(?:can\s+)?(has|have|holds?|contains?|costs?|seats?|carries|carry|fits?|takes?|needs?|uses?|weighs?|makes?|earns?|covers?|does"
    r"|feeds?|serves?|gives?(?:\s+(?:me|us))?|gave(?:\s+(?:me|us))?|produces?|produced|yields?|yielded|lays?|laid"
    r"|pays?|is|are|sells\s+for)\s+(?:(?:me|us|you)\s+)?(?:exactly\s+|about\s+|around\s+|roughly\s+|only\s+"
    r"|up\s+to\s+)?$")  # "each
# tomato plant gave me about 3.5kg"
PACKED_IN = re.compile(rf"\b({WORD})\s+(?:of|with)\s+$")  # "boxes of 6", "a pack of 24 stickers"
COME_IN = re.compile(rf"\b({WORD})\s+(?:come|comes|are\s+sold|are\s+packed)\s+in\s+")
PAID = r"costs?|costing|paid|pays?|priced(?:\s+at)?|sells?\s+for|sold\s+for"  # the words before a price
PRICED = re.compile(rf"\b(?:{PAID}|at)\s+$")
RATE_PRICED = re.compile(rf"\b(?:{PAID}|at|on|earns?|earning|charges?|is|are|pledged?|pledges|donat(?:es?|ed|ing)"
                         rf"|raises?|raised|raising|gets?|getting|got|receives?|received|sav(?:e|es|ed|ing)"
                         rf"|put(?:s|ting)?\s+(?:away|aside|by))\s+$")  # "pledged 2.50 per km", "saving 12.50 a week"
STATED_RATE = re.compile(r"(?:(?<![\d.])1|\bone)\s+([a-z]+)\s+(?:of\s+[a-z]+\s+)?(?:=|is|equals|is\s+equal\s+to"
                         r"|is\s+worth|is\s+about|weighs|gets?(?:\s+(?:you|me))?|buys?)\s+(?:about\s+)?$")  # before a
# rate's number: "1 mile = ", "1 cup of sugar weighs "
A_SIZE = re.compile(r"\s*(?:long|wide|high|tall|deep|thick|old|away|across|in\s+(?:length|size|diameter))\b")
COSTS = re.compile(rf"\b(?:{PAID}|(?:bill|fare|fee|price|hire|rent|cost|budget|subs|season(?:\s+ticket)?)"
                   r"\s+(?:of|is|was)|(?:came|comes|come|coming)\s+to|owes?|owed|owing|costs?\s+(?:me|us))"
                   r"\s+(?:about\s+|around\s+)?$")
# "a bill of 87.50", "hall hire is 275", "pizza came to 62.50", "patient owes 184": money
# "3 times a day": times per day; "2 tablets 3 times a day": tablets each time
TIMES_A = r"\s+times\s+(?:a|an|per|each|every)\s+(day|week|fortnight|month|year|night|hour)\b"
TIMES_PER, EACH_TIME = re.compile(TIMES_A), re.compile(rf"\s+\d+(?:\.\d+)?{TIMES_A}")
GROUP_OF = re.compile(r"\b(?:family|group|party|household)\s+of\s+$")  # people, where no other thing is named
# A pool, track or loop said with its length: that length each time round ("a 25m pool", "the park loop is 2.4 km")
LAPPED_AFTER = re.compile(r"\s*(?:long\s+)?(?:swimming\s+|running\s+|athletics\s+)?(?:pool|track|loop|circuit|lap)\b")
LAPPED_BEFORE = re.compile(r"\b(?:pool|track|loop|circuit|lap)(?:\s+(?!is\b|was\b)[a-z]+){0,4}?\s+(?:is|was|=|of)\s+"
                           r"(?:about\s+|only\s+|just\s+)?$")
PART_PERIOD = re.compile(r"\bor\s+(?:any\s+)?part\b|\bpart\s+thereof\b")
POWERS = {"²": 2, "³": 3}  # a length's square or cube, written after its name
OWNER = re.compile(rf"\b({WORD}s)\s+of\s+\d+\s+(?:{WORD}\s+){{0,2}}?(?:are|cost|costs|sell\s+for|at|for)\s+$"  # "packs
                   # of 50 sterile needles are £12.50 each": each pack
                   rf"|(?:^|[.?!,]\s*|\b(?:and|but)\s+)(?:the\s+)?(?:{WORD}\s+)?({WORD}s)\s+"
                   rf"(?:(?:cost|are|weigh|sell\s+for)\b[^.?!\d]*)?$"  # "tickets £12.50 each", "pens are 35p each"
                   rf"|\b({WORD}s)\s+(?:that|which)\s+(?:seat|hold|take|fit|carry|contain|have)\s+$"  # "that seat"
                   rf"|\d\s+(?:{WORD}\s+)?({WORD}s)\b[^.?!\d]*$"  # "3 notebooks at 2.45 each"
                   rf"|\b(?:buy|buys|bought|sell|sells|sold|order|ordered|get|gets|got)\s+(?:the\s+)?({WORD}s)\s+(?:at|for)\s+$")
EACH_ONE = re.compile(rf"(?<![\d.])\d+(?:\.\d+)?(?=\s)[^.?!\d]*?\beach\s+(?:one|of\s+them)\s+(?:{WORD}\s+)?"
                      r"(?:about\s+)?$")  # "6 cushion covers, each one needs": per cover
# "boxes hold 24 items": items per box
HOLDERS = re.compile(rf"\b({WORD}s)\s+(?:that\s+|which\s+)?(?:each\s+|all\s+)?(?:can\s+)?(?:hold|seat|take|contain|fit"
                     r"|carry|feed|serve|cover|sleep)\s+(?:up\s+to\s+|about\s+|exactly\s+)?$")
PLACES = {"seat", "place", "space", "bed", "berth", "pitch", "slot", "spot", "bunk"}  # what a holder has for one each
PLACES_HAD = re.compile(rf"\b({WORD}s)\s+(?:each\s+|all\s+)?(?:have|has|with)\s+(?:up\s+to\s+|about\s+)?$")  # "our
# coaches have 53 seats": seats per coach
CONTAINER_WORDS = ("tins", "cans", "tubs", "bags", "blocks", "bottles", "boxes", "packs", "packets", "rolls", "sacks",
                   "jars", "cartons", "tubes", "pots", "tanks", "buckets", "drums", "reels", "sheets", "boards", "bars",
                   "planks", "lengths", "panels", "slabs", "tiles")  # "2.5 litre tins": a measure per container
CONTAINER = re.compile(rf"\s*({'|'.join(CONTAINER_WORDS)})\b")
# "7.5 hr shifts", "45 minute lessons", "3 day trips": a duration written as one, then the things it is the length of
LASTING = re.compile(rf"\s*(?!(?:{FUNCTION})\b)([a-z]+s)\b")
DURATION_WORDS = re.compile(r"(?:hours?|hrs?|minutes?|mins?|seconds?|secs?|days?)(?<!s)$")
CONTAINERS = {singular(word) for word in CONTAINER_WORDS}
LASTS = re.compile(rf"\b({WORD}s)\s+(?:are|were|last|take|run\s+for)\s+(?:each\s+|about\s+|roughly\s+|around\s+)?$")
SIZED = re.compile(rf"\b({WORD}s)\s+(?:are|were)\s+(?:each\s+|about\s+|roughly\s+)?$")  # "panels are" 1.83 m wide
COUNTED_ONES = re.compile(r"\b(?:sold|sell|sells|bought|buy|buys|need|needs|ordered|order|orders|want|wants|did|made"
                          r"|printed|booked|used|got)\s+(?:about\s+|only\s+|another\s+)?$")  # the rate's things
EACH_ASKED = re.compile(r"\bhow\s+many\s+(?:(?:are|is|will|would|should|can|do|does|go|goes|sit|sits|get|gets|be|in|on"
                        rf"|at|for|there|into)\s+){{0,3}}(?:each|every|per)\s+({WORD})\b")  # the thing not said
PER_ASKED = re.compile(rf"\b(?:what'?s|whats|what\s+is)\s+(?:that|this|it)\s+(?:per|an?|each)\s+({WORD})\b"
                       rf"|\baverage\s+(?:[a-z]+\s+)?(?:per|an?|each)\s+({WORD})\b"  # "average weight per parcel"
                       rf"|\bper\s+({WORD})\s*[?.!]*$")  # "goals per game?"
# "at 3 for £5", "apples are 4 for $3": a deal's count and its price are both per bundle, so that a program multiplying
# the two (3 * 5 * 9 for "9 books") makes no quantity; "sold 12 cakes for £30" is a sale, no deal
DEAL = r"(?:^|[:,(]\s*|\b(?:at|are|is|were|was|only|just|now)\s+)"
BUNDLE_COUNT = re.compile(r"\s+for\s+(?:[$€£]\s*\d|\d+(?:\.\d+)?\s*(?:money|p|c|dollars?|pounds?|quid|euros?|bucks)\b)"
                          r"(?![^.?!,]*\beach\b)")
BUNDLE_PRICE = re.compile(rf"{DEAL}\d+\s+for\s+[$€£]?\s*$")



def _unit_at(text: str, start: int, end: int) -> tuple[Unit | None, bool]:
    """The unit of the number at text[start:end], from the words around it (module docstring), or None; and
    whether it is a holder's ("a pack has 24 stickers": a rate only where packs are counted elsewhere)."""
    before, after = text[:start], text[end:]
    if re.match(r"\s*(?:%|percent\b|per\s+cent\b)", after):  # "pays 3% simple interest": a ratio, no unit
        return None, False
    if re.search(rf"{DEAL}$", before) and BUNDLE_COUNT.match(after):  # "at 3 for £5": things per bundle
        return rate_unit(UNKNOWN, "bundle"), False
    if BUNDLE_PRICE.search(before):  # its price: money per bundle
        return rate_unit("money", "bundle"), False
    if (times := TIMES_PER.match(after)) and re.search(r"\d\s*[a-z]+\s+$", before):  # "5ml 4 times a day"; not "i swim
        return rate_unit("time", times.group(1)), False  # 3 times a week, 2.4 km each session": sessions a week
    thing, stop = noun_after(after)
    rest = after[stop:]
    if thing and EACH_TIME.match(rest):
        return rate_unit(thing, "time"), False
    if thing not in MEASURES and FEE_AFTER.match(after):  # "a 300 setup fee", "a 9.99 dealing fee": money
        return (("money", 1),), False
    if thing in LENGTHS and (SQUARE.match(after) or CUBIC.match(after)):  # "12 square metres", "12 m²", "2 m³"
        thing = f"{thing}{'²' if SQUARE.match(after) else '³'}"
    if thing in MEASURES and thing not in ("money", "cent") and (box := CONTAINER.match(rest)):
        return rate_unit(thing, name_of(box.group(1))), True  # "2.5 litre tins": litres per tin
    if thing in LENGTHS and (LAPPED_AFTER.match(rest) or LAPPED_BEFORE.search(before)) and (
            counted := re.findall(r"\b(lap|length)s?\b", text)) and len(set(counted)) == 1:
        return rate_unit(thing, counted[0]), False  # "64 lengths of a 25 m pool", "track is 400m, 9 laps": m a lap
    if thing in ("hour", "minute", "second", "day") and DURATION_WORDS.search(after[:stop].strip()) and (
            lasting := LASTING.match(rest)) and name_of(lasting.group(1)) not in (None, *MEASURES):
        return rate_unit(thing, name_of(lasting.group(1))), False  # "7.5 hr shifts": hours per shift
    if re.search(r"\bpa(?:y|ys|id|ying)\s+(?:with|using)\s+(?:a|an|one)?\s*$", before):  # "paid with a 500 note"
        return ((thing, 1),) if thing else None, False
    if thing and thing not in MEASURES and EACH_BEFORE_NUMBER.match(rest):  # "6 boxes each hold 12 eggs": the boxes
        # are counted; "2 pounds each" is a price each
        return ((thing, 1),), False
    if (each := EACH_ONE.search(before)) and thing and (owner := noun_after(before[each.start():].split(
            " ", 1)[1])[0]) not in (None, thing, *MEASURES):  # "8 hens, each one lays 5 eggs a week": per hen
        per = (rate := PER.match(rest)) and name_of(rate.group(3))
        unit = [(thing, 1), (owner, -1)] + ([(per, -1)] if per and per not in (thing, owner) else [])
        return tuple(sorted(unit)), False
    if (stated := STATED_RATE.search(before)) and not A_SIZE.match(rest):  # "1 inch is 2.54 cm": cm per inch
        return rate_unit(thing, name_of(stated.group(1))), False
    material = thing in MEASURES and re.match(rf"\s+{NOUN}(?=\s+(?:per|a|an|each|every)\s)", rest)  # "250g butter per
    # batch", "1.5 kg hay a day"
    rate = PER.match(rest) or material and PER.match(rest, material.end())
    if rate and (per := name_of(rate.group(3))):  # "38 pages a minute", "1.89 per litre", "250g butter per batch"
        power = rate.group("square") and ("³" if rate.group("square").startswith("cubic") else "²")
        per += power if power and per in LENGTHS else ""  # "per square metre", "a cubic metre"
        unit = rate_unit(thing or ("money" if RATE_PRICED.search(before) else UNKNOWN), per)
        if unit and (again := SECOND_PER.match(rest, rate.end())) and (other := name_of(again.group(1))) not in (
                None, per, *(n for n, _ in unit)):  # "£4 per dog per night": money per dog per night
            unit = tuple(sorted((*unit, (other, -1))))
        if unit and (owner := EACH_OWNER.search(before)) and (name := name_of(owner.group(1))) not in (
                None, *MEASURES, *(n for n, _ in unit)):  # "3 hens each lay 5 eggs a week": per hen too
            unit = tuple(sorted((*unit, (name, -1))))
        if unit and EACH.match(rest, rate.end()) and (owner := OWNER.search(before)) and (name := name_of(next(
                g for g in owner.groups() if g))) not in (None, *MEASURES, *(n for n, _ in unit)):
            unit = tuple(sorted((*unit, (name, -1))))  # "6 stylists doing 9 appointments a day each": per stylist
        return unit, False
    if thing in (None, "money") and (later := PERIOD_LATER.match(rest)):  # "puts 45 pounds into her savings every
        return rate_unit(thing or UNKNOWN, later.group(1)), False  # week": money per week
    if (holders := HOLDERS.search(before) or thing in PLACES and PLACES_HAD.search(before)) and name_of(
            holders.group(1)) not in (None, *MEASURES, *NOT_HOLDERS):
        return rate_unit(thing or UNKNOWN, name_of(holders.group(1))), True
    if (holder := HOLDER.search(before)) is not None and name_of(holder.group(1)) not in (None, *NOT_HOLDERS):
        costs = holder.group(2).startswith(("cost", "pay", "sell", "earn"))
        return rate_unit(thing or ("money" if costs else UNKNOWN), name_of(holder.group(1))), True
    if (owner := EACH_OWNER.search(before)) and (name := name_of(owner.group(1))) not in (None, *MEASURES):
        per = (rate := PER.match(rest)) and name_of(rate.group(3))  # "12 flags each 15 cm", "3 hens each lay 5 eggs a
        unit = rate_unit(thing or UNKNOWN, name)  # week": eggs per hen per week
        return (tuple(sorted((*unit, (per, -1)))) if unit and per and per not in (thing, name) else unit), True
    if GROUP_OF.search(before) and not (thing and re.match(r"\s*[a-z]+s\b", after)):  # "a family of 5 staying"
        return (("person", 1),), False
    packed = PACKED_IN.search(before)
    if packed and (box := name_of(packed.group(1))) not in (None, *MEASURES, *NOT_HOLDERS):
        content = thing or ((come := COME_IN.search(before)) and name_of(come.group(1)))
        return rate_unit(content or UNKNOWN, box), True
    owner = thing in LENGTHS and A_SIZE.match(rest) and SIZED.search(before) or thing in ("hour", "minute", "day") \
        and LASTS.search(before)
    if owner and (name := name_of(owner.group(1))) not in (None, *MEASURES):  # "panels are 1.83 m wide": a length per
        return rate_unit(thing, name), True  # panel; "lifeguard shifts are 3.5 hrs": hours per shift
    if (each := EACH.match(rest if thing else after)) and not EACH_BEFORE_NUMBER.match(after):
        owner = OWNER.search(before)
        price = "money" if PRICED.search(before) else None
        unit = rate_unit(thing or price or UNKNOWN, owner and name_of(next(g for g in owner.groups() if g)))
        if unit and (again := PER.match(rest if thing else after, each.end())) and (per := name_of(again.group(3))) \
                not in (None, *(n for n, _ in unit)):  # "3 subjects 2.5 hrs each a day": hours per subject per day
            unit = tuple(sorted((*unit, (per, -1))))
        return unit, False
    if thing in (None, "money") and (named := RATE_NAMED.search(before)):  # "day rate is £180": money per day
        period = next(g for g in named.groups() if g)
        return rate_unit("money", {"dai": "day", "hourl": "hour", "annual": "year"}.get(period, period)), False
    if not thing and COSTS.search(before):  # "500 g of cheese costs 4.20", "a bill of 87.50"
        return (("money", 1),), False
    if re.match(r"\s+of\s+us\b", after):  # "5 of us are splitting"
        return (("person", 1),), False
    return ((thing, 1),) if thing else None, False


class Reading:
    """A question's numbers with their units (exact values -> unit, None where not read) and the unit asked."""

    def __init__(self, text: str):
        currencies = currencies_in(text)
        text = re.sub(r"(\d)-(?=[a-z])", r"\1 ", CURRENCY.sub(r"\2 money", text.lower()))  # "a 36-hour week"
        text = EARNED.sub(r"\1 \2 money", text)  # "made 84 in 7 hrs": money
        text = re.sub(r"[\s,]+(?:please|pls|plz|thanks|thank\s+you)[\s?.!]*$", "", text)  # "..., in minutes pls"
        text = re.sub(r"\b(per|a|each)\s+head\b", r"\1 person", text)  # "28.50 per head": per person
        text = RUN_K.sub(r"\1 \2 km", powered(text))
        self.text = SPEEDS.sub(lambda m: SPEED_WORDS[m.group(1)], text)
        self.numbers: dict[Fraction, Unit | None] = {}
        self.starts: dict[Fraction, int] = {}  # where each number is first said
        held = set()
        for m in NUMBER.finditer(self.text):
            unit, is_held = _unit_at(self.text, m.start(), m.end())
            unit = unit and tuple(sorted((name.rstrip("²³"), power * POWERS.get(name[-1], 1)) for name, power in unit))
            value = Fraction(m.group())
            self.numbers[value] = unit if self.numbers.get(value, unit) == unit else None
            self.starts.setdefault(value, m.start())
            held |= {value} if is_held else set()
        self.asked = asked_unit(self.text)
        if self.asked and ("money", 1) in self.asked and not MAJOR_MONEY.search(self.text) and any(
                u and ("cent", 1) in u for u in self.numbers.values()):  # "pens at 35 cents: what do 4 cost?"
            self.asked = tuple(sorted(("cent" if n == "money" else n, p) for n, p in self.asked))
        if self.asked is None and ((much := re.search(r"\bhow\s+much\b", self.text)) and not noun_after(
                self.text[much.end():])[0] or TOTAL_AT_END.search(self.text) or THAT_AT_END.search(self.text)) and any(
                u and (("money", 1) in u or ("cent", 1) in u and MAJOR_MONEY.search(self.text))
                for u in self.numbers.values()):  # "18p a unit, 85 units, how much in pounds", not "how much"
            self.asked = money_asked(self.text)  # "diesel is 1.48 a litre, how much to fill it", "..., total?"
        if self.asked is None and COST_AT_END.search(self.text):  # "gravel 45 a tonne, need 3.2 tonnes, cost?": money
            self.asked = (("money", 1),)  # though no number is said to be money
        self._unhold(held, unnamed_count=True)
        self._name_unknowns()
        self._unhold(held)
        self._name_averages()
        if self.asked is None and (each := EACH_ASKED.search(self.text) or PER_ASKED.search(self.text)) and (
                per := name_of(next(g for g in each.groups() if g))):
            things = {u[0][0] for u in self.numbers.values() if u and len(u) == 1 and u[0][1] == 1} - {per}
            things -= PEOPLE if per == "person" else set()  # "£3412.50 for 105 guests, what's that per head?"
            self.asked = rate_unit(things.pop(), per) if len(things) == 1 else None  # "how many on each table"
        self.asked_units = [self.asked] if self.asked else []
        self.asked_units += periods_asked(self.asked, self.numbers, asked_clause(self.text))  # "weekly pay"
        rates = [n for u in (*self.numbers.values(), self.asked_units[-1] if self.asked_units else None) if u
                 for n, p in u if p < 0]  # eggs per hen per week
        self.complete = len(RATE_WORD.findall(self.text)) <= len(rates)  # every "per", "each", "a day" read
        self.complete &= len(currencies) < 2  # "5400 yen at 190 yen to the pound": money in two units
        self.complete &= not PART_PERIOD.search(self.text)  # "£340 per week or part week": whole weeks, no proportion

    def _name_averages(self) -> None:
        """"caught 7 fish, average weight 0.85kg": an amount said as an average is one for each of the question's
        one kind of thing counted (kg per fish)."""
        counted = {u[0][0] for u in self.numbers.values() if u and len(u) == 1 and u[0][1] == 1
                   and u[0][0] not in MEASURES}
        for m in NUMBER.finditer(self.text):
            value, unit = Fraction(m.group()), self.numbers.get(Fraction(m.group()))
            averaged = AVERAGED_BEFORE.search(self.text[max(0, m.start() - 25): m.start()]) or AVERAGED_AFTER.match(
                self.text, m.end())
            measured = unit and len(unit) == 1 and unit[0][1] == 1 and unit[0][0] in MEASURES
            if averaged and measured and len(counted) == 1:
                self.numbers[value] = rate_unit(unit[0][0], next(iter(counted)))

    def _unhold(self, held: set[Fraction], unnamed_count: bool = False) -> None:
        """"a school trip has 252 students" is 252 students: a holder that nothing else counts holds no rate. With
        unnamed_count, a measure's holder is kept while another number's thing is not yet named ("4 rows, 7 in each
        row, each plant gives 3.5 kg": the 7 are plants)."""
        for value in held:
            unit = self.numbers[value]
            if not unit or len(unit) != 2 or unit[0][1] == unit[1][1]:
                continue
            per, thing = (next(name for name, p in unit if p < 0), next(name for name, p in unit if p > 0))
            others = [u for v, u in self.numbers.items() if v != value and u] + [self.asked or ()]
            if unnamed_count and thing in MEASURES and any((UNKNOWN, 1) in other for other in others):
                continue
            if not any(name == per for other in others for name, _ in other):
                self.numbers[value] = None if thing == UNKNOWN else ((thing, 1),)

    def _name_unknowns(self) -> None:
        """"every coach holds 42" names no thing: it is the question's one other thing counted (252 students); and
        a number that names nothing beside one rate whose holder is asked is what the holders hold."""
        things = {u[0][0] for u in self.numbers.values() if u and len(u) == 1}
        for value, unit in self.numbers.items():
            if unit and any(name == UNKNOWN for name, _ in unit):
                per = next(name for name, p in unit if p < 0)
                asked = [name for name, p in self.asked or () if p > 0 and name != per]
                # "1.89 per litre ... the total cost?": money per litre; "7.5 hr shifts, 4 a week": shifts a week; not
                # pence where "in pence" is asked ("6.80 a gallon, the fuel cost per mile in pence")
                held = {name for u in self.numbers.values() if u and len(u) == 2 and UNKNOWN not in dict(u)
                        for name, p in u if p < 0 and name != per and name not in MEASURES}
                named = {t for t in things - {per} or held or set(asked) - {"cent"}  # "4 sets of 8 at 72.5 kg": no kg;
                         if t not in MEASURES or per in MEASURES or t in ("money", "cent")}  # "12 in a ft": inches
                self.numbers[value] = tuple(sorted((named.pop() if name == UNKNOWN else name, p) for name, p in unit)) \
                    if len(named) == 1 else None  # "8 per square metre": plants per square metre
        self._name_subjects()
        bare = [value for value, unit in self.numbers.items() if unit is None]
        rates = [unit for unit in self.numbers.values() if unit and len(unit) == 2]
        if len(bare) == 1 and len(rates) == 1 and self.asked and len(self.asked) == 1 and self.asked[0][1] == 1:
            (per, _), (thing, _) = sorted(rates[0], key=lambda np: np[1])  # "boxes hold 24 items, i've got 500":
            if per == self.asked[0][0] and thing != UNKNOWN and not any(  # 500 items, the boxes asked
                    u == ((thing, 1),) for u in self.numbers.values()):
                self.numbers[bare[0]] = ((thing, 1),)
            elif (thing == self.asked[0][0] or {thing, self.asked[0][0]} == {"money", "cent"}) and per not in (
                    UNKNOWN, *MEASURES) and COUNTED_ONES.search(self.text[:self.starts[bare[0]]]):
                # "tickets 12.50 each, we sold 346": 346 tickets
                self.numbers[bare[0]] = ((per, 1),)

    def _name_subjects(self) -> None:
        """"18 rows of 24 chairs and 37 are reserved": a number that stands for its thing is the thing the number
        before it counts (37 chairs)."""
        for m in NUMBER.finditer(self.text):
            value = Fraction(m.group())
            if self.numbers.get(value) is not None or not SUBJECT.match(self.text, m.end()):
                continue
            before = [u for p in NUMBER.finditer(self.text[: m.start()])
                      if (u := self.numbers.get(Fraction(p.group())))]
            things = [name for name, power in before[-1] if power == 1] if before else []
            if len(things) == 1 and things[0] not in MEASURES and things[0] != UNKNOWN:
                self.numbers[value] = ((things[0], 1),)


@of_text
def read_quantities(text: str) -> Reading:
    """The text's Reading, remembered (memo.py): several readers read one question, and none changes it."""
    return Reading(text)
