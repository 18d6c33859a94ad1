"""The rules that blind sets 122-133 asked for (their fixtures' headers list each wrong answer), and the general
forms the unanswered questions of sets 122-125 showed: how many holders hold a number of things (rounded up), "me
and 2 mates", money asked for a period ("weekly pay"), a share of two amounts of one kind, a played-and-won share,
and calculations typed with misspellings, brackets and sign-offs."""
from __future__ import annotations

import pytest
from conftest import read_program as exact

from transformer_demo.tasks.math.asking import in_company
from transformer_demo.tasks.math.demands import unmet
from transformer_demo.tasks.math.quantities import read_quantities
from transformer_demo.tasks.math.soundness import one_step
from transformer_demo.tasks.math.spoken import spelled
from transformer_demo.tasks.math.wholes import held_in_wholes


@pytest.mark.parametrize(("question", "program"), [
    # how many of the holders it takes to hold them all
    ("round tables seat 10, we have 186 guests, how many tables", "ceil(186 / 10)"),
    ("150 eggs go in boxes of 12, how many boxes", "ceil(150 / 12)"),
    ("licence says 1 steward per 75 guests. we've got 1,000 guests, how many stewards", "ceil(1 / 75 * 1000)"),
    ("a minibus can take 16 people, 50 people are going, how many minibuses", "ceil(50 / 16)"),
    ("how many trays do i need for 40 plants if each tray holds 6", "ceil(40 / 6)"),  # the holder after the ask
    ("150 eggs go in boxes of 12, how many boxes can i fill", "floor(150 / 12)"),  # what can be filled
    ("bags of bark cover 2.5 square metres each and my bed is 18 sq m, how many bags do i need", "ceil(18 / 2.5)"),
    # people, periods and measures
    ("took £246 at the boot sale, splitting it evenly between me and 2 mates, how much each", "246 / 3"),
    ("work 37.5 hrs a week at 12.40 an hour, whats my weekly pay before tax", "37.5 * 12.40"),
    ("what's my weekly pay at £14.20 an hour for 37.5 hours", "14.20 * 37.5"),
    ("Nursery is £65 a day, 3 days a week, 48 weeks a year. How much per year?", "65 * 3 * 48"),
    # percentages
    ("legendary drop rate is 2% per loot box. if i open 150 boxes how many legendarys should i expect?",
     "2 / 100 * 150"),  # a drop rate is no decrease
    ("my apprentice is on 40% of my £45 hourly rate, what does he get an hour", "40 / 100 * 45"),
    ("a colony had 40000 bees and grew by 15% over spring, how many bees is it now", "40000 + 15 / 100 * 40000"),
    ("12ml pot and i've used 4.8ml, what percentage is left", "pct((12 - 4.8) / 12)"),
    ("played 9 frames and won 6, what percent is that to the nearest whole percent", "pct(6 / 9)"),
    ("If 3 in every 200 patients get a side effect, what percent is that?", "pct(3 / 200)"),
    ("22 dogs in last week and 8 were labradors, what percentage were labs to 1 decimal place", "pct(8 / 22)"),
    # calculations
    ("can u add 15.75 + 4.6 + 0.85 for me", "15.75 + 4.6 + 0.85"),
    ("whats 17.5 tims 4", "17.5 * 4"),
    ("what's twelve divided by one quarter", "12 / (1 / 4)"),
    ("square root of (6 squared + 8 squared)", "sqrt((6 ^ 2) + (8 ^ 2))"),
    ("half of three quarters of 64", "(64 * 3 / 4) / 2"),
    ("(8 + 4) squared divded by 6", "(8 + 4) ^ 2 / 6"),
    ("what is one thrid of 96", "96 / 3"),
    ("12.5 x 0.8 whats that", "12.5 * 0.8"),
    ("0.35 x 0.2 anyone?", "0.35 * 0.2"),
    ("5/8 as a percentage pls", "pct(5/8)"),
    ("whats 3 to the power 4 and then take 1 off", "(3 ^ 4) - 1"),
    ("what's 10 to the power of -2 written as a decimal", "10 ^ -2"),
    # sets 126-129
    ("is 17 x 23 = 391? just checking my working", "17 * 23"),  # whether the claim is right
    ("popcorn sales were 560 on friday and 15% down on saturday, how many on saturday", "560 - 15 / 100 * 560"),
    ("takings were 400 last year and this year were 12% up on last year, what were they", "400 + 12 / 100 * 400"),
    ("sold 246 tickets at £8.50 each tonight, what were the takings", "246 * 8.50"),  # "each tonight": no rate
    # sets 130-133
    ("the bus normally takes 42 minutes but roadworks are adding 25% onto the journey time, how many minutes today",
     "42 + 25 / 100 * 42"),
])
def test_the_readings_sets_122_to_133_asked_for(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize("question", [
    "want to up my daily steps by 10% from 6000, whats the new target",  # a change, not 10% of 6000
    "each box holds 12 eggs, I have 150 eggs, how many boxes are full",  # full ones: no holders' count
    "tickets cost 15 each and I have 100, how many tickets",  # a budget is spent, not held: no rounding up
    "There are 30 kids in class and 12 are boys, what percent are girls",  # a kind the numbers are not said with
    "bag with 7 red balls and 2 blue balls, whats the probability of red in %",  # two kinds, neither a whole
    "he did 18 lengths of fly and 22 lengths of backstroke, what percent of his lengths were fly",
    "I work tues to sat and see 11 clients a day, how many clients is that over 4 weeks",  # 5 days, not 7
    "i let 2 rooms at £130 pw each and both were let for 48 weeks this year, total rent in?",  # 48 weeks: no price
    "hey, tri entry is £85 and wetsuit hire is £35 per race, doing 4 races this year, total cost?",  # per race both?
    "maintenance is 2400 cals and im eating 1900, what's my total deficit over a week",  # a deficit is no sum
])
def test_what_sets_122_to_133_showed_must_not_be_read(question: str):
    assert exact(question) is None


def test_a_result_claimed_after_an_equals_sign_is_no_operand_of_a_plain_step():
    assert not one_step("is 17 x 23 = 391? just checking my working", "17 * 23 * 391")
    assert one_step("what is 17 x 23?", "17 * 23")


def test_a_factor_asked_is_no_product_of_the_numbers_given():
    assert unmet("recipe serves 8 but I need 20 portions, what do I multiply everything by?", "8 * 20") == \
        "multiplies by a number given, where the question asks for the number to multiply by"
    assert unmet("recipe serves 8 but I need 20 portions, what do I multiply everything by?", "20 / 8") is None


def test_holders_are_rounded_up_only_where_they_hold_what_is_counted():
    assert held_in_wholes("crates hold 24 bottles each and ive got 100 bottles. how many crates")
    assert held_in_wholes("couplers come in boxes of 25 and we need 210 of them. how many boxes")
    assert not held_in_wholes("crates hold 24 bottles each and ive got 100 bottles. how many crates can i fill")
    assert not held_in_wholes("each hamper needs 2.4m of ribbon, i've got a 50m roll, how many hampers")  # uses up
    assert not held_in_wholes("a pack has 24 stickers, how many stickers per pack")


def test_what_a_line_is_read_as():
    assert in_company("splitting it between me and 2 mates") == "splitting it between 3 of us"
    assert in_company("me and my 2 sisters split it") == "3 of us split it"
    assert spelled("7 sqaured, one thrid, increse 80 by 35 percent, 17.5 tims 4") == \
        "7 squared, one third, increase 80 by 35 percent, 17.5 times 4"
    assert read_quantities("work 37.5 hrs a week at 12.40 an hour, whats my weekly pay").asked_units == \
        [(("money", 1),), (("money", 1), ("week", -1))]
