"""Scoring a model on a split: decode every source through an engine, score with the task's scorer."""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from .data import Pair
from .decoding import DecodeOptions
from .inference import Engine, best
from .tasks import Task


def evaluate(engine: Engine, task: Task, pairs: list[Pair], options: DecodeOptions) -> dict[str, Any]:
    sources, references = [s for s, _ in pairs], [t for _, t in pairs]
    start = time.perf_counter()
    hypotheses = best(engine.translate(sources, options))
    seconds = time.perf_counter() - start
    decoding = f"beam{options.beam_size}" if options.method == "beam" else options.method
    penalty = {"length_penalty": options.length_penalty} if options.method == "beam" else {}
    scores = task.score(hypotheses, references, sources)
    return {"sentences": len(pairs), "decoding": decoding, **penalty, **scores, "seconds": round(seconds, 2)}


def headline(result: dict[str, Any]) -> float:
    """The one number a result is judged by: BLEU for translation, exact match otherwise."""
    return result["bleu"] if "bleu" in result else result["exact_match"]


def tune_length_penalty(
    engine: Engine, task: Task, pairs: list[Pair], options: DecodeOptions, values: list[float]
) -> tuple[float, dict[str, Any]]:
    """Beam search with each length penalty on (validation) pairs; the best value and every result.

    The penalty divides a hypothesis' log-probability by ((5 + length) / 6) ** penalty: 0 lets short
    outputs win, higher values favour longer ones. The best value depends on the model, so it is chosen
    per checkpoint, never on a test set.
    """
    results = {str(v): evaluate(engine, task, pairs, replace(options, length_penalty=v)) for v in values}
    best_value = max(values, key=lambda v: (headline(results[str(v)]), -abs(v - DecodeOptions.length_penalty)))
    return best_value, results
