"""Issue 7: the app holds up under what the open internet sends a public demo.

Hostile text and out-of-range parameters through every API endpoint (gradio_client against one
in-process app for the module), 32 concurrent requests, training faults (one job at a time, Stop,
translation while training, the disk cap on runs/) and safe loading (broken checkpoints refused,
models only from the two roots, nothing unpickled). The command line's share is in
test_cli_reliability.py.
"""
from __future__ import annotations

import json
import math
import os
import re
import shutil
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from app_helpers import HANG_S, MAX_LEN, Pacer, pace
from gradio_client import Client
from hostile_input import EMPTY, HOSTILE
from safetensors.torch import load_file, save_file

from transformer_demo.checkpoint import CheckpointError, load_checkpoint
from transformer_demo.files import replace_folder, write_json
from transformer_demo.model import Transformer
from transformer_demo.services.service import APP_RUN_MARKER, Service
from transformer_demo.tokenization import Vocab
from transformer_demo.training.trainer import Trainer

TEXT = "A man is riding a bike."
EVERYTHING = " ".join(HOSTILE.values())[:10_000]  # one input with every kind of trouble at once


def timed(call: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = call()
    return result, time.perf_counter() - start


# --- bad input to every endpoint ---


@contextmanager
def counted_work(model: Transformer) -> Iterator[dict[str, int]]:
    """What the model computes inside the block: decoding steps (calls of its output projection) and the longest
    sequence any of its layers reads."""
    work = {"steps": 0, "longest": 0}

    def step(_module, _args) -> None:
        work["steps"] += 1

    def read(_module, args) -> None:
        work["longest"] = max(work["longest"], args[0].shape[1])

    handles = [model.projection.register_forward_pre_hook(step)]
    handles += [layer.register_forward_pre_hook(read) for layer in (*model.encoder_layers, *model.decoder_layers)]
    try:
        yield work
    finally:
        for handle in handles:
            handle.remove()


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_text_gets_a_translation(client: Client, text: str):
    translation, info, table = client.submit(text, "tiny-en-de", api_name="/translate").result(timeout=HANG_S)
    assert isinstance(translation, str) and "Translated" in info and table.startswith("**1.** ")
    assert "| # | translation | log-prob | per token |" in table


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_text_is_bounded_work_for_every_service_call(service: Service, text: str):
    """What depends on the input, counted rather than timed: each of the three calls reads at most max_len tokens
    and decodes at most max_len steps (attention adds one pass over the whole output); drawing the figures
    afterwards does not depend on the input."""
    with counted_work(service.registry.engine("tiny-en-de").model) as work:
        service.translate("tiny-en-de", text), service.trace("tiny-en-de", text), service.attention("tiny-en-de", text)
    assert 0 < work["longest"] <= MAX_LEN
    assert 3 <= work["steps"] <= 3 * MAX_LEN + 1


@pytest.mark.slow
@pytest.mark.parametrize("endpoint", ["/decode_step", "/attention"])
def test_hostile_text_through_the_figure_endpoints(client: Client, endpoint: str):
    status, *outputs = client.submit(EVERYTHING, "tiny-en-de", api_name=endpoint).result(timeout=120)
    assert "truncated" in status  # the notice that the model read only its first max_len tokens
    html = [output for output in outputs if isinstance(output, str)]
    views = [output for output in html if output.startswith('<div class="step-')]
    figures = sum(output.count("<img ") for output in html)  # the Attention tab's figures, as PNG images
    assert (figures, len(views)) == {"/decode_step": (0, 2), "/attention": (4, 0)}[endpoint]
    assert not any("<script" in output for output in html)  # tokens of the hostile text are escaped


@pytest.mark.parametrize("endpoint", ["/translate", "/decode_step", "/attention"])
@pytest.mark.parametrize("text", EMPTY.values(), ids=EMPTY.keys())
def test_empty_input_is_a_clear_message(client: Client, endpoint: str, text: str):
    with pytest.raises(Exception, match="the input is empty"):
        client.predict(text, "tiny-en-de", api_name=endpoint)


BAD_PARAMETERS = {
    "beam-0": ("/translate", (TEXT, "tiny-en-de", "beam", 0), "less than minimum value 1"),
    "beam-1000": ("/translate", (TEXT, "tiny-en-de", "beam", 1000), "greater than maximum value 16"),
    "temperature-negative": (
        "/translate",
        (TEXT, "tiny-en-de", "sample", 4, 0.6, 3, -1),
        "less than minimum value 0.1",
    ),
    "top-p-2": ("/translate", (TEXT, "tiny-en-de", "sample", 4, 0.6, 3, 1.0, 0, 2), "greater than maximum value 1"),
    "unknown-method": ("/translate", (TEXT, "tiny-en-de", "telepathy"), "not in the list of choices"),
    "top-k-0": ("/decode_step", (TEXT, "tiny-en-de", "", 0, 0), "less than minimum value 1"),
    "step-temperature-negative": ("/decode_step", (TEXT, "tiny-en-de", "", 0, 5, -1), "less than minimum value 0.1"),
    "forced-not-numbers": ("/decode_step", (TEXT, "tiny-en-de", "1 two 3"), "whole numbers separated by spaces"),
    "forced-huge-id": ("/decode_step", (TEXT, "tiny-en-de", str(10**30)), "not in this model's vocabulary"),
    "layer-1000": ("/attention", (TEXT, "tiny-en-de", "", "cross", 1000), "greater than maximum value"),
    "steps-10^9": ("/train", ("copy", 10**9, ""), "steps must be a whole number from 1 to 2000"),
    "steps-0": ("/train", ("copy", 0, ""), "steps must be a whole number"),
    "unknown-task": ("/train", ("mind-reading", 10, ""), "not in the list of choices"),
}


@pytest.mark.parametrize("case", BAD_PARAMETERS)
def test_out_of_range_parameters_are_clear_messages(client: Client, case: str):
    endpoint, args, message = BAD_PARAMETERS[case]
    with pytest.raises(Exception, match=message):
        client.predict(*args, api_name=endpoint)


# --- models only from checkpoints/ and runs/, by a listed name ---

ENDPOINT_ARGS = {
    "/translate": lambda model: (TEXT, model),
    "/decode_step": lambda model: (TEXT, model),
    "/attention": lambda model: (TEXT, model),
    "/train": lambda model: ("copy", 5, model),  # the model to start from
}


@pytest.mark.parametrize("endpoint", ENDPOINT_ARGS)
@pytest.mark.parametrize("name", ["../../etc", "checkpoints/tiny-copy", "absolute path of tiny-copy"])
def test_a_path_is_never_a_model_name(client: Client, service: Service, endpoint: str, name: str):
    if name.startswith("absolute"):
        name = str(service.model_info("tiny-copy").folder)  # a real checkpoint, but given as a path
    with pytest.raises(Exception, match="unknown model"):
        client.predict(*ENDPOINT_ARGS[endpoint](name), api_name=endpoint)


def test_a_broken_checkpoint_is_refused_by_name_and_the_server_keeps_serving(client: Client, service: Service):
    folder = service.model_info("tiny-copy").folder
    broken = shutil.copytree(folder, folder.with_name("tiny-broken"))
    weights = broken / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[: weights.stat().st_size // 2])
    try:
        with pytest.raises(Exception, match=r"^tiny-broken/model.safetensors is truncated or corrupted"):
            client.predict(TEXT, "tiny-broken", api_name="/translate")
    finally:
        shutil.rmtree(broken)
    translation, info, _ = client.predict(TEXT, api_name="/translate")
    assert "Translated 1 sentence" in info


def test_a_huge_request_stops_at_the_time_limit_and_says_so(client: Client, service: Service, monkeypatch):
    """The real limit (6 s) needs a real model to reach; 1 ms is less than any machine takes to tokenize 64 lines
    and run one step of a 16-wide beam over them, so the limit is always reached."""
    monkeypatch.setattr(service.translation, "decode_time_limit", 0.001)
    lines = "\n".join(["dog " * 75] * 64)  # 64 lines of 75 words: within the limits of 64 lines and 20,000 characters
    job = client.submit(lines, "tiny-en-de", "beam", 16, 0.6, 1, api_name="/translate")
    translation, info, _ = job.result(timeout=HANG_S)
    assert len(translation.split("\n")) == 64
    assert "Decoding stopped at the server's limit of 0.001 s" in info


# --- load ---


@pytest.mark.slow
def test_32_concurrent_translations_all_succeed(client: Client):
    """32 visitors at once (one page each; one page gets one call at a time, see test_abuse.py)."""
    visitors = [Client(client.src, headers={"X-Forwarded-For": f"10.0.1.{i}"}, verbose=False) for i in range(32)]

    def translate(i: int) -> tuple[tuple, float]:
        return timed(lambda: visitors[i].predict(f"{TEXT} {i}", "tiny-en-de", api_name="/translate"))

    with ThreadPoolExecutor(32) as pool:
        results = list(pool.map(translate, range(32)))
    for i, ((_, info, table), _) in enumerate(results):
        assert "Translated 1 sentence" in info and f"{TEXT} {i}" in table
    latencies = sorted(seconds for _, seconds in results)
    print(f"\n32 concurrent /translate: p50 {statistics.median(latencies):.2f} s, p90 {latencies[28]:.2f} s, "
          f"max {latencies[-1]:.2f} s")


# --- training faults ---

TRAIN_STEPS = 2000  # the app's most; a Pacer holds the run at TRAIN_STEPS // 2, so it never ends by itself here


@pytest.mark.slow
def test_one_job_at_a_time_translation_keeps_flowing_and_stop_ends_the_current_step(client: Client, monkeypatch):
    """In order, not timed (a Pacer holds the run between steps): a second job is refused, translations are
    answered while the job trains, and Stop ends the run after the step it was asked at."""
    pacer = Pacer(limit=TRAIN_STEPS // 2)
    pace(monkeypatch, pacer)
    job = client.submit("copy", TRAIN_STEPS, "", api_name="/train")
    pacer.wait(lambda p: p.step >= 1 or job.done(), "reported a step")
    assert not job.done(), job.result()  # a job that ended at once: its error
    with pytest.raises(Exception, match="A training job is already running"):
        client.predict("reverse", 10, "", api_name="/train")
    for _ in range(5):
        _, info, _ = client.submit(TEXT, "tiny-en-de", api_name="/translate").result(timeout=HANG_S)
        assert "Translated 1 sentence" in info
    assert not job.done() and not pacer.ended  # the translations above were answered while it trained
    held_at = pacer.hold()
    client.predict(api_name="/stop_training")
    pacer.allow(math.inf)
    status, *_ = job.result(timeout=HANG_S)
    stopped = re.search(r"stopped at step (\d+)", status)
    assert stopped, status
    assert held_at <= int(stopped.group(1)) <= held_at + 1 and pacer.step <= held_at + 1


def fake_run(runs: Path, name: str, kib: int, marked: bool, age_s: float) -> Path:
    folder = runs / name
    folder.mkdir(parents=True)
    (folder / "model.safetensors").write_bytes(b"\0" * kib * 1024)
    if marked:
        write_json(folder / APP_RUN_MARKER, {"task": "copy"})
        os.utime(folder / APP_RUN_MARKER, (time.time() - age_s,) * 2)
    return folder


def test_runs_beyond_the_cap_are_pruned_oldest_first_when_a_job_starts(tmp_path):
    checkpoints, runs = tmp_path / "checkpoints", tmp_path / "runs"
    shipped = fake_run(checkpoints, "shipped", 2048, marked=True, age_s=9e6)  # even marked, checkpoints/ is not pruned
    cli_run = fake_run(runs, "cli-run", 2048, marked=False, age_s=0)  # trained from the command line: never pruned
    oldest, older, newest = (fake_run(runs, f"app-{age}", 400, marked=True, age_s=age) for age in (300, 200, 100))
    service = Service(checkpoints, runs, device="cpu", runs_cap_mb=1.0)  # 3 x 400 KiB > 1 MiB
    job = service.train("copy", 5)
    first = next(job.events)
    job.events.close()
    assert first.kind == "start" and first.message.endswith(f"1 MB: {oldest.name}.")
    assert not oldest.exists() and older.is_dir() and newest.is_dir()
    assert cli_run.is_dir() and shipped.is_dir()
    assert service.prune_runs() == []  # now under the cap


@pytest.mark.parametrize(
    ("environ", "argv", "cap"),
    [
        ({}, [], 1024.0),
        ({"TRANSFORMER_DEMO_RUNS_CAP_MB": "50"}, [], 50.0),
        ({"TRANSFORMER_DEMO_RUNS_CAP_MB": "50"}, ["--runs-cap-mb", "7.5"], 7.5),
    ],
)
def test_the_cap_is_an_app_option_or_an_environment_variable(monkeypatch, environ, argv, cap):
    import app  # the repository root is on the path (pyproject.toml)

    monkeypatch.delenv("TRANSFORMER_DEMO_RUNS_CAP_MB", raising=False)
    for key, value in environ.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(sys, "argv", ["app.py", *argv])
    assert app.parse_args().runs_cap_mb == cap


def test_a_save_that_fails_half_way_leaves_the_previous_state(tmp_path):
    last = tmp_path / "last"
    replace_folder(last, lambda folder: write_json(folder / "trainer_state.json", {"step": 5}))
    (tmp_path / ".last.0dead0ff").mkdir()  # what a process killed in the middle of a save leaves behind

    def interrupted(folder: Path) -> None:
        write_json(folder / "trainer_state.json", {"step": 10})
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        replace_folder(last, interrupted)
    assert json.loads((last / "trainer_state.json").read_text()) == {"step": 5}
    replace_folder(last, lambda folder: write_json(folder / "trainer_state.json", {"step": 15}))
    assert json.loads((last / "trainer_state.json").read_text()) == {"step": 15}
    assert len(list(tmp_path.iterdir())) == 2  # last -> .last.<id>; the leftovers are gone


# --- safe loading ---


def set_in(section: str, key: str, value: Any) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        config = json.loads((folder / "config.json").read_text())
        if key:
            config[section][key] = value
        else:
            config[section] = value
        (folder / "config.json").write_text(json.dumps(config))

    return change


def infinite_weight(folder: Path) -> None:
    tensors = load_file(str(folder / "model.safetensors"))
    tensors["decoder_layers.1.self_attn.w_q.weight"][0, 0] = float("inf")
    save_file(tensors, str(folder / "model.safetensors"))


def tokenizer_of_another_size(folder: Path) -> None:
    other = Vocab.build([("a b c", "d e f")], "word", vocab_size=100, min_frequency=1, joint=True)
    other.src.save(str(folder / "tokenizer.json"))


DAMAGE = {
    "tokenizer-of-another-size": (tokenizer_of_another_size, r"tokenizer has 10/10 tokens, config says \d+/\d+"),
    "infinite-weight": (infinite_weight, "w_q.weight holds NaN or infinite values"),
    "number-as-string": (set_in("model", "d_model", "32"), "d_model must be a number, got '32'"),
    "flag-as-string": (set_in("model", "norm_first", "yes"), "norm_first must be true or false, got 'yes'"),
    "true-as-number": (set_in("model", "max_len", True), "max_len must be a number, got True"),
    "learning-rate-as-string": (set_in("train", "lr", "fast"), "lr must be a number, got 'fast'"),
    "language-as-number": (set_in("train", "src_lang", 7), "src_lang must be a string, got 7"),
    "section-not-an-object": (set_in("model", "", ["d_model", 32]), "ModelConfig must be a JSON object"),
}


@pytest.mark.parametrize("case", DAMAGE)
def test_a_checkpoint_that_does_not_hold_together_is_refused(service: Service, tmp_path, case: str):
    damage, message = DAMAGE[case]
    folder = shutil.copytree(service.model_info("tiny-copy").folder, tmp_path / "checkpoint")
    damage(folder)
    with pytest.raises(CheckpointError, match=message):
        load_checkpoint(folder)


@pytest.mark.slow
def test_a_training_state_that_does_not_fit_is_refused(memorised, tmp_path):
    shutil.copytree(memorised.out_dir / "last", tmp_path / "last")
    state = json.loads((tmp_path / "last" / "trainer_state.json").read_text())
    del state["param_groups"]
    (tmp_path / "last" / "trainer_state.json").write_text(json.dumps(state))
    with pytest.raises(CheckpointError, match="saved training state does not fit .*KeyError: 'param_groups'"):
        Trainer(memorised.trainer.run_config, memorised.pairs, [], tmp_path, device="cpu", resume=True)


def test_nothing_in_the_package_can_unpickle(repo_root):
    sources = [repo_root / "app.py", *(repo_root / "transformer_demo").rglob("*.py")]
    risky = re.compile(r"torch\.load\b|\bpickle\b|allow_pickle|weights_only")
    found = [f"{path.name}:{n}: {line.strip()}" for path in sources
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if risky.search(line)]
    assert len(sources) > 20 and found == []
