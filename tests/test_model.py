"""The model's contracts: shapes, masks, the two attention paths, the KV cache, parameter counts, init."""
from __future__ import annotations

import itertools
import math

import pytest
import torch

from transformer_demo.config import ConfigError, ModelConfig
from transformer_demo.model import (
    AttentionMaps,
    DecoderCache,
    Embeddings,
    PositionalEncoding,
    Transformer,
    causal_mask,
    count_parameters,
    padding_mask,
)
from transformer_demo.tokenization import PAD_ID, SOS_ID

ATOL = 1e-5


def padded_batch(vocab: int = 50, seed: int = 1) -> tuple[torch.Tensor, torch.Tensor]:
    """Sources of lengths 7, 4 and 2 (padded to 7) and targets of length 6 starting with [SOS]."""
    generator = torch.Generator().manual_seed(seed)
    src = torch.randint(4, vocab, (3, 7), generator=generator)
    src[1, 4:] = PAD_ID
    src[2, 2:] = PAD_ID
    tgt = torch.randint(4, vocab, (3, 6), generator=generator)
    tgt[:, 0] = SOS_ID
    return src, tgt


def masks(src: torch.Tensor, tgt: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return padding_mask(src, PAD_ID), causal_mask(tgt.size(1))


@torch.no_grad()
def empty_cache(model: Transformer, src: torch.Tensor) -> DecoderCache:
    src_mask = padding_mask(src, PAD_ID)
    return model.init_cache(model.encode(src, src_mask), src_mask)


def forward(
    model: Transformer, src: torch.Tensor, tgt: torch.Tensor, attn: AttentionMaps | None = None
) -> torch.Tensor:
    with torch.no_grad():
        return model(src, tgt, *masks(src, tgt), attn)


# --- shapes ---


def test_forward_encode_and_attention_shapes(make_model):
    model = make_model(n_encoder_layers=3, n_decoder_layers=2)
    src, tgt = padded_batch()
    attn = AttentionMaps()
    logits = forward(model, src, tgt, attn)
    assert logits.shape == (3, 6, 50)
    assert model.encode(src, padding_mask(src, PAD_ID)).shape == (3, 7, 32)
    assert [w.shape for w in attn.encoder_self] == [(3, 4, 7, 7)] * 3
    assert [w.shape for w in attn.decoder_self] == [(3, 4, 6, 6)] * 2
    assert [w.shape for w in attn.cross] == [(3, 4, 6, 7)] * 2
    for weights in attn.encoder_self + attn.decoder_self + attn.cross:
        torch.testing.assert_close(weights.sum(-1), torch.ones(weights.shape[:-1]))


def test_sequence_longer_than_max_len_is_refused(make_model):
    model = make_model(max_len=8)
    src = torch.full((1, 9), 5)
    with pytest.raises(ValueError, match="exceeds max_len 8"):
        model.encode(src, padding_mask(src, PAD_ID))


# --- masks: no attention to padding, none to the future ---


def test_no_attention_weight_on_padded_source_keys(make_model):
    model = make_model()
    src, tgt = padded_batch()
    attn = AttentionMaps()
    forward(model, src, tgt, attn)
    is_pad = (src == PAD_ID)[:, None, None, :]  # (batch, 1, 1, src_len), like the weights' keys
    for weights in attn.encoder_self + attn.cross:
        on_pad = weights.masked_select(is_pad.expand_as(weights))
        assert on_pad.numel() == 4 * weights.size(2) * (3 + 5)  # heads x queries x padded keys
        assert torch.all(on_pad == 0)
        assert torch.all(weights.masked_select(~is_pad.expand_as(weights)) > 0)


@pytest.mark.parametrize("need_weights", [False, True], ids=["sdpa", "explicit"])
def test_padded_source_tokens_do_not_change_real_outputs(make_model, need_weights):
    model = make_model()
    src, tgt = padded_batch()
    other = src.clone()
    other[src == PAD_ID] = 17  # same padding mask, different token ids under it
    src_mask = padding_mask(src, PAD_ID)
    attn = lambda: AttentionMaps() if need_weights else None  # noqa: E731
    with torch.no_grad():
        memory_a = model.encode(src, src_mask, attn())
        memory_b = model.encode(other, src_mask, attn())
        logits_a = model(src, tgt, src_mask, causal_mask(6), attn())
        logits_b = model(other, tgt, src_mask, causal_mask(6), attn())
    real = src != PAD_ID
    assert not torch.allclose(memory_a[~real], memory_b[~real])  # the padded positions did change...
    torch.testing.assert_close(memory_a[real], memory_b[real], atol=ATOL, rtol=0)  # ...nothing else did
    torch.testing.assert_close(logits_a, logits_b, atol=ATOL, rtol=0)


def test_decoder_self_attention_never_looks_ahead(make_model):
    model = make_model()
    src, tgt = padded_batch()
    attn = AttentionMaps()
    forward(model, src, tgt, attn)
    future = torch.ones(6, 6, dtype=torch.bool).triu(1)
    for weights in attn.decoder_self:
        assert torch.all(weights[..., future] == 0)
        assert torch.all(weights[..., ~future] > 0)


@pytest.mark.parametrize("changed", [1, 3, 5])
def test_changing_a_later_target_token_leaves_earlier_logits(make_model, changed):
    model = make_model()
    src, tgt = padded_batch()
    other = tgt.clone()
    other[:, changed] = (tgt[:, changed] + 1 - 4) % 46 + 4
    logits_a, logits_b = forward(model, src, tgt), forward(model, src, other)
    torch.testing.assert_close(logits_a[:, :changed], logits_b[:, :changed], atol=ATOL, rtol=0)
    assert not torch.allclose(logits_a[:, changed], logits_b[:, changed], atol=1e-3)


# --- the two attention paths and the cache ---


@pytest.mark.parametrize("norm_first", [True, False], ids=["pre-norm", "post-norm"])
def test_sdpa_and_explicit_attention_agree(make_model, norm_first):
    model = make_model(norm_first=norm_first)
    src, tgt = padded_batch()
    torch.testing.assert_close(forward(model, src, tgt), forward(model, src, tgt, AttentionMaps()), atol=ATOL, rtol=0)


@pytest.mark.parametrize("norm_first", [True, False], ids=["pre-norm", "post-norm"])
def test_cached_decoding_one_token_at_a_time_equals_full_forward(make_model, norm_first):
    model = make_model(norm_first=norm_first)
    src, tgt = padded_batch()
    full = forward(model, src, tgt)
    cache = empty_cache(model, src)
    with torch.no_grad():
        for t in range(tgt.size(1)):
            step_logits = model.decode_step(tgt[:, t : t + 1], cache)
            assert cache.length == t + 1
            torch.testing.assert_close(step_logits, full[:, t], atol=ATOL, rtol=0)


@pytest.mark.parametrize("chunks", [(3, 3), (1, 4, 1), (6,)])
def test_cached_decoding_several_tokens_at_once_equals_full_forward(make_model, chunks):
    model = make_model()
    src, tgt = padded_batch()
    full = forward(model, src, tgt)
    cache, start = empty_cache(model, src), 0
    with torch.no_grad():
        for size in chunks:
            step_logits = model.decode_step(tgt[:, start : start + size], cache)
            start += size
            torch.testing.assert_close(step_logits, full[:, start - 1], atol=ATOL, rtol=0)
    assert cache.length == tgt.size(1)


def test_cached_attention_maps_match_the_full_pass(make_model):
    model = make_model()
    src, tgt = padded_batch()
    full = AttentionMaps()
    forward(model, src, tgt, full)
    cache = empty_cache(model, src)
    with torch.no_grad():
        model.decode_step(tgt[:, :4], cache)
        step = AttentionMaps()
        model.decode_step(tgt[:, 4:5], cache, step)
    for layer in range(2):
        torch.testing.assert_close(step.cross[layer][:, :, -1], full.cross[layer][:, :, 4], atol=ATOL, rtol=0)
        torch.testing.assert_close(
            step.decoder_self[layer][:, :, -1], full.decoder_self[layer][:, :, 4, :5], atol=ATOL, rtol=0
        )


def test_cache_reorder_selects_batch_rows(make_model):
    model = make_model()
    src, tgt = padded_batch()
    full = forward(model, src, tgt)
    cache = empty_cache(model, src)
    with torch.no_grad():
        model.decode_step(tgt[:, :3], cache)
        index = torch.tensor([2, 2, 0])
        logits = model.decode_step(tgt[index, 3:4], cache.reorder(index))
    torch.testing.assert_close(logits, full[index, 3], atol=ATOL, rtol=0)


# --- parameter count, configuration ---

GRID = list(itertools.product([True, False], [True, False], [True, False], [(1, 1), (2, 3)]))


@pytest.mark.parametrize("norm_first,share,tie,layers", GRID)
def test_count_parameters_matches_the_model(norm_first, share, tie, layers):
    cfg = ModelConfig(
        src_vocab_size=40,
        tgt_vocab_size=40 if share else 56,
        d_model=16,
        n_heads=2,
        d_ff=24,
        n_encoder_layers=layers[0],
        n_decoder_layers=layers[1],
        norm_first=norm_first,
        share_embeddings=share,
        tie_output=tie,
    )
    model = Transformer(cfg)
    assert count_parameters(cfg) == sum(p.numel() for p in model.parameters())


@pytest.mark.parametrize(
    "values,message",
    [
        ({"d_model": 30, "n_heads": 4}, r"d_model \(30\) must be divisible by n_heads \(4\)"),
        ({"d_model": 0}, "d_model must be a positive integer, got 0"),
        ({"d_ff": -5}, "d_ff must be a positive integer, got -5"),
        ({"src_vocab_size": 2.5}, "src_vocab_size must be a positive integer"),
        ({"n_encoder_layers": 0}, "n_encoder_layers must be an integer >= 1, got 0"),
        ({"dropout": 1.0}, r"dropout must be in \[0, 1\)"),
        ({"src_vocab_size": 100, "tgt_vocab_size": 120}, "share_embeddings needs src_vocab_size == tgt_vocab_size"),
        ({"d_modle": 64}, "unknown ModelConfig field.*d_modle"),
    ],
)
def test_invalid_model_config_is_refused_with_a_clear_message(values, message):
    with pytest.raises(ConfigError, match=message):
        ModelConfig.from_dict(values)


def test_different_vocab_sizes_are_fine_without_shared_embeddings():
    cfg = ModelConfig.from_dict(
        {
            "src_vocab_size": 100,
            "tgt_vocab_size": 120,
            "share_embeddings": False,
            "d_model": 16,
            "n_heads": 2,
            "d_ff": 32,
        }
    )
    model = Transformer(cfg)
    assert model.src_embed is not model.tgt_embed
    assert model.projection.out_features == 120


def test_model_config_round_trips_through_a_dict():
    cfg = ModelConfig(d_model=48, n_heads=6, norm_first=False)
    assert ModelConfig.from_dict(cfg.to_dict()) == cfg
    assert cfg.d_k == 8


# --- embeddings, positions, initialisation, weight tying ---


def test_embeddings_are_scaled_by_sqrt_d_model():
    embed = Embeddings(20, 16)
    tokens = torch.tensor([[3, 7, 19]])
    torch.testing.assert_close(embed(tokens), embed.lut.weight[tokens] * 4.0)


@pytest.mark.parametrize("d_model", [16, 7])
def test_positional_encoding_follows_the_formula(d_model):
    pe = PositionalEncoding(d_model, max_len=60, dropout=0.0)
    out = pe(torch.zeros(1, 60, d_model))[0]
    for pos in (0, 1, 13, 59):
        for i in range(d_model):
            angle = pos / 10000 ** ((i - i % 2) / d_model)
            expected = math.sin(angle) if i % 2 == 0 else math.cos(angle)
            assert out[pos, i].item() == pytest.approx(expected, abs=1e-5), (pos, i)
    offset = pe(torch.zeros(1, 3, d_model), offset=13)[0]
    torch.testing.assert_close(offset, out[13:16])


def test_weights_are_xavier_uniform(make_model):
    model = make_model(share_embeddings=False, tie_output=False, src_vocab_size=60, tgt_vocab_size=40)
    matrices = [(name, p) for name, p in model.named_parameters() if p.dim() > 1]
    assert len(matrices) > 10
    for name, p in matrices:
        fan_out, fan_in = p.shape
        bound = math.sqrt(6.0 / (fan_in + fan_out))
        assert p.abs().max().item() <= bound, name
        # uniform on [-bound, bound] has standard deviation bound / sqrt(3)
        assert p.std().item() == pytest.approx(bound / math.sqrt(3), rel=0.25), name


def test_tied_output_projection_shares_storage_with_the_embedding(make_model):
    model = make_model()
    assert model.projection.weight is model.tgt_embed.lut.weight
    assert model.projection.weight.data_ptr() == model.src_embed.lut.weight.data_ptr()
    with torch.no_grad():
        model.tgt_embed.lut.weight[5, 0] = 123.0
    assert model.projection.weight[5, 0].item() == 123.0


def test_untied_output_projection_has_its_own_weights(make_model):
    model = make_model(tie_output=False)
    assert model.projection.weight.data_ptr() != model.tgt_embed.lut.weight.data_ptr()
