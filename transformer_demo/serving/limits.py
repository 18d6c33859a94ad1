"""What one visitor may ask of a public server: the numbers (Limits), who a visitor is (Visitor) and the
per-visitor gate on the expensive calls (VisitorGate). Sharing the model slots fairly between visitors is the
queue's part (ui/fair_queue.py): per page first, then per client address, sized so that a class of 30 behind one
school address is served in turn.

Every number has a default fit for a 2-core CPU Space and can be changed by an environment variable
(TRANSFORMER_DEMO_<FIELD>, e.g. TRANSFORMER_DEMO_MAX_BODY_KB=512) or the matching app.py flag
(--max-body-kb 512). SECURITY.md lists them.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections import deque
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace

from ..errors import UserError

ENV_PREFIX = "TRANSFORMER_DEMO_"
SHORT = 40  # characters of a user's value that a message echoes


class BusyError(UserError):
    """This visitor already has enough running or recent requests; the message says when to try again."""


@dataclass(frozen=True)
class Limits:
    max_body_kb: int = 256  # any request body; 20,000 characters of text escaped as JSON fit in 120 KB
    allow_uploads: bool = False  # the app has no file input, so /gradio_api/upload is refused
    queue_size: int = 256  # requests waiting in the queue, all visitors together
    address_waiting: int = 64  # ... from one client address: a class of 30 behind one school address fits twice
    address_running: int = 1  # model calls of one address running at once; the rest wait their turn (not refused)
    joins_per_minute: int = 600  # queued requests one client address may send per minute (at the door): 20 each
    session_concurrency: int = 1  # model calls (translate, step, attention) running at once per session
    session_calls_per_minute: int = 40  # model calls started per session per minute
    address_calls_per_minute: int = 600  # ... per client address: a class of 30, 20 each
    proxy_hops: int = -1  # trusted proxies in front of the app (X-Forwarded-For); -1: 1 on a Space, else 0
    visitor_steps_per_hour: int = 4000  # training steps one visitor (client address) may start per hour
    total_steps_per_hour: int = 20000  # training steps all visitors together may start per hour
    min_job_steps: int = 50  # what a job costs at least against the budgets (data and tokenizer set-up)
    visitor_runs: int = 3  # trained models kept per visitor; their oldest is deleted first
    total_runs: int = 60  # trained models kept on the server in all
    cache_minutes: int = 60  # Gradio's temporary files are deleted after this long

    @property
    def hops(self) -> int:
        if self.proxy_hops >= 0:
            return self.proxy_hops
        return 1 if os.environ.get("SPACE_ID") else 0

    def validate(self) -> Limits:
        for spec in fields(self):
            value = getattr(self, spec.name)
            if spec.type == "int" and spec.name != "proxy_hops" and value < 1:
                raise ValueError(f"{spec.name} must be at least 1, got {value}")
        return self

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Limits:
        """Defaults, overridden by TRANSFORMER_DEMO_<FIELD> variables."""
        values = {}
        for spec in fields(cls):
            raw = environ.get(ENV_PREFIX + spec.name.upper())
            if raw is not None:
                values[spec.name] = parse_value(spec.name, spec.type, raw)
        return replace(cls(), **values).validate()


def parse_value(name: str, kind: str, raw: str) -> int | bool:
    if kind == "bool":
        if raw.lower() not in ("1", "0", "true", "false", "yes", "no"):
            raise ValueError(f"{name} must be true or false, got {shorten(raw)}")
        return raw.lower() in ("1", "true", "yes")
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, got {shorten(raw)}") from None


def shorten(value: object, limit: int = SHORT) -> str:
    """A user's value for a message: repr (so control characters and lone surrogates are escaped), cut short."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Visitor:
    """Who sent a request: the browser session (one per page load) and the client address."""

    session: str
    address: str


LOCAL = Visitor("local", "local")  # the command line and direct Service calls


def client_address(headers: Mapping[str, str], peer: str | None, hops: int) -> str:
    """The address of the client: the peer itself, or behind `hops` trusted proxies the X-Forwarded-For entry
    the outermost of them appended (entries further left are whatever the client chose to send)."""
    if hops > 0:
        entries = [entry.strip() for entry in headers.get("x-forwarded-for", "").split(",") if entry.strip()]
        if entries:
            return entries[max(len(entries) - hops, 0)]
    return peer or "unknown"


class Window:
    """At most `limit` events per key in any `seconds`-long window."""

    def __init__(self, limit: int, seconds: float = 60.0):
        self.limit, self.seconds = limit, seconds
        self._events: dict[str, deque[float]] = {}

    def wait(self, key: str, now: float) -> float:
        """Seconds until key may have another event (0: now), forgetting events older than the window."""
        events = self._events.get(key)
        while events and events[0] <= now - self.seconds:
            events.popleft()
        if not events:
            self._events.pop(key, None)
            return 0.0
        return 0.0 if len(events) < self.limit else events[0] + self.seconds - now

    def add(self, key: str, now: float) -> None:
        self._events.setdefault(key, deque()).append(now)
        if len(self._events) > 10_000:  # many visitors: drop the ones whose events have all expired
            for stale in [k for k, v in self._events.items() if v[-1] <= now - self.seconds]:
                del self._events[stale]


def try_again(seconds: float) -> str:
    return f"try again in {max(1, math.ceil(seconds))} s"


class VisitorGate:
    """Per-page concurrency and per-page and per-address rate limits on the calls that run a model. A call over
    a limit is refused at once with BusyError (the queue then moves on) instead of waiting in a queue one visitor
    could fill. Calls from one address run side by side: many pages behind one address are a class, not a flood,
    and the fair queue keeps them from starving anyone else."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self._running: dict[str, list[float]] = {}  # session -> start times of its calls in progress
        self._windows = {
            "session": Window(limits.session_calls_per_minute),
            "address": Window(limits.address_calls_per_minute),
        }
        self._lock = threading.Lock()

    @staticmethod
    def _keys(visitor: Visitor) -> dict[str, str]:
        return {"session": "s:" + visitor.session, "address": "a:" + visitor.address}

    def _refusal(self, visitor: Visitor, now: float) -> str | None:
        running = self._running.get(visitor.session, [])
        if len(running) >= self.limits.session_concurrency:
            return (
                f"Busy: {len(running)} request{'s' * (len(running) != 1)} in this page still running; "
                f"{try_again(2.0 - (now - max(running)))}."
            )
        for kind, key in self._keys(visitor).items():
            wait = self._windows[kind].wait(key, now)
            if wait:
                where = "in this page" if kind == "session" else "from your address"
                return f"Busy: too many requests {where}; {try_again(wait)}."
        return None

    @contextmanager
    def enter(self, visitor: Visitor) -> Iterator[None]:
        now = time.monotonic()
        with self._lock:
            refusal = self._refusal(visitor, now)
            if refusal:
                raise BusyError(refusal)
            for kind, key in self._keys(visitor).items():
                self._windows[kind].add(key, now)
            self._running.setdefault(visitor.session, []).append(now)
        try:
            yield
        finally:
            with self._lock:
                self._running[visitor.session].remove(now)
                if not self._running[visitor.session]:
                    del self._running[visitor.session]
