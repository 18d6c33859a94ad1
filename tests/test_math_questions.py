"""The 100 hand-written questions of tests/fixtures/math_questions_100.tsv (wordings no template produces): the
shipped model's share answered, the share of answered ones right, and answer-check verdicts against the truth.

    python tests/test_math_questions.py      prints the figures the model card and README quote
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from transformer_demo.tasks.math.answer_check import check
from transformer_demo.tasks.math.families import parse_question
from transformer_demo.tasks.math.program import format_number
from transformer_demo.tasks.math.questions import solve

REPO = Path(__file__).resolve().parents[1]
CHECKPOINT = REPO / "checkpoints" / "math-qa"
FIXTURE = Path(__file__).parent / "fixtures" / "math_questions_100.tsv"
QUESTIONS = dict(line.rstrip("\n").split("\t") for line in FIXTURE.read_text(encoding="utf-8").splitlines()
                 if line and not line.startswith("#"))
needs_checkpoint = pytest.mark.skipif(not (CHECKPOINT / "model.safetensors").is_file(), reason="no checkpoints/math-qa")


# Wordings the families took up after the questions were written (the everyday cores of the four operations).
LISTED_SINCE = ["How much is 45 and 38 together?", "What is 45 less 17?", "What is 9 fewer than 40?",
                "How much is 12 multiplied with 12?", "What is 100 split into 4 equal parts?", "Add 1000 to 1000."]


def test_the_fixture_holds_100_questions_in_no_listed_wording():
    assert len(QUESTIONS) == 100
    assert [q for q in QUESTIONS if parse_question(q) is not None] == LISTED_SINCE
    assert all(solve(q) == QUESTIONS[q] for q in LISTED_SINCE)


def wrong_answer(truth: str) -> str:
    """A wrong answer a student might give: one more than the truth, at the truth's precision."""
    from fractions import Fraction

    return format_number(Fraction(truth) + 1)


def measure(checkpoint_dir: Path = CHECKPOINT) -> dict:
    """Share answered, share of answered ones right, and check verdicts that contradict the truth."""
    from transformer_demo.checkpoint import load_checkpoint
    from transformer_demo.engines import TorchEngine
    from transformer_demo.tasks.math.task import answer_questions

    engine = TorchEngine(load_checkpoint(checkpoint_dir))

    @cache
    def answerer(question: str):
        return answer_questions(engine, [question])[0]

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


@cache
def shipped_figures() -> dict:
    return measure()


@needs_checkpoint
@pytest.mark.slow
def test_the_shipped_model_on_the_100_questions_is_never_wrong():
    figures = shipped_figures()
    assert figures["wrong"] == {} and figures["contradicting_verdicts"] == []
    assert figures["answered"] == figures["answered_right"] and figures["questions"] == 100


@needs_checkpoint
@pytest.mark.slow
@pytest.mark.xfail(reason="the shipped weights are the 15-family run, which answers 22 of the 100; the 26-family "
                   "fine-tune is to answer most of them (issue 25: 90)", strict=False)
def test_the_shipped_model_answers_most_of_the_100_questions():
    assert shipped_figures()["answered"] >= 50  # the share answered is reported in the model card


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1))
