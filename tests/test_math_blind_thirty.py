"""The rules that blind sets 30-49 asked for (their fixtures' headers list each wrong answer): what a percentage's
part is not, a measure asked in another unit, a count of the things an amount is given for, whole containers, cube
roots and negative powers, text speak, and a question found inside a sentence about things counted."""
from __future__ import annotations

from fractions import Fraction

import pytest

from transformer_demo.tasks.math.answer import FORMULA_TOPIC, FORMULA_TOPICS, read_exactly
from transformer_demo.tasks.math.asking import question_in
from transformer_demo.tasks.math.conversation import Turn, find_question
from transformer_demo.tasks.math.growth import growth_reading
from transformer_demo.tasks.math.percent_checks import percent_mismatch
from transformer_demo.tasks.math.percentages import percent_readings
from transformer_demo.tasks.math.program import ProgramError, Result, evaluate
from transformer_demo.tasks.math.rates import capacity_reading
from transformer_demo.tasks.math.rounding import written
from transformer_demo.tasks.math.soundness import unsound
from transformer_demo.tasks.math.units import unit_mismatch
from transformer_demo.tasks.math.wholes import whole_count


def exact(question: str) -> str | None:
    reading = read_exactly(question_in(question))
    return None if reading is None else str(reading.result)


@pytest.mark.parametrize(
    ("question", "program"),
    [
        ("concessions get 20% off the £15 ticket, whats the concession price", "20 / 100 * 15"),
        ("15% off 80, what do i actually pay", "15 / 100 * 80"),
        ("60% of the library's 3400 books are fiction, how many are non-fiction?", "60 / 100 * 3400"),
        ("deposit is 5% on a $340000 house, how much do i need to borrow", "5 / 100 * 340000"),
        ("property tax is 1.2% a year on a $310000 home, how much is that per month", "1.2 / 100 * 310000"),
    ],
)
def test_a_percentage_of_the_number_is_not_the_amount_after_it_or_the_rest(question: str, program: str):
    assert percent_mismatch(question, program) == ("gives the part the percentage takes, but the question asks for "
                                                   "the amount after it")


@pytest.mark.parametrize(("question", "program"), [("a 15% tip on a 80 bill, how much is the tip", "15 / 100 * 80"),
                                                   ("what is 15% of 80", "15 / 100 * 80"),
                                                   ("20% off a 60 coat, how much do i save", "20 / 100 * 60")])
def test_the_part_itself_may_be_asked(question: str, program: str):
    assert percent_mismatch(question, program) is None


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("last month we got 480 tins, this month donations are down 15%. how many tins this month", "408"),
        ("stock was 250 and dropped 12% today, new price?", "220"),
        ("concessions get 20% off the £15 ticket, whats the concession price", "12"),
        ("shirt is $24.50 and its 20% off, how much do i actually pay", "19.6"),
        ("took 2860 this wk and 2600 last wk, whats the % increase", "10%"),
        ("bought shares at 12.50 and theyre now 15.75, whats my % gain", "26%"),
        ("48 is wat percent of 60", "80%"),
    ],
)
def test_changes_by_a_percentage_and_percentage_changes_are_read(question: str, answer: str):
    assert exact(question) == answer


@pytest.mark.parametrize("question", ["60% of the library's 3400 books are fiction, how many are non-fiction?",
                                      "deposit is 5% on a $340,000 house, how much do i need to borrow",
                                      "property tax is 1.2% a year on a $310,000 home, how much is that per month"])
def test_no_part_is_read_where_the_rest_or_another_period_is_asked(question: str):
    assert percent_readings(question_in(question).lower()) == []


@pytest.mark.parametrize(
    ("question", "program", "why"),
    [
        ("wedding for 120 guests, 150g of salmon each, how many kg do i need to order", "120 * 150",
         "gives g, but the question asks for kg"),
        ("32 singers each need a 24 page score and printing is 4p a page, what's the printing cost in pounds",
         "32 * 24 * 4", "gives cents, but the question asks for money"),
        ("tap fills a 10 litre bucket in 40 seconds, what's that in litres per minute", "10 / 40",
         "gives seconds, but the question asks for minutes"),
        ("we have 348 tins and give each family 12, how many families can we help", "348 * 12",
         "multiplies by the amount for each family, but the question asks how many"),
    ],
)
def test_a_measure_in_another_unit_or_a_product_of_an_amount_each_is_refused(question: str, program: str, why: str):
    assert unit_mismatch(question, program) == why


@pytest.mark.parametrize(("question", "program"), [
    ("we have 348 tins and give each family 12, how many families can we help", "348 / 12"),
    ("how many minutes are in 3.5 hours", "3.5 * 60"),  # a reader's conversion: a number the question does not give
    ("a pen is 35p and I buy 4, how much in pence", "35 * 4"),
    ("a box holds 22 pencils, how many pencils in 3 boxes", "22 * 3"),
    ("school trip for 58 children and each minibus takes 16, how many minibuses do we need", "58 / 16"),
])
def test_a_program_in_the_unit_asked_or_dividing_by_the_amount_each_passes(question: str, program: str):
    assert unit_mismatch(question, program) is None


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("each coach has 53 seats and 230 people are going on the trip, how many coaches do we need", "5"),
        ("library has 1250 books and each shelf fits 40. how many shelves do we need", "32"),
        ("pallett has 400 bricks on it and the job needs 2350, how many pallets do i order", "6"),
        ("one tray of lasagne serves 8, i've got 90 people to feed, how many trays should i make", "12"),
        ("if a box holds 24 cookies, then how many boxes for 500 cookies", "21"),
        ("each box has 12 eggs and i sold 60 eggs, how many boxes did i sell", "5"),
        ("extracted 54 kg of honey into 454g jars, how many full jars do i get", "118"),
        ("napkins come in packs of 25 and we need 180, how many packs do we buy", "8"),  # "come in packs of 25"
        ("candles are sold in boxes of 12, i want 40 for the tables, how many boxes do i need", "4"),
        ("our minibuses have 14 seats and 60 members are coming, how many minibuses do we need", "5"),  # seats each
    ],
)
def test_how_many_of_a_container_the_other_number_fills(question: str, answer: str):
    assert exact(question) == answer


def test_a_count_of_the_containers_themselves_is_no_capacity():
    assert capacity_reading("each box has 12 eggs and i have 24 boxes, how many boxes are there") is None
    assert capacity_reading("a bucket holds 9 litres, how many buckets for 200 kg of sand") is None


@pytest.mark.parametrize(("question", "function"), [
    ("how many full jars do i get", "floor"), ("how many rolls do i get", "ceil"),
    ("how many trays should i make", "ceil"), ("how many buckets to fill a 200 litre tank", "ceil"),
    ("whats the max number of boxes", "floor"), ("how many stickers for each child", None)])
def test_whole_things_needed_round_up_and_whole_things_filled_round_down(question: str, function: str | None):
    assert whole_count(question) == function


def test_what_an_amount_grows_to_at_compound_interest_is_the_amount():
    assert growth_reading("tell me what £250 grows to after 2 years at 4% compound interest per year.") == \
        "250 * (1 + 4 / 100) ^ 2"


def test_a_chance_not_asked_as_a_percentage_is_rounded_as_a_decimal():
    third = Result(Fraction(1, 3), True)
    assert written(third, "what's the probability of getting higher than 4, to 2 decimal places") == "0.33"
    assert written(third, "the chance of higher than 4 as a percentage, to 2 decimal places") == "33.33%"
    assert written(third, "what percent is 1 of 3, to 2 decimal places") == "33.33%"


@pytest.mark.parametrize(("program", "value"), [("cbrt(343)", "7"), ("cbrt(0 - 343)", "-7"), ("cbrt(27 / 8)", "1.5"),
                                                ("cbrt(2 ^ 60)", "1048576"), ("10 ^ -2", "0.01")])
def test_cube_roots_are_exact(program: str, value: str):
    assert str(evaluate(program)) == value


@pytest.mark.parametrize("program", ["cbrt(10)", "cbrt(2, 8)", "cbrt()"])
def test_a_cube_root_that_is_not_exact_is_a_clear_error(program: str):
    with pytest.raises(ProgramError):
        evaluate(program)


@pytest.mark.parametrize(("question", "answer"), [
    ("cube root of 343?", "7"), ("whats the cube root of 343", "7"), ("cube root of 27 plus 2", "5"),
    ("10 to the power of -2", "0.01"), ("10 to the minus 2 as a decimal", "0.01"), ("cube root of 10", None),
    ("my partner expressed 85ml, 120ml and 95 ml today, how much milk altogether", "300"),
    ("room is 4m by 3.5m and the walls are 2.4m high, total wall area ignoring doors and windows?", None)])
def test_roots_powers_and_lists_of_measures_are_read(question: str, answer: str | None):
    assert exact(question) == answer


def test_text_speak_is_read_as_words():
    assert question_in("wats 5 + 3, tot for 2 wks pls") == "whats 5 + 3, total for 2 weeks pls"


def test_a_listed_question_ending_on_things_counted_is_not_the_question_asked():
    turns = [Turn("my bowling average is 152 over 27 games, how many pins is that altogether", "")]
    assert find_question(turns) is None
    assert find_question([Turn("what is 152 over 27?", "")]) is not None
    assert find_question([Turn("what is 12 times 7 equals what", "")]) is not None


# Sets 34-37 (their headers list each wrong answer and the rule it prompted).

@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Amara has 3 times as many stamps as Ben and together they have 84. How many does Ben have?", "21"),
        ("Tom has twice as many cards as Sam and together they have 36. How many does Tom have?", "24"),
        ("tom has 4 times as many cards as sam, they have 50 between them. how many does tom have", "40"),
        ("my lad says 7 x 8 is 54 but i think hes wrong, whats the actual answer", "56"),
        ("a bouquet costs me £18 to make and I sell it for £45. what's my profit as a percentage of the selling price?",
         "60%"),
        ("I buy kettles for 16 each and sell them for 20: my percentage profit?", "25%"),
        ("did 3 gel sets at 35 and 4 manicures at 22 today, how much is that", "193"),
        ("I put £5,000 in a savings account that pays 3% simple interest each year. How much interest will I have "
         "earned after 4 years?", "600"),
        ("membership is £34.99 a month, what does that come to over a year", "419.88"),
        ("I walk 2.4 miles every morning. How many miles is that in a week?", "16.8"),
        ("Could you please tell me what one fifth of 365 is?", "73"),
        ("whats 64 with 25% taken off", "48"),
        ("we have 48 rooms and 36 are occupied tonight, whats our occupancy %", "75%"),
        ("sales were 84000 last yr and 92400 this yr, what % increase", "10%"),
        ("tickets are £8 per person and 30 pupils are going, how much will it cost?", "240"),
        ("Mia got £600 sponsorship for a video and keeps 70% of it, giving the rest to her editor. How much does the "
         "editor get?", "180"),
        ("A tank holds 120 litres when full. It is 3/8 full. How many more litres to fill it?", "75"),
    ],
)
def test_the_readings_sets_34_to_37_asked_for(question: str, answer: str):
    assert exact(question) == answer


@pytest.mark.parametrize("question", [
    "bought in 12 bikes at £310 each and sold all of them at £449, total profit?",
    "phone deal is £24 a month for 24 months plus £49 upfront, whats the total cost over the contract",
    "I bought apples for 3, bread for 2 and milk for 1, and 2 at 5. What did I spend in total?",
    "I walk 2 miles every weekday. How many miles is that in a week?",
])
def test_no_sum_part_or_period_is_read_where_the_question_says_more(question: str):
    assert exact(question) is None


def test_a_part_asked_beside_a_mortgage_is_still_the_part():
    assert exact("mortgage is 150000 and i need a 10% deposit. how much deposit") == "15000"


@pytest.mark.parametrize(
    ("question", "program", "why"),
    [
        ("Amara has 3 times as many stamps as Ben and together they have 84. How many does Ben have?", "3 * 84",
         "does not share the total between them, which the question gives"),
        ("phone deal is £24 a month for 24 months plus £49 upfront, whats the total cost over the contract",
         "24 + 24 + 49", "adds 24 a time to 24 of them, which are no like amounts"),
        ("my son says the area of a 6m by 9m rectangle is 30 square metres, what is it really", "6 * 9 * 30",
         "uses 30, not in the question"),
    ],
)
def test_programs_that_misread_a_total_a_rate_or_a_claimed_answer_are_unsound(question: str, program: str, why: str):
    assert unsound(question, program) == why


def test_the_answer_someone_claims_is_no_number_of_the_calculation():
    assert unsound("my son says the area of a 6m by 9m rectangle is 30 square metres, what is it really",
                   "6 * 9") is None


@pytest.mark.parametrize(("question", "program", "why"), [
    ("family plan is £60 a month for 4 lines, hows much is that per line", "60 * 4",
     "multiplies by the number of lines, but the question asks for an amount per line"),
    ("The TV licence is 169.50 a year. If I spread it over 52 weeks, what is that per week", "169.50 * 52",
     "multiplies by the number of weeks, but the question asks for an amount per week")])
def test_an_amount_per_thing_counted_divides_by_the_count(question: str, program: str, why: str):
    assert unit_mismatch(question, program) == why
    assert unit_mismatch(question, program.replace("*", "/")) is None
    assert unit_mismatch("what's the rent for 4 weeks at 200 per week", "200 * 4") is None


# Sets 38-41, and the chances the earlier sets left unread.

@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Hi all, got a plain one for u: x squared = 81 and x is positive, what's x? cheers", "9"),
        ("I've got £500 saved for lessons at £32 each, how many full lessons can i pay for", "15"),
        ("5 volunteers are sharing 35 hours of shifts equally, how many hrs each", "7"),
        ("starling murmuration was estimated at 4500 and next week there were 20% fewer, how many was that", "3600"),
        ("3 in every 8 customers go for chocolate so how many out of 200 customers", "75"),
        ("if 1 in 8 people are left-handed, then how many left-handed people would you expect in a group of 200", "25"),
        ("our fun run raised 7350 but 30% goes on costs, how much does the charity get", "5145"),
        ("putting cones every 2 m along a 50 m lane closure, with a cone at each end. how many cones", "26"),
        ("tank holds 14 litres and the gauge says a quarter full, how many litres to brim it", "10.5"),
        ("getting a 2.5 grand bonus but 40% goes to tax, how much do i actually keep", "1500"),
        ("chance of rolling a 6 on one normal die as a percent", "16.67%"),
        ("chance of rolling a 5 or a 6 on a normal dice, as a decimal", "0.33"),
        ("whats the probability of drawing a heart from a standard 52 card deck", "25%"),
        ("probability of a red card from a pack of 52", "50%"),
        ("raffle at the card club has 200 tickets and I bought 5. what's my chance of winning as a percentage",
         "2.5%"),
        ("claw machine is set to pay out 1 in 18 goes, what's the chance of a win as a percent", "5.56%"),
    ],
)
def test_the_readings_sets_38_to_41_asked_for(question: str, answer: str):
    assert exact(question) == answer


@pytest.mark.parametrize("question", [
    "1 in 4 buyers haggled and 36 people haggled, how many buyers were there in total",  # 36 is no whole
    "In a class 4 of every 7 are girls and there are 28, how many boys?",  # another kind: no "4 in 7 of 28"
    "if the reject rate is 1 in 40, what's the probability a random part is good? as a decimal",  # the other part
    "chance of a red king from a 52 card deck", "chance of the ace of hearts from a 52 card deck",  # two kinds
    "posts every 2 m along a 50 m fence, how many posts",  # the ends not said
    "chance of rolling a 6 twice on a die",
])
def test_rates_spacings_and_chances_are_not_read_where_the_question_says_more(question: str):
    reading = read_exactly(question_in(question))
    assert reading is None or "/ 4 * 36" not in reading.program and "1 / 40" not in reading.program


@pytest.mark.parametrize(
    ("question", "program", "why"),
    [
        ("3 in every 8 customers go for chocolate so how many out of 200 customers", "3 * 8 * 200",
         'does not divide by the 8 of "3 in every 8"'),
        ("my cheese is $18 per pound, lady wants 6 ounces. what do i charge her", "18 * 6",
         "needs 16 to convert between the question's units, which the question does not give"),
        ("5 volunteers are sharing 35 hours of shifts equally, how many hrs each", "5 * 35",
         "uses *, which the question does not name"),
    ],
)
def test_programs_that_multiply_a_share_or_a_rate_in_every_so_many_are_unsound(question: str, program: str,
                                                                                why: str):
    assert unsound(question, program) == why


@pytest.mark.parametrize(("question", "program", "why"), [
    ("A train travels at 80 mph for 45 minutes. How many miles does it travel?", "80 * 45",
     "gives miles × minutes per hour, but the question asks for miles"),
    ("I've got £500 saved for lessons at £32 each, how many full lessons can i pay for", "500 * 32",
     "multiplies by the amount for each lesson, but the question asks how many"),
    ("my unit is 25 sq ft and costs £45 a month, what's that per sq ft per month", "25 * 45",
     "multiplies by the number of sq fts, but the question asks for an amount per sq ft"),
    ("putting cones every 2 m along a 50 m lane closure, with a cone at each end. how many cones", "2 * 50",
     "multiplies by the amount for each cone, but the question asks how many"),
    ("we drove at 80 mph for 45 minutes, whats the distance", "80 * 45", "multiplies an amount per hour by minutes"),
    ("cheese is 18 per kg and she wants 600 g, price?", "18 * 600",
     "gives g × money per kg, but the question asks for money")])  # the price asked at the end, since set 90
def test_programs_in_the_wrong_unit_or_multiplying_an_amount_each_are_refused(question: str, program: str, why: str):
    assert unit_mismatch(question.lower(), program) == why


def test_a_chain_of_rates_or_a_readers_conversion_is_no_rate_by_another_unit():
    assert unit_mismatch("i work 5 hours each day, 6 days in one week. how many hours i work in 4 weeks?",
                         "5 * 6 * 4") is None
    assert unit_mismatch("a train travels at 80 mph for 45 minutes. how many miles does it travel?",
                         "(80 * 45) / 60") is None


# Sets 42-45.

@pytest.mark.parametrize(("question", "answer"), [
    ("need 14.6m of skirting board and the merchant sells it in 2.4m lengths, how many lengths", "7"),
    ("changing 200 euro to pound, 1 euro is 0.86 pound. how much pound?", "172"),
])
def test_things_sold_in_lengths_are_bought_whole_and_a_plain_conversion_stays(question: str, answer: str):
    assert exact(question) == answer


@pytest.mark.parametrize("question", [
    "phone plan 15 EUR a month and 1 EUR = 1.08 USD, how many dollars for a whole year",  # a conversion and a period
])
def test_a_conversion_or_a_sum_is_not_read_where_a_rate_is_said(question: str):
    assert exact(question) is None


@pytest.mark.parametrize(("question", "program", "why"), [
    ("how do i work out the price per head, hall hire is 275 and there's 50 of us", "275 * 50",
     "uses *, which the question does not name"),
    ("7 volunteers planted 35 trees each and the council put in another 19, how many altogether", "7 * 35 * 19",
     "multiplies the 19 the question adds"),
    ("i give £5 for every year of age plus an extra £10, how much does she get when she turns 12", "5 + 12 + 10",
     "adds 5, an amount per year, to a number of no amount per year"),
])
def test_a_share_per_head_an_added_number_and_a_rate_keep_their_operations(question: str, program: str, why: str):
    assert unsound(question, program) == why


def test_an_added_number_may_be_added_and_a_rate_multiplied():
    assert unsound("7 volunteers planted 35 trees each and the council put in another 19, how many altogether",
                   "7 * 35 + 19") is None


@pytest.mark.parametrize(("question", "program", "why"), [
    ("how do i work out how much vodka i need in litres for 40 drinks at 35ml each", "35 * 40",
     "gives ml, but the question asks for litres"),
    ("got paid £360 for a job, 40 of that was parts and it took me 8 hours. what did i actually earn per hour after "
     "parts", "360 * 40 * 8", "multiplies by the number of hours, but the question asks for an amount per hour")])
def test_a_measure_asked_inside_the_question_and_an_earning_per_hour_are_checked(question: str, program: str,
                                                                                 why: str):
    assert unit_mismatch(question.lower(), program) == why
    assert unit_mismatch("what's the rent for 4 weeks at 200 per week", "200 * 4") is None  # a rate given


@pytest.mark.parametrize("text", ["how do i work out 85 minus 20 percent", "twelve squared minus a dozen"])
def test_a_listed_question_followed_by_a_percent_or_a_dozen_is_not_the_one_asked(text: str):
    assert find_question([Turn(question_in(text), "")]) is None


# Sets 46-49.

@pytest.mark.parametrize(("question", "answer"), [
    ("roof is 86 sq m, adding 10% for waste how many sq m of felt should i order", "94.6"),
    ("jacket was £60 now 25% off, hw much is it now", "45"),
    ("labour was £150 and I have to add 20% VAT on top, whats the total", "180"),
])
def test_a_percentage_added_for_waste_is_a_change_and_hw_is_how(question: str, answer: str):
    assert exact(question) == answer


def test_a_discount_on_a_council_tax_is_taken_off_and_no_tax_is_added():
    assert exact("I get the 25% single person discount on council tax of £1640 a year. what do i actually pay") \
        == "1230"  # refused until set 86 ("council tax" read as a tax added); the bill's name adds nothing


@pytest.mark.parametrize(("question", "program", "why"), [
    ("watched 14 films in jan, 9 in feb and 17 in march, average per month to 1 decimal place?", "14 * 9 * 17",
     "takes no average, which the question asks for"),
    ("festival tix are £289 each, there's 4 of us and we paid a £400 deposit altogether, whats the balance left to pay",
     "289 * 4 * 400", "takes nothing away and divides nothing, where the question asks 'whats the balance left'"),
    ("family ticket for 4 is £58 or its £17 each separately, how much do we save with the family ticket",
     "4 * 58 * 17", "takes nothing away and divides nothing, where the question asks 'how much do we save'"),
    ("pack of 64 nappies and the twins use 8 each a day, how many days will it last", "64 * 8",
     "takes nothing away and divides nothing, where the question asks 'how many days will it last'"),
])
def test_what_is_left_saved_lasts_or_averages_is_no_product(question: str, program: str, why: str):
    assert unsound(question, program) == why


def test_an_age_some_years_on_is_a_formula_topic_and_hw_many_hours_asks_hours():
    question = "im 36 and my twins are 8, in how many years will i be exactly 3 times their age"
    assert FORMULA_TOPIC.search(question) and FORMULA_TOPICS[r"\bhow\s+old\b|\btimes\s+(?:their|his|her|my|your|our)"
                                                             r"\s+age\b"] == "an age"
    assert unsound(question_in("95 stops at about 4 mins each, hw many hours is that to 1 decimal place"),
                   "95 * 4") == "gives minutes, but the question asks for hours"


# Sets 50-53.

def test_cuts_by_a_percentage_is_a_change():
    assert exact("compactor cuts volume by 75%, 40 cubic metres goes in, how much comes out") == "10"


@pytest.mark.parametrize(("question", "program", "why"), [
    ("how many egg boxes do I need for 100 eggs if each box holds 6", "100 * 6",
     "gives eggs² per box, but the question asks for boxes"),  # the holder read after the ask (sets 122-125)
    ("airport run is 38 miles each way and i did the return trip 3 times today, total miles?", "38 * 3",
     "does not use the 2 its words say (each way and i did the return)"),
])
def test_a_box_asked_after_its_contents_and_a_return_trip_are_read(question: str, program: str, why: str):
    assert unsound(question, program) == why
    assert unsound("airport run is 38 miles each way and i did the return trip 3 times today, total miles?",
                   "38 * 2 * 3") is None
