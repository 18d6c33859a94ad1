"""Translation for the app: a batch of lines, the step-by-step trace and attention maps, within limits.

Everything returned is plain Python or numpy; the UI never builds or sees a tensor. Limits, so that no
request ties up the server: at most MAX_LINES lines and MAX_CHARS characters; a translation stops decoding
after decode_time_limit seconds (and says so).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import NamedTuple

import numpy as np
import torch

from ..decoding import DecodeOptions, DecodeTrace
from ..engines import TorchEngine
from ..engines.choice import FastEngine, FastEngines, route
from ..errors import ServiceError
from ..inference import Engine
from ..limits import shorten
from ..registry import ModelInfo
from ..tasks import get_task
from .catalog import Catalog

MAX_LINES = 64
MAX_CHARS = 20_000  # far beyond any model's max_len; only stops a huge paste from tying up the tokenizer
MAX_TOP_K = 50
DECODE_TIME_LIMIT = (
    6.0  # seconds of decoding per request: the last step, tokenizing and drawing fit in the rest of 10 s
)


class Output(NamedTuple):
    """One translation with its scores (see decoding.Hypothesis)."""

    text: str
    score: float  # what the search ranked by: the total log-probability, length-normalised for beam search
    log_prob: float | None = None  # total log-probability under the model, [EOS] included (None: engine lacks it)
    n_tokens: int = 0

    @property
    def mean_log_prob(self) -> float | None:
        return None if self.log_prob is None else self.log_prob / max(self.n_tokens, 1)


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
    engine: str = "torch"  # the engine that answered
    engine_note: str | None = None  # why torch answered where CTranslate2 was asked for


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

    def _notice(self, info: ModelInfo, engine: TorchEngine, text: str) -> str | None:
        notices = []
        n_tokens = len(engine.vocab.encode_src(text))
        if n_tokens > info.max_len - 1:
            notices.append(
                f"This input has {n_tokens} tokens; the model reads at most {info.max_len - 1}, so it was truncated."
            )
        notices.append(get_task(info.task).notice(text))
        return " ".join(n for n in notices if n) or None

    def prepare(self, model_name: str | None = None) -> None:
        """Load a model and make its CTranslate2 engine now, so that the first request does not wait for them."""
        _, engine = self.registry.entry(model_name)
        if self.fast:
            self.fast.get(engine.checkpoint)

    def notice(self, model_name: str | None, text: str) -> str | None:
        info, engine = self.registry.entry(model_name)
        return self._notice(info, engine, sentence(text))

    def translate(
        self, model_name: str | None, text: str | None, options: DecodeOptions | None = None
    ) -> TranslationResult:
        """Every non-empty line is a sentence; all of them are decoded as one batch."""
        lines = [line.strip() for line in checked(text).splitlines() if line.strip()]
        if not lines:
            raise ServiceError("Please enter some text to translate: the input is empty.")
        if len(lines) > MAX_LINES:
            raise ServiceError(f"Please give at most {MAX_LINES} lines at a time (got {len(lines)}).")
        options = replace(options or DecodeOptions(), time_limit=self.decode_time_limit).validate()
        info, engine = self.registry.entry(model_name)
        require(engine, options.method, info.name)
        fast = self.fast.get(engine.checkpoint) if self.fast else FastEngine(None)
        chosen = route(fast.engine, engine, options)
        start = time.perf_counter()
        results = chosen.engine.translate(lines, options)
        seconds = time.perf_counter() - start
        rows = [
            LineResult(line, [Output(*o, *lp) for o, lp in zip(r.outputs, r.log_probs or [()] * len(r.outputs))],
                       self._notice(info, engine, line))
            for line, r in zip(lines, results)
        ]
        notice = None
        if seconds >= self.decode_time_limit:
            notice = (f"Decoding stopped at the server's limit of {self.decode_time_limit:g} s, so the outputs may be "
                      "cut short: send fewer or shorter lines, or use a smaller beam.")
        return TranslationResult(rows, seconds, notice, chosen.engine.name, chosen.note or fast.reason)

    def trace(
        self, model_name: str | None, text: str | None, forced: list[int] | None = None, top_k: int = 10,
        temperature: float = 1.0,
    ) -> DecodeTrace:
        """Greedy decoding one step at a time; the first len(forced) tokens are the user's choices."""
        text = sentence(text)
        if not 1 <= top_k <= MAX_TOP_K:
            raise ServiceError(f"top-k must be between 1 and {MAX_TOP_K}, got {top_k}")
        info, engine = self.registry.entry(model_name)
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
        text = sentence(text)
        info, engine = self.registry.entry(model_name)
        require(engine, "attention", info.name)
        vocab = engine.vocab
        target = " ".join(checked(target).split())
        if target:
            tgt_ids = vocab.encode_tgt(target)[: info.max_len - 2]
        else:
            tgt_ids = engine.hypotheses([text], DecodeOptions(time_limit=self.decode_time_limit))[0][0].ids
        maps = engine.attention(text, tgt_ids)
        tgt_tokens = [vocab.tgt_token(i) for i in tgt_ids]
        return AttentionResult(
            src_tokens=[vocab.src.id_to_token(i) or "?" for i in engine.source_ids(text)],
            tgt_inputs=["[SOS]"] + tgt_tokens,
            tgt_outputs=tgt_tokens + ["[EOS]"],
            translation=vocab.decode_tgt(tgt_ids),
            encoder_self=_stack(maps.encoder_self),
            decoder_self=_stack(maps.decoder_self),
            cross=_stack(maps.cross),
            notice=self._notice(info, engine, text),
        )
