"""Pieces every tab uses: turning user errors into gr.Error, the model picker's choices, tab intros."""
from __future__ import annotations

import functools
import inspect
from typing import Callable

import gradio as gr

from ..limits import Visitor
from ..service import Service
from .guard import visitor_of


def user_errors(fn: Callable) -> Callable:
    """Wrap an event handler so that a ValueError (bad input, unknown model, ...) reaches the user as a
    plain message box (gr.Error) rather than a generic failure, and stays out of the server log (it is
    not a server fault). Keeps generator handlers generators."""
    if inspect.isgeneratorfunction(fn):

        @functools.wraps(fn)
        def stream(*args, **kwargs):
            try:
                yield from fn(*args, **kwargs)
            except ValueError as exc:
                raise gr.Error(str(exc), print_exception=False) from None

        return stream

    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ValueError as exc:
            raise gr.Error(str(exc), print_exception=False) from None

    return call


def visitor(service: Service, request: gr.Request | None) -> Visitor:
    return visitor_of(request, service.limits.hops)


def model_choices(service: Service, request: gr.Request | None = None) -> list[tuple[str, str]]:
    """(label, name) for the model picker and "Start from": name, language pair, size and score; the runs
    trained here only for the visitor who trained them (none of them with no request: the page as built)."""
    return [(m.label, m.name) for m in service.models(visitor(service, request))]


def intro(text: str) -> gr.Markdown:
    """The two or three plain sentences that open each tab."""
    return gr.Markdown(text, elem_classes=["tab-intro"])


def readable(tokens: list[str]) -> str:
    """Subword tokens back to text: "▁Ein", "▁Mann" -> "Ein Mann"."""
    return "".join(tokens).replace("▁", " ").strip()
