"""Where the app runs: address and port from the environment, the limits of a Hugging Face Space, ZeroGPU.

A Space sets SPACE_ID (and GRADIO_SERVER_NAME=0.0.0.0); a ZeroGPU Space also sets SPACES_ZERO_GPU=true, and
there GPU work must run inside a function decorated by the `spaces` package's @spaces.GPU(duration=...), which
attaches a GPU for that long. Everywhere else gpu_task returns the function unchanged.
"""

from __future__ import annotations

import math
import os
import socket
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from ..errors import ConfigError

F = TypeVar("F", bound=Callable)

DEFAULT_PORT = 7860
RUNS_DIR_ENV = "TRANSFORMER_DEMO_RUNS_DIR"  # where the Train tab saves models (default: runs/ in the app's folder)
# ZeroGPU durations for a Train tab run: a fixed part (data, tokenizer, saving) and a part per step. Estimates, not
# measurements (this project's machines have no GPU): the Train tab's models are 0.1-1.4M parameters with batches of
# at most 2,048 tokens, a few milliseconds a step on a GPU, so 0.1 s leaves room for evaluations and a busy GPU.
# The longest run a Space allows (SpaceLimits.max_train_steps) must fit ZEROGPU_MAX_SECONDS.
ZEROGPU_SETUP_SECONDS = 30
ZEROGPU_SECONDS_PER_STEP = 0.1
ZEROGPU_MAX_SECONDS = 120


@dataclass(frozen=True)
class SpaceLimits:
    """What one visitor's training run may take on a shared Space (2 vCPU and 16 GB on the free CPU tier)."""

    max_train_steps: int = 900  # on ZeroGPU: 30 s + 900 x 0.1 s fits ZEROGPU_MAX_SECONDS
    runs_cap_mb: float = 256.0
    train_max_tokens: int = 1024  # tokens per training batch: bounds the activations' memory


def on_space(env: Mapping[str, str] | None = None) -> bool:
    return bool((os.environ if env is None else env).get("SPACE_ID"))


def on_zerogpu(env: Mapping[str, str] | None = None) -> bool:
    env = os.environ if env is None else env
    return env.get("SPACES_ZERO_GPU", "").lower() in ("1", "t", "true")


def server_address(host: str | None, port: int | None, env: Mapping[str, str] | None = None) -> tuple[str, int]:
    """(host, port): the command line first, then GRADIO_SERVER_NAME / GRADIO_SERVER_PORT, then PORT.

    On a Space (or wherever PORT is set, as container hosts do) the default host is 0.0.0.0 so that the
    platform's proxy can reach the app; elsewhere 127.0.0.1.
    """
    env = os.environ if env is None else env
    exposed = on_space(env) or "PORT" in env
    host = host or env.get("GRADIO_SERVER_NAME") or ("0.0.0.0" if exposed else "127.0.0.1")
    if port is None:
        name = next((n for n in ("GRADIO_SERVER_PORT", "PORT") if env.get(n)), None)
        text = env[name] if name else str(DEFAULT_PORT)
        if not text.isdigit() or not 1 <= int(text) <= 65535:
            raise ConfigError(f"${name} must be a port number from 1 to 65535, got {text!r}")
        port = int(text)
    if not 1 <= port <= 65535:
        raise ConfigError(f"--port must be from 1 to 65535, got {port}")
    return host, port


def training_seconds(steps: float) -> int:
    """The ZeroGPU duration for a Train tab run of this many steps (any number: the run itself checks them)."""
    seconds = ZEROGPU_SETUP_SECONDS + ZEROGPU_SECONDS_PER_STEP * steps
    return (
        math.ceil(min(ZEROGPU_MAX_SECONDS, max(ZEROGPU_SETUP_SECONDS, seconds)))
        if math.isfinite(seconds)
        else ZEROGPU_MAX_SECONDS
    )


def gpu_task(fn: F, duration: int | Callable[..., int], env: Mapping[str, str] | None = None) -> F:
    """fn inside @spaces.GPU(duration=...) on a ZeroGPU Space; fn itself anywhere else.

    duration is seconds, or a function of fn's arguments giving the seconds (the `spaces` package calls it
    with the same arguments before asking for a GPU).
    """
    if not on_zerogpu(env):
        return fn
    try:
        import spaces
    except ImportError:
        return fn
    return spaces.GPU(fn, duration=duration)


def free_port() -> int:
    """A port on the loopback address that no one listens on now (for tests and benchmarks)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
