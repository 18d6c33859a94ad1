"""Check an answer tab (math models): is a student's answer to a question, or to the math question in a
tutoring conversation, right? The seed's service, answered by the model and exact arithmetic."""
from __future__ import annotations

import gradio as gr

from ..errors import ServiceError
from ..service import Service
from .common import intro, user_errors
from .guard import costly

INTRO = """Paste a math question, or a whole tutoring conversation (a list of `{'user': ..., 'bot': ...}` turns, as
JSON or as the seed service sends it), and a student's answer. The checker finds the most recent question it
knows, the model writes its program, exact arithmetic evaluates it, and the student's answer is compared as a
number at the precision the student wrote. When the checker cannot be sure (it could not verify the right answer,
or the student's answer is not one number), it says **UNSURE** and why, never "wrong". The same check answers
`POST /query-ai-bot` on this server."""
VERDICTS = {"EQUIVALENT": "Right.", "NOT_EQUIVALENT": "Not right.", "NO_QUESTION": "No question found.",
            "UNSURE": "Not sure, so no verdict."}


def in_words(result: dict) -> str:
    """The verdict in plain words, with the checker's reason when it gives one."""
    words = VERDICTS.get(result.get("Evaluation"), "")
    right = f" The right answer is {result['botanswer']}." if result.get("Evaluation") == "NOT_EQUIVALENT" else ""
    return f"**{words}**{right} {result.get('message') or ''}".strip()
EXAMPLE = [
    ["what is 61 times 36 ?", "2196"],
    ["Find the average of 10, 20, and 30.", "20.0"],
    ["A bag contains 1 red and 2 blue balls. What is the probability of drawing a red ball?", "33.3 %"],
    ["[{'user': 'what is 61 times 36 ?', 'bot': 'Sure, to find that, you multiply 61 by 36. What do you get?'}]",
     "20 and 18"],
]


def build(service: Service, model: gr.Dropdown) -> None:
    intro(INTRO)
    with gr.Row():
        with gr.Column(scale=3):
            question = gr.Textbox(label="Question or conversation", lines=3, max_lines=12,
                                  placeholder="What is 61 times 36?")
        with gr.Column(scale=1):
            answer = gr.Textbox(label="Student's answer", placeholder="2196")
            button = gr.Button("Check", variant="primary")
    verdict = gr.Markdown()
    result = gr.JSON(label="Result (the seed's response)", open=True)
    gr.Examples(EXAMPLE, [question, answer])

    @costly
    @user_errors
    def check(question: str, answer: str, model: str | None) -> dict:
        text = (question or "").strip()
        if not text:
            raise ServiceError("Please enter a question or a conversation.")
        is_conversation = text.startswith(("[", "'[", '"['))
        chosen = model if model and service.catalog.model_info(model).task == "math" else None
        if is_conversation:
            return service.check_answer(chosen, answer or "", conversation=text)
        return service.check_answer(chosen, answer or "", question=text)

    gr.on([button.click, answer.submit], check, [question, answer, model], result, api_name="check_answer",
          api_description="Check a student's answer to a math question or conversation. Returns the seed's JSON: "
          "Evaluation EQUIVALENT, NOT_EQUIVALENT, UNSURE (a question was read but its answer could not be "
          "verified, or the student's answer is not one number; 'message' says why) or NO_QUESTION.",
          ).then(lambda response: in_words(response) if isinstance(response, dict) else "", result, verdict,
                 api_visibility="private")
