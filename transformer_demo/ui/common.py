"""Pieces every tab uses: turning user errors into gr.Error, the model picker's choices, tab intros."""
from __future__ import annotations

import functools
import inspect
from collections.abc import Callable

import gradio as gr

from ..errors import ServiceError, UserError
from ..services import Catalog
from ..serving.limits import Visitor
from .guard import visitor_of


def user_errors(fn: Callable) -> Callable:
    """Wrap an event handler so that a UserError (bad input, unknown model, ...) reaches the user as a
    plain message box (gr.Error) rather than a generic failure, and stays out of the server log (it is
    not a server fault). Keeps generator handlers generators."""
    if inspect.isgeneratorfunction(fn):

        @functools.wraps(fn)
        def stream(*args, **kwargs):
            try:
                yield from fn(*args, **kwargs)
            except UserError as exc:
                raise gr.Error(str(exc), print_exception=False) from None

        return stream

    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except UserError as exc:
            raise gr.Error(str(exc), print_exception=False) from None

    return call


def whole(value: float | int | str | None, name: str) -> int:
    """A number from the browser or the API as a whole number; NaN, infinity or text is the user's to fix."""
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):
        raise ServiceError(f"{name} must be a whole number, got {value!r}") from None


def visitor(catalog: Catalog, request: gr.Request | None) -> Visitor:
    """Who sent the request (session and client address, see limits.py)."""
    return visitor_of(request, catalog.runs.limits.hops if catalog.runs else 0)


def model_choices(catalog: Catalog, request: gr.Request | None = None) -> list[tuple[str, str]]:
    """(label, name) for the model picker and "Start from": name, language pair, size and score; the runs
    trained here only for the visitor who trained them (none of them with no request: the page as built)."""
    return [(m.label, m.name) for m in catalog.models(visitor(catalog, request))]


def intro(text: str) -> gr.Markdown:
    """The plain sentences that explain each tab, folded under "How it works" so that the tab's own controls
    come first (on a phone, within the first screen)."""
    with gr.Accordion("How it works", open=False, elem_classes=["how-it-works"]):
        return gr.Markdown(text, elem_classes=["tab-intro"])


def readable(tokens: list[str]) -> str:
    """Subword tokens back to text: "▁Ein", "▁Mann" -> "Ein Mann"."""
    return "".join(tokens).replace("▁", " ").strip()
