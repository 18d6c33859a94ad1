"""Step-by-step tab: greedy decoding one token at a time, with the option to overrule the model."""
from __future__ import annotations

import gradio as gr
import numpy as np

from ..decoding import DecodeTrace
from ..errors import ServiceError
from ..services import TranslationService
from ..serving.limits import shorten
from ..tasks import Words
from . import step_views
from .common import intro, readable, user_errors, whole
from .guard import costly

INTRO = """The model writes its {written} **one token at a time**. At each step it reads the {source} and
everything it has written so far, and gives a probability to every token in its vocabulary; greedy decoding
takes the most likely one (red bar). Walk through with **Next** and **Back**, or pick another candidate below to
overrule the model and see how it carries on from your choice. The table shows where this step looked in the
{source} (cross-attention, averaged over heads, one column per decoder layer). Tokens are pieces of words:
`▁` marks the start of a word."""

LAST = 10**6  # "run to end": any step past the last one shows the last one
NOT_STARTED = -1  # the step before Start: Next from here shows step 1
START_HINT = "Press Start (or Enter in the text box) to decode; Next also starts at step 1."


def parse_ids(text: str | None) -> list[int]:
    """"12 7 431" -> [12, 7, 431]; the forced tokens travel as text so the API can pass them too."""
    try:
        return [int(x) for x in (text or "").replace(",", " ").split()]
    except ValueError:
        raise ServiceError(f"forced token ids must be whole numbers separated by spaces, got {shorten(text)}") from None


def ending(trace: DecodeTrace, past_end: bool) -> str:
    """What the last step says: how the output ended, and that Next has nothing more to show."""
    how = "the model wrote `[EOS]`, the end of the output" if trace.steps[-1].chosen_token == "[EOS]" else (
        "the output reached the longest length this model allows")
    text = f"**The decoding is finished:** {how}."
    if past_end:
        text += " There is no step after this one: press **Back**, or pick another candidate to change the output."
    return text


def describe(trace: DecodeTrace, index: int) -> tuple[str, dict]:
    """Markdown for one step, and the same step as plain data for API users."""
    step = trace.steps[index]
    written = readable(step.prefix) or "(nothing yet)"
    chosen = f"`{step.chosen_token}` ({step.chosen_prob:.1%})" + (
        " — your choice" if step.forced else " — the model's pick"
    )
    finished = readable([s.chosen_token for s in trace.steps if s.chosen_token != "[EOS]"])
    text = (
        f"**Step {index + 1} of {len(trace.steps)}**  \n"
        f"Written so far: {written}  \n"
        f"Next token: {chosen}  \n"
        f"Whole output: *{finished}*"
    )
    data = {
        "step": index, "n_steps": len(trace.steps), "prefix": step.prefix, "chosen_id": step.chosen_id,
        "chosen_token": step.chosen_token, "chosen_prob": step.chosen_prob, "forced": step.forced,
        "candidates": [{"token": t, "id": i, "prob": p} for t, i, p in step.candidates],
        "output_ids": trace.output_ids,
    }
    return text, data


def step_html(trace: DecodeTrace, index: int, temperature: float) -> tuple[str, str]:
    """The candidates as bars and this step's cross-attention over the source, as HTML."""
    step = trace.steps[index]
    tokens = [t for t, _, _ in step.candidates]
    ids = [i for _, i, _ in step.candidates]
    chosen = ids.index(step.chosen_id) if step.chosen_id in ids else None
    title = f"Top {len(tokens)} next tokens (temperature {temperature:g})"
    bars = step_views.probability_bars(tokens, [p for _, _, p in step.candidates], chosen, title)
    cross = np.asarray(step.cross_attention).mean(axis=1)  # (layers, heads, src) -> (layers, src)
    heat = step_views.source_attention(cross.tolist(), trace.src_tokens, f"Where step {index + 1} looked in the source")
    return bars, heat


def labels_for(words: Words, value: str | None = None) -> tuple[gr.Markdown, gr.Textbox]:
    """The intro and the text box in the words of the model's task (and a fitting example in the box)."""
    box = {"label": words.source.capitalize()} | ({} if value is None else {"value": value})
    return gr.Markdown(INTRO.format(**words._asdict())), gr.Textbox(**box)


def build(service: TranslationService, model: gr.Dropdown) -> tuple[gr.Markdown, gr.Textbox]:
    """Builds the tab; returns its intro and text box (the app sets them for the selected model)."""
    heading = intro(INTRO.format(**Words()._asdict()))
    with gr.Row():
        text = gr.Textbox(label="Sentence", value="A man is riding a bike.", scale=4)
        start = gr.Button("Start", variant="primary", scale=1)
    with gr.Row():
        top_k = gr.Slider(1, 20, value=10, step=1, label="Candidates shown (top-k)")
        temperature = gr.Slider(0.1, 3.0, value=1.0, step=0.1, label="Temperature of the shown distribution")
    with gr.Row():
        back = gr.Button("◀ Back", min_width=80)  # one row of three, even on a phone
        forward = gr.Button("Next ▶", min_width=80)
        to_end = gr.Button("Run to end ▶▶", min_width=80)
    status = gr.Markdown(f"*{START_HINT}*")
    candidates = gr.Radio(
        [], label="Candidates: pick one to continue from it", info=step_views.WORD_START, type="value"
    )
    bar_hint = step_views.hint("Press Start: the most likely next tokens appear here.")
    heat_hint = step_views.hint("Press Start: where each step looks in the input appears here.")
    with gr.Row():  # side by side on a desktop, one under the other on a phone
        with gr.Column(min_width=320):
            bars = gr.HTML(bar_hint, label="Next-token probabilities")
        with gr.Column(min_width=320):
            heat = gr.HTML(heat_hint, label="Cross-attention of this step")
    forced = gr.Textbox("", visible=False, label="forced token ids")
    step = gr.Number(value=NOT_STARTED, precision=0, visible=False, label="step")
    with gr.Accordion("This step as data (what the decode_step API returns)", open=False):
        data = gr.JSON()

    @costly
    @user_errors
    def decode_step(
        text: str, model: str, forced: str = "", step: float = 0, top_k: float = 10, temperature: float = 1.0
    ):
        """Decode `text` greedily after the forced token ids and show step number `step` (0-based)."""
        return show(text, model, forced, step, top_k, temperature)

    def show(
        text: str, model: str, forced: str, step: float, top_k: float, temperature: float, after_next: bool = False
    ):
        forced_ids = parse_ids(forced)
        trace = service.trace(model, text, forced_ids, whole(top_k, "top-k"), float(temperature))
        wanted = whole(step or 0, "step")
        index = min(max(wanted, 0), len(trace.steps) - 1)
        markdown, values = describe(trace, index)
        if index == len(trace.steps) - 1:
            markdown += "\n\n" + ending(trace, past_end=after_next and wanted > index)
        notice = service.notice(model, text, trace if float(temperature) == 1.0 else None)
        if notice:
            markdown += f"\n\n**Note:** {notice}"
        choices = [(f"{t}   {p:.1%}", str(i)) for t, i, p in trace.steps[index].candidates]
        current = str(trace.steps[index].chosen_id)
        if current not in [value for _, value in choices]:
            choices.append((f"{trace.steps[index].chosen_token}   (your choice)", current))
        views = step_html(trace, index, float(temperature))
        radio = gr.Radio(choices=choices, value=current)
        return (markdown, *views, radio, " ".join(map(str, forced_ids)), index, values)

    outputs = [status, bars, heat, candidates, forced, step, data]
    view = [text, model, forced, step, top_k, temperature]

    def moved(delta: int):
        @costly
        @user_errors
        def move(text: str, model: str, forced: str, step: float | None, top_k: float, temperature: float):
            target = (NOT_STARTED if step is None else step) + delta
            return show(text, model, forced, target, top_k, temperature, after_next=delta == 1)

        return move

    @costly
    @user_errors
    def choose(text: str, model: str, forced: str, step: float, top_k: float, temperature: float, choice: str | None):
        """Keep the tokens before this step, replace this step's token by the user's choice, go on."""
        if choice is None:
            return decode_step(text, model, forced, step, top_k, temperature)
        index = whole(step or 0, "step")
        before = service.trace(model, text, parse_ids(forced), 1, 1.0).output_ids[:index]
        return decode_step(text, model, " ".join(map(str, before + [int(choice)])), index + 1, top_k, temperature)

    def cleared():
        """After an error: no stale step beside it, and what to press again."""
        return f"*{START_HINT}*", bar_hint, heat_hint, gr.Radio(choices=[], value=None), "", NOT_STARTED, None

    events = [
        gr.on([start.click, text.submit], lambda: ("", 0), None, [forced, step], api_visibility="private").then(
            decode_step, view, outputs, api_name="decode_step",
            api_description="Greedy decoding, one step shown: (text, model, forced ids, step, top_k, temperature).",
        ),
        back.click(moved(-1), view, outputs, api_visibility="private"),
        forward.click(moved(1), view, outputs, api_visibility="private"),
        to_end.click(moved(LAST), view, outputs, api_visibility="private"),
        gr.on([top_k.release, temperature.release], decode_step, view, outputs, api_visibility="private"),
        candidates.input(choose, [*view, candidates], outputs, api_visibility="private"),
    ]
    for event in events:
        event.failure(cleared, None, outputs, api_visibility="private")
    return heading, text
