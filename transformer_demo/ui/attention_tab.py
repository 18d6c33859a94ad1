"""Attention tab: every layer's and head's attention for a sentence and its translation."""
from __future__ import annotations

import base64
import html
from dataclasses import dataclass
from io import BytesIO

import gradio as gr
from matplotlib.figure import Figure

from .. import viz
from ..attention_view import VIEW_JS, AttentionPanel, attention_view
from ..registry import ModelInfo
from ..services import TranslationService
from ..services.translation import AttentionResult
from ..tasks import Words, get_task
from .common import intro, user_errors, whole
from .guard import costly

INTRO = """Attention is how each position gathers information from the others. In a heatmap each **row** is one
token asking "which tokens matter to me?"; the brightness of its row shows the answer (each row sums to 1). The
**encoder** attends over the source sentence, the **decoder** over what it has written so far (never ahead), and
**cross-attention** links each output token to the source words; averaged over the heads it often looks like a word
alignment. Each layer has several heads that learn to look for different things. Decoder rows are labelled with the
token that position writes; `▁` marks the start of a word."""

HINT = "*Press **Show attention** (or Enter in a text box): the heatmaps of every layer and head appear below.*"
KINDS = {"cross": "Cross-attention", "encoder_self": "Encoder self-attention", "decoder_self": "Decoder self-attention"}
# The figures as images at their natural size on a phone (scrolling sideways), so chart text stays 10 px or more.
FIGURES_CSS = """.attn-figures figure { margin: 0 0 18px; }
.attn-figures .attn-scroll { overflow-x: auto; }
.attn-figures img { max-width: 100%; height: auto; display: block; }
.attn-figures figcaption { font-size: 0.9em; opacity: 0.8; margin-top: 4px; }
@media (max-width: 640px) { .attn-figures img { max-width: none; } }"""


@dataclass
class AttentionTab:
    text: gr.Textbox
    target: gr.Textbox
    layer: gr.Slider
    head: gr.Number


def labels_for(words: Words, value: str | None = None) -> tuple[gr.Textbox, gr.Textbox]:
    """The two text boxes in the words of the model's task (and a fitting example in the first)."""
    box = {"label": words.source.capitalize()} | ({} if value is None else {"value": value})
    target = f"{words.written.capitalize()} (optional: leave empty for the model's own)"
    return gr.Textbox(**box), gr.Textbox(label=target)


def axes(result: AttentionResult, kind: str) -> tuple[list[str], list[str], str, str]:
    """(key labels, query labels, x title, y title) for one kind of attention."""
    if kind == "encoder_self":
        return result.src_tokens, result.src_tokens, "attends to (source)", "source token"
    if kind == "decoder_self":
        return result.tgt_inputs, result.tgt_outputs, "attends to (output so far)", "position writing"
    return result.src_tokens, result.tgt_outputs, "attends to (source)", "position writing"


def interactive_view(result: AttentionResult, kind: str, layer: int) -> str:
    """The interactive view of all three kinds, opening on the chosen kind and layer."""
    maps = []
    for key, title in KINDS.items():
        keys, queries, key_title, query_title = axes(result, key)
        maps.append(AttentionPanel(key, title, getattr(result, key), queries, keys, query_title, key_title))
    return attention_view(maps, kind, layer)


def figure_html(fig: Figure, caption: str, alt: str) -> str:
    """One figure as a PNG <img> with its alt text and caption."""
    with BytesIO() as png:
        fig.savefig(png, format="png")
        data = base64.b64encode(png.getvalue()).decode()
    width = round(fig.get_size_inches()[0] * fig.dpi)
    return (f'<figure><div class="attn-scroll"><img src="data:image/png;base64,{data}" width="{width}" '
            f'alt="{html.escape(alt)}"></div><figcaption>{html.escape(caption)}</figcaption></figure>')


def tokens(labels: list[str], limit: int = 12) -> str:
    """Tokens for alt text: the first `limit` of them."""
    return ", ".join(labels[:limit]) + (f" and {len(labels) - limit} more" if len(labels) > limit else "")


def figures(result: AttentionResult, kind: str, layer: int, head: int) -> tuple[str, str]:
    """A note on the chosen layer and head, and the four figures as HTML: alignment, one head, the layer's heads,
    the overview."""
    weights = getattr(result, kind)  # (layers, heads, q_len, k_len)
    n_layers, n_heads = weights.shape[:2]
    layer, head = min(max(layer, 1), n_layers), min(max(head, 1), n_heads)
    x, y, x_title, y_title = axes(result, kind)
    name = KINDS[kind]
    cross_layer = min(layer, result.cross.shape[0])
    reading = f"rows are the {y_title}s ({tokens(y)}), columns what they {x_title} ({tokens(x)}); brighter is more"
    parts = [
        figure_html(
            viz.attention_figure(result.cross[cross_layer - 1].mean(axis=0), result.src_tokens, result.tgt_outputs,
                                 f"Alignment: cross-attention of layer {cross_layer}, mean of the heads", "source",
                                 "output"),
            "Source-to-output alignment",
            f"Heatmap of the alignment (cross-attention of layer {cross_layer}, mean of the heads): rows are the "
            f"output tokens ({tokens(result.tgt_outputs)}), columns the source tokens ({tokens(result.src_tokens)}).",
        ),
        figure_html(
            viz.attention_figure(weights[layer - 1, head - 1], x, y, f"{name}, layer {layer}, head {head}",
                                 x_title, y_title),
            "One head, enlarged", f"Heatmap of {name.lower()}, layer {layer}, head {head}: {reading}.",
        ),
        figure_html(
            viz.head_grid_figure(weights[layer - 1], x, y, f"{name}, layer {layer}: all {n_heads} heads"),
            f"All {n_heads} heads of layer {layer}",
            f"{n_heads} heatmaps of {name.lower()} in layer {layer}, one per head: {reading}.",
        ),
        figure_html(
            viz.overview_figure(weights, f"{name}: every layer (rows) × head (columns)"),
            "Overview: all layers × all heads",
            f"A grid of {n_layers} × {n_heads} small heatmaps of {name.lower()}, one per layer (rows) and head "
            "(columns), without token labels.",
        ),
    ]
    html_figures = f'<div class="attn-figures"><style>{FIGURES_CSS}</style>{"".join(parts)}</div>'
    return f"Showing layer {layer} of {n_layers}, head {head} of {n_heads}.", html_figures


def build(service: TranslationService, model: gr.Dropdown) -> AttentionTab:
    intro(INTRO)
    with gr.Row():
        text = gr.Textbox(label="Sentence", value="A man is riding a bike.", scale=3, min_width=280)
        target = gr.Textbox("", label="Translation (optional: leave empty for the model's own)", scale=3,
                            min_width=280)
        button = gr.Button("Show attention", variant="primary", scale=1)
    with gr.Row():
        kind = gr.Radio([(v, k) for k, v in KINDS.items()], value="cross", label="Kind of attention", min_width=320)
        layer = gr.Slider(1, 6, value=1, step=1, label="Layer")
        head = gr.Number(1, minimum=1, maximum=8, precision=0, step=1, label="Head to enlarge (Enter to redraw)")
    summary = gr.Markdown(HINT)
    view = gr.HTML(js_on_load=VIEW_JS, elem_id="attention-view", padding=False)
    plots = gr.HTML(elem_id="attention-figures", padding=False)  # empty until asked: no empty plot frames

    @costly
    @user_errors
    def attention(text: str, model: str, target: str = "", kind: str = "cross", layer: float = 1, head: float = 1):
        result = service.attention(model, text, target)
        note, drawn = figures(result, kind, whole(layer, "layer"), whole(head, "head"))
        written = get_task(service.catalog.model_info(model).task).words.written.capitalize()
        lines = [f"**{written}:** {result.translation or '(empty)'}", note]
        if result.notice:
            lines.append(f"**Note:** {result.notice}")
        return "  \n".join(lines), interactive_view(result, kind, whole(layer, "layer")), drawn

    inputs = [text, model, target, kind, layer, head]
    outputs = [summary, view, plots]
    events = [
        gr.on(
            [button.click, text.submit, target.submit], attention, inputs, outputs, api_name="attention",
            api_description="Attention maps: (text, model, translation or '', kind, layer, head) -> "
            "summary, interactive HTML view, the four figures as HTML.",
        ),
        gr.on(
            [kind.change, layer.release, head.submit, head.blur], attention, inputs, outputs, api_visibility="private"
        ),
    ]
    for event in events:  # after an error, no maps of an earlier sentence beside it
        event.failure(lambda: (HINT, "", ""), None, outputs, api_visibility="private")
    return AttentionTab(text, target, layer, head)


def controls_for(info: ModelInfo) -> tuple[gr.Slider, gr.Number]:
    """Layer slider and head box that fit the model, starting at its last layer and first head."""
    return gr.Slider(maximum=max(info.n_layers), value=max(info.n_layers)), gr.Number(maximum=info.n_heads, value=1)
