"""A percentage change whose base the direction asked fixes (percent_changes.py): an increase is of the smaller
amount, a decrease of the larger, in whatever order the question says them."""
from __future__ import annotations

import pytest

from transformer_demo.tasks.math.formulas import read_formula
from transformer_demo.tasks.math.percent_changes import direction_change_reading


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("we sold 1250 boxes of tablets in may and 1500 in june whats the percentage increase", "20%"),
        ("zoo had 12500 visitors in july vs 10000 in june, whats the % increase", "25%"),  # the later said first
        ("took 2100 sunday and only 840 monday cos of the rain, what percent did takings fall by", "60%"),
        ("i wanted £8 for a lamp but let it go for £6, what % off is that", "25%"),
        ("my train should take 55 mins but it took 77 today, what percent longer was it?", "40%"),
        ("coffee van took 1260 on saturday and 840 on sunday. what percent more did we take on sat than sun?", "50%"),
        ("Lamp's priced at £12, he offered £9. What percent below my price is his offer?", "25%"),
        ("i split my 5 hives and now I have 8. by what percentage did my hive count go up", "60%"),
        ("card was worth 12 last week now its 15, % up?", "25%"),
        ("Got a chair for £2 at the boot sale and sold it on for £17. What's my percent profit?", "750%"),
        ("dog came in at 32 kg and is now 28.8 kg on the diet plan, what % of his bodyweight has he lost", "10%"),
    ],
)
def test_the_direction_asked_fixes_the_base(question: str, value: str):
    reading = read_formula(question)
    assert reading is not None and str(reading.result) == value


@pytest.mark.parametrize(
    "question",
    [
        "lost 4.5 kg from a starting weight of 90 kg, what % of my weight did i lose",  # 4.5 is the change itself
        "the rent rose by 20 from 400, what percentage increase is that",  # "by 20": a change
        "sold 12 more than last week's 40, what percent more is that",  # "12 more": a change
        "we had 40 bookings last week and 6 were no shows, what % didnt turn up",  # "turn up" is no rise
        "of 40 vans 6 are off the road, what percent are off",  # a state said, not a change
        "dish sells for 12 and costs 7.80, what's the profit as a percent of the selling price",  # another base
        "job quoted at 1800 and materials cost me 650, profit as a % of the quote",  # another base
        "went from 50 to 40, what percentage increase is that",  # the order says a fall
        "got 1440 so far of an 1800 goal, what percent more do i need",  # the rest of a goal, not a change
        "price went from 80 to 92 and then 10% off, what percent more",  # a percentage given: another reading
    ],
)
def test_changes_and_other_bases_are_not_read_by_direction(question: str):
    assert direction_change_reading(question.lower()) is None
