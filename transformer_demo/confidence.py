"""When not to trust a translation: plain-word notices from the source text and what decoding returned.

Pure functions, no model. The checks, in the order a notice lists them:
  script      most letters are not Latin (Chinese, Arabic, Cyrillic ...) or there are emoji and no words
  language    the words are another language's (German or French typed into an English -> X model):
              counts of frequent function words, the rarer letters (ä, ß, é, ç ...) as extra evidence
  unknown     many source pieces are [UNK] to the tokenizer (characters the model never saw)
  rare word   a source word the training sentences held fewer times than the model's `rare_below` (chosen on
              validation data by `calibrate`; source_words.py counts the words), which the output does not copy:
              the model hardly learned it and translates it by its pieces
  length      far more words than any training sentence (Tatoeba and Multi30k: 99.9 % within 31 words)
  log-prob    the output's mean token log-probability is below the model's threshold (chosen on validation
              data by `calibrate`, see the README)
All-capital input is not a warning but a fix: English written in capitals is sentence-cased before it is
translated (capital words are rare in training, so the model spells them out letter by letter), and the
user is told.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

MIN_MEAN_LOG_PROB = -1.5  # the fallback for a model that was never calibrated (measured value in the README)
MAX_UNKNOWN_SHARE = 0.2
RARE_BELOW = 2  # the fallback for a model whose rare-word count was never calibrated: never or once in training
LONG_SOURCE_WORDS = 40
FOREIGN_SCRIPT_SHARE = 0.3
SCRIPT_NAMES = {
    "CJK": "Chinese or Japanese",
    "HIRAGANA": "Japanese",
    "KATAKANA": "Japanese",
    "HANGUL": "Korean",
    "ARABIC": "Arabic",
    "CYRILLIC": "Cyrillic (Russian, Ukrainian ...)",
    "GREEK": "Greek",
    "HEBREW": "Hebrew",
    "DEVANAGARI": "Devanagari (Hindi ...)",
    "THAI": "Thai",
    "ARMENIAN": "Armenian",
    "GEORGIAN": "Georgian",
}
LANGUAGE_NAMES = {"en": "English", "de": "German", "fr": "French"}


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Frequent words of each language that English does not use ("in", "die", "am", "hat", "war", "comment" are left out).
FUNCTION_WORDS = {
    "en": word_set(
        "the is are was were be been of to and with for not this that these you your he she it they we "
        "my his her our their what where when who why how do does did have has there here can could would "
        "should very too at by from me him them i isn't don't it's i'm you're please thank thanks"
    ),
    "de": word_set(
        "der das den dem ein eine einer einem einen und ist sind nicht ich er sie wir ihr es mit "
        "von zu auf für bin bist habe haben wie wo wer warum mein meine dein deine sehr auch noch "
        "schon nur kein keine ja nein danke bitte hallo heute morgen wird werden kann können ihm ihn "
        "uns euch im zum zur bei nach aus über du des mir dir mich dich sich hast nichts aber doch hier dort nie "
        "immer werde wurde ganz"
    ),
    "fr": word_set(
        "le la les un une du des et est sont ne pas je tu il elle nous vous ils elles avec dans sur "
        "ce cette ces mon ma mes ton ta tes sa ses qui que quoi où pourquoi suis sommes êtes "
        "très aussi merci bonjour bonsoir salut oui au aux mais ou donc avoir être fait faire c'est j'ai "
        "n'est"
    ),
}
RARE_LETTERS = {"de": set("äöüß"), "fr": set("éèêàçœùûîôë")}
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


@dataclass
class Signals:
    """What decoding returned for one line, as the checks need it."""

    n_source_pieces: int  # source pieces before [EOS]
    n_unknown: int  # of those, [UNK]
    mean_log_prob: float | None  # per output token, [EOS] included; None when not known
    rare: tuple[tuple[str, int], ...] = ()  # source words the model hardly learned, with their counts (rare_words)


def mean_log_prob(score: float, n_tokens: int, length_penalty: float | None = None) -> float:
    """A hypothesis' score -> mean log-probability per token ([EOS] counted). Greedy and sampling scores are
    sums; beam search divides the sum by ((5 + length) / 6) ** length_penalty, undone here."""
    length = n_tokens + 1
    total = score * ((5 + length) / 6) ** length_penalty if length_penalty is not None else score
    return total / length


def output_mean_log_prob(
    text: str, score: float, log_prob: float | None, n_tokens: int, encode_tgt: Callable[[str], list[int]],
    length_penalty: float | None = None,
) -> float:
    """An output's mean token log-probability: the engine's own (log_prob over n_tokens, [EOS] included) when it
    gave one, else its search score with the length normalisation undone, over the tokens encode_tgt makes of text."""
    if log_prob is not None:
        return log_prob / max(n_tokens, 1)
    return mean_log_prob(score, len(encode_tgt(text)), length_penalty)


def log_prob_threshold(info: dict) -> float:
    """A model's threshold: the one `calibrate` chose on its validation split (config.json), else the fallback."""
    value = info.get("min_mean_log_prob")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else MIN_MEAN_LOG_PROB


def letters(text: str) -> str:
    return "".join(c for c in text if c.isalpha())


def is_emoji(char: str) -> bool:
    return unicodedata.category(char) == "So" or 0x1F000 <= ord(char) <= 0x1FAFF


def script_of(char: str) -> str:
    """LATIN, CJK, ARABIC, CYRILLIC ...: the first word of the character's Unicode name."""
    return unicodedata.name(char, "UNKNOWN").split()[0]


def script_notice(text: str) -> str | None:
    found = letters(text)
    if not found:
        if any(is_emoji(c) for c in text):
            return "This input has emoji but no words: there is nothing the model can translate."
        return None
    scripts = Counter(script_of(c) for c in found)
    foreign = {s: n for s, n in scripts.items() if s != "LATIN"}
    if sum(foreign.values()) < FOREIGN_SCRIPT_SHARE * len(found):
        return None
    main = max(foreign, key=foreign.get)
    return (
        f"This looks like {SCRIPT_NAMES.get(main, main.title() + ' script')} text, which this model does not read: "
        "the output is a guess, not a translation."
    )


def typed_words(text: str) -> list[str]:
    """The words of text as typed (a curly apostrophe made straight)."""
    return WORD.findall(text.replace("’", "'"))


def words(text: str) -> list[str]:
    return [w.casefold() for w in typed_words(text)]


def uncopied_counts(text: str, output: str, counts: dict[str, int]) -> dict[str, int]:
    """How often training held each word of text (a possessive "'s" aside) that output does not copy (a name the
    model copies, "Hamburg", is translated right), keyed as typed, each once."""
    copied = set(words(output))
    found: dict[str, int] = {}
    seen: set[str] = set()
    for typed in typed_words(text):
        word = typed.casefold()
        stem = word.removesuffix("'s")
        if word not in seen and not {word, stem} & copied:
            found[typed] = max(counts.get(word, 0), counts.get(stem, 0))
        seen.add(word)
    return found


def rare_words(
    text: str, output: str, counts: dict[str, int], below: int = RARE_BELOW
) -> tuple[tuple[str, int], ...]:
    """The words of text that training held fewer than `below` times and that output does not copy, as typed, with
    how often training held each."""
    return tuple((word, count) for word, count in uncopied_counts(text, output, counts).items() if count < below)


def rare_below(info: dict) -> int:
    """A model's rare-word count: the one `calibrate` chose on its validation split (config.json), else the fallback."""
    value = info.get("rare_below")
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else RARE_BELOW


def times(count: int) -> str:
    return {0: "never", 1: "once", 2: "twice"}.get(count, f"{count} times")


def rare_notice(rare: tuple[tuple[str, int], ...]) -> str | None:
    """Names the rare words ((word, count) pairs, rare_words) and how often the training sentences held each."""
    if not rare:
        return None
    if len(rare) == 1:
        (word, count), = rare
        held = "never hold it" if count == 0 else f"hold it only {times(count)}"
        return (f"The model hardly knows \u201c{word}\u201d: its training sentences {held}, so its translation of that "
                "word may be wrong.")
    named = [f"\u201c{word}\u201d ({times(count)})" for word, count in rare[:4]]
    named += [f"{len(rare) - 4} more"] if len(rare) > 4 else []
    return (f"The model hardly knows these words, which its training sentences hold rarely or never: "
            f"{', '.join(named)}; their translation may be wrong.")


def guess_language(text: str, candidates: tuple[str, ...] = tuple(FUNCTION_WORDS)) -> tuple[str | None, dict[str, int]]:
    """The candidate whose function words (and rarer letters) the text uses most, with every count; None on a tie
    or with no evidence at all."""
    found = words(text)
    counts = {lang: sum(w in FUNCTION_WORDS[lang] for w in found) for lang in candidates if lang in FUNCTION_WORDS}
    for lang in counts:
        counts[lang] += any(c in RARE_LETTERS.get(lang, ()) for c in text.casefold())
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])
    if not ranked or ranked[0][1] == 0 or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None, counts
    return ranked[0][0], counts


def language_notice(text: str, src_lang: str, tgt_lang: str) -> str | None:
    """Flags text in the model's target language (or another known one) instead of its source language:
    the other language must lead by at least 2 function words, or by 1 in a short input (5 words or fewer)
    with no source-language word."""
    if src_lang not in FUNCTION_WORDS:
        return None
    guess, counts = guess_language(text)
    if guess is None or guess == src_lang:
        return None
    lead = counts[guess] - counts[src_lang]
    if lead < 2 and not (counts[src_lang] == 0 and len(words(text)) <= 5):
        return None
    name, source = LANGUAGE_NAMES[guess], LANGUAGE_NAMES.get(src_lang, src_lang)
    if guess == tgt_lang:
        return (
            f"This looks like {name} already; the model translates {source} into {name}, so the output may be nonsense."
        )
    return f"This looks like {name}, not {source}: the model only reads {source}, so the output is a guess."


def is_all_capitals(text: str) -> bool:
    """At least two words and six letters, and no lowercase letter: "TWO DOGS ARE PLAYING." (not "NASA")."""
    cased = [c for c in text if c.isupper() or c.islower()]
    return len(cased) >= 6 and len(words(text)) >= 2 and not any(c.islower() for c in cased)


def sentence_case(text: str) -> str:
    """ "TWO DOGS. I SEE THEM!" -> "Two dogs. I see them!": lowercase, then capitals at sentence starts and for "I"."""
    lowered = re.sub(r"(^|[.!?]\s+)(\W*)(\w)", lambda m: m.group(1) + m.group(2) + m.group(3).upper(), text.lower())
    return re.sub(r"\bi\b", "I", lowered)


def normalize_case(text: str, src_lang: str) -> tuple[str, str | None]:
    """(text to translate, notice). English in capitals is sentence-cased; other languages are only flagged,
    since their capitals carry meaning (German nouns) that lowercasing would lose."""
    if not is_all_capitals(text):
        return text, None
    if src_lang == "en":
        fixed = sentence_case(text)
        return (
            fixed,
            f"The input is all capitals, which the model rarely saw; it translated \u201c{fixed}\u201d instead.",
        )
    return text, "The input is all capitals, which the model rarely saw: the translation may be poor."


def notices(
    text: str, signals: Signals, src_lang: str, tgt_lang: str, min_mean_log_prob: float = MIN_MEAN_LOG_PROB
) -> list[str]:
    """Every reason not to trust this line's translation, in plain words (empty when there is none)."""
    found = [script_notice(text)]
    if found[0] is None:
        found.append(language_notice(text, src_lang, tgt_lang))
        if signals.n_source_pieces and signals.n_unknown > MAX_UNKNOWN_SHARE * signals.n_source_pieces:
            found.append(
                f"{signals.n_unknown} of the {signals.n_source_pieces} pieces of this input are unknown to the "
                "model (characters it never saw), so the translation cannot include them."
            )
        found.append(rare_notice(signals.rare))
    n_words = len(text.split())
    if n_words > LONG_SOURCE_WORDS:
        found.append(
            f"This sentence has {n_words} words; the model learned from sentences of at most about "
            f"{LONG_SOURCE_WORDS}, so parts may be missing: split it into shorter sentences."
        )
    if not any(found) and signals.mean_log_prob is not None and signals.mean_log_prob < min_mean_log_prob:
        found.append(
            f"The model is unsure of this translation (mean token log-probability {signals.mean_log_prob:.2f}, "
            f"below {min_mean_log_prob:.2f}): treat it as a guess."
        )
    return [notice for notice in found if notice]
