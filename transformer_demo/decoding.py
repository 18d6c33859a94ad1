"""Search algorithms over a trained model: greedy, beam search, sampling, and a step-by-step trace.

All of them encode the source once, then call model.decode_step with the key/value cache, one
new token per step, batched across sentences. use_cache=False re-decodes the whole prefix at every
step instead (slower; kept for the benchmark and for the equality tests).
"""
from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import torch
from torch import Tensor

from .config import LENGTH_NORMS
from .errors import DecodeError
from .model import AttentionMaps, DecoderCache, Transformer, causal_mask, padding_mask
from .tokenization import EOS_ID, PAD_ID, SOS_ID, Vocab

METHODS = ("greedy", "beam", "sample")


@dataclass
class DecodeOptions:
    method: str = "greedy"
    beam_size: int = 4
    length_penalty: float = 0.6  # beam search ranks by log-probability / a power of the length (length_norm)
    length_norm: str = "gnmt"  # the model's own, from its config.json (LENGTH_NORMS)
    n_best: int = 1
    temperature: float = 1.0
    top_k: int = 0  # 0 = no top-k filter
    top_p: float = 1.0  # 1.0 = no nucleus filter
    max_len: int | None = None  # default: 1.5 x source length + 10, within the model's max_len
    use_cache: bool = True
    seed: int | None = None
    time_limit: float | None = None  # seconds; past it, stop and return what is decoded so far (None = no limit)

    def validate(self) -> DecodeOptions:
        checks = [
            (self.method in METHODS, f"method must be one of {', '.join(METHODS)}, got {self.method!r}"),
            (1 <= self.beam_size <= 64, f"beam size must be between 1 and 64, got {self.beam_size}"),
            (
                1 <= self.n_best <= self.beam_size or self.method != "beam",
                f"n-best must be between 1 and the beam size ({self.beam_size}), got {self.n_best}",
            ),
            (0.0 <= self.length_penalty <= 5.0, f"length penalty must be between 0 and 5, got {self.length_penalty}"),
            (
                self.length_norm in LENGTH_NORMS,
                f"length norm must be one of {', '.join(LENGTH_NORMS)}, got {self.length_norm!r}",
            ),
            (0.0 < self.temperature <= 10.0, f"temperature must be in (0, 10], got {self.temperature}"),
            (self.top_k >= 0, f"top-k must be >= 0, got {self.top_k}"),
            (0.0 < self.top_p <= 1.0, f"top-p must be in (0, 1], got {self.top_p}"),
            (self.max_len is None or self.max_len >= 1, f"max length must be >= 1, got {self.max_len}"),
            (self.time_limit is None or self.time_limit > 0, f"time limit must be positive, got {self.time_limit}"),
        ]
        for ok, message in checks:
            if not ok:
                raise DecodeError(message)
        return self


@dataclass
class Hypothesis:
    ids: list[int]  # target ids without [SOS]/[EOS]
    score: float  # what the search ranks by: log_prob, divided by the length penalty for beam search
    log_prob: float = 0.0  # total log-probability under the model (temperature 1, no filter), [EOS] included
    n_tokens: int = 0  # tokens that log_prob sums over: len(ids), plus 1 when [EOS] ended the output

    @property
    def mean_log_prob(self) -> float:
        """log_prob per token: comparable between outputs of different lengths."""
        return self.log_prob / max(self.n_tokens, 1)


def model_device(model: Transformer) -> torch.device:
    return next(model.parameters()).device


@contextmanager
def eval_mode(model: Transformer) -> Iterator[None]:
    """Inside: dropout off. After: the model is back in the mode it had (training stays training)."""
    was_training = model.training
    model.eval()
    try:
        yield
    finally:
        model.train(was_training)


def source_tensor(model: Transformer, src_ids: list[list[int]]) -> Tensor:
    width = max(len(s) for s in src_ids)
    rows = [s + [PAD_ID] * (width - len(s)) for s in src_ids]
    return torch.tensor(rows, dtype=torch.long, device=model_device(model))


class Stepper:
    """Hands out next-token logits for a growing prefix, with or without the key/value cache."""

    def __init__(self, model: Transformer, src: Tensor, use_cache: bool = True):
        self.model, self.use_cache = model, use_cache
        self.src_mask = padding_mask(src, PAD_ID)  # (batch, 1, 1, src_len)
        self.memory = model.encode(src, self.src_mask)  # (batch, src_len, d_model)
        self.cache: DecoderCache | None = model.init_cache(self.memory, self.src_mask) if use_cache else None

    def logits(self, prefix: Tensor, attn: AttentionMaps | None = None) -> Tensor:
        """prefix (batch, t) starting with [SOS] -> logits for position t, (batch, vocab)."""
        if self.cache is not None:
            return self.model.decode_step(prefix[:, -1:], self.cache, attn)
        hidden = self.model.decode(prefix, self.memory, self.src_mask, causal_mask(prefix.size(1), prefix.device), attn)
        return self.model.projection(hidden[:, -1])

    def reorder(self, index: Tensor, same_sources: bool = False) -> None:
        """Keep / repeat the rows index names; same_sources: the rows in each place still read the same source
        (DecoderCache.reorder), so only what depends on the output so far is copied."""
        if not same_sources:
            self.memory = self.memory.index_select(0, index)
            self.src_mask = self.src_mask.index_select(0, index)
        if self.cache is not None:
            self.cache = self.cache.reorder(index, same_sources)


def length_cap(model_max_len: int, src_lengths: list[int], options: DecodeOptions) -> int:
    """The most tokens one batch may generate: options.max_len, else 1.5 x its longest source + 10;
    within the model's positions either way (every engine applies this same cap)."""
    limit = options.max_len or int(1.5 * max(src_lengths)) + 10
    return max(1, min(limit, model_max_len - 1))


def default_max_len(model: Transformer, src_ids: list[list[int]], options: DecodeOptions) -> int:
    return length_cap(model.config.max_len, [len(s) for s in src_ids], options)


def deadline(options: DecodeOptions) -> float:
    """The time.monotonic() value past which decoding stops early (inf without a time limit)."""
    return time.monotonic() + (options.time_limit or math.inf)


def filter_logits(logits: Tensor, top_k: int, top_p: float) -> Tensor:
    """Keep the top_k most likely tokens and the smallest set whose probability reaches top_p."""
    if top_k > 0:
        kth = logits.topk(min(top_k, logits.size(-1)), dim=-1).values[..., -1:]
        logits = logits.masked_fill(logits < kth, float("-inf"))
    if top_p < 1.0:
        sorted_logits, order = logits.sort(dim=-1, descending=True)
        cumulative = sorted_logits.softmax(-1).cumsum(-1)
        drop = cumulative - sorted_logits.softmax(-1) >= top_p  # mass before this token already reaches top_p
        logits = logits.masked_fill(drop.scatter(-1, order, drop), float("-inf"))
    return logits


@torch.inference_mode()
def greedy_or_sample(model: Transformer, src_ids: list[list[int]], options: DecodeOptions) -> list[Hypothesis]:
    stop_at = deadline(options)
    src = source_tensor(model, src_ids)
    stepper = Stepper(model, src, options.use_cache)
    batch = src.size(0)
    prefix = torch.full((batch, 1), SOS_ID, dtype=torch.long, device=src.device)
    finished = torch.zeros(batch, dtype=torch.bool, device=src.device)
    log_prob = torch.zeros(batch, device=src.device)
    n_tokens = torch.zeros(batch, dtype=torch.long, device=src.device)
    # Finished rows leave the model's batch (the stepper holds only the active rows). Their logits go
    # stale but are never used; keeping the full-width tensor draws the same random numbers for sampling.
    active = torch.arange(batch, device=src.device)
    logits = torch.zeros(batch, model.config.tgt_vocab_size, device=src.device)
    generator = None
    if options.method == "sample" and options.seed is not None:
        generator = torch.Generator(device=src.device).manual_seed(options.seed)
    for _ in range(default_max_len(model, src_ids, options)):
        logits[active] = stepper.logits(prefix[active]).float()
        model_log_probs = logits.log_softmax(-1)  # before temperature and filters: the model's own probabilities
        if options.method == "sample":
            logits = filter_logits(logits / options.temperature, options.top_k, options.top_p)
            next_ids = torch.multinomial(logits.softmax(-1), 1, generator=generator).squeeze(1)
        else:
            next_ids = logits.argmax(-1)
        next_ids = next_ids.masked_fill(finished, PAD_ID)
        log_prob += model_log_probs.gather(1, next_ids[:, None]).squeeze(1).masked_fill(finished, 0.0)
        n_tokens += ~finished
        prefix = torch.cat([prefix, next_ids[:, None]], dim=1)
        finished |= next_ids == EOS_ID
        if finished.all() or time.monotonic() > stop_at:
            break
        still = ~finished[active]
        if not still.all():
            keep = still.nonzero().squeeze(1)
            stepper.reorder(keep)
            active = active[keep]
    hypotheses = []
    for row, total, length in zip(prefix[:, 1:].tolist(), log_prob.tolist(), n_tokens.tolist()):
        ids = row[: row.index(EOS_ID)] if EOS_ID in row else row
        hypotheses.append(Hypothesis([i for i in ids if i != PAD_ID], total, total, length))
    return hypotheses


def length_normalised(log_prob: float, length: int, options: DecodeOptions) -> float:
    """What beam search ranks a hypothesis by: its log-probability over a power of its length (the search's step:
    the tokens generated, [EOS] included where it ended the output)."""
    if options.length_norm == "length":
        return log_prob / length**options.length_penalty
    return log_prob / ((5 + length) / 6) ** options.length_penalty


Candidate = tuple[int, int, float]  # (beam row it extends, next token, summed log-probability)


@dataclass
class Ended:
    """One sentence's finished hypotheses, and whether the best candidate of some step was [EOS]."""

    hypotheses: list[Hypothesis] = field(default_factory=list)
    top_ended: bool = False


def gnmt_select(
    candidates: list[Candidate], prefix: Tensor, step: int, last_step: bool, ended: Ended, options: DecodeOptions
) -> tuple[list[Candidate], bool]:
    """One sentence's step under the gnmt rule: (the live candidates kept, whether the sentence is done)."""
    beam, kept, finished = options.beam_size, [], ended.hypotheses
    for row, token, score in candidates:
        if token == EOS_ID:
            finished.append(Hypothesis(prefix[row, 1:].tolist(), length_normalised(score, step, options), score, step))
        else:
            kept.append((row, token, score))
        if len(kept) == beam:
            break
    # Done once beam hypotheses have finished and no live one scores better than the beam-th of them
    # (stopping at the first beam [EOS]s would let improbable early endings beat a likely longer output).
    finished.sort(key=lambda h: -h.score)
    best_live = length_normalised(kept[0][2], step, options) if kept else float("-inf")
    if last_step:
        finished.extend(
            Hypothesis(prefix[r, 1:].tolist() + [t], length_normalised(s, step, options), s, step) for r, t, s in kept
        )
    return kept, last_step or (len(finished) >= beam and finished[beam - 1].score >= best_live)


def length_select(
    candidates: list[Candidate], prefix: Tensor, step: int, last_step: bool, ended: Ended, options: DecodeOptions
) -> tuple[list[Candidate], bool]:
    """One sentence's step under the length rule (CTranslate2's): each of the beam_size best candidates that ends
    (or every one, at the last step) is a finished hypothesis, and the next candidate that does not end takes its
    place in the beam. With a penalty it is done once beam_size have ended; without one, once the best candidate
    of a step has ended and n_best have (no later hypothesis can score higher: CTranslate2's early exit)."""
    beam, kept, spare, finished = options.beam_size, [], options.beam_size, ended.hypotheses
    ended.top_ended |= bool(candidates) and candidates[0][1] == EOS_ID
    for row, token, score in candidates[:beam]:
        if token == EOS_ID or last_step:
            ids = prefix[row, 1:].tolist() + ([] if token == EOS_ID else [token])
            finished.append(Hypothesis(ids, length_normalised(score, step, options), score, step))
            while spare < len(candidates) and candidates[spare][1] == EOS_ID:
                spare += 1
            if spare == len(candidates):
                continue
            row, token, score = candidates[spare]
            spare += 1
        kept.append((row, token, score))
    if options.length_penalty == 0:
        return kept, last_step or (ended.top_ended and len(finished) >= options.n_best)
    return kept, last_step or len(finished) >= beam


@torch.inference_mode()
def beam_search(model: Transformer, src_ids: list[list[int]], options: DecodeOptions) -> list[list[Hypothesis]]:
    """Keeps beam_size live hypotheses per sentence; returns the n_best finished ones, best first."""
    stop_at, beam = deadline(options), options.beam_size
    select = length_select if options.length_norm == "length" else gnmt_select
    src = source_tensor(model, src_ids)
    batch, device = src.size(0), src.device
    stepper = Stepper(model, src, options.use_cache)
    stepper.reorder(torch.arange(batch, device=device).repeat_interleave(beam))  # encoded once, copied to each beam
    prefix = torch.full((batch * beam, 1), SOS_ID, dtype=torch.long, device=device)
    scores = torch.full((batch, beam), float("-inf"), device=device)
    scores[:, 0] = 0.0  # all beams start identical: expand only the first
    finished = [Ended() for _ in range(batch)]
    # Sentences that are done leave the model's batch, as in greedy decoding: the stepper, prefix and scores hold
    # the beams of the searching sentences only, alive[i] being the sentence whose beams are rows i*beam onwards.
    alive = list(range(batch))
    max_len = default_max_len(model, src_ids, options)
    for step in range(1, max_len + 1):
        last_step = step == max_len or time.monotonic() > stop_at  # keep the live hypotheses as they are
        log_probs = stepper.logits(prefix).float().log_softmax(-1)  # (len(alive) * beam, vocab)
        vocab = log_probs.size(-1)
        candidates = (scores.unsqueeze(-1) + log_probs.view(len(alive), beam, vocab)).view(len(alive), -1)
        top_scores, top_index = candidates.topk(2 * beam, dim=-1)  # (len(alive), 2 * beam)
        new_rows, new_tokens, new_scores, searching = [], [], [], []
        for i, (b, row_scores, row_index) in enumerate(zip(alive, top_scores.tolist(), top_index.tolist())):
            ranked = [
                (i * beam + index // vocab, index % vocab, score)
                for score, index in zip(row_scores, row_index)
                if score != float("-inf")
            ]
            kept, done = select(ranked, prefix, step, last_step, finished[b], options)
            if done:
                continue
            searching.append(b)
            kept += [(i * beam, PAD_ID, float("-inf"))] * (beam - len(kept))  # dead beams where too few live
            for row, token, score in kept:
                new_rows.append(row)
                new_tokens.append(token)
                new_scores.append(score)
        if not searching:
            break
        index = torch.tensor(new_rows, device=device)
        stepper.reorder(index, same_sources=len(searching) == len(alive))  # every row keeps its sentence's place
        alive = searching
        prefix = torch.cat([prefix.index_select(0, index), torch.tensor(new_tokens, device=device)[:, None]], dim=1)
        scores = torch.tensor(new_scores, device=device).view(len(alive), beam)
    return [sorted(e.hypotheses, key=lambda h: -h.score)[: options.n_best] for e in finished]


def decode(model: Transformer, src_ids: list[list[int]], options: DecodeOptions) -> list[list[Hypothesis]]:
    """One list of hypotheses per source sentence (n_best long for beam search, else one)."""
    options.validate()
    with eval_mode(model):
        if options.method == "beam":
            return beam_search(model, src_ids, options)
        return [[h] for h in greedy_or_sample(model, src_ids, options)]


def decode_batched(
    model: Transformer, src_ids: list[list[int]], options: DecodeOptions, batch_size: int = 64
) -> list[list[Hypothesis]]:
    """decode() over any number of sentences, batching those of similar length; results in input order."""
    order = sorted(range(len(src_ids)), key=lambda i: len(src_ids[i]))
    results: list[list[Hypothesis]] = [[] for _ in src_ids]
    for start in range(0, len(order), batch_size):
        chunk = order[start : start + batch_size]
        for i, hyps in zip(chunk, decode(model, [src_ids[i] for i in chunk], options)):
            results[i] = hyps
    return results


def translate(
    model: Transformer, vocab: Vocab, texts: list[str], options: DecodeOptions, batch_size: int = 64
) -> list[str]:
    """Best hypothesis per text, detokenised, in input order."""
    encoded = [vocab.source_ids(text, model.config.max_len) for text in texts]
    return [vocab.decode_tgt(hyps[0].ids) for hyps in decode_batched(model, encoded, options, batch_size)]


@dataclass
class TraceStep:
    prefix: list[str]  # target tokens chosen before this step
    candidates: list[tuple[str, int, float]]  # (token, id, probability), most likely first
    chosen_id: int
    chosen_token: str
    chosen_prob: float
    forced: bool  # True when the user picked this token instead of the model
    cross_attention: list[list[list[float]]]  # (layers, heads, src_len): where this step looked


@dataclass
class DecodeTrace:
    src_tokens: list[str]
    steps: list[TraceStep] = field(default_factory=list)

    @property
    def output_ids(self) -> list[int]:
        return [s.chosen_id for s in self.steps if s.chosen_id != EOS_ID]


@torch.inference_mode()
def trace(
    model: Transformer,
    vocab: Vocab,
    text: str,
    forced: list[int] | None = None,
    top_k: int = 10,
    temperature: float = 1.0,
    max_steps: int | None = None,
) -> DecodeTrace:
    """Greedy decoding that records every step; the first len(forced) choices are taken from forced."""
    options = DecodeOptions(temperature=temperature, max_len=max_steps).validate()
    with eval_mode(model):
        return _trace(
            model, vocab, vocab.source_ids(text, model.config.max_len), list(forced or []), top_k, options
        )


def _trace(
    model: Transformer, vocab: Vocab, src_ids: list[int], forced: list[int], top_k: int, options: DecodeOptions
) -> DecodeTrace:
    stepper = Stepper(model, source_tensor(model, [src_ids]))
    result = DecodeTrace([vocab.src_token(i) for i in src_ids])
    prefix = torch.tensor([[SOS_ID]], device=model_device(model))
    limit = default_max_len(model, [src_ids], options)
    for step in range(limit):
        attn = AttentionMaps()
        probs = (stepper.logits(prefix, attn).float()[0] / options.temperature).softmax(-1)
        top = probs.topk(min(top_k, probs.numel()))
        is_forced = step < len(forced)
        chosen = forced[step] if is_forced else int(top.indices[0])
        result.steps.append(
            TraceStep(
                prefix=[vocab.tgt_token(i) for i in prefix[0, 1:].tolist()],
                candidates=[(vocab.tgt_token(i), i, p) for i, p in zip(top.indices.tolist(), top.values.tolist())],
                chosen_id=chosen,
                chosen_token=vocab.tgt_token(chosen),
                chosen_prob=float(probs[chosen]),
                forced=is_forced,
                cross_attention=[w[0, :, -1].tolist() for w in attn.cross],
            )
        )
        if chosen == EOS_ID:
            break
        prefix = torch.cat([prefix, torch.tensor([[chosen]], device=prefix.device)], dim=1)
    return result


@torch.inference_mode()
def attention_maps(model: Transformer, src_ids: list[int], tgt_ids: list[int]) -> AttentionMaps:
    """Teacher-forced pass over (source, [SOS] + target) that returns every layer's attention for row 0."""
    device = model_device(model)
    src = torch.tensor([src_ids], device=device)
    tgt = torch.tensor([[SOS_ID] + tgt_ids], device=device)
    maps = AttentionMaps()
    with eval_mode(model):
        model(src, tgt, padding_mask(src, PAD_ID), causal_mask(tgt.size(1), device), maps)
    return maps
