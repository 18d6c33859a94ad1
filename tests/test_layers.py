"""Layer by layer: the captured tensors are the model's own, the parameter counts add up, the panels and /layers
say the same as the decoding."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
import torch
from conftest import small_config
from gradio_client import Client
from hostile_input import EMPTY, HOSTILE

from transformer_demo import layer_html
from transformer_demo.cli import main as cli_main
from transformer_demo.decoding import eval_mode, trace
from transformer_demo.errors import ModelNotFoundError, ServiceError
from transformer_demo.inspection import capture
from transformer_demo.model import Transformer, causal_mask, count_parameters, padding_mask
from transformer_demo.parameters import parameter_blocks
from transformer_demo.services.service import Service
from transformer_demo.tokenization import PAD_ID, SOS_ID
from transformer_demo.ui import layer_panels

TEXT = "A man is riding a bike."
SRC, TGT = [5, 9, 14, 3], [7, 11]  # a source ending with [EOS] (3) and a target prefix


def all_attention(captured):
    return [a for layer in captured.encoder + captured.decoder for a in layer.attention]


def test_attention_rows_sum_to_one_and_masked_positions_get_zero(make_model):
    model = make_model()
    captured = capture(model, SRC + [PAD_ID, PAD_ID], TGT)  # padding: the encoder's mask hides two keys
    for attention in all_attention(captured):
        assert np.allclose(attention.weights.sum(-1), 1.0, atol=1e-5)
        assert (attention.weights[:, ~attention.mask] == 0).all()
        assert attention.mask.any(-1).all()  # every query sees something
    encoder_mask = captured.encoder[0].attention[0].mask
    assert (encoder_mask == np.array([True] * 4 + [False] * 2)).all()
    self_mask = captured.decoder[0].attention[0].mask
    assert (self_mask == np.tril(np.ones((3, 3), dtype=bool))).all()  # [SOS] + 2 tokens, the causal triangle
    cross = captured.decoder[1].attention[1]
    assert cross.weights.shape == (4, 3, 6) and (cross.weights[..., 4:] == 0).all()


def test_the_scores_are_the_weights_before_the_softmax(make_model):
    captured = capture(make_model(), SRC, TGT)
    for attention in all_attention(captured):
        scores = torch.from_numpy(attention.scores).masked_fill(~torch.from_numpy(attention.mask), float("-inf"))
        assert np.allclose(scores.softmax(-1).numpy(), attention.weights, atol=1e-6)
        d_k = attention.q.shape[-1]
        assert np.allclose(attention.q @ attention.k.transpose(0, 2, 1) / math.sqrt(d_k), attention.scores, atol=1e-5)


def test_the_positional_encoding_is_the_papers_formula(make_model):
    captured = capture(make_model(), SRC, TGT)
    pe, d_model = captured.positional, 32
    for pos in range(pe.shape[0]):
        for i in range(d_model // 2):
            angle = pos / 10000 ** (2 * i / d_model)
            assert pe[pos, 2 * i] == pytest.approx(math.sin(angle), abs=1e-5)
            assert pe[pos, 2 * i + 1] == pytest.approx(math.cos(angle), abs=1e-5)
    assert np.allclose(captured.src_positioned, captured.src_embedded + pe[: len(SRC)], atol=1e-6)
    assert np.allclose(captured.src_embedded, captured.src_lookup * math.sqrt(d_model), atol=1e-5)


def test_captured_tensors_equal_the_models_own_captured_by_a_hook(make_model):
    model = make_model(norm_first=False, share_embeddings=False, tie_output=False)
    seen: dict[str, torch.Tensor] = {}
    modules = {"feed_forward": model.encoder_layers[1].feed_forward,
               "cross_w_v": model.decoder_layers[0].cross_attn.w_v,
               "norm": model.decoder_layers[1].sublayers[2].norm, "projection": model.projection}
    handles = [m.register_forward_hook(lambda _m, _a, out, name=name: seen.__setitem__(name, out.detach()))
               for name, m in modules.items()]
    src, tgt = torch.tensor([SRC]), torch.tensor([[SOS_ID] + TGT])
    with torch.no_grad(), eval_mode(model):  # the pass training and full-prefix decoding run (no attention weights)
        model(src, tgt, padding_mask(src, PAD_ID), causal_mask(tgt.size(1)))
    for handle in handles:
        handle.remove()
    captured = capture(model, SRC, TGT)
    heads, d_k = 4, 8
    assert np.allclose(captured.encoder[1].feed_forward.output, seen["feed_forward"][0].numpy(), atol=1e-5)
    v = seen["cross_w_v"][0].view(-1, heads, d_k).transpose(0, 1).numpy()
    assert np.allclose(captured.decoder[0].attention[1].v, v, atol=1e-5)
    assert np.allclose(captured.decoder[1].sublayers[2].normed, seen["norm"][0].numpy(), atol=1e-5)
    assert np.allclose(captured.logits, seen["projection"][0, -1].numpy(), atol=1e-4)
    assert all(not m._forward_hooks for m in model.modules())  # capture leaves no hook behind


@pytest.mark.parametrize("overrides", [
    {}, {"share_embeddings": False, "tie_output": False, "norm_first": False},
    {"tgt_vocab_size": 70, "share_embeddings": False, "n_encoder_layers": 3, "n_decoder_layers": 1},
])
def test_block_parameter_counts_sum_to_the_models(overrides):
    cfg = small_config(**overrides)
    model = Transformer(cfg)
    blocks = {b.name: b.count for b in parameter_blocks(cfg)}
    actual = sum(p.numel() for p in model.parameters())
    assert sum(blocks.values()) == count_parameters(cfg) == actual

    def owned(*prefixes: str) -> int:
        return sum(p.numel() for name, p in model.named_parameters() if name.startswith(prefixes))

    encoder, decoder = "encoder_layers.", "decoder_layers."
    per_layer = {
        "Encoder self-attention": (encoder, "self_attn."), "Encoder feed-forward": (encoder, "feed_forward."),
        "Decoder masked self-attention": (decoder, "self_attn."), "Decoder cross-attention": (decoder, "cross_attn."),
        "Decoder feed-forward": (decoder, "feed_forward."),
    }
    for name, (stack, part) in per_layer.items():
        n = cfg.n_encoder_layers if stack == encoder else cfg.n_decoder_layers
        assert blocks[name] == owned(*[f"{stack}{i}.{part}" for i in range(n)]), name
    assert blocks["Source embeddings"] + blocks["Target embeddings"] == owned("src_embed.", "tgt_embed.")
    assert blocks["Final layer norms"] == owned("encoder_norm.", "decoder_norm.")


def test_the_params_command_prints_the_same_total(tmp_path, capsys):
    cfg = small_config(share_embeddings=False)
    path = tmp_path / "config.json"
    path.write_text(json.dumps({"model": cfg.to_dict(), "train": {}}))
    assert cli_main(["params", "--config", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["actual"] == sum(b.count for b in parameter_blocks(cfg))


def test_panel_probabilities_equal_the_decodings_for_the_same_prefix(service: Service):
    _, engine = service.registry.entry("tiny-en-de")
    steps = trace(engine.model, engine.vocab, TEXT, top_k=10).steps
    for step in (1, 2, len(steps)):
        result = service.layers("tiny-en-de", TEXT, step)
        expected = steps[step - 1].candidates
        assert [t for t, _ in result.top] == [t for t, _, _ in expected]
        assert np.allclose([p for _, p in result.top], [p for _, _, p in expected], atol=1e-6)
        assert result.tgt_tokens == ["[SOS]"] + steps[step - 1].prefix
    assert service.layers("tiny-en-de", TEXT, 10_000).step == len(steps)  # past the end: the last step


@pytest.mark.parametrize("model", ["tiny-en-de", "tiny-copy", "tiny-math"])
def test_every_panel_draws_for_every_model_and_control(service: Service, model: str):
    text = "What is 12 times 7?" if model == "tiny-math" else "red cat blue dog"
    result = service.layers(model, text, 2)
    for kind in layer_panels.KINDS:
        for view in (layer_panels.View(1, 1, 0, kind), layer_panels.View(99, 99, 99, kind)):  # out of range: clamped
            panels = [layer_panels.panel_html(result, n, view) for n in range(6)]
            assert all(f"{n + 1} · {name}" in p for n, (name, p) in enumerate(zip(layer_panels.NAMES, panels)))
    assert "(batch, seq_len, d_model)" in panels[0]
    if model == "tiny-math":
        assert result.words == ("question", "program") and "The question is cut into tokens" in panels[0]


def test_hostile_and_empty_inputs_get_clear_errors(service: Service):
    cases = [("  \n ", 1, "input is empty"), (TEXT, 0, "step must be 1 or more"),
             ("x\ud800y", 1, "lone surrogate"), ("a" * 20_001, 1, "too long")]
    for text, step, message in cases:
        with pytest.raises(ServiceError, match=message):
            service.layers("tiny-en-de", text, step)
    with pytest.raises(ModelNotFoundError):
        service.layers("../../etc", TEXT)
    with pytest.raises(ServiceError, match="top-k"):
        service.layers("tiny-en-de", TEXT, 1, top_k=0)


@pytest.mark.parametrize("text", [*HOSTILE.values(), " ".join(HOSTILE.values())[:10_000]],
                         ids=[*HOSTILE.keys(), "everything"])
def test_hostile_text_is_read_escaped_and_bounded(service: Service, text: str):
    result = service.layers("tiny-en-de", text, 3)
    assert len(result.src_tokens) <= 24 and result.capture.src_embedded.shape[0] == len(result.src_tokens)
    view = layer_panels.View(1, 1, 2, "cross")
    html = "".join(layer_panels.panel_html(result, n, view) for n in range(6))
    assert "<script" not in html and html.count("<img ") == html.count("<img class='lv-px'")  # tokens escaped


def test_tokens_and_labels_are_escaped():
    bad = "<img src=x onerror=alert(1)>"
    html = layer_html.table([bad], [layer_html.token(bad)]) + layer_html.strips([bad], [np.ones(4)])
    assert "<img src=x" not in html
    assert html.count("&lt;img src=x onerror=alert(1)&gt;") == 5  # header, cell, label, and the strip's alt and title
    assert "' onload" not in layer_html.pixels(np.zeros((2, 3)), title="a' onload='x")  # a quote cannot end alt=


@pytest.mark.parametrize("text", EMPTY.values(), ids=EMPTY.keys())
def test_empty_text_is_a_clear_message(service: Service, text: str):
    with pytest.raises(ServiceError, match="input is empty"):
        service.layers("tiny-math", text)


def test_layers_api_round_trip_agrees_with_step_by_step(client: Client):
    data = client.predict(TEXT, "tiny-en-de", 2, api_name="/layers")
    assert [b["name"] for b in data["blocks"]] == list(layer_panels.NAMES)
    assert all(b["shape"].startswith("(") or b["name"].startswith("Parameters") for b in data["blocks"])
    parameters = data["parameters"]
    assert parameters["total"] == sum(b["count"] for b in parameters["blocks"])
    assert all({"name", "count", "formula"} <= set(b) for b in parameters["blocks"])
    *_, step = client.predict(TEXT, "tiny-en-de", "", 1, 10, 1.0, api_name="/decode_step")
    assert [c["token"] for c in step["candidates"]] == [t["token"] for t in data["output"]["top"]]
    assert np.allclose([c["prob"] for c in step["candidates"]], [t["prob"] for t in data["output"]["top"]])
    with pytest.raises(Exception, match="input is empty"):
        client.predict("   ", "tiny-en-de", 1, api_name="/layers")
    with pytest.raises(Exception, match="less than minimum value 1"):
        client.predict(TEXT, "tiny-en-de", 0, api_name="/layers")
    assert client.predict(TEXT, "tiny-en-de", 23, api_name="/layers")["step"] == data["n_steps"]  # the last step
