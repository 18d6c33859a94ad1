"""Clock times: "five o'clock" / "fünf Uhr" / "cinq heures" gives "half past ten" / "halb elf" / "dix heures et demie".

Tatoeba's training splits say "half past" in 7 sentences, so the shipped models turned "on Tuesday at half past ten"
into "um halb zehn" (9:30). A pair whose two sentences say one clock time each, the same time (the target may count
to 24: "six o'clock" / "dix-huit heures"), gives per_pair variants with other times, each side written in its own
form: in words ("quarter to three", "Viertel vor drei", "trois heures moins le quart"; whole hours and quarters), in
digits with the hour word ("7 o'clock", "7 Uhr", "7 heures"; whole hours) or with minutes ("6:30", "6.30 Uhr",
"6 h 30"; every five minutes).
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass

from .swap import Keyed, Pair, Swap
from .words import alternation, keep_capital, number_word

QUARTERS, FIVES, WHOLE = (0, 15, 30, 45), tuple(range(0, 60, 5)), (0,)


@dataclass(frozen=True)
class Time:
    """A clock time found in a sentence: where, which (hour 0-23 as written, minute), the form to write others in."""
    start: int
    end: int
    hour: int
    minute: int
    form: str  # "words", "spoken" (the minutes in words too), "digits" or "minutes"
    sep: str = ""  # the minutes form's separator ("6.30 Uhr", "6 h 30") and what followed ("Uhr")
    suffix: str = ""

    @property
    def minutes_it_can_say(self) -> tuple[int, ...]:
        return {"words": QUARTERS if self.hour <= 12 else WHOLE, "spoken": FIVES, "digits": WHOLE,
                "minutes": FIVES}[self.form]


def _hours(lang: str) -> dict[str, int]:
    """Hour words: one to twelve in English; to twenty-three in German and French, where clocks count to 24."""
    words = {number_word(h, lang): h for h in range(2, 13 if lang == "en" else 24)}
    one = {"en": {"one": 1}, "de": {"eins": 1, "ein": 1}, "fr": {"une": 1}}[lang]
    if lang == "fr":
        words = {w.replace("et un", "et une"): h for w, h in words.items()}  # vingt et une heures
    return one | words


class ClockTimeSwap(Swap):
    """The variants of a pair with one clock time said in both of its sentences (module docstring)."""

    kinds = ("time",)

    def __init__(self, tgt_lang: str, per_pair: int = 6, seed: int = 0):
        super().__init__(tgt_lang, per_pair, seed)
        self.hours = {lang: _hours(lang) for lang in ("en", tgt_lang)}
        self.minutes = {number_word(m, tgt_lang): m for m in range(2, 60)}  # the target's minutes in words
        self.names = {lang: {h: w for w, h in reversed(words.items())} for lang, words in self.hours.items()}
        self.finders = {lang: self._finders(lang) for lang in ("en", tgt_lang)}

    def _finders(self, lang: str) -> list[re.Pattern]:
        """One pattern per form a language writes a time in."""
        w, d = rf"(?P<w>{alternation(self.hours[lang])})", r"(?P<d>\d{1,2})"
        spoken = rf"(?P<s>{alternation(number_word(m, lang) for m in range(2, 60))})"  # "zehn Uhr dreißig"
        sep = {"en": ":", "de": r"[:.]", "fr": r":|\s?[hH]\s?"}[lang]
        minutes = rf"(?P<h>\d{{1,2}})(?P<sep>{sep})(?P<m>[0-5]\d)"
        forms = {
            "en": [rf"(?P<q>(?:a )?quarter past|half past|(?:a )?quarter to) {w}", rf"{w} o['’]clock",
                   rf"{d} o['’]clock", minutes],
            "de": [rf"(?P<q>halb|Viertel nach|Viertel vor) {w}(?: Uhr)?", rf"{w} Uhr", rf"{w} Uhr {spoken}",
                   rf"{d} Uhr", rf"{minutes}(?P<suffix> Uhr)?"],
            "fr": [rf"{w} heures?(?P<q> et demie| et quart| moins le quart)?", rf"{w} heures? {spoken}",
                   rf"{d} heures?", minutes],
        }[lang]
        return [re.compile(rf"(?<![\w:.-])(?:{form})(?![\w:-])", re.IGNORECASE) for form in forms]

    def times(self, lang: str, text: str) -> list[Time]:
        """Every clock time a sentence says, in order ("quarter past ten o'clock" once)."""
        found: list[Time] = []
        matches = (m for find in self.finders[lang] for m in find.finditer(text))
        for m in sorted(matches, key=lambda m: (m.start(), -m.end())):
            if found and m.start() < found[-1].end:
                continue
            groups = m.groupdict()
            quarter = (groups.get("q") or "").strip().lower().removeprefix("a ")
            minute = {"quarter past": 15, "viertel nach": 15, "et quart": 15, "half past": 30, "halb": 30,
                      "et demie": 30, "quarter to": 45, "viertel vor": 45, "moins le quart": 45}.get(quarter, 0)
            if groups.get("s"):
                found.append(Time(m.start(), m.end(), self.hours[lang][groups["w"].lower()],
                                  self.minutes[groups["s"].lower()], "spoken"))
            elif groups.get("w"):
                hour = self.hours[lang][groups["w"].lower()]
                hour = (hour - 1 or 12) if minute == 45 or quarter == "halb" else hour  # "halb elf" is 10:30
                found.append(Time(m.start(), m.end(), hour, minute, "words"))
            elif groups.get("d"):
                found.append(Time(m.start(), m.end(), int(groups["d"]), 0, "digits"))
            else:
                found.append(Time(m.start(), m.end(), int(groups["h"]), int(groups["m"]), "minutes", groups["sep"],
                                  groups.get("suffix") or ""))
        return [t for t in found if t.hour <= 23 and (lang != "en" or 1 <= t.hour <= 12)]

    def write(self, lang: str, like: Time, hour: int, minute: int) -> str:
        """hour:minute in like's form; hour 0-23 as the clock in like counts."""
        if like.form == "minutes":
            return f"{hour}{like.sep}{minute:02d}{like.suffix}"
        if like.form == "digits":
            return {"en": f"{hour} o'clock", "de": f"{hour} Uhr", "fr": _heures(hour, str(hour))}[lang]
        name = self.names[lang]
        if like.form == "spoken":
            hours = f"{'ein' if hour == 1 else name[hour]} Uhr" if lang == "de" else _heures(hour, name[hour])
            return f"{hours} {number_word(minute, lang)}" if minute else hours
        after = name[hour % 12 + 1]  # the next hour, for "half past" in German and "quarter to" everywhere
        if lang == "en":
            return {0: f"{name[hour]} o'clock", 15: f"quarter past {name[hour]}", 30: f"half past {name[hour]}",
                    45: f"quarter to {after}"}[minute]
        if lang == "de":
            return {0: f"{'ein' if hour == 1 else name[hour]} Uhr", 15: f"Viertel nach {name[hour]}",
                    30: f"halb {after}", 45: f"Viertel vor {after}"}[minute]
        this = _heures(hour, name[hour])
        return {0: this, 15: f"{this} et quart", 30: f"{this} et demie",
                45: f"{_heures(hour % 12 + 1, after)} moins le quart"}[minute]

    def keyed(self, pair: Pair, index: int = 0) -> list[Keyed]:
        """[] where either sentence says no clock time or several, or the two say different times."""
        src, tgt = pair
        (en, *more_en), (other, *more_other) = self.times("en", src) or [None], self.times(self.tgt_lang, tgt) or [None]
        if en is None or other is None or more_en or more_other or en.minute != other.minute:
            return []
        offset = other.hour - en.hour  # 0, or 12 where the target counts to 24 ("six o'clock", "dix-huit heures")
        if offset not in (0, 12):
            return []
        minutes = sorted(set(en.minutes_it_can_say) & set(other.minutes_it_can_say))
        hours = range(1, 13 if offset == 0 else 12)  # no 24:00
        choices = [(h, m) for h in hours for m in minutes if (h, m) != (en.hour, en.minute)]
        picked = random.Random(f"{self.seed}:{index}").sample(choices, min(self.per_pair, len(choices)))
        return [("time", (_put(src, en, self.write("en", en, h, m)),
                          _put(tgt, other, self.write(self.tgt_lang, other, h + offset, m))), f"{h}:{m:02d}")
                for h, m in picked]

    def said(self, kind: str, text: str) -> set[str]:
        """Keys on a 12-hour clock: "10:30" for "halb elf", "22 h 30" and "dix heures et demie"."""
        return {f"{t.hour % 12 or 12}:{t.minute:02d}" for t in self.times(self.tgt_lang, text)}


def _heures(hour: int, word: str) -> str:
    return f"{word} {'heure' if hour == 1 else 'heures'}"


def _put(text: str, time: Time, words: str) -> str:
    return text[:time.start] + keep_capital(text[time.start:time.end], words) + text[time.end:]
