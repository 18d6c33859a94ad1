"""Which models the app offers: the registry's listing for the model pickers, and what suits each model."""
from __future__ import annotations

import torch

from ..errors import ServiceError
from ..registry import ModelInfo, ModelRegistry
from ..serving.limits import Visitor
from ..serving.runs import RunIndex
from ..tasks import get_task
from ..training.runtime import device_description


class Catalog:
    def __init__(self, registry: ModelRegistry, runs: RunIndex | None = None):
        self.registry = registry
        self.runs = runs  # who trained which run in the app; without it every model is listed to everyone

    @property
    def device(self) -> torch.device:
        return self.registry.device

    def models(self, visitor: Visitor | None = None) -> list[ModelInfo]:
        """Every model, or for a visitor the shipped ones, command-line runs and the runs they trained."""
        if visitor is None or self.runs is None:
            return self.registry.models()
        hidden = self.runs.names() - {record.name for record in self.runs.owned(visitor)}
        return self.registry.models(lambda name: name not in hidden)

    def default_model(self) -> str | None:
        return self.registry.default()

    def model_info(self, name: str | None) -> ModelInfo:
        return self.registry.info(name)

    def add_hub_model(self, model_id: str | None) -> ModelInfo:
        """Download a Hub model (OWNER/NAME or hf://OWNER/NAME[@REV], never a local path) and list it in the picker."""
        from ..hub import MAX_DOWNLOAD_MB, download, hub_offline, parse_hub_ref

        if hub_offline():
            raise ServiceError("This server is offline (HF_HUB_OFFLINE is set): models cannot be added from the Hub.")
        ref = parse_hub_ref((model_id or "").strip())
        return self.registry.add_hub_model(str(ref), download(ref, max_mb=MAX_DOWNLOAD_MB))

    def device_description(self) -> str:
        return device_description(self.device)

    def examples(self, model_name: str | None) -> list[str]:
        """Inputs that suit the model's task (and language pair)."""
        info = self.registry.info(model_name)
        return get_task(info.task).examples(info.src_lang, info.tgt_lang, info.sources)

    def capabilities(self, model_name: str | None) -> frozenset[str]:
        """What the model's engine can do: the tabs offer only these."""
        return self.registry.engine(model_name).capabilities
