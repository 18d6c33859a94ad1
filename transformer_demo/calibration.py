"""Choosing a model's confidence threshold (confidence.py's log-prob check) on its validation split.

In-domain: the validation sources the model was trained for (Tatoeba val + Multi30k val for the everyday
models). Out of domain, constructed from the same sentences so that only the property under test differs:
  word salad      the words of each sentence in random order
  keyboard mash   random letter strings, as many "words" as the sentence
  target language the reference translation typed in as the source
The rule: flag a line whose output (greedy, the app's default, unless other decoding options are given) has a
mean token log-probability below the value that only FLAGGED_SHARE of the in-domain lines fall under. Then
report how much of each constructed set it flags.
"""

from __future__ import annotations

import math
import random
import string
from typing import Any

from .confidence import output_mean_log_prob
from .data import Pair
from .decoding import DecodeOptions
from .engines import TorchEngine

FLAGGED_SHARE = 0.05


def constructed_inputs(pairs: list[Pair], seed: int = 0) -> dict[str, list[str]]:
    rng = random.Random(seed)
    salad, mash = [], []
    for source, _ in pairs:
        tokens = source.split()
        salad.append(" ".join(rng.sample(tokens, len(tokens))))
        mash.append(" ".join("".join(rng.choices(string.ascii_lowercase, k=rng.randint(2, 8))) for _ in tokens))
    return {"word salad": salad, "keyboard mash": mash, "target language": [target for _, target in pairs]}


def mean_log_probs(engine: TorchEngine, texts: list[str], options: DecodeOptions) -> list[float]:
    """Each text's best output: its mean token log-probability, in input order (as the app computes it)."""
    penalty = options.length_penalty if options.method == "beam" else None
    means = []
    for result in engine.translate(texts, options):
        text, score = result.outputs[0]
        log_prob, n_tokens = result.log_probs[0] if result.log_probs else (None, 0)
        means.append(output_mean_log_prob(text, score, log_prob, n_tokens, engine.checkpoint.vocab.encode_tgt, penalty))
    return means


def quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def share_below(values: list[float], threshold: float) -> float:
    return round(100.0 * sum(v < threshold for v in values) / max(len(values), 1), 1)


def calibrate(engine: TorchEngine, pairs: list[Pair], options: DecodeOptions) -> dict[str, Any]:
    """The threshold and, in percent, how much of the in-domain and of each constructed set it flags."""
    in_domain = mean_log_probs(engine, [source for source, _ in pairs], options)
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
        scores = mean_log_probs(engine, texts, options)
        result["median"][name] = round(quantile(scores, 0.5), 2)
        result["flagged_percent"][name] = share_below(scores, threshold)
    return result
