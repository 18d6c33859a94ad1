"""The answer check of the seed's tutoring service, with no LLM: is the student's answer the right one?

    check(model, conversation=..., useranswer="2196") ->
    {"Evaluation": "EQUIVALENT", "original_question_got": "What is 61 times 36?", "botanswer": "2196",
     "useranswer": "2196"}

The question is found by conversation.py and put in its canonical wording; the math model writes its
program and program.py evaluates it exactly (botanswer), and the answer is verified before it is used
(answer.reply: the family's exact answer, substitution into the question's equation, or a program in
the question's order whose other readings agree). With no question in a listed wording, the model reads the
plain question, or the conversation's last texts (newest first), itself. The verdicts:
  - EQUIVALENT / NOT_EQUIVALENT: the right answer is verified and the student's answer read as one number;
  - UNSURE, with a one-sentence "message": a question was read but its answer could not be verified (the
    model's program gives a value that does not solve the equation, its readings disagree, ...), or the
    student's answer is not one number ("4 2 5", "20 and 18"); never a verdict that could be wrong;
  - NO_QUESTION, with a message: no question was found, never a guess.

Equivalence is numeric. The student's answer may carry spaces, thousands commas ("2,196"), a sign, a
leading "x =" or "about", a trailing ".", decimals, a percent sign, a fraction ("1/3") or a mixed number
("1 1/2"). The rule:
  - a fraction or a mixed number is compared exactly;
  - a decimal is read at the precision the student wrote: it is equivalent when the exact answer,
    rounded half away from zero to that many decimals, is that number. So against 1/3 (33.33%),
    "33.33%", "33.3 %" and "33%" are equivalent and "33.4%" is not; against 2196, "2196" and "2196.0"
    are, "2196.4" is not;
  - with a percent sign, the number is in percent (against 1/2, "50%" is right);
  - against a percentage answer, a number without the sign may be either the percent ("33.33"), the ratio
    itself ("0.3" against 30%: a probability written as a decimal) or the ratio rounded to at least 2 decimals
    ("0.33" against 33.33%; rounded to fewer, "0" or "1" would match any probability);
  - "about 128.6" is read like "128.6": right when the exact answer rounds to it;
  - where the question's money is all in pence or cents and no unit is asked, the answer in pounds or dollars
    is right too ("1.40" for 140 cents);
  - anything else ("4 2 5", "20 and 18", "x") is not one number: equivalent() is False, check() says UNSURE.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from .answer import MathReply
from .conversation import ConversationError, Turn, find_question, parse_conversation
from .measures import MAJOR_MONEY, MEASURES
from .quantities import CURRENCY

MAX_ANSWER_CHARS = 200
MODEL_READ_TEXTS = 6  # the conversation's last texts the model reads when no listed wording is found
FRACTION = re.compile(r"([-+]?\d+)\s*/\s*(\d+)")
MIXED = re.compile(r"([-+]?)(\d+)\s+(\d+)\s*/\s*(\d+)")  # "1 1/2": a whole number and a proper fraction
HEDGE = re.compile(r"^(?:about|approximately|approx\.?|around|roughly|nearly|almost|~|≈)\s*", re.IGNORECASE)
DECIMAL = re.compile(r"([-+]?)(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d+))?\s*(%?)")
NO_QUESTION_MESSAGE = (
    "No math question this checker can answer was found in the conversation. It knows 26 kinds of question "
    "(arithmetic, powers, square roots and percentages, areas and perimeters, equations, word problems, "
    "derivatives and integrals, probabilities, averages and medians) in their usual wordings, e.g. "
    "\"What is 61 times 36?\"."
)

Answerer = Callable[[str], MathReply]  # canonical question -> the model's reply


def read_number(text: str) -> tuple[Fraction, int | None, bool] | None:
    """(value, decimals written or None for a fraction, has a percent sign), or None if not a number."""
    text = re.sub(r"^x\s*=\s*", "", " ".join(str(text).split()), flags=re.IGNORECASE).rstrip(".").strip()
    text = HEDGE.sub("", text.replace("−", "-"))  # "about 128.6": the rounding it implies is the precision written
    match = MIXED.fullmatch(text)
    if match:
        sign, whole, top, bottom = match.groups()
        if not 0 < int(top) < int(bottom):
            return None
        value = int(whole) + Fraction(int(top), int(bottom))
        return (-value if sign == "-" else value), None, False
    match = FRACTION.fullmatch(text)
    if match:
        return (Fraction(int(match.group(1)), int(match.group(2))), None, False) if int(match.group(2)) else None
    match = DECIMAL.fullmatch(text)
    if not match or not (match.group(2) or match.group(3)):
        return None
    sign, whole, decimals, pct = match.groups()
    decimals = decimals or ""
    value = Fraction(int((whole.replace(",", "") or "0") + decimals), 10 ** len(decimals))
    return (-value if sign == "-" else value), len(decimals), pct == "%"


def rounds_to(exact: Fraction, written: Fraction, decimals: int) -> bool:
    """Is `written` the exact value rounded half away from zero to `decimals` places?"""
    scaled = abs(exact) * 10**decimals
    rounded = Fraction(int(scaled + Fraction(1, 2)), 10**decimals)
    return (rounded if exact >= 0 else -rounded) == written


def equivalent(exact: Fraction, is_percent: bool, answer: str) -> bool:
    """The module docstring's rule. exact is a ratio when is_percent (1/3 for "33.33%")."""
    number = read_number(answer)
    if number is None:
        return False
    value, decimals, has_percent = number
    if decimals is None:
        return value == exact
    if has_percent:
        return rounds_to(100 * exact, value, decimals)
    if is_percent:
        return rounds_to(100 * exact, value, decimals) or value == exact or (
            decimals >= 2 and rounds_to(exact, value, decimals))
    return rounds_to(exact, value, decimals)


MINOR_MONEY = re.compile(rf"\d\s*(?:{MEASURES['cent']})\b")  # "35 cents", "85p"
MONEY_UNIT_ASKED = re.compile(r"\b(?:in|how\s+many)\s+(?:pence|cents|p)\b|\bhow\s+much\s+p\b", re.IGNORECASE)


def in_minor_money(question: str) -> bool:
    """Is the question's money all in pence or cents, with no unit asked ("pencils at 35 cents: what do 4
    cost?")? Its answer, 140 (cents), may then be written 1.40 (dollars) too."""
    text = question.lower()
    return bool(MINOR_MONEY.search(text) and not (CURRENCY.search(text) or MAJOR_MONEY.search(text))
                and not MONEY_UNIT_ASKED.search(text))


def turns_from(conversation: Any = None, question: str | None = None) -> list[Turn]:
    """The conversation's turns, or one turn holding a plain question; exactly one of the two."""
    if (conversation is None) == (question is None):
        raise ConversationError("give either a conversation or a question (exactly one)")
    if question is not None:
        if not isinstance(question, str):
            raise ConversationError(f"the question must be text, got {type(question).__name__}")
        return [Turn(question, "")]
    return parse_conversation(conversation)


def check(answerer: Answerer, useranswer: Any, conversation: Any = None, question: str | None = None) -> dict[str, Any]:
    """The seed's response for a student's answer to the conversation's (or the plain) question."""
    if not isinstance(useranswer, (str, int, float)) or isinstance(useranswer, bool):
        raise ConversationError(f"useranswer must be text or a number, got {type(useranswer).__name__}")
    useranswer = str(useranswer)
    if len(useranswer) > MAX_ANSWER_CHARS:
        raise ConversationError(f"useranswer is too long ({len(useranswer)} characters, at most {MAX_ANSWER_CHARS})")
    turns = turns_from(conversation, question)
    found = find_question(turns)
    if found is not None:
        asked = found.canonical
        reply = answerer(asked)
    else:  # no listed wording: the first of the last texts the model answers with a verified number
        texts = [" ".join(t.split()) for turn in reversed(turns) for t in (turn.bot, turn.user)]
        replies = [(text, answerer(text)) for text in [t for t in texts if t][:MODEL_READ_TEXTS]]
        answered = [(text, r) for text, r in replies if r.answer is not None]
        read = [(text, r) for text, r in replies if r.readable]
        if not answered and not read:
            return {"Evaluation": "NO_QUESTION", "original_question_got": None, "botanswer": None,
                    "useranswer": useranswer, "message": NO_QUESTION_MESSAGE}
        asked, reply = (answered or read)[0]
    if reply.answer is None:
        why = reply.notice or "The model gave no answer, so there is no answer."
        return unsure(asked, useranswer, why.replace("so there is no answer.", "so the checker cannot tell."))
    if read_number(useranswer) is None:
        return unsure(asked, useranswer, f"I could not read {useranswer.strip()[:40]!r} as one number; write it "
                      "like 425, 3/4, 1 1/2, 15% or about 128.6.", reply.answer)
    if reply.result is not None:
        right = equivalent(reply.result.value, reply.result.is_percent, useranswer) or (
            in_minor_money(asked) and equivalent(reply.result.value / 100, False, useranswer))
    else:  # a direct-mode model: its answer text (verified against the family's) is all there is
        exact = read_number(reply.answer)
        right = exact is not None and equivalent(exact[0] / (100 if exact[2] else 1), exact[2], useranswer)
    return {"Evaluation": "EQUIVALENT" if right else "NOT_EQUIVALENT", "original_question_got": asked,
            "botanswer": reply.answer, "useranswer": useranswer}


def unsure(asked: str, useranswer: str, message: str, botanswer: str | None = None) -> dict[str, Any]:
    """The verdict when the check cannot be sure: the right answer is not verified, or the student's is unread."""
    return {"Evaluation": "UNSURE", "original_question_got": asked, "botanswer": botanswer, "useranswer": useranswer,
            "message": message}
