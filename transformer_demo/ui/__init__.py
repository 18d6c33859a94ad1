"""The Gradio Blocks app: a model picker shared by the tabs, one module per tab.

    service = Service(...)  # its catalog for the picker, .translation and .training for the tabs
    build_app(service).launch(**launch_options(service))
"""
from __future__ import annotations

from typing import Any

import gradio as gr

from ..errors import UserError
from ..services.service import Service
from ..serving.door import door_middleware
from ..tasks import get_task
from . import attention_tab, check_tab, hub_models, layers_tab, step_tab, train_tab, translate_tab
from .common import model_choices
from .guard import GuardedBlocks

CONCURRENCY = 2  # simultaneous requests per event; decoding is CPU-bound and torch already uses every core
CSS = """
.tab-intro { font-size: 0.95em; opacity: 0.85; }
input[role=combobox] { text-overflow: ellipsis; padding-right: 2.2em; }  /* dropdown text never under its arrow */
.scroll-table table { display: block; overflow-x: auto; width: max-content; max-width: 100%; border: none; }
.scroll-table th, .scroll-table td { word-break: normal; overflow-wrap: normal; padding: 4px 8px; }
.scroll-table td:not(:nth-child(2)) { white-space: nowrap; }
.how-it-works > button { padding-top: 6px; padding-bottom: 6px; }
.check-examples table { table-layout: fixed; width: 100% !important; min-width: 0 !important; }
.check-examples th, .check-examples td { white-space: normal !important; overflow-wrap: anywhere; }
.check-examples th:last-child, .check-examples td:last-child { width: 32%; }
@media (max-width: 640px) {
  #model-picker { padding: 8px; }
  #model-picker input { font-size: 0.8em; padding-right: 1.8em; }
  /* examples: one row of chips that scrolls sideways, so the Translate button stays on the first screen */
  #examples .gallery { flex-wrap: nowrap; overflow-x: auto; scrollbar-width: thin; }
  #examples .gallery-item { flex-shrink: 0; white-space: nowrap; }
  .gradio-container { padding-left: 8px !important; padding-right: 8px !important; }
  /* the tab bar: one row that scrolls sideways, its thin scrollbar and the cut-off last tab showing there is more */
  .tab-container.wrap { flex-wrap: nowrap !important; overflow-x: auto !important; overflow-y: hidden !important;
                        background: none !important; scrollbar-width: thin; }
  .tab-container.wrap > button { flex-shrink: 0; max-width: none !important; padding-left: 10px; padding-right: 10px; }
}
"""
LAUNCH_OPTIONS = {"theme": gr.themes.Soft(), "css": CSS, "footer_links": ["api", "gradio"]}


def launch_options(service: Service) -> dict[str, Any]:
    """LAUNCH_OPTIONS plus the limits at the door: body size, uploads (see door.py and limits.py)."""
    limits = service.limits
    return {**LAUNCH_OPTIONS, "max_file_size": f"{limits.max_body_kb}kb",
            "app_kwargs": {"middleware": [door_middleware(limits)]}}

TITLE = "# Transformer demo"
ABOUT = """An encoder-decoder Transformer ("Attention Is All You Need") written from scratch in PyTorch. Translate
with it, watch it decode token by token, look at its attention, or train a small one yourself. The model picker
above is shared by all tabs: it lists the checkpoints and the models trained here by name, language pair, score
and size."""


def build_app(service: Service) -> gr.Blocks:
    catalog, translation = service.catalog, service.translation
    cache = service.limits.cache_minutes * 60
    with GuardedBlocks(service.gate, title="Transformer demo", delete_cache=(max(cache // 4, 60), cache)) as demo:
        gr.Markdown(TITLE)
        model = gr.Dropdown(
            model_choices(catalog), value=catalog.default_model(), label="Model (shared by all tabs)",
            allow_custom_value=True,  # the registry checks the name; models trained later are not in the list yet
            elem_id="model-picker",
        )
        with gr.Accordion("About this demo", open=False, elem_classes=["how-it-works"]):  # on a phone: folded away
            gr.Markdown(f"{ABOUT} Running on {catalog.device_description()}.")
            hub_models.build(catalog, model)
        with gr.Tabs(overflow_behavior="wrap"):  # every tab by its name, never behind a "..." menu (CSS: one row)
            with gr.Tab("Translate") as translate:
                examples, length_penalty, method, wording = translate_tab.build(translation, model)
            with gr.Tab("Step by step"):
                step_intro, step_text = step_tab.build(translation, model)
            with gr.Tab("Attention"):
                attention = attention_tab.build(translation, model)
            with gr.Tab("Layer by layer"):
                layers_tab.build(translation, catalog, model)
            with gr.Tab("Check an answer", visible=False) as check:
                check_tab.build(service, model)
            with gr.Tab("Train"):
                base = train_tab.build(service.training, model)
        task = gr.State(None)  # the selected model's task, to notice when the domain changes

        def model_changed(name: str | None, previous_task: str | None):
            """Examples and attention controls that fit the model; a fitting sentence when the task changes."""
            try:
                info = catalog.model_info(name)
            except UserError:  # a name typed into the picker: the next request says what is wrong with it
                return (*[gr.skip()] * (len(outputs) - 1), previous_task)  # every output but the task kept
            examples = catalog.examples(info.name)
            sentence = examples[0] if examples and info.task != previous_task else None
            words = get_task(info.task).words
            layer, head = attention_tab.controls_for(info)
            penalty = gr.Slider(value=info.length_penalty)
            examples = gr.Dataset(samples=[[e] for e in examples])
            checking = gr.Tab(visible=info.answers_questions)
            return (examples, penalty, methods(info.name), layer, head, *translate_tab.labels_for(info.task), checking,
                    *step_tab.labels_for(words, sentence), *attention_tab.labels_for(words, sentence), info.task)

        def methods(name: str) -> gr.Radio | dict:
            """The decoding methods the model's engine offers (a broken model says so at the first request)."""
            try:
                capabilities = catalog.capabilities(name)
            except UserError:
                return gr.skip()
            return gr.Radio(choices=[m for m in translate_tab.METHODS if m in capabilities])

        outputs = [examples, length_penalty, method, attention.layer, attention.head, translate, *wording, check,
                   step_intro, step_text, attention.text, attention.target, task]
        model.change(model_changed, [model, task], outputs, api_visibility="private")

        def page_loaded(name: str | None, previous: str | None, request: gr.Request):
            """The visitor's own runs join the model picker and "Start from"."""
            pickers = gr.Dropdown(choices=model_choices(catalog, request)), gr.Dropdown(
                choices=train_tab.base_choices(catalog, request)
            )
            return *pickers, *model_changed(name, previous)

        demo.load(page_loaded, [model, task], [model, base, *outputs], api_visibility="private")
    for block_fn in demo.fns.values():
        if getattr(block_fn.fn, "costly", False):
            block_fn.concurrency_id = "model"  # one pool of CONCURRENCY slots for every call that runs a model
    demo.queue(default_concurrency_limit=CONCURRENCY, max_size=service.limits.queue_size)
    return demo
