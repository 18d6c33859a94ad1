"""HTML views of one decoding step: the next-token probabilities and where the step looked in the source.

Plain HTML with inline styles, so the text stays at the page's size and the views reflow from a phone to a desktop
(a picture of a chart would shrink its text with the screen). Pure functions of lists of numbers and tokens.
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..viz import CHOSEN_COLOR, OTHER_COLOR

HEAT_RGB = "76, 120, 168"  # OTHER_COLOR as an rgb triple: a cell's opacity is its weight
WORD_START = "▁ starts a new word; a token without it continues the word before."


def hint(text: str) -> str:
    """What an empty view shows: what to press to fill it."""
    return f'<p style="opacity:0.7;font-style:italic;margin:0.5em 0">{escape(text)}</p>'


def probability_bars(tokens: Sequence[str], probs: Sequence[float], chosen: int | None, title: str) -> str:
    """One row per candidate, most likely first: token, a bar as long as its probability, the percentage."""
    rows = []
    for i, (token, p) in enumerate(zip(tokens, probs)):
        color = CHOSEN_COLOR if i == chosen else OTHER_COLOR
        weight = "font-weight:600;" if i == chosen else ""
        rows.append(
            f'<span style="{weight}white-space:nowrap;font-family:monospace">{escape(token)}</span>'
            f'<span style="background:#8881;border-radius:3px;height:1.1em">'
            f'<span style="display:block;height:100%;width:{100 * p:.1f}%;background:{color};border-radius:3px"></span></span>'
            f'<span style="{weight}text-align:right">{p:.1%}</span>'
        )
    grid = "display:grid;grid-template-columns:max-content 1fr max-content;gap:4px 8px;align-items:center"
    return (f'<div class="step-bars" style="font-size:14px"><p style="margin:0 0 6px"><b>{escape(title)}</b></p>'
            f'<div style="{grid}">{"".join(rows)}</div>'
            f'<p style="margin:6px 0 0;font-size:13px;opacity:0.75">Red: the token taken at this step. {WORD_START}</p></div>')


def source_attention(weights: Sequence[Sequence[float]], src_tokens: Sequence[str], title: str) -> str:
    """weights (layers, src_len), head-averaged: a table with a row per source token and a column per decoder
    layer, each cell as dark as its weight (the darkest cell of a column is where that layer looked most)."""
    n_layers = len(weights)
    header = "".join(f'<th style="padding:2px 6px;font-weight:600">layer {layer + 1}</th>' for layer in range(n_layers))
    tallest = [max(max(column), 1e-9) for column in weights]
    rows = []
    for j, token in enumerate(src_tokens):
        cells = "".join(
            f'<td style="padding:2px 6px;text-align:center;background:rgba({HEAT_RGB},{weights[layer][j] / tallest[layer]:.2f});'
            f'color:{"white" if weights[layer][j] / tallest[layer] > 0.55 else "inherit"}">{weights[layer][j]:.2f}</td>'
            for layer in range(n_layers)
        )
        rows.append(f'<tr><th style="padding:2px 6px;text-align:left;font-family:monospace;font-weight:400">{escape(token)}</th>{cells}</tr>')
    return (f'<div class="step-heat" style="font-size:13px;overflow-x:auto"><p style="margin:0 0 6px;font-size:14px">'
            f'<b>{escape(title)}</b></p><table style="border-collapse:collapse;margin:0">'
            f'<tr><th style="text-align:left;padding:2px 6px;font-weight:600">source</th>{header}</tr>{"".join(rows)}</table>'
            f'<p style="margin:6px 0 0;opacity:0.75">Cross-attention averaged over the heads; each layer\'s column sums to 1.</p></div>')
