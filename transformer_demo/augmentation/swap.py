"""What every transform is: a pair that says one word of a closed list in both of its sentences, with the same
meaning, gives variants with other words of the list put in both places."""
from __future__ import annotations

from ..errors import DataError
from .words import LANGS

Pair = tuple[str, str]
Keyed = tuple[str, Pair, str]  # (kind of word, the variant pair, the key of the word it says: "92", "10:30")


class Swap:
    """A transform in OpenNMT's sense: `apply` makes the variants of pairs; the pairs themselves are left as they are.
    A subclass says which variants a pair gives (`keyed`) and which words of its lists a sentence says (`said`), so
    that a check can ask a model for the variants of validation pairs and read its outputs the same way."""

    kinds: tuple[str, ...] = ()

    def __init__(self, tgt_lang: str, per_pair: int = 4, seed: int = 0):
        if tgt_lang not in LANGS[1:]:
            raise DataError(f"the {type(self).__name__} transform knows en->de and en->fr, not en->{tgt_lang}")
        self.tgt_lang, self.per_pair, self.seed = tgt_lang, per_pair, seed

    def keyed(self, pair: Pair, index: int = 0) -> list[Keyed]:
        """Each variant of the pair with its kind and the key of the word it says; [] where the pair gives none."""
        raise NotImplementedError

    def said(self, kind: str, text: str) -> set[str]:
        """The keys of the words of that kind a target-language sentence says."""
        raise NotImplementedError

    def variants(self, pair: Pair, index: int = 0) -> list[Pair]:
        """The pair with its one word of a list replaced in both sentences; index seeds any random draw."""
        return [variant for _, variant, _ in self.keyed(pair, index)]

    def apply(self, pairs: list[Pair]) -> list[Pair]:
        """Every variant of every pair, in order."""
        return [variant for i, pair in enumerate(pairs) for variant in self.variants(pair, i)]
