"""The rules that blind sets 150-157 asked for (their fixtures' headers list each wrong answer): a deal's count and
price ("3 for £5") are both per bundle, "percent" misspelled ("percnt", "pct"), a sports record ("14-6") in a
question that asks for a percentage is no subtraction asked, and ages as pupils ask about them (set 153 asked seven
such questions; none was read)."""
from __future__ import annotations

import pytest
from conftest import read_program as exact

from transformer_demo.tasks.math.answer_check import find_question, turns_from
from transformer_demo.tasks.math.quantities import read_quantities
from transformer_demo.tasks.math.spoken import spelled
from transformer_demo.tasks.math.units import unit_mismatch


@pytest.mark.parametrize(("question", "count"), [
    ("Selling paperbacks at 3 for £5. Bloke wants 9 books, how much do I charge him?", 3),
    ("apples are 4 for $3, how much for 12 apples?", 4),
    ("Mugs are 2 for £7, how much for 6 mugs?", 2),
    ("candles: 5 for 12 dollars. how much do 15 candles cost?", 5),
])
def test_a_deals_count_and_price_are_per_bundle(question: str, count: int):
    numbers = read_quantities(question.lower()).numbers
    assert dict(numbers[count])["bundle"] == -1 and ("money", 1) in [
        part for unit in numbers.values() if unit and ("bundle", -1) in unit for part in unit]
    price = next(value for value, unit in numbers.items() if unit and ("money", 1) in unit)
    wanted = next(value for value, unit in numbers.items() if value not in (count, price))
    assert unit_mismatch(question, f"{count} * {price} * {wanted}") is not None  # no quantity
    assert unit_mismatch(question, f"{price} / {count} * {wanted}") is None


@pytest.mark.parametrize("question", [
    "Tom sold 12 cakes for £30. How much per cake?",  # a sale: no deal, read as before
    "I bought 3 for £5 each, how much did I spend?",  # each: a price per thing
])
def test_a_sale_or_a_price_each_is_no_bundle(question: str):
    units = read_quantities(question.lower()).numbers.values()
    assert all(unit is None or "bundle" not in dict(unit) for unit in units)


@pytest.mark.parametrize(("typed", "meant"), [
    ("wat is 15 percnt of 62", "what is 15 percent of 62"),
    ("12 pct of 250", "12 percent of 250"),
    ("what is 8 prcnt of 50", "what is 8 percent of 50"),
    ("a 20 percent tip", "a 20 percent tip"),
    ("what percentage is that", "what percentage is that"),
])
def test_percent_as_people_misspell_it(typed: str, meant: str):
    assert spelled(typed) == meant


@pytest.mark.parametrize("word", ["respect", "expect", "perfect", "pact", "aspect"])
def test_words_like_percent_are_left_alone(word: str):
    assert spelled(f"I {word} it") == f"I {word} it"


@pytest.mark.parametrize(("question", "canonical"), [
    ("we're 14-6 this season, whats our win %", None),
    ("we won 14-6, what percentage of the points were ours?", None),
    ("what is 14 - 6?", "What is 14 minus 6?"),
    ("15% of 240, what is it", "What is 15% of 240?"),  # a percentage family: its own % is no other question
])
def test_a_record_in_a_question_asking_a_percentage_is_no_subtraction(question: str, canonical: str | None):
    found = find_question(turns_from(None, question))
    assert (found and found.canonical) == canonical


@pytest.mark.parametrize(("question", "program"), [
    ("my sister is 3 times my age and im 4. how old is she", "3 * 4"),
    ("my mum is 4 times as old as me, i am 9. how old is she?", "4 * 9"),
    ("my brother is 5 years older than me and together our ages add up to 27. how old am i", "(27 - 5) / 2"),
    ("my brother is 5 years older than me and together our ages add up to 27. how old is he", "(27 + 5) / 2"),
    ("my sister is 4 years younger than me and our ages add up to 30, how old am i?", "(30 + 4) / 2"),
    ("my little brother is 2 and im 8. when im 20 how old will he be", "2 + (20 - 8)"),
    ("my dad is 30 and im 5. when he is 40, how old will i be", "5 + (40 - 30)"),
    ("i'm 34 and my son is 9. how old will i be when he is 21?", "34 + (21 - 9)"),  # as before
])
def test_ages_as_pupils_ask_about_them(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize("question", [
    "my brother is 3 times my age, he is 12. how old is he",  # 12 is his, not mine: no 3 * 12
    "my dog is 5 and im 10. my nan is 7 times as old as me. how old is nan",  # a number with no place
    "my brother is 5 years older than me and together we have 27 sweets. how old am i",  # no ages added up
    "im 9 and my cousin is 3 times my age. how old will my cousin be when im 15",  # 3 is no age (set 153's second
    # reading answered 9)
])
def test_ages_the_readers_leave_alone(question: str):
    assert exact(question) is None


@pytest.mark.parametrize(("question", "program"), [
    ("Her stuff came to £7.40 and she handed me a tenner, how much change do I give her?", "10 - 7.40"),
    ("it came to £7.40 and she gave me £10, how much change?", "10 - 7.40"),
    ("she gave me £10 for 3 pens at £2 each, how much change?", "10 - 3 * 2"),
])
def test_money_handed_over_for_change_is_a_payment(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize("question", [
    "fare was £18.40, customer handed me a £20 note and told me to keep a pound of the change. how much do i give back",
    "paid with a £10 note for a £6.50 meal and left a tip, how much change?",
])
def test_change_with_an_amount_kept_or_tipped_is_no_payment_less_the_prices(question: str):
    from transformer_demo.tasks.math.stories import change_reading
    assert change_reading(question.lower()) is None  # set 116 was answered 1.6 in a test run (0.6 is right)


def test_money_handed_over_with_no_change_asked_is_left_to_the_other_readers():
    from transformer_demo.tasks.math.stories import change_reading
    assert change_reading("mum gave me £10 and i spent £3.50, how much do i have left?") is None


@pytest.mark.parametrize(("question", "program"), [
    ("Please express 255 minutes in hours.", "255 / 60"),
    ("hey, please convert 3.5 kg to grams", "3.5 * 1000"),
    ("sqrt of 2.25", "sqrt(2.25)"),
])
def test_a_courtesy_before_the_request_and_sqrt_of(question: str, program: str):
    assert exact(question) == program


def test_a_model_program_right_by_chance_shows_the_questions_own_calculation():
    from transformer_demo.tasks.math.answer import one_reply
    question = "Selling paperbacks at 3 for £5. Bloke wants 9 books, how much do I charge him?"
    chance = one_reply(question, "3 * 5", "program")  # 15, from the wrong numbers
    assert chance.answer == "15" and chance.program == "5 / 3 * 9" and "from other numbers" in chance.notice
    own = one_reply("what is 15% of 80", "15 / 100 * 80", "program")
    assert own.answer == "12" and own.program == "15 / 100 * 80"



@pytest.mark.parametrize("question", [
    "Venue is £4,900 total. We paid £750 deposit, then another £1,200 last month. How much is still owed?",  # no sum
    "Rhubarb harvest up 35% on last year's 6.4 kg. How much this year in kg?",  # no 35% of 6.4
    "standing charge went from 46.36p to 53.35p a day, how much extra is that over a year (365 days) in £? nearest "
    "penny",  # a change, no sum of products
    "2 hour delivery slot and 11 stops in it, avg minutes per stop? 1 decimal place",  # hours, minutes asked
    "missed 4 delivery windows out of 64 this week, what % were on time",  # no pct(4 / 64): a word not said
])
def test_what_sets_154_to_157_were_answered_wrongly_is_no_longer_read_so(question: str):
    assert exact(question) is None


@pytest.mark.parametrize(("question", "program"), [
    ("if i save £45 a week how many weeks until ive got at least £1000 saved?", "ceil(1000 / 45)"),
    ("how many kWh do i get for a tenner top up at 24.86p/kWh? 1 dp", "10 / 0.2486"),  # decimals asked: no ceil
    ("what percent is 18 out of 24", "pct(18 / 24)"),  # as before
    ("18 out of 24 passed, what % passed", "pct(18 / 24)"),
])
def test_whole_weeks_until_at_least_and_decimals_asked(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize(("question", "program"), [
    ("I went to the garden centre with my neighbour and bought 3 packets of runner bean seeds at 1.85 pounds each "
     "and a new trowel for 6.49 pounds; how much did I spend altogether, in pounds?", "3 * 1.85 + 6.49"),  # "went"
    ("weekly rate is £35 and extra days are £6 each, customer wants 3 weeks and 4 days. total?", "35 * 3 + 6 * 4"),
    ("wind is 24 knots, 1 knot is 1.852 km/h, what's that in km/h to 1 dp", "24 * 1.852"),
])
def test_the_new_refusals_leave_what_was_read_right_before(question: str, program: str):
    assert exact(question) == program  # each was lost in a test run by a first version of this batch's rules
