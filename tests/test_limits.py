"""Issue 19, the parts that need no server: limits and their settings, the visitor gate, who a visitor is,
run ownership, budgets and pruning (runs.py), config upper bounds, and a registry that does not rescan."""

from __future__ import annotations

import sys
import threading
import time

import pytest
from app_helpers import build_model_roots

from transformer_demo.config import ConfigError, ModelConfig
from transformer_demo.registry import ModelRegistry
from transformer_demo.services.service import Service, ServiceError
from transformer_demo.serving.limits import BusyError, Limits, Visitor, VisitorGate, Window, client_address, shorten
from transformer_demo.serving.runs import RunIndex, StepBudget
from transformer_demo.ui.fair_queue import fair_order

ALICE, BOB = Visitor("alice-page", "10.0.0.1"), Visitor("bob-page", "10.0.0.2")


def test_limits_come_from_the_environment_and_app_flags(monkeypatch):
    import app  # the repository root is on the path (pyproject.toml)

    assert Limits.from_env({}) == Limits()
    monkeypatch.setenv("TRANSFORMER_DEMO_MAX_BODY_KB", "512")
    monkeypatch.setenv("TRANSFORMER_DEMO_ALLOW_UPLOADS", "yes")
    monkeypatch.setattr(sys, "argv", ["app.py", "--visitor-runs", "5"])
    limits = app.parse_args().limits
    assert (limits.max_body_kb, limits.allow_uploads, limits.visitor_runs) == (512, True, 5)
    for bad in (["--visitor-runs", "0"], ["--queue-size", "many"]):
        monkeypatch.setattr(sys, "argv", ["app.py", *bad])
        with pytest.raises(SystemExit):
            app.parse_args()


def test_the_client_address_honours_only_the_trusted_proxy_hops():
    headers = {"x-forwarded-for": "6.6.6.6, 203.0.113.9"}  # the client wrote 6.6.6.6; the proxy appended the rest
    assert client_address(headers, "10.1.1.1", hops=0) == "10.1.1.1"
    assert client_address(headers, "10.1.1.1", hops=1) == "203.0.113.9"
    assert client_address(headers, "10.1.1.1", hops=2) == "6.6.6.6"
    assert client_address({}, "10.1.1.1", hops=1) == "10.1.1.1"
    assert Limits(proxy_hops=-1).hops == 0


def test_echoed_values_are_short_and_escaped():
    assert shorten("x" * 10**6) == "'" + "x" * 38 + "…"
    assert shorten("A man \udcff") == "'A man \\udcff'"


def test_a_window_refuses_past_its_limit_and_says_for_how_long():
    window = Window(2, seconds=60)
    for now in (0.0, 10.0):
        assert window.wait("k", now) == 0
        window.add("k", now)
    assert window.wait("k", 30.0) == pytest.approx(30.0)
    assert window.wait("other", 30.0) == 0
    assert window.wait("k", 60.5) == 0  # the first event has left the window


def test_the_gate_allows_one_call_per_page_at_a_time_and_many_pages_per_address():
    gate = VisitorGate(Limits(session_calls_per_minute=3, address_calls_per_minute=4))
    with gate.enter(ALICE):
        busy = r"1 request in this page still running; try again in \d+ s"
        with pytest.raises(BusyError, match=busy), gate.enter(ALICE):
            pass
        with gate.enter(Visitor("alice-classmate", ALICE.address)), gate.enter(BOB):  # a classmate, another visitor
            pass
    with gate.enter(ALICE), pytest.raises(BusyError), gate.enter(ALICE):
        pass
    with gate.enter(ALICE):
        pass
    with pytest.raises(BusyError, match=r"too many requests in this page; try again in \d+ s"), gate.enter(ALICE):
        pass  # a 4th call in the minute
    third_tab = Visitor("alice-third-tab", ALICE.address)
    with pytest.raises(BusyError, match="too many requests from your address"), gate.enter(third_tab):
        pass  # the address's 5th


def test_the_gate_holds_under_concurrent_callers():
    gate, inside, most = VisitorGate(Limits(session_calls_per_minute=1000, address_calls_per_minute=1000)), [0], [0]
    lock = threading.Lock()

    def call() -> None:
        try:
            with gate.enter(ALICE):
                with lock:
                    inside[0] += 1
                    most[0] = max(most[0], inside[0])
                time.sleep(0.01)
                with lock:
                    inside[0] -= 1
        except BusyError:
            pass

    threads = [threading.Thread(target=call) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most[0] == 1


def test_the_queue_takes_waiting_calls_in_turn_by_address_then_by_page():
    school, home = "10.0.0.30", "10.0.0.7"
    waiting = [Visitor("pupil-1", school), Visitor("pupil-2", school), Visitor("pupil-3", school),
               Visitor("home", home), Visitor("flooder", school), Visitor("flooder", school)]
    assert fair_order(waiting, lambda visitor: (0, 0)) == [0, 3, 1, 2, 4, 5]  # nothing running: arrival, by rounds

    def running(visitor: Visitor) -> tuple[int, int]:  # pupil-1 has a call running, so the school has one too
        return int(visitor.session == "pupil-1"), int(visitor.address == school)

    assert fair_order(waiting, running) == [3, 1, 2, 4, 0, 5]  # pupil-1 and the flooder's second wait their turn
    assert fair_order([Visitor("pupil-1", school)] * 3, running) == [0, 1, 2]


def test_step_budgets_per_visitor_and_in_total():
    budget = StepBudget(Limits(visitor_steps_per_hour=1000, total_steps_per_hour=1500, min_job_steps=50))
    assert budget.charge(ALICE, 1) == 50  # a 1-step job still costs the set-up
    assert budget.charge(ALICE, 900) == 900
    with pytest.raises(
        BusyError, match=r"started 950 training steps .* limit is 1,000 per visitor.* try again in \d+ s"
    ):
        budget.charge(ALICE, 100)
    budget.refund(ALICE, 400)  # stopped early
    assert budget.charge(ALICE, 100) == 100
    assert budget.charge(BOB, 800) == 800  # 650 + 800 of the 1,500
    with pytest.raises(BusyError, match="the server's limit is 1,500"):
        budget.charge(Visitor("carol", "10.0.0.3"), 100)


def test_runs_have_readable_names_owners_and_are_read_once(tmp_path):
    index = RunIndex(tmp_path, Limits())
    record = index.create(ALICE, "copy", 300)
    assert record.name.startswith("runs/copy-300-steps-") and record.name[-8:-6].isdigit()
    assert index.create(ALICE, "copy", 300).name != record.name  # same second: a suffix, never the same folder
    reread = RunIndex(tmp_path, Limits())
    assert {r.name for r in reread.owned(ALICE)} == index.names()
    assert reread.owned(Visitor("alice-after-reload", ALICE.address))  # same address: still hers
    assert not reread.owned(BOB)


def test_pruning_takes_the_starters_own_runs_first(tmp_path):
    index = RunIndex(tmp_path, Limits(visitor_runs=2, total_runs=4))
    alice = [index.create(ALICE, "copy", 10) for _ in range(2)]
    bob = [index.create(BOB, "copy", 10) for _ in range(2)]
    assert [r.name for r in index.prune_plan(BOB, cap_bytes=1e12)] == [bob[0].name]  # Bob's oldest, never Alice's
    assert [r.name for r in index.prune_plan(Visitor("carol", "10.0.0.3"), cap_bytes=1e12)] == [alice[0].name]
    for record in alice:
        record.size = 10**6
    plan = index.prune_plan(BOB, cap_bytes=1.5e6)  # over the size cap: Bob's own first, then the others'
    assert [r.name for r in plan] == [bob[0].name, bob[1].name, alice[0].name]


def test_service_runs_belong_to_their_visitor(tmp_path):
    checkpoints, runs = build_model_roots(tmp_path)
    service = Service(checkpoints, runs, device="cpu")
    record = service.runs.create(ALICE, "copy", 10)
    (record.folder / "config.json").write_bytes((checkpoints / "tiny-copy" / "config.json").read_bytes())
    (record.folder / "model.safetensors").write_bytes((checkpoints / "tiny-copy" / "model.safetensors").read_bytes())
    (record.folder / "tokenizer.json").write_bytes((checkpoints / "tiny-copy" / "tokenizer.json").read_bytes())
    assert record.name in [m.name for m in service.models(ALICE)]
    assert record.name not in [m.name for m in service.models(BOB)]
    with pytest.raises(ServiceError, match="unknown model .* to start from"):
        service.train("copy", 5, record.name, BOB)
    assert not service.stop_training(BOB)  # nothing running


def test_model_configs_have_upper_bounds():
    for overrides, message in [
        ({"n_encoder_layers": 1000}, "n_encoder_layers must be at most 48"),
        ({"d_model": 65536, "n_heads": 8}, "d_model must be at most 4,096"),
        ({"src_vocab_size": 10**7, "tgt_vocab_size": 10**7}, "src_vocab_size must be at most"),
        ({"max_len": 10**6}, "max_len must be at most 4,096"),
        ({"src_vocab_size": 250_000, "tgt_vocab_size": 250_000, "d_model": 4096, "n_heads": 8}, "parameters; at most"),
    ]:
        with pytest.raises(ConfigError, match=message):
            ModelConfig(**overrides).validate()


def test_the_registry_lists_folders_again_only_when_a_root_changes(tmp_path, monkeypatch):
    checkpoints, runs = build_model_roots(tmp_path)
    registry = ModelRegistry(checkpoints, runs, device=None)
    assert len(registry.models()) == 3
    scans = []
    original = type(runs).iterdir
    monkeypatch.setattr(type(runs), "iterdir", lambda self: scans.append(self) or original(self))
    for _ in range(5):
        registry.info("tiny-en-de")
        registry.models()
    assert scans == []
    (runs / "new").mkdir()
    registry.models()
    assert len(scans) == 2  # both roots, once
