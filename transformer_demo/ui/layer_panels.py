"""The six panels of the Layer by layer tab, each a function of the service's LayersResult and the controls.

    panel_html(result, index, View(layer, head, token, kind)) -> HTML   # index 0..5, in the seeds' order
    as_data(result) -> the /layers API's JSON

Controls are 1-based for layer and head, 0-based for the token; each is clamped to what the model has.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..inspection import AttentionCapture
from ..layer_html import bar, cell, legend, number, panel, pixels, scale_of, strips, table, token
from ..services.layers import LayersResult

KINDS = {"encoder_self": "Encoder self-attention", "decoder_self": "Decoder masked self-attention",
         "cross": "Cross-attention"}
NAMES = ("Tokens → ids → embeddings", "Positional encoding", "One attention head, opened up",
         "Residual + layer norm, and the feed-forward block", "The decoder: masked self-attention, cross-attention, "
         "projection", "Parameters per block")


@dataclass(frozen=True)
class View:
    layer: int = 1
    head: int = 1
    token: int = 0
    kind: str = "encoder_self"


def shapes(result: LayersResult) -> list[tuple[str, str]]:
    """Per panel: (shapes in the seeds' symbols, the same shapes for this sentence)."""
    c = result.config
    s, t, d = len(result.src_tokens), len(result.tgt_tokens), c.d_model
    heads, d_k = c.n_heads, c.d_model // c.n_heads
    return [
        ("(batch, seq_len) → (batch, seq_len, d_model)", f"(1, {s}) → (1, {s}, {d})"),
        ("(batch, seq_len, d_model) + (seq_len, d_model) → (batch, seq_len, d_model)",
         f"(1, {s}, {d}) + ({s}, {d}) → (1, {s}, {d})"),
        ("(batch, seq_len, d_model) → Q, K, V (batch, h, seq_len, d_k) → scores (batch, h, q_len, k_len) → "
         "(batch, seq_len, d_model)", f"(1, {s}, {d}) → (1, {heads}, {s}, {d_k}) → (1, {heads}, {s}, {s}) → "
         f"(1, {s}, {d})"),
        ("(batch, seq_len, d_model) → (batch, seq_len, d_ff) → (batch, seq_len, d_model)",
         f"(1, {s}, {d}) → (1, {s}, {c.d_ff}) → (1, {s}, {d})"),
        ("(batch, tgt_len, d_model) and memory (batch, src_len, d_model) → (batch, tgt_len, tgt_vocab)",
         f"(1, {t}, {d}) and (1, {s}, {d}) → (1, {t}, {c.tgt_vocab_size})"),
        ("every learned tensor, counted", f"{result.total_parameters:,} parameters"),
    ]


def shape_line(result: LayersResult, index: int) -> str:
    symbols, numbers = shapes(result)[index]
    return f"<code>{html.escape(symbols)}</code>; here <code>{html.escape(numbers)}</code>"


def tok(text: str) -> str:
    return f"<code>{html.escape(text)}</code>"


def clamp(value: int, count: int) -> int:
    return min(max(value, 1), count)


def embeddings(result: LayersResult, view: View) -> str:
    cap, d = result.capture, result.config.d_model
    limit = scale_of(cap.src_embedded)
    rows = [token(t) + f"<td class='lv-num'>{i}</td>" + cell(pixels(cap.src_lookup[n], limit), "lv-pair")
            + cell(pixels(cap.src_embedded[n], limit), "lv-pair")
            for n, (t, i) in enumerate(zip(result.src_tokens, cap.src_ids))]
    rms = [float(np.sqrt(np.mean(np.square(a)))) for a in (cap.src_lookup, cap.src_embedded, cap.positional)]
    text = (f"The {result.words[0]} is cut into tokens, each token is an id in the vocabulary, and each id picks a row "
            f"of d_model = {d} numbers. Embeddings(x) = lut(x) · √d_model = lut(x) · {np.sqrt(d):.4g}: the rows as "
            f"stored are small (root mean square {rms[0]:.3g}), the positional encoding added next is not "
            f"({rms[2]:.3g}); scaled, they are {rms[1]:.3g}, so the meaning of a token is not drowned by its position.")
    body = table(("token", "id", "row as stored", "× √d_model"), rows, view.token) + legend(limit)
    return panel(f"1 · {NAMES[0]}", shape_line(result, 0), text, body)


def positions(result: LayersResult, view: View) -> str:
    cap, d = result.capture, result.config.d_model
    n = len(result.src_tokens)
    pe = cap.positional[:n]
    table_pe = strips([f"{p} · {t}" for p, t in enumerate(result.src_tokens)], list(pe), 1.0,
                      header=("position · token", f"PE(position, 0 … {d - 1})", ""))
    p = min(view.token, n - 1)
    added = strips(["embedding · √d_model", f"+ PE({p})", "= encoder input"],
                   [cap.src_embedded[p], pe[p], cap.src_positioned[p]], header=("", result.src_tokens[p], ""))
    dims = [0, 1, 2, 3, d - 2, d - 1]
    formula = [f"{'sin' if i % 2 == 0 else 'cos'}({p} / 10000^({i - i % 2}/{d}))" for i in dims]
    values = table(("dimension", "formula", "value"),
                   [f"<td class='lv-num'>{i}</td><td>{f}</td>" + number(float(pe[p, i]), 4)
                    for i, f in zip(dims, formula)])
    text = ("PE(pos, 2i) = sin(pos / 10000^(2i/d_model)), PE(pos, 2i+1) = cos(pos / 10000^(2i/d_model)): fixed waves, "
            "fast in the first dimensions, slow in the last, added to the embeddings so that the same word at two "
            f"places differs. Below, positions × dimensions, then what it adds to {tok(result.src_tokens[p])}.")
    return panel(f"2 · {NAMES[1]}", shape_line(result, 1), text, table_pe + added + values)


def attention_of(result: LayersResult, view: View) -> tuple[AttentionCapture, list[str], list[str], int, int]:
    """(the attention, query tokens, key tokens, query index, layer) for the view's kind and layer."""
    cap = result.capture
    if view.kind == "encoder_self":
        layer = clamp(view.layer, len(cap.encoder))
        return cap.encoder[layer - 1].attention[0], result.src_tokens, result.src_tokens, min(
            view.token, len(result.src_tokens) - 1), layer
    layer = clamp(view.layer, len(cap.decoder))
    keys = result.tgt_tokens if view.kind == "decoder_self" else result.src_tokens
    attention = cap.decoder[layer - 1].attention[0 if view.kind == "decoder_self" else 1]
    return attention, result.tgt_tokens, keys, len(result.tgt_tokens) - 1, layer


def weight_rows(queries: list[str], weights: np.ndarray, mask: np.ndarray, chosen: int | None) -> str:
    """Every query's attention over the keys, one row each; masked keys grey."""
    rows = [token(q) + cell(pixels(weights[i], 1.0, weights=True, hidden=~mask[i], title=q))
            for i, q in enumerate(queries)]
    return (table(("query", "softmax weights over the keys"), rows, chosen)
            + "<p class='lv-legend'>Keys in the order above; dark 0, yellow 1, grey masked.</p>")


def head(result: LayersResult, view: View) -> str:
    attention, queries, keys, q, layer = attention_of(result, view)
    n_heads = attention.q.shape[0]
    h = clamp(view.head, n_heads) - 1
    d_k = attention.q.shape[-1]
    limit = scale_of(attention.k[h], attention.v[h])
    mask = attention.mask
    rows = [token(k) + "".join(cell(pixels(m[h, j], limit), "lv-half") for m in (attention.k, attention.v))
            + number(float(attention.scores[h, q, j]), 2) + ("<td>✓</td>" if mask[q, j] else "<td>−∞</td>")
            + number(float(attention.weights[h, q, j])) for j, k in enumerate(keys)]
    where = {"encoder_self": "encoder", "decoder_self": "decoder", "cross": "decoder"}[view.kind]
    masking = {"encoder_self": "the padding mask (a single sentence has no padding, so every key is allowed)",
               "decoder_self": "the causal mask: a position sees itself and the positions before it",
               "cross": "the source's padding mask (a single sentence has none)"}[view.kind]
    context = attention.context[q, h * d_k:(h + 1) * d_k]
    steps = strips([f"Q of {queries[q]}", "Σ softmax · V", f"{n_heads} heads concatenated", "· W_o"],
                   [attention.q[h, q], context, attention.context[q], attention.output[q]],
                   header=("", "values", ""))
    text = (f"{KINDS[view.kind]}, {where} layer {layer}, head {h + 1} of {n_heads}, for the query "
            f"{tok(queries[q])}. Attention(Q, K, V) = softmax(QKᵀ / √d_k) V with d_k = {d_k}: the query's Q is "
            f"compared with every key's K, the scores QKᵀ are divided by √{d_k}, {masking} sets the hidden ones to −∞, "
            "softmax makes weights that sum to 1, and the weighted sum of the V rows is this head's output; the heads "
            "are joined and multiplied by W_o.")
    body = (table(("key", "K", "V", "score", "mask", "weight"), rows)
            + f"<p>The weights sum to {float(attention.weights[h, q].sum()):.4f}.</p>" + steps
            + weight_rows(queries, attention.weights[h], mask, q))
    return panel(f"3 · {NAMES[2]}", shape_line(result, 2), text, body)


def residual(result: LayersResult, view: View) -> str:
    cap, c = result.capture, result.config
    layer = clamp(view.layer, len(cap.encoder))
    t = min(view.token, len(result.src_tokens) - 1)
    encoder = cap.encoder[layer - 1]
    attention, ff = encoder.sublayers[0], encoder.sublayers[1]

    def stats(v: np.ndarray) -> str:
        return f"{float(v.mean()):+.2f} / {float(v.std()):.2f}"

    hidden, ff_out = encoder.feed_forward.hidden[t], encoder.feed_forward.output[t]
    if c.norm_first:
        how = ("This model is <b>pre-norm</b>: x + Dropout(Sublayer(LayerNorm(x))), and each stack ends with a "
               "LayerNorm (the paper is post-norm: LayerNorm(x + Dropout(Sublayer(x)))).")
        first = [("x", attention.input[t]), ("LayerNorm(x)", attention.normed[t]),
                 ("self-attention", encoder.attention[0].output[t]), ("x + self-attention", attention.output[t])]
        second = [("x", ff.input[t]), ("LayerNorm(x)", ff.normed[t]), (f"max(0, xW₁ + b₁), {c.d_ff}", hidden),
                  ("feed-forward", ff_out), ("x + feed-forward", ff.output[t])]
    else:
        how = ("This model is <b>post-norm</b>, as in the paper: LayerNorm(x + Dropout(Sublayer(x))) "
               "(pre-norm would be x + Dropout(Sublayer(LayerNorm(x)))).")
        first = [("x", attention.input[t]), ("self-attention", encoder.attention[0].output[t]),
                 ("LayerNorm(x + self-attention)", attention.output[t])]
        second = [("x", ff.input[t]), (f"max(0, xW₁ + b₁), {c.d_ff}", hidden), ("feed-forward", ff_out),
                  ("LayerNorm(x + feed-forward)", ff.output[t])]
    zeros = int((hidden == 0).sum())
    text = (f"{how} LayerNorm(x) = γ (x − mean) / std + β over the d_model = {c.d_model} numbers of one token; "
            f"FFN(x) = max(0, xW₁ + b₁)W₂ + b₂ widens each token to d_ff = {c.d_ff} and back "
            f"({zeros} of the {c.d_ff} are 0 after the ReLU here). Encoder layer {layer}, token "
            f"{tok(result.src_tokens[t])}; the residual keeps x and adds what the sublayer found.")
    limit = scale_of(*[v for _, v in first + second])
    body = "".join(
        f"<p><b>{title}</b></p>" + strips([label for label, _ in rows], [v for _, v in rows], limit,
                                          [stats(v) for _, v in rows], ("", "values", "mean / std"), False)
        for title, rows in (("Sublayer 1: self-attention", first), ("Sublayer 2: feed-forward", second))
    ) + legend(limit)
    return panel(f"4 · {NAMES[3]}", shape_line(result, 3), text, body)


def decoder(result: LayersResult, view: View) -> str:
    cap = result.capture
    layer = clamp(view.layer, len(cap.decoder))
    self_attention, cross = cap.decoder[layer - 1].attention
    h = clamp(view.head, self_attention.q.shape[0]) - 1
    last = len(result.tgt_tokens) - 1
    top = result.top[0][1] if result.top else 1.0
    candidates = table(("next token", "probability", ""),
                       [token(t) + number(p, 4) + bar(p, top) for t, p in result.top], 0)
    cross_rows = table(("source token", "weight", ""), [token(s) + number(float(w)) + bar(float(w)) for s, w in
                                                         zip(result.src_tokens, cross.weights[h, last])])
    written = "".join(result.tgt_tokens[1:]).replace("▁", " ").strip() or "(nothing yet)"
    text = (f"Step {result.step} of {len(result.output)}: the decoder reads [SOS] and the {result.words[1]} written so "
            f"far ({html.escape(written)}). Decoder layer {layer}, head {h + 1}: masked self-attention looks only "
            "backwards (the grey triangle), cross-attention looks at the encoder's output (the memory). After the "
            f"last layer, softmax(x W_proj + b) over the {result.config.tgt_vocab_size} tokens of the vocabulary gives "
            "the next token's probabilities: the same numbers Step by step shows at this step.")
    body = ("<p><b>Masked self-attention</b></p>" + weight_rows(result.tgt_tokens, self_attention.weights[h],
                                                               self_attention.mask, last)
            + f"<p><b>Cross-attention</b> of {tok(result.tgt_tokens[last])} over the source</p>" + cross_rows
            + strips(["decoder output (last position)"], [cap.decoder_output[last]], header=("", "values", ""))
            + "<p><b>Projection → softmax → the most likely next tokens</b></p>" + candidates)
    return panel(f"5 · {NAMES[4]}", shape_line(result, 4), text, body)


def parameters(result: LayersResult, view: View) -> str:
    rows = [f"<td>{html.escape(b.name)}</td><td>{html.escape(b.formula)}</td><td class='lv-num'>{b.count:,}</td>"
            for b in result.parameters]
    total = sum(b.count for b in result.parameters)
    rows.append(f"<td><b>Total</b></td><td>the sum of the blocks</td><td class='lv-num'><b>{total:,}</b></td>")
    text = ("A linear map from a to b numbers has a·b weights and b biases; a LayerNorm has a gain and a bias per "
            f"number. The blocks sum to {total:,}, the model's own count (sum of p.numel() over its parameters: "
            f"{result.total_parameters:,}), which <code>python -m transformer_demo params</code> prints too.")
    return panel(f"6 · {NAMES[5]}", shape_line(result, 5), text, table(("block", "formula", "count"), rows))


PANELS: tuple[Callable[[LayersResult, View], str], ...] = (embeddings, positions, head, residual, decoder, parameters)


def panel_html(result: LayersResult, index: int, view: View) -> str:
    return PANELS[index](result, view)


def as_data(result: LayersResult) -> dict:
    """What /layers returns: the panels' names and shapes, the parameters per block, the next token's candidates."""
    return {
        "step": result.step,
        "n_steps": len(result.output),
        "source_tokens": result.src_tokens,
        "output_tokens": result.output,
        "blocks": [{"name": name, "shape": symbols, "here": numbers}
                   for name, (symbols, numbers) in zip(NAMES, shapes(result))],
        "parameters": {"total": result.total_parameters,
                       "blocks": [{"name": b.name, "count": b.count, "formula": b.formula} for b in result.parameters]},
        "output": {"top": [{"token": t, "prob": p} for t, p in result.top]},
    }
