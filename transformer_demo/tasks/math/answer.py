"""From a math model's output to what a user sees: the answer, the program, or why there is none.

A program-mode model writes a program ("12 * 7") that program.py evaluates exactly; a direct-mode
model writes the answer itself. A question in a wording the families do not list ("Find the median of 8, 31
and 56.") is answered only when the model's program is sound for it: a calculation (not a bare number) over
the question's own numbers and the families' constants; the reply then says to check the program shown.
Anything else gets no number, only why; a program that does not parse or evaluate (division by zero
included) is reported as such, never as an answer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .families import DIE, FAMILIES, parse_question
from .program import ProgramError, Result, evaluate

EXAMPLE_QUESTIONS = [
    "What is 12 times 7?",
    "What is 45 plus 38?",
    "Multiply 332 by 971.",
    "What is the area of a circle with radius 7?",
    "Solve for x in the equation x + 23 = 71.",
    "A bag contains 3 red and 9 blue balls. What is the probability of drawing a red ball?",
    "Find the median of 31, 8, and 56.",
    "Find the average of 10, 20, and 30.",
]


def mode_of(task_options: dict[str, Any]) -> str:
    """A math checkpoint's mode: "program" unless its task options say "direct"."""
    return task_options.get("mode", "program")


def known_kinds() -> str:
    return ", ".join(f.description for f in FAMILIES[:-1]) + f" and {FAMILIES[-1].description}"


def unknown_question_notice(question: str) -> str | None:
    """None for a question of a family in a supported wording with operands the model saw; else one sentence."""
    found = parse_question(question)
    if found is None:
        return (
            f"This model knows {len(FAMILIES)} kinds of question ({known_kinds()}), each in a few wordings such as "
            "the examples', and this question is not one of those wordings, so it answers only with a calculation "
            "on the question's own numbers."
        )
    if not found.family.in_range(found.operands):
        limit = "1 to 5" if found.family.ranges == (DIE,) else "1 to 1000"
        return (
            f"This is a question about {found.family.description}, but the model only saw numbers from {limit}, "
            "so its answer may be wrong."
        )
    return None


@dataclass
class MathReply:
    question: str
    output: str  # what the model wrote: a program, or the answer in direct mode
    program: str | None  # None in direct mode
    answer: str | None  # None when there is no answer to give
    result: Result | None  # the exact value (program mode)
    notice: str | None  # why there is no answer, or a caution

    def line(self, show_program: bool = False) -> str:
        """One line for the command line: the answer (and program), or "no answer: <why>"."""
        if self.answer is None:
            return f"no answer: {self.notice}"
        return f"{self.answer}\t{self.program}" if show_program and self.program else self.answer


NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def _stray_numbers(question: str, program: str, template: str) -> list[str]:
    """Numbers in the program that are neither in the question nor constants of the family's program (3.14, 2)."""
    allowed = set(NUMBER.findall(question)) | set(NUMBER.findall(re.sub(r"{\w}", "", template)))
    return sorted(set(NUMBER.findall(program)) - allowed)


CONSTANTS = "".join(re.sub(r"{\w}", "", f.program) for f in FAMILIES)  # 4, 3.14, 2, 6: every family's own
# How a question names each operation of a program; an unlisted wording must name every one its program uses.
OPERATION_WORDS = {
    "+": r"plus|add|sum|total|more|\+",
    "-": r"minus|subtract|difference|take|less|fewer|-",
    "*": r"times|multipl|product|area|perimeter|derivative|slope|\bx\b|\*|×",
    "/": r"divid|quotient|over|per|/|÷|integral|average|mean|probability|chance|odds",
    "^": r"area|circle|integral|power|squared|\^",
    "median": r"median|middle",
    "mean": r"mean|average",
    "pct": r"probability|chance|odds|percent|%",
}


def operations(program: str) -> set[str]:
    return set(re.findall(r"[a-z]+(?=\()|[-+*/^]", program))


def unknown_wording_reply(question: str, output: str, mode: str, notice: str) -> MathReply:
    """A question in no listed wording: the model's program is answered only if it is sound for this question."""
    numbers, asked = set(NUMBER.findall(output)), set(NUMBER.findall(question))
    if mode != "program":
        why = "a direct-mode model's answer cannot be checked against the question"
    elif NUMBER.fullmatch(output.strip()) or not numbers & asked:
        why = f"the model wrote {output!r}, which is not a calculation on the question's numbers"
    elif _stray_numbers(question, output, CONSTANTS):
        why = f"the model wrote {output!r}, which uses numbers that are not in the question"
    elif asked - numbers:
        why = f"the model wrote {output!r}, which leaves out {', '.join(sorted(asked - numbers))} of the question"
    elif unnamed := sorted(op for op in operations(output)
                           if not re.search(OPERATION_WORDS.get(op, r"(?!)"), question, re.IGNORECASE)):
        named = "an operation" if len(unnamed) == 1 else "operations"
        why = f"the model wrote {output!r}, which uses {' and '.join(unnamed)}, {named} the question does not name"
    else:
        try:
            result = evaluate(output)
        except ProgramError as exc:
            why = f"the model wrote {output!r}, which is not a valid program: {exc}"
        else:
            caution = (f"This is not a wording the model was trained on; its program, {output}, uses the question's "
                       "own numbers and operations: check that it asks that.")
            return MathReply(question, output, output, str(result), result, caution)
    return MathReply(question, output, output if mode == "program" else None, None, None,
                     f"{notice} Here {why}, so there is no answer.")


def reply(question: str, output: str, mode: str) -> MathReply:
    notice = unknown_question_notice(question)
    if parse_question(question) is None:
        return unknown_wording_reply(question, output, mode, notice)
    if mode == "direct":
        return MathReply(question, output, None, output, None, notice)
    stray = _stray_numbers(question, output, parse_question(question).family.program)
    if stray:
        numbers = f"{', '.join(stray)}: {'a number' if len(stray) == 1 else 'numbers'} not in the question"
        why = f"the model wrote {output!r}, which uses {numbers}; it misread the question, so there is no answer."
        return MathReply(question, output, output, None, None, " ".join(n for n in (notice, why) if n))
    try:
        result = evaluate(output)
    except ProgramError as exc:
        why = f"the model wrote {output!r}, which is not a valid program: {exc}."
        return MathReply(question, output, output, None, None, " ".join(n for n in (notice, why) if n))
    return MathReply(question, output, output, str(result), result, notice)
