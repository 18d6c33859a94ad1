"""What every task is: the Task class and its hooks, the results they make, presets and data sources.

A task knows where its sentence pairs come from (`pairs`), how outputs are scored (`score`), which inputs
suit it (`examples`), what to tell a user about an input (`notice`) and which configs the Train tab offers
(`presets`). It owns its input and output, as OpenNMT's transforms do (apply / apply_reverse):

    prepared = task.prepare(line, checkpoint)                # (what the model reads, why it differs)
    results = engine.translate([prepared[0]], options)
    line_result = task.finish(line, prepared, results[0], checkpoint, options)   # outputs, notices, programs

`task.translate(engine, checkpoint, lines, options)` does the three; the app, the CLI and the answer check
all go through it. Traits tell the layers above what kind of task it is (between_languages,
answers_questions), so that none of them compares task names.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..config import TrainConfig
from ..data import Pair, load_hub_pairs, read_pairs_file, read_parallel_dir
from ..decoding import DecodeOptions
from ..errors import DataError
from ..inference import Engine, EngineResult
from ..scoring import exact_match_scores

if TYPE_CHECKING:
    from ..checkpoint import Checkpoint

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
SEED_OFFSET = {"train": 0, "val": 1, "validation": 1, "test": 2}  # generated tasks: one seed per split


@dataclass
class DataSource:
    """Where translation pairs come from: exactly one of data_dir, dataset or pairs_file."""

    data_dir: str | None = None
    dataset: str | None = None
    pairs_file: str | None = None

    def load(self, split: str, src_lang: str, tgt_lang: str) -> list[Pair]:
        chosen = [x for x in (self.data_dir, self.dataset, self.pairs_file) if x]
        if len(chosen) != 1:
            raise DataError("give exactly one data source: --data-dir, --dataset or --pairs-file")
        if self.data_dir:
            return read_parallel_dir(self.data_dir, split, src_lang, tgt_lang)
        if self.dataset:
            return load_hub_pairs(self.dataset, src_lang, tgt_lang, split)
        return _pairs_file_split(read_pairs_file(self.pairs_file), split)


def _pairs_file_split(pairs: list[Pair], split: str) -> list[Pair]:
    """A single pairs file: the last 5% (at most 1,000 pairs) is held out for validation."""
    n_val = min(1000, len(pairs) // 20)
    if split == "train":
        return pairs[: len(pairs) - n_val] if n_val else pairs
    if split in ("val", "validation", "test"):
        return pairs[len(pairs) - n_val :]
    raise DataError(f"unknown split {split!r} for a pairs file (train, val)")


@dataclass(frozen=True)
class Preset:
    """One choice in the Train tab: a config file, and the language pair for translation."""

    key: str
    label: str
    config: Path
    languages: tuple[str, str] | None = None
    needs_data_dir: bool = False  # offered only when the server has a data folder


class Words(NamedTuple):
    """What the app calls a task's input and what its model writes (Step by step, Attention and Layer by layer
    speak so)."""

    source: str = "sentence"  # what the model reads
    written: str = "translation"  # what it writes, one token at a time


class Output(NamedTuple):
    """One output with its scores (see decoding.Hypothesis)."""

    text: str
    score: float  # what the search ranked by: the total log-probability, length-normalised for beam search
    log_prob: float | None = None  # total log-probability under the model, [EOS] included (None: engine lacks it)
    n_tokens: int = 0
    tokens: tuple[str, ...] = ()  # the pieces the model wrote (a math model's: its program's)

    @property
    def mean_log_prob(self) -> float | None:
        return None if self.log_prob is None else self.log_prob / max(self.n_tokens, 1)


@dataclass
class LineResult:
    """What a task makes of one input line and the engine's outputs for it."""

    source: str
    outputs: list[Output]  # best first (a math model's: the answers its programs give)
    notice: str | None  # truncated, a math question outside the known families, or why not to trust it (confidence.py)
    program: str | None = None  # a math model's program for the best output
    reply: Any = None  # the task's own account of the best output (a math model's MathReply, for the answer check)


Prepared = tuple[str, str | None]  # (the text the model reads, why it differs from the input line)


def outputs_of(result: EngineResult, checkpoint: Checkpoint) -> list[Output]:
    """An engine's outputs for one line with their log-probabilities and pieces, where it reports them."""
    empty = [()] * len(result.outputs)
    token = checkpoint.vocab.tgt_token
    return [Output(*output, *log_prob, tokens=tuple(map(token, ids)))
            for output, log_prob, ids in zip(result.outputs, result.log_probs or empty, result.token_ids or empty)]


def joined(notices: list[str | None]) -> str | None:
    return " ".join(n for n in notices if n) or None


def truncation_notice(text: str, checkpoint: Checkpoint) -> str | None:
    n_pieces, max_len = len(checkpoint.vocab.encode_src(text)), checkpoint.run.model.max_len
    if n_pieces > max_len - 1:
        return f"This input has {n_pieces} tokens; the model reads at most {max_len - 1}, so it was truncated."
    return None


def beam_penalty(options: DecodeOptions) -> float | None:
    """The length penalty a beam search divided its scores by (None: the scores are plain sums)."""
    return options.length_penalty if options.method == "beam" else None


class Task:
    name: str
    label: str
    presets: tuple[Preset, ...] = ()
    words: Words = Words()
    group_of: Callable[[str], str] | None = None  # input -> group name, for per-group scores
    between_languages = False  # reads src_lang, writes tgt_lang: language pairs, the quality suite, calibration
    answers_questions = False  # its outputs are answers: the Ask wording, --show-program and the answer check
    usage_example = "A man is riding a bike."  # the model card's command line

    def pairs(self, cfg: TrainConfig, split: str, source: DataSource | None = None) -> list[Pair]:
        raise NotImplementedError

    def score(self, hypotheses: list[str], references: list[str], sources: list[str]) -> dict[str, Any]:
        return exact_match_scores(sources, hypotheses, references, self.group_of)

    def examples(self, src_lang: str, tgt_lang: str, sources: tuple[str, ...] = ()) -> list[str]:
        return []

    def notice(self, text: str) -> str | None:
        """Something the user should know about this input (None: nothing)."""
        return None

    def prepare(self, text: str, checkpoint: Checkpoint) -> Prepared:
        """What the model reads for an input line, and a notice when that differs from the line."""
        return text, None

    def line_notice(
        self, prepared: Prepared, checkpoint: Checkpoint, best: Output | None = None,
        length_penalty: float | None = None,
    ) -> str | None:
        """Every plain-word warning for one line; given its best output, those about the output too."""
        text, notice = prepared
        return joined([notice, truncation_notice(text, checkpoint), self.notice(text)])

    def finish(
        self, source: str, prepared: Prepared, result: EngineResult, checkpoint: Checkpoint, options: DecodeOptions
    ) -> LineResult:
        """The engine's outputs for one line, as the user gets them."""
        outputs = outputs_of(result, checkpoint)
        best = outputs[0] if outputs else None
        return LineResult(source, outputs, self.line_notice(prepared, checkpoint, best, beam_penalty(options)))

    def translate(
        self, engine: Engine, checkpoint: Checkpoint, lines: list[str], options: DecodeOptions
    ) -> list[LineResult]:
        """prepare, engine.translate, finish: the one way a model's outputs reach a user."""
        prepared = [self.prepare(line, checkpoint) for line in lines]
        results = engine.translate([text for text, _ in prepared], options)
        return [self.finish(*found, checkpoint, options) for found in zip(lines, prepared, results)]

    def cli_line(self, line: LineResult, show_program: bool = False) -> str:
        """The line the command line prints."""
        return line.outputs[0].text if line.outputs else ""


def check_split(task: str, split: str) -> int:
    """A generated task's seed offset for split."""
    if split not in SEED_OFFSET:
        raise DataError(f"unknown split {split!r} for task {task} (train, val, test)")
    return SEED_OFFSET[split]
