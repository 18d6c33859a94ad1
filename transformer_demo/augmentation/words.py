"""The closed lists the transforms swap, in English, German and French: days, months, numbers in words, ordinals."""
from __future__ import annotations

import re

LANGS = ("en", "de", "fr")
DAYS = {
    "en": "Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
    "de": "Montag Dienstag Mittwoch Donnerstag Freitag Samstag Sonntag",
    "fr": "lundi mardi mercredi jeudi vendredi samedi dimanche",
}
MONTHS = {  # May / Mai / mai left out (index 4): it is more often a verb
    "en": "January February March April - June July August September October November December",
    "de": "Januar Februar März April - Juni Juli August September Oktober November Dezember",
    "fr": "janvier février mars avril - juin juillet août septembre octobre novembre décembre",
}
ALL_MONTHS_FR = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"
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
ORDINALS_EN = ("- first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
               "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth").split()


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


def ordinal_word(n: int, lang: str) -> str:
    """2 <= n <= 99 as an ordinal: "fifteenth", the German stem "fünfzehnt" (its ending follows the noun's case),
    "quinzième"."""
    if lang == "en":
        if n < 20:
            return ORDINALS_EN[n]
        tens, one = number_word(n - n % 10, "en"), n % 10
        return f"{tens}-{ORDINALS_EN[one]}" if one else tens[:-1] + "ieth"
    if lang == "de":
        irregular = {2: "zweit", 3: "dritt", 7: "siebt", 8: "acht"}
        return irregular.get(n) or number_word(n, "de") + ("t" if n < 20 else "st")
    word = number_word(n, "fr").replace("vingts", "vingt")  # quatre-vingts -> quatre-vingtième
    word = re.sub(r"cinq$", "cinqu", re.sub(r"neuf$", "neuv", word))
    return word.removesuffix("e") + "ième"


def alternation(words) -> str:
    """The words as one regex alternation, the longest first ("dix-sept" before "dix")."""
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def finder(words, *, cased: bool) -> re.Pattern:
    """Whole words only: not "Dienstags", "zweimal", "dix" inside "dix-sept"."""
    return re.compile(rf"(?<![\w-])({alternation(words)})(?![\w-])", 0 if cased else re.IGNORECASE)


def keep_capital(found: str, word: str) -> str:
    """word, with a capital letter where the word it replaces had one."""
    return word[0].upper() + word[1:] if found[:1].isupper() and not word[0].isupper() else word


def replace_once(find: re.Pattern, text: str, word: str, *, english: bool = False) -> str:
    """The sentence with the first word find finds replaced by word, keeping its capital letter; in English the
    article before it follows the new word ("a fifth time", "an eighth time", "an 11th try": words up to 99)."""
    match = find.search(text)
    if match is None:
        return text
    before = text[:match.start()]
    if english:
        article = "an" if word.lower().startswith(("eight", "eleven", "8", "11", "18")) else "a"
        before = re.sub(r"(?<![\w'])([Aa])n? $", lambda m: keep_capital(m[1], article) + " ", before)
    return before + keep_capital(match[0], word) + text[match.end():]
