"""Days, months and numbers up to ninety-nine.

Tatoeba's en-fr training split says "Tuesday" in 11 sentences and "eighty" or "ninety" in 19, so a model trained on
it mixes them up ("Let's meet on Tuesday" -> "le samedi", "eighty" -> "huit ans"):

    ClosedClassSwap("de").variants(("I was born on a Tuesday.", "Ich bin an einem Dienstag geboren."))
        -> [("I was born on a Monday.", "Ich bin an einem Montag geboren."), ... every other day]

A number is swapped only for numbers from 2 to 99 whose last digit is not 1 (no "vingt et un" to agree with a noun),
and "May" is left out of the months (it is more often a verb).
"""
from __future__ import annotations

import random
import re

from .swap import Keyed, Pair, Swap
from .words import DAYS, MONTHS, finder, number_word, replace_once

NUMBERS = range(2, 100)
SWAPPED_NUMBERS = [n for n in NUMBERS if n % 10 != 1]


def _lists(lang: str) -> list[dict[str, str]]:
    """Per list, word -> its key: the day's or month's position, or the number."""
    days = {w: str(i) for i, w in enumerate(DAYS[lang].split())}
    months = {w: str(i) for i, w in enumerate(MONTHS[lang].split()) if w != "-"}
    numbers = {number_word(n, lang): str(n) for n in NUMBERS}
    if lang == "fr":
        numbers["quatre-vingt"] = "80"  # written both ways
    return [days, months, numbers]


class ClosedClassSwap(Swap):
    """The variants of a pair with one day, month or number said in both of its sentences (module docstring)."""

    kinds = ("day", "month", "number")

    def __init__(self, tgt_lang: str, per_pair: int = 4, seed: int = 0):
        super().__init__(tgt_lang, per_pair, seed)
        self.lists = list(zip(_lists("en"), _lists(tgt_lang), self.kinds))
        # English days and months by their capital ("march" and "sunday best" are no dates); the rest in any case
        self.finders = [(finder(en, cased=kind != "number"), finder(tgt, cased=False)) for en, tgt, kind in self.lists]

    def keyed(self, pair: Pair, index: int = 0) -> list[Keyed]:
        """[] where the pair says no word of the lists, or several, or the two sentences' words do not mean the same;
        the first list whose word both sentences say gives every other day or month, or per_pair numbers."""
        src, tgt = pair
        for (en_words, tgt_words, kind), (en_find, tgt_find) in zip(self.lists, self.finders):
            in_src, in_tgt = en_find.findall(src), tgt_find.findall(tgt)
            if not in_src and not in_tgt:
                continue
            key = key_of(en_words, in_src[0]) if len(in_src) == 1 else None
            if len(in_tgt) != 1 or key is None or key_of(tgt_words, in_tgt[0]) != key:
                return []
            keys = [k for k in dict.fromkeys(en_words.values()) if k != key]
            if kind == "number":
                rng = random.Random(f"{self.seed}:{index}")
                keys = rng.sample([str(n) for n in SWAPPED_NUMBERS if str(n) != key], self.per_pair)
            by_key_en = {v: w for w, v in en_words.items()}
            by_key_tgt = {v: w for w, v in reversed(tgt_words.items())}  # "quatre-vingts", not "quatre-vingt"
            return [(kind, (replace_once(en_find, src, by_key_en[k], english=True),
                            replace_once(tgt_find, tgt, by_key_tgt[k])), k) for k in keys]
        return []

    def said(self, kind: str, text: str) -> set[str]:
        """A number in digits counts too ("92" for "quatre-vingt-douze")."""
        tgt_words, tgt_find = next((words, find) for (_, words, k), (_, find) in zip(self.lists, self.finders)
                                   if k == kind)
        keys = {key_of(tgt_words, word) for word in tgt_find.findall(text)}
        return keys | (set(re.findall(r"\d+", text)) if kind == "number" else set())


def key_of(words: dict[str, str], found: str) -> str | None:
    """The key (position or number) of a word found in a sentence, in the case it was written or not."""
    return words.get(found, words.get(found.lower(), words.get(found.capitalize())))

