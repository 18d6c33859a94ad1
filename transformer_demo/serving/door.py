"""Door: ASGI middleware in front of Gradio's app that refuses what must never reach the parser.

- A body larger than Limits.max_body_kb: refused from its Content-Length before a byte is read, or, for a
  streamed body without one, as soon as the bytes counted pass the limit (413).
- Uploads when the app takes no files (403).
- More than Limits.joins_per_minute queued requests (and calls of POST /api/translate) from one client address
  (429 "try again in N s").

Answers are JSON {"detail": ...} like FastAPI's own errors.

    demo.launch(app_kwargs={"middleware": [door_middleware(limits)]})
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.middleware import Middleware

from .limits import Limits, Window, client_address, try_again

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

QUEUED = ("/gradio_api/queue/join", "/gradio_api/call/", "/gradio_api/run/", "/api/translate")


async def answer(send: Send, status: int, detail: str, extra: list[tuple[bytes, bytes]] = ()) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
        *extra,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Door:
    def __init__(self, app: ASGIApp, limits: Limits):
        self.app, self.limits = app, limits
        self.max_bytes = limits.max_body_kb * 1024
        self._joins = Window(limits.joins_per_minute)
        self._lock = threading.Lock()

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        path, method = scope.get("path", ""), scope.get("method", "GET")
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        length = headers.get("content-length", "")
        if length and (not length.isdigit() or int(length) > self.max_bytes):
            return 413, f"Request too large: at most {self.limits.max_body_kb} KB."
        if path.startswith("/gradio_api/upload") and not self.limits.allow_uploads:
            return 403, "This app takes no file uploads."
        if method == "POST" and path.startswith(QUEUED):
            peer = (scope.get("client") or (None,))[0]
            address, now = client_address(headers, peer, self.limits.hops), time.monotonic()
            with self._lock:
                wait = self._joins.wait(address, now)
                if not wait:
                    self._joins.add(address, now)
            if wait:
                return 429, f"Busy: too many requests from your address; {try_again(wait)}."
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        refused = self.refusal(scope)
        if refused:
            return await answer(send, *refused)
        seen, answered = 0, False

        async def counted() -> Message:
            nonlocal seen, answered
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes and not answered:
                    answered = True
                    await answer(send, 413, f"Request too large: at most {self.limits.max_body_kb} KB.")
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            if not answered:  # after our 413 the app's own answer (to a disconnect) goes nowhere
                await send(message)

        await self.app(scope, counted, guarded_send)


def door_middleware(limits: Limits) -> Middleware:
    return Middleware(Door, limits=limits)
