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
the runs/ folders the Train tab made are pruned to runs_cap_mb and the counts of limits.py whenever a new
job starts (runs.py: the starter's own oldest first). Per-visitor limits (limits.py) apply to the calls
that take a Visitor; None means the local user of the command line or of a test.
"""
from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import torch

from .checkpoint import Checkpoint, save_checkpoint
from .config import ModelConfig, RunConfig, TrainConfig
from .decoding import DecodeOptions, DecodeTrace, attention_maps, decode
from .decoding import trace as decode_trace
from .limits import LOCAL, Limits, Visitor, VisitorGate, shorten
from .math_qa import EXAMPLE_QUESTIONS, unknown_question_notice
from .registry import ModelInfo, ModelRegistry
from .runs import APP_RUN_MARKER, RunIndex, RunRecord, StepBudget
from .tasks import DataSource, load_task_pairs, synthetic_sequence_pairs
from .tokenization import EOS_ID
from .training import Trainer, TrainEvent, resolve_device

REPO_ROOT = Path(__file__).resolve().parents[1]
CONFIGS = REPO_ROOT / "configs"
MAX_LINES = 64
MAX_CHARS = 20_000  # far beyond any model's max_len; only stops a huge paste from tying up the tokenizer
MAX_TOP_K = 50
DECODE_TIME_LIMIT = 6.0  # seconds of decoding per request: the last step, tokenizing and drawing fit in the rest of 10 s
RUNS_CAP_MB = 1024.0
__all__ = ["APP_RUN_MARKER", "Service", "ServiceError"]
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


@dataclass
class LineResult:
    source: str
    outputs: list[tuple[str, float]]  # (text, log-probability score), best first
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
    name: str  # the registry name the model will have: "runs/<task>-<steps>-steps-<time>"
    events: Iterator[TrainEvent]


def _stack(weights: list[torch.Tensor]) -> np.ndarray:
    """Per-layer (1, heads, q, k) tensors -> (layers, heads, q, k) float32 array."""
    return torch.stack([w[0] for w in weights]).float().cpu().numpy()


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
        limits: Limits | None = None,
    ):
        self.device = resolve_device(device)
        self.registry = ModelRegistry(Path(checkpoints_dir), Path(runs_dir), self.device)
        self.runs_dir = Path(runs_dir)
        self.data_dir = Path(data_dir) if data_dir else None
        self.max_train_steps = max_train_steps
        self.decode_time_limit = decode_time_limit
        self.runs_cap_mb = runs_cap_mb
        self.limits = limits or Limits()
        self.gate = VisitorGate(self.limits)
        self.runs = RunIndex(self.runs_dir, self.limits)
        self.budget = StepBudget(self.limits)
        self._training = threading.Lock()
        self._stop = threading.Event()
        self._trainer_session: str | None = None  # the session whose job is running

    # --- models ---

    def models(self, visitor: Visitor | None = None) -> list[ModelInfo]:
        """Every model, or for a visitor the shipped ones, command-line runs and the runs they trained."""
        if visitor is None:
            return self.registry.models()
        hidden = self.runs.names() - {record.name for record in self.runs.owned(visitor)}
        return self.registry.models(lambda name: name not in hidden)

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
        if not isinstance(text, str):
            raise ServiceError(f"The input must be text, got {shorten(text)}.")
        if len(text) > MAX_CHARS:
            raise ServiceError(f"The input is too long: {len(text):,} characters (at most {MAX_CHARS:,}).")
        bad = next((i for i, c in enumerate(text) if "\ud800" <= c <= "\udfff"), None)
        if bad is not None:
            raise ServiceError(f"The input has an invalid character at position {bad + 1} (a lone surrogate, "
                               f"U+{ord(text[bad]):04X}); please remove it.")
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
            LineResult(line, [(checkpoint.vocab.decode_tgt(h.ids), h.score) for h in hyps], self._notice(info, checkpoint, line))
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
            raise ServiceError(f"unknown or unavailable task {shorten(task)}; choose one of {', '.join(self.train_tasks())}")
        if not isinstance(steps, int) or not 1 <= steps <= self.max_train_steps:
            raise ServiceError(f"steps must be a whole number from 1 to {self.max_train_steps}, got {shorten(steps)}")
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

    def train(self, task: str, steps: int, base_model: str | None = None, visitor: Visitor | None = None) -> TrainingJob:
        """A training job whose events stream the run; one job per server at a time.

        The result is saved under runs/<task>-<steps>-steps-<time> (at each evaluation and at the end, or
        when stopped), belongs to `visitor` and is then listed by the registry like any checkpoint.
        """
        run, source = self.train_config(task, steps)
        visitor = visitor or LOCAL
        init_from = self._base_folder(base_model, visitor) if base_model else None
        if self._training.locked():
            raise ServiceError("A training job is already running on this server; please wait for it to finish.")
        record = self.runs.create(visitor, task, steps)
        return TrainingJob(record.name, self._run(run, source, record, init_from, visitor))

    def _base_folder(self, name: str, visitor: Visitor) -> Path:
        if name not in {m.name for m in self.models(visitor)}:
            raise ServiceError(f"unknown model {shorten(name)} to start from; pick one from the list")
        return self.registry.info(name).folder

    def stop_training(self, visitor: Visitor | None = None) -> bool:
        """Ask the running job to stop after its current step; False when none is running. Only the session
        that started a job can stop it."""
        session = self._trainer_session
        if not self._training.locked() or session is None:
            return False
        if session != (visitor or LOCAL).session:
            raise ServiceError("The training job running now was started by another visitor; only they can stop it.")
        self._stop.set()
        return True

    def prune_runs(self, visitor: Visitor | None = None, keep: RunRecord | None = None) -> list[str]:
        """Delete runs the Train tab made until the counts and runs_cap_mb leave room for one more (see runs.py).

        Shipped checkpoints/ and runs started from the command line are never touched. Called when a job
        starts, under the one-job lock, so no run of this server is in progress except `keep`, the new one.
        """
        removed = []
        for record in self.runs.prune_plan(visitor or LOCAL, self.runs_cap_mb * 2**20, keep):
            self.runs.delete(record)
            self.registry.forget(record.name)
            removed.append(record.name.removeprefix("runs/"))
        return removed

    def _run(self, run: RunConfig, source: DataSource | None, record: RunRecord, init_from: Path | None,
             visitor: Visitor) -> Iterator[TrainEvent]:
        if not self._training.acquire(blocking=False):
            self.runs.delete(record)
            raise ServiceError("A training job is already running on this server; please wait for it to finish.")
        cost, trainer = 0, None
        try:
            try:
                cost = self.budget.charge(visitor, run.train.steps or 0)
            except ValueError:
                self.runs.delete(record)
                raise
            self._stop.clear()
            self._trainer_session = visitor.session
            removed = self.prune_runs(visitor, keep=record)
            if removed:
                message = (f"Deleted your oldest runs (or the server's oldest) to stay within {self.limits.visitor_runs} runs "
                           f"per visitor, {self.limits.total_runs} in all and {self.runs_cap_mb:g} MB: {', '.join(removed)}.")
                yield TrainEvent("start", 0, run.train.steps or 0, message=message)
            train_pairs = load_task_pairs(run.train, "train", source)
            val_pairs = load_task_pairs(run.train, "val", source)[:500]
            trainer = Trainer(run, train_pairs, val_pairs, record.folder, device=str(self.device), init_from=init_from)
            try:
                for event in trainer.run():
                    yield event
                    if self._stop.is_set() and event.kind != "done":
                        kept = save_partial(trainer, record.folder)
                        message = f"stopped at step {trainer.step}; {kept}"
                        yield TrainEvent("done", trainer.step, trainer.total_steps, message=message)
                        return
            except GeneratorExit:  # the consumer went away (the page was closed): keep what was learned
                save_partial(trainer, record.folder)
                raise
        finally:
            if cost:
                self.budget.refund(visitor, cost - max(trainer.step if trainer else 0, self.limits.min_job_steps))
                self.runs.finished(record.name)
            self._trainer_session = None
            self._stop.clear()
            self._training.release()
