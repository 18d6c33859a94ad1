"""Ordinals from the second to the thirty-first: "the third of October" / "der dritte Oktober" / "le trois octobre",
in words or in digits: "October 3rd" / "der 3. Oktober" / "le 3 octobre".

The independent check's "the fifteenth of March" came out as "am fünftenteten March" and "au niveau de March".
Tatoeba's en-de training split says "fifth" in 13 sentences and "fifteenth" in 2. A pair whose two sentences say one
ordinal each, the same one, gives per_pair variants with other ordinals, each side in its own form: the German one
keeps its ending ("dritten" -> "fünfzehnten"), a French date keeps its cardinal ("le trois octobre" -> "le quinze
octobre"), and digits stay digits ("May 5th" / "am 5. Mai" / "le 5 mai" -> "May 22nd" / "am 22. Mai" / "le 22 mai";
Tatoeba writes 86 en-de and 54 en-fr training dates so). "First" in words is left out: "at first" and
"premier/première" are no swap; "1st" / "1." / "1er" may be swapped away, never in. English says a date three ways,
and Tatoeba's training dates are nearly all "March 15th", so such a date's variants take turns among "March 15th",
"the 15th of March" and "the fifteenth of March" (its target stays as it was written).
"""
from __future__ import annotations

import random
import re

from .swap import Keyed, Pair, Swap
from .words import ALL_MONTHS_FR, alternation, finder, number_word, ordinal_word, replace_once

ORDINALS = range(2, 32)
DE_ENDINGS = "e en er es em".split()
DAY = r"(?<![\w.,:/-])(?:[12]\d|3[01]|[1-9])"  # 1 to 31, not inside a longer number, a time or a date
DIGITS = {  # an ordinal in digits, as each language writes it
    "en": re.compile(rf"{DAY}(?:st|nd|rd|th)(?![\w-])", re.IGNORECASE),
    "de": re.compile(rf"{DAY}\.(?= \w)"),  # "am 5. Mai", "im 19. Jahrhundert"; never a sentence's last number
    "fr": re.compile(rf"{DAY}(?:(?:er)?(?= (?:{alternation(ALL_MONTHS_FR.split())})(?![\w-]))|(?:er|e)(?![\w-]))",
                     re.IGNORECASE),  # "le 5 mai", "le 1er mai", "13e"
}
EN_MONTHS = "January February March April May June July August September October November December"
EN_DATE = re.compile(rf"(?:the )?({alternation(EN_MONTHS.split())}) ({DAY})(?:st|nd|rd|th)(?![\w-])")


def english_digits(n: int) -> str:
    """15 -> "15th", 22 -> "22nd", 11 -> "11th"."""
    return f"{n}{'th' if 10 <= n % 100 <= 13 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class OrdinalSwap(Swap):
    """The variants of a pair with one ordinal said in both of its sentences (module docstring)."""

    kinds = ("ordinal",)

    def __init__(self, tgt_lang: str, per_pair: int = 6, seed: int = 0):
        super().__init__(tgt_lang, per_pair, seed)
        self.en = {ordinal_word(n, "en"): n for n in ORDINALS}
        self.en_find = finder(self.en, cased=False)
        if tgt_lang == "de":  # the stem, then its ending: "dritt" + "en"
            self.tgt = {ordinal_word(n, "de") + ending: n for n in ORDINALS for ending in DE_ENDINGS}
        else:  # an ordinal, or in a date the cardinal before the month ("le quinze mars")
            self.tgt = {ordinal_word(n, "fr"): n for n in ORDINALS} | {
                f"{number_word(n, 'fr')} {month}": n for n in ORDINALS for month in ALL_MONTHS_FR.split()}
        self.tgt_find = finder(self.tgt, cased=False)

    def keyed(self, pair: Pair, index: int = 0) -> list[Keyed]:
        """[] where either sentence says no ordinal or several, or the two say different ones."""
        src, tgt = pair
        in_src = self._found(src, self.en_find, self.en, DIGITS["en"])
        in_tgt = self._found(tgt, self.tgt_find, self.tgt, DIGITS[self.tgt_lang])
        if len(in_src) != 1 or len(in_tgt) != 1 or in_src[0][2] != (n := in_tgt[0][2]):
            return []
        (src_form, _, _), (tgt_form, tgt_word, _) = in_src[0], in_tgt[0]
        rng = random.Random(f"{self.seed}:{index}")
        picked = rng.sample([k for k in ORDINALS if k != n], self.per_pair)
        return [("ordinal", (self._en_variant(src, src_form, k, turn),
                             replace_once(tgt_form, tgt, self._tgt_word(tgt_form, tgt_word, n, k))), str(k))
                for turn, k in enumerate(picked)]

    @staticmethod
    def _found(text: str, words: re.Pattern, numbers: dict[str, int], digits: re.Pattern) -> list[tuple]:
        """(the pattern that found it, the ordinal as written, its number) for each ordinal the sentence says."""
        return [(words, w, numbers[w.lower()]) for w in words.findall(text)] + [
            (digits, d, int(re.match(r"\d+", d)[0])) for d in digits.findall(text)]

    def _en_variant(self, src: str, form: re.Pattern, k: int, turn: int) -> str:
        """The English sentence saying k where it said its ordinal; a date "March 15th" in the turn's form of three."""
        if form is self.en_find:
            return replace_once(form, src, ordinal_word(k, "en"), english=True)
        dates = (lambda m: f"{m[1]} {english_digits(k)}", lambda m: f"the {english_digits(k)} of {m[1]}",
                 lambda m: f"the {ordinal_word(k, 'en')} of {m[1]}")
        if EN_DATE.search(src):
            return EN_DATE.sub(dates[turn % 3], src, count=1)
        return replace_once(form, src, english_digits(k), english=True)

    def _tgt_word(self, form: re.Pattern, found: str, n: int, k: int) -> str:
        """The target's word for k written as found was for n: the same German ending, a French cardinal or not,
        digits as digits ("5." -> "22.", "13e" -> "22e", "1er mai" -> "22 mai")."""
        if form is not self.tgt_find:
            return f"{k}." if self.tgt_lang == "de" else f"{k}e" if found.lower().endswith("e") else str(k)
        if self.tgt_lang == "de":
            return ordinal_word(k, "de") + found[len(ordinal_word(n, "de")):]
        month = found.rsplit(" ", 1)[1] if not found.lower().endswith("ième") else None
        return f"{number_word(k, 'fr')} {month}" if month else ordinal_word(k, "fr")

    def said(self, kind: str, text: str) -> set[str]:
        """A number in digits counts too ("am 15. März", "le 15 mars")."""
        return {str(self.tgt[w.lower()]) for w in self.tgt_find.findall(text)} | set(re.findall(r"\d+", text))
