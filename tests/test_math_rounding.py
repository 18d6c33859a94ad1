"""The precision an answer is written in: exact where its decimals end soon, else two decimals, or what the
question asks for (rounding.py)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from transformer_demo.tasks.math.answer import MathReply
from transformer_demo.tasks.math.program import Result, rounded
from transformer_demo.tasks.math.rounding import as_asked, places_asked


@pytest.mark.parametrize(
    ("question", "places"),
    [
        ("What's the square root of 2 to 2 decimal places?", 2),
        ("How many km is 26 miles, to 1 dp?", 1),
        ("give it to three decimal places please", 3),
        ("to the nearest whole number", 0),
        ("how much each, to the nearest penny", 2),
        ("What is 7 divided by 8?", None),
        ("to 2 decimal places, or to the nearest whole number", None),  # two precisions: none is sure
    ],
)
def test_the_precision_a_question_asks_for(question: str, places: int | None):
    assert places_asked(question) == places


def test_rounding_is_half_away_from_zero_without_trailing_zeros():
    assert rounded(Fraction(189, 40), 2) == "4.73" and rounded(Fraction(189, 40), 1) == "4.7"
    assert rounded(Fraction(5, 2), 0) == "3" and rounded(Fraction(-5, 2), 0) == "-3"
    assert rounded(Fraction(1, 2), 3) == "0.5" and rounded(Fraction(-1, 3000), 2) == "0"


def _reply(question: str, value: Fraction, is_percent: bool = False) -> MathReply:
    result = Result(value, is_percent)
    return MathReply(question, "p", "p", str(result), result, None, True)


def test_an_answer_is_written_as_the_question_asks_and_exact_otherwise():
    assert as_asked(_reply("Lawn seed: 4725 g in kg?", Fraction(189, 40))).answer == "4.725"
    assert as_asked(_reply("4725 g in kg, to 1 dp?", Fraction(189, 40))).answer == "4.7"
    assert as_asked(_reply("what percent is 1 of 3, to 1 decimal place", Fraction(1, 3), True)).answer == "33.3%"
    no_answer = MathReply("to 1 dp", "p", "p", None, None, "why", False)
    assert as_asked(no_answer) is no_answer
