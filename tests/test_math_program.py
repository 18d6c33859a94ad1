"""The math model's little language: grammar, exact values, formatting, and inputs meant to hurt."""
from __future__ import annotations

from fractions import Fraction

import pytest

from transformer_demo.tasks.math.program import MAX_BITS, MAX_CHARS, ProgramError, evaluate, format_number, run


@pytest.mark.parametrize(
    "program, answer",
    [
        ("332 * 971", "322372"),
        ("61 * 36", "2196"),
        ("1 - 56", "-55"),
        ("100 / 3", "33.33"),
        ("2 / 3", "0.67"),
        ("1 / 8", "0.125"), ("1 / 3", "0.33"), ("189 / 40", "4.725"),  # 0.125: half rounds away from zero, not to even
        ("-1 / 8", "-0.125"),
        ("50 / 4", "12.5"),  # no trailing zero
        ("3.14 * 7 ^ 2", "153.86"),
        ("3.14 * 10 ^ 2", "314"),
        ("(71 + 23) / 2", "47"),
        ("3 * 5 ^ 2 / 2", "37.5"),
        ("2 ^ 3 ^ 2", "512"),  # right-associative
        ("-2 ^ 2", "-4"),  # unary minus binds looser than ^
        ("2 ^ -2", "0.25"),
        ("pct((6 - 1) / 6)", "83.33%"),
        ("pct(3 / (3 + 5))", "37.5%"),
        ("pct(1 / (1 + 2))", "33.33%"),
        ("mean(1, 1, 2)", "1.33"),
        ("median(8, 31, 56)", "31"),
        ("median(56, 8, 31)", "31"),
        ("median(1, 2, 3, 4)", "2.5"),
        ("1 / 3 * 3", "1"),  # exact, no float error
        ("  12*7  ", "84"),  # spacing is free
        ("0.1 + 0.2", "0.3"),
        ("floor(150 / 12)", "12"), ("ceil(260 / 40)", "7"), ("ceil(12 / 6)", "2"),  # whole things that fit / needed
        ("floor(-7 / 2)", "-4"), ("ceil(-7 / 2)", "-3"),
    ],
)
def test_programs_evaluate_exactly(program: str, answer: str):
    assert run(program) == answer


def test_the_exact_value_and_the_percent_flag():
    result = evaluate("pct(1 / 3)")
    assert result.value == Fraction(1, 3) and result.is_percent
    assert evaluate("1 / 3").value == Fraction(1, 3) and not evaluate("1 / 3").is_percent
    assert format_number(Fraction(-1, 3000)) == "0"  # rounds to zero: no "-0"
    assert format_number(Fraction(-1, 1000)) == "-0.001"  # ends within 6 decimals: written exactly
    assert format_number(Fraction(1, 2**7)) == "0.01"  # ends after 7 decimals: rounded to 2


@pytest.mark.parametrize(
    "program, message",
    [
        ("", "empty program"),
        ("   ", "empty program"),
        ("12 / 0", "division by zero"),
        ("1 / (5 - 5)", "division by zero"),
        ("0 ^ -1", "division by zero"),
        ("12 +", "ends early"),
        ("12 7", "after the end"),
        ("(12 * 7", "ends early"),
        ("12 * 7)", "after the end"),
        ("12 x 7", "unknown name 'x'"),
        ("__import__('os')", "unexpected character"),
        ("eval(1)", "unknown name 'eval'"),
        ("2 ** 3", "unexpected '\\*'"),
        ("1e9", "unknown name 'e'"),
        ("pct(pct(1))", "pct only around the whole program"),
        ("1 + pct(1)", "pct only around the whole program"),
        ("median()", "unexpected '\\)'"),
        ("floor(7, 2)", "floor takes one number"),
        ("2 ^ 0.5", "whole number"),
        ("2 ^ 65", "larger than 64"),
        ("2 ^ 100000000000", "larger than 64"),
        ("99999999999 ^ 64", "too large"),
        ("10 ^ 64 ^ 64", "larger than 64"),
        ("1234567890123 + 1", "more than 12 digits"),
        ("1.5.5", "unexpected character|after the end"),
        ("12 * 7\x00", "unexpected character"),
        ("١٢ * 7", "unexpected character"),  # Arabic-Indic digits are not in the grammar
    ],
)
def test_anything_outside_the_grammar_or_the_limits_is_a_clear_error(program: str, message: str):
    with pytest.raises(ProgramError, match=message):
        run(program)


def test_hostile_sizes_are_refused_at_once():
    with pytest.raises(ProgramError, match=f"longer than {MAX_CHARS}"):
        run("1+" * 5000 + "1")  # 10,001 characters
    with pytest.raises(ProgramError, match="nested more than"):
        run("(" * 90 + "1" + ")" * 90)
    with pytest.raises(ProgramError, match="nested more than"):
        run("-" * 150 + "1")
    with pytest.raises(ProgramError, match="nested more than|larger than"):
        run("2^" * 60 + "2")
    with pytest.raises(ProgramError, match="too large"):  # products that grow past the bit limit
        run("999999999999 ^ 50 * 999999999999 ^ 50")
    with pytest.raises(ProgramError, match="takes at most"):
        run("mean(" + ", ".join(["1"] * 40) + ")")
    with pytest.raises(ProgramError, match="is text"):
        run(12)  # type: ignore[arg-type]
    assert run("1000 * 1000 ^ 2 / 2") == "500000000"  # the largest values the families produce are far inside
    assert len(str(evaluate("2 ^ 64 ^ 1").value)) == 20 and MAX_BITS >= 64
