"""Helpers for the app tests: tiny untrained checkpoints, the app launched in-process, and training jobs held
between their steps (Pacer)."""
from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import torch
from tiny_training import memorise

from transformer_demo.checkpoint import save_checkpoint
from transformer_demo.config import ModelConfig, RunConfig, TrainConfig
from transformer_demo.model import Transformer
from transformer_demo.services import training as training_service
from transformer_demo.tasks import synthetic_sequence_pairs
from transformer_demo.tasks.math.answer import EXAMPLE_QUESTIONS
from transformer_demo.tokenization import Vocab
from transformer_demo.training.trainer import Trainer, TrainEvent
from transformer_demo.ui.local import free_port, launch, served  # noqa: F401 (the tests' import path)

CAPTION_PAIRS = [
    ("A man is riding a bike.", "Ein Mann fährt Fahrrad."),
    ("Two dogs are playing in the snow.", "Zwei Hunde spielen im Schnee."),
    ("A woman is cooking.", "Eine Frau kocht."),
]
MAX_LEN = 24
HANG_S = 300  # what a test waits for an event before it fails instead of hanging: a guard, never a limit on speed


def save_tiny(
    folder: Path, task: str, pairs: list[tuple[str, str]], tokenizer: str, seed: int, trained: bool = False, **extra
) -> Path:
    """An untrained 2+2-layer model (random weights): enough to exercise every code path in a second;
    trained: taught the pairs first (tiny_training.memorise), for tests that compare two engines' outputs."""
    vocab = Vocab.build(pairs, tokenizer, vocab_size=200, min_frequency=1, joint=True)
    size = vocab.src.get_vocab_size()
    model_cfg = ModelConfig(
        src_vocab_size=size, tgt_vocab_size=size, d_model=32, n_heads=4, n_encoder_layers=2, n_decoder_layers=2,
        d_ff=64, dropout=0.0, max_len=MAX_LEN,
    )
    torch.manual_seed(seed)
    run = RunConfig(model_cfg, TrainConfig(task=task, tokenizer=tokenizer))
    model = Transformer(model_cfg)
    return save_checkpoint(folder, memorise(model, vocab, pairs) if trained else model, run, vocab, extra)


def build_model_roots(root: Path, trained: bool = False) -> tuple[Path, Path]:
    """checkpoints/ with tiny-en-de (translation), tiny-copy and tiny-math, plus an empty runs/
    (trained: see save_tiny)."""
    checkpoints, runs = root / "checkpoints", root / "runs"
    save_tiny(checkpoints / "tiny-copy", "copy", synthetic_sequence_pairs("copy", 100, seed=0), "word", 1, trained)
    save_tiny(checkpoints / "tiny-en-de", "translation", CAPTION_PAIRS, "bpe", 2, trained, val_loss=4.5)
    save_tiny(checkpoints / "tiny-math", "math", [(q, "42") for q in EXAMPLE_QUESTIONS], "digits", 3, trained)
    runs.mkdir(parents=True, exist_ok=True)
    return checkpoints, runs


def wait_for_first_step(job, seconds: float) -> None:
    """Waits until a streaming /train job (gradio_client Job) has reported a training step."""
    deadline = time.monotonic() + seconds
    while not any("**Step" in str(output[0]) for output in job.outputs()):
        assert time.monotonic() < deadline and not job.done(), "training never reported a step"
        time.sleep(0.1)


class Pacer:
    """Holds the app's training run between its steps as a test says, so that what happens around a step is a
    matter of order, not of seconds. pace() makes each job's Trainer report every step here before the job sees
    it, and wait there while the step is at or past `limit`."""

    def __init__(self, limit: float = math.inf):
        self.limit, self.step, self.held, self.ended = limit, 0, False, False
        self._changed = threading.Condition()

    def reached(self, step: int) -> None:
        """The trainer's side: step is done; wait while the test holds the run."""
        with self._changed:
            self.step, self.held = step, step >= self.limit
            self._changed.notify_all()
            if not self._changed.wait_for(lambda: step < self.limit, HANG_S):
                raise RuntimeError(f"the test held the training run at step {step} and never let it go on")
            self.held = False

    def end(self) -> None:
        with self._changed:
            self.ended = True
            self._changed.notify_all()

    def wait(self, condition: Callable[[Pacer], bool], what: str) -> None:
        """Until condition(self) holds, looked at whenever the run reports and every half second (so that it may
        also ask about the job)."""
        deadline = time.monotonic() + HANG_S
        with self._changed:
            while not condition(self):
                assert time.monotonic() < deadline, f"the training run never {what}"
                self._changed.wait(0.5)

    def allow(self, limit: float) -> None:
        """Let the run go on until it reaches step `limit` (math.inf: to its end)."""
        with self._changed:
            self.limit = limit
            self._changed.notify_all()

    def hold(self) -> int:
        """Hold the run at its next step (or the one it is held at); returns that step."""
        self.allow(0)
        self.wait(lambda pacer: pacer.held or pacer.ended, "reached another step")
        assert not self.ended, f"the training run ended at step {self.step} before it could be held"
        return self.step


def pace(monkeypatch, pacer: Pacer) -> None:
    """Make the app's training jobs (services/training.py) report each step to pacer and wait there as it says."""

    class PacedTrainer(Trainer):
        def run(self) -> Iterator[TrainEvent]:
            try:
                for event in super().run():
                    if event.kind == "step":
                        pacer.reached(event.step)
                    yield event
            finally:
                pacer.end()

    monkeypatch.setattr(training_service, "Trainer", PacedTrainer)
