"""Rates said around a number (quantities.py, rate_words.py): "2 tablets 3 times a day", "2.5 hrs each a day", "9
appointments a day each", "1.5 kg hay a day", "2.5 hrs once a week", and money asked as "my weekly take"."""
from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import read_program, read_value

from transformer_demo.tasks.math.quantities import Reading


def units(question: str) -> dict[Fraction, tuple | None]:
    return Reading(question.lower()).numbers


def test_an_amount_a_number_of_times_a_day_is_the_amount_each_time():
    numbers = units("patient takes 2 tablets 3 times a day for 7 days, how many tablets altogether")
    assert numbers[2] == (("tablet", 1), ("time", -1))
    assert numbers[3] == (("day", -1), ("time", 1))
    assert read_value("patient takes 2 tablets 3 times a day for 7 days, how many tablets altogether") == 42
    assert read_value("dose is 5ml 4 times a day for 7 days, how many ml do they need in total") == 140


def test_times_a_week_with_no_amount_before_stay_the_sessions_they_count():
    assert read_value("I swim 3 times a week, 2.4 km each session. how far in 4 weeks") == Fraction(288, 10)
    assert read_value("after school club is £6.50 a session, child goes 3 times a week for 11 weeks, how much "
                      "altogether") == Fraction(2145, 10)


@pytest.mark.parametrize(("question", "value"), [
    ("revising 3 subjects 2.5 hrs each a day for 6 days, total hours?", 45),  # each, then a period
    ("salon has 6 stylists doing 9 appointments a day each, 5 days a week, how many appointments a week", 270),
    ("Got 7 hens laying about 5 eggs a week each, how many eggs over 12 weeks?", 420),
    ("Ive got 36 ewes each eating 1.5 kg hay a day. how many kg of hay for a 30 day month?", 1620),  # a material
    ("hall hire is £35 an hour and we rehearse 2.5 hrs once a week for 8 weeks, whats the total hall cost", 700),
    ("I do windows 3 days a week, 16 houses a day at £9 a house. whats my weekly take?", 432),
    ("Our ferry uses 180 litres of fuel per crossing and does 8 crossings a day. Fuel is £1.15 a litre. What's the "
     "daily fuel bill?", 1656),
])
def test_rates_said_around_a_number_fix_one_product(question: str, value: int):
    assert read_value(question) == value


def test_an_amount_each_with_no_one_it_is_each_of_is_not_read():
    assert read_program("9 appointments a day each, 5 days a week, how many appointments a week") is None


@pytest.mark.parametrize(("question", "value"), [
    ("mobile barber here, 7 cuts a day at 22 each, 5 days a week, whats that a week", 770),
    ("we book the hall 3 evenings a week at 45 an evening, what does that come to over 8 weeks", 1080),
    ("removal job: 3 movers at £22 an hour each, job took 6.5 hrs. whats the labour cost", 429),
    ("fine is $0.20 per book per day, I have 3 books 12 days late, total fine?", Fraction(72, 10)),
    ("i ref 2 games every weekend for 30 weekends at £40 a game, whats my total for the season", 2400),
])
def test_money_asked_in_few_words_is_what_the_rates_make(question: str, value: Fraction):
    assert read_value(question) == value


def test_an_amount_asked_for_each_one_is_not_money_asked_bare():
    assert read_value("final food bill came to £3,412.50 for 105 guests. whats that per head?") == Fraction(325, 10)


@pytest.mark.parametrize("question", [
    "He says a taxi at 2.20 per mile for 15 miles plus a 4 pickup fee costs 35. What's the correct fare?",
    "nursery charges 1.50 per minute for late pick up, I was 25 mins late on two days, what's the fine",
    "I charge 45p a mile for travel, job is 18 miles away and I charge both ways, what's the travel cost in pounds",
])
def test_a_claimed_amount_or_a_count_in_words_is_not_left_out_of_a_total(question: str):
    assert read_value(question) in (None, 37, 75, Fraction(162, 10))  # never the claim added, nor one day or way


def test_a_bare_price_is_not_named_pence_by_what_is_asked():
    numbers = units("van does 38 mpg and fuel works out 6.80 a gallon, whats the fuel cost per mile in pence")
    assert numbers[Fraction(68, 10)] is None


@pytest.mark.parametrize(("question", "value"), [
    ("camping is 20 per person per night. family of 5 staying 3 nights, how much", 300),  # a family of people
    ("surf lessons are 35 per person, how much for a group of 8", 280),  # not money per group
    ("lifeguard shifts are 3.5 hrs at £11.80 an hour, ive got 4 shifts this week, how much will i earn",
     Fraction(1652, 10)),  # a length of time each thing lasts
    ("our sessions are 3 hrs, we run 2 a day, 5 days a week. how many session hours is that a week", 30),
    ("4 rows of tomato plants, 7 in each row, each plant gives about 3.5 kg, total kg?", 98),  # a measure's holder
])
def test_who_or_what_an_amount_is_for(question: str, value: Fraction):
    assert read_value(question) == value


def test_a_holder_of_things_nothing_else_counts_holds_no_rate():
    assert units("a farmer has 240 eggs and puts them into cartons of 12. how many cartons does he fill?")[240] == (
        ("egg", 1),)


@pytest.mark.parametrize(("question", "program"), [
    ("we had 7 trays of 24 plants and sold 59 plants today, how many plants left", "7 * 24 - 59"),
    ("packet has 200 seeds, i sow 3 per module in 40 modules. how many seeds are left over", "200 - 3 * 40"),
    ("Bought 4 bags of sugar at 2.5kg each and used 6.75kg. How many kg left?", "4 * 2.5 - 6.75"),
    ("tournament entry is £15 a team, 12 teams entered and trophies cost us £40, how much is left over",
     "15 * 12 - 40"),
])
def test_what_is_left_of_amounts_fixed_by_units(question: str, program: str):
    assert read_program(question) == program


@pytest.mark.parametrize("question", [
    "we had 7 trays of 24 plants and got 30 more plants delivered, how many plants are left",  # added
    "we had 7 trays of 24 plants and 59 plants were sold twice over, how many plants are left",  # another operation
    "we had 7 trays of 24 plants and sold 59 today, how many plants left",  # 59 plants or trays: not said
])
def test_what_is_left_is_not_read_where_something_is_added_or_not_said(question: str):
    assert read_program(question) is None


@pytest.mark.parametrize(("question", "program"), [
    ("campsites are £14 a night plus £3 a night for showers, how much for 12 nights", "(14 + 3) * 12"),
    ("worked 3.5 hours sat and 4.25 hours sun at £7.20 an hour, how much did i earn", "(3.5 + 4.25) * 7.20"),
    ("48 kids, 6 adults, £12 per person. total cost for the trip?", "(48 + 6) * 12"),
])
def test_two_amounts_of_one_unit_added_then_multiplied(question: str, program: str):
    assert read_program(question) == program


@pytest.mark.parametrize("question", [
    "house has 4 bedrooms wanting 6 sockets each plus the kitchen needs 10, how many sockets in total",  # 10 bare
    "my day rate is £220, the job is 3 days and i pay a labourer £95 a day, how much do i clear",  # a cost
    "Excess baggage costs £12 for every kg over 20 kg. My bag weighs 26 kg. What's the fee in pounds?",  # threshold
    "we've got 14 round tables of 10 plus a top table of 8. how many seats altogether?",  # one table of 8
])
def test_amounts_are_not_summed_before_a_product_unless_said_alike(question: str):
    assert read_program(question) is None or "+" not in read_program(question).split("*")[0]


def test_a_rate_per_square_unit_keeps_its_power_when_its_thing_is_named():
    assert units("flower bed 3m by 1.5m, planting 8 per square metre, how many plants")[8] == (("m", -2), ("plant", 1))
    assert read_program("flower bed 3m by 1.5m, planting 8 per square metre, how many plants") == "3 * 1.5 * 8"


@pytest.mark.parametrize(("question", "value"), [
    ("school wants 120 ties at £6.50 each whats the total", 780),  # "ties", and "each whats" names no per
    ("kids bowling party is £12.99 per child and there's 11 kids comming, total?", Fraction(14289, 100)),  # kid, child
    ("each tutu takes 2.4 metres of tulle, how many metres do i need for 11 tutus", Fraction(264, 10)),
    ("car loan is 12 payments of £245, what's that altogether", 2940),
    ("loan is 36 monthly payments of £251.20, how much do i pay back in total", Fraction(90432, 10)),
    ("I charge £18 an hour for alterations and a wedding dress took me 6.5 hours. What should I bill?", 117),
    ("diesel at 1.52 a litre, 45 litres costs", Fraction(684, 10)),
    ("Rent's £220 a hectare a year and I'm renting 35 hectares, what's the yearly rent in pounds?", 7700),
    ("gravel 45 a tonne, need 3.2 tonnes, cost?", 144),
    ("the soup kitchen serves 125 meals a day 5 days a week. meals per week?", 625),
    ("rabbit gets 80g of hay per kg bodyweight a day, bunny is 2.25kg, how many grams a day", 180),
    ("Silage weighs about 0.7 tonnes a cubic metre and the clamp's 750 cubic metres, how many tonnes?", 525),
    ("Movers quoted 45p per cubic foot and we've got 1200 cubic feet. How much is that in pounds?", 540),
])
def test_units_read_in_more_wordings(question: str, value: Fraction):
    assert read_value(question) == value


def test_a_rate_for_two_kinds_per_period_is_no_sum_of_one_with_the_period():
    assert read_program("campsite charges £18 per adult and £6 per child per night, theres 2 adults and 3 kids for 4 "
                        "nights, how much") is None


def test_a_word_after_a_rate_is_a_second_per_only_where_it_names_a_thing():
    assert units("apples are £1.80 per kg and a lady wants 2.5 kg, what do i charge her")[Fraction(18, 10)] == (
        ("kg", -1), ("money", 1))


@pytest.mark.parametrize(("question", "value"), [
    ("saving 12.50 a week, how many weeks till i have 300", 24),  # money saved, though no sign says so
    ("patient owes 184 and wants to pay in 4 equal instalments, how much is each one", 46),
    ("how do i work out the price per head, hall hire is 275 and there's 50 of us", Fraction(55, 10)),
    ("a cake costs me 14.40 to make and i cut it into 12 slices, cost per slice?", Fraction(12, 10)),
    ("I charge 35 an hour, job took 3 hrs and materials came to 62.40. whats the total bill", Fraction(1674, 10)),
])
def test_bare_amounts_said_as_money(question: str, value: Fraction):
    assert read_value(question) == value


def test_a_price_each_thing_costs_us_is_per_thing():
    assert units("we sold 48 cds at 10 each, and each cd cost us 2.25 to make. what was our profit?")[
        Fraction(225, 100)] == (("cd", -1), ("money", 1))
    question = "We sold 48 CDs at 10 each, and each CD cost us 2.25 to make. What was our profit?"
    assert read_value(question) in (None, 372)


def test_an_amount_spent_of_a_currency_in_a_game_is_not_money():
    assert read_value("had 1,250 gold then spent 1,900 on credit lol, whats my balance now") == -650


@pytest.mark.parametrize(("question", "value"), [
    ("pool is 25m and i swam 64 lengths, how many metres is that", 1600),
    ("how many lengths is 1500m in a 25m pool", 60),
    ("track is 400m, one kid ran 9 laps, how many km is that", Fraction(36, 10)),
    ("the park loop is 2.4 km, how many full laps do i need so i run at least 15km", 7),
])
def test_a_pool_track_or_loop_said_with_its_length_is_that_length_each_time_round(question: str, value: Fraction):
    assert read_value(question) == value


def test_a_measure_per_container_is_read_where_no_money_is_asked():
    assert read_value("Bought 40 sacks of feed at 25 kg a sack, how many kilos is that?") == 1000
    assert read_program("2.5 litre tins at 18.50 a tin, i need 9 litres, what's the cost") is None  # whole tins
