"""More training pairs for the words of a closed list: days, months and numbers up to ninety-nine.

Tatoeba's en-fr training split says "Tuesday" in 11 sentences and "eighty" or "ninety" in 19, so a model trained on
it mixes them up ("Let's meet on Tuesday" -> "le samedi", "eighty" -> "huit ans"). A pair whose two sentences say one
such word each, with the same meaning, gives more pairs by putting another word of the list in both places:

    ClosedClassSwap("de").variants(("I was born on a Tuesday.", "Ich bin an einem Dienstag geboren."))
        -> [("I was born on a Monday.", "Ich bin an einem Montag geboren."), ... every other day]

A transform in OpenNMT's sense: `apply` makes the variants of one pair; the pair itself is left as it is. A number is
swapped only for numbers from 2 to 99 whose last digit is not 1 (no "vingt et un" to agree with a noun), and "May"
is left out of the months (it is more often a verb).
"""
from __future__ import annotations

import random
import re

from .errors import DataError

Pair = tuple[str, str]

DAYS = {
    "en": "Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
    "de": "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag",
    "fr": "lundi mardi mercredi jeudi vendredi samedi dimanche",
}
MONTHS = {  # May / Mai / mai left out (index 4)
    "en": "January February March April - June July August September October November December",
    "de": "Januar Februar März April - Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril - juin juillet août septembre octobre novembre décembre",
}
ONES = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
          "seventeen eighteen nineteen",
    "de": "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn "
          "siebzehn achtzehn neunzehn",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept "
          "dix-huit dix-neuf",
}
TENS = {
    "en": "twenty thirty forty fifty sixty seventy eighty ninety",
    "de": "zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig",
    "fr": "vingt trente quarante cinquante soixante soixante-dix quatre-vingt quatre-vingt-dix",
}


def number_word(n: int, lang: str) -> str:
    """2 <= n <= 99 in words: "ninety-two", "zweiundneunzig", "quatre-vingt-douze"."""
    ones, tens = ONES[lang].split(), TENS[lang].split()
    if n < 20:
        return ones[n]
    ten, one = divmod(n, 10)
    if lang == "en":
        return tens[ten - 2] + (f"-{ones[one]}" if one else "")
    if lang == "de":
        return (("ein" if one == 1 else ones[one]) + "und" if one else "") + tens[ten - 2]
    if ten in (7, 9):  # soixante et onze, soixante-douze, quatre-vingt-treize: the teens after sixty and eighty
        return f"{tens[ten - 3]}{' et ' if ten == 7 and one == 1 else '-'}{ones[10 + one]}"
    if ten == 8 and not one:
        return "quatre-vingts"
    return tens[ten - 2] + ((" et un" if one == 1 and ten != 8 else f"-{ones[one]}") if one else "")


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


def _finder(words: dict[str, str], *, cased: bool) -> re.Pattern:
    """Whole words only: not "Dienstags", "zweimal", "dix" inside "dix-sept"."""
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", 0 if cased else re.IGNORECASE)


class ClosedClassSwap:
    """The variants of a pair with one day, month or number said in both of its sentences (module docstring)."""

    def __init__(self, tgt_lang: str, numbers_per_pair: int = 4, seed: int = 0):
        if tgt_lang not in DAYS:
            raise DataError(f"the closed_class transform knows en->de and en->fr, not en->{tgt_lang}")
        self.numbers_per_pair, self.seed = numbers_per_pair, seed
        self.lists = list(zip(_lists("en"), _lists(tgt_lang), ("day", "month", "number")))
        # English days and months by their capital ("march" and "sunday best" are no dates); the rest in any case
        self.finders = [(_finder(en, cased=kind != "number"), _finder(tgt, cased=False))
                        for en, tgt, kind in self.lists]

    def variants(self, pair: Pair, index: int = 0) -> list[Pair]:
        """The pair with its one day, month or number replaced in both sentences; [] where it says none, or
        several, or the two sentences' words do not mean the same."""
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
                keys = rng.sample([str(n) for n in SWAPPED_NUMBERS if str(n) != key], self.numbers_per_pair)
            by_key_en = {v: w for w, v in en_words.items()}
            by_key_tgt = {v: w for w, v in reversed(tgt_words.items())}  # "quatre-vingts", not "quatre-vingt"
            return [(_put(en_find, src, by_key_en[k]), _put(tgt_find, tgt, by_key_tgt[k])) for k in keys]
        return []

    def apply(self, pairs: list[Pair]) -> list[Pair]:
        """Every variant of every pair, in order."""
        return [variant for i, pair in enumerate(pairs) for variant in self.variants(pair, i)]


def key_of(words: dict[str, str], found: str) -> str | None:
    """The key (position or number) of a word found in a sentence, in the case it was written or not."""
    return words.get(found, words.get(found.lower(), words.get(found.capitalize())))


def _put(finder: re.Pattern, text: str, word: str) -> str:
    """The sentence with its one word of the list replaced, keeping a capital letter where it had one."""
    def replace(m: re.Match) -> str:
        return word[0].upper() + word[1:] if m[0][0].isupper() and not word[0].isupper() else word

    return finder.sub(replace, text, count=1)


TRANSFORMS = {"closed_class": ClosedClassSwap}  # by the name a config's source gives (config.TRANSFORMS)


def transformed(name: str, pairs: list[Pair], tgt_lang: str, repetition: int) -> list[Pair]:
    """The pairs a source's transform makes of its training pairs; each repetition draws its own numbers."""
    return TRANSFORMS[name](tgt_lang, seed=repetition).apply(pairs)
