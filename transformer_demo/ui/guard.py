"""GuardedBlocks: gr.Blocks whose every event answers a bad request with a clear message from our code.

Before Gradio preprocesses the inputs: too few of them, a lone surrogate in any text, a string, NaN or
Infinity for a number each get a plain gr.Error. Calls marked `costly` (they run a model) pass the
visitor's gate of limits.py first; the queue takes waiting calls in turn by visitor (fair_queue.py).
Afterwards every error's message is made safe to echo (escaped, cut short), and an unexpected exception is
logged with its traceback once per kind and at most every LOG_EVERY_S seconds, then answered with a short
message instead of Gradio's blank "Error".
"""

from __future__ import annotations

import html
import logging
import math
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

import gradio as gr

from ..serving.limits import BusyError, Visitor, VisitorGate, client_address, shorten
from .fair_queue import FairQueue

MESSAGE_CHARS = 600  # an error message longer than this is cut (it would only repeat what was sent)
LOG_EVERY_S = 600.0
log = logging.getLogger("transformer_demo.app")


def costly(fn: Callable) -> Callable:
    """Mark an event handler that runs a model: it passes the per-visitor gate."""
    fn.costly = True
    return fn


def visitor_of(request: gr.Request | None, hops: int) -> Visitor:
    if request is None:
        return Visitor("unknown", "unknown")
    headers = {k.lower(): v for k, v in dict(request.headers or {}).items()}
    peer = request.client.host if request.client else None
    return Visitor(request.session_hash or "no-session", client_address(headers, peer, hops))


def safe_message(message: object) -> str:
    text = str(message).encode("utf-8", "backslashreplace").decode("utf-8")
    text = text if len(text) <= MESSAGE_CHARS else text[: MESSAGE_CHARS - 1] + "…"
    return html.escape(text, quote=False)


def lone_surrogate(value: Any) -> int | None:
    """Position (1-based) of a lone surrogate in a string, or in any string inside lists and dicts."""
    if isinstance(value, str):
        return next((i + 1 for i, c in enumerate(value) if "\ud800" <= c <= "\udfff"), None)
    items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
    return next((p for p in map(lone_surrogate, items) if p is not None), None)


def input_problem(block: Any, value: Any) -> str | None:
    label = getattr(block, "label", None) or type(block).__name__
    position = lone_surrogate(value)
    if position is not None:
        return f"{label}: invalid character at position {position} (a lone surrogate); please remove it."
    if isinstance(block, (gr.Number, gr.Slider)):
        if value is None and isinstance(block, gr.Number):
            return None
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return f"{label} must be a number, got {shorten(value)}."
        if not math.isfinite(value):
            return f"{label} must be a finite number, got {value}."
    if isinstance(block, gr.Textbox) and value is not None and not isinstance(value, str):
        return f"{label} must be text, got {shorten(value)}."
    choices = [choice[1] if isinstance(choice, tuple) else choice for choice in getattr(block, "choices", None) or []]
    if choices and not getattr(block, "allow_custom_value", False) and value not in choices:
        return f"{label}: {shorten(value)} is not in the list of choices: {', '.join(map(str, choices))}."
    return None


class ErrorLog:
    """Tracebacks of unexpected errors: the first of each exception class, then one every `every` seconds."""

    def __init__(self, every: float = LOG_EVERY_S):
        self.every = every
        self._last: dict[str, tuple[float, int]] = {}  # class name -> (last logged, suppressed since)
        self._lock = threading.Lock()

    def record(self, exc: BaseException) -> bool:
        """Log exc if its class is due; True when it was logged."""
        kind, now = type(exc).__qualname__, time.monotonic()
        with self._lock:
            last, suppressed = self._last.get(kind, (-math.inf, 0))
            due = now - last >= self.every
            self._last[kind] = (now, 0) if due else (last, suppressed + 1)
        if due:
            more = f" ({suppressed} more since the last one)" if suppressed else ""
            log.error("unexpected %s%s:\n%s", kind, more, "".join(traceback.format_exception(exc)).rstrip())
        return due


class GuardedBlocks(gr.Blocks):
    def __init__(self, gate: VisitorGate, **kwargs):
        self.gate = gate  # before Blocks.__init__, which makes the queue
        super().__init__(**kwargs)
        self.errors = ErrorLog()

    def queue(self, *args, **kwargs) -> GuardedBlocks:
        """Gradio's queue, made a FairQueue (its subclass that only reorders and bounds what waits)."""
        super().queue(*args, **kwargs)
        self._queue.__class__ = FairQueue
        self._queue.limits = self.gate.limits
        return self

    def check_inputs(self, block_fn: Any, inputs: list[Any]) -> None:
        wanted = block_fn.inputs
        if len(inputs) < len(wanted):
            raise gr.Error(
                f"This call takes {len(wanted)} inputs, got {len(inputs)}: send all of them (gradio_client "
                "fills in the defaults; client.view_api() lists them).",
                print_exception=False,
            )
        for block, value in zip(wanted, inputs):
            problem = input_problem(block, value)
            if problem:
                raise gr.Error(problem, print_exception=False)

    async def process_api(
        self,
        block_fn: Any,
        inputs: list[Any],
        state: Any = None,
        request: Any = None,
        iterator: Any = None,
        *args,
        **kwargs,
    ) -> dict[str, Any]:
        fn = self.fns[block_fn] if isinstance(block_fn, int) else block_fn
        try:
            if iterator is not None:  # the next chunk of a stream that was checked when it began
                return await super().process_api(block_fn, inputs, state, request, iterator, *args, **kwargs)
            self.check_inputs(fn, inputs if isinstance(inputs, list) else [])
            if not getattr(fn.fn, "costly", False):
                return await super().process_api(block_fn, inputs, state, request, iterator, *args, **kwargs)
            with self.gate.enter(
                visitor_of(request if isinstance(request, gr.Request) else None, self.gate.limits.hops)
            ):
                return await super().process_api(block_fn, inputs, state, request, iterator, *args, **kwargs)
        except gr.Error as exc:
            raise gr.Error(
                safe_message(exc.message), duration=exc.duration, title=exc.title, print_exception=False
            ) from None
        except BusyError as exc:
            raise gr.Error(safe_message(exc), title="Busy", print_exception=False) from None
        except (StopAsyncIteration, StopIteration):
            raise
        except Exception as exc:  # noqa: BLE001 - anything unexpected: logged, then a plain message
            self.errors.record(exc)
            raise gr.Error(
                f"The server could not handle this request ({type(exc).__name__}); check the inputs and try again.",
                print_exception=False,
            ) from None
