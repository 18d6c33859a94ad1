"""The parameters of each block of the Transformer, with the formula that counts them (as seed 001 does).

    parameter_blocks(cfg) -> [ParameterBlock(name, count, formula), ...]  # sums to model.count_parameters(cfg)

A linear map from a to b features has a·b weights and b biases; a LayerNorm has a gain and a bias per feature.
"""
from __future__ import annotations

from dataclasses import dataclass

from .config import ModelConfig


@dataclass(frozen=True)
class ParameterBlock:
    name: str
    count: int
    formula: str  # in symbols, then with this model's numbers


def _per_layer(n: int, symbols: str, numbers: str) -> str:
    return f"{n} layer{'s' * (n != 1)} × {symbols} = {n} × {numbers}"


def parameter_blocks(cfg: ModelConfig) -> list[ParameterBlock]:
    """Every block in the order the seeds build them; the counts sum to the model's parameter count."""
    d, d_ff, vocab, n_enc, n_dec = cfg.d_model, cfg.d_ff, cfg.tgt_vocab_size, cfg.n_encoder_layers, cfg.n_decoder_layers
    src_vocab = cfg.src_vocab_size
    attention = ("4(d_model² + d_model)", f"4({d}² + {d})", 4 * (d * d + d))
    feed_forward = (
        "(d_model·d_ff + d_ff + d_ff·d_model + d_model)", f"({d}·{d_ff} + {d_ff} + {d_ff}·{d} + {d})",
        d * d_ff + d_ff + d_ff * d + d,
    )

    def layers(name: str, n: int, symbols: str, numbers: str, count: int) -> ParameterBlock:
        return ParameterBlock(name, n * count, _per_layer(n, symbols, numbers))

    target = (
        ParameterBlock("Target embeddings", 0, "0: shared with the source embeddings")
        if cfg.share_embeddings
        else ParameterBlock("Target embeddings", vocab * d, f"tgt_vocab × d_model = {vocab} × {d}")
    )
    final_norms = (
        ParameterBlock("Final layer norms", 2 * 2 * d, f"2 norms × 2·d_model = 2 × 2·{d} (pre-norm: one per stack)")
        if cfg.norm_first
        else ParameterBlock("Final layer norms", 0, "0: a post-norm stack has none")
    )
    projection = (
        ParameterBlock("Projection", vocab, f"tgt_vocab biases = {vocab} (its weights are the target embeddings)")
        if cfg.tie_output
        else ParameterBlock("Projection", d * vocab + vocab, f"(d_model + 1) × tgt_vocab = ({d} + 1) × {vocab}")
    )
    return [
        ParameterBlock("Source embeddings", src_vocab * d, f"src_vocab × d_model = {src_vocab} × {d}"),
        target,
        ParameterBlock("Positional encoding", 0, "0: fixed sinusoids, computed, not learned"),
        layers("Encoder self-attention", n_enc, *attention),
        layers("Encoder feed-forward", n_enc, *feed_forward),
        layers("Encoder layer norms", n_enc, "2 norms × 2·d_model", f"2 × 2·{d}", 2 * 2 * d),
        layers("Decoder masked self-attention", n_dec, *attention),
        layers("Decoder cross-attention", n_dec, *attention),
        layers("Decoder feed-forward", n_dec, *feed_forward),
        layers("Decoder layer norms", n_dec, "3 norms × 2·d_model", f"3 × 2·{d}", 3 * 2 * d),
        final_norms,
        projection,
    ]
