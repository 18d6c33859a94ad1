"""The rules that blind sets 54-105 asked for (their fixtures' headers list each wrong answer): what is left or not
done as a percentage, a price cut's percentage, a part asked of another thing or period, a sequence's nth number,
a rectangle's diagonal, minutes and seconds, autocorrect's hours, income in a story, what one holder takes, what
a question's words demand of any calculation (demands.py), rounding up or down, opposite states, a fee someone else
takes, pence beside pounds and the readings sets 86-105's unanswered questions asked for."""
from __future__ import annotations

import pytest
from conftest import read_program as exact

from transformer_demo.tasks.math.answer import FORMULA_TOPIC
from transformer_demo.tasks.math.asked import opposed
from transformer_demo.tasks.math.asking import in_hours, unframed
from transformer_demo.tasks.math.demands import unmet
from transformer_demo.tasks.math.measures import singular
from transformer_demo.tasks.math.percent_checks import percent_mismatch
from transformer_demo.tasks.math.soundness import one_step, unsound
from transformer_demo.tasks.math.spoken import in_pounds, mixed, spelled, ungrouped


@pytest.mark.parametrize(("question", "program"), [
    # what is left, or what was not done, as a percentage of the whole
    ("wedding budget is 15000 and we've spent 9870 so far, what percent of the budget is left",
     "pct((15000 - 9870) / 15000)"),
    ("if 4 out of 25 seeds didnt germinate what percentage did germinate", "pct((25 - 4) / 25)"),
    ("if 4 out of 25 seeds didnt germinate what percentage didnt germinate", "pct(4 / 25)"),
    ("20 out of 25 seeds germinated, what percentage did not germinate", "pct((25 - 20) / 25)"),
    # a price cut asked as "percent off" is a positive decrease
    ("ok so this coat was 80 and now its 60 in the sale, what percent off is that", "pct((80 - 60) / 80)"),
    ("Lego set was 60 now its 45. what percent off is that", "pct((60 - 45) / 60)"),
    # knocked off, kept after tax, kept of what is kept
    ("if i knock 25 percent off 84 what do i get", "84 - 25 / 100 * 84"),
    ("if you take 10% off 45 what do you end up with", "45 - 10 / 100 * 45"),
    ("got a 4000 bonus and it gets taxed at 40%, how much do i actually keep", "4000 - 40 / 100 * 4000"),
    ("she earns 2000 and keeps 70%, how much does she keep", "70 / 100 * 2000"),
    ("club has 64 members and 25% are juniors, how many juniors", "25 / 100 * 64"),
    # an arithmetic sequence's nth number
    ("a sequence starts at 3 and goes up by 4 each time. what is the 10th number", "3 + (10 - 1) * 4"),
    ("a pattern starts at 50 and goes down by 6 each step, whats the 5th number", "50 - (5 - 1) * 6"),
    ("the sequence begins with 7 and increases by 5 each time, what is the 20th term", "7 + (20 - 1) * 5"),
    # minutes and seconds as minutes
    ("each track is 3 min 45 sec and the EP has 4 tracks, how many minutes long is it", "3.75 * 4"),
    ("I fit 3 windows a day. the job is 27 windows so how many days will it take me", "27 / 3"),
    ("frame is 600 x 800mm, what should the diagonal measure if the corners are square", "sqrt(600 ^ 2 + 800 ^ 2)"),
    ("I had 230 in the bank, spent 87.50 on shoes and then got paid 400. How much is in my account now?",
     "230 - 87.50 + 400"),  # paid to me, not by me
    ("need 1500 bricks for the job but want 5% extra for breakages, how many bricks do i order",
     "1500 + 5 / 100 * 1500"),
    ("Take 40% of 250.", "40 / 100 * 250"),  # said as a percentage of the one other number (sets 1 and 2)
    ("What's 10 percent of 90 dollars?", "10 / 100 * 90"),
    ("Find the middle value among 9, 2 and 5.", "median(9, 2, 5)"),
    ("whats 3 point 5 times 4", "3.5 * 4"),  # a decimal said with "point" beside digits
    ("putting the veg box price up 5% from £20, whats the new price", "20 + 5 / 100 * 20"),  # up from, not 5% of
    ("our 50 seater coach was 86% full, how many passengers were on it", "86 / 100 * 50"),
    ("i scored 47, 38 and 59 points, total?", "47 + 38 + 59"),
    ("quick one - 12.5% of 64", "12.5 / 100 * 64"),  # a dash after words is no minus
    ("need £2000 for the trip and can put away £75 a week, how many whole weeks till ive got enough",
     "ceil(2000 / 75)"),  # the week it is reached
    ("what is 20 - 5", "20 - 5"),
    ("we had 40 bookings last week and 6 were no shows, what % didnt turn up", "pct(6 / 40)"),  # no word said again:
    ("7 out of 140 bookings were no-shows last month, what percent is that", "pct(7 / 140)"),  # no rest asked
    ("had 42.30 in my account and the big shop came to 55.80, what's my balance now", "42.30 - 55.80"),  # a cost
    ("A jacket costs 80 dollars and is 25% off. How many dollars is the discount?", "25 / 100 * 80"),
    ("whats 15% of 2 thousand", "15 / 100 * 2000"),  # thousands and millions after digits
    ("5% of 1.2 million?", "5 / 100 * 1200000"),
    ("if 1 AU is 150 million km and Mars is 1.52 AU from the sun, how many million km is that", "1.52 * 150"),
    ("bought a laptop for 450 and sold it a year later for 315, what % did i lose", "pct((450 - 315) / 450)"),
    ("booking site takes 15% commission on a £340 booking, how much actually comes to me", "340 - 15 / 100 * 340"),
])
def test_the_readings_these_sets_asked_for(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize("question", [
    "my taxable income is 18000 at 20%, how much tax is that per month",  # a period the question does not give
    "a sequence starts at 2 and doubles each time, whats the 6th term",  # no arithmetic sequence
    "window is 120cm by 90cm, whats the area of the glass in square metres",  # cm given, square metres asked
    "i do 3 hours of airtime every day mon to fri. how many hours is that a week",  # 5 days, not 7
    "I fit 3 windows a day. the job is 26 windows so how many days will it take me",  # 8.67 days: 9? 8?
    "We're on 38 points and the top team has finished on 47. How many more points do we need to finish above them?",
    "putty is 3.60 a tub and one tub does 4 windows. the job is 18 windows and tubs only come whole, so how much do "
    "I spend on putty",
    "tips averaged 4.50 a head, 27 people on the tour, total tips?",  # a rate times a count, no sum
    "we need 400 completes and response rate is usually 16%, how many invites do we have to send",  # the whole
    "made 64 fairy cakes for the fair and sold 52, what percentage was left over",  # a percentage, not 12
    "food cost on a kebab is £2.10 and I sell it for £7, what percent of the price is food cost",  # a share, no markup
    "exam is 1hr 45 mins, how many extra minutes does a candidate with 25% extra time get",  # hours given, minutes
    "take 10% of 80 off",  # the amount after it: no part
    "check up is 27.50, we did 18 check ups today, total?",  # a price and a count: no list of like amounts
    "we got round 18 holes in 4 hrs 30 mins, average minutes per hole?",  # hours given, minutes asked
    "rent is 925 a month and going up 5%, how much more will i pay over a whole year",  # a month's rise, a year asked
    "seller wants 260 for a phone and says thats 35% off the new price. what was the new price",  # the price before
    "my kid wants to know how many legs 7 spiders and 4 beetles have altogether",  # legs are no sum of the animals
])
def test_no_reading_where_the_words_ask_for_more_than_it_computes(question: str):
    assert exact(question) is None


@pytest.mark.parametrize(("question", "program", "why"), [
    ("if i knock 25 percent off 84 what do i get", "25 / 100 / 84",
     "divides the percentage by 84, where it takes a part of it"),
    ("4 families take turns equally on the school run, 5 days a week. how many days does each family drive over 4 "
     "weeks", "4 * 5", "uses 4 once, where the question gives 4 of different things (family, week)"),
    ("basically I need 75 minutes of music. songs average 3.75 minutes each, how many songs is that",
     "mean(75, 3.75)", "takes an average, where the question gives one"),
    ("sign board is 120cm x 60cm whats that in square metres", "120 * 60 ^ 2",
     "uses ^, which the question does not name"),
    ("i do 3 hours of airtime every day mon to fri. how many hours is that a week", "3 * 7",
     "uses 7, not in the question"),
    ("a sequence starts at 3 and goes up by 4 each time. what is the 10th number", "3 * 4 * 10", None),
    ("frame is 600 x 800mm, what should the diagonal measure if the corners are square", "600 * 800", None),
    ("18 min per mile pace, 11 mile route, hours?", "18 * 11", "gives minutes, but the question asks for hours"),
    ("we're at 620m and dropping 45 m every 10 minutes. what height are we at after an hour?", "620 * 45 * 10",
     "gives m² × minutes, but the question asks for a length"),
    ("max 6 dogs per walk and 20 booked, walks needed?", "6 * 20",
     "multiplies by the amount for each walk, but the question asks how many"),
    ("each tour is 2h 40m, i do 3 a day, hours guiding per day?", "2 * 40 * 3",
     "takes 2h 40m for two numbers, not a time"),
    ("cleaned 22 houses this month at 65 each and spent 180 on supplies, whats my profit", "22 * 65 * 180",
     "takes nothing away and divides nothing, where the question asks 'whats my profit'"),
    ("scored 540 with 60 arrows, what's my average per arrow", "mean(540, 60)",
     "takes the mean of the numbers, where the question asks for an average per arrow"),
    ("we need one target face for every 4 archers and 30 are coming to the shoot, how many faces do we need", "4 * 30",
     'does not divide by the 4 of "one target face for every 4"'),
    ("a round is 5 dozen arrows and the max is 10 points per arrow, what's the highest possible score", "5 * 10",
     "does not count the dozens in ones (12 each)"),
    ("each soft play slot takes max 45 children and we've got 120 booked for saturday morning, how many slots do we "
     "need to run", "45 + 120", "does not divide by what one slot takes, which the question asks how many of"),
    ("how much per child: party came to 234, 18 kids came", "234 * 18",
     "does not divide, where the question asks for an amount per one"),
    ("minibus seats 8, we've got 22 players plus 2 coaches going to the tournament, how many minibuses do we need",
     "8 + 22 + 2", "does not divide by what one minibus takes, which the question asks how many of"),
    ("12 times 11? my kid says 122 but i'm not sure", "12 * 11 * 122", "uses 122, not in the question"),  # a claim
])
def test_the_model_programs_these_sets_caught_are_unsound(question: str, program: str, why: str | None):
    if why is None:  # a sequence is a formula's: the model's program is not trusted where no formula reads it
        assert FORMULA_TOPIC.search(question)
    else:
        assert unsound(question, program) == why


def test_a_percentage_divided_by_a_number_is_no_part_of_it_but_a_whole_from_its_part_is():
    assert percent_mismatch("25% of what number is 84", "84 / (25 / 100)") is None
    assert percent_mismatch("25% of 84 shared between 3 people", "25 / 100 * 84 / 3") is None


@pytest.mark.parametrize(("question", "program", "why"), [
    ("we have 38 points and they have 47, how many more do we need to overtake them", "47 - 38",
     "does not add the 1 that finishing above them takes"),
    ("tins of paint only come whole, one does 12 m², the wall is 30 m², how much for tins at 9 each", "30 / 12 * 9",
     "does not round up to the whole ones the question says are sold"),
    ("how many weeks will it take to save 500 at 30 a week", "500 / 30",
     "gives a part of one, where the question asks how many whole ones it takes"),
    ("i walk dogs mon-fri, 6 a day, how many a week", "6 * 7",
     "counts 7 days a week, where the question says which days"),
])
def test_what_the_words_demand_of_any_calculation(question: str, program: str, why: str):
    assert unmet(question, program) == why


@pytest.mark.parametrize(("question", "program"), [
    ("we have 38 points and they have 47, how many more do we need to overtake them", "47 - 38 + 1"),
    ("tins of paint only come whole, one does 12 m², the wall is 30 m², how much for tins at 9 each",
     "ceil(30 / 12) * 9"),
    ("how many weeks will it take to save 510 at 30 a week", "510 / 30"),
    ("how many weeks will it take to save 500 at 30 a week, to 1 decimal place", "500 / 30"),
    ("how many more points do we need to reach 47 from 38", "47 - 38"),  # reaching is no finishing above
    ("i walk dogs mon-fri, 6 a day, how many a week", "6 * 5"),
    ("eggs are £3.20 a dozen how much for 5 dozen", "3.20 * 5"),  # priced by the dozen: dozens on both sides
    ("a round is 5 dozen arrows and the max is 10 points per arrow, what's the highest possible score", "5 * 12 * 10"),
])
def test_a_calculation_that_meets_the_words_is_left_alone(question: str, program: str):
    assert unmet(question, program) is None


def test_minutes_and_seconds_read_as_minutes_where_exact_and_autocorrect_hours_as_hours():
    assert in_hours("songs average 3 min 45 s each") == "songs average 3.75 minutes each"
    assert in_hours("ran 5k in 24 mins 30 secs") == "ran 5k in 24.5 minutes"
    assert in_hours("a lap of 3 min 20 s") == "a lap of 3 min 20 s"  # 3.333... minutes is left as said
    assert spelled("DJ charges 95 an our for 5 ours") == "DJ charges 95 an hour for 5 hours"
    assert spelled("is this our car? 5 of ours are red") == "is this our car? 5 of ours are red"


@pytest.mark.parametrize(("question", "program", "plain"), [
    ("Tom has 11 apples and eats 2.", "11 - 2", True),
    ("A box holds 22 pencils, how many are in 3 boxes?", "22 * 3", True),
    ("How many is 12 and 13 and 14 added?", "12 + 13 + 14", True),
    ("whats the sqrt of 576", "sqrt(576)", True),
    ("What do you get with 6 and 3 multiplied and 2 added?", "6 * 3 + 2", False),  # two operations
    ("pizza boxes are 18p each and we go through 85 a night, whats that per night in pounds", "18 * 85", False),
    ("driver does 4 return trips and each way takes 47 minutes, total driving time in minutes?", "4 + 47", False),
    ("4 families take turns, 5 days a week. how many days does each family drive over 4 weeks", "4 * 5", False),
    ("Take 40% of 250.", "40 / 100 * 250", False),  # a percentage: a reader's (percent_of_reading)
    ("top tier is a 6 inch round, bottom is a 12 inch round, how many times bigger is the area of the bottom tier",
     "6 * 12", False),  # a ratio of areas
    ("the rig is 48 person-hours of work, how many hours will it take cos we've only got 6 crew", "48 + 6", False),
    ("my son ate 3 slices of a pizza cut into 8, he wants to know what fraction is left as a decimal", "3 / 8", False),
])
def test_only_one_plain_step_of_the_models_is_an_answer_no_reader_confirms(question: str, program: str, plain: bool):
    assert one_step(question, program) is plain


@pytest.mark.parametrize(("question", "program"), [
    # found blind (sets 86-93): each was wrong at its set's first reading
    ("17 cages to get out tonight and we do about 2.5 an hour. how many hours will it take, rounded up to a whole "
     "hour?", "ceil(17 / 2.5)"),
    ("31 cages, we do 5 an hour, how many hours rounded down", "floor(31 / 5)"),
    ("2 and a half multiplied by 3 and a fifth", "2.5 * 3.2"),
    ("how do I work out how much I'll have if I put £1000 in at 3% interest compounded yearly for 2 years",
     "1000 * (1 + 3 / 100) ^ 2"),
    ("sold a sword for 15,000 gold but the auction house takes 5%. how much do i actually get",
     "15000 - 5 / 100 * 15000"),
    ("bought stuff for 1.45, 85p and 2.30 and paid with a tenner, change?", "10 - (1.45 + 0.85 + 2.30)"),
    ("my overall rank went from 1,250,000 to 980,000, what percentage improvement is that",
     "pct((1250000 - 980000) / 1250000)"),
    # and the readings their unanswered questions asked for
    ("add up 1,875 + 2,960 + 415", "1875 + 2960 + 415"),
    ("1,000,000 take away 36,482", "1000000 - 36482"),
    ("7 of my 56 customers didnt pay this month, what % is that", "pct(7 / 56)"),
    ("out of 160 dogs last month 48 were large breeds, what percent were large?", "pct(48 / 160)"),
    ("45 is what % of 60", "pct(45 / 60)"),
    ("what's 380 take away 15%", "380 - 15 / 100 * 380"),
    ("beekeeper here, had 1,240 jars and sold 35% of them at the county show, how many jars are left?",
     "1240 - 35 / 100 * 1240"),
    ("council tax bill is £1520 and I get the 25% single person discount, what do I pay", "1520 - 25 / 100 * 1520"),
    ("how do i work out a 15% tip on a £64 bill", "15 / 100 * 64"),
    ("convert 8 oz of sugar to grams if 1 oz is 28g", "8 * 28"),
    ("my tortoise eats forty grams of greens a day how many grams is that in a fortnight", "(40 * 2) * 7"),
    ("jar lids are 35p each and i need 600 of them, how much in pounds?", "0.35 * 600"),
    ("day rate is £180 and the job takes 3.5 days, what do I charge", "180 * 3.5"),
    ("my round is 38 miles and the van does 25 miles to the gallon, how many gallons a round?", "38 / 25"),
    ("bought 40 bales at £6.50 a bale, total (£)?", "40 * 6.50"),
    ("quick one.. 0.6 x 0.4", "0.6 * 0.4"),
    ("9.99 x 12 quick", "9.99 * 12"),
    # sets 94-97
    ("freezer is -18 and fridge is 4 degrees, whats the difference", "4 - (-18)"),
    ("it was 3 degrees last night and dropped 11 degrees by morning, whats the temp now", "3 - 11"),
    ("thermometer reads -2.5 and drops another 4.75 degrees what does it read", "-2.5 - 4.75"),
    ("8 teams in a round robin, each plays every other team once, how many matches altogether", "8 * (8 - 1) / 2"),
    ("league of 12 teams, everyone plays everyone home and away, how many matches in the season?", "12 * (12 - 1)"),
    ("10 people at a party and everyone shakes hands with everyone else once, how many handshakes",
     "10 * (10 - 1) / 2"),
    ("what % of 250 is 40", "pct(40 / 250)"),
    ("pay per drop went up from £1.60 to £1.84, what precent increase is that", "pct((1.84 - 1.60) / 1.60)"),
    ("company cut pay per drop from 1.50 to 1.35, what % cut is that", "pct((1.50 - 1.35) / 1.50)"),
    ("how much each? 4 of us, bill was 86", "86 / 4"),
])
def test_the_readings_sets_86_to_105_asked_for(question: str, program: str):
    assert exact(question) == program


@pytest.mark.parametrize("question", [
    "yeast is 2% of flour, 12.5 kg flour, so how much yeast (g)",  # a reading in kg is no answer in grams
    "18 of my 24 students passed the mock. what percentage failed?",
    "poles go every 3m along each long side of a 15m long marquee, with a pole at both ends of each side. how many "
    "poles on the two long sides altogether",  # two lines of poles
    "5 and a third multiplied by 3",  # no decimal for a third: no reading of 5 alone
    "brioche buns are 85p each and i need 40, total cost??",  # 3400 pence or 34 pounds
    "round up the 30 kids in groups of 4, how many groups",  # rounds up no number
    "took 1200 this week and the firm takes 15% commision, how much do they get off me",  # theirs, not what is left
    "grandad matches whatever she saves pound for pound. she saves £3.25 a week for 8 weeks, how much has she got in "
    "total",  # twice what she saves
    "20 teams in the league, everyone plays everyone else home and away. how many games does each team play",
    "bay window has 3 panes each 0.9 by 1.4 metres and one of them is frosted, how many m2 of clear glass",  # set 99
    "fleet of 22 lorries and 3 are off the road for MOTs, what % of the fleet is available? round to 1 dp",  # 102
    "I've saved 40 pc of my 1500 target, how much more do i need",  # 40 percent, not 40 taken away
])
def test_what_sets_86_to_105_showed_must_not_be_read(question: str):
    assert exact(question) is None


def test_what_a_line_is_read_as():
    assert unframed("how do i work out how many hours 150 km takes") == "how many hours 150 km takes"
    assert unframed("how do I calculate 15% of 80") == "what is 15% of 80"
    assert mixed("2 and three eighths, 4 and two halves") == "2.375, 4 and two halves"
    assert ungrouped("mean of 100,200,300") == "mean of 100,200,300"  # a list, not 100200300
    assert in_pounds("45p a mile, how much in pounds") == "£0.45 a mile, how much in pounds"
    assert in_pounds("£2.40 and 85p, how many pence is that") == "£2.40 and 85p, how many pence is that"
    assert in_pounds("how many 2p coins make £3.50") == "how many 2p coins make £3.50"
    assert [singular(w) for w in ("houses", "buses", "fuses", "focuses")] == ["house", "bus", "fuse", "focus"]
    assert opposed("40% returned their books late", "how many returned on time")
    assert not opposed("40% returned their books late", "how many returned late")
    assert opposed("22 lorries and 3 are off the road", "what % of the fleet is available")
    assert spelled("saved 40 pc of my target") == "saved 40 percent of my target"
    assert exact("15% of my 140 cows are dry at the minute, how many is that") == "15 / 100 * 140"

