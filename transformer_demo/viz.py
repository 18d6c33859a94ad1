"""Matplotlib figures from plain arrays: attention heatmaps, head grids, loss curves.

Knows nothing about torch. Figures are built with matplotlib.figure.Figure, not pyplot, so they are
safe to draw from several server threads and are freed like any object once shown (Gradio's Plot
also calls plt.close on what it renders).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

CMAP = "viridis"
CHOSEN_COLOR, OTHER_COLOR = "#e4572e", "#4c78a8"
# A side of a figure (of a panel in a grid) stops growing here: 127 tokens still get 6 pt labels that do not
# overlap, and drawing stays fast (at 0.3 in a token, 127 tokens drew 41 x 40 in, 8.7 s of PNG encoding).
MAX_INCHES = 14.0
LOSS_WIDTH_INCHES, LOSS_MIN_FONT_PT = 4.0, 10.0


def _font_size(n_labels: int) -> float:
    """Smaller tick labels for longer sentences, never below a readable 6 pt."""
    return max(6.0, min(10.0, 220.0 / max(n_labels, 1)))


def draw_heatmap(
    ax: Axes, weights: np.ndarray, x_labels: Sequence[str] | None, y_labels: Sequence[str] | None, title: str = ""
) -> None:
    """weights (q_len, k_len): row i = where query i looks. Labels None = no ticks (small panels)."""
    ax.imshow(
        weights, cmap=CMAP, vmin=0.0, vmax=max(float(weights.max()), 1e-6), aspect="auto", interpolation="nearest"
    )
    if x_labels is None:
        ax.set_xticks([])
    else:
        ax.set_xticks(range(len(x_labels)), x_labels, rotation=90, fontsize=_font_size(len(x_labels)))
    if y_labels is None:
        ax.set_yticks([])
    else:
        ax.set_yticks(range(len(y_labels)), y_labels, fontsize=_font_size(len(y_labels)))
    if title:
        ax.set_title(title, fontsize=10)


def _size(n_cols: int, n_rows: int, per_token: float = 0.24, minimum: float = 3.0) -> tuple[float, float]:
    width, height = max(minimum, 1.6 + per_token * n_cols), max(minimum, 1.4 + per_token * n_rows)
    return min(width, MAX_INCHES), min(height, MAX_INCHES)


def attention_figure(
    weights: np.ndarray, x_labels: Sequence[str], y_labels: Sequence[str], title: str,
    x_title: str = "", y_title: str = "",
) -> Figure:
    """One (q_len, k_len) matrix, large, with a colour bar: one head, or the alignment of all heads."""
    width, height = _size(len(x_labels), len(y_labels), per_token=0.3, minimum=4.0)
    fig = Figure(figsize=(width + 1.0, height), layout="constrained")
    ax = fig.add_subplot()
    draw_heatmap(ax, weights, x_labels, y_labels, title)
    ax.set_xlabel(x_title)
    ax.set_ylabel(y_title)
    fig.colorbar(ax.images[0], ax=ax, shrink=0.8, label="attention weight")
    return fig


def head_grid_figure(weights: np.ndarray, x_labels: Sequence[str], y_labels: Sequence[str], title: str) -> Figure:
    """weights (heads, q_len, k_len): every head of one layer side by side, tokens on both axes."""
    n_heads = weights.shape[0]
    cols = min(n_heads, 4 if max(len(x_labels), len(y_labels)) <= 12 else 2)  # long sentences: bigger panels
    rows = -(-n_heads // cols)
    panel_w, panel_h = _size(len(x_labels), len(y_labels), per_token=0.17, minimum=2.6)
    fig = Figure(figsize=(panel_w * cols, panel_h * rows + 0.4), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False)
    for head, ax in enumerate(axes.flat):
        if head >= n_heads:
            ax.set_axis_off()
            continue
        first_col = head % cols == 0
        last_row = head // cols == rows - 1 or head + cols >= n_heads
        draw_heatmap(
            ax, weights[head], x_labels if last_row else None, y_labels if first_col else None, f"head {head + 1}"
        )
    fig.suptitle(title, fontsize=11)
    return fig


def overview_figure(weights: np.ndarray, title: str) -> Figure:
    """weights (layers, heads, q_len, k_len): a thumbnail per layer x head, no tick labels."""
    n_layers, n_heads = weights.shape[:2]
    fig = Figure(figsize=(1.6 * n_heads + 0.6, 1.5 * n_layers + 0.5), layout="constrained")
    axes = fig.subplots(n_layers, n_heads, squeeze=False)
    for layer in range(n_layers):
        for head in range(n_heads):
            ax = axes[layer, head]
            draw_heatmap(ax, weights[layer, head], None, None)
            if layer == 0:
                ax.set_title(f"head {head + 1}", fontsize=9)
            if head == 0:
                ax.set_ylabel(f"layer {layer + 1}", fontsize=9)
    fig.suptitle(title, fontsize=11)
    return fig


def loss_figure(
    steps: Sequence[int], losses: Sequence[float], val_steps: Sequence[int], val_losses: Sequence[float]
) -> Figure:
    """Training loss per step (thin) with its running mean (thick), and validation loss as dots.

    Small in inches with LOSS_MIN_FONT_PT text: a phone shrinks the picture to its width, and the text
    still comes out at 10 px or more there (the browser test checks it)."""
    fig = Figure(figsize=(LOSS_WIDTH_INCHES, 2.8), layout="constrained")
    ax = fig.add_subplot()
    if steps:
        ax.plot(steps, losses, color=OTHER_COLOR, alpha=0.3, linewidth=0.8, label="training loss")
        window = max(1, min(50, len(losses) // 10))
        smooth = np.convolve(losses, np.ones(window) / window, mode="valid")
        ax.plot(steps[window - 1 :], smooth, color=OTHER_COLOR, linewidth=2, label=f"mean of {window} steps")
    if val_steps:
        ax.plot(val_steps, val_losses, "o-", color=CHOSEN_COLOR, label="validation loss")
    ax.set_title("Training loss", fontsize=LOSS_MIN_FONT_PT + 1)
    ax.set_xlabel("step", fontsize=LOSS_MIN_FONT_PT)
    ax.set_ylabel("cross-entropy", fontsize=LOSS_MIN_FONT_PT)
    ax.tick_params(labelsize=LOSS_MIN_FONT_PT)
    ax.grid(alpha=0.3)
    if steps or val_steps:
        ax.legend(fontsize=LOSS_MIN_FONT_PT)
    return fig


def learning_curve_figure(
    val_steps: Sequence[int], val_losses: Sequence[float], score_steps: Sequence[int],
    scores: dict[str, Sequence[float]], title: str,
) -> Figure:
    """A long run by training step: validation loss on the left, benchmark scores (name -> one value per
    score_steps entry) on the right."""
    fig = Figure(figsize=(9.0, 3.2), layout="constrained")
    loss_ax, score_ax = fig.subplots(1, 2)
    loss_ax.plot(val_steps, val_losses, "o-", color=CHOSEN_COLOR, markersize=3)
    loss_ax.set_ylabel("validation loss", fontsize=LOSS_MIN_FONT_PT)
    for name, values in scores.items():
        score_ax.plot(score_steps, values, "o-", markersize=4, label=name)
    score_ax.set_ylabel("score", fontsize=LOSS_MIN_FONT_PT)
    score_ax.set_ylim(0, 100)
    if scores:
        score_ax.legend(fontsize=LOSS_MIN_FONT_PT - 1, loc="upper left")
    for ax in (loss_ax, score_ax):
        ax.set_xlabel("step", fontsize=LOSS_MIN_FONT_PT)
        ax.tick_params(labelsize=LOSS_MIN_FONT_PT)
        ax.grid(alpha=0.3)
    fig.suptitle(title, fontsize=LOSS_MIN_FONT_PT + 1)
    return fig
