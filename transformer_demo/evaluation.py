"""Scoring a checkpoint on a split: sacreBLEU BLEU and chrF for translation, exact match otherwise."""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Callable

import sacrebleu

from .checkpoint import Checkpoint
from .data import Pair
from .decoding import DecodeOptions, translate


def translation_scores(hypotheses: list[str], references: list[str]) -> dict[str, Any]:
    """Cased BLEU on detokenised text (sacreBLEU's default 13a tokenizer), lowercased BLEU and chrF."""
    bleu = sacrebleu.metrics.BLEU()
    bleu_lc = sacrebleu.metrics.BLEU(lowercase=True)
    chrf = sacrebleu.metrics.CHRF()
    refs = [references]
    return {
        "bleu": round(bleu.corpus_score(hypotheses, refs).score, 2),
        "bleu_lowercase": round(bleu_lc.corpus_score(hypotheses, refs).score, 2),
        "chrf": round(chrf.corpus_score(hypotheses, refs).score, 2),
        "bleu_signature": str(bleu.get_signature()),
        "bleu_lowercase_signature": str(bleu_lc.get_signature()),
        "chrf_signature": str(chrf.get_signature()),
    }


def exact_match_scores(
    sources: list[str], hypotheses: list[str], references: list[str], group_of: Callable[[str], str] | None = None
) -> dict[str, Any]:
    """Share of outputs equal to the reference (whitespace-trimmed), overall and per group (e.g. math family)."""
    hits = [h.strip() == r.strip() for h, r in zip(hypotheses, references)]
    result: dict[str, Any] = {"exact_match": round(100.0 * sum(hits) / max(len(hits), 1), 2)}
    if group_of is not None:
        groups: dict[str, list[bool]] = {}
        for source, hit in zip(sources, hits):
            groups.setdefault(group_of(source), []).append(hit)
        result["per_group"] = {g: round(100.0 * sum(v) / len(v), 2) for g, v in sorted(groups.items())}
    return result


def evaluate(
    checkpoint: Checkpoint,
    pairs: list[Pair],
    options: DecodeOptions,
    batch_size: int = 64,
    group_of: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    sources, references = [s for s, _ in pairs], [t for _, t in pairs]
    start = time.perf_counter()
    hypotheses = translate(checkpoint.model, checkpoint.vocab, sources, options, batch_size)
    seconds = time.perf_counter() - start
    if checkpoint.run.train.task == "translation":
        scores = translation_scores(hypotheses, references)
    elif checkpoint.run.train.task == "math":
        from .math_answer import mode_of
        from .math_scoring import math_scores

        scores = math_scores(sources, hypotheses, references, mode_of(checkpoint.run.train.task_options))
    else:
        scores = exact_match_scores(sources, hypotheses, references, group_of)
    decoding = f"beam{options.beam_size}" if options.method == "beam" else options.method
    penalty = {"length_penalty": options.length_penalty} if options.method == "beam" else {}
    return {"sentences": len(pairs), "decoding": decoding, **penalty, **scores, "seconds": round(seconds, 2)}


def headline(result: dict[str, Any]) -> float:
    """The one number a result is judged by: BLEU for translation, exact match otherwise."""
    return result["bleu"] if "bleu" in result else result["exact_match"]


def tune_length_penalty(
    checkpoint: Checkpoint,
    pairs: list[Pair],
    options: DecodeOptions,
    values: list[float],
    batch_size: int = 64,
    group_of: Callable[[str], str] | None = None,
) -> tuple[float, dict[str, Any]]:
    """Beam search with each length penalty on (validation) pairs; the best value and every result.

    The penalty divides a hypothesis' log-probability by ((5 + length) / 6) ** penalty: 0 lets short
    outputs win, higher values favour longer ones. The best value depends on the model, so it is chosen
    per checkpoint, never on a test set.
    """
    results = {str(v): evaluate(checkpoint, pairs, replace(options, length_penalty=v), batch_size, group_of) for v in values}
    best = max(values, key=lambda v: (headline(results[str(v)]), -abs(v - DecodeOptions.length_penalty)))
    return best, results
