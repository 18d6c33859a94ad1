"""Verified answers: the equation reader and substitution, the structure check, n-best disagreement, the
refusals' one-sentence reasons, the UNSURE verdict, and hostile inputs on these paths (no model needed)."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from transformer_demo.tasks.math.answer import N_BEST, one_reply, read_exactly, reply
from transformer_demo.tasks.math.answer_check import check
from transformer_demo.tasks.math.equation import read_equation
from transformer_demo.tasks.math.families import parse_question
from transformer_demo.tasks.math.program import MAX_CHARS
from transformer_demo.tasks.math.reading import read_calculation
from transformer_demo.tasks.math.soundness import unsound
from transformer_demo.tasks.math.structure import mismatch, question_pairs

CHECKPOINT = Path(__file__).resolve().parents[1] / "checkpoints" / "math-qa"


def model(*programs: str):
    """An answerer whose best program is the first, its other beam readings the rest."""
    return lambda q: reply(q, programs[0], "program", programs)


@pytest.mark.parametrize(
    "question, text, solution",
    [
        ("Solve for x: x - 150 = 275.", "x - 150 = 275", 425),
        ("Solve 275 = x - 150", "275 = x - 150", 425),
        ("What number plus 17 equals 40?", "x + 17 = 40", 23),
        ("what number minus 8 is 12", "x - 8 = 12", 20),
        ("17 - x = 5. Find x.", "17 - x = 5", 12),
        ("If 2x - 5 = 13, what is x?", "2 x - 5 = 13", 9),
        ("Solve 3(x + 1) = 12", "3 (x + 1) = 12", 3),
        ("x / 4 = 2.5", "x / 4 = 2.5", 10),
        ("Solve 2x + 3 = x + 10", "2 x + 3 = x + 10", 7),
        ("If 7 less than a number is -3, what is the number?", "x - 7 = - 3", 4),  # found blind (set 15)
        ("question 4: solve 3x + 2 = 11", "3 x + 2 = 11", 3),  # a question's label is no number of it
        ("4x - 3 = x + 12 x=?", "4 x - 3 = x + 12", 5),  # found blind (set 29): the letter asked, no term
    ],
)
def test_equations_are_read_exactly(question: str, text: str, solution: int):
    equation = read_equation(question)
    assert equation is not None and equation.text.replace("(", "( ").replace("( ", "(") == text.replace("( ", "(")
    assert equation.solution == solution and equation.holds(Fraction(solution))
    assert not equation.holds(Fraction(solution + 1))


@pytest.mark.parametrize(
    "question",
    ["Find the derivative of 3x^2 at x = 5.", "12 x 7 = ?", "3x-38", "x * x = 4", "What is 5 plus 3?",
     "x - 1 = 2 and x + 1 = 3", "x = 5", "(" * 500 + "x = 1", "x / 0 = 3", "1" * 40 + "x = 2",
     "If 7 fewer than 9 times a number is -3, what is the number?",  # a number outside the equation read
     "find the integral of -x + 2.5 from x = -1 to x = 1"],
)
def test_no_equation_is_read_where_there_is_none_or_it_is_not_linear(question: str):
    assert read_equation(question) is None


def test_an_equations_answer_is_substituted_back():
    question = "Please solve for x: x - 150 = 275"  # a wording no family lists: only the substitution checks it
    right, wrong = reply(question, "275 + 150", "program"), reply(question, "275 - 150", "program")
    assert (right.answer, right.program) == ("425", "275 + 150") and "x - 150 = 275" in right.notice
    # The model's 125 is never shown: its program fails the substitution, so the equation's exact solution is.
    assert (wrong.answer, wrong.program) == ("425", None)
    assert wrong.notice == ("The model's programs (the first: 275 - 150) did not solve x - 150 = 275, so this is "
                            "its exact solution: x = 425 makes it true.")
    assert one_reply(question, "275 - 150", "program").notice == ("The model's answer, 125, does not make "
                                                                  "x - 150 = 275 true, so there is no answer.")
    assert reply("What number plus 17 equals 40?", "40 - 17", "program").answer == "23"
    assert reply("Solve 50 = x + 20.", "50 - 20", "program").answer == "30"
    assert reply("Solve 50 = x + 20.", "50 + 20", "program").answer == "30"
    assert reply("Solve x + 1 = x + 2.", "1", "program").notice == ("x + 1 = x + 2 has no single solution, so there "
                                                                   "is no answer.")
    assert reply(question, "425", "direct").answer is None  # nothing to check a direct answer with


def test_a_reading_that_passes_the_checks_answers_when_the_first_program_fails():
    question = "999 plus 1 makes what?"
    rescued = reply(question, "999 - 1", "program", ("999 - 1", "999 + 1", "999 ^ 1", "515 + 1"))
    assert (rescued.answer, rescued.program) == ("1000", "999 + 1")
    assert rescued.notice.startswith("The model's first program, 999 - 1, failed the checks; another of its "
                                     "readings, 999 + 1, passed.")
    torn = reply(question, "999 - 1", "program", ("999 - 1", "999 + 1", "1 + 999 + 1"))  # unsound: still agree
    assert torn.answer == "1000"
    listed = reply("What is 12 times 7?", "12 + 7", "program", ("12 + 7", "7 * 12"))
    assert (listed.answer, listed.program) == ("84", "7 * 12")
    listed_fails = reply("What is the area of a circle with radius 7?", "7 * 2", "program", ("7 * 2", "3.14 * 7"))
    assert (listed_fails.answer, listed_fails.program) == ("153.86", None)
    assert listed_fails.notice == ("The model's programs (the first: 7 * 2) did not compute the area of a circle, "
                                   "so this is its exact answer: 153.86.")
    word_problem = "Tom has 11 apples in a bag and 2 in his hand. How many are in the bag?"  # nothing reads it
    none_pass = reply(word_problem, "11 + 2", "program", ("11 + 2", "2 - 11"))
    assert none_pass.answer is None and "which the question does not name" in none_pass.notice
    said = reply("What is 12 times 7?", "12 + 7", "program", ("12 + 7", "12 - 7"))  # a calculation said in words
    assert (said.answer, said.program) == ("84", None)
    assert said.notice == ("The model's programs (the first: 12 + 7) did not compute multiplication, so this is its "
                           "exact answer: 84.")
    unlisted = reply("What is 8 squared minus 4?", "8 ^ 4", "program", ("8 ^ 4", "8 - 4"))
    assert (unlisted.answer, unlisted.program) == ("60", None)
    assert unlisted.notice == ("The model's programs (the first: 8 ^ 4) did not compute what the question says, so "
                               "this is its exact value: (8 ^ 2) - 4 = 60.")


def test_the_check_never_contradicts_a_right_answer_to_an_equation():
    wrong_model = model("275 - 150")  # what the visitor got: the equation's exact solution decides now
    verdict = check(wrong_model, "425", question="Solve for x: x - 150 = 275")
    assert verdict["Evaluation"] == "EQUIVALENT" and verdict["botanswer"] == "425"
    assert check(wrong_model, "125", question="Solve for x: x - 150 = 275")["Evaluation"] == "NOT_EQUIVALENT"
    unsolvable = check(wrong_model, "3", question="Solve x + 1 = x + 2")
    assert unsolvable["Evaluation"] == "UNSURE"
    assert unsolvable["message"] == "x + 1 = x + 2 has no single solution, so the checker cannot tell."
    right_model = model("275 + 150")
    assert check(right_model, "425", question="Solve for x: x - 150 = 275")["Evaluation"] == "EQUIVALENT"
    assert check(right_model, "x = 425", question="Solve for x: x - 150 = 275")["Evaluation"] == "EQUIVALENT"
    assert check(right_model, "125", question="Solve for x: x - 150 = 275")["Evaluation"] == "NOT_EQUIVALENT"


@pytest.mark.parametrize(
    "question, program, why",
    [
        ("Take 8 from 20.", "8 - 20", "computes 8 - 20 where the question asks for 20 - 8"),
        ("Subtract 8 from 20.", "8 - 20", "computes 8 - 20 where the question asks for 20 - 8"),
        ("What is 8 less than 20?", "8 - 20", "computes 8 - 20 where the question asks for 20 - 8"),
        ("Divide 12 by 4.", "4 / 12", "computes 4 / 12 where the question asks for 12 / 4"),
        ("Share 80 equally among 5 friends.", "5 / 80", "computes 5 / 80 where the question asks for 80 / 5"),
        ("What is 2 to the power of 10?", "10 ^ 2", "computes 10 ^ 2 where the question asks for 2 ^ 10"),
        ("What is 3^4?", "4 ^ 3", "computes 4 ^ 3 where the question asks for 3 ^ 4"),
        ("Tom has 11 apples and eats 2.", "2 - 11", "computes 2 - 11 where the question asks for 11 - 2"),
        ("Subtract to find how far apart 12 and 30 are.", "12 - 30",
         "computes 12 - 30 where the question does not say which of the two comes first"),
    ],
)
def test_a_program_must_keep_the_questions_order(question: str, program: str, why: str):
    assert mismatch(question, program) == why
    refused = one_reply(question, program, "program")
    assert refused.answer is None
    if parse_question(question) is None and read_calculation(question) is None:  # else the family or the
        assert refused.notice == f"The model wrote {program!r}, which {why}, so there is no answer."  # calculation
    assert reply(question, program, "program").answer in (None, str(read_calculation(question) and
                                                                     read_calculation(question).result))


@pytest.mark.parametrize(
    "question, program, answer",
    [
        ("Take 8 from 20.", "20 - 8", "12"), ("Divide 12 by 4.", "12 / 4", "3"),
        ("What is 2 to the power of 10?", "2 ^ 10", "1024"), ("What is 12 squared, please?", "12 ^ 2", "144"),
        ("How much is 12 squared?", "12 ^ 2", "144"),
        ("Tom has 11 apples and eats 2. How many are left?", "11 - 2", "9"),
        ("What is 15% of 240?", "15 / 100 * 240", "36"), ("What is 3 plus 4 minus 2?", "3 + 4 - 2", "5"),
        ("Find the median of 8, 31 and 56.", "median(8, 31, 56)", "31"),
    ],
)
def test_a_program_in_the_questions_order_is_answered(question: str, program: str, answer: str):
    assert reply(question, program, "program").answer == answer


def test_question_pairs_read_the_order_of_each_phrase():
    assert question_pairs("Subtract 8 from 20, then divide 12 by 4") == {("-", "20", "8"), ("/", "12", "4")}
    assert question_pairs("12 squared and 5 cubed") == {("^", "12", "2"), ("^", "5", "3")}
    assert question_pairs("What is 2.50 minus 1?") == {("-", "2.5", "1")}


def test_disagreeing_readings_give_no_answer():
    one_step = "A box holds 22 pencils, how many are in 3 boxes?"
    agree = model("22 * 3", "3 * 22")(one_step)
    assert agree.answer == "66" and "other readings agree" in agree.notice
    unsound_other = model("22 * 3", "22 * 3 * 2", "22 - 3")(one_step)  # unsound readings do not count
    assert unsound_other.answer == "66"
    question = "What do you get with 6 and 3 multiplied and 2 added?"
    disagree = model("6 * 3 + 2", "6 * (3 + 2)")(question)
    assert disagree.answer is None
    assert disagree.notice == "The model's readings of this question disagree (20 and 30), so there is no answer."
    verdict = check(model("6 * 3 + 2", "6 * (3 + 2)"), "20", question=question)
    assert verdict["Evaluation"] == "UNSURE" and "disagree (20 and 30)" in verdict["message"]


def test_a_sound_program_of_more_than_one_step_that_no_reader_confirms_is_no_answer():
    question = "What do you get with 6 and 3 multiplied and 2 added?"  # sound, and the readings agree
    reply_ = model("6 * 3 + 2", "3 * 6 + 2", "2 + 6 * 3")(question)
    assert reply_.answer is None and reply_.notice == ("No reader here confirms the model's program 6 * 3 + 2 for this "
                                                       "wording, so there is no answer.")
    assert check(model("6 * 3 + 2"), "20", question=question)["Evaluation"] == "UNSURE"


def test_each_refusal_is_one_short_sentence():
    refusals = [
        one_reply("What is 12 times 7?", "12 + 7", "program"), reply("What is 12 divided by 0?", "12 / 0", "program"),
        reply("What is the capital of France?", "2 * 6", "program"), one_reply("Take 8 from 20.", "8 - 20", "program"),
        reply("Solve x + 1 = x + 2.", "1", "program"), reply("12 / 0 = ?", "12 * 191", "program"),
        model("6 * 3 + 2", "6 * (3 + 2)")("6 and 3 multiplied, 2 added"),
    ]
    for refused in refusals:
        assert refused.answer is None and refused.notice.endswith(".") and len(refused.notice) < 160, refused.notice
        assert refused.notice.count(". ") == 0 and "15 kinds" not in refused.notice, refused.notice


def test_a_question_in_a_conversation_is_checked_the_same_way_as_a_plain_one():
    asked = "Can you help? 25 children play in the park and 6 go home. How many play in the park then?"
    talk = [{"user": asked, "bot": "Sure! What do you get?"}]
    for programs, answer, verdict in ((("6 - 25",), "19", "UNSURE"), (("25 - 6",), "19", "EQUIVALENT"),
                                      (("25 - 6",), "20", "NOT_EQUIVALENT")):
        plain = check(model(*programs), answer, question=asked)
        in_talk = check(model(*programs), answer, conversation=talk)
        assert plain["Evaluation"] == in_talk["Evaluation"] == verdict
        assert plain.get("message") == in_talk.get("message")


def test_a_question_the_model_gets_wrong_and_nothing_reads_exactly_is_unsure_not_an_error():
    question = "25 children play in the park and 6 go home. How many play in the park then?"
    verdict = check(model("6 - 25"), "19", question=question)
    assert verdict["Evaluation"] == "UNSURE" and verdict["message"].endswith("so the checker cannot tell.")
    assert verdict["original_question_got"] == question
    listed = check(model("7 * 2"), "153.86", question="What is the area of a circle with radius 7?")
    assert listed["Evaluation"] == "EQUIVALENT" and listed["botanswer"] == "153.86"  # the family's exact answer
    said = check(model("61 + 36"), "2196", question="What is 61 times 36?")  # a calculation said: its exact value
    assert said["Evaluation"] == "EQUIVALENT" and said["botanswer"] == "2196"


@pytest.mark.parametrize("question", ["x - 150 = 275 " + "+ 1 " * 400, "Solve " + "(" * 30 + "x" + ")" * 30 + " = 2",
                                      "Solve x - 1e999 = 2", "Solve x - 99999999999999999 = 2", "\x00x = 1 + 1"])
def test_hostile_equations_are_refused_cheaply(question: str):
    result = reply(question, "1 + 1", "program")
    assert result.answer in (None, "2")
    assert len(question) <= 4 * MAX_CHARS or read_equation(question) is None


def test_the_new_families_answers_are_verified_and_their_hostile_inputs_refused():
    assert reply("What is the square root of 144?", "sqrt(144)", "program").answer == "12"
    assert one_reply("What is the square root of 144?", "144 / 2", "program").answer is None
    root = reply("What is the square root of 50?", "sqrt(50)", "program")
    assert root.answer is None and root.notice == ("The model wrote 'sqrt(50)', which is not a valid program: the "
                                                   "square root of 50 is not exact.")
    assert reply("What is the square root of 50?", "50 / 50", "program").notice == (
        "50 is not a perfect square, so there is no answer.")
    huge = reply("What is 999999999999 to the power of 999999999999?", "999999999999 + 999999999999", "program")
    assert huge.answer is None and "too large" in huge.notice
    assert reply("What is 15% of 240?", "240 * 15 / 100", "program").answer == "36"
    assert one_reply("What is 15% of 240?", "240 / 15", "program").answer is None
    assert one_reply("What is 12 squared?", "12 * 2", "program").answer is None
    nested = "sqrt(" * 20 + "4" + ")" * 20
    assert one_reply("What is the square root of 4?", nested, "program").answer is None


@pytest.mark.parametrize(
    "question, program, why",
    [  # wrong programs the shipped model wrote for the 100 hand-written questions, now refused
        ("I need 11 squared.", "11 * 4", "uses 4, not in the question"),  # a 4 only where a perimeter calls for it
        ("I need 11 squared.", "11 * 2", "does not compute 11 ^ 2, which the question asks for"),
        ("What's 5 cubed?", "5 * 5", "uses 5 more often than the question does"),
        ("What's 5 cubed?", "5 ^ 2", "uses 2, not in the question"),
        ("What's 5 cubed?", "5 * 3", "does not compute 5 ^ 3, which the question asks for"),
        ("I want 20 percent of 150.", "20 * 150", "does not divide the percentage by 100"),
        ("Each pack has 6 eggs. How many eggs are in 5 packs?", "6 * 5 * 5",
         "uses 5 more often than the question does"),
        ("(-2) cubed plus 10 = ?", "2 + 10", "does not use ^, which the question names"),  # found blind (set 19)
    ],
)
def test_wrong_programs_for_everyday_wordings_are_refused(question: str, program: str, why: str):
    assert why in unsound(question, program)  # the checks of a wording that is not read as one calculation
    assert one_reply(question, program, "program").answer is None


def test_a_question_inside_a_longer_sentence_is_not_taken_for_the_whole():
    assert check(model("5 * 6"), "210", question="Multiply 5 by 6 by 7.")["Evaluation"] != "NOT_EQUIVALENT"
    talk = [{"user": "what is 61 times 36 ?", "bot": "Sure, you multiply 61 by 36. What do you get?"}]
    assert check(model("61 * 36"), "2196", conversation=talk)["original_question_got"] == "What is 61 times 36?"


def test_a_count_of_whole_things_is_never_a_fraction():
    """Found blind (set 12): the model's 150 / 12 for "how many full boxes" was 12.5; the reading floors it; and
    (set 18) things counted that are shared come in whole numbers too."""
    question = "I have 150 eggs to pack in boxes of 12. How many full boxes can I make?"
    assert "floor(150 / 12) = 12" in one_reply(question, "150 / 12", "program").notice
    assert reply(question, "150 / 12", "program", ("150 / 12",)).answer == "12"
    unread = "45 divided by 6 is how many full pages can she fill?"  # no reader reads it: the model's program
    assert "a whole number of things" in one_reply(unread, "45 / 6", "program").notice
    sweets = "30 sweets shared between 4 children, how many does each get"  # found blind: 30 / 4 was 7.5 sweets
    assert "a whole number of things" in one_reply(sweets, "30 / 4", "program").notice
    assert one_reply("28 sweets shared between 4 children, how many does each get", "28 / 4", "program").answer == "7"
    rope = "a 3 m rope is cut into 4 equal bits, how many metres is each bit"  # a measure may be a fraction
    assert one_reply(rope, "3 / 4", "program").answer == "0.75"


def test_a_listed_wording_in_a_word_problems_middle_sentence_is_not_the_question():
    """Found blind (set 13): "3/8" in "... 120 litres when full. It is 3/8 full. How many litres?" was checked as
    3 / 8, and the right 45 marked wrong."""
    question = "A water tank holds 120 litres when full. It is 3/8 full. How many litres of water are in it?"
    assert check(model("120 - 8"), "45", question=question)["Evaluation"] == "EQUIVALENT"
    assert check(model("120 - 8"), "0.38", question=question)["Evaluation"] == "NOT_EQUIVALENT"
    tripled = "recipe calls for 3/4 cup of milk and i'm tripling it, how many cups"  # found blind (set 22)
    assert check(model("3 / 4 * 3"), "2.25", question=tripled)["Evaluation"] != "NOT_EQUIVALENT"  # two steps: UNSURE
    part = "Ann has 30 sweets. She gives 1/3 of them to her brother, how many does Ann have left?"  # found blind (27)
    assert check(model("30 - 30 / 3"), "20", question=part)["Evaluation"] != "NOT_EQUIVALENT"


def test_a_reading_whose_units_do_not_add_up_is_no_reading():
    """Found blind (set 13): "£18 a month for 24 months plus £50" was read as the total 18 + 24 + 50; the total
    of a rate times its months and a lump sum is read now (totals.py, set 106)."""
    question = "A phone contract is £18 a month for 24 months plus £50 paid at the start. What is the total cost?"
    assert read_exactly(question).program == "18 * 24 + 50"
    assert one_reply(question, "18 + 24 + 50", "program").answer is None  # the model's sum is not the reading


@pytest.mark.parametrize(("question", "right", "wrong"), [("what is -7 + 3", "-4", "10"),
                                                          ("-12 times 3?", "-36", "36")])
def test_a_listed_wording_after_a_minus_sign_is_not_the_question(question: str, right: str, wrong: str):
    """Found blind (set 12): "7 + 3" inside "what is -7 + 3" was checked as 7 + 3, and -4 marked wrong."""
    assert check(model("7 - 3"), right, question=question)["Evaluation"] == "EQUIVALENT"
    assert check(model("7 - 3"), wrong, question=question)["Evaluation"] == "NOT_EQUIVALENT"


class ScriptedEngine:
    """An engine that writes the given programs for each question (best first), recording each decoding asked."""

    name, capabilities = "scripted", frozenset({"greedy", "beam"})

    def __init__(self, programs: dict[str, list[str]]):
        self.programs, self.asked = programs, []

    def translate(self, texts: list[str], options):
        from transformer_demo.inference import EngineResult

        self.asked.append((list(texts), options.method, options.n_best))
        n = options.n_best if options.method == "beam" else 1
        return [EngineResult([(program, -1.0) for program in self.programs[text][:n]]) for text in texts]


def test_the_math_task_decodes_the_other_readings_only_where_they_decide_and_whatever_the_caller_asked():
    from transformer_demo.checkpoint import load_checkpoint
    from transformer_demo.decoding import DecodeOptions
    from transformer_demo.tasks import get_task

    checkpoint = load_checkpoint(CHECKPOINT)  # its vocabulary and config only: the scripted engine writes
    unlisted = "What do you get with 6 and 3 multiplied and 2 added?"
    engine = ScriptedEngine({unlisted: ["6 * 3 + 2", "6 * (3 + 2)"], "What is 12 times 7?": ["12 * 7"],
                             "Help! Solve for x: x - 150 = 275": ["275 - 150"], "Tell me a joke.": ["2 * 6"]})
    lines = get_task("math").translate(engine, checkpoint, list(engine.programs), DecodeOptions())
    # Decoded again: a sound unlisted one (its readings must agree), and the two whose first program failed.
    again = [unlisted, "Help! Solve for x: x - 150 = 275", "Tell me a joke."]
    assert engine.asked == [(list(engine.programs), "greedy", 1), (again, "beam", N_BEST)]
    assert [line.outputs[0].text for line in lines] == ["(no answer)", "84", "425", "(no answer)"]
    assert lines[0].notice == "The model's readings of this question disagree (20 and 30), so there is no answer."
    assert lines[2].notice == ("The model's programs (the first: 275 - 150) did not solve x - 150 = 275, so this is "
                               "its exact solution: x = 425 makes it true.") and lines[2].program is None
    one_step = "A box holds 22 pencils, how many are in 3 boxes?"
    engine.programs[one_step] = ["22 * 3", "3 * 22"]
    beam = DecodeOptions(method="beam", beam_size=2, n_best=2)
    agreed = get_task("math").translate(engine, checkpoint, [one_step], beam)[0]
    assert [output.text for output in agreed.outputs] == ["66", "66"] and "other readings agree" in agreed.notice
    assert engine.asked[-1] == ([one_step], "beam", N_BEST)


@pytest.mark.parametrize(
    "question, program, answer",
    [  # everyday words for an operation ("6 go home" takes away) and the order they state
        ("There are 25 children and 6 go home. How many stay?", "25 - 6", "19"),
        ("A box holds 22 pencils, how many are in 3 boxes?", "22 * 3", "66"),
        ("There are 8 rows of 9 chairs. How many chairs in total?", "8 * 9", "72"),
        ("A shirt costs 25 and a hat costs 17. How much for both?", "25 + 17", "42"),
        ("If you have 100 and take away 37, what remains?", "100 - 37", "63"),
        ("What remains when 19 is taken away from 64?", "64 - 19", "45"),
        ("How much less than 1000 is 250?", "1000 - 250", "750"),
        ("How much bigger is 92 than 58?", "92 - 58", "34"),
        ("What do you get dividing 1 by 3?", "1 / 3", "0.33"),
        ("A bag has 2 red and 8 blue balls. What are the chances I pick red?", "pct(2 / (2 + 8))", "20%"),
        ("Find the perimeter of a square with 9 cm sides.", "4 * 9", "36"),
        ("Circle radius 10, area?", "3.14 * 10 ^ 2", "314"),
        ("What number added to 30 gives 100?", "100 - 30", "70"),
    ],
)
def test_everyday_wordings_are_read_and_answered(question: str, program: str, answer: str):
    assert reply(question, program, "program").answer == answer


@pytest.mark.parametrize(
    "question, program, why",
    [
        ("There are 25 children and 6 go home. How many stay?", "6 - 25", "asks for 25 - 6"),
        ("There are 25 children and 6 go home. How many stay?", "25 + 6", "uses +, which the question does not name"),
        ("How much less than 1000 is 250?", "250 - 1000", "asks for 1000 - 250"),
        ("Find the perimeter of a square with 9 cm sides.", "2 * 9", "does not compute 4 times the side"),
        ("Circle radius 10, area?", "3.14 * 10", "does not compute 10 ^ 2"),
        ("Circle radius 10, area?", "3.14 * 10 ^ 4", "uses 4, not in the question"),
        ("Take 40% of 250.", "40 / 100 / 250", "divides by 250, the whole the percentage is taken of"),
        ("Find the square root of 400, please.", "400 ^ 2", "uses ^, which the question does not name"),
        ("Can you square 15 for me?", "15 ^ 4", "uses 4, not in the question"),
        ("A bag has 2 red and 8 blue balls. What are the chances I pick red?", "pct(8 / (8 + 2))",
         "uses 8 more often than the question does"),  # the other colour's chance
        ("What is the chance of blue with 3 red and 5 blue balls?", "pct(3 / (3 + 5))",
         "uses 3 more often than the question does"),  # both colours named after "chance": no part is certain
        # found blind (set 17): an offer, and words that say a number of their own, left out of the program
        ("buy one get one half price on trainers at £18 each, i buy 2, whats the total", "2 * 18",
         "does not apply the offer the question states (buy one get)"),
        ("I had 30 stickers and gave away half plus 4 more. How many did I give away?", "30 + 4",
         "does not use the 2 its words say (half)"),
        ("the coach for our trip costs £540 and there are 36 of us going, how much each", "540 * 36",
         "uses *, which the question does not name"),  # "how much each" asks a share
        # found blind (sets 22 and 23): a count in words, a sign, an average of unlike amounts, a named "/"
        ("nurse gives 2 tablets four times a day for 7 days, how many tablets", "2 * 7",
         "does not use the four its words say"),
        ("what is -2 to the power 5", "2 ^ 5", "drops the minus sign of -2"),
        ("cycled 30 km there at 15 km/h and 20 km back at 10 km/h, average speed in km/h", "mean(30, 15, 20, 10)",
         "averages km per hour with km"),
        ("a cake needs 3/4 cup of sugar and i'm doubling it, how many cups", "3 / 4",
         "does not use the 2 its words say (doubling)"),
        ("monthly pay 2000, what's that per week if you do x12 then /52", "2000 * 12 * 52", "does not use /"),
        # found blind (sets 24 and 25): a square metre's 2, an average, trips of a load, a pace
        ("grass seed goes down at 20g per m2 and the lawn is 50 m2, how many kg of seed", "2 * 20 * 50",
         "uses 2, not in the question"),
        ("she scored 300 runs and was out 10 times, what is her batting average", "300 * 10", "takes no average"),
        ("the lorry fits 30 pallets and we have 200 to move, how many trips", "30 * 200", "does not divide"),
        ("ran 10k in 50 min 20 sec, what's my pace in minutes per km", "10 * 50 * 20",
         "takes 50 min 20 sec for two numbers, not a time"),
        # found blind (sets 26 and 27): a number said twice in one sentence, a price per thing bought, litres
        ("what is 20 percent of 20 percent of 500", "20 / 100 * 500", "uses 20 fewer times"),
        ("I buy pens at 40p each and sell them at 65p, how much profit in pence on 100 pens?", "40 * 100 * 65",
         "takes nothing away and divides nothing"),  # a profit; its product multiplies pence by pence too
        ("a tank is 50cm x 40cm x 30cm, what's its volume in litres", "50 * 40 * 30",
         "gives cm³, but the question asks for litres"),
        ("ran 10k in 48:20, whats my average pace per km in seconds", "mean(10, 48, 20)", "takes 48:20 for two"),
        ("a hall has 20 rows of 15 seats and 40 are taken, how many seats are free", "20 * 15 * 40", "seats²"),
    ],
)
def test_everyday_wordings_refuse_programs_of_another_meaning(question: str, program: str, why: str):
    assert why in unsound(question, program)
    assert one_reply(question, program, "program").answer is None


def test_every_family_constant_has_words_that_call_for_it():
    import re

    from transformer_demo.tasks.math.families import FAMILIES
    from transformer_demo.tasks.math.soundness import CONSTANT_WORDS, NUMBER

    constants = {n for f in FAMILIES for n in NUMBER.findall(re.sub(r"{\w}", "", f.program))}
    assert constants and constants <= set(CONSTANT_WORDS)


@pytest.mark.parametrize(
    "question, program, why",
    [  # wrong answers the first reading of tests/fixtures/math_questions_third.tsv gave, refused since
        ("There are 156 chairs set out in rows of 13. How many rows are there?", "156 * 13",
         "uses *, which the question does not name"),  # "in rows of" divides
        ("Anna has 19 stamps and Ben has 46. how many more stamps does Ben have than Anna?", "19 + 46",
         "uses +, which the question does not name"),  # "how many more" compares
        ("There are 156 chairs set out in rows of 13. How many rows are there?", "13 / 156", "asks for 156 / 13"),
    ],
)
def test_comparisons_and_groups_of_a_whole_name_no_sum_or_product(question: str, program: str, why: str):
    assert why in (unsound(question, program) or mismatch(question, program))
    assert one_reply(question, program, "program").answer is None
    assert reply("A farmer has 240 eggs and puts them into cartons of 12. How many cartons?", "240 / 12",
                 "program").answer == "20"
    assert reply("There are 8 rows of 9 chairs. How many chairs in total?", "8 * 9", "program").answer == "72"


def test_a_number_of_the_question_is_used_again_only_as_a_constant_its_words_call_for():
    from transformer_demo.tasks.math.soundness import unsound

    assert unsound("What is 3 plus 5?", "3 + 5 + 3") == "uses 3 more often than the question does"
    assert unsound("A square has sides of 12 cm. What is its perimeter?", "4 * 12 * 4") == (
        "uses 4 more often than the question does")
    assert reply("What is 2 squared?", "2 ^ 2", "program").answer == "4"
    assert reply("Integrate 2x from 0 to 2.", "2 * 2 ^ 2 / 2", "program").answer == "4"


def test_a_dies_chance_of_more_than_a_number_counts_the_faces_above_it():
    question = "chance of rolling higher than 3 on one dice, in percent"  # the third set's one wrong answer
    assert reply(question, "pct((6 - 3) / 6)", "program").answer == "50%"
    assert "does not compute 6 - 3" in mismatch(question, "pct((6 / 3) / 6)")
    assert one_reply(question, "pct((6 / 3) / 6)", "program").answer is None


def test_an_answer_asked_in_a_unit_no_reader_converts_to_is_refused():
    question = "farmers field is 150m by 80m, whats its area in hectares"  # found blind (set 17): 12000 was given
    for program in ("150 * 80", "150 * 80 / 10000"):
        assert "in hectares, a unit this tutor does not convert to" in reply(question, program, "program").notice
        assert reply(question, program, "program").answer is None
    area = "A field is 150 m by 80 m. What is its area in square metres?"
    assert reply(area, "150 * 80", "program").answer == "12000"
