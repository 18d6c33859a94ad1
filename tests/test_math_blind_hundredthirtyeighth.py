"""The rules that blind sets 138-141 asked for (their fixtures' headers list each wrong answer): a part whose kind is
described ("3/8 of them are story books") asked for by its whole name, and a rate written with a slash ("25/month")."""
from __future__ import annotations

import pytest
from conftest import read_program as exact

from transformer_demo.tasks.math.quantities import read_quantities
from transformer_demo.tasks.math.units import unit_mismatch


@pytest.mark.parametrize(("question", "program"), [
    ("Our class library has 240 books and 3/8 of them are story books. How many story books are there?",
     "240 * 3 / 8"),
    ("Our class library has 240 books and 3/8 of them are story books. How many are not story books?",
     "240 - 240 * 3 / 8"),
    ("A class of 30, 2/5 of them are boys: how many girls?", "30 - 30 * 2 / 5"),  # the other kind: the rest, as before
    ("A class of 30, 2/5 of them are boys: how many boys?", "30 * 2 / 5"),
])
def test_a_described_part_asked_for_by_its_whole_name_is_that_part(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize(("question", "added", "multiplied"), [
    ("phone plan 25/month on a 24 month contract, total cost?", "25 + 24", "25 * 24"),
    ("gym membership is $30/month, what do 12 months cost?", "30 + 12", "30 * 12"),
])
def test_a_rate_with_a_slash_is_a_rate(question: str, added: str, multiplied: str):
    assert unit_mismatch(question, added) == "adds months to money per month"
    assert unit_mismatch(question, multiplied) is None


def test_a_slash_between_numbers_or_in_a_speed_is_no_new_rate():
    assert read_quantities("mix 3/4 cup of flour with 2 cups of milk, how many cups?").numbers[4] == (("cup", 1),)
    assert read_quantities("a car goes 60 km/h for 3 hours, how far does it go?").numbers[60] == (("hour", -1),
                                                                                                 ("km", 1))
