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
  - any other wording: the program must be a calculation on the question's own numbers and the families'
    constants, name no operation the question does not (OPERATION_WORDS), keep the question's order for "-",
    "/" and "^" (structure.py), and the model's other beam-search readings that pass the same rules must
    give the same answer (N_BEST).
When the model's first program fails these checks, its other beam-search readings are tried in turn under the
same checks; when none passes and the question is in a listed wording, states an equation or says a calculation,
the answer is the family's exact answer, the equation's exact solution or the calculation's exact value, and the
reply says the model's programs did not give it.
Anything else gets no number, only why, in one sentence; a program that does not parse or evaluate (division
by zero included) is reported as such, never as an answer.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from .equation import Equation, System, read_equation
from .families import DIE, FAMILIES, Found, NoExactAnswer, parse_question
from .formulas import asked_part, calculators_pi, read_formula
from .percentages import percent_mismatch
from .program import ProgramError, Result, evaluate
from .rates import whole_count
from .reading import Calculation, read_calculation
from .rounding import without_precision
from .structure import implausible, mismatch
from .units import unit_mismatch

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


NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
N_BEST = 8  # beam-search readings: compared for a wording no family lists, and tried when the first program fails


def _stray_numbers(question: str, program: str, template: str) -> list[str]:
    """Numbers in the program that are neither in the question nor constants of the family's program (3.14, 2)."""
    allowed = set(NUMBER.findall(question)) | set(NUMBER.findall(re.sub(r"{\w}", "", template)))
    return sorted(set(NUMBER.findall(program)) - allowed)


# The families' constants (4 * a, 3.14 * a ^ 2, ...) and the words that call for each: an unlisted wording may
# use a constant only where it says what the constant is for (a "4" in "9 squared" is no side count).
CONSTANT_WORDS = {
    "4": r"perimeter|fence|around|border|edge",
    "3.14": r"circle|radius|round|\bpi\b|π",
    "2": r"squared?|²|circle|radius|integra|derivative|slope|double|twice|half|halve|\d\s*x\s*\^",
    "3": r"cubed?|³",
    "6": r"\bdie\b|dice|six-sided",
    "100": r"%|percent",
}


# How often one program may use a constant the question does not write: as often as a family's program does
# (the integral's a * b ^ 2 / 2 uses 2 twice), so that "4 * 12 * 4" is no perimeter.
CONSTANT_USES = Counter({c: max(1, *(NUMBER.findall(re.sub(r"{\w}", "", f.program)).count(c) for f in FAMILIES))
                         for c in CONSTANT_WORDS})


def constants_for(question: str) -> str:
    """The constants this question's words call for, as one string of numbers."""
    return " ".join(c for c, words in CONSTANT_WORDS.items() if re.search(words, question, re.IGNORECASE)
                    and not (c == "3.14" and calculators_pi(question)))  # "use the pi button": no 3.14

# How a question names each operation of a program; an unlisted wording must name every one its program uses.
IN_GROUPS_OF = (r"\b(?:in|into)\s+(?:\w+\s+){0,2}?(?:rows|groups|lots|teams|cartons|boxes|bags|packs|piles|stacks|sets"
                r"|bundles)\s+of\b")  # "156 chairs in rows of 13": a division
INTO_PARTS = (r"\b(?:cut|split|divided|shared|broken|separated|chopped|sliced|poured)\s+(?:up\s+)?(?:equally\s+)?"
              r"(?:into|in)\s+\d+")  # "a rope cut into 9 equal pieces": a division
NEGATED = re.compile(r"\b(?:no\s+one|nobody|none|nothing|not|never|\w+n't)\b[^.,;?!]*", re.IGNORECASE)  # names nothing
EACH_GETS = (r"\bhow\s+(?:much|many|long|far|big|heavy|wide|tall)\b[^.?!]*?\b(?:each|every|per|a|an)\s+"
             r"(?!(?:few|lot|bit|little|total)\b)[a-z]+(?:\s+[a-z]+)?\s*[?.!]*\s*$|"  # "... does it go each hour?"
             + INTO_PARTS +
             r"|\beach\s+(?:one|person|friend|kid|child|student|of\s+them)\s+(?:gets?|pays?|receives?)\b")
SHARE_ASKED = re.compile(EACH_GETS, re.IGNORECASE)
OPERATION_WORDS = {  # the word problems' verbs too: "6 go home" takes away, "a box holds 22" counts per box
    "+": r"plus|add|sum|total|more|altogether|together|combined|increased|in all|both|gets|got|receives|received"
         r"|finds|found|joins|joined|arrives|arrived|\+",
    "-": r"minus|subtract|difference|take|less|fewer|left|decreased|reduced|deduct|remov|remain"
         r"|eats|ate|gives|gave|loses|lost|spends|spent|sells|sold|uses|used|breaks|broke|still"
         r"|go(?:es)? home|went home|go(?:es)? away|went away|gets? off|got off|stay"
         r"|how (?:much|many)(?: \w+)? (?:bigger|larger|greater|more|taller|older|longer|heavier|smaller|shorter"
         r"|younger)"
         r"|\bdic?e\b.*\b(?:more|higher|greater|bigger|larger|above|over)\b"  # a die's faces above 4: 6 - 4
         r"|\b(?:more|higher|greater|bigger|larger|above|over)\b.*\bdic?e\b|-",
    "*": r"times|multipl|product|area|perimeter|derivative|slope|integra|squared|cubed|power|\bx\b|\*|×|%\s*of"
         r"|percent of|each|every|per|lots of|groups of|rows of|holds|hold|contains|contain|carries|carry|fits?\b"
         r"|around|fence|border|(?:boxes|packs|packets|bags|cartons|crates|cases|trays|sets|bundles|stacks) of \d",
    "/": IN_GROUPS_OF + "|" + EACH_GETS + r"|divid|quotient|over|per|/|÷|integra|average|mean|probability|chance"
                                           r"|odds|share|split|%|percent|ways",
    "^": r"area|circle|integra|power|square(?!\s+root)|cube(?!\s+root)|raise|\^",
    "median": r"median|middle",
    "mean": r"mean|average",
    "sqrt": r"root|√|sqrt",
    "pct": r"probability|chance|odds|percent|%",
}


# Phrases whose words would name an operation they do not ask for: "how many times does 8 go into 96" is no
# multiplication, "how many more does Ben have than Anna" no sum, "156 chairs in rows of 13" no product.
NOT_NAMING = {
    "*": re.compile(rf"\bhow\s+many\s+times\b|{IN_GROUPS_OF}|{EACH_GETS}", re.IGNORECASE),
    "+": re.compile(r"\bhow\s+(?:many|much)\s+more\b", re.IGNORECASE),
}
# The operation words that only ever name their operation: a program for a question that says one must use it.
NAMED_ONLY = {"+": r"\b(?:plus|add|adds|added|adding)\b(?!\s+(?:nothing|no\b))|\+", "-": r"\b(?:minus|subtract\w*)\b",
              "*": r"\b(?:times|multipl\w*)\b|×", "/": r"\b(?:divided|divide)\b|÷"}
UNKNOWN_NUMBER = re.compile(r"\b(?:what|which|a|my|some|the|this|that)\s+number\b(?!\s*\d)"
                            r"|\b(?:for|find|is|of|get)\s+x\b(?!\s*\d)|\bx\s*=\s*\?", re.IGNORECASE)  # asks for x


PART_OF_WHOLE = re.compile(r"pct\((\d+(?:\.\d+)?)/\(\1\+\d+(?:\.\d+)?\)\)")  # a chance: part / (part + rest)


# Questions whose answer is a formula's (formulas.py): where no formula reads one, the model's program is not trusted.
FORMULA_TOPICS = {r"\b(?:circles?|circular|radius|diameter)\b": "a circle", r"\bperimeter\b": "a perimeter",
                  r"\b(?:derivative|differentiate)\b": "a derivative", r"\bintegra\w*|∫": "an integral",
                  r"\bdic?e\b": "a die", r"\b(?:probability|chances?)\b": "a chance", r"\btriangles?\b": "a triangle",
                  r"\bhow\s+old\b": "an age"}
FORMULA_TOPIC = re.compile("|".join(f"(?P<t{i}>{words})" for i, words in enumerate(FORMULA_TOPICS)), re.IGNORECASE)


def read_exactly(question: str) -> Calculation | None:
    """The question's own calculation (reading.py) or formula (formulas.py), when it says one."""
    return read_calculation(question) or read_formula(question)


def operations(program: str) -> set[str]:
    return set(re.findall(r"[a-z]+(?=\()|[-+*/^]", program))


def unsound(question: str, output: str) -> str | None:
    """Why a program is no calculation for a question in an unlisted wording (a clause), or None if it is one."""
    question = without_precision(question)  # "to 2 decimal places": its 2 is no operand
    numbers, asked = set(NUMBER.findall(output)), set(NUMBER.findall(question))
    if NUMBER.fullmatch(output.strip()) or not numbers & asked:
        return "is not a calculation on the question's numbers"
    percent = re.search(r"%|percent", question, re.IGNORECASE)  # "15% of 240": 15 / 100 * 240
    constants = constants_for(question)
    if stray := _stray_numbers(question, output, constants):
        return f"uses {', '.join(stray)}, not in the question"
    if re.search(r"integra", question, re.IGNORECASE):  # "integrate 4x between 0 and 5": 4 * 5 ^ 2 / 2
        asked.discard("0")
    if asked - numbers:
        return f"leaves out {', '.join(sorted(asked - numbers))} of the question"
    used, given = Counter(NUMBER.findall(output)), Counter(NUMBER.findall(question))
    given += Counter({c: CONSTANT_USES[c] for c in constants.split() if c not in given})  # called for, unwritten
    share = PART_OF_WHOLE.fullmatch(output.replace(" ", ""))  # pct(2 / (2 + 8)): the part is in the whole too
    share = share if share and share.group(1) == asked_part(question) else None
    if share:
        used[share.group(1)] -= 1
    if twice := sorted(n for n in given if used[n] > given[n]):
        return f"uses {', '.join(twice)} more often than the question does"
    if percent and "100" not in NUMBER.findall(output) and not output.startswith("pct("):
        return "does not divide the percentage by 100"
    whole = {"+"} if share else set()  # a chance's "+" makes its whole, no sum the question asks for
    said = NEGATED.sub(" ", question)  # "no one got off" names no subtraction
    unnamed = sorted(op for op in operations(output) - whole if not re.search(
        OPERATION_WORDS.get(op, r"(?!)"), NOT_NAMING[op].sub(" ", said) if op in NOT_NAMING else said, re.IGNORECASE))
    if unnamed:
        return f"uses {' and '.join(unnamed)}, which the question does not name"
    unused = sorted(op for op, words in NAMED_ONLY.items() if op not in operations(output) and re.search(
        words, NOT_NAMING[op].sub(" ", question) if op in NOT_NAMING else question, re.IGNORECASE))
    if unused:
        return f"does not use {' or '.join(unused)}, which the question names"
    try:
        evaluate(output)
    except ProgramError as exc:
        return f"is not a valid program ({exc})"
    return mismatch(question, output) or unit_mismatch(question, output) or percent_mismatch(question, output)


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
    if stray := _stray_numbers(question, output, family.program):
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
    return MathReply(question, output, output, str(result), result, f"Checked: the question says {said}.", True)


def _unlisted_reply(question: str, output: str, mode: str, readings: tuple[str, ...]) -> MathReply:
    """Any other wording: a sound program whose sound n-best alternatives agree with it."""
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
            whole_count(question) and result.value.denominator != 1 and f"gives {result}, but the question asks for "
            "a whole number of things")):
        return _refused(question, output, mode, f"The model wrote {output!r}, which {why}, so there is no answer.",
                        True)
    others = {str(evaluate(p)) for p in readings if not unsound(question, p)}
    if others - {str(result)}:
        answers = " and ".join(sorted(others | {str(result)}))
        return _refused(question, output, mode, f"The model's readings of this question disagree ({answers}), so "
                        "there is no answer.", True)
    return MathReply(question, output, output, str(result), result, f"A new wording: the program {output} uses the "
                     "question's numbers, order and operations, and the model's other readings agree.", True)


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
            return replace(other, program=reading, notice=" ".join(filter(None, (why, other.notice))))
    programs = f"The model's programs (the first: {output})"
    found = parse_question(question)
    if found is not None and found.family.in_range(found.operands) and isinstance(truth := _truth(found), Result):
        return MathReply(question, output, None, str(truth), truth, f"{programs} did not compute "
                         f"{found.family.description}, so this is its exact answer: {truth}.", True)
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


def one_reply(question: str, output: str, mode: str, readings: tuple[str, ...] = ()) -> MathReply:
    """The verified answer from this one output, or why there is none (module docstring)."""
    found = parse_question(question)
    if found is not None:
        return _listed_reply(question, output, mode, found)
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
