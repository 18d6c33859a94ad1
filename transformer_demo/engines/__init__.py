"""Inference engines, one module each, all satisfying inference.Engine: torch.py (the model in this package)."""
from .torch import TorchEngine

__all__ = ["TorchEngine"]
