"""Choosing a model's confidence threshold (confidence.py's log-prob check) on its validation split.

In-domain: the validation sources the model was trained for (Tatoeba val + Multi30k val for the everyday
models). Out of domain, constructed from the same sentences so that only the property under test differs:
  word salad      the words of each sentence in random order
  keyboard mash   random letter strings, as many "words" as the sentence
  target language the reference translation typed in as the source
The rule: flag a line whose output (greedy, the app's default, unless other decoding options are given) has a
mean token log-probability below the value that only FLAGGED_SHARE of the in-domain lines fall under. Then
report how much of each constructed set it flags.

Given the counts of the training sources' words (source_words.py), it also chooses the rare-word notice's count on
the same validation outputs. Each line falls in a band by its rarest word that the output does not copy (seen 0,
1, 2, 3-4, 5-9, 10-19 or 20-49 times in training; "common": 50 or more, or no such word). Bands are flagged from
the rarest up while their lines' chrF is at least RARE_MARGIN below the common lines' and at most RARE_MAX_SHARE of
all lines are flagged; `rare_below` is the count where that stops.
"""

from __future__ import annotations

import math
import random
import string
from typing import Any

from .confidence import RARE_BELOW, output_mean_log_prob, uncopied_counts
from .data import Pair
from .decoding import DecodeOptions
from .engines import TorchEngine
from .scoring import translation_scores

FLAGGED_SHARE = 0.05
RARE_EDGES = (1, 2, 3, 5, 10, 20, 50)  # the bands' upper ends: seen 0, 1, 2, 3-4, 5-9, 10-19, 20-49 times
RARE_MARGIN = 10.0  # chrF points below the common lines
RARE_MAX_SHARE = 0.15


def constructed_inputs(pairs: list[Pair], seed: int = 0) -> dict[str, list[str]]:
    rng = random.Random(seed)
    salad, mash = [], []
    for source, _ in pairs:
        tokens = source.split()
        salad.append(" ".join(rng.sample(tokens, len(tokens))))
        mash.append(" ".join("".join(rng.choices(string.ascii_lowercase, k=rng.randint(2, 8))) for _ in tokens))
    return {"word salad": salad, "keyboard mash": mash, "target language": [target for _, target in pairs]}


def best_outputs(engine: TorchEngine, texts: list[str], options: DecodeOptions) -> list[tuple[str, float]]:
    """Each text's best output and its mean token log-probability, in input order (as the app computes it)."""
    penalty = options.length_penalty if options.method == "beam" else None
    found = []
    for result in engine.translate(texts, options):
        text, score = result.outputs[0]
        log_prob, n_tokens = result.log_probs[0] if result.log_probs else (None, 0)
        mean = output_mean_log_prob(text, score, log_prob, n_tokens, engine.checkpoint.vocab.encode_tgt, penalty)
        found.append((text, mean))
    return found


def band_name(low: int, high: int) -> str:
    return str(low) if high == low + 1 else f"{low}-{high - 1}"


def chrf(lines: list[tuple[str, str]]) -> float | None:
    """Corpus chrF of (output, reference) lines; None for none."""
    return translation_scores(*map(list, zip(*lines)))["chrf"] if lines else None


def rare_word_figures(pairs: list[Pair], outputs: list[str], counts: dict[str, int]) -> dict[str, Any]:
    """The rare-word count chosen by the bands' chrF (module docstring), each band's figures, and how the chosen
    count does: the share of lines it flags and the chrF of the flagged lines and of the rest."""
    rarest = [min(uncopied_counts(source, output, counts).values(), default=None)
              for (source, _), output in zip(pairs, outputs)]
    lines = [(output, target) for (_, target), output in zip(pairs, outputs)]
    lows = (0, *RARE_EDGES[:-1])
    bands = [[line for line, n in zip(lines, rarest) if n is not None and low <= n < high]
             for low, high in zip(lows, RARE_EDGES)]
    scores = [chrf(band) for band in bands]
    common = chrf([line for line, n in zip(lines, rarest) if n is None or n >= RARE_EDGES[-1]])
    below = RARE_BELOW  # no common lines to compare with: the fallback
    if common is not None:
        below, share = 0, 0.0
        for high, band, score in zip(RARE_EDGES, bands, scores):
            if band and (score > common - RARE_MARGIN or share + len(band) / len(lines) > RARE_MAX_SHARE):
                break
            below, share = high, share + len(band) / len(lines)
    flagged = [n is not None and n < below for n in rarest]
    return {
        "rare_below": below,
        "rule": f"bands at least {RARE_MARGIN:g} chrF below the common lines, at most {100 * RARE_MAX_SHARE:g} % "
                "of the lines",
        "flagged_percent": round(100.0 * sum(flagged) / max(len(lines), 1), 1),
        "chrf_flagged": chrf([line for line, f in zip(lines, flagged) if f]),
        "chrf_rest": chrf([line for line, f in zip(lines, flagged) if not f]),
        "bands": {band_name(low, high): {"lines": len(band), "chrf": score}
                  for low, high, band, score in zip(lows, RARE_EDGES, bands, scores)} | {"common": {"chrf": common}},
    }


def quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def share_below(values: list[float], threshold: float) -> float:
    return round(100.0 * sum(v < threshold for v in values) / max(len(values), 1), 1)


def calibrate(
    engine: TorchEngine, pairs: list[Pair], options: DecodeOptions, counts: dict[str, int] | None = None
) -> dict[str, Any]:
    """The threshold and, in percent, how much of the in-domain and of each constructed set it flags; with counts,
    the rare-word notice's figures on the in-domain lines."""
    outputs = best_outputs(engine, [source for source, _ in pairs], options)
    in_domain = [mean for _, mean in outputs]
    threshold = math.floor(100 * quantile(in_domain, FLAGGED_SHARE)) / 100  # rounded down: never flags more
    decoding = f"beam{options.beam_size}" if options.method == "beam" else options.method
    result: dict[str, Any] = {
        "min_mean_log_prob": threshold,
        "rule": f"{100 * FLAGGED_SHARE:g}th percentile of the validation sources",
        "decoding": decoding,
        "sentences": len(pairs),
        "median": {"validation": round(quantile(in_domain, 0.5), 2)},
        "flagged_percent": {"validation": share_below(in_domain, threshold)},
    }
    for name, texts in constructed_inputs(pairs).items():
        scores = [mean for _, mean in best_outputs(engine, texts, options)]
        result["median"][name] = round(quantile(scores, 0.5), 2)
        result["flagged_percent"][name] = share_below(scores, threshold)
    if counts is not None:
        result["rare_words"] = rare_word_figures(pairs, [text for text, _ in outputs], counts)
    return result
