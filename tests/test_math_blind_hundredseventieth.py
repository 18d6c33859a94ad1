"""The rules that blind sets 170-173 asked for (their fixtures' headers list each wrong answer): tablespoons are a
measure, 7.5 of them an answer; one side of a garden in fence panels is no rectangle's perimeter; "first month free"
takes a month off what is paid; a change "each week" asked "two weeks from now" compounds; and the readings the
unanswered questions of every set showed general: a holder said as "they come in packs of 8" or "our coaches have
53 seats", a proportion said with "cost" ("if 4 pencils cost $1.80"), a price asked of a bare count ("3 punnets for
£5, how much for 12?"), and "the fare", "the fee", "the total before VAT" asked as money."""
from __future__ import annotations

import pytest
from conftest import read_program as exact
from conftest import read_value as value

from transformer_demo.tasks.math.demands import unmet


def test_tablespoons_are_a_measure_not_whole_things():
    assert value("Pond treatment: 1 tablespoon per 40 litres. How many tablespoons for 300 litres?") == 7.5


def test_one_side_in_fence_panels_is_no_perimeter():
    question = "panels are 2m wide and the side of the garden is 15m long, how many panels do i need"
    assert exact(question) != "ceil(2 * (2 + 15))"
    assert exact("how much fencing for a garden 12 m by 8 m") == "2 * (12 + 8)"


@pytest.mark.parametrize(("question", "kept", "refused"), [
    ("Gym offer: first month free, then £30 a month. What do I pay for a year?", "(12 - 1) * 30", "12 * 30"),
    ("the first 2 weeks are free and then it's £15 a week, how much for 10 weeks", "(10 - 2) * 15", "10 * 15"),
])
def test_free_first_periods_are_taken_off(question: str, kept: str, refused: str):
    assert unmet(question, refused) and not unmet(question, kept)


def test_a_change_each_period_asked_periods_later_compounds():
    question = "my savings grow 5% each year, I have 2000 now, how much in 3 years' time"
    assert unmet(question, "2000 + 5 / 100 * 2000")
    assert not unmet(question, "2000 * (1 + 5 / 100) ^ 3")
    assert not unmet("£500 at 4% a year simple interest, interest after 3 years?", "500 * 4 / 100 * 3")


@pytest.mark.parametrize(("question", "answer"), [
    ("pipettes come in packs of 20 and we need 130, how many packs", 7),
    ("our vans have 3 seats and 14 volunteers are coming, how many vans do we need", 5),
    ("If 6 cans of dog food cost £4.20, how much do 10 cans cost?", 7),
    ("mealworms 2 tubs for £3, how much for 7?", 10.5),
    ("A taxi charges £3 to start plus £2.40 per mile. What is the fare for 5 miles?", 15),
    ("grooming is £25 plus £8 per hour of drying time, 2 hours today, whats the total before VAT", 41),
])
def test_the_readings_the_unanswered_questions_showed(question: str, answer):
    assert value(question) == answer
