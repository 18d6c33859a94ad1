"""Spaces' environment: address and port, the Space limits, and the ZeroGPU wiring with the real `spaces` package."""

from __future__ import annotations

import inspect

import pytest
from app_helpers import build_model_roots

from transformer_demo.services.service import Service
from transformer_demo.serving import hosting
from transformer_demo.serving.hosting import gpu_task, server_address, training_seconds

spaces = pytest.importorskip("spaces", reason="the spaces package is not installed")


def test_address_from_the_command_line_then_gradio_variables_then_port():
    assert server_address(None, None, {}) == ("127.0.0.1", 7860)
    assert server_address(None, None, {"GRADIO_SERVER_NAME": "0.0.0.0", "GRADIO_SERVER_PORT": "7861", "PORT": "9"}) == (
        "0.0.0.0",
        7861,
    )
    assert server_address(None, None, {"PORT": "8080"}) == ("0.0.0.0", 8080)  # a container host: reachable from outside
    assert server_address(None, None, {"SPACE_ID": "me/demo"}) == ("0.0.0.0", 7860)
    assert server_address("127.0.0.1", 9000, {"GRADIO_SERVER_NAME": "0.0.0.0", "PORT": "8080"}) == ("127.0.0.1", 9000)


@pytest.mark.parametrize("env", [{"PORT": "http"}, {"GRADIO_SERVER_PORT": "70000"}])
def test_a_bad_port_variable_is_named(env):
    with pytest.raises(ValueError, match=r"\$(PORT|GRADIO_SERVER_PORT) must be a port number"):
        server_address(None, None, env)


def test_zerogpu_durations_fit_the_requested_steps_and_the_space_cap():
    assert training_seconds(0) == hosting.ZEROGPU_SETUP_SECONDS
    assert training_seconds(300) == 60
    assert training_seconds(hosting.SpaceLimits.max_train_steps) == hosting.ZEROGPU_MAX_SECONDS
    assert training_seconds(10**9) == training_seconds(float("nan")) == hosting.ZEROGPU_MAX_SECONDS


def test_outside_zerogpu_functions_are_unchanged(monkeypatch):
    monkeypatch.delenv("SPACES_ZERO_GPU", raising=False)

    def work(steps):
        return steps

    assert gpu_task(work, 60) is work
    assert spaces.GPU(work, duration=60) is work  # the package's own decorator is a no-op off ZeroGPU too


def test_on_zerogpu_the_train_tab_runs_inside_spaces_gpu(tmp_path, monkeypatch):
    """The app's Train handler goes through spaces.GPU with a duration sized to the steps asked for."""
    calls = []
    real_gpu = spaces.GPU

    def recording_gpu(task, duration):
        calls.append((task, duration))
        return real_gpu(task, duration=duration)  # off a real ZeroGPU host: returns task

    monkeypatch.setattr(spaces, "GPU", recording_gpu)
    monkeypatch.setenv("SPACES_ZERO_GPU", "true")
    from transformer_demo.ui import build_app

    checkpoints, runs = build_model_roots(tmp_path)
    build_app(Service(checkpoints, runs, device="cpu", max_train_steps=500))
    assert len(calls) == 1
    task, duration = calls[0]
    assert task.__name__ == "train" and inspect.isgeneratorfunction(task)
    assert duration("copy", 500, "") == training_seconds(500) == 80
    assert duration("copy", None, "") == hosting.ZEROGPU_SETUP_SECONDS  # bad input: the run itself refuses it


def test_on_a_space_training_is_capped_in_steps_disk_and_batch_memory(monkeypatch, tmp_path):
    import sys

    import app
    from transformer_demo.services.service import ServiceError

    monkeypatch.setenv("SPACE_ID", "me/demo")
    monkeypatch.delenv(app.RUNS_CAP_ENV, raising=False)
    monkeypatch.setattr(sys, "argv", ["app.py"])
    args = app.parse_args()
    assert (args.max_train_steps, args.runs_cap_mb, args.train_max_tokens) == (900, 256.0, 1024)
    checkpoints, runs = build_model_roots(tmp_path)
    service = Service(checkpoints, runs, device="cpu", max_train_steps=args.max_train_steps, train_max_tokens=1024)
    run, _ = service.train_config("math", 900)
    assert run.train.max_tokens == 1024  # configs/math_qa.json asks for 2048
    with pytest.raises(ServiceError, match="from 1 to 900"):
        service.train_config("copy", 901)
    monkeypatch.delenv("SPACE_ID")
    assert app.parse_args().train_max_tokens is None and app.parse_args().max_train_steps == 2000
