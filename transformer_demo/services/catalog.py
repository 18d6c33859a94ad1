"""Which models the app offers: the registry's listing for the model pickers, and what suits each model."""
from __future__ import annotations

import torch

from ..registry import ModelInfo, ModelRegistry
from ..runtime import device_description
from ..tasks import get_task


class Catalog:
    def __init__(self, registry: ModelRegistry):
        self.registry = registry

    @property
    def device(self) -> torch.device:
        return self.registry.device

    def models(self) -> list[ModelInfo]:
        return self.registry.models()

    def default_model(self) -> str | None:
        return self.registry.default()

    def model_info(self, name: str | None) -> ModelInfo:
        return self.registry.info(name)

    def device_description(self) -> str:
        return device_description(self.device)

    def examples(self, model_name: str | None) -> list[str]:
        """Inputs that suit the model's task (and source language)."""
        info = self.registry.info(model_name)
        return get_task(info.task).examples(info.src_lang)

    def capabilities(self, model_name: str | None) -> frozenset[str]:
        """What the model's engine can do: the tabs offer only these."""
        return self.registry.engine(model_name).capabilities
