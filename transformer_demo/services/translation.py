"""Translation for the app: a batch of lines, the step-by-step trace and attention maps, within limits.

Everything returned is plain Python or numpy; the UI never builds or sees a tensor. Limits, so that no
request ties up the server: at most MAX_LINES lines and MAX_CHARS characters; a translation stops decoding
after decode_time_limit seconds (and says so).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace

import numpy as np
import torch

from ..decoding import DecodeOptions, DecodeTrace
from ..engines.choice import FastEngine, FastEngines, RoutingEngine, route
from ..errors import ServiceError
from ..inference import Engine
from ..serving.limits import shorten
from ..tasks import LineResult, Output, get_task
from .catalog import Catalog
from .layers import LayersResult, inspect_layers

MAX_LINES = 64
MAX_CHARS = 20_000  # far beyond any model's max_len; only stops a huge paste from tying up the tokenizer
MAX_TOP_K = 50
DECODE_TIME_LIMIT = (
    6.0  # seconds of decoding per request: the last step, tokenizing and drawing fit in the rest of 10 s
)


@dataclass
class TranslationResult:
    lines: list[LineResult]
    seconds: float
    notice: str | None = None  # decoding stopped at the time limit
    engine: str = "torch"  # the engine that answered
    engine_note: str | None = None  # why torch answered where CTranslate2 was asked for
    task: str = "translation"
    options: DecodeOptions | None = None  # as decoded: the request's, with the model's length norm


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


def _stack(weights: list[torch.Tensor]) -> np.ndarray:
    """Per-layer (1, heads, q, k) tensors -> (layers, heads, q, k) float32 array."""
    return torch.stack([w[0] for w in weights]).float().cpu().numpy()


def checked(text: str | None) -> str:
    text = text or ""
    if not isinstance(text, str):
        raise ServiceError(f"The input must be text, got {shorten(text)}.")
    if len(text) > MAX_CHARS:
        raise ServiceError(f"The input is too long: {len(text):,} characters (at most {MAX_CHARS:,}).")
    bad = next((i for i, c in enumerate(text) if "\ud800" <= c <= "\udfff"), None)
    if bad is not None:
        raise ServiceError(
            f"The input has an invalid character at position {bad + 1} (a lone surrogate, U+{ord(text[bad]):04X}); "
            "please remove it."
        )
    return text


def sentence(text: str | None) -> str:
    """One sentence: the lines of text joined; empty or whitespace-only input is refused."""
    joined = " ".join(checked(text).split())
    if not joined:
        raise ServiceError("Please enter a sentence: the input is empty.")
    return joined


def require(engine: Engine, capability: str, model: str) -> None:
    if capability not in engine.capabilities:
        raise ServiceError(f"the model {model} runs on the {engine.name} engine, which has no {capability} view")


class TranslationService:
    """fast: CTranslate2 engines for translate (None: torch answers everything); the trace and attention
    views always run on the torch model, since they need its internals."""

    def __init__(self, catalog: Catalog, decode_time_limit: float = DECODE_TIME_LIMIT, fast: FastEngines | None = None):
        self.catalog, self.registry = catalog, catalog.registry
        self.decode_time_limit, self.fast = decode_time_limit, fast

    def prepare(self, model_name: str | None = None) -> None:
        """Load a model and make its CTranslate2 engine now, so that the first request does not wait for them."""
        _, engine = self.registry.entry(model_name)
        if self.fast:
            self.fast.get(engine.checkpoint)

    def notice(self, model_name: str | None, text: str, trace: DecodeTrace | None = None) -> str | None:
        """Warnings for one input; given the model's own greedy trace of it (temperature 1, nothing forced), the
        confidence checks on its output too, as translate makes them."""
        info, engine = self.registry.entry(model_name)
        checkpoint, task = engine.checkpoint, get_task(info.task)
        best = None
        if trace is not None and trace.steps and not any(step.forced for step in trace.steps):
            log_prob = sum(math.log(max(step.chosen_prob, 1e-30)) for step in trace.steps)  # [EOS] included
            text_out = checkpoint.vocab.decode_tgt(trace.output_ids)
            best = Output(text_out, log_prob, log_prob, len(trace.steps))  # its tokens, as an engine counts them
        return task.line_notice(task.prepare(sentence(text), checkpoint), checkpoint, best)

    def translate(
        self, model_name: str | None, text: str | None, options: DecodeOptions | None = None
    ) -> TranslationResult:
        """Every non-empty line is a sentence; all of them are decoded as one batch: checked, then the task's
        prepare, the engine, the task's finish (tasks.Task.translate)."""
        lines = [line.strip() for line in checked(text).splitlines() if line.strip()]
        if not lines:
            raise ServiceError("Please enter some text to translate: the input is empty.")
        if len(lines) > MAX_LINES:
            raise ServiceError(f"Please give at most {MAX_LINES} lines at a time (got {len(lines)}).")
        info, engine = self.registry.entry(model_name)
        options = replace(
            options or DecodeOptions(), time_limit=self.decode_time_limit, length_norm=info.length_norm
        ).validate()
        require(engine, options.method, info.name)
        fast = self.fast.get(engine.checkpoint) if self.fast else FastEngine(None)
        chosen = route(fast.engine, engine, options)
        start = time.perf_counter()
        # Routed per call, so that a task's own second decoding (the math task's readings) goes to torch when
        # CTranslate2 cannot decode it as ours does, as the caller's decoding does.
        routed = RoutingEngine(engine, fast.engine)
        rows = get_task(info.task).translate(routed, engine.checkpoint, lines, options)
        seconds = time.perf_counter() - start
        notice = None
        if seconds >= self.decode_time_limit:
            notice = (f"Decoding stopped at the server's limit of {self.decode_time_limit:g} s, so the outputs may be "
                      "cut short: send fewer or shorter lines, or use a smaller beam.")
        return TranslationResult(
            rows, seconds, notice, chosen.engine.name, chosen.note or fast.reason, info.task, options
        )

    def trace(
        self, model_name: str | None, text: str | None, forced: list[int] | None = None, top_k: int = 10,
        temperature: float = 1.0,
    ) -> DecodeTrace:
        """Greedy decoding one step at a time; the first len(forced) tokens are the user's choices."""
        text = sentence(text)
        if not 1 <= top_k <= MAX_TOP_K:
            raise ServiceError(f"top-k must be between 1 and {MAX_TOP_K}, got {top_k}")
        info, engine = self.registry.entry(model_name)
        text, _ = get_task(info.task).prepare(text, engine.checkpoint)  # as translate reads it; notice() says so
        require(engine, "trace", info.name)
        vocab_size = engine.checkpoint.run.model.tgt_vocab_size
        forced = list(forced or [])
        bad = [i for i in forced if not 0 <= i < vocab_size]
        if bad:
            raise ServiceError(f"token id {bad[0]} is not in this model's vocabulary (0 to {vocab_size - 1})")
        if len(forced) >= info.max_len - 1:
            raise ServiceError(f"the output can be at most {info.max_len - 2} tokens long")
        return engine.trace(text, forced, top_k, temperature)

    def attention(self, model_name: str | None, text: str | None, target: str | None = None) -> AttentionResult:
        """Every layer's attention for the sentence and a translation (the model's own greedy one by default)."""
        info, engine = self.registry.entry(model_name)
        task, checkpoint = get_task(info.task), engine.checkpoint
        prepared = task.prepare(sentence(text), checkpoint)
        text = prepared[0]
        require(engine, "attention", info.name)
        vocab = checkpoint.vocab
        target = " ".join(checked(target).split())
        if target:
            tgt_ids = vocab.encode_tgt(target)[: info.max_len - 2]
        else:
            tgt_ids = engine.hypotheses([text], DecodeOptions(time_limit=self.decode_time_limit))[0][0].ids
        maps = engine.attention(text, tgt_ids)
        tgt_tokens = [vocab.tgt_token(i) for i in tgt_ids]
        return AttentionResult(
            src_tokens=[vocab.src_token(i) for i in engine.source_ids(text)],
            tgt_inputs=["[SOS]"] + tgt_tokens,
            tgt_outputs=tgt_tokens + ["[EOS]"],
            translation=vocab.decode_tgt(tgt_ids),
            encoder_self=_stack(maps.encoder_self),
            decoder_self=_stack(maps.decoder_self),
            cross=_stack(maps.cross),
            notice=task.line_notice(prepared, checkpoint),
        )

    def layers(self, model_name: str | None, text: str | None, step: int = 1, top_k: int = 10) -> LayersResult:
        """The sentence through every block of the model at one step of its greedy decoding (services/layers.py)."""
        if not 1 <= top_k <= MAX_TOP_K:
            raise ServiceError(f"top-k must be between 1 and {MAX_TOP_K}, got {top_k}")
        info, engine = self.registry.entry(model_name)
        task, checkpoint = get_task(info.task), engine.checkpoint
        prepared = task.prepare(sentence(text), checkpoint)
        require(engine, "attention", info.name)
        return inspect_layers(engine, task.words, prepared[0], step, top_k, task.line_notice(prepared, checkpoint))
