"""The everyday readers (everyday.py): units, totals, ages, clock times, comparisons, a percentage of a whole and
groups of a rate's unit; each reads what it can and None otherwise (no model needed)."""
from __future__ import annotations

import pytest

from transformer_demo.tasks.math.equation import read_equation
from transformer_demo.tasks.math.formulas import read_formula


@pytest.mark.parametrize(
    "question, program, value",
    [
        ("ben is 13 now how old was he 7 years ago", "13 - 7", "6"),
        ("in 26 years my daughter will be 31. how old is she now?", "31 - 26", "5"),
        ("Emma is 13 years old now. How old will she be in 8 years?", "13 + 8", "21"),
        ("the bus left at 14:25 and arrived at 17:10, how many minutes was the trip", "(17 * 60 + 10) - (14 * 60 + 25)",
         "165"),
        ("grandma is 83 and i am 19. how many years older than me is she", "83 - 19", "64"),
        ("our team scored 71 goals and the rival team scored 46. how many more goals did we score", "71 - 46", "25"),
        ("in a class of 40 kids 65% are girls. how many girls are there", "65 / 100 * 40", "26"),
        ("i want to leave a 12% tip on a 75 dollar dinner, how much is the tip", "12 / 100 * 75", "9"),
        ("school trip: 392 students, every bus takes 56 students. how many buses?", "392 / 56", "7"),
        ("the printer does 25 pages per minute. how many minutes to print 850 pages", "850 / 25", "34"),
        ("Each box holds 12 eggs. How many boxes for 96 eggs?", "96 / 12", "8"),
        ("circle with diameter 10 cm, find the area in cm2 with pi = 3.14", "3.14 * (10 / 2) ^ 2", "78.5"),
        ("a square garden is 43 m on each side. how many metres of fence go all the way around it?", "4 * 43", "172"),
        ("what is f'(4) if f(x) = 7x²", "2 * 7 * 4", "56"),
        ("the show began at 7:15pm and ended at 9:05 pm. how long was it in minutes?", "(21 * 60 + 5) - (19 * 60 + 15)",
         "110"),
        ("from 11:30am to 2:15pm, how many minutes is that", "(14 * 60 + 15) - (11 * 60 + 30)", "165"),
        ("Hannah was born in 2011. How old will she be in 2040?", "2040 - 2011", "29"),
        ("2.4 kilograms is how many grams", "2.4 * 1000", "2400"),
        ("how many feet in 30 inches", "30 / 12", "2.5"),
        ("Ravi scored 12, 7, 19 and 3 runs in four matches. what is his total?", "12 + 7 + 19 + 3", "41"),
        ("i bought rice for 6, beans for 2.50 and oil for 4 dollars. what is the total", "6 + 2.50 + 4", "12.5"),
        ("a choir has 45 singers and 17 are men. how many women are in the choir?", "45 - 17", "28"),
        ("A farm has 40 animals; 15 of them are cows. How many are not cows?", "40 - 15", "25"),
        ("a tap drips 15 ml a minute. how many litres in 4 hours", "(15 * 4) * 3 / 50", "3.6"),
        ("I buy 3 pens at $2 each and a book for $9. how much do i pay in total?", "3 * 2 + 9", "15"),
        ("A jacket costs 80 dollars and is 25% off. How much do I pay?", "80 - 25 / 100 * 80", "60"),
        ("the rent of 800 rose by 5%. what is the new price?", "800 + 5 / 100 * 800", "840"),
        ("What's an 18% tip on a $65 meal?", "18 / 100 * 65", "11.7"),
        ("A recipe calls for 350 g of flour for 4 servings. How many grams for 10 servings?", "350 / 4 * 10", "875"),
        ("A recipe for 4 people uses 300 g of flour. How many grams do I need for 10 people?", "300 / 4 * 10", "750"),
        ("If 5 tickets cost £37.50, how much would 8 tickets cost?", "37.50 / 5 * 8", "60"),  # a price for a count
        ("4 mangoes for £3, how much for 10?", "3 / 4 * 10", "7.5"),  # the count asked of, said bare
        ("Liquid medicine has 125 mg in 5 ml. The dose is 300 mg. How many ml should I give?", "5 / 125 * 300", "12"),
        ("I'm 34 and my son is 9. How old will I be when he is 21?", "34 + (21 - 9)", "46"),
        ("My son is 9 and I'm 34. How old will I be when he is 21?", "34 + (21 - 9)", "46"),
        ("I'm 34 and my son is 9. How old will my son be when I am 40?", "9 + (40 - 34)", "15"),
        ("Tom is 12 and Ann is 7. How old will Ann be when Tom is 20?", "7 + (20 - 12)", "15"),
        ("When I was born, my father was 33. Now I am 19. How old is my father now?", "33 + 19", "52"),
        ("our team scored 2, 0, 3, 1 and 4 goals in the last 5 games. whats the average goals per game",
         "mean(2, 0, 3, 1, 4)", "2"),
        ("A cricketer scores 45, 62 and 18 in three innings. How many runs does he need in the fourth innings to "
         "average 50 over the four innings?", "50 * (3 + 1) - (45 + 62 + 18)", "75"),
        ("In the tests I get 17, 23 and 19 points. How many points I need in last test for have 80 points total?",
         "80 - (17 + 23 + 19)", "21"),
        ("Share 240 in the ratio 3:5. What is the larger share?", "240 * 5 / (3 + 5)", "150"),
        ("concrete mix is 1 part cement, 2 parts sand and 3 parts gravel. I need 180 kg altogether, how many kg of "
         "sand?", "180 * 2 / (1 + 2 + 3)", "60"),
        ("Tom and Ann share 60 sweets in the ratio 2:3. How many does Ann get?", "60 * 3 / (2 + 3)", "36"),
        ("The ratio of boys to girls is 3:4 and there are 28 children. How many girls?", "28 * 4 / (3 + 4)", "16"),
        # found blind (set 13): a fraction of a full container, pence asked in pounds
        ("A water tank holds 120 litres when full. It is 3/8 full. How many litres of water are in it?",
         "120 * 3 / 8", "45"),
        ("A water tank holds 840 litres when full. It is three quarters full. How many litres are in it?",
         "840 * 3 / 4", "630"),
        ("a bus holds 60 people when full and it is half full. how many people are on it?", "60 * 1 / 2", "30"),
        ("Electricity costs 28p per unit. We used 350 units this quarter. What is the cost in pounds?",
         "(28 * 350) / 100", "98"),
        ("a pen costs 35 cents, how much do 2 pens cost?", "35 * 2", "70"),  # asked in the question's cents
        ("how many cents are in 3 dollars", "3 * 100", "300"),
        ("Find the range of these numbers: 12, 5, 19, 8, 3", "19 - 3", "16"),
        # found blind (set 23): a list with signs or only spaces, a mode
        ("overnight lows were -6, 2, -9, 4 and 1 degrees, what is the range", "4 - (-9)", "13"),
        ("median of 12 4 9 15 6", "median(12, 4, 9, 15, 6)", "9"), ("what is the mode of 3, 8, 8, 1, 8, 3", "8", "8"),
        ("how long does it take to walk 6 km at 4 km/h? answer in minutes pls", "(6 / 4) * 60", "90"),
        ("My shop sold 240 mugs at £4.50 each last month. What was the total takings in pounds?", "240 * 4.50",
         "1080"),
        ("The ratio of boys to girls in a class is 4:5. There are 36 students altogether. How many are girls?",
         "36 * 5 / (4 + 5)", "20"),
        ("there are 24 pencils in a box and the school orders 15 boxes. they are shared equally between 8 classes. "
         "how many pencils does each class get", "24 * 15 / 8", "45"),
        ("My lawn is 8 m by 6 m and new turf costs £4.50 per square metre. How much will it cost in pounds?",
         "8 * 6 * 4.50", "216"),
        ("A bakery makes 180 loaves and sells 5/6 of them. How many loaves are left?", "180 - 180 * 5 / 6", "30"),
        ("The shop sell 3 apple for 1.20. How much I pay for 15 apple?", "1.20 / 3 * 15", "6"),
        ("Petrol is 1.89 per litre and I put in 42 litres. What's the total cost?", "1.89 * 42", "79.38"),
        ("A cab costs $4 to start and $1.50 per km. What is the fare for 10 km?", "4 + 1.50 * 10", "19"),  # the fare
        ("callout £50 plus £30 an hour, 2 hours on site, whats the total before VAT", "50 + 30 * 2", "110"),
        ("If I drive 378 km at a steady 84 km/h, how many hours will it take?", "378 / 84", "4.5"),
        ("A right triangle has legs of 9 and 12. How long is the hypotenuse?", "sqrt(9 ^ 2 + 12 ^ 2)", "15"),
        ("Two angles of a triangle are 47 and 68 degrees. What is the third angle?", "180 - 47 - 68", "65"),
        ("a floor measures 4.5 m by 3.2 m. what is its area?", "4.5 * 3.2", "14.4"),
        ("My son is 8 and I am 5 times his age. How old will I be 6 years from now?", "5 * 8 + 6", "46"),
        ("A gardener is paid $14.20 an hour. How much does he earn for a 35-hour week?", "14.20 * 35", "497"),
        ("A runner covers 42 km in 3 hours. What is her speed in km per hour?", "42 / 3", "14"),
        ("My gym costs 24.50 a month. What do I pay for 12 months?", "24.50 * 12", "294"),
        ("The cafe baked 300 rolls and has sold 185 so far. How many rolls are left?", "300 - 185", "115"),
        ("I swam 1.2 km on Monday, 0.85 km on Tuesday and 2.05 km on Friday. How many km in total?",
         "1.2 + 0.85 + 2.05", "4.1"),
        # found blind (set 12): milligrams, a bag that holds a measure, whole things that fit or are needed
        ("Nurse question: the prescribed dose is 750 mg and the tablets are 250 mg each. How many tablets do I give?",
         "750 / 250", "3"),
        ("an IV bag of 1000 ml has to run over 8 hours, how many ml per hour", "1000 / 8", "125"),
        ("I have 150 eggs to pack in boxes of 12. How many full boxes can I make?", "floor(150 / 12)", "12"),
        ("a bag of compost is 40 litres and i need 260 litres, how many bags do i have to buy", "ceil(260 / 40)", "7"),
        ("a bag of compost is 40 litres and i need 240 litres, how many bags do i have to buy", "240 / 40", "6"),
        ("convert 2.75 hours into minutes pls", "2.75 * 60", "165"),
        ("A jacket costs 80 dollars and is 25% off. How much is the discount worth to me?", "25 / 100 * 80", "20"),
        ("A jacket costs 80 dollars and it's 25% off. How many dollars do I save?", "25 / 100 * 80", "20"),
        # found blind (set 14): fractions used or given, recipes scaled, volumes, conversions and pieces, prices now
        ("My ball of wool is 360 m and I've used three quarters of it. How many metres have I used?", "360 * 3 / 4",
         "270"),
        ("My plot is 85 square metres and I'm giving 2/5 of it to potatoes. How many square metres is that?",
         "85 * 2 / 5", "34"),
        ("A book has 240 pages and I have read 3/8 of it. How many pages have I got left to read?",
         "240 - 240 * 3 / 8", "150"),
        ("Recipe makes 12 cupcakes with 150 g butter. I want to make 30 cupcakes, how much butter in grams?",
         "150 / 12 * 30", "375"),
        ("recipe serves 4 and uses 300g flour i need it to serve 6 how much flour", "300 / 4 * 6", "450"),
        ("Laying a shed base 3 m long, 2 m wide and 0.1 m thick. How many cubic metres of concrete is that?",
         "3 * 2 * 0.1", "0.6"),
        ("Bag of seed compost says 2.35 kg, how many grams is that?", "2.35 * 1000", "2350"),
        ("Convert 3 hours 40 minutes into minutes", "3 * 60 + 40", "220"),
        ("how many minutes are in 3 hours and 20 minutes", "3 * 60 + 20", "200"),
        ("A plank is 2.4 m long. How many 30 cm pieces can I cut from it?", "floor(2.4 * 100 / 30)", "8"),
        ("how many 2 litre bottles do I need for 15 litres", "ceil(15 / 2)", "8"),
        ("Paint was 32 a tin and now it's 25% off in the sale. How much is a tin now?", "32 - 25 / 100 * 32", "24"),
        ("Last year my parkrun time was 30 minutes and now it's 27 minutes. By what percentage has my time gone down?",
         "pct((30 - 27) / 30)", "10%"),
        ("It was -7 degrees overnight in the greenhouse and 12 degrees at lunchtime. How many degrees did it go up?",
         "12 - (-7)", "19"),
        ("the temperture was 3 degrees and then it droped by 9 degrees what is it now", "3 - 9", "-6"),
        ("It is -4 °C and the temperature rises by 13 degrees. What is the new temperature?", "-4 + 13", "9"),
        ("The jug had 1.2 litres in it, I added 0.85 litres of stock and then poured out 0.4 litres. How much is in "
         "the jug now?", "1.2 + 0.85 - 0.4", "1.65"),
        ("Wood stain is 3.60 a litre. How much would 0.25 of a litre cost?", "3.60 * 0.25", "0.9"),
        ("My runs this week were 5.2, 6.1, 4.8, 5.5 and 6.4 km. What's my average distance per run?",
         "mean(5.2, 6.1, 4.8, 5.5, 6.4)", "5.6"),
        ("Sharing 84 sweets between 3 children in the ratio 2:3:2. How many does the one with the 3 part get?",
         "84 * 3 / (2 + 3 + 2)", "36"),
        ("Mixing concrete 1:2:3 cement:sand:gravel by buckets, 18 buckets in total. How many buckets of sand?",
         "18 * 2 / (1 + 2 + 3)", "6"),
        ("Our knitting group raised 80 at the fair and 17.5% of it goes to the hall hire. How much is that?",
         "17.5 / 100 * 80", "14"),
        ("A quote for a new fence panel is 135 before VAT. With VAT at 20%, what's the full price?",
         "135 + 20 / 100 * 135", "162"),
        ("After a 20% discount a coat costs 64. What was the full price?", "64 / (1 - 20 / 100)", "80"),
        ("A square patio has an area of 36 square metres. What's its perimeter in metres?", "4 * sqrt(36)", "24"),
        # found blind (set 15): each was answered, wrong, from the model's product
        ("The venue has round tables that seat 8 guests each. We have 146 guests. How many tables do we need?",
         "ceil(146 / 8)", "19"),
        ("We need 250 sandwiches for the school fair and each volunteer can make 30. What is the least number of "
         "volunteers we need?", "ceil(250 / 30)", "9"),
        # found blind (set 16): fuel is measured, not counted, so it is not rounded up
        ("my car does 48 miles per gallon how many gallons will i need for a 300 mile trip", "300 / 48", "6.25"),
        ("split a bill of 156 dollars between 4 friends, how much does each pay", "156 / 4", "39"),  # an equal share
        ("3 of us are sharing a taxi fare of 42.60 pounds equally how much does each person pay", "42.60 / 3", "14.2"),
        # found blind (set 18): one part's amount given, another's asked (450 was read as the whole)
        ("shortbread is 1 part sugar to 3 parts flour by weight. if I use 450g flour how much sugar", "450 * 1 / 3",
         "150"),
        ("The ratio of boys to girls is 3:4 and there are 12 boys. How many girls?", "12 * 4 / 3", "16"),
        # found blind (set 18): a fraction of a whole that is one kind ("4 of every 7" was read as 28 * 4 * 7)
        ("In the class are 28 students and 4 of every 7 is girls. How many boys there are?", "28 - 28 * 4 / 7",
         "12"),
        ("there are 28 students and 4 out of every 7 are girls. how many girls?", "28 * 4 / 7", "16"),
        ("a class of 30 kids, two fifths are boys. how many girls", "30 - 30 * 2 / 5", "18"),
        ("a class of 30, 2/5 of them are boys. how many are not boys?", "30 - 30 * 2 / 5", "18"),
        # found blind (set 18): a rate the question states, what is left over, a conversion asked in other words
        ("I am changing 200 euro to pound, 1 euro is 0.86 pound. How much pound I receive?", "200 * 0.86", "172"),
        ("treadmill said 3 miles, how many km is that if 1 mile = 1.609 km? 1 decimal place", "3 * 1.609", "4.827"),
        ("if 1 dollar = 0.79 pounds, how many dollars is 50 pounds, to 2 dp", "50 / 0.79", "63.29"),
        ("sharing 30 sweets equally between 4 children, how many are left over", "30 - 4 * floor(30 / 4)", "2"),
        ("What is the result of 2.5 hours when I make it in minutes?", "2.5 * 60", "150"),
        ("walking 26 km for charity and my sponsors have pledged 2.50 per km between them. how much will I raise",
         "26 * 2.50", "65"),
        ("oven recipe says 350 F, what is that in celsius", "(350 - 32) * 5 / 9", "176.67"),  # another scale
        ("what is 20°C in F", "20 * 9 / 5 + 32", "68"),
        ("bought 60 candles at 2.50 each and sold them all for 4 each, profit?", "60 * 4 - 60 * 2.50", "90"),
        ("my lasagne serves 6 and the ingredients cost 9.90 total, cost per portion?", "9.90 / 6", "1.65"),
        ("bought 2kg of beef mince for £11.60 and use 250g per portion, whats the cost per portion",
         "(11.60 / 2 * 250) / 1000", "1.45"),
        ("need to fence 22 metres of garden, panels are 1.83m wide. how many panels do i need to buy",
         "ceil(22 / 1.83)", "13"),
        ("my dog eats 350g of kibble a day, how many full days will a 12kg bag last", "floor((12 / 350) * 1000)",
         "34"),  # found blind (set 19): 34.29 for "full days"
        ("making 6 cushion covers, each one needs 0.45m of fabric. how many metres do i need", "6 * 0.45", "2.7"),
        ("ive got 8 hens and each one lays 5 eggs a week, how many eggs do i get a week", "8 * 5", "40"),
        ("gym membership is 420 for the year, what's that per month", "420 / 12", "35"),
        ("Calculate the sum of the interior angles of a hexagon, in degrees.", "(6 - 2) * 180", "720"),
        ("what is each interior angle of a regular octagon", "(8 - 2) * 180 / 8", "135"),
        ("each exterior angle of a regular pentagon", "360 / 5", "72"),
        ("bus leaves at 7:48 and gets in at 8:31, how many mins is the journey", "(8 * 60 + 31) - (7 * 60 + 48)", "43"),
        ("cutting a 2.4m ribbon into 15cm pieces, how many pieces do i get", "floor(2.4 * 100 / 15)", "16"),
        ("each skein is 200 yards and the blanket needs 1650 yards. how many skeins should I get", "ceil(1650 / 200)",
         "9"),
        ("I sell earrings at 7.50 a pair and the materials cost 2.80 a pair, what's my profit on 24 pairs",
         "24 * 7.50 - 24 * 2.80", "112.8"),
        # found blind (set 20): holders said in the plural, a share by a count said first, a profit per item
        ("boxes hold 24 items, i've got 500 to pack, how many boxes", "ceil(500 / 24)", "21"),
        ("each cake tier feeds 12 and we have 90 guests, how many tiers do we need", "ceil(90 / 12)", "8"),
        ("134 guests and the tables seat 10, how many tables do we need", "ceil(134 / 10)", "14"),
        ("balloons come in packs of 25 and i want 160 balloons, how many packs", "ceil(160 / 25)", "7"),
        ("5 carers splitting 120 hrs of cover equally, hours each?", "120 / 5", "24"),
        ("bought 50 mugs for £150 total and sell them for £8 each, what's my profit per mug", "8 - 150 / 50", "5"),
        ("changing £500 into euros at 1.16 how many euros do i get", "500 * 1.16", "580"),
        ("came home with 300 dollars and the bureau gives 1.25 dollars per pound, how many pounds do I get back",
         "300 / 1.25", "240"),
        ("song at 120 bpm, how many beats in 3 minutes", "120 * 3", "360"),
        ("14 nights at €95 a night, total for the hotel?", "14 * 95", "1330"),
        ("guitar strings are £7.49 a set and I need 6 sets, total?", "7.49 * 6", "44.94"),
        ("wall is 4.2m by 2.4m, how many sq metres is that", "4.2 * 2.4", "10.08"),  # found blind (set 21)
        # found blind (sets 24 and 25): currency codes, a rate "to the pound", clock times overnight or in hours
        ("1 USD = 0.80 GBP, how many pounds for 250 dollars", "250 * 0.80", "200"),
        ("$40 to euros at 0.92", "40 * 0.92", "36.8"),
        ("rupees are 105 to the pound, i need 21000 rupees, how many pounds", "21000 / 105", "200"),
        ("the bus left at 22:10 and arrived at 01:30, how many minutes?", "(1 * 60 + 30) - (22 * 60 + 10) + 24 * 60",
         "200"),
        ("shift from 9pm to 7am the next morning, how many hours", "((7 * 60 + 0) - (21 * 60 + 0) + 24 * 60) / 60",
         "10"),
        ("train leaves 08:45 and gets in at 11:15, how many hours is the trip", "((11 * 60 + 15) - (8 * 60 + 45)) / 60",
         "2.5"),
        ("lost 4.5kg in 6 weeks, whats that per week on average?", "4.5 / 6", "0.75"),
        ("she scored 18 goals in 24 games. goals per game?", "18 / 24", "0.75"),
        # found blind (set 24 and 27): bills added up, a percentage taken off, a material per batch
        ("rent was 650.50, council tax 120.25 and internet 30. could you add those up for me?", "650.50 + 120.25 + 30",
         "800.75"),
        ("how much is 80 with 25 percent taken off", "80 - 25 / 100 * 80", "60"),
        ("the driver app takes 20% of every fare. the fare was 45, what do i actually keep", "45 - 20 / 100 * 45",
         "36"),
        ("the dough needs 500g flour per batch and i'm making 7 batches, how many kg of flour", "(500 * 7) / 1000",
         "3.5"),
        # found blind (sets 28 and 29): a rate to the pound beside "left over", tents that sleep a number
        ("i have 3800 yen left over and the rate is 190 yen to the pound, how many pounds is that", "3800 / 190", "20"),
        ("Tents sleep 4 each and we have 30 scouts, how many tents do we need?", "ceil(30 / 4)", "8"),
    ],
)
def test_everyday_quantities_are_read_exactly(question: str, program: str, value: str):
    reading = read_formula(question)
    assert reading is not None and reading.program == program and str(reading.result) == value


@pytest.mark.parametrize(
    "question",
    [
        "Tom has 5 apples; Ann has 3 more than Tom. How many more does Ann have?",  # 3, not 5 - 3
        "Tom is 12 and Ann is 7. How old will she be when he is 20?",  # who is who is not said
        "I got 78, 85 and 92 on my 4 tests, what's my average?",  # 4 tests, 3 scores
        "The ratio of boys to girls is 3:4 and there are 12 boys. How many pupils?",  # 12 is a part: not the whole
        "a class of 31, 2/5 of them are boys. how many boys?",  # no whole number of boys
        "30 sweets shared between 4 children, how many does each get",  # 7 each and 2 over: no one share
        "A plank is 1 m long. How many 30 cm pieces can I cut from it if 1 piece is 30 cm?",  # no rate: a size
        "1 euro is 0.86 pounds and I have 200 pounds",  # nothing asked
        "I bought 60 candles at 2.50 each and sold 40 for 4 each, profit?",  # not all sold: 40 of 60
        "my lasagne serves 6 and costs 9.90, how much for 4 portions?",  # not one portion
        "what is 350 F in kelvin",
        "what is each interior angle of a hexagon",  # not said to be regular: its angles may differ
        "I earn 96 a day, how much per hour",  # the hours of a day's work are not said
        "a bag of grout does 4 m2 and Ive got 13.5 m2 of tiling, how many bags",  # 3.375 bags: 3 or 4 not said
        "allotment plot is 10m by 6m and a third of it is potatoes, how many square metres of potatoes is that",
        "a class of 30, a third are boys and 5 are ill. how many girls?",  # the ill ones have no place
        "Tom and Ann share 60 sweets in the ratio 2:3. How many more does Ann get?",
        "Share 240 in the ratio 3:5. How much does each get?",  # no one part asked
        "the bus left at 10:10 and arrived at 01:30, how many minutes?",  # an earlier time in the day, not overnight
        "Ben is 13 and Ann is 7. How old will they be in 5 years?", "How many more than 12 is 20 times 3?",
        "from 11:30 to 2:15pm how many minutes",  # one time without its half of the day
        "born in 2031, how old in 2009?",  # no age is negative
        "a class of 30 kids, 12 are girls. how many students are there?",  # students: the whole, not the rest
        "a class of 30 kids, 12 are girls. how many girls?",
        "Ravi scored 12, 7, 19 and 3 runs, then lost 5. what is his total?",  # no list alone
        "3 pens at 2 each and 4 pencils. total?",  # 4 pencils have no price
        "It was -7 degrees at night and 12 degrees at noon. How many degrees did it fall?",  # it rose
        "A box is 2 m by 50 cm by 30 cm. What is its volume?",  # lengths in two units: no one product
        "I ate 3/4 of it. How many are left?",  # no whole
        "Including 20% VAT a drill is 60. What's the full price?",  # the full price is the 60 given
        "A square has an area of 50. What is its perimeter?",  # no exact side
        "a bus journey takes 1 hour 35 minutes each way how long is the return trip in minutes",  # found blind (16)
        "A bill of 60 is split between 4 friends and each adds a 2 tip. How much does each pay?",  # more than a share
        "my daughter is 3 times as old as my son. their ages add up to 24. how old is my daughter",  # an equation
        "what is the mode of 4, 6, 9",  # every value once: no mode
        "what is the range of 5-10",  # no list, and no calculation either
        "paper comes in packs of 50 sheets for 4.99, i need 120 sheets, how much will it cost",  # whole packs
        "a pen costs 35 cents, how much do 4 pens cost?",  # 140 cents or 1.40 dollars, by who asks (found blind: 86)
        "brioche buns are 85p each and i need 40, total cost??",  # 3400 pence or 34 pounds
        "2 hrs labour at £40/hr and parts £25, whats the total inc VAT",  # with VAT, which is not given
        "a 6.00 pie feeds 4 of us, if 10 are coming how much do i spend on pies",  # the count is said before "how much"
        "she swam 50m in 41.2 secs and 44.8 the week before, how much faster",  # no price, no count asked of
    ],
)
def test_other_everyday_questions_are_not_read(question: str):
    assert read_formula(question) is None


@pytest.mark.parametrize(
    "question, text, solution",
    [("solve y - 29 = 64", "y - 29 = 64", 93), ("3n - 17 = 49, n=?", "3 n - 17 = 49", 22),
     ("solve for a: a/6 = 14", "a / 6 = 14", 84), ("8m = 216", "8 m = 216", 27)],
)
def test_an_equation_in_another_letter_is_read(question: str, text: str, solution: int):
    equation = read_equation(question)
    assert equation is not None and (equation.text, equation.solution) == (text, solution)
    assert equation.unknown != "x" and f" {equation.unknown} " in f" {text} "


@pytest.mark.parametrize("question", [None, 12, "", "\x00", "9" * 300, "(" * 500 + "1", "how many " * 100,
                                      "a " * 2000 + "= 5", "12:30 " * 50 + "how many minutes",
                                      "I think of a number, " + "add 1, " * 200 + "and get 5"])
def test_hostile_questions_read_as_nothing(question):
    from transformer_demo.tasks.math.answer import reply
    from transformer_demo.tasks.math.reading import read_calculation

    assert read_formula(question) is None and read_calculation(question) is None
    if isinstance(question, str):
        assert read_equation(question) is None or len(question) <= 800
        assert reply(question, "1 + 1", "program").answer in (None, "2")
