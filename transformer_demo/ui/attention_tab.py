"""Attention tab: every layer's and head's attention for a sentence and its translation."""
from __future__ import annotations

from dataclasses import dataclass

import gradio as gr

from .. import viz
from ..attention_view import VIEW_JS, AttentionPanel, attention_view
from ..registry import ModelInfo
from ..services import TranslationService
from ..services.translation import AttentionResult
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


@dataclass
class AttentionTab:
    text: gr.Textbox
    layer: gr.Slider
    head: gr.Number


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


def figures(result: AttentionResult, kind: str, layer: int, head: int) -> tuple[str, list]:
    """A note on the chosen layer and head, and the four figures: head grid, one head, overview, alignment."""
    weights = getattr(result, kind)  # (layers, heads, q_len, k_len)
    n_layers, n_heads = weights.shape[:2]
    layer, head = min(max(layer, 1), n_layers), min(max(head, 1), n_heads)
    x, y, x_title, y_title = axes(result, kind)
    name = KINDS[kind]
    cross_layer = min(layer, result.cross.shape[0])
    plots = [
        viz.head_grid_figure(weights[layer - 1], x, y, f"{name}, layer {layer}: all {n_heads} heads"),
        viz.attention_figure(
            weights[layer - 1, head - 1], x, y, f"{name}, layer {layer}, head {head}", x_title, y_title
        ),
        viz.overview_figure(weights, f"{name}: every layer (rows) × head (columns)"),
        viz.attention_figure(
            result.cross[cross_layer - 1].mean(axis=0),
            result.src_tokens,
            result.tgt_outputs,
            f"Alignment: cross-attention of layer {cross_layer}, mean of the heads",
            "source",
            "output",
        ),
    ]
    return f"Showing layer {layer} of {n_layers}, head {head} of {n_heads}.", plots


def build(service: TranslationService, model: gr.Dropdown) -> AttentionTab:
    intro(INTRO)
    with gr.Row():
        text = gr.Textbox(label="Sentence", value="A man is riding a bike.", scale=3, min_width=280)
        target = gr.Textbox("", label="Translation (optional: leave empty for the model's own)", scale=3, min_width=280)
        button = gr.Button("Show attention", variant="primary", scale=1)
    with gr.Row():
        kind = gr.Radio([(v, k) for k, v in KINDS.items()], value="cross", label="Kind of attention", min_width=320)
        layer = gr.Slider(1, 6, value=1, step=1, label="Layer")
        head = gr.Number(1, minimum=1, maximum=8, precision=0, step=1, label="Head to enlarge (Enter to redraw)")
    summary = gr.Markdown(HINT)
    view = gr.HTML(js_on_load=VIEW_JS, elem_id="attention-view", padding=False)
    alignment = gr.Plot(label="Source-to-output alignment", format="png", show_label=False)
    single = gr.Plot(label="One head, enlarged", format="png", show_label=False)
    grid = gr.Plot(label="All heads of the chosen layer", format="png", show_label=False)
    overview = gr.Plot(label="Overview: all layers × all heads", format="png", show_label=False)

    @costly
    @user_errors
    def attention(text: str, model: str, target: str = "", kind: str = "cross", layer: float = 1, head: float = 1):
        result = service.attention(model, text, target)
        note, plots = figures(result, kind, whole(layer, "layer"), whole(head, "head"))
        lines = [f"**Translation:** {result.translation or '(empty)'}", note]
        if result.notice:
            lines.append(f"**Note:** {result.notice}")
        return ("  \n".join(lines), interactive_view(result, kind, whole(layer, "layer")), *plots)

    inputs = [text, model, target, kind, layer, head]
    outputs = [summary, view, grid, single, overview, alignment]
    events = [
        gr.on(
            [button.click, text.submit, target.submit], attention, inputs, outputs, api_name="attention",
            api_description="Attention maps: (text, model, translation or '', kind, layer, head) -> "
            "summary, interactive HTML view, 4 plots.",
        ),
        gr.on(
            [kind.change, layer.release, head.submit, head.blur], attention, inputs, outputs, api_visibility="private"
        ),
    ]
    for event in events:  # after an error, no maps of an earlier sentence beside it
        event.failure(lambda: (HINT, *[None] * 5), None, outputs, api_visibility="private")
    return AttentionTab(text, layer, head)


def controls_for(info: ModelInfo) -> tuple[gr.Slider, gr.Number]:
    """Layer slider and head box that fit the model, starting at its last layer and first head."""
    return gr.Slider(maximum=max(info.n_layers), value=max(info.n_layers)), gr.Number(maximum=info.n_heads, value=1)
