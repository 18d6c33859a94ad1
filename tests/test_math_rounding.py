"""The precision an answer is written in: exact where its decimals end soon, else two decimals, or what the
question asks for (rounding.py)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from transformer_demo.tasks.math.formulas import read_formula
from transformer_demo.tasks.math.program import Result, rounded
from transformer_demo.tasks.math.reading import read_calculation
from transformer_demo.tasks.math.rounding import places_asked, without_precision, written
from transformer_demo.tasks.math.soundness import unsound


@pytest.mark.parametrize(
    ("question", "places"),
    [
        ("What's the square root of 2 to 2 decimal places?", 2),
        ("How many km is 26 miles, to 1 dp?", 1),
        ("give it to three decimal places please", 3),
        ("to the nearest whole number", 0),
        ("how much each, to the nearest penny", 2),
        ("how far can i go on a full tank to the nearest km", 0), ("to the nearest minute", 0),  # found blind (set 24)
        ("whats my daily average to the nearest step", 0), ("round to the nearest ten", None),  # set 27: any thing
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


def test_an_answer_is_written_as_the_question_asks_and_exact_otherwise():
    assert written(Result(Fraction(189, 40), False), "Lawn seed: 4725 g in kg?") == "4.725"
    assert written(Result(Fraction(189, 40), False), "4725 g in kg, to 1 dp?") == "4.7"
    assert written(Result(Fraction(1, 3), True), "what percent is 1 of 3, to 1 decimal place") == "33.3%"


def test_the_precision_asked_is_no_number_of_the_calculation():
    assert without_precision("What is 7 divided by 8, to 2 decimal places?") == "What is 7 divided by 8?"
    assert without_precision("share 10 between 3, correct to the nearest penny") == "share 10 between 3"
    assert read_calculation("What is 7 divided by 8, to 2 decimal places?").program == "7 / 8"
    assert unsound("What is 7 divided by 8, to 2 decimal places?", "7 / 8") is None


def test_a_precision_asked_leaves_a_formula_readable_but_the_calculators_pi_is_not_3_14():
    dice = ("A fair six-sided dice is rolled. What is the probability of getting a number greater than 4? Give it as a "
            "percentage to 2 decimal places.")
    assert read_formula(dice).program == "pct((6 - 4) / 6)"
    assert read_formula("A round table top has a radius of 0.6 m. What is its area in square metres? Use pi = 3.14 "
                        "and round to 2 decimal places.").program == "3.14 * 0.6 ^ 2"
    pi_button = "Find the area of a circle with radius 10 cm. Use the pi button and give your answer to 1 decimal place"
    assert read_formula(pi_button) is None and unsound(pi_button, "3.14 * 10 ^ 2") is not None
