"""The rules that blind sets 162-165 asked for (their fixtures' headers list each wrong answer): a price of whole packs
is no proportion, a date asked is no calculation, a count said in words of the things priced is used, energy units
are not converted, and a reading that leaves out a span of clock times is none; and the readings their unanswered
questions showed general: the chance of drawing one of a part of a whole said as such ("5 of them are big ones",
"4 of the 9 pups"), one rate in another period of its kind ("9 a day, how many a week"), a percentage of one amount
read by the words around it ("staff discount is 15%, order comes to £42.80, what do they pay"), a period said a few
words after an amount ("45 pounds into her savings every week"), and money asked as people ask it ("what did i make",
"what's my hourly rate", "..., total spend?")."""
from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import read_program as exact

from transformer_demo.tasks.math.answer import one_reply, reply
from transformer_demo.tasks.math.percent_cues import percent_cue_reading
from transformer_demo.tasks.math.quantities import read_quantities
from transformer_demo.tasks.math.spoken import count_left_out


@pytest.mark.parametrize("question", [
    "onion sets r £2.49 for a bag of 50, i need 180 sets, only whole bags sold. cost?",
    "packs of 25 sheets for 7.99, i need 60 sheets, what will it cost",
])
def test_a_price_of_whole_packs_is_no_proportion(question: str):
    assert exact(question) is None


def test_a_whole_number_of_packs_is_a_proportion():
    assert exact("a pack of 6 rolls is £3, how much for 18 rolls?") == "3 / 6 * 18"


@pytest.mark.parametrize("question", [
    "Sowed my peppers on 25 March and they took 12 days to germinate. What date in April did they come up? (just give "
    "the day number)",
    "my course starts on the 3rd and lasts 16 days, which date does it end",
])
def test_a_date_asked_is_no_calculation(question: str):
    answered = reply(question, "25 * 12", "program", ("25 * 12", "25 + 12"))
    assert answered.answer is None and "asks for a date" in answered.notice


def test_energy_asked_in_kilojoules_is_not_converted():
    answered = one_reply("Holding 250 W for exactly 1 hour on the bike, how much work is that in kJ?", "250 * 1",
                         "program")
    assert answered.answer is None and "does not convert" in answered.notice


@pytest.mark.parametrize(("question", "program", "left_out"), [
    ("Cinema: adult tickets £8.75, child tickets £5.50. Two adults and two kids, how much in total?", "8.75 + 5.50",
     "Two"),
    ("two coffees at £3.20 and a cake at £2.50, total", "3.20 + 2.50", "two"),
    ("Five friends are 11, 14, 9, 16 and 12 years old. What is their average age?", "mean(11, 14, 9, 16, 12)", None),
    ("I scored 23, 17 and 31 points in three games, what is my average", "mean(23, 17, 31)", None),
])
def test_a_count_word_of_the_things_priced_is_no_count_of_the_prices(question: str, program: str, left_out):
    assert count_left_out(question, program) == left_out


def test_a_reading_that_leaves_out_a_span_of_clock_times_is_none():
    assert exact("worked 9:15 to 17:45 with a 30 min unpaid break at £12.21 an hour, how much for the day") is None
    assert exact("my shift is 4:30pm to 9pm, how many hours is that") == "((21 * 60 + 0) - (16 * 60 + 30)) / 60"


@pytest.mark.parametrize(("question", "program"), [
    ("lucky dip tub has 50 prizes n 5 of them are big ones, probability a kid pulls out a big one?", "pct(5 / 50)"),
    ("Box of 40 scratchcards has 6 winners. If I pick one at random, what's the probability it's a winner?",
     "pct(6 / 40)"),
    ("4 of the 9 pups are girls, if someone picks one at random whats the chance its a girl as a percent",
     "pct(4 / 9)"),
    ("3 black pups in a litter of 8, probability of picking a black one? (as a decimal)", "3 / 8"),
    ("tombola has 160 tickets and 40 of them win something, whats my chance of winning as a percent", "pct(40 / 160)"),
    ("There are 20 students, 8 of them wear glasses. If I pick a student at random, what is the probability that one "
     "of the students wears glasses?", "pct(8 / 20)"),  # test_math_reading listed it unread: no list of kinds
])
def test_the_chance_of_one_of_a_part_of_a_whole(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize("question", [
    "ice cream van has 12 flavours and 3 of them are sorbets, if my kid picks one at random whats the probability "
    "its chocolate",  # not the part
    "12 flavours and 3 of them are sorbets, if my kid picks one at random whats the probability its not a sorbet",
    "12 flavours and 3 of them are sorbets, if she picks two at random whats the probability both are sorbets",
    "12 bibs in the bag, 3 red and the rest yellow. if i pick one whats the probability its yellow",  # the rest
])
def test_no_chance_of_a_part_where_another_is_asked(question: str):
    assert exact(question) is None


@pytest.mark.parametrize(("question", "program"), [
    ("how many nappies a week if we get through 9 a day?", "9 * 7"),
    ("netflix 10.99 a month, how much for a yr", "10.99 * 12"),
    ("leaky tap drips 0.25 litres an hour, how many litres is that in a week", "0.25 * 168"),
])
def test_one_rate_in_another_period_of_its_kind(question: str, program: str):
    assert exact(question) == program


def test_a_week_is_no_whole_number_of_months():
    assert exact("i spend 40 a week on food, how much is that a month") is None  # 52 / 12 weeks: not said


@pytest.mark.parametrize(("question", "program"), [
    ("staff discount is 15%, order comes to £42.80, what do they pay", "42.80 - 15 / 100 * 42.80"),
    ("Race entry is £32 plus a 6% booking fee. What's the total?", "32 + 6 / 100 * 32"),
    ("card machine takes 1.75% of every payment, wat's the fee on a £240 sale", "1.75 / 100 * 240"),
    ("employer pension is 3% of his whole £312 weekly pay, how much is that", "3 / 100 * 312"),
    ("Gross monthly pay £2000, total deductions 22%. Take-home pay in pounds?", "2000 - 22 / 100 * 2000"),
    ("quote is £640 before vat, whats it come to with 20% vat on", "640 + 20 / 100 * 640"),
    ("List price £360, trade discount 15%. Price after discount in pounds?", "360 - 15 / 100 * 360"),
])
def test_a_percentage_of_one_amount_read_by_its_words(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize("question", [
    "menu price £9.50 incl VAT. whats the VAT amount at 20%?",  # the amount includes the part
    "the jacket was £60 after 25% off, what was it before",  # the whole before the change
    "coat is £80 with 10% off plus vat, what do i pay",  # both ways
    "a tip of 15% on 36.40?",  # nothing asked but the numbers
])
def test_no_percentage_reading_where_the_words_point_two_ways_or_none(question: str):
    assert exact(question) is None


def test_the_words_read_no_change_per_period():
    assert percent_cue_reading("my savings grow 4% every year from £900, what will i have") is None


@pytest.mark.parametrize(("question", "program"), [
    ("sara puts 45 pounds into her savings every week. how much has she saved after 17 weeks", "45 * 17"),
    ("I spend £45.60 on the food shop every week, how much is that over 52 weeks", "45.60 * 52"),
])
def test_a_period_said_a_few_words_after_an_amount_makes_it_a_rate(question: str, program: str):
    assert exact(question) == program


def test_an_amount_over_a_period_is_no_rate():
    assert read_quantities("i saved £45 over a week").numbers[Fraction(45)] == (("money", 1),)


@pytest.mark.parametrize(("question", "program"), [
    ("Each fence post takes 2 bags of postcrete at £6.80 a bag. I've got 9 posts. Total spend?", "2 * 6.80 * 9"),
    ("labourer costs £120 a day and the job is 4.5 days, whats the total labour cost", "120 * 4.5"),
    ("sold 84 burritos at 7.50 each on saturday. takings?", "84 * 7.50"),
])
def test_a_total_cost_spend_or_takings_asked_at_the_end_is_money(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize(("question", "program"), [
    ("i charge 18 an hour and cleaned for 6.5 hrs today, what did i make", "18 * 6.5"),  # "what did i make": money
    ("got paid 148.75 for 17.5 hours work, what's my hourly rate", "148.75 / 17.5"),  # money per hour
    ("The term is 12 lessons and cost £396. How much cost one lesson?", "396 / 12"),  # money per lesson
    ("i charge 45 an hour and did 37.5 hours last week whats the total", "45 * 37.5"),  # the total, no comma
    ("what's my weekly pay at £14.20 an hour for 37.5 hours", "14.20 * 37.5"),  # a week's pay, no rate per week
])
def test_money_asked_as_people_ask_it(question: str, program: str):
    assert exact(question) == program
