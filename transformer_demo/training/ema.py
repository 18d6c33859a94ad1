"""An exponential moving average of a model's weights: a cheap stand-in for averaging the last checkpoints."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import torch


class EMA:
    """averages[i] follows parameter i with weight 1 - decay per update; empty (a no-op) when decay is 0."""

    def __init__(self, model: torch.nn.Module, decay: float):
        self.model, self.decay = model, decay
        self.averages = [p.detach().clone() for p in model.parameters()] if decay > 0 else []

    def __iter__(self) -> Iterator[torch.Tensor]:
        return iter(self.averages)

    def __len__(self) -> int:
        return len(self.averages)

    def update(self, step: int) -> None:
        """The decay ramps up so that the first steps' random weights fade quickly."""
        if self.averages:
            decay = min(self.decay, (1 + step) / (10 + step))
            torch._foreach_lerp_(self.averages, [p.detach() for p in self.model.parameters()], 1.0 - decay)

    @contextmanager
    def applied(self) -> Iterator[None]:
        """Inside: the model holds the averaged weights (when there are any); after: its own again."""
        if not self.averages:
            yield
            return
        params = list(self.model.parameters())
        current = [p.detach().clone() for p in params]
        with torch.no_grad():
            torch._foreach_copy_(params, self.averages)
        try:
            yield
        finally:
            with torch.no_grad():
                torch._foreach_copy_(params, current)
