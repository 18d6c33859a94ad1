"""Section 4: latency of the running app's /translate endpoint, called through gradio_client.

The app runs as it would for a user (`python app.py --port P`, its own process, its default thread
setting unless --threads is given), once with its default engine (auto: CTranslate2 int8 where it decodes
as ours does: greedy, and beam search with a model's own penalty under the "length" norm) and once with --engine
torch (`torch_engine`). Beam search uses the model's own length penalty, as the app's controls do. It serves
the benchmarked checkpoint by its registry name, so only checkpoints under the app's checkpoints/ or runs/
folders can be measured. The same translation timed in this process
(in_process_ms_p50) separates the model's time from the app's overhead. One client sends every request back to
back, so the per-visitor rate limits (limits.py) are lifted for the benchmark (BENCH_LIMITS); the rest stay.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from ..checkpoint import Checkpoint
from ..decoding import DecodeOptions
from ..engines import TorchEngine
from ..serving.hosting import free_port
from .measure import REPO_ROOT, percentile
from .memory import SENTENCE

if TYPE_CHECKING:  # imported when the section runs: gradio_client takes seconds to import
    from gradio_client import Client

APP = REPO_ROOT / "app.py"
START_TIMEOUT_S = 180
WARMUP_REQUESTS = 2
METHODS = {"greedy": "greedy", "beam4": "beam"}  # result key -> the endpoint's method (beam size defaults to 4)
# app.py flags: one benchmarking client may send as many requests a minute as it likes.
BENCH_LIMITS = ["--joins-per-minute", "1000000", "--session-calls-per-minute", "1000000",
                "--address-calls-per-minute", "1000000"]


def app_model_name(checkpoint: Path) -> str | None:
    """The app's registry name for a checkpoint folder: NAME under checkpoints/, runs/NAME under runs/."""
    folder = checkpoint.resolve()
    if folder.parent == REPO_ROOT / "checkpoints":
        return folder.name
    if folder.parent == REPO_ROOT / "runs":
        return f"runs/{folder.name}"
    return None


def connect(url: str, process: subprocess.Popen, log_path: Path) -> Client:
    """A client once the app answers; fails early if the app process dies."""
    from gradio_client import Client

    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        try:
            return Client(url, verbose=False)
        except Exception:  # connection refused until the server is up
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the app did not start: {log_path.read_text()[-500:]}") from None
            time.sleep(1.0)


@contextmanager
def running_app(threads: int, engine: str = "auto") -> Iterator[Client]:
    """`python app.py --engine ENGINE` on a free port for the duration of the block; yields a connected client."""
    port = free_port()
    command = [sys.executable, str(APP), "--host", "127.0.0.1", "--port", str(port), "--engine", engine]
    command += BENCH_LIMITS
    if threads > 0:
        command += ["--threads", str(threads)]
    with tempfile.NamedTemporaryFile("w+", suffix=".log") as log_file:
        process = subprocess.Popen(command, cwd=REPO_ROOT, stdout=log_file, stderr=subprocess.STDOUT)
        try:
            yield connect(f"http://127.0.0.1:{port}/", process, Path(log_file.name))
        finally:
            process.terminate()
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:  # a server stuck in shutdown must not end the benchmark
                process.kill()
                process.wait()


def time_calls(call: Callable[[], object], requests: int) -> dict[str, float]:
    """p50/p90 wall time of call() after warm-up calls (the app loads the model on its first request)."""
    for _ in range(WARMUP_REQUESTS):
        call()
    seconds = []
    for _ in range(requests):
        start = time.perf_counter()
        call()
        seconds.append(time.perf_counter() - start)
    return {"ms_p50": 1000 * percentile(seconds, 50), "ms_p90": 1000 * percentile(seconds, 90), "requests": requests}


def time_endpoint(client: Client, model_name: str, method: str, penalty: float, requests: int) -> dict[str, float]:
    """The /translate endpoint for SENTENCE, through HTTP, the app's queue and the service."""
    def call() -> object:
        return client.predict(SENTENCE, model_name, method, 4, penalty, api_name="/translate")

    return time_calls(call, requests)


def time_http(url: str, model_name: str, method: str, penalty: float, requests: int,
              session_hash: str | None = None) -> dict[str, float]:
    """The same request through Gradio's REST API with plain httpx: gradio_client waits for each message in
    steps of 50 ms (its polling loop), which this leaves out. With a session_hash every call is of one session, as
    a browser page's and gradio_client's are; without one each call opens a session of its own, for which Gradio
    builds the config of every block of the app (SessionState: about 30 ms for this app)."""
    import httpx

    # /translate's inputs: text, model, method, beam size, length penalty, n-best, temperature, top-k, top-p
    data = [SENTENCE, model_name, method, 4, penalty, 3, 1.0, 0, 1.0]
    body = {"data": data} | ({"session_hash": session_hash} if session_hash else {})
    with httpx.Client(base_url=url, timeout=60) as http:
        def call() -> None:
            event = http.post("/gradio_api/call/translate", json=body).json()["event_id"]
            answer = http.get(f"/gradio_api/call/translate/{event}").text
            if "event: complete" not in answer:
                raise RuntimeError(f"/translate failed over HTTP: {answer[-300:]}")

        return time_calls(call, requests)


def bench_app(checkpoint: Checkpoint, requests: int, threads: int) -> dict:
    """Round trips to the app, and the same translation in this process: the difference is the app's overhead."""
    if not APP.is_file():
        return {"skipped": f"{APP} not found"}
    model_name = app_model_name(checkpoint.folder)
    if model_name is None:
        served = f"{REPO_ROOT / 'checkpoints'} and {REPO_ROOT / 'runs'}"
        return {"skipped": f"the app serves only {served}; got {checkpoint.folder}"}
    penalty = checkpoint.length_penalty
    with running_app(threads) as client:
        result = {key: time_endpoint(client, model_name, m, penalty, requests) for key, m in METHODS.items()}
        for key, method in METHODS.items():
            session = f"bench-{uuid.uuid4().hex[:12]}"
            result[key]["http_ms_p50"] = time_http(client.src, model_name, method, penalty, requests, session)["ms_p50"]
            result[key]["http_new_session_ms_p50"] = time_http(client.src, model_name, method, penalty, requests)[
                "ms_p50"]
    with running_app(threads, "torch") as client:
        result["torch_engine"] = {
            key: time_endpoint(client, model_name, m, penalty, requests) for key, m in METHODS.items()
        }
    for key, method in METHODS.items():
        options = DecodeOptions(method=method, length_penalty=penalty, length_norm=checkpoint.length_norm)
        engine = TorchEngine(checkpoint)
        direct = time_calls(lambda engine=engine, options=options: engine.translate([SENTENCE], options), requests)
        result[key]["in_process_ms_p50"] = direct["ms_p50"]
    return {"model": model_name, "sentence": SENTENCE, "threads": threads or "app default", "length_penalty": penalty,
            "length_norm": checkpoint.length_norm, **result}
