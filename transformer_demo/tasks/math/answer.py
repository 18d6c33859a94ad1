"""From a math model's output to what a user sees: a verified answer, or why there is none.

A program-mode model writes a program ("12 * 7") that program.py evaluates exactly; a direct-mode
model writes the answer itself. No number is shown that was not verified against the question itself:
  - a question in a listed wording: the family's own exact answer (families.py) must equal the program's;
  - a question stating an equation (equation.py): the program's value, substituted for x, must make it
    true ("x - 150 = 275" holds for 425, not for 125);
  - a question that says one calculation in words (reading.py: "What is 8 squared minus 4?") or asks for a
    quantity with a formula (formulas.py: a square's perimeter, a die's chance): the program's value must equal
    the calculation's exact value;
  - a question about an unknown number ("what number ...") from which no equation can be read: no answer;
  - any other wording: the program must be a sound calculation (soundness.py: the question's own numbers and the
    constants its words call for, no operation it does not name, its order for "-", "/" and "^", units that make
    a quantity), the model's other beam-search readings that pass the same rules must give the same answer
    (N_BEST), and it must be one plain step (soundness.one_step: "Tom has 11 apples and eats 2" as 11 - 2, "a box
    holds 22 pencils, how many in 3 boxes" as 22 * 3). A longer program of the model's is no answer however sound:
    on the blind sets 54-57 and 62-65, read before their fixes, such programs were right 5 times in 14, against
    416 in 430 for the readers.
When the model's first program fails these checks, its other beam-search readings are tried in turn under the
same checks; when none passes and the question is in a listed wording, states an equation or says a calculation,
the answer is the family's exact answer, the equation's exact solution or the calculation's exact value, and the
reply says the model's programs did not give it.
Anything else gets no number, only why, in one sentence; a program that does not parse or evaluate (division
by zero included) is reported as such, never as an answer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from .asked import period_left_out
from .demands import unmet
from .equation import Equation, System, read_equation
from .families import DIE, FAMILIES, Found, NoExactAnswer, parse_question
from .formulas import read_formula
from .memo import of_text
from .program import ProgramError, Result, evaluate
from .reading import Calculation, read_calculation
from .soundness import OFFER, SHARE_ASKED, one_step, stray_numbers, unsound
from .spoken import count_left_out
from .structure import implausible, tree
from .substitution import read_substitution
from .wholes import counts_things, whole_count

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
    answer: str | None  # None when there is no verified answer to give
    result: Result | None  # the exact value (program mode)
    notice: str | None  # why there is no answer (one sentence), or how the answer was checked
    readable: bool = False  # the text is a question that was read (a listed wording, an equation, a sound program)

    def line(self, show_program: bool = False) -> str:
        """One line for the command line: the answer (and program), or "no answer: <why>"."""
        if self.answer is None:
            return f"no answer: {self.notice}"
        return f"{self.answer}\t{self.program}" if show_program and self.program else self.answer


N_BEST = 8  # beam-search readings: compared for a wording no family lists, and tried when the first program fails


UNKNOWN_NUMBER = re.compile(r"\b(?:what|which|a|my|some|the|this|that)\s+number\b(?!\s*\d)"
                            r"|\b(?:for|find|is|of|get|what'?s|whats)\s+x\b(?!\s*\d)|\bx\s*=\s*\?",
                            re.IGNORECASE)  # asks for x




# Questions whose answer is a formula's (formulas.py): where no formula reads one, the model's program is not trusted.
FORMULA_TOPICS = {r"\b(?:circles?|circular|radius|diameter)\b": "a circle", r"\bperimeter\b": "a perimeter",
                  r"\b(?:derivative|differentiate)\b": "a derivative", r"\bintegra\w*|∫": "an integral",
                  r"\bdic?e\b": "a die", r"\b(?:probability|chances?)\b": "a chance", r"\btriangles?\b": "a triangle",
                  r"\bhow\s+old\b|\btimes\s+(?:their|his|her|my|your|our)\s+age\b": "an age",
                  r"\bsequence\b|\b\d+(?:st|nd|rd|th)\s+term\b|\bnth\b": "a sequence", r"\bdiagonal\b": "a diagonal"}
FORMULA_TOPIC = re.compile("|".join(f"(?P<t{i}>{words})" for i, words in enumerate(FORMULA_TOPICS)), re.IGNORECASE)


@of_text
def read_exactly(question: str) -> Calculation | None:
    """The question's own calculation (reading.py), formula (formulas.py) or expression with the values of its
    letters (substitution.py), when it says one; none where a multi-buy offer sets the price ("BOGOF at £4.50 a
    bottle, 6 bottles"), a rule no reader here reads."""
    reading = read_calculation(question) or read_formula(question) or read_substitution(question)
    return None if reading is None or count_left_out(question, reading.program) or unmet(question, reading.program) \
        or OFFER.search(question) or clock_left_out(question, reading.program) or period_left_out(
            question, set(tree(reading.program).numbers())) else reading


# Two clock times that bound a span ("worked 9:15 to 17:45", "from 8am till 4:30pm"); groups: each one's minutes.
CLOCK_SPAN = re.compile(r"(?<![\d.:])\d{1,2}(?::(\d\d))?\s*(?:am|pm)?\s*(?:to|till|until|-|–)\s*\d{1,2}(?::(\d\d))?"
                        r"(?![\d.])", re.IGNORECASE)


CLOCK_TIME = re.compile(r"(?<![\d.:])([01]?\d|2[0-3]):([0-5]\d)(?![\d.:])")


def clock_left_out(question: str, program: str) -> bool:
    """Does a program leave out the span of clock times a question says ("worked 9:15 to 17:45 with a 30 min
    break": no (30 * 12.21) / 60), or every one of its clock times? A reader that uses the span keeps each time's
    minutes (20 * 60 + 55)."""
    used = set(tree(program).numbers())
    times = CLOCK_TIME.findall(question)  # "start 06:30, how many runs by 14:30": no program without either
    return any(Fraction(minutes) not in used for m in CLOCK_SPAN.finditer(question) if ":" in m[0]
               for minutes in m.groups() if minutes and minutes != "00") or len(times) > 1 and not any(
        Fraction(hour) in used or minutes != "00" and Fraction(minutes) in used for hour, minutes in times)


def _refused(question: str, output: str, mode: str, why: str, readable: bool) -> MathReply:
    return MathReply(question, output, output if mode == "program" else None, None, None, why, readable)


def _run(question: str, output: str, mode: str) -> Result | MathReply:
    """The program's exact value, or the reply that refuses it as no valid program."""
    try:
        return evaluate(output)
    except ProgramError as exc:
        return _refused(question, output, mode, f"The model wrote {output!r}, which is not a valid program: {exc}.",
                        True)


def _truth(found: Found) -> Result | str:
    """The family's exact answer to a listed question, or why there is none (one sentence)."""
    try:
        return Result(found.family.answer(*found.operands), found.family.is_percent)
    except ZeroDivisionError:
        return "The question divides by zero, so there is no answer."
    except NoExactAnswer as exc:
        return f"{str(exc)[0].upper()}{str(exc)[1:]}, so there is no answer."


def _listed_reply(question: str, output: str, mode: str, found: Found) -> MathReply:
    """A listed wording: the family's exact answer is known, and the model's must equal it."""
    family = found.family
    if mode == "direct":
        truth = _truth(found)
        if isinstance(truth, Result) and output.strip() == str(truth):
            return MathReply(question, output, None, output.strip(), None, None, True)
        why = truth if isinstance(truth, str) else (f"The model wrote {output!r}, which is not the answer to this "
                                                    f"question about {family.description}, so there is no answer.")
        return _refused(question, output, mode, why, True)
    if stray := stray_numbers(question, output, family.program):
        numbers = f"{', '.join(stray)}: {'a number' if len(stray) == 1 else 'numbers'} not in the question"
        return _refused(question, output, mode, f"The model wrote {output!r}, which uses {numbers}; it misread the "
                        "question, so there is no answer.", True)
    result = _run(question, output, mode)
    if isinstance(result, MathReply):
        return result
    truth = _truth(found)
    if isinstance(truth, str):
        return _refused(question, output, mode, truth, True)
    if result != truth:
        return _refused(question, output, mode, f"The model's program, {output}, does not compute what the question "
                        f"asks ({family.description}), so there is no answer.", True)
    return MathReply(question, output, output, str(result), result, None, True)


def _equation_reply(question: str, output: str, mode: str, equation: Equation | System) -> MathReply:
    """A question stating an equation: the answer is checked by substituting it for x."""
    if mode == "direct":
        return _refused(question, output, mode, "A direct-mode model's answer cannot be checked, so there is no "
                        "answer.", True)
    if equation.solution is None:
        return _refused(question, output, mode, f"{equation.text} has no single solution, so there is no answer.",
                        True)
    result = _run(question, output, mode)
    if isinstance(result, MathReply):
        return result
    if result.is_percent or not equation.holds(result.value):
        return _refused(question, output, mode, f"The model's answer, {result}, does not make {equation.text} true, "
                        "so there is no answer.", True)
    return MathReply(question, output, output, str(result), result, f"Checked: {equation.unknown} = {result} makes "
                     f"{equation.text} true.", True)


def _calculation_reply(question: str, output: str, mode: str, calculation: Calculation) -> MathReply:
    """A question that says one calculation: the model's answer must be the calculation's exact value."""
    said = f"{calculation.program} = {calculation.result}"
    if mode == "direct":
        if output.strip() == str(calculation.result):
            return MathReply(question, output, None, output.strip(), None, f"Checked: the question says {said}.", True)
        return _refused(question, output, mode, f"The model wrote {output!r}, but the question says {said}, so "
                        "there is no answer.", True)
    result = _run(question, output, mode)
    if isinstance(result, MathReply):
        return result
    if result != calculation.result:
        return _refused(question, output, mode, f"The model's program, {output}, gives {result}, but the question "
                        f"says {said}, so there is no answer.", True)
    # "3 for £5, 9 books": 3 * 5 is 15 by chance; the question says 5 / 3 * 9
    if sorted(tree(output).numbers()) != sorted(tree(calculation.program).numbers()):
        return MathReply(question, output, calculation.program, str(result), result, f"The model's program, {output}, "
                         f"gives the same value from other numbers; the question says {said}.", True)
    return MathReply(question, output, output, str(result), result, f"Checked: the question says {said}.", True)


def _unlisted_reply(question: str, output: str, mode: str, readings: tuple[str, ...]) -> MathReply:
    """Any other wording: a sound one-step program whose sound n-best alternatives agree with it, or why not."""
    if mode != "program":
        return _refused(question, output, mode, "A direct-mode model's answer to a wording it was not trained on "
                        "cannot be checked, so there is no answer.", False)
    if topic := FORMULA_TOPIC.search(question):
        about = list(FORMULA_TOPICS.values())[int(topic.lastgroup[1:])]
        return _refused(question, output, mode, f"This question about {about} is not in a wording the formulas "
                        "here can read, so there is no answer.", True)
    if why := unsound(question, output):
        return _refused(question, output, mode, f"The model wrote {output!r}, which {why}, so there is no answer.",
                        why.startswith("computes"))
    result = evaluate(output)
    if not result.is_percent and (why := implausible(question, result.value, SHARE_ASKED) or (
            (whole_count(question) or counts_things(question)) and result.value.denominator != 1 and f"gives {result}, "
            "but the question asks for a whole number of things")):
        return _refused(question, output, mode, f"The model wrote {output!r}, which {why}, so there is no answer.",
                        True)
    others = {str(evaluate(p)) for p in readings if not unsound(question, p)}
    if others - {str(result)}:
        answers = " and ".join(sorted(others | {str(result)}))
        return _refused(question, output, mode, f"The model's readings of this question disagree ({answers}), so "
                        "there is no answer.", True)
    if not one_step(question, output):
        return _refused(question, output, mode, f"No reader here confirms the model's program {output} for this "
                        "wording, so there is no answer.", True)
    return MathReply(question, output, output, str(result), result, f"A new wording: the program {output} is one step "
                     "over the question's numbers, in its order and operations, and the model's other readings agree.",
                     True)


def needs_readings(question: str, outputs: list[str], mode: str) -> bool:
    """Does an answer to this question need the model's other readings: a program-mode model whose first program
    fails the checks, or a wording no family lists (no equation stated) whose sound program they must agree with?"""
    if mode != "program" or not outputs:
        return False
    if one_reply(question, outputs[0], mode).answer is None:
        return True
    return parse_question(question) is None and read_equation(question) is None and read_exactly(question) is None


def reply(question: str, output: str, mode: str, readings: tuple[str, ...] = ()) -> MathReply:
    """The verified answer to a question from one of the model's outputs (module docstring); readings: the
    model's N_BEST beam-search programs for it, best first, when needs_readings."""
    first = one_reply(question, output, mode, readings)
    if first.answer is not None or mode != "program":
        return first
    for reading in dict.fromkeys(readings):
        if reading != output and (other := one_reply(question, reading, mode, readings)).answer is not None:
            why = f"The model's first program, {output}, failed the checks; another of its readings, {reading}, passed."
            return replace(other, program=other.program or reading, notice=" ".join(filter(None, (why, other.notice))))
    programs = f"The model's programs (the first: {output})"
    found = parse_question(question)
    if found is not None and found.family.in_range(found.operands) and isinstance(truth := _truth(found), Result):
        return MathReply(question, output, None, str(truth), truth, f"{programs} did not compute "
                         f"{found.family.description}, so this is its exact answer: {truth}.", True)
    if UNCONVERTED.search(question) or DATE_ASKED.search(question):
        return first
    equation = read_equation(question)
    if equation is not None and equation.solution is not None:
        result = Result(equation.solution, False)
        return MathReply(question, output, None, str(result), result, f"{programs} did not solve {equation.text}, "
                         f"so this is its exact solution: {equation.unknown} = {result} makes it true.", True)
    if equation is None and (calculation := read_exactly(question)) is not None:
        return MathReply(question, output, None, str(calculation.result), calculation.result, f"{programs} did not "
                         f"compute what the question says, so this is its exact value: {calculation.program} = "
                         f"{calculation.result}.", True)
    return first


# Units asked for that no reader converts to: a reading in square metres is no answer "in hectares", 250 W for an
# hour no answer "in kJ".
UNCONVERTED = re.compile(r"\b(?:in|into|to)\s+(?:square\s+)?(hectares?|acres?|stones?|furlongs?|knots?|quarts?|fluid"
                         r"\s+ounces|fl\.?\s*oz|nautical\s+miles|light\s*years?|bushels?|cups?|tablespoons?|teaspoons?"
                         r"|tbsp|tsp|(?:kilo|mega)?joules?|kj|mj|kwh|kilowatt[\s-]hours?|watt[\s-]hours?)\b",
                         re.IGNORECASE)
# A date asked ("what date in April did they come up", "the day number"): no calculation here gives one.
DATE_ASKED = re.compile(r"\b(?:what|which)\s+(?:date|day\s+of\s+the\s+(?:month|week))\b|\bday\s+number\b"
                        r"|\bwhat\s+day\s+(?:will|would|is|was|does|did)\s+(?:it|that|they|we|he|she)\b", re.IGNORECASE)


def one_reply(question: str, output: str, mode: str, readings: tuple[str, ...] = ()) -> MathReply:
    """The verified answer from this one output, or why there is none (module docstring)."""
    found = parse_question(question)
    if found is not None:
        return _listed_reply(question, output, mode, found)
    if unit := UNCONVERTED.search(question):
        return _refused(question, output, mode, f"The question asks for the answer in {unit.group(1).lower()}, a unit "
                        "this tutor does not convert to, so there is no answer.", True)
    if DATE_ASKED.search(question):
        return _refused(question, output, mode, "The question asks for a date, which this tutor does not work out, so "
                        "there is no answer.", True)
    equation = read_equation(question)
    if equation is not None:
        return _equation_reply(question, output, mode, equation)
    calculation = read_exactly(question)
    if calculation is not None:
        return _calculation_reply(question, output, mode, calculation)
    if UNKNOWN_NUMBER.search(question):
        return _refused(question, output, mode, "The question asks for an unknown number, but no equation could be "
                        "read from it to check an answer against, so there is no answer.", False)
    return _unlisted_reply(question, output, mode, readings)
