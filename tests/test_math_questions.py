"""The 100 hand-written questions of tests/fixtures/math_questions_100.tsv (wordings no template produces): the
shipped model's share answered, the share of answered ones right, and answer-check verdicts against the truth.

    python tests/test_math_questions.py      prints the figures the model card and README quote
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from transformer_demo.answer_check import check
from transformer_demo.math_families import parse_question
from transformer_demo.math_program import format_number

REPO = Path(__file__).resolve().parents[1]
CHECKPOINT = REPO / "checkpoints" / "math-qa"
FIXTURE = Path(__file__).parent / "fixtures" / "math_questions_100.tsv"
QUESTIONS = dict(line.rstrip("\n").split("\t") for line in FIXTURE.read_text(encoding="utf-8").splitlines()
                 if line and not line.startswith("#"))
needs_checkpoint = pytest.mark.skipif(not (CHECKPOINT / "model.safetensors").is_file(), reason="no checkpoints/math-qa")


def test_the_fixture_holds_100_questions_in_no_listed_wording():
    assert len(QUESTIONS) == 100
    assert [q for q in QUESTIONS if parse_question(q) is not None] == []


def wrong_answer(truth: str) -> str:
    """A wrong answer a student might give: one more than the truth, at the truth's precision."""
    from fractions import Fraction

    return format_number(Fraction(truth) + 1)


def measure(checkpoint_dir: Path = CHECKPOINT) -> dict:
    """Share answered, share of answered ones right, and check verdicts that contradict the truth."""
    from transformer_demo.checkpoint import load_checkpoint
    from transformer_demo.math_answer import answer_questions

    checkpoint = load_checkpoint(checkpoint_dir)

    @cache
    def answerer(question: str):
        return answer_questions(checkpoint, [question])[0]

    replies = {q: answerer(" ".join(q.split())) for q in QUESTIONS}
    answered = {q: r.answer for q, r in replies.items() if r.answer is not None}
    wrong = {q: a for q, a in answered.items() if a != QUESTIONS[q]}
    contradicting, verdicts = [], {"EQUIVALENT": 0, "NOT_EQUIVALENT": 0, "UNSURE": 0, "NO_QUESTION": 0}
    for question, truth in QUESTIONS.items():
        for answer, bad in ((truth, "NOT_EQUIVALENT"), (wrong_answer(truth), "EQUIVALENT")):
            verdict = check(answerer, answer, question=question)["Evaluation"]
            verdicts[verdict] += 1
            if verdict == bad:
                contradicting.append((question, answer, verdict))
    return {"questions": len(QUESTIONS), "answered": len(answered), "answered_right": len(answered) - len(wrong),
            "wrong": wrong, "check_verdicts": verdicts, "contradicting_verdicts": contradicting,
            "unanswered": {q: r.notice for q, r in replies.items() if r.answer is None}}


@needs_checkpoint
@pytest.mark.slow
def test_the_shipped_model_on_the_100_questions_is_never_wrong():
    figures = measure()
    assert figures["wrong"] == {} and figures["contradicting_verdicts"] == []
    assert figures["answered"] >= 50  # the share answered is reported in the model card


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1))
