"""The rules that blind sets 158-161 asked for (their fixtures' headers list each wrong answer), and the readings that
reference programs for sets 154-157 showed missing: a question asked "per head" of guests, the count of "3 of us"
said again as "3 ways", a birthday said by its ordinal ("grandad's 80th"), "average weight per parcel", "whats 1.5
kg in grams" and "sqaure root"; no total of hours where some were unpaid, and no price with tax included where a
gross margin is asked."""
from __future__ import annotations

import pytest
from conftest import read_program as exact

from transformer_demo.tasks.math.asking import question_in, unoccasioned, unrestated
from transformer_demo.tasks.math.percentages import included_reading
from transformer_demo.tasks.math.quantities import read_quantities


@pytest.mark.parametrize(("question", "program"), [
    ("final food bill came to £3412.50 for 105 guests. whats that per head?", "3412.50 / 105"),
    ("mum's party, 45 guests, total budget £1500. whats that per head? round to 2 decimal places", "1500 / 45"),
    ("the coach cost £540 for 36 pupils, what's that per person?", "540 / 36"),
])
def test_per_head_of_guests_is_money_per_person(question: str, program: str):
    assert exact(question) == program


def test_per_head_asks_money_per_person():
    reading = read_quantities("final food bill came to £3412.50 for 105 guests. whats that per person?")
    assert reading.asked == (("money", 1), ("person", -1))


@pytest.mark.parametrize(("said", "read"), [
    ("3 of us are splitting the £1845 bill 3 ways equally. how much each?",
     "3 of us are splitting the £1845 bill equally. how much each?"),
    ("3 of us split a £45 taxi between the 3 of us", "3 of us split a £45 taxi between us"),
    ("the bill is £90 split 3 ways, how much each?", "the bill is £90 split 3 ways, how much each?"),  # said once
    ("4 of us split it 3 ways", "4 of us split it 3 ways"),  # another count: both kept
])
def test_the_companys_count_said_again_is_one_number(said: str, read: str):
    assert unrestated(said) == read


@pytest.mark.parametrize(("question", "program"), [
    ("me and my 2 sisters are splitting mum's party bill of £1845 3 ways equally. how much each?", "1845 / 3"),
    ("3 of us share a plot, rent is £96.60 split 3 ways. How much each?", "96.60 / 3"),
])
def test_a_split_among_us_said_twice_is_read(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize(("said", "read"), [
    ("grandad's 80th! 5 of us are chipping in for a £385 gift", "grandad's birthday! 5 of us are chipping in for a "
     "£385 gift"),
    ("for mum's 60th birthday we booked 45 seats", "for mum's birthday we booked 45 seats"),
    ("our 25th anniversary dinner was £180 for 2", "our anniversary dinner was £180 for 2"),
    ("it's my 40th birthday, how old will I be in 5 years?", "it's my 40th birthday, how old will I be in 5 years?"),
    ("I'm 87th on the waiting list and 6 plots come free a year", "I'm 87th on the waiting list and 6 plots come "
     "free a year"),
])
def test_a_birthday_said_by_its_ordinal_is_no_operand(said: str, read: str):
    assert unoccasioned(said) == read


def test_a_gift_for_a_birthday_is_shared():
    assert exact("grandad's 80th! 5 of us grandkids are chipping in equally for a gift that costs £385. how much "
                 "each?") == "385 / 5"


@pytest.mark.parametrize(("question", "program"), [
    ("312 kg across 48 parcels, average weight per parcel in kg?", "312 / 48"),
    ("lambs at 42kg liveweight fetching £2.60 a kilo, how much per lamb", "42 * 2.60"),  # no lamb counted: one's
    ("whats 1.5 kg in grams", "1.5 * 1000"),
    ("whats 3.5 km in metres", "3.5 * 1000"),
    ("sqaure root of 2.25?", "sqrt(2.25)"),
])
def test_rates_and_conversions_as_people_type_them(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize("question", [
    "staff hours this wk: 32, 28.5, 16, 22.5 and me 50 (unpaid lol). total paid staff hrs?",
    "hours this week 12, 9 and 7, not counting the 4 I did for free. total?",
    "we sold 14, 22 and 9 cakes, excluding the 5 we gave away. how many altogether?",
])
def test_no_total_of_everything_where_some_are_left_out(question: str):
    assert exact(question) is None


def test_a_share_between_families_is_no_price_for_all_of_them():
    # a first version of this session's rules read money "per family" as plain money where no family is counted
    assert exact("nanny share costs 520 a week split equally between us and another family, what does each family pay "
                 "over 52 weeks") is None


def test_a_gross_margin_is_no_price_with_tax_included():
    question = "i want a 65% gross margin on a cookie that costs 49p to make. what should i charge ex vat?"
    assert included_reading(question) is None
    assert exact(question) is None
    included = included_reading("the gross price is 96 including 20% vat, what is it before vat?")
    assert included == "96 * 100 / (100 + 20)"


def test_the_question_the_model_sees_has_these_rewrites():
    assert question_in("me and my 2 mates, grandad's 90th, £60 split 3 ways?") == "3 of us, grandad's birthday, £60 " \
        "split?"
