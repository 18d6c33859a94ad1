"""The model's own intermediate tensors for one sentence and one target prefix, block by block.

    capture(model, src_ids, tgt_ids) -> Capture  # plain numpy arrays, batch row 0

Runs the teacher-forced pass of decoding.attention_maps (the forward pass that decodes, with attention
weights materialised) once, with forward hooks on the real modules: the embeddings and their lookup table,
the positional encoding, every MultiHeadAttention with its W_q, W_k, W_v, its scaled scores and W_o, every
SublayerConnection and its LayerNorm, every FeedForward with its W_1 and W_2, the final norms and the
projection. Nothing is computed again here: every array is a tensor the model produced (or its buffer of
sinusoids), reshaped at most, and the last position's softmax as decoding takes it.
"""
from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor, nn

from .decoding import attention_maps
from .model import DecoderLayer, EncoderLayer, MultiHeadAttention, SublayerConnection, Transformer
from .tokenization import SOS_ID


def plain(tensor: Tensor) -> np.ndarray:
    """Batch row 0 as a float32 array."""
    return tensor[0].detach().float().cpu().numpy()


@dataclass
class AttentionCapture:
    """One MultiHeadAttention call; q_len queries attend over k_len keys."""

    query_input: np.ndarray  # (q_len, d_model): what the queries are made from
    q: np.ndarray  # (heads, q_len, d_k)
    k: np.ndarray  # (heads, k_len, d_k)
    v: np.ndarray  # (heads, k_len, d_k)
    scores: np.ndarray  # (heads, q_len, k_len): QK^T / sqrt(d_k), before the mask
    mask: np.ndarray  # (q_len, k_len) bool: True = may attend
    weights: np.ndarray  # (heads, q_len, k_len): softmax of the masked scores
    context: np.ndarray  # (q_len, d_model): each head's weighted sum of V, heads concatenated (W_o's input)
    output: np.ndarray  # (q_len, d_model): after W_o


@dataclass
class SublayerCapture:
    """Residual + LayerNorm around one sublayer (model.SublayerConnection)."""

    input: np.ndarray  # (len, d_model): x
    normed: np.ndarray  # (len, d_model): what its LayerNorm returned (of x pre-norm, of x + sublayer post-norm)
    output: np.ndarray  # (len, d_model)


@dataclass
class FeedForwardCapture:
    input: np.ndarray  # (len, d_model)
    hidden: np.ndarray  # (len, d_ff): max(0, x W_1 + b_1), W_2's input
    output: np.ndarray  # (len, d_model)


@dataclass
class LayerCapture:
    attention: list[AttentionCapture]  # encoder: [self]; decoder: [masked self, cross]
    sublayers: list[SublayerCapture]  # one per sublayer: the attention(s), then the feed-forward
    feed_forward: FeedForwardCapture


@dataclass
class Capture:
    src_ids: list[int]
    tgt_ids: list[int]  # what the decoder reads: [SOS] and the prefix
    src_lookup: np.ndarray  # (src_len, d_model): embedding rows as stored
    src_embedded: np.ndarray  # (src_len, d_model): x sqrt(d_model)
    tgt_lookup: np.ndarray  # (tgt_len, d_model)
    tgt_embedded: np.ndarray
    positional: np.ndarray  # (max(src_len, tgt_len), d_model): the model's sinusoids
    src_positioned: np.ndarray  # (src_len, d_model): embeddings + positions, the encoder's input
    tgt_positioned: np.ndarray
    encoder: list[LayerCapture]
    decoder: list[LayerCapture]
    memory: np.ndarray  # (src_len, d_model): the encoder's output, after its final norm
    decoder_output: np.ndarray  # (tgt_len, d_model): after the decoder's final norm
    logits: np.ndarray  # (tgt_vocab,): the projection at the last position
    probs: np.ndarray  # (tgt_vocab,): their softmax, the next token's distribution


class Recorder:
    """Forward hooks that queue every call of each watched module: (positional inputs, output)."""

    def __init__(self):
        self.calls: dict[nn.Module, deque] = defaultdict(deque)
        self.handles: list = []

    def watch(self, *modules: nn.Module) -> None:
        for module in set(modules):
            self.handles.append(module.register_forward_hook(self.hook))

    def hook(self, module: nn.Module, args: tuple, output) -> None:
        self.calls[module].append((args, output))

    def take(self, module: nn.Module) -> tuple[tuple, object]:
        """The oldest call of module not yet taken: modules called twice (a shared embedding, the positions)
        are taken in the order the forward pass called them, source first."""
        return self.calls[module].popleft()

    def out(self, module: nn.Module) -> Tensor:
        return self.take(module)[1]

    def remove(self) -> None:
        for handle in self.handles:
            handle.remove()


def attention_modules(attention: MultiHeadAttention) -> list[nn.Module]:
    return [attention, attention.w_q, attention.w_k, attention.w_v, attention.scaled_scores, attention.w_o]


def layer_modules(layer: EncoderLayer | DecoderLayer) -> list[nn.Module]:
    attentions = [layer.self_attn] + ([layer.cross_attn] if isinstance(layer, DecoderLayer) else [])
    modules = [m for a in attentions for m in attention_modules(a)]
    modules += [layer.feed_forward, layer.feed_forward.w_2]
    return modules + [m for s in layer.sublayers for m in (s, s.norm)]


@contextmanager
def recording(model: Transformer) -> Iterator[Recorder]:
    recorder = Recorder()
    recorder.watch(
        model.src_embed, model.src_embed.lut, model.tgt_embed, model.tgt_embed.lut, model.positions,
        model.encoder_norm, model.decoder_norm, model.projection,
        *[m for layer in [*model.encoder_layers, *model.decoder_layers] for m in layer_modules(layer)],
    )
    try:
        yield recorder
    finally:
        recorder.remove()


def take_attention(recorder: Recorder, attention: MultiHeadAttention) -> AttentionCapture:
    (query_input, _, mask, _), (output, weights) = recorder.take(attention)
    (context,), _ = recorder.take(attention.w_o)
    q_len, k_len = weights.shape[-2:]
    heads = [plain(attention.split_heads(recorder.out(w))) for w in (attention.w_q, attention.w_k, attention.w_v)]
    full_mask = torch.ones(q_len, k_len, dtype=torch.bool) if mask is None else mask[0, 0].cpu().expand(q_len, k_len)
    return AttentionCapture(
        plain(query_input), *heads, plain(recorder.out(attention.scaled_scores)), full_mask.numpy().copy(),
        plain(weights), plain(context), plain(output),
    )


def take_sublayer(recorder: Recorder, sublayer: SublayerConnection) -> SublayerCapture:
    (x, _), (output, _) = recorder.take(sublayer)
    return SublayerCapture(plain(x), plain(recorder.out(sublayer.norm)), plain(output))


def take_layer(recorder: Recorder, layer: EncoderLayer | DecoderLayer) -> LayerCapture:
    attentions = [layer.self_attn] + ([layer.cross_attn] if isinstance(layer, DecoderLayer) else [])
    (ff_input,), ff_output = recorder.take(layer.feed_forward)
    (hidden,), _ = recorder.take(layer.feed_forward.w_2)
    return LayerCapture(
        [take_attention(recorder, a) for a in attentions],
        [take_sublayer(recorder, s) for s in layer.sublayers],
        FeedForwardCapture(plain(ff_input), plain(hidden), plain(ff_output)),
    )


def capture(model: Transformer, src_ids: list[int], tgt_ids: list[int]) -> Capture:
    """The pass over (source, [SOS] + tgt_ids) that predicts the token after tgt_ids, every block recorded."""
    with recording(model) as recorder:
        attention_maps(model, src_ids, tgt_ids)
    src_lookup, src_embedded = plain(recorder.out(model.src_embed.lut)), plain(recorder.out(model.src_embed))
    tgt_lookup, tgt_embedded = plain(recorder.out(model.tgt_embed.lut)), plain(recorder.out(model.tgt_embed))
    src_positioned, tgt_positioned = plain(recorder.out(model.positions)), plain(recorder.out(model.positions))
    logits = recorder.out(model.projection)[0, -1].float()
    longest = max(len(src_ids), len(tgt_ids) + 1)
    return Capture(
        src_ids=list(src_ids),
        tgt_ids=[SOS_ID, *tgt_ids],
        src_lookup=src_lookup,
        src_embedded=src_embedded,
        tgt_lookup=tgt_lookup,
        tgt_embedded=tgt_embedded,
        positional=model.positions.pe[:longest].float().cpu().numpy().copy(),
        src_positioned=src_positioned,
        tgt_positioned=tgt_positioned,
        encoder=[take_layer(recorder, layer) for layer in model.encoder_layers],
        decoder=[take_layer(recorder, layer) for layer in model.decoder_layers],
        memory=plain(recorder.out(model.encoder_norm)),
        decoder_output=plain(recorder.out(model.decoder_norm)),
        logits=logits.cpu().numpy(),
        probs=logits.softmax(-1).cpu().numpy(),
    )
