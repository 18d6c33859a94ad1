"""Shared fixtures: where the data is, small models and vocabularies, and a way to run the CLI."""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import torch

from transformer_demo.config import ModelConfig, RunConfig, TrainConfig
from transformer_demo.data import Pair, read_parallel_dir
from transformer_demo.model import Transformer
from transformer_demo.services.service import Service
from transformer_demo.tokenization import Vocab
from transformer_demo.training.trainer import Trainer, TrainEvent

if TYPE_CHECKING:
    from gradio_client import Client

REPO_ROOT = Path(__file__).resolve().parents[1]
# Small models gain nothing from threads, and on a shared CPU idle OpenMP workers spin: one thread
# is many times faster here. Child processes started by tests get the same setting.
torch.set_num_threads(1)
ONE_THREAD_ENV = {"OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false"}


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture(scope="session")
def multi30k_dir() -> Path:
    """The Multi30k folder ({split}.{lang}.gz): $MULTI30K_DIR, else <repo>/../shared/data/multi30k."""
    path = Path(os.environ.get("MULTI30K_DIR", REPO_ROOT.parent / "shared" / "data" / "multi30k"))
    if not (path / "train.en.gz").is_file() or not (path / "val.de.gz").is_file():
        pytest.skip(
            f"Multi30k data not found in {path} (set MULTI30K_DIR to a folder with train.en.gz, val.de.gz, ...)"
        )
    return path


@pytest.fixture(scope="session")
def val_pairs(multi30k_dir: Path) -> list[Pair]:
    """The 1,014 English-German pairs of the Multi30k validation split."""
    return read_parallel_dir(multi30k_dir, "val", "en", "de")


@pytest.fixture(scope="session")
def train_pairs(multi30k_dir: Path) -> list[Pair]:
    """The 29,000 English-German pairs of the Multi30k training split."""
    return read_parallel_dir(multi30k_dir, "train", "en", "de")


@pytest.fixture(scope="session")
def bpe_vocab(val_pairs: list[Pair]) -> Vocab:
    """A joint 1,000-token BPE vocabulary learned on the validation pairs."""
    return Vocab.build(val_pairs, "bpe", vocab_size=1000, min_frequency=2, joint=True)


def small_config(**overrides) -> ModelConfig:
    values = dict(
        src_vocab_size=50, tgt_vocab_size=50, d_model=32, n_heads=4, n_encoder_layers=2, n_decoder_layers=2,
        d_ff=64, dropout=0.0, max_len=64,
    )
    values.update(overrides)
    return ModelConfig(**values).validate()


@pytest.fixture
def make_model() -> Callable[..., Transformer]:
    """make_model(seed=0, **config overrides) -> a small Transformer in eval mode (dropout 0, 50-token vocab)."""

    def make(seed: int = 0, **overrides) -> Transformer:
        torch.manual_seed(seed)
        return Transformer(small_config(**overrides)).eval()

    return make


@pytest.fixture(scope="session")
def subprocess_env() -> dict[str, str]:
    """The environment for child Python processes: the repo importable, one thread each."""
    return {**os.environ, **ONE_THREAD_ENV, "PYTHONPATH": str(REPO_ROOT)}


@pytest.fixture(scope="session")
def run_cli(subprocess_env: dict[str, str]) -> Callable[..., subprocess.CompletedProcess]:
    """run_cli(*args, input=None) runs `python -m transformer_demo ARGS` in the repo root and captures its output."""

    def run(*args: str, input: str | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "transformer_demo", *args], cwd=REPO_ROOT, input=input,
            capture_output=True, text=True, timeout=timeout, env=subprocess_env,
        )

    return run


@dataclass
class TrainedRun:
    """A finished training run: the Trainer (model, vocab), its events and its output folder."""

    trainer: Trainer
    pairs: list[Pair]
    events: list[TrainEvent]
    out_dir: Path

    @property
    def model(self) -> Transformer:
        return self.trainer.model.eval()

    @property
    def vocab(self) -> Vocab:
        return self.trainer.vocab


def tiny_run(steps: int = 120, **train_overrides) -> RunConfig:
    """A 64-wide 2+2-layer model, word-level vocabulary, no dropout or label smoothing: made to memorise."""
    model = ModelConfig(
        d_model=64, n_heads=4, n_encoder_layers=2, n_decoder_layers=2, d_ff=128, dropout=0.0, max_len=64
    )
    train = dict(
        tokenizer="word", vocab_size=1000, min_frequency=1, max_tokens=4096, steps=steps, lr=3e-3, warmup=30,
        label_smoothing=0.0, log_every=10, eval_every=10_000, seed=7,
    )
    train.update(train_overrides)
    return RunConfig(model, TrainConfig(**train).validate())


@pytest.fixture(scope="session")
def tiny_run_config() -> Callable[..., RunConfig]:
    """tiny_run_config(steps=120, **train overrides) -> a fresh RunConfig for a tiny word-level model."""
    return tiny_run


@pytest.fixture(scope="session")
def memorised(train_pairs: list[Pair], tmp_path_factory: pytest.TempPathFactory) -> TrainedRun:
    """A tiny model trained until it reproduces 20 Multi30k training pairs (one full batch per step)."""
    pairs = train_pairs[:20]
    out_dir = tmp_path_factory.mktemp("memorised")
    trainer = Trainer(tiny_run(), pairs, pairs[:4], out_dir, device="cpu")
    events = list(trainer.run())
    return TrainedRun(trainer, pairs, events, out_dir)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that need the `memorised` training run are slow, even where that run is already cached."""
    for item in items:
        if "memorised" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)


# --- the web app over tiny untrained checkpoints, one per test module ---


@pytest.fixture(scope="module")
def service(tmp_path_factory) -> Service:
    """A Service over checkpoints/ with tiny-en-de, tiny-copy and tiny-math (see app_helpers) and an empty runs/.

    Visitors are told apart by X-Forwarded-For (as on a Space), and a test module may make many calls a minute
    from one page (the default rates are tested in test_abuse.py)."""
    from app_helpers import build_model_roots

    from transformer_demo.serving.limits import Limits

    checkpoints, runs = build_model_roots(tmp_path_factory.mktemp("app"))
    many = 10_000
    limits = Limits(proxy_hops=1, session_calls_per_minute=many, address_calls_per_minute=many, joins_per_minute=many)
    return Service(checkpoints, runs, data_dir=None, device="cpu", limits=limits)


@pytest.fixture(scope="module")
def client(service: Service) -> Iterator[Client]:
    """gradio_client connected to the app of `service`, launched in-process on a free port."""
    from app_helpers import launch
    from gradio_client import Client

    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # as app.py does
    demo, url = launch(service)
    try:
        yield Client(url, verbose=False)
    finally:
        demo.close()
        torch.set_num_threads(threads)


def read_program(question: str) -> str | None:
    """The program the exact readers give for a line as the tutor reads it (asking.question_in), or None: what the
    blind sets' tests check their rules with."""
    from transformer_demo.tasks.math.answer import read_exactly
    from transformer_demo.tasks.math.asking import question_in

    reading = read_exactly(question_in(question))
    return None if reading is None else reading.program


def read_value(question: str) -> Fraction | None:
    """The exact value of read_program's program, or None where no reader reads the line."""
    from transformer_demo.tasks.math.program import evaluate

    program = read_program(question)
    return None if program is None else evaluate(program).value
