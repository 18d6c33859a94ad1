"""More training pairs for the words of closed lists: days, months, numbers, ordinals and clock times.

The everyday checks found half of the models' wrong outputs to be such a word ("ninety-two" -> "neunzig", "Tuesday" ->
"samedi", "half past ten" -> "halb zehn"): words the training data holds too rarely in each form. A pair whose two
sentences say one such word, with the same meaning, gives more pairs with other words of its list in both places.
A config's data source names its transform (`"transform": "clock_time"`, config.TRANSFORMS); data.read_mixed makes
the variants of the source's training pairs, each repetition with its own draw.
"""
from __future__ import annotations

from .clock import ClockTimeSwap
from .closed_class import ClosedClassSwap
from .ordinals import OrdinalSwap
from .swap import Pair, Swap

TRANSFORMS: dict[str, type[Swap]] = {"closed_class": ClosedClassSwap, "clock_time": ClockTimeSwap,
                                     "ordinal": OrdinalSwap}


def transformed(name: str, pairs: list[Pair], tgt_lang: str, repetition: int) -> list[Pair]:
    """The pairs a source's transform makes of its training pairs; each repetition draws its own numbers."""
    return TRANSFORMS[name](tgt_lang, seed=repetition).apply(pairs)
