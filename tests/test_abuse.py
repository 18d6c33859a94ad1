"""Issue 19: the attacks on a public server, replayed against the real app on a loopback port, with bounded
counts and time (about 40 s in all on the shared 2-core CPU). Marked `abuse` (`-m abuse` runs only these).

Visitors are told apart by the X-Forwarded-For header, as behind the Spaces proxy (proxy_hops=1): the
attacker is 10.0.0.66, the other visitor 10.0.0.7, a school (issue 26: 30 pages behind one address) 10.0.0.30.
"""

from __future__ import annotations

import json
import re
import secrets
import select
import socket
import statistics
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import gradio as gr
import httpx
import pytest
import torch
from app_helpers import build_model_roots, launch, wait_for_first_step
from gradio_client import Client

from transformer_demo.checkpoint import write_json
from transformer_demo.services.service import Service
from transformer_demo.serving.limits import Limits, Visitor
from transformer_demo.serving.runs import APP_RUN_MARKER, fingerprint

pytestmark = pytest.mark.abuse

ATTACKER, VISITOR, SCHOOL = ({"X-Forwarded-For": f"10.0.0.{n}"} for n in (66, 7, 30))
VISITOR_ADDRESS = Visitor("another page", "10.0.0.7")  # the visitor's address, from a page other than the one used
TEXT = "A man is riding a bike."
HEAVY = "\n".join(["dog " * 75] * 64)  # 64 lines, beam 16: runs to the decoding time limit
DECODE_LIMIT = 1.0  # seconds; the real app's is 6 s
FLOOD = 64  # queued requests the attacker sends at once (the flood)
VICTIM_SECONDS = 4.0  # another visitor's translation during the flood; without the gate it waited FLOOD / 2 x 1.2 s
BODY_MB = 8  # streamed by each of 6 parallel oversize requests
MEMORY_GROWTH_MB = 30.0  # what the server process may grow by while refusing 6 x BODY_MB
CLASS_SIZE, CLASS_SECONDS = 30, 30.0  # pages behind one address translating at once; all answered within
SLOWDOWN = 1.10  # translate with 500 runs on disk, against none: median latency at most 10 % higher


def translate_args(text: str = TEXT, model: str = "tiny-en-de", method: str = "greedy", beam: int = 4) -> list:
    return [text, model, method, beam, 0.6, 1, 1.0, 0, 1.0]


@contextmanager
def app(tmp_path: Path, **limits) -> Iterator[tuple[gr.Blocks, str, Service]]:
    checkpoints, runs = build_model_roots(tmp_path)
    service = Service(
        checkpoints, runs, device="cpu", decode_time_limit=DECODE_LIMIT, limits=Limits(proxy_hops=1, **limits)
    )
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    demo, url = launch(service)
    try:
        yield demo, url, service
    finally:
        demo.close()
        torch.set_num_threads(threads)


def fn_index(demo: gr.Blocks, api_name: str) -> int:
    return next(index for index, fn in demo.fns.items() if fn.api_name == api_name)


def join(http: httpx.Client, index: int, data: list, headers: dict, session: str | None = None) -> int:
    body = {
        "data": data,
        "fn_index": index,
        "session_hash": session or secrets.token_hex(8),
        "event_data": None,
        "trigger_id": None,
    }
    return http.post("/gradio_api/queue/join", json=body, headers=headers).status_code


def call(http: httpx.Client, api: str, body: bytes | str, headers: dict | None = None) -> tuple[str, Any]:
    """POST /gradio_api/call/<api> with a raw body and read how the stream ends: ("complete", outputs) or
    ("error", message)."""
    answer = http.post(
        f"/gradio_api/call/{api}", content=body, headers={"content-type": "application/json", **(headers or {})}
    )
    assert answer.status_code == 200, answer.text
    stream = http.get(f"/gradio_api/call/{api}/{answer.json()['event_id']}").text
    event = "complete" if "event: complete" in stream else "error"
    assert f"event: {event}" in stream, stream[:300]
    data = json.loads(stream.split(f"event: {event}", 1)[1].split("data:", 1)[1].strip().splitlines()[0])
    return event, data if event == "complete" else data["error"]


def call_error(http: httpx.Client, api: str, body: bytes | str, headers: dict | None = None) -> str:
    event, message = call(http, api, body, headers)
    assert event == "error", message
    return message


def translate_in_page(http: httpx.Client, page: str, headers: dict) -> tuple[str, Any, float]:
    """One page's translation of TEXT: (outcome, outputs or message, seconds)."""
    began = time.perf_counter()
    event, data = call(http, "translate", json.dumps({"data": translate_args(), "session_hash": page}), headers)
    return event, data, time.perf_counter() - began


# --- 1. queue flooding ---


def test_a_flood_from_one_address_does_not_starve_another_visitor(tmp_path):
    with app(tmp_path) as (demo, url, _), httpx.Client(base_url=url, timeout=30) as http:
        index = fn_index(demo, "translate")
        start = time.perf_counter()
        with ThreadPoolExecutor(16) as pool:
            codes = list(
                pool.map(
                    lambda _: join(http, index, translate_args(HEAVY, method="beam", beam=16), ATTACKER), range(FLOOD)
                )
            )
        sent = time.perf_counter() - start
        assert codes.count(200) == FLOOD  # all queued: refusal comes when each one's turn comes
        visitor = Client(url, headers=VISITOR, verbose=False)
        latencies = []
        for _ in range(3):
            began = time.perf_counter()
            _, info, _ = visitor.predict(TEXT, "tiny-en-de", api_name="/translate")
            latencies.append(time.perf_counter() - began)
            assert "Translated 1 sentence" in info
        print(
            f"\nflood of {FLOOD} sent in {sent:.2f} s; the other visitor's translations: "
            + ", ".join(f"{s:.2f} s" for s in latencies)
        )
        assert max(latencies) < VICTIM_SECONDS


def test_a_class_of_30_behind_one_address_is_served_in_turn(tmp_path):
    with app(tmp_path) as (_, url, _), httpx.Client(base_url=url, timeout=60) as http:
        with ThreadPoolExecutor(CLASS_SIZE) as pool:
            answers = list(pool.map(lambda n: translate_in_page(http, f"pupil-{n}", SCHOOL), range(CLASS_SIZE)))
        print(f"\n{CLASS_SIZE} pages behind one address: the slowest answered in {max(s for *_, s in answers):.2f} s")
        assert [event for event, *_ in answers] == ["complete"] * CLASS_SIZE, [a for a in answers if a[0] != "complete"]
        assert all("Translated 1 sentence" in outputs[1] for _, outputs, _ in answers)
        assert max(seconds for *_, seconds in answers) < CLASS_SECONDS


def test_a_flood_from_one_page_does_not_starve_a_classmate(tmp_path):
    with app(tmp_path) as (demo, url, _), httpx.Client(base_url=url, timeout=30) as http:
        index, heavy = fn_index(demo, "translate"), translate_args(HEAVY, method="beam", beam=16)
        assert [join(http, index, heavy, SCHOOL, "flooder") for _ in range(FLOOD)] == [200] * FLOOD
        answers = [translate_in_page(http, "classmate", SCHOOL) for _ in range(3)]
        print("\nthe classmate's translations during the flood: " + ", ".join(f"{s:.2f} s" for *_, s in answers))
        assert all(event == "complete" and "Translated 1 sentence" in data[1] for event, data, _ in answers), answers
        assert max(seconds for *_, seconds in answers) < VICTIM_SECONDS


def test_one_address_cannot_fill_the_queue(tmp_path):
    with app(tmp_path, address_waiting=3) as (demo, url, _), httpx.Client(base_url=url, timeout=30) as http:
        index, heavy = fn_index(demo, "translate"), translate_args(HEAVY, method="beam", beam=16)
        answers = [http.post("/gradio_api/queue/join", headers=ATTACKER, json={
            "data": heavy, "fn_index": index, "session_hash": f"tab-{n}", "event_data": None, "trigger_id": None,
        }) for n in range(12)]  # 2 running (each at least 1 s), 3 waiting: the rest are refused
        refused = [answer for answer in answers if answer.status_code == 503]
        assert refused and all("from your address are waiting; try again in" in a.json()["detail"] for a in refused)
        assert join(http, index, translate_args(), VISITOR) == 200  # another address still gets in


def test_a_second_call_from_the_same_page_is_told_to_try_again(tmp_path):
    with app(tmp_path) as (_, url, _):
        client = Client(url, headers=VISITOR, verbose=False)
        jobs = [client.submit(*translate_args(HEAVY, method="beam", beam=16), api_name="/translate") for _ in range(2)]
        outcomes = []
        for job in jobs:
            try:
                outcomes.append(job.result(timeout=60)[1])
            except Exception as exc:  # noqa: BLE001 - the refusal is the point
                outcomes.append(str(exc))
        assert sum("Translated 64 sentences" in o for o in outcomes) == 1
        assert sum(bool(re.search(r"Busy: .* try again in \d+ s", o)) for o in outcomes) == 1


def test_the_door_limits_queued_requests_per_address(tmp_path):
    with app(tmp_path, joins_per_minute=5) as (demo, url, _), httpx.Client(base_url=url, timeout=30) as http:
        index = fn_index(demo, "translate")
        codes = [join(http, index, translate_args(), ATTACKER) for _ in range(7)]
        assert codes == [200] * 5 + [429] * 2
        refused = http.post("/gradio_api/queue/join", json={}, headers=ATTACKER)
        assert "try again in" in refused.json()["detail"]
        assert join(http, index, translate_args(), VISITOR) == 200  # another address is not affected


# --- 2. request size ---


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def post_oversize(url: str, chunked: bool) -> tuple[int, str]:
    """Stream BODY_MB to the translate endpoint (claiming 150 MB, or chunked without a length) until the server
    answers; returns (status, body)."""
    where = urlparse(url)
    sock = socket.create_connection((where.hostname, where.port), timeout=15)
    length = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {150 * 2**20}"
    sock.sendall(
        f"POST /gradio_api/call/translate HTTP/1.1\r\nHost: {where.netloc}\r\n"
        f"Content-Type: application/json\r\n{length}\r\n\r\n".encode()
    )
    piece = b"a" * 65536
    frame = b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece
    for _ in range(BODY_MB * 16):
        if select.select([sock], [], [], 0)[0]:
            break  # the server has answered
        try:
            sock.sendall(frame)
        except OSError:
            break
    reply = b""
    try:
        while b"\r\n\r\n" not in reply or not reply.endswith(b"}"):
            data = sock.recv(65536)
            if not data:
                break
            reply += data
    except OSError:
        pass
    sock.close()
    head, _, body = reply.partition(b"\r\n\r\n")
    return int(head.split()[1]) if head else 0, body.decode(errors="replace")


def test_oversize_bodies_are_refused_before_they_are_read(tmp_path):
    with app(tmp_path) as (_, url, _), httpx.Client(base_url=url, timeout=30) as http:
        http.get("/")  # the app's own first-request allocations happen before the measurement
        before = rss_mb()
        with ThreadPoolExecutor(6) as pool:
            answers = list(pool.map(lambda i: post_oversize(url, chunked=i % 2 == 1), range(6)))
        growth = rss_mb() - before
        print(f"\n6 oversize bodies ({BODY_MB} MB streamed each): server memory grew {growth:.1f} MB")
        assert all(status == 413 and "Request too large" in body for status, body in answers), answers
        assert growth < MEMORY_GROWTH_MB
        big = http.post("/gradio_api/call/decode_step", json={"data": [TEXT, "tiny-en-de", "1 " * 200_000, 0, 10, 1.0]})
        assert big.status_code == 413  # the 400 KB `forced` field is never parsed
        _, info, _ = Client(url, headers=VISITOR, verbose=False).predict(TEXT, "tiny-en-de", api_name="/translate")
        assert "Translated 1 sentence" in info


# --- 3. uploads ---


def test_uploads_are_refused_and_temporary_files_expire(tmp_path):
    with app(tmp_path) as (demo, url, service), httpx.Client(base_url=url, timeout=30) as http:
        small = http.post("/gradio_api/upload", files={"files": ("page.html", b"<script>alert(1)</script>")})
        large = http.post("/gradio_api/upload", files={"files": ("big.bin", b"\0" * 2**20)})
        assert small.status_code == 403 and "takes no file uploads" in small.json()["detail"]
        assert large.status_code == 413
        assert demo.delete_cache == (service.limits.cache_minutes * 15, service.limits.cache_minutes * 60)


# --- 4. other visitors' training ---


@pytest.mark.slow
def test_only_the_session_that_started_a_job_can_stop_it(tmp_path):
    with app(tmp_path) as (_, url, service), httpx.Client(base_url=url, timeout=30) as http:
        owner, other = Client(url, headers=VISITOR, verbose=False), Client(url, headers=ATTACKER, verbose=False)
        job = owner.submit("copy", 2000, "", api_name="/train")
        wait_for_first_step(job, 120)
        with pytest.raises(Exception, match="started by another visitor; only they can stop it"):
            other.predict(api_name="/stop_training")
        assert "started by another visitor" in call_error(http, "stop_training", '{"data": []}')
        time.sleep(1.0)
        assert not job.done()
        owner.predict(api_name="/stop_training")
        status, *_ = job.result(timeout=60)
        assert "stopped at step" in status
        run = re.search(r"runs/copy-2000-steps-[0-9hm]+", status).group()
        assert run in [m.name for m in service.models(VISITOR_ADDRESS)]  # listed for its owner, also after a reload
        assert run not in [m.name for m in service.models(Visitor("attacker page", "10.0.0.66"))]


def test_a_visitor_over_the_step_budget_is_told_when_to_come_back(tmp_path):
    with app(tmp_path, visitor_steps_per_hour=100, min_job_steps=50) as (_, url, service):
        client = Client(url, headers=ATTACKER, verbose=False)
        with pytest.raises(Exception, match=r"limit is 100 per visitor\. Ask for fewer steps or try again in \d+ s"):
            client.predict("copy", 101, "", api_name="/train")
        service.budget.charge(Visitor("earlier page", "10.0.0.66"), 1)  # a 1-step job earlier: costs min_job_steps
        with pytest.raises(Exception, match="You have started 50 training steps in the last hour"):
            client.predict("copy", 51, "", api_name="/train")
        assert service.budget.charge(VISITOR_ADDRESS, 100) == 100  # another visitor's budget is their own
        assert not any(service.runs_dir.iterdir())  # refused jobs leave no folder behind


# --- 5. cost that grows with runs ---


def fill_runs(runs: Path, source: Path, count: int) -> None:
    """count runs of other visitors (hard links to one tiny model, so it takes no space or time)."""
    for i in range(count):
        folder = runs / f"copy-100-steps-{i:04d}"
        folder.mkdir()
        for name in ("config.json", "model.safetensors", "tokenizer.json"):
            (folder / name).hardlink_to(source / name)
        write_json(
            folder / APP_RUN_MARKER,
            {
                "task": "copy",
                "steps": 100,
                "started_s": 1e9 + i,
                "owner": {"session": fingerprint(f"s{i}"), "address": fingerprint(f"a{i}")},
            },
        )


def timed_translation(client: Client) -> float:
    began = time.perf_counter()
    client.predict(TEXT, "tiny-en-de", api_name="/translate")
    return time.perf_counter() - began


@pytest.mark.slow
def test_500_runs_on_disk_do_not_slow_translation(tmp_path):
    """Two apps in this process, one over an empty runs/ and one over 500 runs, asked in turn (ABBA order):
    the median of the paired ratios is robust to the load of a shared CPU, which changes from second to second."""
    many = {"session_calls_per_minute": 10_000, "address_calls_per_minute": 10_000, "joins_per_minute": 10_000}
    with app(tmp_path / "empty", **many) as (_, empty_url, _):
        checkpoints, runs = build_model_roots(tmp_path / "full")
        fill_runs(runs, checkpoints / "tiny-copy", 500)
        service = Service(checkpoints, runs, device="cpu", limits=Limits(proxy_hops=1, **many))
        demo, full_url = launch(service)
        try:
            empty, full = (Client(url, headers=VISITOR, verbose=False) for url in (empty_url, full_url))
            timed_translation(empty), timed_translation(full)  # load the models
            for attempt in range(3):  # the best of three rounds
                ratios = []
                for pair in range(20):
                    order = (empty, full) if pair % 2 else (full, empty)
                    seconds = {id(client): timed_translation(client) for client in order}
                    ratios.append(seconds[id(full)] / seconds[id(empty)])
                ratio = statistics.median(ratios)
                print(f"\nround {attempt + 1}: translate with 500 runs / with none, median of 20 pairs: {ratio:.3f}")
                if ratio <= SLOWDOWN:
                    break
            assert ratio <= SLOWDOWN
            assert len(service.models()) == 503 and len(service.models(VISITOR_ADDRESS)) == 3
        finally:
            demo.close()


# --- 6. blank errors and log spam ---


def test_bad_values_get_clear_messages_and_no_tracebacks(tmp_path, capfd):
    with app(tmp_path) as (_, url, _), httpx.Client(base_url=url, timeout=30) as http:
        args = translate_args()
        cases = {
            "lone surrogate": (json.dumps({"data": ["A man \udcff", *args[1:]]}), "invalid character at position 7"),
            "string for a slider": (
                json.dumps({"data": [*args[:3], "four", *args[4:]]}),
                "Beam size must be a number, got 'four'",
            ),
            "too few arguments": ('{"data": ["A man"]}', "This call takes 9 inputs, got 1"),
            "unknown 200 KB model name": (
                json.dumps({"data": [TEXT, "m" * 200_000, *args[2:]]}),
                "unknown model 'mmmm",
            ),
            "out of range": (json.dumps({"data": [*args[:3], 1000, *args[4:]]}), "greater than maximum value 16"),
            "not a choice": (
                json.dumps({"data": [*args[:2], "x" * 10_000, *args[3:]]}),
                "is not in the list of choices",
            ),
        }
        for case, (body, message) in cases.items():
            error = call_error(http, "translate", body)
            assert message in error and len(error) < 300, (case, error[:300])
        for value in ("NaN", "Infinity", "-Infinity"):
            assert "must be a finite number" in call_error(http, "train", f'{{"data": ["copy", {value}, ""]}}')
        assert "Please enter" in call_error(
            http, "attention", json.dumps({"data": ["\u3000", "tiny-en-de", "", "cross", 1, 1]})
        )
        assert "invalid character" in call_error(
            http, "attention", json.dumps({"data": [TEXT, "tiny-en-de", "Ein \udcff", "cross", 1, 1]})
        )
        for _ in range(5):
            call_error(http, "translate", cases["out of range"][0])
    assert "Traceback" not in capfd.readouterr().err


def test_an_unexpected_error_is_logged_once_and_answered_plainly(tmp_path, caplog):
    with app(tmp_path) as (_, url, service), httpx.Client(base_url=url, timeout=30) as http:

        def broken(*_args, **_kwargs):
            raise RuntimeError("a bug of ours")

        service.translation.translate = broken
        errors = [call_error(http, "translate", json.dumps({"data": translate_args()})) for _ in range(4)]
    assert all("could not handle this request (RuntimeError)" in e and "a bug of ours" not in e for e in errors)
    logged = [r for r in caplog.records if r.name == "transformer_demo.app"]
    assert len(logged) == 1 and "a bug of ours" in logged[0].getMessage()
