"""Issue 19: the attacks on a public server, replayed against the real app on a loopback port, with bounded
counts (about 40 s in all on the shared 2-core CPU). Marked `abuse` (`-m abuse` runs only these).

Visitors are told apart by the X-Forwarded-For header, as behind the Spaces proxy (proxy_hops=1): the
attacker is 10.0.0.66, the other visitor 10.0.0.7, a school (issue 26: 30 pages behind one address) 10.0.0.30.
Nothing here is timed: where it matters what runs while a flood or a training job is in flight, the flood is
held in a fake slow engine (HeldFlood) and the job between its steps (app_helpers.Pacer), so the checks are on
the order of events, and a wait for an event that never comes fails after HANG_S instead of hanging.
"""

from __future__ import annotations

import json
import math
import re
import secrets
import select
import socket
import threading
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, wait
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import gradio as gr
import httpx
import pytest
import torch
from app_helpers import HANG_S, Pacer, build_model_roots, launch, pace
from gradio_client import Client

from transformer_demo.files import write_json
from transformer_demo.services.service import Service
from transformer_demo.serving.limits import BusyError, Limits, Visitor, VisitorGate
from transformer_demo.serving.runs import APP_RUN_MARKER, RunIndex, fingerprint

pytestmark = pytest.mark.abuse

ATTACKER, VISITOR, SCHOOL = ({"X-Forwarded-For": f"10.0.0.{n}"} for n in (66, 7, 30))
VISITOR_ADDRESS = Visitor("another page", "10.0.0.7")  # the visitor's address, from a page other than the one used
TEXT = "A man is riding a bike."
HEAVY = "\n".join(["dog " * 75] * 64)  # 64 lines, beam 16: runs to the decoding time limit
DECODE_LIMIT = 1.0  # seconds; the real app's is 6 s
FLOOD = 64  # queued requests the attacker sends at once (the flood)
BODY_MB = 8  # streamed by each of 6 parallel oversize requests
MEMORY_GROWTH_MB = 30.0  # what the server process may grow by while refusing 6 x BODY_MB
CLASS_SIZE = 30  # pages behind one address translating at once


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


class HeldFlood:
    """The app's translate with every HEAVY request held inside it, a fake slow engine whose slowness the test
    controls: a held request runs (for real) only when the test lets it go, so what else is served meanwhile is a
    matter of order. Counts the HEAVY requests that entered."""

    def __init__(self, service: Service):
        self.real, self.entered = service.translation.translate, 0
        self._go, self._changed = threading.Semaphore(0), threading.Condition()
        service.translation.translate = self.translate

    def translate(self, model: str, text: str, options: Any = None) -> Any:
        if text == HEAVY:
            with self._changed:
                self.entered += 1
                self._changed.notify_all()
            if not self._go.acquire(timeout=HANG_S):
                raise RuntimeError("the test never let this request go")
        return self.real(model, text, options)

    def wait_until_entered(self, count: int) -> None:
        with self._changed:
            assert self._changed.wait_for(lambda: self.entered >= count, HANG_S), f"{self.entered} entered"

    def let_go(self, count: int) -> None:
        self._go.release(count)


class GateLog:
    """The calls the visitor gate refused, per page: the app's gate (service.gate), watched."""

    def __init__(self, gate: VisitorGate):
        self.refused: Counter[str] = Counter()
        self._enter, self._changed = gate.enter, threading.Condition()
        gate.enter = self.enter

    @contextmanager
    def enter(self, visitor: Visitor) -> Iterator[None]:
        with ExitStack() as admitted:
            try:
                admitted.enter_context(self._enter(visitor))
            except BusyError:
                with self._changed:
                    self.refused[visitor.session] += 1
                    self._changed.notify_all()
                raise
            yield

    def wait_until_refused(self, page: str, count: int) -> None:
        with self._changed:
            assert self._changed.wait_for(lambda: self.refused[page] >= count, HANG_S), f"{self.refused[page]} refused"


# --- 1. queue flooding ---


def test_a_flood_from_one_address_does_not_starve_another_visitor(tmp_path):
    """The flood's first request is held running and the other 63 wait (one address runs one model call at a
    time): the other visitor's translations are all answered meanwhile, ahead of the whole flood."""
    with app(tmp_path) as (demo, url, service), httpx.Client(base_url=url, timeout=30) as http:
        flood, index = HeldFlood(service), fn_index(demo, "translate")
        try:
            with ThreadPoolExecutor(16) as pool:
                codes = list(
                    pool.map(
                        lambda _: join(http, index, translate_args(HEAVY, method="beam", beam=16), ATTACKER),
                        range(FLOOD),
                    )
                )
            assert codes.count(200) == FLOOD  # all queued: refusal comes when each one's turn comes
            flood.wait_until_entered(1)
            visitor = Client(url, headers=VISITOR, verbose=False)
            for _ in range(3):
                _, info, _ = visitor.submit(TEXT, "tiny-en-de", api_name="/translate").result(timeout=HANG_S)
                assert "Translated 1 sentence" in info
            assert flood.entered == 1  # none of the flood has finished, and only its first request has started
        finally:
            flood.let_go(FLOOD)


def test_a_class_of_30_behind_one_address_is_served_in_turn(tmp_path):
    with app(tmp_path) as (_, url, _), httpx.Client(base_url=url, timeout=60) as http:
        pool = ThreadPoolExecutor(CLASS_SIZE)
        pages = [
            pool.submit(call, http, "translate", json.dumps({"data": translate_args(), "session_hash": f"pupil-{n}"}),
                        SCHOOL)
            for n in range(CLASS_SIZE)
        ]
        answered, _ = wait(pages, timeout=HANG_S)
        pool.shutdown(wait=False)  # a page still waiting fails the test below; closing the app ends its wait
        assert len(answered) == CLASS_SIZE
        answers = [page.result() for page in pages]
        assert [event for event, _ in answers] == ["complete"] * CLASS_SIZE, [a for a in answers if a[0] != "complete"]
        assert all("Translated 1 sentence" in outputs[1] for _, outputs in answers)


def test_a_flood_from_one_page_does_not_starve_a_classmate(tmp_path):
    """The page's first request is held running, so the gate refuses the page's other 63 at once; a classmate
    (same address) waits only for that one request, not for the flood."""
    with app(tmp_path) as (demo, url, service), httpx.Client(base_url=url, timeout=30) as http:
        flood, gate = HeldFlood(service), GateLog(service.gate)
        index, heavy = fn_index(demo, "translate"), translate_args(HEAVY, method="beam", beam=16)
        try:
            assert [join(http, index, heavy, SCHOOL, "flooder") for _ in range(FLOOD)] == [200] * FLOOD
            flood.wait_until_entered(1)
            gate.wait_until_refused("flooder", FLOOD - 1)
            classmate = Client(url, headers=SCHOOL, verbose=False)
            first = classmate.submit(TEXT, "tiny-en-de", api_name="/translate")
            flood.let_go(1)
            answers = [first.result(timeout=HANG_S)]
            answers += [classmate.submit(TEXT, "tiny-en-de", api_name="/translate").result(timeout=HANG_S)
                        for _ in range(2)]
            assert all("Translated 1 sentence" in info for _, info, _ in answers)
            assert flood.entered == 1
        finally:
            flood.let_go(FLOOD)


def test_one_address_cannot_fill_the_queue(tmp_path):
    with app(tmp_path, address_waiting=3) as (demo, url, service), httpx.Client(base_url=url, timeout=30) as http:
        flood, index = HeldFlood(service), fn_index(demo, "translate")
        heavy = translate_args(HEAVY, method="beam", beam=16)
        try:
            answers = [http.post("/gradio_api/queue/join", headers=ATTACKER, json={
                "data": heavy, "fn_index": index, "session_hash": f"tab-{n}", "event_data": None, "trigger_id": None,
            }) for n in range(12)]  # 1 running (held), 3 waiting: the rest are refused
            refused = [answer for answer in answers if answer.status_code == 503]
            assert len(refused) >= 8
            assert all("from your address are waiting; try again in" in a.json()["detail"] for a in refused)
            assert join(http, index, translate_args(), VISITOR) == 200  # another address still gets in
        finally:
            flood.let_go(12)


def test_a_second_call_from_the_same_page_is_told_to_try_again(tmp_path):
    with app(tmp_path) as (_, url, service):
        flood, client = HeldFlood(service), Client(url, headers=VISITOR, verbose=False)
        try:
            first = client.submit(*translate_args(HEAVY, method="beam", beam=16), api_name="/translate")
            flood.wait_until_entered(1)
            second = client.submit(*translate_args(HEAVY, method="beam", beam=16), api_name="/translate")
            with pytest.raises(Exception, match=r"Busy: .* try again in \d+ s"):
                second.result(timeout=HANG_S)
            flood.let_go(1)
            assert "Translated 64 sentences" in first.result(timeout=HANG_S)[1]
            assert flood.entered == 1
        finally:
            flood.let_go(2)


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
def test_only_the_session_that_started_a_job_can_stop_it(tmp_path, monkeypatch):
    pacer = Pacer(limit=1000)  # of 2000 steps: the run cannot end by itself while the test looks at it
    pace(monkeypatch, pacer)
    with app(tmp_path) as (_, url, service), httpx.Client(base_url=url, timeout=30) as http:
        owner, other = Client(url, headers=VISITOR, verbose=False), Client(url, headers=ATTACKER, verbose=False)
        job = owner.submit("copy", 2000, "", api_name="/train")
        pacer.wait(lambda p: p.step >= 1 or job.done(), "reported a step")
        assert not job.done(), job.result()  # a job that ended at once: its error
        with pytest.raises(Exception, match="started by another visitor; only they can stop it"):
            other.predict(api_name="/stop_training")
        assert "started by another visitor" in call_error(http, "stop_training", '{"data": []}')
        held_at = pacer.hold()
        pacer.allow(held_at + 2)  # had either refused Stop been taken, the run would end at the step it is held at
        pacer.wait(lambda p: p.ended or (p.held and p.step == held_at + 2), "took two more steps")
        assert not pacer.ended and not job.done()
        owner.predict(api_name="/stop_training")
        pacer.allow(math.inf)
        status, *_ = job.result(timeout=HANG_S)
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


def translation_work(client: Client, service: Service, n: int = 5) -> tuple[int, int, bool]:
    """What n translations do that could grow with the runs on disk, counted: (model descriptions looked up in
    the registry, run markers read, whether the registry listed its folders again)."""
    registry, described, marked = service.catalog.registry, [], []
    describe, read, listed = registry._describe, RunIndex._read, registry._listed
    registry._describe = lambda name, folder: described.append(name) or describe(name, folder)
    RunIndex._read = staticmethod(lambda marker: marked.append(marker) or read(marker))
    try:
        for _ in range(n):
            assert "Translated 1 sentence" in client.predict(TEXT, "tiny-en-de", api_name="/translate")[1]
    finally:
        del registry._describe
        RunIndex._read = staticmethod(read)
    return len(described), len(marked), registry._listed is not listed


@pytest.mark.slow
def test_500_runs_on_disk_do_not_slow_translation(tmp_path):
    """Two apps in this process, one over an empty runs/ and one over 500 runs: a translation does the same work
    in both where work could grow with the runs (the registry describing or listing models, the run index
    reading markers), counted rather than timed."""
    many = {"session_calls_per_minute": 10_000, "address_calls_per_minute": 10_000, "joins_per_minute": 10_000}
    with app(tmp_path / "empty", **many) as (_, empty_url, empty_service):
        checkpoints, runs = build_model_roots(tmp_path / "full")
        fill_runs(runs, checkpoints / "tiny-copy", 500)
        service = Service(checkpoints, runs, device="cpu", limits=Limits(proxy_hops=1, **many))
        demo, full_url = launch(service)
        try:
            empty, full = (Client(url, headers=VISITOR, verbose=False) for url in (empty_url, full_url))
            for client in (empty, full):  # load the models
                client.predict(TEXT, "tiny-en-de", api_name="/translate")
            work = translation_work(full, service)
            print(f"\n5 translations with 500 runs on disk: {work[0]} model descriptions looked up, {work[1]} run "
                  f"markers read, folders listed again: {work[2]}")
            assert work == translation_work(empty, empty_service) and work[1:] == (0, False)
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
