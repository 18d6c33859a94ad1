"""Scoring a math model: exact match of the evaluated answer, per family and per operand range.

In program mode the model's program and the reference program are both evaluated; a hypothesis
counts when the printed answers agree (so "7 * 12" for "12 * 7" is right) and never when it does not
parse or evaluate. In direct mode the answer texts are compared.
"""
from __future__ import annotations

from typing import Any

from .families import UNKNOWN, operand_range, parse_question
from .program import ProgramError, run


def _answer(output: str, mode: str) -> str | None:
    if mode == "direct":
        return output.strip()
    try:
        return run(output)
    except ProgramError:
        return None


def _share(hits: list[bool]) -> float:
    return round(100.0 * sum(hits) / max(len(hits), 1), 2)


def mode_of_references(references: list[str]) -> str:
    """Program mode when every reference is a program ("12 * 7"); direct when one is not ("33.33%")."""
    return "program" if all(_answer(r, "program") is not None for r in references) else "direct"


def math_scores(sources: list[str], hypotheses: list[str], references: list[str]) -> dict[str, Any]:
    mode = mode_of_references(references)
    hits, families, ranges, invalid = [], {}, {}, 0
    for source, hypothesis, reference in zip(sources, hypotheses, references):
        answer = _answer(hypothesis, mode)
        invalid += answer is None
        hit = answer is not None and answer == _answer(reference, mode)
        hits.append(hit)
        found = parse_question(source)
        families.setdefault(found.family.name if found else UNKNOWN, []).append(hit)
        if found:
            ranges.setdefault(operand_range(found.operands), []).append(hit)
    result: dict[str, Any] = {"exact_match": _share(hits), "mode": mode}
    if mode == "program":
        result["invalid_programs"] = invalid
    result["per_range"] = {r: _share(v) for r, v in sorted(ranges.items())}
    result["per_group"] = {f: _share(v) for f, v in sorted(families.items())}
    return result
