"""The rules that blind sets 174-177 asked for (their fixtures' headers list each wrong answer): a part-filled batch
takes as long as a full one; and the readings the unanswered questions of every set showed general: a dash between
clauses is no minus, "in pounds" asks nothing more where all the money is in pounds, a list's count said in words is
the list's, a list of amounts introduced by "of" or written with "+" is summed, a holder's size at a sentence's end
("packs of 24.") is read; and what those readings would otherwise have got wrong: "sold 127" is a count, not money
taken, and "a gold, silver and bronze for each" is three for each."""
from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import read_program as exact
from conftest import read_value as value

from transformer_demo.tasks.math.asked_periods import periods_asked
from transformer_demo.tasks.math.asking import in_own_currency, question_in
from transformer_demo.tasks.math.demands import unmet
from transformer_demo.tasks.math.takings import takings_reading


def test_a_part_filled_batch_takes_as_long_as_a_full_one():
    question = "Fryer does 6 portions per batch, each batch takes 4 minutes. How many minutes to cook 75 portions?"
    assert unmet(question, "4 / 6 * 75") and not unmet(question, "ceil(75 / 6) * 4")
    assert not unmet(question.replace("75", "72"), "4 / 6 * 72")  # 12 whole batches
    assert not unmet("the ferry takes 48 cars a trip and 310 are waiting, how many trips", "ceil(310 / 48)")


def test_several_things_for_each_are_counted():
    question = "medals come in packs of 25. we need a gold, silver and bronze for each of 14 races, how many packs"
    assert unmet(question, "ceil(14 / 25)") and not unmet(question, "ceil(14 * 3 / 25)")
    assert not unmet("need a bottle of water for each of 210 kids, packs of 24, how many packs", "ceil(210 / 24)")


@pytest.mark.parametrize(("line", "asked"), [
    ("7 nights at £145 a night - how much altogether?", "7 nights at £145 a night; how much altogether?"),
    ("3 semis at £12 and 2 detached at £18 - what's that come to?",
     "3 semis at £12 and 2 detached at £18; what's that come to?"),
    ("x - 150 = 275", "x - 150 = 275"),
    ("5x - 3 = 2x + 18, find x", "5x - 3 = 2x + 18, find x"),
    ("using ABV = (OG - FG) x 131.25 what's my abv", "using ABV = (OG - FG) x 131.25 what's my abv"),
])
def test_a_dash_between_clauses_is_no_minus(line: str, asked: str):
    assert question_in(line) == asked


@pytest.mark.parametrize(("question", "answer"), [
    ("We've hired a narrowboat for 7 nights at £145 a night - how much is that altogether?", "1015"),
    ("tips this week were 4.20, 6, 2.50, 10 and 3.80 - total?", "26.5"),
])
def test_questions_with_a_clause_dash_are_read(question: str, answer: str):
    assert value(question) == Fraction(answer)


@pytest.mark.parametrize(("line", "asked"), [
    ("36 photos at £0.45 each, what's the total in pounds?", "36 photos at £0.45 each, what's the total?"),
    ("Pay £12.50 an hour, 38 hours. Gross pay in pounds?", "Pay £12.50 an hour, 38 hours. Gross pay?"),
    ("Tickets cost 15 dollars each. What do 6 cost in dollars?", "Tickets cost 15 dollars each. What do 6 cost?"),
    ("6 cans at 65p each and a loaf at £1.20, total in pounds?", None),  # pence to pounds: still asked
    ("Chicken is $3.49 per pound. How much will 4 pounds cost, in dollars?", None),  # a pound of weight
    ("hotel is $180 a night for 3 nights, how much in pounds", None),  # another currency
    ("At £1 = €1.17, what is €200 in pounds?", None),
])
def test_the_currency_asked_is_dropped_only_where_all_the_money_is_in_it(line: str, asked: str | None):
    assert in_own_currency(line) == (line if asked is None else asked)


@pytest.mark.parametrize(("question", "answer"), [
    ("I'm printing 36 photos at £0.45 each, what's the total in pounds?", "16.2"),
    ("Sold 150 units at £4.80 each. Revenue in pounds?", "720"),
    ("Four photo books cost £28, £32.50, £41 and £18.50. What's the average price?", "30"),
    ("got tips of £5, £7.50 and £4 today, whats that altogether", "16.5"),
    ("frame 22.75 + mat 8.40 + glass 5.60, total cost?", "36.75"),
    ("usher here, 460 people in tonight and programmes come in packs of 25. how many packs do I need to grab?", "19"),
    ("Rope is £3.80 per metre at the chandlery, what's 12.5 m going to cost", "47.5"),
    ("squeegee rubbers r £3.20 each, buying 7, cost?", "22.4"),
    ("i sell cones at £2.50 each and shifted 84 today, how much did i take", "210"),
    ("get 1.20 per parcel, delivered 165 today, how much did i make", "198"),
    ("Three of us are splitting a £67.50 van hire equally, how much each?", "22.5"),
    ("240 customers on my books and 15% of them pay cash. how many pay cash?", "36"),
    ("took £1240 this week and expenses were £385.60, whats my profit", "854.4"),
    ("percent decrease 250 to 215?", "0.14"),  # pct(...): 14%
])

def test_the_readings_the_unanswered_questions_showed(question: str, answer: str):
    assert value(question) == Fraction(answer)


def test_a_bare_count_is_no_money_taken_where_money_has_a_sign():
    assert takings_reading("Meal deal sells at £3.50 and costs me £1.62. Sold 127 on Monday; profit?") is None
    assert takings_reading("Ingredients cost £37.50 and we took £162.40. What's our profit?") == "162.40 - 37.50"
    assert takings_reading("we took 162.40 and ingredients cost 37.50. what's the profit?") == "162.40 - 37.50"


@pytest.mark.parametrize("question", [
    "charged 2400 for a job and materials came to 620, how much did i actually make",  # 620 is money
    "tins of beans are 4 for 2.20, how much is that for one tin",  # 2.20 is no price of one
])
def test_a_bare_number_counts_priced_things_only_beside_a_price_for_each(question: str):
    assert exact(question) not in ("2400 * 620", "4 * 2.20", "2.20 * 4")


def test_a_profit_asked_for_a_period_or_of_a_rate_is_no_takings_less_costs():
    assert takings_reading("took £300 a day and spent £50, whats my profit") is None
    assert takings_reading("took £1240 and spent £300, whats my profit for the week") is None


@pytest.mark.parametrize(("question", "answer"), [
    ("villa is £2,460 for the week split between 6 of us, how much each", "410"),
    ("council tax is 1842 for the year paid in 10 monthly instalments, how much is each instalment", "184.2"),
    ("chair rent is £150 a week and i charge £25 a cut. how many cuts do i need just to cover the rent", "6"),
    ("labourer on £12.75 an hour does 38 hours. weekly pay?", "484.5"),
    ("rent is 520 a month split between 4 of us, how much do i pay", "130"),
    ("boat hire £120 for the day split between a crew of 5, how much each", "24"),
    ("did 14 runs today each 2.3km, how many km total", "32.2"),
    ("one round takes 7.5 hours and we do 4 rounds a week, how many hours is that", "30"),
    ("did 126 parcels in 7 hrs today, hw many per hour is that", "18"),
    ("24 children each get 2 crackers at snack time and crackers come in packs of 10, how many packs do i open", "5"),
])
def test_an_amount_asked_with_no_period_is_for_the_one_it_is_given_for(question: str, answer: str):
    assert value(question) == Fraction(answer)


def test_the_periods_asked_beside_the_unit():
    money, per_one = (("money", 1),), (("*", -1), ("money", 1))
    assert periods_asked(money, {}, "what's my weekly pay") == [(("money", 1), ("week", -1))]
    assert periods_asked(per_one, {Fraction(2460): (("money", 1), ("week", -1))}, "how much each") == [
        (("*", -1), ("money", 1), ("week", -1))]
    assert periods_asked(money, {Fraction(520): (("money", 1), ("month", -1))}, "how much in total") == []
    assert periods_asked((("hour", 1),), {Fraction(18): (("hour", -1), ("poster", 1))}, "how many hrs for 153") == []


@pytest.mark.parametrize(("question", "percent"), [
    ("we answered 184 of 200 calls today what % is that", "92"),
    ("sold 18 of my 60 posters at the market, what % did i sell", "30"),  # sold, sell: one verb
    ("cake sale made 365 and the target was 500. what % of the target did we hit", "73"),
    ("old price: 50, new price: 65, % increase?", "30"),
])
def test_the_shares_the_unanswered_questions_showed(question: str, percent: str):
    assert value(question) == Fraction(percent) / 100


def test_a_share_of_another_state_still_is_none():
    assert exact("sold 18 of my 60 posters at the market, what % did i keep") != "pct(18 / 60)"


@pytest.mark.parametrize(("question", "answer"), [
    ("The job is £180 and they've paid a 25% deposit. What's the balance still owing?", "135"),
    ("deposit is 25% of the $180 booking, how much is left to pay on the day", "135"),
    ("customer paid a 30% deposit on a £2450 kitchen fit, how much do they still owe me", "1715"),
])
def test_the_balance_after_a_deposit(question: str, answer: str):
    assert value(question) == Fraction(answer)


@pytest.mark.parametrize(("question", "wrong"), [
    ("couple paid a 30% deposit which came to £2400, how much is the balance still owed", "2400 - 30 / 100 * 2400"),
    ("electric bill came to 186 and i pay 40% of it, how much do i owe", "186 - 40 / 100 * 186"),
])
def test_a_deposit_said_as_an_amount_or_a_share_owed_is_no_balance(question: str, wrong: str):
    assert exact(question) != wrong
