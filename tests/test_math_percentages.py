"""Percentages read exactly (percentages.py), and the programs a percentage question cannot have."""
from __future__ import annotations

import pytest

from transformer_demo.tasks.math.answer import one_reply
from transformer_demo.tasks.math.formulas import read_formula
from transformer_demo.tasks.math.percent_checks import percent_mismatch
from transformer_demo.tasks.math.soundness import unsound


@pytest.mark.parametrize(
    ("question", "program", "value"),
    [
        ("What percent of 40 is 26?", "pct(26 / 40)", "65%"),
        ("what percent is 18 out of 24", "pct(18 / 24)", "75%"),
        ("I got 42 out of 60 on my maths test, what percentage is that?", "pct(42 / 60)", "70%"),
        ("9 is what percentage of 36?", "pct(9 / 36)", "25%"),
        ("my wage went up from 400 to 420 a week, what percentage rise is that", "pct((420 - 400) / 400)", "5%"),
        ("The town's population fell from 5000 to 4600. What is the percentage decrease?",
         "pct((5000 - 4600) / 5000)", "8%"),
        ("I buy kettles for 16 each and sell them for 20. What is my percentage profit on the cost price?",
         "pct((20 - 16) / 16)", "25%"),
        ("How do I increase 250 by 8%?", "250 + 8 / 100 * 250", "270"),
        ("reduce 360 by 15%", "360 - 15 / 100 * 360", "306"),
        ("My rent of 800 went up by 5 percent. What is it now?", "800 + 5 / 100 * 800", "840"),
        ("VAT is 20%. An item costs 45 before VAT, what is the price with VAT?", "45 + 20 / 100 * 45", "54"),
        ("a jacket is 85 and its 20% off, what do i pay", "85 - 20 / 100 * 85", "68"),
        ("The bill is 60 plus a 15% tip. What is the total?", "60 + 15 / 100 * 60", "69"),
        ("A price including 20% VAT is 60. What was the price before VAT was added?", "60 / (1 + 20 / 100)", "50"),
        ("After a 20% discount a coat costs 64. What was the original price?", "64 / (1 - 20 / 100)", "80"),
        ("The price of 50 rose by 10 percent. How much did it rise by?", "10 / 100 * 50", "5"),  # the change
        ("A meal is 60 and I add a 15% tip. How much is the tip?", "15 / 100 * 60", "9"),
        ("My pension is £920 a month and it is going up by 3.5%. What will the new monthly amount be in pounds?",
         "920 + 3.5 / 100 * 920", "952.2"),
        ("£2000 is invested at 3% per year simple interest. How much interest is earned in 4 years, in pounds?",
         "2000 * 3 / 100 * 4", "240"),
        ("I put 500 dollars in a bank at 2% a year simple interest. How much will I have after 3 years?",
         "500 + 500 * 2 / 100 * 3", "530"),
        ("in a class of 40 kids 65% are girls, how many girls?", "65 / 100 * 40", "26"),  # found blind, set 14:
        ("Gym membership is 45 a month and they're putting it up by 12%. What will I be paying per month?",
         "45 + 12 / 100 * 45", "50.4"),
        ("A jacket costs £60 and is reduced by 20% in a sale. What is the sale price in pounds?", "60 - 20 / 100 * 60",
         "48"),
        ("A jacket is 120 and it's 30% off. How much do I save?", "30 / 100 * 120", "36"),
        ("sales went from 250 boxes a week to 300 boxes a week, what is the percentage increase",
         "pct((300 - 250) / 250)", "20%"),  # found blind (set 15)
        ("my electricity bill was 84 pounds and it went down 15 percent how much is it now", "84 - 15 / 100 * 84",
         "71.4"),  # found blind (set 16): a change said without "by" is no part of the whole
        ("my monthly take home pay is 2400 and 35% of it goes on rent how much is left after rent",
         "2400 - 35 / 100 * 2400", "1560"),  # what is left after a percentage is taken
        ("I spend 20% of my 1500 wage on food, how much is left", "1500 - 20 / 100 * 1500", "1200"),
        ("what is 20 percent off 65 pounds", "65 - 20 / 100 * 65", "52"),
        ("our team won 13 games out of 20 this season whats our win percentage", "pct(13 / 20)", "65%"),
        # found blind (set 18): a discount asked as what one must pay, an amount added on top, a share taken, a goal
        ("Shop is giving 20% discount on the jacket of 65, then how much I must pay?", "65 - 20 / 100 * 65", "52"),
        ("gift aid adds 25% on top of a donation. someone gave 40, how much does the charity get in total",
         "40 + 25 / 100 * 40", "50"),
        ("My salary is 2400 per month and rent is taking 35% of it. How much money is left after the rent?",
         "2400 - 35 / 100 * 2400", "1560"),
        ("our charity target is 1500 and we have raised 1140 so far, what percent of the target is that",
         "pct(1140 / 1500)", "76%"),
        ("we've raised 1140 of our 1500 target, what percentage is that", "pct(1140 / 1500)", "76%"),
        # found blind (set 19): a win rate, a percentage taken off, simple interest said without "a year"
        ("won 37 of my last 50 ranked games, what's my win rate", "pct(37 / 50)", "74%"),
        ("my rating went from 1540 to 1820, whats that as a % increase", "pct((1820 - 1540) / 1540)", "18.18%"),
        ("sales were £3200 last month and £2720 this month, what % drop is that", "pct((3200 - 2720) / 3200)", "15%"),
        ("item costs me £15 and I want to add 40% on top, what do I sell it for", "15 + 40 / 100 * 15", "21"),
        ("I buy scarves for 6 each and want 40% profit on the cost, what should I sell them for",
         "6 + 40 / 100 * 6", "8.4"),
        ("15% deposit on a £2400 holiday, how much do we pay now?", "15 / 100 * 2400", "360"),
        ("spent £1200 on flowers which was 8% of our total budget, what was the total budget", "1200 / (8 / 100)",
         "15000"),
        ("35 beds on the unit and 28 are occupied, what's the occupancy as a percentage", "pct(28 / 35)", "80%"),
        # found blind (set 21): a price before a change said with "by", a pay rise, a price after a discount
        ("The price of a product was lowered by 15% and now it is 340. What was the price before?",
         "340 / (1 - 15 / 100)", "400"),
        ("my salary is 32000 and i'm getting a 2.5% pay rise, what's the new salary", "32000 + 2.5 / 100 * 32000",
         "32800"),
        ("price is 24 after 40% off, what was the original price", "24 / (1 - 40 / 100)", "40"),
        ("sales target was 80000 and we did 92000, what % of target is that", "pct(92000 / 80000)", "115%"),
        ("what do you get if you take 10% off 45", "45 - 10 / 100 * 45", "40.5"),
        ("borrowing 5000 at 4% simple interest for 3 years, how much interest do i pay in total",
         "5000 * 4 / 100 * 3", "600"),
        ("savings acc pays 2% simple interest per year. if i put in 3500 how much will i have after 5 yrs",
         "3500 + 3500 * 2 / 100 * 5", "3850"),
        # found blind (sets 22 and 23): the tax inside an amount that includes it, the rest after a part is kept
        ("a receipt of 240 includes VAT at 20%, how much of it is VAT", "240 * 20 / (100 + 20)", "40"),
        ("the gross bill is 360 and VAT is 20%, what is it before VAT", "360 * 100 / (100 + 20)", "300"),
        ("my bond was 1200 and they deducted 25% for damage, how much do i get back", "1200 - 25 / 100 * 1200",
         "900"),
        ("what percent is 15 of 60", "pct(15 / 60)", "25%"), ("won 18 out of 24 games, win percentage?",
                                                                "pct(18 / 24)", "75%"),  # found blind (set 25)
        ("If I put 5000 into a bond paying 3% simple interest per year, how much interest will I have earned after "
         "2 years?", "5000 * 3 / 100 * 2", "300"),  # found blind (set 24): "will i have" earned, not the balance
    ],
)
def test_percentages_are_read_exactly(question: str, program: str, value: str):
    reading = read_formula(question)
    assert reading is not None and reading.program == program and str(reading.result) == value


@pytest.mark.parametrize(
    "question",
    [
        "I sold it for 60 and made a 20% profit. How much did I pay for it before the profit?",  # not a price after
        "The price was lowered by 15% to 340. What was the price before?",  # "to 340": not read as now
        "A fall from 400 to 420: what percentage is that?",  # a fall that rises says two things
        "What percent is 18 out of 24 out of 30?",  # three numbers
        "A coat with 20% off and 10% tax costs 64. What was the original price?",  # two percentages
        "The price went from 0 to 20. What percentage rise is that?",  # no change from nothing
    ],
)
def test_other_percentage_questions_are_not_read(question: str):
    assert read_formula(question) is None


@pytest.mark.parametrize(
    ("question", "program", "why"),
    [  # found blind (set 12): each was the model's program, answered as right
        ("what percent is 18 out of 24", "18 / 100 * 24", "takes 18 as a percentage"),
        ("I got 42 out of 60, what percentage is that?", "60 / 100 * 42", "takes 60 as a percentage"),
        ("Ana got 42 of the 60 right. What percentage?", "(42 / 60) * 100", "does not give a percentage"),
        ("Out of 60 questions Ana got 42 right. What percentage did she get?", "42 / 100 * 60", "takes 42 as a"),
        # found blind (set 14): 45 / 100 * 12 holds the percentage 12, but divides 45 by 100
        ("Gym membership is 45 a month and they're putting it up by 12%. What will I be paying per month?",
         "45 / 100 * 12", "takes 45 as a percentage"),
    ],
)
def test_a_percentage_question_refuses_programs_that_misuse_its_numbers(question: str, program: str, why: str):
    assert why in percent_mismatch(question, program)
    assert unsound(question, program) and one_reply(question, program, "program").answer is None


def test_a_percentage_the_question_gives_may_be_divided_by_100():
    assert percent_mismatch("What is 15% of 240?", "15 / 100 * 240") is None
    assert percent_mismatch("Out of 60 Ana got 42 right. What percentage did she get?", "pct(42 / 60)") is None
    assert percent_mismatch("Divide 300 by 100, then take 4 / 100 of it", "300 / 100") is None  # 100 is given
    assert percent_mismatch("What is 15% of 240?", "(15 * 240) / 100") is None  # a product holding the percentage
