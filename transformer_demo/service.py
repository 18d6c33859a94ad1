"""What the web app and its API call: translation, step-by-step decoding, attention maps and training
jobs, over the models of registry.py.

Everything returned is plain Python or numpy; the UI never builds or sees a tensor.

Threads: a training job runs in the calling thread and yields after every optimizer step, so a stop
request or a translation for another user never waits for more than one step. app.py gives torch one
intra-op thread per request (torch.set_num_threads is process-wide): for the small batches of a demo,
intra-op threads gain little and oversubscribe a busy CPU badly, while the queue runs requests side by
side instead.

Limits, so that no request ties up the server: at most MAX_LINES lines and MAX_CHARS characters; a
translation stops decoding after decode_time_limit seconds (and says so); one training job at a time;
the runs/ folders the Train tab made are pruned, oldest first, to runs_cap_mb whenever a new job starts.
"""
from __future__ import annotations

import math
import os
import shutil
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator, NamedTuple

import numpy as np
import torch

from .checkpoint import Checkpoint, save_checkpoint, write_json
from .config import ModelConfig, RunConfig, TrainConfig
from .decoding import DecodeOptions, DecodeTrace, attention_maps, decode
from .decoding import trace as decode_trace
from .math_qa import EXAMPLE_QUESTIONS, unknown_question_notice
from .registry import ModelInfo, ModelRegistry
from .tasks import DataSource, load_task_pairs, synthetic_sequence_pairs
from .tokenization import EOS_ID
from .training import TrainEvent, Trainer, resolve_device

REPO_ROOT = Path(__file__).resolve().parents[1]
CONFIGS = REPO_ROOT / "configs"
MAX_LINES = 64
MAX_CHARS = 20_000  # far beyond any model's max_len; only stops a huge paste from tying up the tokenizer
MAX_TOP_K = 50
DECODE_TIME_LIMIT = 6.0  # seconds of decoding per request: the last step, tokenizing and drawing fit in the rest of 10 s
RUNS_CAP_MB = 1024.0
APP_RUN_MARKER = "app_run.json"  # in each runs/ folder the Train tab made: only those are ever pruned
CAPTIONS = [
    "A man is riding a bike.",
    "Two dogs are playing in the snow.",
    "A little girl in a pink dress is climbing the stairs.",
    "A group of people are standing in front of a building.",
    "A woman is cooking in a small kitchen.",
]
TRAIN_TASKS = {
    "multi30k-en-de": "Multi30k English → German",
    "multi30k-en-fr": "Multi30k English → French",
    "math": "Math questions (15 families)",
    "copy": "Copy a word sequence (learns in a minute)",
    "reverse": "Reverse a word sequence (learns in a few minutes)",
}


class ServiceError(ValueError):
    """A request the user can fix: empty input, too many steps, a job already running."""


class Output(NamedTuple):
    """One translation with its scores (see decoding.Hypothesis)."""

    text: str
    score: float  # what the search ranked by: the total log-probability, length-normalised for beam search
    log_prob: float  # total log-probability under the model, [EOS] included
    n_tokens: int

    @property
    def mean_log_prob(self) -> float:
        return self.log_prob / max(self.n_tokens, 1)


@dataclass
class LineResult:
    source: str
    outputs: list[Output]  # best first
    notice: str | None  # truncated to max_len, or a math question outside the known families


@dataclass
class TranslationResult:
    lines: list[LineResult]
    seconds: float
    notice: str | None = None  # decoding stopped at the time limit


@dataclass
class AttentionResult:
    src_tokens: list[str]  # source tokens, ending with [EOS]
    tgt_inputs: list[str]  # what the decoder reads: [SOS] y1 ... yn
    tgt_outputs: list[str]  # what each decoder position writes: y1 ... yn [EOS]
    translation: str
    encoder_self: np.ndarray  # (layers, heads, src_len, src_len)
    decoder_self: np.ndarray  # (layers, heads, tgt_len, tgt_len)
    cross: np.ndarray  # (layers, heads, tgt_len, src_len)
    notice: str | None


@dataclass
class TrainingJob:
    name: str  # the registry name the model will have: "runs/<timestamp>-<task>"
    events: Iterator[TrainEvent]


def _stack(weights: list[torch.Tensor]) -> np.ndarray:
    """Per-layer (1, heads, q, k) tensors -> (layers, heads, q, k) float32 array."""
    return torch.stack([w[0] for w in weights]).float().cpu().numpy()


def folder_size(folder: Path) -> int:
    """Bytes in the files under folder (links are not followed, so nothing counts twice)."""
    return sum(os.path.getsize(Path(root) / name) for root, _, files in os.walk(folder) for name in files)


def save_partial(trainer: Trainer, folder: Path) -> str:
    """What a run stopped early keeps, and says so: the model of its best evaluation, as a finished run does,
    or before any evaluation the weights as they are, which are then not scored."""
    if math.isfinite(trainer.best_val):
        return f"kept the model of its best evaluation (validation loss {trainer.best_val:.3f})"
    extra = {"trained_steps": trainer.step, "stopped_early": True}
    save_checkpoint(folder, trainer.model, trainer.run_config, trainer.vocab, extra)
    return "saved before its first evaluation, so it is not scored"


class Service:
    def __init__(
        self,
        checkpoints_dir: str | Path = REPO_ROOT / "checkpoints",
        runs_dir: str | Path = REPO_ROOT / "runs",
        data_dir: str | Path | None = None,
        device: str = "auto",
        max_train_steps: int = 2000,
        decode_time_limit: float = DECODE_TIME_LIMIT,
        runs_cap_mb: float = RUNS_CAP_MB,
    ):
        self.device = resolve_device(device)
        self.registry = ModelRegistry(Path(checkpoints_dir), Path(runs_dir), self.device)
        self.runs_dir = Path(runs_dir)
        self.data_dir = Path(data_dir) if data_dir else None
        self.max_train_steps = max_train_steps
        self.decode_time_limit = decode_time_limit
        self.runs_cap_mb = runs_cap_mb
        self._training = threading.Lock()
        self._stop = threading.Event()

    # --- models ---

    def models(self) -> list[ModelInfo]:
        return self.registry.models()

    def default_model(self) -> str | None:
        return self.registry.default()

    def model_info(self, name: str | None) -> ModelInfo:
        return self.registry.info(name)

    def device_description(self) -> str:
        if self.device.type == "cuda":
            return f"GPU ({torch.cuda.get_device_name(self.device)})"
        threads = torch.get_num_threads()
        return f"CPU ({threads} thread{'s' * (threads != 1)})"

    def examples(self, model_name: str | None) -> list[str]:
        """Inputs that suit the model's domain."""
        info = self.registry.info(model_name)
        if info.task == "math":
            return list(EXAMPLE_QUESTIONS)
        if info.task in ("copy", "reverse"):
            return [source for source, _ in synthetic_sequence_pairs(info.task, 4, seed=7)]
        return list(CAPTIONS) if info.src_lang == "en" else []

    # --- inference ---

    def _notice(self, info: ModelInfo, checkpoint: Checkpoint, text: str) -> str | None:
        notices = []
        n_tokens = len(checkpoint.vocab.encode_src(text))
        if n_tokens > info.max_len - 1:
            notices.append(f"This input has {n_tokens} tokens; the model reads at most {info.max_len - 1}, so it was truncated.")
        if info.task == "math":
            notices.append(unknown_question_notice(text))
        return " ".join(n for n in notices if n) or None

    def _source_ids(self, checkpoint: Checkpoint, text: str) -> list[int]:
        return checkpoint.vocab.encode_src(text)[: checkpoint.run.model.max_len - 1] + [EOS_ID]

    @staticmethod
    def _checked(text: str | None) -> str:
        text = text or ""
        if len(text) > MAX_CHARS:
            raise ServiceError(f"The input is too long: {len(text):,} characters (at most {MAX_CHARS:,}).")
        return text

    def _sentence(self, text: str | None) -> str:
        """One sentence: the lines of text joined; empty or whitespace-only input is refused."""
        sentence = " ".join(self._checked(text).split())
        if not sentence:
            raise ServiceError("Please enter a sentence: the input is empty.")
        return sentence

    def notice(self, model_name: str | None, text: str) -> str | None:
        info, checkpoint = self.registry.load(model_name)
        return self._notice(info, checkpoint, self._sentence(text))

    def translate(self, model_name: str | None, text: str | None, options: DecodeOptions | None = None) -> TranslationResult:
        """Every non-empty line is a sentence; all of them are decoded as one batch."""
        lines = [line.strip() for line in self._checked(text).splitlines() if line.strip()]
        if not lines:
            raise ServiceError("Please enter some text to translate: the input is empty.")
        if len(lines) > MAX_LINES:
            raise ServiceError(f"Please give at most {MAX_LINES} lines at a time (got {len(lines)}).")
        options = replace(options or DecodeOptions(), time_limit=self.decode_time_limit).validate()
        info, checkpoint = self.registry.load(model_name)
        start = time.perf_counter()
        hypotheses = decode(checkpoint.model, [self._source_ids(checkpoint, line) for line in lines], options)
        seconds = time.perf_counter() - start
        results = [
            LineResult(
                line, [Output(checkpoint.vocab.decode_tgt(h.ids), h.score, h.log_prob, h.n_tokens) for h in hyps],
                self._notice(info, checkpoint, line),
            )
            for line, hyps in zip(lines, hypotheses)
        ]
        notice = None
        if seconds >= self.decode_time_limit:
            notice = (f"Decoding stopped at the server's limit of {self.decode_time_limit:g} s, so the outputs may be "
                      "cut short: send fewer or shorter lines, or use a smaller beam.")
        return TranslationResult(results, seconds, notice)

    def trace(
        self, model_name: str | None, text: str | None, forced: list[int] | None = None, top_k: int = 10, temperature: float = 1.0
    ) -> DecodeTrace:
        """Greedy decoding one step at a time; the first len(forced) tokens are the user's choices."""
        sentence = self._sentence(text)
        if not 1 <= top_k <= MAX_TOP_K:
            raise ServiceError(f"top-k must be between 1 and {MAX_TOP_K}, got {top_k}")
        _, checkpoint = self.registry.load(model_name)
        vocab_size = checkpoint.run.model.tgt_vocab_size
        forced = list(forced or [])
        bad = [i for i in forced if not 0 <= i < vocab_size]
        if bad:
            raise ServiceError(f"token id {bad[0]} is not in this model's vocabulary (0 to {vocab_size - 1})")
        if len(forced) >= checkpoint.run.model.max_len - 1:
            raise ServiceError(f"the output can be at most {checkpoint.run.model.max_len - 2} tokens long")
        return decode_trace(checkpoint.model, checkpoint.vocab, sentence, forced, top_k, temperature)

    def attention(self, model_name: str | None, text: str | None, target: str | None = None) -> AttentionResult:
        """Every layer's attention for the sentence and a translation (the model's own greedy one by default)."""
        sentence = self._sentence(text)
        info, checkpoint = self.registry.load(model_name)
        model, vocab = checkpoint.model, checkpoint.vocab
        src_ids = self._source_ids(checkpoint, sentence)
        target = " ".join(self._checked(target).split())
        if target:
            tgt_ids = vocab.encode_tgt(target)[: info.max_len - 2]
        else:
            tgt_ids = decode(model, [src_ids], DecodeOptions(time_limit=self.decode_time_limit))[0][0].ids
        maps = attention_maps(model, src_ids, tgt_ids)
        tgt_tokens = [vocab.tgt_token(i) for i in tgt_ids]
        return AttentionResult(
            src_tokens=[vocab.src.id_to_token(i) or "?" for i in src_ids],
            tgt_inputs=["[SOS]"] + tgt_tokens,
            tgt_outputs=tgt_tokens + ["[EOS]"],
            translation=vocab.decode_tgt(tgt_ids),
            encoder_self=_stack(maps.encoder_self),
            decoder_self=_stack(maps.decoder_self),
            cross=_stack(maps.cross),
            notice=self._notice(info, checkpoint, sentence),
        )

    # --- training ---

    def train_tasks(self) -> dict[str, str]:
        """task key -> label; the Multi30k tasks only when the data folder is there."""
        has_data = self.data_dir is not None and (self.data_dir / "train.en.gz").is_file()
        return {k: v for k, v in TRAIN_TASKS.items() if has_data or not k.startswith("multi30k")}

    def train_config(self, task: str, steps: int) -> tuple[RunConfig, DataSource | None]:
        """A small model that shows learning on a CPU within minutes."""
        if task not in self.train_tasks():
            raise ServiceError(f"unknown or unavailable task {task!r}; choose one of {', '.join(self.train_tasks())}")
        if not isinstance(steps, int) or not 1 <= steps <= self.max_train_steps:
            raise ServiceError(f"steps must be a whole number from 1 to {self.max_train_steps}, got {steps!r}")
        source = None
        if task.startswith("multi30k"):
            run = RunConfig.load(CONFIGS / "tiny.json")
            run.train.src_lang, run.train.tgt_lang = task.split("-")[1:]
            source = DataSource(data_dir=str(self.data_dir))
        elif task == "math" and (CONFIGS / "math_qa.json").is_file():
            run = RunConfig.load(CONFIGS / "math_qa.json")
        elif task == "math":
            run = RunConfig(
                ModelConfig(d_model=128, n_heads=4, n_encoder_layers=2, n_decoder_layers=2, d_ff=256, max_len=64),
                TrainConfig(task="math", tokenizer="digits", vocab_size=500, lr=2e-3, warmup=200),
            )
        else:
            run = RunConfig(
                ModelConfig(d_model=64, n_heads=4, n_encoder_layers=2, n_decoder_layers=2, d_ff=128, dropout=0.0, max_len=32),
                TrainConfig(task=task, tokenizer="word", vocab_size=100, min_frequency=1, max_tokens=1024, lr=3e-3, warmup=100),
            )
        cfg = run.train
        cfg.steps, cfg.epochs, cfg.threads, cfg.patience = steps, None, 0, 0
        cfg.log_every, cfg.eval_every = 20, min(200, steps)
        return run, source

    def train(self, task: str, steps: int, base_model: str | None = None) -> TrainingJob:
        """A training job whose events stream the run; one job per server at a time.

        The result is saved under runs/<timestamp>-<task> (at each evaluation and at the end, or when
        stopped) and is then listed by the registry like any checkpoint.
        """
        run, source = self.train_config(task, steps)
        init_from = self.registry.info(base_model).folder if base_model else None
        if self._training.locked():
            raise ServiceError("A training job is already running on this server; please wait for it to finish.")
        stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{task}"
        folder, copies = self.runs_dir / stem, 1
        while folder.exists():  # never write into an earlier run's folder
            copies += 1
            folder = self.runs_dir / f"{stem}-{copies}"
        return TrainingJob(f"runs/{folder.name}", self._run(run, source, folder, init_from))

    def stop_training(self) -> bool:
        """Ask the running job to stop after its current step; False when none is running."""
        if not self._training.locked():
            return False
        self._stop.set()
        return True

    def prune_runs(self) -> list[str]:
        """Delete the oldest runs the Train tab made until together they take at most runs_cap_mb.

        Only folders with the app's marker count: shipped checkpoints/ and runs started from the
        command line are never touched. Called when a job starts, under the one-job lock, before the new
        run's folder exists, so no run of this server is in progress.
        """
        markers = sorted(self.runs_dir.glob(f"*/{APP_RUN_MARKER}"), key=lambda marker: marker.stat().st_mtime)
        sizes = {marker.parent: folder_size(marker.parent) for marker in markers}
        total, removed = sum(sizes.values()), []
        for folder, size in sizes.items():
            if total <= self.runs_cap_mb * 2**20:
                break
            shutil.rmtree(folder)
            self.registry.forget(f"runs/{folder.name}")
            total -= size
            removed.append(folder.name)
        return removed

    def _run(self, run: RunConfig, source: DataSource | None, folder: Path, init_from: Path | None) -> Iterator[TrainEvent]:
        if not self._training.acquire(blocking=False):
            raise ServiceError("A training job is already running on this server; please wait for it to finish.")
        try:
            self._stop.clear()
            removed = self.prune_runs()
            if removed:
                message = f"Deleted the oldest runs trained here to keep them under {self.runs_cap_mb:g} MB: {', '.join(removed)}."
                yield TrainEvent("start", 0, run.train.steps or 0, message=message)
            write_json(folder / APP_RUN_MARKER, {"task": run.train.task, "started": time.strftime("%Y-%m-%d %H:%M:%S")})
            train_pairs = load_task_pairs(run.train, "train", source)
            val_pairs = load_task_pairs(run.train, "val", source)[:500]
            trainer = Trainer(run, train_pairs, val_pairs, folder, device=str(self.device), init_from=init_from)
            try:
                for event in trainer.run():
                    yield event
                    if self._stop.is_set() and event.kind != "done":
                        kept = save_partial(trainer, folder)
                        message = f"stopped at step {trainer.step}; {kept}"
                        yield TrainEvent("done", trainer.step, trainer.total_steps, message=message)
                        return
            except GeneratorExit:  # the consumer went away (the page was closed): keep what was learned
                save_partial(trainer, folder)
                raise
        finally:
            self._stop.clear()
            self._training.release()
