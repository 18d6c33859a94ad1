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
        bar = f"display:block;height:100%;width:{100 * p:.1f}%;background:{color};border-radius:3px"
        rows.append(
            f'<span style="{weight}white-space:nowrap;font-family:monospace">{escape(token)}</span>'
            f'<span style="background:#8881;border-radius:3px;height:1.1em"><span style="{bar}"></span></span>'
            f'<span style="{weight}text-align:right">{p:.1%}</span>'
        )
    grid = "display:grid;grid-template-columns:max-content 1fr max-content;gap:4px 8px;align-items:center"
    note = f"Red: the token taken at this step. {WORD_START}"
    return (
        f'<div class="step-bars" style="font-size:14px"><p style="margin:0 0 6px"><b>{escape(title)}</b></p>'
        f'<div style="{grid}">{"".join(rows)}</div>'
        f'<p style="margin:6px 0 0;font-size:13px;opacity:0.75">{note}</p></div>'
    )


def heat_cell(weight: float, tallest: float) -> str:
    """A table cell as dark as weight / tallest, with the weight written in it."""
    share = weight / tallest
    style = f"padding:2px 6px;text-align:center;background:rgba({HEAT_RGB},{share:.2f})"
    return f'<td style="{style};color:{"white" if share > 0.55 else "inherit"}">{weight:.2f}</td>'


def source_attention(weights: Sequence[Sequence[float]], src_tokens: Sequence[str], title: str) -> str:
    """weights (layers, src_len), head-averaged: a table with a row per source token and a column per decoder
    layer, each cell as dark as its weight (the darkest cell of a column is where that layer looked most)."""
    cell = "padding:2px 6px;font-weight:600"
    header = "".join(f'<th style="{cell}">layer {layer + 1}</th>' for layer in range(len(weights)))
    tallest = [max(max(column), 1e-9) for column in weights]
    token_style = "padding:2px 6px;text-align:left;font-family:monospace;font-weight:400"
    rows = [
        f'<tr><th style="{token_style}">{escape(token)}</th>'
        + "".join(heat_cell(column[j], top) for column, top in zip(weights, tallest))
        + "</tr>"
        for j, token in enumerate(src_tokens)
    ]
    note = "Cross-attention averaged over the heads; each layer's column sums to 1."
    return (
        f'<div class="step-heat" style="font-size:13px;overflow-x:auto">'
        f'<p style="margin:0 0 6px;font-size:14px"><b>{escape(title)}</b></p>'
        f'<table style="border-collapse:collapse;margin:0">'
        f'<tr><th style="{cell};text-align:left">source</th>{header}</tr>{"".join(rows)}</table>'
        f'<p style="margin:6px 0 0;opacity:0.75">{note}</p></div>'
    )
