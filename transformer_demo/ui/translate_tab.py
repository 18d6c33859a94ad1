"""Translate tab: a batch of sentences with greedy, beam or sampling decoding."""
from __future__ import annotations

import gradio as gr

from ..decoding import METHODS, DecodeOptions
from ..errors import UserError
from ..services import TranslationService
from ..services.translation import TranslationResult
from ..tasks import traits_of
from .common import intro, user_errors, whole
from .guard import costly

INTRO = """Type a sentence, or several (one per line: they are translated together as one batch). Press **Enter**
to translate; **Shift+Enter** starts a new line. **Greedy** decoding takes the most likely next token at every
step; **beam search** keeps several partial translations alive and returns the best ones; **sampling** draws each
token at random, with temperature, top-k and top-p controlling how adventurous it is. Every output is scored the
same way: its **log-probability** under the model (the sum over its tokens, end of sentence included; closer to 0
is more confident) and that sum **per token**. Beam search ranks by the sum divided by a length penalty."""


def options_from(
    method: str, beam_size: float, length_penalty: float, n_best: float, temperature: float, top_k: float, top_p: float
) -> DecodeOptions:
    """Slider values (floats from the browser) -> validated decoding options."""
    beam, best = whole(beam_size, "beam size"), whole(n_best, "n-best")
    return DecodeOptions(
        method=method, beam_size=beam, length_penalty=float(length_penalty), n_best=min(best, beam),
        temperature=float(temperature), top_k=whole(top_k, "top-k"), top_p=float(top_p),
    ).validate()


MATH_INTRO = """Type a math question, or several (one per line). Press **Enter** or **Ask**. The model writes a short
program for each question (`12 * 7`, shown below the answers) and exact arithmetic runs it. A wording it was not
trained on gets an answer only if that program uses the question's own numbers and operations, and nonsense gets
none. The Step-by-step and Attention tabs show the program being written."""


def labels_for(task: str) -> tuple[gr.Tab, gr.Markdown, gr.Textbox, gr.Button, gr.Textbox]:
    """The tab, intro, input box, button and output box speak math for a math model, translation otherwise."""
    if traits_of(task).answers_questions:
        return (gr.Tab(label="Ask"), gr.Markdown(MATH_INTRO),
                gr.Textbox(label="Question (one per line)", placeholder="What is 12 times 7?"), gr.Button("Ask"),
                gr.Textbox(label="Answer"))
    return (gr.Tab(label="Translate"), gr.Markdown(INTRO),
            gr.Textbox(label="Source text (one sentence per line)", placeholder="A man is riding a bike."),
            gr.Button("Translate"), gr.Textbox(label="Translation"))


def ranking_note(options: DecodeOptions) -> str:
    """How the outputs were chosen, in the terms of the score columns."""
    if options.method == "beam":
        a = f"{options.length_penalty:g}"
        divisor = f"tokens^{a}" if options.length_norm == "length" else f"((5 + tokens) / 6)^{a}"
        return (f"Beam search ranked these by log-probability / {divisor} "
                f"(length penalty {a}: higher favours longer outputs).")
    if options.method == "sample":
        return "Scores are the model's own probabilities (temperature 1, no top-k or top-p), as for greedy and beam."
    return "Greedy decoding has one output per line: the most likely token at every step."


def cell(text: str) -> str:
    """Text for a Markdown table cell: a "|" in it must not end the cell."""
    return text.replace("|", "\\|") or "(empty)"


def two_decimals(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"  # n/a: an engine that does not report log-probabilities


def scores_table(result: TranslationResult, options: DecodeOptions) -> str:
    """Per input line: its source, then its outputs with total and per-token log-probability."""
    column = "answer" if traits_of(result.task).answers_questions else "translation"
    sections = []
    for number, line in enumerate(result.lines, 1):
        rows = [f"**{number}.** {cell(line.source)}", "", f"| # | {column} | log-prob | per token |",
                "|---|---|---|---|"]
        rows += [
            f"| {rank} | {cell(output.text)} | {two_decimals(output.log_prob)} | {two_decimals(output.mean_log_prob)} |"
            for rank, output in enumerate(line.outputs, 1)
        ]
        sections.append("\n".join(rows))
    return "\n\n".join(sections + [f"*{ranking_note(options)}*"])


def render(result: TranslationResult, options: DecodeOptions, device: str) -> tuple[str, str, str]:
    """(best outputs one per line, scores table in Markdown, notices, timing and programs in Markdown)."""
    math = traits_of(result.task).answers_questions
    best = "\n".join(line.outputs[0].text for line in result.lines)
    n = len(result.lines)
    # The notes first, right under the output: a reason not to trust a line matters more than the timing.
    info = [f"**Note:** {result.notice}"] if result.notice else []
    info += [f"**Note{f' on line {i}' if n > 1 else ''}:** {line.notice}" for i, line in enumerate(result.lines, 1)
             if line.notice]
    done = f"Answered {n} question{'s' * (n != 1)}" if math else f"Translated {n} sentence{'s' * (n != 1)}"
    info += [f"{done} in **{result.seconds:.2f} s** ({options.method}, on {device}, {result.engine} engine)."]
    info += [f"**Program{f' {i}' if n > 1 else ''}:** `{line.program}` → {line.outputs[0].text}"
             for i, line in enumerate(result.lines, 1) if line.program]
    info += [f"**Engine:** {result.engine_note}"] if result.engine_note else []
    return best, scores_table(result, result.options or options), "\n\n".join(info)


def own_length_penalty(service: TranslationService) -> float:
    """The default model's own length penalty, else the usual default (the app sets the model's on every change)."""
    try:
        return service.catalog.model_info(service.catalog.default_model()).length_penalty
    except UserError:  # no models yet, or one that does not load: its first request says why
        return DecodeOptions.length_penalty


def build(service: TranslationService, model: gr.Dropdown) -> tuple[gr.Dataset, gr.Slider, gr.Radio, list]:
    """Builds the tab; returns its examples, length penalty, methods and [intro, text, button, output] (the app
    sets them for the selected model)."""
    heading = intro(INTRO)
    with gr.Row():
        with gr.Column(scale=3):
            text = gr.Textbox(
                label="Source text (one sentence per line)", lines=1, max_lines=12, autofocus=True,
                placeholder="A man is riding a bike.",
            )
            examples = gr.Dataset(components=[text], samples=[], label="Examples",  # filled for the model on load
                                  elem_id="examples")
        with gr.Column(scale=2):  # the options come before the button they configure (on a phone: above it)
            method = gr.Radio(list(METHODS), value="greedy", label="Decoding")
            with gr.Group(visible=False) as beam_controls:
                beam_size = gr.Slider(1, 16, value=4, step=1, label="Beam size")
                length_penalty = gr.Slider(
                    0.0,
                    3.0,
                    value=own_length_penalty(service),  # a /translate call that leaves it out gets this value
                    step=0.1,
                    label="Length penalty (higher favours longer outputs; "
                    "set to the model's own, chosen on validation data)",
                )
                n_best = gr.Slider(1, 16, value=3, step=1, label="n-best (at most the beam size)")
            with gr.Group(visible=False) as sample_controls:
                temperature = gr.Slider(0.1, 3.0, value=1.0, step=0.1, label="Temperature (low = safe, high = wild)")
                top_k = gr.Slider(0, 100, value=0, step=1, label="Top-k (0 = off)")
                top_p = gr.Slider(0.05, 1.0, value=1.0, step=0.05, label="Top-p (1 = off)")
    button = gr.Button("Translate", variant="primary")
    output = gr.Textbox(label="Translation", lines=2, interactive=False, buttons=["copy"], elem_id="translation")
    info = gr.Markdown()
    with gr.Accordion("Scores: log-probabilities (and the n-best list for beam search)", open=False):
        table = gr.Markdown(elem_classes=["scroll-table"])

    @costly
    @user_errors
    def translate(text: str, model: str, method: str = "greedy", beam_size: float = 4, length_penalty: float = 0.6,
                  n_best: float = 3, temperature: float = 1.0, top_k: float = 0, top_p: float = 1.0):
        options = options_from(method, beam_size, length_penalty, n_best, temperature, top_k, top_p)
        result = service.translate(model, text, options)
        best, rows, notes = render(result, options, service.catalog.device_description())
        return best, notes, rows

    outputs = [output, info, table]
    gr.on(
        [button.click, text.submit], translate,
        inputs=[text, model, method, beam_size, length_penalty, n_best, temperature, top_k, top_p],
        outputs=outputs, api_name="translate",
        api_description="Translate text (one sentence per line). Returns (translations, notes, scores table).",
    ).failure(lambda: ("", "", ""), None, outputs, api_visibility="private")  # no stale result beside the error
    method.change(
        lambda m: (gr.Group(visible=m == "beam"), gr.Group(visible=m == "sample")),
        method, [beam_controls, sample_controls], api_visibility="private",
    )
    examples.click(lambda sample: sample[0], examples, text, api_visibility="private")
    return examples, length_penalty, method, [heading, text, button, output]

