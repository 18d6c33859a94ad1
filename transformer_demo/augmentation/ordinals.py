"""Ordinals from the second to the thirty-first: "the third of October" / "der dritte Oktober" / "le trois octobre".

The independent check's "the fifteenth of March" came out as "am fünftenteten March" and "au niveau de March".
Tatoeba's en-de training split says "fifth" in 13 sentences and "fifteenth" in 2. A pair whose two sentences say one
ordinal each, the same one, gives per_pair variants with other ordinals: the German one keeps its ending
("dritten" -> "fünfzehnten"), and a French date keeps its cardinal ("le trois octobre" -> "le quinze octobre").
"First" is left out: "at first" and "premier/première" are no swap.
"""
from __future__ import annotations

import random
import re

from .swap import Keyed, Pair, Swap
from .words import ALL_MONTHS_FR, finder, number_word, ordinal_word, replace_once

ORDINALS = range(2, 32)
DE_ENDINGS = "e en er es em".split()


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
            months = "|".join(ALL_MONTHS_FR.split())
            self.tgt = {ordinal_word(n, "fr"): n for n in ORDINALS} | {
                f"{number_word(n, 'fr')} {month}": n for n in ORDINALS for month in months.split("|")}
        self.tgt_find = finder(self.tgt, cased=False)

    def keyed(self, pair: Pair, index: int = 0) -> list[Keyed]:
        """[] where either sentence says no ordinal or several, or the two say different ones."""
        src, tgt = pair
        in_src, in_tgt = self.en_find.findall(src), self.tgt_find.findall(tgt)
        if len(in_src) != 1 or len(in_tgt) != 1 or self.en[in_src[0].lower()] != (n := self.tgt[in_tgt[0].lower()]):
            return []
        rng = random.Random(f"{self.seed}:{index}")
        picked = rng.sample([k for k in ORDINALS if k != n], self.per_pair)
        return [("ordinal", (replace_once(self.en_find, src, ordinal_word(k, "en"), english=True),
                             replace_once(self.tgt_find, tgt, self._tgt_word(in_tgt[0], n, k))), str(k))
                for k in picked]

    def _tgt_word(self, found: str, n: int, k: int) -> str:
        """The target's word for k written as found was for n: the same German ending, a French cardinal or not."""
        if self.tgt_lang == "de":
            return ordinal_word(k, "de") + found[len(ordinal_word(n, "de")):]
        month = found.rsplit(" ", 1)[1] if not found.lower().endswith("ième") else None
        return f"{number_word(k, 'fr')} {month}" if month else ordinal_word(k, "fr")

    def said(self, kind: str, text: str) -> set[str]:
        """A number in digits counts too ("am 15. März", "le 15 mars")."""
        return {str(self.tgt[w.lower()]) for w in self.tgt_find.findall(text)} | set(re.findall(r"\d+", text))

