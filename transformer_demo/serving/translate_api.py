"""POST /api/translate: the Translate tab as JSON, for programs (served by ui/server.py; schema at /docs).

    POST /api/translate  {"text": "A man is riding a bike.\\nTwo dogs play.", "method": "beam", "beam_size": 4}
    -> 200 {"model": "multi30k-en-de", "engine": "ctranslate2", "notice": null,
            "lines": [{"source": ..., "translation": ..., "log_prob": -3.1, "tokens": ["▁Ein", ...],
                       "notice": null, "n_best": [{"translation": ..., "log_prob": ..., "tokens": [...]}, ...]}]}

The same translation service, options and checks as the tab's /translate (so the same translations); the door's
body and rate limits and the per-visitor gate apply, the visitor being the client address (one call at a time),
and at most API_SLOTS calls run at once in all (the app's model slots are Gradio's queue, which this route does
not use). A malformed body gets 422 {"detail": ...}, a busy visitor 429, a busy server 503, too large a body 413.
"""

from __future__ import annotations

import threading
from typing import Literal

from fastapi import FastAPI, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from ..errors import UserError
from ..services.service import Service
from ..tasks import Output
from ..ui.fair_queue import request_visitor
from ..ui.translate_tab import options_from
from .limits import BusyError, Visitor, try_again

API_SLOTS, WAIT_S = 2, 10.0  # calls translating at once, and how long another waits for a slot before a 503


class TranslateRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(description="One sentence per line (at most 64 lines and 20,000 characters).")
    model: str | None = Field(None, description="A model's name as the app's picker lists it; default: the app's.")
    method: Literal["greedy", "beam", "sample"] = "greedy"
    beam_size: int = Field(4, ge=1, le=16, description="beam: hypotheses kept at every step")
    length_penalty: float | None = Field(None, ge=0, le=3, description="beam: default the model's own")
    n_best: int = Field(3, ge=1, le=16, description="beam: outputs returned per line (at most beam_size)")
    temperature: float = Field(1.0, ge=0.1, le=3, description="sample")
    top_k: int = Field(0, ge=0, le=100, description="sample: 0 = off")
    top_p: float = Field(1.0, ge=0.05, le=1, description="sample: 1 = off")


class Candidate(BaseModel):
    translation: str = Field(description="For a math model: the answer its program gives.")
    log_prob: float | None = Field(description="Total log-probability, end of sentence included (the tab's score).")
    tokens: list[str] = Field(description="The pieces the model wrote.")


class Line(Candidate):
    source: str
    notice: str | None = Field(description="Why not to trust this line, in plain words; null when none.")
    n_best: list[Candidate] | None = Field(None, description="beam: the n best outputs, best first.")


class TranslateResponse(BaseModel):
    model: str
    engine: str = Field(description="The engine that answered: torch or ctranslate2.")
    notice: str | None = Field(description="For the whole request, e.g. decoding stopped at the time limit.")
    lines: list[Line]


def candidate(output: Output) -> Candidate:
    return Candidate(translation=output.text, log_prob=output.log_prob, tokens=list(output.tokens))


def translate(service: Service, body: TranslateRequest) -> TranslateResponse:
    info = service.catalog.model_info(body.model)
    penalty = info.length_penalty if body.length_penalty is None else body.length_penalty
    options = options_from(body.method, body.beam_size, penalty, body.n_best, body.temperature, body.top_k, body.top_p)
    result = service.translation.translate(info.name, body.text, options)
    lines = [
        Line(source=line.source, notice=line.notice, **candidate(line.outputs[0]).model_dump(),
             n_best=[candidate(output) for output in line.outputs] if body.method == "beam" else None)
        for line in result.lines
    ]
    return TranslateResponse(model=info.name, engine=result.engine, notice=result.notice, lines=lines)


def add_translate_route(app: FastAPI, service: Service) -> None:
    slots = threading.BoundedSemaphore(API_SLOTS)

    def in_turn(body: TranslateRequest) -> TranslateResponse | None:
        """The translation once a slot is free; None when none frees within WAIT_S."""
        if not slots.acquire(timeout=WAIT_S):
            return None
        try:
            return translate(service, body)
        finally:
            slots.release()

    @app.post("/api/translate", response_model=TranslateResponse, responses={
        413: {"description": "The body is too large"}, 422: {"description": "A malformed body or a bad value"},
        429: {"description": "Busy: this address has a call running or too many in the last minute"},
        503: {"description": "Busy: the server is translating for others; try again in a few seconds"},
    })
    async def api_translate(body: TranslateRequest, request: Request) -> TranslateResponse | JSONResponse:
        """Translate text, one sentence per line: per line the best translation, its log-probability and
        pieces, a notice when it should not be trusted, and for beam search the n-best list."""
        address = request_visitor("", request, service.limits.hops).address
        try:
            with service.gate.enter(Visitor("api " + address, address)):
                answer = await run_in_threadpool(in_turn, body)
            if answer is None:
                return JSONResponse({"detail": f"Busy: the server is translating for others; {try_again(2)}."},
                                    status_code=503)
            return answer
        except BusyError as exc:
            return JSONResponse({"detail": str(exc)}, status_code=429)
        except UserError as exc:  # an unknown model, empty text, a value the decoder refuses
            return JSONResponse({"detail": str(exc)}, status_code=422)
