"""The rules that blind sets 186-189 asked for (their fixtures' headers list each wrong answer): what is refunded after
a fee is the rest; weekdays said apart from two clock times are days open, not days between them; "packs of 50
needles are £12.50 each" prices each pack; a chance asked of the negated or opposite state is no chance of the state
said; "out of 40" is the whole, no kind to add; "a pair for the front and a pair for the rear" says two each."""
from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import read_program, read_value

from transformer_demo.tasks.math.quantities import Reading


def test_what_is_refunded_after_a_fee_is_the_rest():
    assert read_value("If I cancel there's a 30% cancellation fee on my £420 booking. How much is refunded to "
                      "me?") == 294
    assert read_value("If I cancel there's a 30% cancellation fee on my £420 booking. How much is the fee?") == 126


def test_weekdays_said_apart_from_the_times_are_no_days_between_them():
    assert read_program("The studio's open from 10am to 7pm, Monday to Saturday. How many hours is it open each "
                        "week?") is None
    assert read_value("I worked from 09:30 Monday to 15:30 Wednesday, how many hours is that?") == 54


def test_a_pack_of_things_priced_each_is_a_price_per_pack():
    numbers = Reading("packs of 50 sterile needles are £12.50 each. i'm buying 3 packs and shipping is £4.95. "
                      "what's the total?").numbers
    assert numbers[Fraction(25, 2)] == (("money", 1), ("pack", -1))
    assert read_program("Packs of 50 sterile needles are £12.50 each. I'm buying 3 packs and shipping is £4.95. "
                        "What's the total?") in (None, "12.50 * 3 + 4.95")


@pytest.mark.parametrize("question", [
    "3 of our 12 artists do fine line. If you pick one of the 12 at random, what's the probability they DON'T do "
    "fine line?",
    "Out of 40 orders, 6 arrived late. What's the probability that a randomly picked order arrived on time?",
])
def test_a_chance_of_the_negated_or_opposite_state_is_not_the_chance_said(question: str):
    assert read_value(question) in (None, Fraction(3, 4), Fraction(17, 20))


def test_a_chance_drawn_without_looking_is_still_read():
    assert read_value("A bag has 3 red balls and 5 blue balls. I pick one without looking. What is the probability "
                      "that it is red?") == Fraction(3, 8)


def test_one_for_the_front_and_one_for_the_rear_says_two_each():
    assert read_program("brake pads are £12.50 a pair. 4 bikes each need a pair for the front and a pair for the "
                        "rear. total cost?") is None
