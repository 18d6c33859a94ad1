"""The seed's answer check: conversations, question finding, equivalence, the CLI and POST /query-ai-bot."""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from transformer_demo.tasks.math.answer import reply
from transformer_demo.tasks.math.answer_check import NO_QUESTION_MESSAGE, check, equivalent, read_number
from transformer_demo.tasks.math.conversation import ConversationError, find_question, parse_conversation

REPO = Path(__file__).resolve().parents[1]
CHECKPOINT = REPO / "checkpoints" / "math-qa"
SEED = json.loads((Path(__file__).parent / "fixtures" / "seed_requests.json").read_text(encoding="utf-8"))
SEED_RESPONSE = {"Evaluation": "EQUIVALENT", "original_question_got": "What is 61 times 36?", "botanswer": "2196",
                 "useranswer": "2196"}
needs_checkpoint = pytest.mark.skipif(not (CHECKPOINT / "model.safetensors").is_file(), reason="no checkpoints/math-qa")


def exact(question: str):
    """An answerer that writes the right program (what a perfect model does; nothing for an unlisted wording),
    for tests without a model."""
    from transformer_demo.tasks.math.families import parse_question

    found = parse_question(question)
    return reply(question, found.family.fill(found.family.program, found.operands) if found else "", "program")


@pytest.mark.parametrize(
    "value, is_percent, answer, expected",
    [
        (Fraction(2196), False, "2196", True),
        (Fraction(2196), False, "2,196", True),
        (Fraction(2196), False, "2196.0", True),
        (Fraction(2196), False, " 2196 ", True),
        (Fraction(2196), False, "x = 2196", True),
        (Fraction(2196), False, "2196.", True),
        (Fraction(2196), False, "2197", False),
        (Fraction(2196), False, "2196.4", False),
        (Fraction(2196), False, "2,19,6", False),
        (Fraction(2196), False, "20 and 18", False),
        (Fraction(2196), False, "", False),
        (Fraction(2196), False, "two thousand", False),
        (Fraction(1, 3), True, "1/3", True),
        (Fraction(1, 3), True, "33.33%", True),
        (Fraction(1, 3), True, "33.3 %", True),
        (Fraction(1, 3), True, "33%", True),  # right at the precision written
        (Fraction(1, 3), True, "33.4%", False),
        (Fraction(1, 3), True, "33.33", True),  # percent without the sign
        (Fraction(1, 3), True, "0.33", True),  # the ratio, at least 2 decimals
        (Fraction(1, 3), True, "0", False),  # not read as a ratio: too coarse
        (Fraction(3, 10), True, "0.3", True),  # a probability of 30% written as the decimal it is
        (Fraction(1, 3), True, "0.3", False),  # 1/3 is not 0.3, and 1 decimal is too coarse to be its rounding
        (Fraction(1, 2), True, "1", False),
        (Fraction(1, 3), True, "2/6", True),
        (Fraction(1, 3), True, "1/4", False),
        (Fraction(1, 3), True, "1/0", False),
        (Fraction(25, 2), False, "12.5", True),
        (Fraction(25, 2), False, "13", True),  # 12.5 rounds half away from zero
        (Fraction(25, 2), False, "12", False),
        (Fraction(-18), False, "-18", True),
        (Fraction(-18), False, "18", False),
        (Fraction(1, 2), False, "50%", True),
        (Fraction(15386, 100), False, "153.86", True),
        # the ways students write answers (issue 25)
        (Fraction(425), False, "425", True),
        (Fraction(425), False, "x = 425", True),
        (Fraction(425), False, "x=425", True),
        (Fraction(425), False, "X = 425.", True),
        (Fraction(425), False, "425.0", True),
        (Fraction(425), False, "4 2 5", False),
        (Fraction(425), False, "42 5", False),
        (Fraction(3, 4), False, "3/4", True),
        (Fraction(3, 4), False, "0.75", True),
        (Fraction(3, 4), False, "75%", True),
        (Fraction(3, 4), False, "4/3", False),
        (Fraction(3, 20), False, "15%", True),
        (Fraction(3, 20), False, "15", False),
        (Fraction(900, 7), False, "about 128.6", True),  # 128.571...: right to the 1 decimal written
        (Fraction(900, 7), False, "approximately 128.57", True),
        (Fraction(900, 7), False, "about 128.5", False),
        (Fraction(900, 7), False, "about 129", True),
        (Fraction(3, 2), False, "1 1/2", True),
        (Fraction(3, 2), False, "1.5", True),
        (Fraction(-3, 2), False, "-1 1/2", True),
        (Fraction(3, 2), False, "1 3/2", False),  # not a mixed number
        (Fraction(5, 2), False, "2 1/2", True),
        (Fraction(5, 2), False, "1 1/2", False),
    ],
)
def test_equivalence_table(value: Fraction, is_percent: bool, answer: str, expected: bool):
    assert equivalent(value, is_percent, answer) is expected


def test_read_number_formats():
    assert read_number("1 1/2") == (Fraction(3, 2), None, False)
    assert read_number("about 128.6") == (Fraction(1286, 10), 1, False)
    assert read_number("4 2 5") is None and read_number("1 0/2") is None and read_number("about") is None


def test_an_answer_that_is_not_one_number_is_unsure_never_wrong():
    for answer in ("4 2 5", "four hundred and twenty-five", "425 or 426"):
        verdict = check(exact, answer, question="Solve for x in the equation x + 150 = 575.")
        assert verdict["Evaluation"] == "UNSURE" and verdict["botanswer"] == "425", answer
        assert verdict["message"].startswith("I could not read") and verdict["message"].count(". ") == 0
    assert check(exact, "x=425", question="Solve for x in the equation x + 150 = 575.")["Evaluation"] == "EQUIVALENT"


def test_read_number():
    assert read_number("2,196") == (Fraction(2196), 0, False)
    assert read_number("33.3 %") == (Fraction(333, 10), 1, True)
    assert read_number("1/3") == (Fraction(1, 3), None, False)
    assert read_number("20 and 18") is None and read_number("1e5") is None and read_number("--1") is None


def test_the_seeds_conversations_parse_despite_their_quoting():
    turns = parse_conversation(SEED["query_ai_bot_61_times_36"]["conversation"])
    assert [t.user for t in turns] == ["I don't want to do math", "I hate math", "what is 61 times 36 ?", "But why 36?"]
    assert find_question(turns).canonical == "What is 61 times 36?"
    word_problem = parse_conversation(SEED["query_llm_word_problem"]["conversation"])
    assert len(word_problem) == 8 and word_problem[4].user == "" and word_problem[-1].user == "3x-38"
    assert find_question(word_problem) is None


@pytest.mark.parametrize(
    "conversation, canonical",
    [
        ([{"user": "what is 61 times 36 ?", "bot": "Sure, you multiply 61 by 36."}], "What is 61 times 36?"),
        ('[{"user": "Subtract 9 from 30.", "bot": "Try it!", "date": "2024-03-01"}]', "What is 30 minus 9?"),
        ("[{'user': 'hi', 'bot': 'hello'}, {'user': '12 x 7 = ?', 'bot': 'Think of 12 groups of 7.'}]",
         "What is 12 times 7?"),
        ([{"user": "What is 5 plus 5?", "bot": "10"}, {"user": "And now?", "bot": "Find the median of 3, 9, and 4."}],
         "Find the median of 3, 9, and 4."),  # the most recent turn wins, the bot's text included
        ([{"user": [{"type": "text", "text": "How much is 45 divided by 9?"}, {"type": "image_url", "image_url": {}}],
           "bot": "Let's see."}], "What is 45 divided by 9?"),
    ],
)
def test_questions_are_found_and_normalized(conversation, canonical: str):
    assert find_question(parse_conversation(conversation)).canonical == canonical


def test_a_conversations_question_is_read_as_the_ask_path_reads_it():
    # found blind (set 17): "negative 6 times 7" held the listed "6 times 7", and -42 was marked wrong
    assert find_question(parse_conversation([{"user": "whats negative 6 times 7", "bot": ""}])) is None
    assert find_question(parse_conversation([{"user": "what is seventeen times twelve?", "bot": ""}])).canonical == (
        "What is 17 times 12?")


@pytest.mark.parametrize(
    "conversation, message",
    [
        ("not a list", "must be a list of turns"),
        ("{'user': 'x'}", "must be a list of turns"),
        (42, "must be a list of turns"),
        ([1, 2], "turn 1 must be an object"),
        ([{"user": 5, "bot": ""}], "must be a string or a list of parts"),
        ("[" * 100_000, "must be a list of turns"),
        ("x" * 300_000, "too long"),
        ([{"user": "", "bot": ""}] * 501, "at most 500"),
    ],
    ids=["text", "dict", "number", "numbers", "number-turn", "deep-nesting", "300k-chars", "501-turns"],
)
def test_bad_conversations_get_clear_errors(conversation, message: str):
    with pytest.raises(ConversationError, match=message):
        parse_conversation(conversation)


def test_check_gives_the_seeds_shape():
    assert check(exact, "2196", conversation=SEED["query_ai_bot_61_times_36"]["conversation"]) == SEED_RESPONSE
    assert check(exact, "2,196.0", question="What is 61 times 36?")["Evaluation"] == "EQUIVALENT"
    assert check(exact, "33.3 %", question="A bag contains 1 red and 2 blue balls. What is the probability of "
                 "drawing a red ball?")["botanswer"] == "33.33%"
    unread = check(exact, "20 and 18", question="What is 61 times 36?")  # not one number: never called wrong
    assert unread["Evaluation"] == "UNSURE" and unread["botanswer"] == "2196" and "as one number" in unread["message"]
    no_question = check(exact, "20 and 18", conversation=SEED["query_llm_word_problem"]["conversation"])
    assert no_question == {"Evaluation": "NO_QUESTION", "original_question_got": None, "botanswer": None,
                           "useranswer": "20 and 18", "message": NO_QUESTION_MESSAGE}
    with pytest.raises(ValueError, match="exactly one"):
        check(exact, "1")
    with pytest.raises(ValueError, match="useranswer must be text"):
        check(exact, {"a": 1}, question="What is 1 plus 1?")


def test_a_plain_question_in_an_unlisted_wording_is_checked_on_a_sound_calculation():
    def model(question: str):  # what the shipped model writes for this question
        return reply(question, "median(8, 31, 56)", "program")

    question = "Find the median of  8, 31 and 56."
    right = check(model, "31", question=question)
    assert right["Evaluation"] == "EQUIVALENT" and right["original_question_got"] == "Find the median of 8, 31 and 56."
    assert check(model, "8", question=question)["Evaluation"] == "NOT_EQUIVALENT"
    unsound = check(lambda q: reply(q, "2 * 6", "program"), "12", question="What is the capital of France?")
    assert unsound["Evaluation"] == "NO_QUESTION" and unsound["botanswer"] is None
    # in a conversation the model reads the last texts, newest first, and takes the first it calculates soundly
    talk = [{"user": "Can you help me sum up 250 and 19?", "bot": "Sure! Line up the digits first."}]
    found = check(lambda q: reply(q, "250 + 19", "program"), "269", conversation=talk)
    assert found["Evaluation"] == "EQUIVALENT"
    assert found["original_question_got"] == "Can you help me sum up 250 and 19?"
    # a student's own working is not a question: "I got 5 by adding 2 and 3" leaves 5 out of "2 + 3"
    working = [{"user": "I got 5 by adding 2 and 3", "bot": "Let me see."}]
    assert check(lambda q: reply(q, "2 + 3", "program"), "5", conversation=working)["Evaluation"] == "NO_QUESTION"


def test_money_in_pence_or_cents_with_no_unit_asked_may_be_answered_in_either_unit():
    def model(question: str):
        return reply(question, "35 * 2", "program", ("35 * 2",))

    question = "pencils cost 35 cents each. what do 2 pencils cost?"  # 70 cents, or 0.70 dollars
    assert [check(model, a, question=question)["Evaluation"] for a in ("70", "0.70", "0.7", "7", "0.71")] == [
        "EQUIVALENT", "EQUIVALENT", "EQUIVALENT", "NOT_EQUIVALENT", "NOT_EQUIVALENT"]
    asked = "pencils cost 35 cents each. how many cents do 2 pencils cost?"  # the unit asked: cents only
    assert check(model, "0.70", question=asked)["Evaluation"] == "NOT_EQUIVALENT"
    # 140 cents or 1.40 dollars: a total of 100 or more cents in no unit asked is no one reading (found blind: 86)
    assert check(lambda q: reply(q, "35 * 4", "program", ("35 * 4",)), "140",
                 question="pencils cost 35 cents each. what do 4 pencils cost?")["Evaluation"] == "UNSURE"


def test_a_model_that_writes_a_broken_program_gives_no_verdict():
    question = "What is the square root of 50?"  # listed, with no exact answer to stand in
    verdict = check(lambda q: reply(q, "sqrt(50", "program"), "7.07", question=question)
    assert verdict["Evaluation"] == "UNSURE" and "not a valid program" in verdict["message"]
    listed = check(lambda q: reply(q, "61 * (", "program"), "2196", question="What is 61 times 36?")
    assert listed["Evaluation"] == "EQUIVALENT"  # the family's exact answer, the model's program set aside


@needs_checkpoint
@pytest.mark.slow
def test_cli_round_trip(tmp_path):
    conversation = tmp_path / "conversation.txt"
    conversation.write_text(SEED["query_ai_bot_61_times_36"]["conversation"], encoding="utf-8")
    base = [sys.executable, "-m", "transformer_demo", "check"]
    runs = {
        "seed": [*base, "--conversation", str(conversation), "--answer", "2196"],
        "question": [*base, "--question", "What is 61 times 36?", "--answer", "2,196"],
        "wrong": [*base, "--question", "what is 61 times 36 ?", "--answer", "2197"],
        "unread": [*base, "--question", "what is 61 times 36 ?", "--answer", "20 and 18"],
    }
    results = {k: subprocess.run(c, cwd=REPO, capture_output=True, text=True, timeout=120) for k, c in runs.items()}
    assert all(r.returncode == 0 for r in results.values()), [r.stderr for r in results.values()]
    assert json.loads(results["seed"].stdout) == SEED_RESPONSE
    assert json.loads(results["question"].stdout)["Evaluation"] == "EQUIVALENT"
    assert json.loads(results["wrong"].stdout)["Evaluation"] == "NOT_EQUIVALENT"
    assert json.loads(results["unread"].stdout)["Evaluation"] == "UNSURE"  # not one number: never called wrong
    bad = subprocess.run([*base, "--answer", "1"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "exactly one of --question or --conversation" in bad.stderr


# --- POST /query-ai-bot on a real server ---


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    from transformer_demo.services.service import Service
    from transformer_demo.ui.local import served_server

    with served_server(Service(REPO / "checkpoints", REPO / "runs", data_dir=None, device="cpu")) as url:
        yield url


def post(url: str, body: bytes | str, headers: dict | None = None) -> tuple[int, dict]:
    import httpx

    data = body.encode() if isinstance(body, str) else body
    headers = {"Content-Type": "application/json", **(headers or {})}
    response = httpx.post(f"{url}/query-ai-bot", content=data, headers=headers, timeout=60)
    return response.status_code, response.json()


@needs_checkpoint
@pytest.mark.slow
def test_http_endpoint_answers_the_seeds_requests(server_url: str):
    assert post(server_url, json.dumps(SEED["query_ai_bot_61_times_36"])) == (200, SEED_RESPONSE)
    status, body = post(server_url, json.dumps(SEED["query_llm_word_problem"]))
    assert status == 200 and body["Evaluation"] == "NO_QUESTION" and body["message"] == NO_QUESTION_MESSAGE
    turns = [{"user": "what is 61 times 36 ?", "bot": "you multiply 61 by 36"}]
    assert post(server_url, json.dumps({"useranswer": "2,196", "conversation": turns}))[1]["Evaluation"] == "EQUIVALENT"
    import httpx

    assert httpx.get(server_url + "/", timeout=30).status_code == 200  # the Gradio app on the same port


@needs_checkpoint
@pytest.mark.slow
@pytest.mark.parametrize(
    "body, status, detail",
    [
        ("not json", 400, "must be JSON"),
        ("[1, 2]", 400, "must be a JSON object"),
        ("{}", 422, "useranswer is missing"),
        ('{"useranswer": "1"}', 422, "either conversation or question"),
        ('{"useranswer": "1", "conversation": "x", "question": "y"}', 422, "either conversation or question"),
        ('{"useranswer": "1", "conversation": "hello"}', 422, "must be a list of turns"),
        ('{"useranswer": "1", "conversation": [1]}', 422, "turn 1 must be an object"),
        ('{"useranswer": ["1"], "question": "What is 1 plus 1?"}', 422, "useranswer must be text"),
        ('{"useranswer": "1", "question": "What is 1 plus 1?", "hack": 1}', 422, "unknown field"),
        ('{"useranswer": "1", "question": "What is 1 plus 1?", "model": "../etc"}', 422, "model"),
        ('{"useranswer": "1", "question": "What is 1 plus 1?", "model": "multi30k-en-de"}', 422, "needs a math model"),
        ("[" * 50_000, 400, "must be JSON"),
        ('{"useranswer": "1", "conversation": "' + "x" * 300_000 + '"}', 413, "Request too large"),  # the door
    ],
    ids=["text", "list", "empty", "no-conversation", "both", "plain-text", "number-turn", "list-answer",
         "unknown-field", "path-model", "translation-model", "deep-nesting", "300k-body"],
)
def test_http_endpoint_refuses_bad_bodies_with_4xx(server_url: str, body: str, status: int, detail: str):
    got_status, got = post(server_url, body)
    assert got_status == status and detail in got["detail"]
