"""The app's web server: the Gradio app at "/" plus two JSON routes on the same port, behind the door (door.py):
the seed's answer check below, and POST /api/translate for programs (translate_api.py). Their schemas: /docs.

    POST /query-ai-bot  {"useranswer": "2196", "conversation": "<a list of turns, or a string holding one>"}
                        (or {"useranswer": ..., "question": "What is 61 times 36?"}; optional "model")
    -> 200 {"Evaluation": "EQUIVALENT" | "NOT_EQUIVALENT" | "UNSURE" | "NO_QUESTION", "original_question_got": ...,
            "botanswer": ..., "useranswer": ...}
       UNSURE and NO_QUESTION add "message", one sentence saying why: UNSURE when a question was read but its
       answer could not be verified, or the student's answer is not one number (tasks/math/answer_check.py); the
       checker never says NOT_EQUIVALENT to a right answer or EQUIVALENT to a wrong one.

Bad bodies get 4xx with {"detail": "<what is wrong>"}: 413 over Limits.max_body_kb, 400 for JSON that does not
parse or is not an object, 422 for missing or wrongly typed fields or a conversation that cannot be read.
"""
from __future__ import annotations

import json
from typing import Any

import gradio as gr
from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse

from ..services.service import Service
from .door import Door
from .translate_api import add_translate_route

FIELDS = {"useranswer", "conversation", "question", "model"}


class BadRequest(Exception):
    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status, self.detail = status, detail


async def _read_body(request: Request, max_bytes: int) -> dict[str, Any]:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise BadRequest(413, f"the body is larger than {max_bytes:,} bytes")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > max_bytes:
            raise BadRequest(413, f"the body is larger than {max_bytes:,} bytes")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise BadRequest(400, "the body must be JSON: {\"useranswer\": \"...\", \"conversation\": \"[...]\"}") from None
    if not isinstance(data, dict):
        raise BadRequest(400, "the body must be a JSON object with useranswer and conversation (or question)")
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise BadRequest(422, f"unknown field(s): {', '.join(unknown)} (known: {', '.join(sorted(FIELDS))})")
    if "useranswer" not in data:
        raise BadRequest(422, "useranswer is missing")
    if ("conversation" in data) == ("question" in data):
        raise BadRequest(422, "give either conversation or question (exactly one)")
    if not isinstance(data.get("model", ""), str):
        raise BadRequest(422, "model must be the name of a math model")
    return data


def add_routes(app: FastAPI, service: Service) -> None:
    @app.post("/query-ai-bot")
    async def query_ai_bot(request: Request) -> JSONResponse:
        try:
            data = await _read_body(request, service.limits.max_body_kb * 1024)
            args = data.get("model"), data["useranswer"], data.get("conversation"), data.get("question")
            result = await run_in_threadpool(service.check_answer, *args)
        except BadRequest as exc:
            return JSONResponse({"detail": exc.detail}, status_code=exc.status)
        except ValueError as exc:  # the request's content: an unreadable conversation, an unknown model, ...
            return JSONResponse({"detail": str(exc)}, status_code=422)
        return JSONResponse(result)


def server_app(service: Service, demo: gr.Blocks, **launch_options: Any) -> FastAPI:
    """A FastAPI app serving the JSON routes and the Gradio app (run it with uvicorn). The door stands in front of
    all of them, in place of the one launch_options would put in front of the Gradio app alone."""
    app = FastAPI(title="Transformer demo", summary="JSON routes beside the Gradio app (its own API: /gradio_api)",
                  redoc_url=None)
    app.add_middleware(Door, limits=service.limits)
    add_routes(app, service)
    add_translate_route(app, service)
    gradio_options = {key: value for key, value in launch_options.items() if key != "app_kwargs"}
    return gr.mount_gradio_app(app, demo, path="/", **gradio_options)
