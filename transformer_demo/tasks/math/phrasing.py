"""How people wrap a question: lead-ins, asides and sign-offs around a family's wording (training rows only).

A visitor rarely types the bare wording. They write "Quick question: what is 12 squared?", "Can you tell me
what 15% of 240 is?" or "Multiply 5 by 6 please". Training rows get such a frame at random, so that the model
learns to read the numbers and the operation whatever surrounds them, rather than a few fixed sentences:

    wrap("What is 12 squared?", rng) -> "hey, could you tell me what is 12 squared? thanks"

Some rows also get a filler word or two at random places ("what is just 12 squared"), so that an unseen word
anywhere is something to read past. The frames and fillers carry no number and no operation word, so they never
change a question's answer. Held-out
wordings, validation and test rows stay bare: the per-family scores read them with parse_question.
"""
from __future__ import annotations

import random

ASIDES = (  # a sentence of its own before the question; the wording keeps its case
    "Quick question:", "Hey,", "Hi!", "Hello,", "OK,", "Ok so", "Question:", "Homework:", "Help me:", "Help!",
    "Can you help?", "I'm stuck:", "Please help:", "My teacher asked:", "One more:", "Next one:", "Math question:",
    "Hmm,", "So,", "Right,", "Excuse me,", "Good morning!", "Here's one:", "Try this:", "Another one:",
)
LEAD_INS = (  # words that run into a question that starts with "what" or "how"; the wording is lowercased
    "Can you tell me", "Could you tell me", "Please tell me", "I want to know", "I'd like to know", "Tell me",
    "Do you know", "I wonder", "Can you work out", "Could you figure out", "Please work out", "I need to know",
    "Help me find", "Can you say", "Would you tell me",
)
SIGN_OFFS = (  # words after the question, before its final mark
    " please", ", please", " for me", " for me please", " thanks", ", thank you", " quickly", " exactly",
    " again", " now", " in your head", " without a calculator", ", I need it for homework", " :)", " then",
    " makes", " gives", " is what", " equals", " is how much", " comes to", " would be", " = ?", " exactly please",
)
FILLERS = (
    "just", "really", "actually", "basically", "like", "um", "so", "now", "then", "here", "quite", "simply",
    "kindly", "maybe", "honestly", "the", "a", "my", "our", "again", "still", "also", "even", "only", "exactly",
    "please", "ok", "well", "erm", "hmm", "you", "know", "quickly", "correctly", "number", "answer", "result",
)
P_ASIDE, P_LEAD_IN, P_SIGN_OFF, P_FILLER = 0.2, 0.2, 0.3, 0.15


def _sign_off(text: str, rng: random.Random) -> str:
    body, mark = (text[:-1], text[-1]) if text[-1] in "?.!" else (text, "")
    sign_off = rng.choice(SIGN_OFFS)
    return body + sign_off + ("" if sign_off.endswith("?") else mark)


def _fillers(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    for _ in range(rng.randint(1, 2)):
        words.insert(rng.randint(1, max(len(words) - 1, 1)), rng.choice(FILLERS))
    return " ".join(words)


def wrap(text: str, rng: random.Random) -> str:
    """The wording with, at random, an aside or a lead-in before it, fillers inside and a sign-off after it."""
    roll = rng.random()
    if roll < P_LEAD_IN and text.split()[0].lower() in ("what", "what's", "how"):
        text = f"{rng.choice(LEAD_INS)} {text[0].lower()}{text[1:]}"
    elif roll < P_LEAD_IN + P_ASIDE:
        text = f"{rng.choice(ASIDES)} {text}"
    if rng.random() < P_FILLER:
        text = _fillers(text, rng)
    if rng.random() < P_SIGN_OFF:
        text = _sign_off(text, rng)
    return text
