"""Layer by layer tab: the sentence followed through every block of the model, with the model's own numbers.

Show (or a new decoding step) runs the model once and keeps the result in the page's state; choosing a layer,
a head, a token or the kind of attention then redraws only the panels that depend on it, without the model.
"""
from __future__ import annotations

import gradio as gr

from ..errors import UserError
from ..services import Catalog, TranslationService
from ..services.layers import LayersResult
from ..tasks import get_task
from . import layer_panels
from .common import intro, readable, user_errors, whole
from .guard import costly

INTRO = """Follow the input through **every block of the Transformer**, in the order the tutorials build it: tokens
and embeddings, the positional encoding, one attention head opened up, the residual connection with its layer norm
and the feed-forward block, the decoder writing the next token, and the parameters of each block. Every number is
the model's own, recorded from the forward pass it decodes with. Choose a layer, a head and a token to redraw the
panels that show them."""
HINT = "*Press **Show the layers** (or Enter in the text box): six panels appear below, one per block.*"
EXAMPLE = "A man is riding a bike."
EVERY = range(len(layer_panels.PANELS))
DEPENDS = {"layer": (2, 3, 4), "head": (2, 4), "token": (0, 1, 2, 3), "kind": (2,)}  # panels each control redraws


def headers() -> list[str]:
    """What each panel shows before the first Show: its number and name."""
    return [f"<p><b>{n + 1} · {name}</b></p>" for n, name in enumerate(layer_panels.NAMES)]


def view_of(layer: float, head: float, token: int | None, kind: str | None) -> layer_panels.View:
    return layer_panels.View(whole(layer, "layer"), whole(head, "head"), int(token or 0), kind or "encoder_self")


def summary(result: LayersResult) -> str:
    written = readable([t for t in result.output if t != "[EOS]"])
    lines = [f"**The model's {result.words[1]}:** {written or '(empty)'}  ",
             f"Step {result.step} of {result.n_steps}: the panels follow the pass that predicts token {result.step}."]
    if result.notice:
        lines.append(f"  \n**Note:** {result.notice}")
    return "\n".join(lines)


def build(service: TranslationService, catalog: Catalog, model: gr.Dropdown) -> None:
    """Builds the tab; it follows the model picker by itself (the text box's label and example)."""
    intro(INTRO)
    with gr.Row():
        text = gr.Textbox(label="Sentence", value=EXAMPLE, scale=4, min_width=240)
        show = gr.Button("Show the layers", variant="primary", scale=1, min_width=120)
    with gr.Row():
        longest = max((m.max_len for m in catalog.registry.models()), default=256) - 1  # Gradio refuses steps beyond
        step = gr.Slider(1, longest, value=1, step=1, label="Decoding step", min_width=260)
        layer = gr.Slider(1, 6, value=1, step=1, label="Layer", min_width=260)
        head = gr.Slider(1, 8, value=1, step=1, label="Head", min_width=260)
    with gr.Row():
        token = gr.Dropdown([], label="Token (panels 1 to 4: the encoder)", min_width=160)
        kind = gr.Radio([(v, k) for k, v in layer_panels.KINDS.items()], value="encoder_self",
                        label="Attention in panel 3", min_width=240)
    status = gr.Markdown(HINT)
    panels = [gr.HTML(header, padding=False) for header in headers()]
    with gr.Accordion("The same as data (what the /layers API returns)", open=False):
        data = gr.JSON()
    result = gr.State(None)
    words = gr.State(("sentence", "translation"))  # the task's words of the model the tab last spoke

    @costly
    @user_errors
    def layers(text: str, model: str, step: float = 1):
        """The sentence through every block at one decoding step: panel names and shapes, parameters, next tokens."""
        found = service.layers(model, text, whole(step, "step"))
        return layer_panels.as_data(found), found

    def render(found: LayersResult | None, layer: float, head: float, token: int | None, kind: str | None):
        """Every panel, and controls that fit the model and the sentence."""
        if found is None:
            return [gr.skip()] * len(everything)
        config = found.config
        view = view_of(layer, head, token, kind)
        choices = [(f"{n + 1} · {t}", n) for n, t in enumerate(found.src_tokens)]
        deepest = max(config.n_encoder_layers, config.n_decoder_layers)
        return (  # a slider keeps a maximum of 2 or more: one from 1 to 1 cannot be drawn
            *[layer_panels.panel_html(found, n, view) for n in EVERY],
            gr.Slider(maximum=max(found.n_steps, 2), value=found.step),
            gr.Slider(maximum=max(deepest, 2), value=min(view.layer, deepest)),
            gr.Slider(maximum=max(config.n_heads, 2), value=min(view.head, config.n_heads)),
            gr.Dropdown(choices=choices, value=min(view.token, len(choices) - 1)),
            summary(found),
        )

    def redraw(control: str):
        indices = DEPENDS[control]

        @user_errors
        def panels_of(found: LayersResult | None, layer: float, head: float, token: int | None, kind: str | None):
            if found is None:
                return [gr.skip()] * len(indices)
            view = view_of(layer, head, token, kind)
            return [layer_panels.panel_html(found, n, view) for n in indices]

        return panels_of, [panels[n] for n in indices]

    controls = [result, layer, head, token, kind]
    everything = [*panels, step, layer, head, token, status]
    events = [
        gr.on([show.click, text.submit], layers, [text, model, step], [data, result], api_name="layers",
              api_description="The sentence through every block of the Transformer: (text, model, step) -> JSON "
              "with 'blocks' (name, shape), 'parameters' (total, blocks) and 'output' (top next tokens)."),
        step.release(layers, [text, model, step], [data, result], api_visibility="private"),
    ]
    for event in events:  # after an error, no panels of an earlier sentence beside it
        event.success(render, controls, everything, api_visibility="private")
        event.failure(lambda: (HINT, None, None, *headers()), None, [status, data, result, *panels],
                      api_visibility="private")
    for control, trigger in (("layer", layer.release), ("head", head.release), ("token", token.input),
                             ("kind", kind.input)):
        fn, outputs = redraw(control)
        trigger(fn, controls, outputs, api_visibility="private")

    def model_changed(name: str | None, text: str, previous: tuple[str, str] | None):
        """The text box speaks the model's task (its words: sentence, question...); an example when they change.
        The panels of the previous model are cleared."""
        try:
            info = catalog.model_info(name)
        except UserError:  # a name typed into the picker: Show says what is wrong with it
            return [gr.skip()] * (len(panels) + 4)
        spoken = tuple(get_task(info.task).words)
        examples = catalog.examples(info.name)
        keep = text and (text in examples or spoken == tuple(previous or spoken))
        box = gr.Textbox(label=spoken[0].capitalize(), value=text if keep else (examples or [""])[0])
        return box, None, HINT, spoken, *headers()

    model.change(model_changed, [model, text, words], [text, result, status, words, *panels],
                 api_visibility="private")
