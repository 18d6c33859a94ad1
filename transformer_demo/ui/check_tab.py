"""Check an answer tab (math models): is a student's answer to a question, or to the math question in a
tutoring conversation, right? The seed's service, answered by the model and exact arithmetic."""
from __future__ import annotations

import gradio as gr

from ..errors import ServiceError
from ..services.service import Service
from .common import intro, user_errors
from .guard import costly

INTRO = """Paste a math question, or a whole tutoring conversation (a list of `{'user': ..., 'bot': ...}` turns, as
JSON or as a Python-style list in a string), and a student's answer. The checker finds the most recent question
it knows, the model writes its program, exact arithmetic evaluates it, and the student's answer is compared as a
number at the precision the student wrote. When the checker cannot be sure (it could not verify the right answer,
or the student's answer is not one number), it says **UNSURE** and why, never "wrong". Programs can ask the same
check with `POST /query-ai-bot`."""
EXAMPLE = [
    ["what is 61 times 36 ?", "2196"],
    ["Find the average of 10, 20, and 30.", "20.0"],
    ["A bag contains 1 red and 2 blue balls. What is the probability of drawing a red ball?", "33.3 %"],
    ["[{'user': 'what is 61 times 36 ?', 'bot': 'Sure, to find that, you multiply 61 by 36. What do you get?'}]",
     "20 and 18"],
]


def verdict(result: dict) -> str:
    """The check's outcome in plain words (the JSON below it has the details)."""
    question, answer = result.get("original_question_got"), result.get("useranswer")
    if result["Evaluation"] == "EQUIVALENT":
        return f"**Right.** {answer} is the answer to “{question}”."
    if result["Evaluation"] == "NOT_EQUIVALENT":
        return f"**Not right: the answer is {result['botanswer']}** (to “{question}”; the student wrote {answer})."
    if result["Evaluation"] == "UNSURE":
        return f"**Not sure, so no verdict:** {result.get('message')}"
    return f"**Can't tell:** {result.get('message') or 'no question was found.'}"


def build(service: Service, model: gr.Dropdown) -> None:
    intro(INTRO)
    with gr.Row():
        with gr.Column(scale=3):
            question = gr.Textbox(label="Question or conversation", lines=3, max_lines=12,
                                  placeholder="What is 61 times 36?")
        with gr.Column(scale=1):
            answer = gr.Textbox(label="Student's answer", placeholder="2196")
            button = gr.Button("Check", variant="primary")
    said = gr.Markdown(elem_id="check-verdict")
    with gr.Accordion("Details (JSON, as POST /query-ai-bot answers)", open=False):
        result = gr.JSON(show_label=False, open=True)
    with gr.Column(elem_classes=["check-examples"]):
        gr.Examples(EXAMPLE, [question, answer])

    @costly
    @user_errors
    def check(question: str, answer: str, model: str | None) -> tuple[str, dict]:
        text = (question or "").strip()
        if not text:
            raise ServiceError("Please enter a question or a conversation.")
        is_conversation = text.startswith(("[", "'[", '"['))
        chosen = model if model and service.catalog.model_info(model).answers_questions else None
        where = {"conversation": text} if is_conversation else {"question": text}
        outcome = service.check_answer(chosen, answer or "", **where)
        return verdict(outcome), outcome

    outputs = [said, result]
    gr.on([button.click, answer.submit], check, [question, answer, model], outputs, api_name="check_answer",
          api_description="Check a student's answer to a math question or conversation. Returns (the verdict in "
          "plain words, the JSON of POST /query-ai-bot): Evaluation EQUIVALENT, NOT_EQUIVALENT, UNSURE (a question "
          "was read but its answer could not be verified, or the student's answer is not one number; 'message' says "
          "why) or NO_QUESTION.",
          ).failure(lambda: ("", None), None, outputs, api_visibility="private")
