"""Add a model from the Hugging Face Hub to the model picker by its id (OWNER/NAME or hf://OWNER/NAME@REV)."""

from __future__ import annotations

import gradio as gr

from ..hub import hub_offline
from ..services import Catalog
from .common import model_choices, user_errors
from .guard import costly

OFFLINE = "This server is offline (HF_HUB_OFFLINE is set), so models cannot be added from the Hub."


def build(catalog: Catalog, model: gr.Dropdown) -> None:
    offline = hub_offline()
    gr.Markdown("**Add a model from the Hugging Face Hub**")
    with gr.Row():
        model_id = gr.Textbox(
            label="Hub model id",
            placeholder="OWNER/NAME or hf://OWNER/NAME@REVISION",
            scale=4,
            interactive=not offline,
            info=OFFLINE if offline else "A checkpoint published with `python -m transformer_demo publish`.",
        )
        add = gr.Button("Add to the picker", scale=1, interactive=not offline)

    @costly
    @user_errors
    def add_model(model_id: str, request: gr.Request = None):
        info = catalog.add_hub_model(model_id)
        gr.Info(f"Added {info.name} ({info.pair}) to the model picker.")
        return gr.Dropdown(choices=model_choices(catalog, request), value=info.name)

    gr.on(
        [add.click, model_id.submit],
        add_model,
        model_id,
        model,
        api_name="add_hub_model",
        api_description="Download a Hub model (OWNER/NAME) and add it to the model picker; returns its name.",
    )
