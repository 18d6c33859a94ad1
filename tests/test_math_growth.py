"""Compound growth (tasks/math/growth.py): the same percentage each period, on the amount so far."""
from __future__ import annotations

import pytest

from transformer_demo.tasks.math.formulas import read_formula
from transformer_demo.tasks.math.growth import growth_reading


@pytest.mark.parametrize(
    ("question", "program", "value"),
    [  # found blind (sets 23 and 25)
        ("2000 at 5% interest compounded yearly for 3 years, how much at the end", "2000 * (1 + 5 / 100) ^ 3",
         "2315.25"),
        ("i put 500 in at 2% compound interest, how much interest after 2 years", "500 * (1 + 2 / 100) ^ 2 - 500",
         "20.2"),
        ("visitors were 4000 and grow by 10% each month, how many after 2 months", "4000 * (1 + 10 / 100) ^ 2",
         "4840"),
        ("a van worth 10000 loses 20% of its value each year, what is it worth after 2 years",
         "10000 * (1 - 20 / 100) ^ 2", "6400"),
    ],
)
def test_compound_growth_is_read_exactly(question: str, program: str, value: str):
    assert growth_reading(question.lower()) == program
    reading = read_formula(question)
    assert reading is not None and reading.program == program and str(reading.result) == value


@pytest.mark.parametrize(
    "question",
    [
        "100 at 4% a month compounded, how much after 2 years",  # a month's rate over years
        "2000 at 3% compounded monthly for 2 years, how much",  # monthly compounding of a yearly count
        "sales of 5000 grow by 4% each month, by how much did they grow after 2 months",  # the change asked
        "500 at 2% simple interest for 3 years, how much interest",  # simple, not compound
        "at 8% compound interest how many years to double my money",  # no number of years given
    ],
)
def test_other_growth_questions_are_not_read_as_compound_growth(question: str):
    assert growth_reading(question.lower()) is None
