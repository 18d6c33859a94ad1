"""What the rules accept from a model that never errs: the right program for each question of blind sets 154-157
(tests/fixtures/math_reference_programs_154_157.tsv, written by a helper that never saw the rules), given to
answer.reply as the model's output and its only reading. The figure is quoted in the model card: it shows that the
rules, not the model, cap the share of questions answered."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from transformer_demo.tasks.math.answer import reply
from transformer_demo.tasks.math.asking import question_in
from transformer_demo.tasks.math.program import evaluate, rounded

FIXTURE = Path(__file__).parent / "fixtures" / "math_reference_programs_154_157.tsv"
ROWS = [line.split("\t") for line in FIXTURE.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
PROGRAMS = [(question, answer, program) for question, answer, program in ROWS if program != "NONE"]


def _value(program: str) -> Fraction:
    result = evaluate(program)
    return result.value * 100 if result.is_percent else result.value


def test_the_fixture_holds_a_program_for_all_but_one_question():
    assert len(ROWS) == 400 and len(PROGRAMS) == 399


def test_each_reference_program_gives_its_questions_answer_to_the_places_said():
    for question, answer, program in PROGRAMS:
        said = answer.rstrip("%")
        places = len(said.split(".")[1]) if "." in said else 0
        assert rounded(_value(program), places) == said, question


def test_the_rules_answer_most_reference_programs_and_always_with_their_value():
    answered = 0
    for question, _, program in PROGRAMS:
        got = reply(question_in(question), program, "program", (program,))
        if got.answer is not None:
            answered += 1
            assert got.result.value == evaluate(program).value, question
    assert answered >= 216  # 218 at commit time; 211 before that session's readings
