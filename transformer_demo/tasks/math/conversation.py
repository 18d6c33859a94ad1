"""Reading a tutoring conversation and finding the math question in it (no model, no LLM).

A conversation is a list of turns {"user": ..., "bot": ..., "date": ...}. It may come as a real list, as
JSON text, or as the seed's string: a Python-literal list, sometimes wrapped in an extra pair of quotes
and with apostrophes left unescaped ('I don't want to do math'), which no literal parser accepts; for
that one a tolerant reader takes the turns apart at their keys. A user turn may be a list of parts
[{"type": "text", "text": ...}, {"type": "image_url", ...}]: the text parts are read, images are not.

The question is in the most recent turn, bot's reply before user's message, that holds a question of a
family in any supported wording ("what is 61 times 36 ?", "you multiply 61 by 36"), the last one in
that text; it is returned in its family's canonical wording ("What is 61 times 36?").
"""
from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...errors import UserError
from .asking import question_in
from .families import Found, find_questions
from .quantities import read_quantities
from .reading import IMPLIED

MAX_CONVERSATION_CHARS = 200_000
MAX_TURNS = 500
TURN = re.compile(
    r"\{\s*['\"]user['\"]\s*:\s*(?P<user>.*?)\s*,\s*['\"]bot['\"]\s*:\s*(?P<bot>.*?)\s*"
    r"(?:,\s*['\"]date['\"]\s*:\s*(?P<date>['\"][^'\"]*['\"]|None|null)\s*)?\}(?=\s*(?:,\s*\{|\]))",
    re.DOTALL,
)


class ConversationError(UserError):
    """A conversation that cannot be read as a list of turns."""


@dataclass
class Turn:
    user: str
    bot: str


def _text(value: Any) -> str:
    """A turn's text: a string, or the text parts of a list of {"type": ...} parts."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return " ".join(p.get("text", "") for p in value if isinstance(p, dict) and p.get("type") == "text"
                        and isinstance(p.get("text", ""), str))
    raise ConversationError(f"a turn's text must be a string or a list of parts, got {type(value).__name__}")


def _literal(text: str) -> Any:
    """JSON, else a Python literal (ast.literal_eval: data only, never code); None when neither parses."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _unquote(chunk: str) -> Any:
    """One value cut out of a broken literal: a list of parts if it parses, else the text between its quotes."""
    if chunk.startswith("["):
        parsed = _literal(chunk)
        if isinstance(parsed, list):
            return parsed
    if len(chunk) >= 2 and chunk[0] == chunk[-1] and chunk[0] in "'\"":
        return chunk[1:-1]
    return chunk


def _tolerant(text: str) -> list[dict[str, Any]]:
    return [{"user": _unquote(m.group("user")), "bot": _unquote(m.group("bot"))} for m in TURN.finditer(text)]


def parse_conversation(conversation: Any) -> list[Turn]:
    """Turns, oldest first, from a list of dicts or a string holding one (see the module docstring)."""
    if isinstance(conversation, str):
        if len(conversation) > MAX_CONVERSATION_CHARS:
            raise ConversationError(f"the conversation is too long ({len(conversation):,} characters, at most "
                                    f"{MAX_CONVERSATION_CHARS:,})")
        text = conversation.strip()
        parsed = _literal(text)
        if isinstance(parsed, str):  # the seed's extra quotes around the list
            text, parsed = parsed.strip(), _literal(parsed.strip())
        if not isinstance(parsed, list) and len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
            text = text[1:-1].strip()
            parsed = _literal(text)
        conversation = parsed if isinstance(parsed, list) else _tolerant(text) if text.startswith("[") else None
        if not conversation:
            raise ConversationError("the conversation must be a list of turns such as "
                                    "[{'user': '...', 'bot': '...', 'date': '...'}]")
    if not isinstance(conversation, list):
        raise ConversationError(f"the conversation must be a list of turns, got {type(conversation).__name__}")
    if len(conversation) > MAX_TURNS:
        raise ConversationError(f"the conversation has {len(conversation)} turns (at most {MAX_TURNS})")
    turns = []
    for i, turn in enumerate(conversation, 1):
        if not isinstance(turn, dict):
            raise ConversationError(f"turn {i} must be an object with 'user' and 'bot', got {type(turn).__name__}")
        turns.append(Turn(_text(turn.get("user")), _text(turn.get("bot"))))
    return turns


SENTENCE_END = re.compile(r"[.?!;](?:\s|$)")
NUMBER = re.compile(r"\d+(?:\.\d+)?")
SAYS_A_NUMBER = re.compile("|".join((*IMPLIED.values(), r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven"
                                                                  r"|twelve|twenty|thirty|forty|fifty|hundred|dozen)\b")),
                           re.IGNORECASE)
LATER_QUESTION = re.compile(r"\bhow\s+(?:many|much|long|far|old)\b", re.IGNORECASE)
ANOTHER_VALUE = re.compile(r"\b(?:remainder|left\s*over|round(?:ed)?\s+(?:up|down))\b", re.IGNORECASE)  # "47 divided
# by 6, what's the remainder": 5, not 7.83
PERCENT_ASKED = re.compile(r"%|\bper\s*cent(?:age)?\b", re.IGNORECASE)  # "we're 14-6 this season, whats our win %":
# a record, no 14 - 6 asked


def _whole(text: str, found: Found) -> bool:
    """Is the found question all of its sentence's numbers, signs included, and the sentence asked (a question,
    the last one, or the only one with numbers)? "Multiply 5 by 6 by 7." holds "Multiply 5 by 6", "what is -7 + 3"
    holds "7 + 3", and "A tank holds 120 litres. It is 3/8 full. How many litres?" holds "3/8": none is asked; nor
    is "3/4" in "It needs 3/4 cup and I make two and a half times it. How many cups?", which asks a later question,
    nor "2/3" in "2/3 cup of milk and i'm tripling it", whose other words say a number."""
    if found.start and text[found.start - 1] in "-−–":
        return False
    starts = [m.end() for m in SENTENCE_END.finditer(text, 0, found.start)]
    end = SENTENCE_END.search(text, found.end)
    sentence_start, sentence_end = (starts[-1] if starts else 0), (end.start() if end else len(text))
    outside = text[sentence_start : found.start] + " " + text[found.end : sentence_end]
    asked = end is None or text[end.start()] == "?" or not text[end.end():].strip()
    elsewhere = NUMBER.search(text[:sentence_start] + " " + text[sentence_end:])
    asked_later = LATER_QUESTION.search(text, sentence_end)  # "It needs 3/4 cup, I make twice as much. How many cups?"
    if re.match(r"\s+of\b|\s*(?:%|percent\b|per\s+cent\b)", text[found.end:]) or _counts_things(text, found):
        return False  # "he gives 1/3 of them to his sister": a part; "152 over 27 games": a number of things
    said = SAYS_A_NUMBER.search(outside) or ANOTHER_VALUE.search(outside) or (
        PERCENT_ASKED.search(outside) and not found.family.is_percent)  # "2/3 cup of milk and i'm tripling it,
    # how many cups": no 2/3 asked
    return NUMBER.search(outside) is None and not said and (asked or not elsewhere and not asked_later)


def _counts_things(text: str, found: Found) -> bool:
    """Does the found question end on a number of things ("my average is 152 over 27 games"), not a number?"""
    last = NUMBER.findall(text[found.start : found.end])
    return bool(last and not re.match(r"\s*(?:equals?\b|=)", text[found.end:])
                and read_quantities(text.lower()).numbers.get(Fraction(last[-1])))


def find_question(turns: list[Turn]) -> Found | None:
    """The most recent question of a supported family that is a whole question of its sentence: later turns
    first, the bot's text before the user's, each read as the Ask path reads it (asking.question_in: "negative 6
    times 7" is -6 times 7, no question "6 times 7")."""
    for turn in reversed(turns):
        for text in (question_in(turn.bot), question_in(turn.user)):
            found = [f for f in find_questions(text) if _whole(text, f)]
            if found:
                return found[-1]
    return None
