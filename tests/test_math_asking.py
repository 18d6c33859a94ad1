"""The question a line asks, as it is read (asking.py): numbers in words as digits, durations as hours."""
from __future__ import annotations

import pytest

from transformer_demo.tasks.math.asking import in_hours, question_in, signed, unlabelled, with_digits


@pytest.mark.parametrize(
    ("text", "digits"),
    [
        ("what is seventeen times twelve", "what is 17 times 12"),
        ("three hundred and forty-five minus ninety", "345 minus 90"),
        ("Seventy Five percent of eight hundred", "75 percent of 800"),
        ("a hundred and five", "105"),
        ("two thousand and twenty four", "2024"),
        ("one million two hundred thousand", "1200000"),
        ("twenty-one plus zero", "21 plus 0"),
        ("half of a number is seventeen, what is the number?", "half of a number is 17, what is the number?"),
        ("one plus one", "1 plus 1"),
        ("divide twenty by one", "divide 20 by 1"),
        ("each one gets two sweets", "each one gets 2 sweets"),  # a lone "one" is a word
        ("hey whats two point five times four point two", "hey whats 2.5 times 4.2"),  # found blind (set 16)
        ("nought point seven five of a litre", "0.75 of a litre"),
        ("twelve point zero five", "12.05"),
    ],
)
def test_numbers_in_words_become_digits(text: str, digits: str):
    assert with_digits(text) == digits


@pytest.mark.parametrize(
    "text",
    [
        "a tank is three quarters full",  # a fraction's words are read where fractions are
        "two thirds of the class",
        "Emma scored 23, 17 and 31 points in three games.",  # a question with digits keeps its words
        "Me and my two friends share 87 sweets.",
        "a few hundred people",  # a scale alone says no number
        "ten twenty",  # no one number
        "someone gave me one apple",  # "one" inside a word, and a lone "one"
        "which one is bigger?",
        "",
    ],
)
def test_other_words_stay_words(text: str):
    assert with_digits(text) == text


def test_the_tutor_reads_a_question_in_words_as_the_one_in_digits():
    from transformer_demo.tasks.math.asking import question_in

    assert question_in("Please tell me what seventeen times twelve is.") == "Please tell me what 17 times 12 is."
    assert question_in("my kid's sheet says 'what is nine squared?'") == "what is 9 squared?"


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("a train goes 120 km in 1 hour 30 minutes", "a train goes 120 km in 1.5 hours"),
        ("2 hrs 15 mins", "2.25 hours"), ("3 hours and 45 minutes", "3.75 hours"),
        ("1 hour 20 minutes", "1 hour 20 minutes"),  # 1.333... hours: left as it is
        ("5 hours 75 minutes", "5 hours 75 minutes"), ("4 h 30 m", "4 h 30 m"),  # m may be metres
    ],
)
def test_a_duration_in_two_units_becomes_hours_where_exact(text: str, hours: str):
    assert in_hours(text) == hours


def test_the_tutor_reads_a_speed_over_hours_and_minutes():
    from transformer_demo.tasks.math.answer import read_exactly
    from transformer_demo.tasks.math.asking import question_in

    question = question_in("a train goes 120 km in 1 hour 30 minutes, whats its average speed in km/h")
    assert str(read_exactly(question).result) == "80"


@pytest.mark.parametrize(
    ("text", "signed_text"),
    [
        ("negative 4 multiplied by negative 7", "-4 multiplied by -7"),
        ("what is minus 4 times minus 7", "what is -4 times -7"),
        ("3 - minus 2", "3 - -2"),
        ("10 minus 4", "10 minus 4"),  # a subtraction: an operand comes before
        ("x minus 4 = 7", "x minus 4 = 7"),
    ],
)
def test_a_sign_said_in_words_is_a_sign(text: str, signed_text: str):
    assert signed(text) == signed_text


def test_a_school_year_is_no_number_of_the_question():
    assert unlabelled("My year 6 maths: what is 4 times 7") == "My year maths: what is 4 times 7"
    assert unlabelled("in year 3 the balance is 400") == "in year 3 the balance is 400"  # no school word after it
    assert unlabelled("My 9 year old asked what 5 cubed is") == "My child asked what 5 cubed is"
    assert unlabelled("my 8-year-old son has 12 sweets") == "my 8-year-old son has 12 sweets"  # a son's age
    assert question_in("My year 6 maths: negative 4 multiplied by negative 7") == "My year maths: -4 multiplied by -7"
