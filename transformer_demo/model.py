"""The encoder-decoder Transformer of "Attention Is All You Need", from torch primitives.

Read top to bottom: embeddings -> positions -> attention -> feed-forward -> layers -> stacks ->
the full model. Masks are boolean and broadcast to (batch, heads, q_len, k_len); True = may attend.
Attention weights are only materialised when asked for (need_weights=True); otherwise attention
runs through F.scaled_dot_product_attention.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from .config import ModelConfig


class Dropout(nn.Dropout):
    """nn.Dropout that is not called at all outside training: one dispatched op fewer per use at decode time."""

    def forward(self, x: Tensor) -> Tensor:
        return super().forward(x) if self.training and self.p > 0 else x


class Embeddings(nn.Module):
    """Token ids -> vectors, scaled by sqrt(d_model) (section 3.4)."""

    def __init__(self, vocab_size: int, d_model: int):
        super().__init__()
        self.lut = nn.Embedding(vocab_size, d_model)
        self.scale = math.sqrt(d_model)

    def forward(self, tokens: Tensor) -> Tensor:  # (batch, len) -> (batch, len, d_model)
        return self.lut(tokens) * self.scale


class PositionalEncoding(nn.Module):
    """Adds fixed sinusoids: PE(pos, 2i) = sin(pos / 10000^(2i/d_model)), PE(pos, 2i+1) = cos(...)."""

    def __init__(self, d_model: int, max_len: int, dropout: float):
        super().__init__()
        self.dropout = Dropout(dropout)
        position = torch.arange(max_len, dtype=torch.float32).unsqueeze(1)  # (max_len, 1)
        div_term = torch.exp(torch.arange(0, d_model, 2, dtype=torch.float32) * (-math.log(10000.0) / d_model))
        pe = torch.zeros(max_len, d_model)
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term[: d_model // 2])
        self.register_buffer("pe", pe, persistent=False)  # derived, so never stored in a checkpoint

    def forward(self, x: Tensor, offset: int = 0) -> Tensor:  # x: (batch, len, d_model)
        length = x.size(1)
        if offset + length > self.pe.size(0):
            raise ValueError(f"sequence of {offset + length} positions exceeds max_len {self.pe.size(0)}")
        return self.dropout(x + self.pe[offset : offset + length])


class MultiHeadAttention(nn.Module):
    """softmax(Q K^T / sqrt(d_k)) V over n_heads heads, then the output projection W_o.

    Decoding projects Q, K and V of self-attention in one matrix product: W_q, W_k and W_v stacked
    (fused_qkv), built from the stored weights and rebuilt only when they change, so checkpoints keep
    their three separate matrices.
    """

    def __init__(self, d_model: int, n_heads: int, dropout: float):
        super().__init__()
        self.n_heads = n_heads
        self.d_k = d_model // n_heads
        self.w_q = nn.Linear(d_model, d_model)
        self.w_k = nn.Linear(d_model, d_model)
        self.w_v = nn.Linear(d_model, d_model)
        self.w_o = nn.Linear(d_model, d_model)
        self.scaled_scores = nn.Identity()  # a hook point: QK^T / sqrt(d_k) passes here when weights are asked for
        self.dropout = dropout
        self._fused: tuple[tuple, Tensor, Tensor] | None = None  # (weights' identity and versions, W_qkv, b_qkv)

    def split_heads(self, x: Tensor) -> Tensor:  # (batch, len, d_model) -> (batch, heads, len, d_k)
        batch, length, _ = x.shape
        return x.view(batch, length, self.n_heads, self.d_k).transpose(1, 2)

    def project_kv(self, source: Tensor) -> tuple[Tensor, Tensor]:
        return self.split_heads(self.w_k(source)), self.split_heads(self.w_v(source))

    def fused_qkv(self) -> tuple[Tensor, Tensor]:
        """(3 d_model, d_model) weight and (3 d_model,) bias: W_q, W_k, W_v stacked, cached until one changes."""
        parts = (self.w_q, self.w_k, self.w_v)
        stamp = tuple((p.data_ptr(), p._version) for layer in parts for p in (layer.weight, layer.bias))
        if self._fused is None or self._fused[0] != stamp:
            with torch.no_grad():
                weight = torch.cat([layer.weight for layer in parts])
                bias = torch.cat([layer.bias for layer in parts])
            self._fused = (stamp, weight, bias)
        return self._fused[1], self._fused[2]

    def project_qkv(self, x: Tensor) -> tuple[Tensor, Tensor, Tensor]:
        """Queries, keys and values of x in one matrix product, each (batch, heads, len, d_k).

        Projections that are not plain nn.Linear (torch's dynamic int8 quantization) stay three products."""
        if not isinstance(self.w_q, nn.Linear):
            return (self.split_heads(self.w_q(x)), *self.project_kv(x))
        qkv = F.linear(x, *self.fused_qkv())
        return tuple(self.split_heads(part) for part in qkv.split(self.n_heads * self.d_k, dim=-1))

    def attend(
        self, query_input: Tensor, k: Tensor, v: Tensor, mask: Tensor | None, need_weights: bool = False
    ) -> tuple[Tensor, Tensor | None]:
        return self.attention(self.split_heads(self.w_q(query_input)), k, v, mask, need_weights)

    def attention(
        self, q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None, need_weights: bool = False
    ) -> tuple[Tensor, Tensor | None]:
        """Heads of q (batch, heads, q_len, d_k) attend over k, v; the heads joined and projected by W_o."""
        dropout_p = self.dropout if self.training else 0.0
        if need_weights:
            scores = self.scaled_scores(q @ k.transpose(-2, -1) / math.sqrt(self.d_k))  # (batch, heads, q, k)
            if mask is not None:
                scores = scores.masked_fill(~mask, float("-inf"))
            weights = scores.softmax(dim=-1)
            context = F.dropout(weights, dropout_p, self.training) @ v
        else:
            weights = None
            context = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, dropout_p=dropout_p)
        batch, _, q_len, _ = context.shape
        context = context.transpose(1, 2).reshape(batch, q_len, self.n_heads * self.d_k)
        return self.w_o(context), weights

    def forward(
        self, query_input: Tensor, kv_input: Tensor, mask: Tensor | None, need_weights: bool = False
    ) -> tuple[Tensor, Tensor | None]:
        k, v = self.project_kv(kv_input)
        return self.attend(query_input, k, v, mask, need_weights)


class FeedForward(nn.Module):
    """FFN(x) = max(0, x W1 + b1) W2 + b2, applied at every position (section 3.3)."""

    def __init__(self, d_model: int, d_ff: int, dropout: float):
        super().__init__()
        self.w_1 = nn.Linear(d_model, d_ff)
        self.w_2 = nn.Linear(d_ff, d_model)
        self.dropout = Dropout(dropout)

    def forward(self, x: Tensor) -> Tensor:
        return self.w_2(self.dropout(F.relu(self.w_1(x))))


class SublayerConnection(nn.Module):
    """Residual + dropout + LayerNorm around one sublayer.

    Post-norm (the paper): LayerNorm(x + Dropout(sublayer(x))).
    Pre-norm (default):    x + Dropout(sublayer(LayerNorm(x))); the stack then ends with a LayerNorm.
    """

    def __init__(self, d_model: int, dropout: float, norm_first: bool):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)
        self.dropout = Dropout(dropout)
        self.norm_first = norm_first

    def forward(self, x: Tensor, sublayer) -> tuple[Tensor, Tensor | None]:
        """sublayer maps a tensor to (output, attention weights or None)."""
        if self.norm_first:
            out, weights = sublayer(self.norm(x))
            return x + self.dropout(out), weights
        out, weights = sublayer(x)
        return self.norm(x + self.dropout(out)), weights


def _no_weights(module: nn.Module):
    return lambda x: (module(x), None)


class EncoderLayer(nn.Module):
    def __init__(self, cfg: ModelConfig):
        super().__init__()
        self.self_attn = MultiHeadAttention(cfg.d_model, cfg.n_heads, cfg.dropout)
        self.feed_forward = FeedForward(cfg.d_model, cfg.d_ff, cfg.dropout)
        self.sublayers = nn.ModuleList(SublayerConnection(cfg.d_model, cfg.dropout, cfg.norm_first) for _ in range(2))

    def forward(self, x: Tensor, src_mask: Tensor, need_weights: bool = False) -> tuple[Tensor, Tensor | None]:
        x, weights = self.sublayers[0](x, lambda h: self.self_attn(h, h, src_mask, need_weights))
        x, _ = self.sublayers[1](x, _no_weights(self.feed_forward))
        return x, weights


@dataclass
class LayerCache:
    """One decoder layer's keys/values: self-attention grows a step at a time, cross-attention is fixed."""

    self_k: Tensor | None  # (batch, heads, tgt_len_so_far, d_k)
    self_v: Tensor | None
    cross_k: Tensor  # (batch, heads, src_len, d_k)
    cross_v: Tensor


@dataclass
class DecoderCache:
    layers: list[LayerCache]
    memory_mask: Tensor | None  # src_mask (batch, 1, 1, src_len); None when no source has padding

    @property
    def length(self) -> int:
        first = self.layers[0].self_k
        return 0 if first is None else first.size(2)

    def reorder(self, index: Tensor, same_sources: bool = False) -> DecoderCache:
        """Select / repeat batch rows (beam search keeps the cache of the surviving hypotheses). same_sources: each
        new row reads the same source sentence as the old row in its place (beams reordered within their
        sentences), so the source's cross-attention keys/values and mask stay as they are."""

        def pick(t: Tensor | None) -> Tensor | None:
            return None if t is None else t.index_select(0, index)

        def source(t: Tensor | None) -> Tensor | None:
            return t if same_sources else pick(t)

        return DecoderCache(
            [LayerCache(pick(c.self_k), pick(c.self_v), source(c.cross_k), source(c.cross_v)) for c in self.layers],
            source(self.memory_mask),
        )


class DecoderLayer(nn.Module):
    def __init__(self, cfg: ModelConfig):
        super().__init__()
        self.self_attn = MultiHeadAttention(cfg.d_model, cfg.n_heads, cfg.dropout)
        self.cross_attn = MultiHeadAttention(cfg.d_model, cfg.n_heads, cfg.dropout)
        self.feed_forward = FeedForward(cfg.d_model, cfg.d_ff, cfg.dropout)
        self.sublayers = nn.ModuleList(SublayerConnection(cfg.d_model, cfg.dropout, cfg.norm_first) for _ in range(3))

    def forward(
        self,
        x: Tensor,
        memory: Tensor | None,
        src_mask: Tensor,
        tgt_mask: Tensor | None,
        cache: LayerCache | None = None,
        need_weights: bool = False,
    ) -> tuple[Tensor, Tensor | None, Tensor | None]:
        """Full sequence when cache is None; otherwise x holds only the new position(s) and cache is updated."""

        def self_attention(h: Tensor):
            if cache is None:
                return self.self_attn(h, h, tgt_mask, need_weights)
            q, k, v = self.self_attn.project_qkv(h)
            if cache.self_k is not None:
                k, v = torch.cat([cache.self_k, k], dim=2), torch.cat([cache.self_v, v], dim=2)
            cache.self_k, cache.self_v = k, v
            return self.self_attn.attention(q, k, v, tgt_mask, need_weights)

        def cross_attention(h: Tensor):
            if cache is None:
                return self.cross_attn(h, memory, src_mask, need_weights)
            return self.cross_attn.attend(h, cache.cross_k, cache.cross_v, src_mask, need_weights)

        x, self_weights = self.sublayers[0](x, self_attention)
        x, cross_weights = self.sublayers[1](x, cross_attention)
        x, _ = self.sublayers[2](x, _no_weights(self.feed_forward))
        return x, self_weights, cross_weights


@dataclass
class AttentionMaps:
    """Per layer, each (batch, heads, q_len, k_len)."""

    encoder_self: list[Tensor] = field(default_factory=list)
    decoder_self: list[Tensor] = field(default_factory=list)
    cross: list[Tensor] = field(default_factory=list)


def causal_mask(length: int, device: torch.device | None = None) -> Tensor:
    """(1, 1, length, length), True on and below the diagonal: position i sees positions <= i."""
    return torch.ones(length, length, dtype=torch.bool, device=device).tril().view(1, 1, length, length)


def padding_mask(tokens: Tensor, pad_id: int) -> Tensor:
    """(batch, 1, 1, len): True where the key is a real token."""
    return (tokens != pad_id)[:, None, None, :]


class Transformer(nn.Module):
    def __init__(self, cfg: ModelConfig):
        super().__init__()
        cfg.validate()
        self.config = cfg
        self.src_embed = Embeddings(cfg.src_vocab_size, cfg.d_model)
        self.tgt_embed = self.src_embed if cfg.share_embeddings else Embeddings(cfg.tgt_vocab_size, cfg.d_model)
        self.positions = PositionalEncoding(cfg.d_model, cfg.max_len, cfg.dropout)
        self.encoder_layers = nn.ModuleList(EncoderLayer(cfg) for _ in range(cfg.n_encoder_layers))
        self.decoder_layers = nn.ModuleList(DecoderLayer(cfg) for _ in range(cfg.n_decoder_layers))
        # Pre-norm leaves the residual stream un-normalised, so each stack ends with a LayerNorm.
        self.encoder_norm = nn.LayerNorm(cfg.d_model) if cfg.norm_first else nn.Identity()
        self.decoder_norm = nn.LayerNorm(cfg.d_model) if cfg.norm_first else nn.Identity()
        self.projection = nn.Linear(cfg.d_model, cfg.tgt_vocab_size)
        for p in self.parameters():
            if p.dim() > 1:
                nn.init.xavier_uniform_(p)
        if cfg.tie_output:
            self.projection.weight = self.tgt_embed.lut.weight

    def encode(self, src: Tensor, src_mask: Tensor, attn: AttentionMaps | None = None) -> Tensor:
        """(batch, src_len) -> memory (batch, src_len, d_model)."""
        x = self.positions(self.src_embed(src))
        for layer in self.encoder_layers:
            x, weights = layer(x, src_mask, need_weights=attn is not None)
            if attn is not None:
                attn.encoder_self.append(weights)
        return self.encoder_norm(x)

    def decode(
        self, tgt: Tensor, memory: Tensor, src_mask: Tensor, tgt_mask: Tensor, attn: AttentionMaps | None = None
    ) -> Tensor:
        """Teacher-forced decoding of a whole target prefix: (batch, tgt_len) -> (batch, tgt_len, d_model)."""
        x = self.positions(self.tgt_embed(tgt))
        for layer in self.decoder_layers:
            x, self_w, cross_w = layer(x, memory, src_mask, tgt_mask, need_weights=attn is not None)
            if attn is not None:
                attn.decoder_self.append(self_w)
                attn.cross.append(cross_w)
        return self.decoder_norm(x)

    def forward(
        self, src: Tensor, tgt: Tensor, src_mask: Tensor, tgt_mask: Tensor, attn: AttentionMaps | None = None
    ) -> Tensor:
        """Logits (batch, tgt_len, tgt_vocab). Pass an empty AttentionMaps to have it filled."""
        memory = self.encode(src, src_mask, attn)
        return self.projection(self.decode(tgt, memory, src_mask, tgt_mask, attn))

    def init_cache(self, memory: Tensor, src_mask: Tensor) -> DecoderCache:
        """Cross-attention keys/values are computed once per source sentence; the source mask is dropped
        when it hides nothing (attention then takes its unmasked path at every step)."""
        layers = [LayerCache(None, None, *layer.cross_attn.project_kv(memory)) for layer in self.decoder_layers]
        return DecoderCache(layers, None if bool(src_mask.all()) else src_mask)

    def decode_step(self, tokens: Tensor, cache: DecoderCache, attn: AttentionMaps | None = None) -> Tensor:
        """Feed the newest token(s) (batch, n) at positions cache.length...; the last one's logits (batch, vocab)."""
        x = self.positions(self.tgt_embed(tokens), offset=cache.length)
        n = tokens.size(1)
        # New queries see every cached position and, among themselves, only earlier ones.
        step_mask = (
            None
            if n == 1
            else torch.ones(n, cache.length + n, dtype=torch.bool, device=tokens.device).tril(cache.length)
        )
        for layer, layer_cache in zip(self.decoder_layers, cache.layers):
            x, self_w, cross_w = layer(
                x, None, cache.memory_mask, step_mask, layer_cache, need_weights=attn is not None
            )
            if attn is not None:
                attn.decoder_self.append(self_w)
                attn.cross.append(cross_w)
        return self.projection(self.decoder_norm(x[:, -1]))


def count_parameters(cfg: ModelConfig) -> int:
    """The parameter count from the formula; equals sum(p.numel() for p in Transformer(cfg).parameters())."""
    d, d_ff = cfg.d_model, cfg.d_ff
    attention = 4 * (d * d + d)  # W_q, W_k, W_v, W_o with biases
    feed_forward = d * d_ff + d_ff + d_ff * d + d
    layer_norm = 2 * d  # gain and bias
    encoder_layer = attention + feed_forward + 2 * layer_norm
    decoder_layer = 2 * attention + feed_forward + 3 * layer_norm
    embeddings = cfg.src_vocab_size * d + (0 if cfg.share_embeddings else cfg.tgt_vocab_size * d)
    final_norms = 2 * layer_norm if cfg.norm_first else 0
    projection = (0 if cfg.tie_output else cfg.tgt_vocab_size * d) + cfg.tgt_vocab_size
    return (
        embeddings
        + cfg.n_encoder_layers * encoder_layer
        + cfg.n_decoder_layers * decoder_layer
        + final_norms
        + projection
    )
