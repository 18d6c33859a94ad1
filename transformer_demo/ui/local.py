"""The app served in-process on a free local port, and Debian's Chromium to look at it (tests, screenshots)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import gradio as gr
import torch

from ..services.service import Service
from ..serving.hosting import free_port
from ..serving.routes import server_app
from . import build_app, launch_options

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch(service: Service) -> tuple[gr.Blocks, str]:
    """The app on a free port of 127.0.0.1, serving from background threads; returns (demo, url)."""
    demo = build_app(service)
    _, url, _ = demo.launch(
        prevent_thread_lock=True, server_name="127.0.0.1", server_port=free_port(), quiet=True,
        **launch_options(service),
    )
    return demo, url


@contextmanager
def served(service: Service) -> Iterator[str]:
    """The app running (one torch thread, as app.py sets) for the duration of the block; yields its url."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    demo, url = launch(service)
    try:
        yield url
    finally:
        demo.close()
        torch.set_num_threads(threads)


@contextmanager
def served_server(service: Service, seconds: float = 60.0) -> Iterator[str]:
    """The whole server of app.py (ui/server.py: the JSON routes beside the Gradio app) under uvicorn on a free
    port of 127.0.0.1 for the duration of the block; yields its url."""
    import uvicorn

    port = free_port()
    app = server_app(service, build_app(service), **launch_options(service))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + seconds
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError(f"the server did not start within {seconds:g} s")
        time.sleep(0.1)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
