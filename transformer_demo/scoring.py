"""Scores for a list of outputs against references: sacreBLEU BLEU and chrF, exact match (per group)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


def translation_scores(hypotheses: list[str], references: list[str]) -> dict[str, Any]:
    """Cased BLEU on detokenised text (sacreBLEU's default 13a tokenizer), lowercased BLEU and chrF."""
    import sacrebleu  # only scoring needs it

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
