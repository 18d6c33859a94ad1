"""The inference seam: what every engine that turns sentences into translations offers.

    engine = registry.engine("multi30k-en-de")       # a TorchEngine (engines/torch.py)
    [result] = engine.translate(["A dog runs."], DecodeOptions(method="beam"))
    result.outputs                                   # [("Ein Hund rennt.", -1.7)], best first

An engine says what it can do in `capabilities`; callers (the CLI, evaluation, the services, the UI) ask
before offering beam search, sampling, the step-by-step trace or attention maps. A new engine (for example
CTranslate2) is one more module in engines/ that satisfies Engine; nothing above this seam changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from .decoding import DecodeOptions

CAPABILITIES = frozenset({"greedy", "beam", "sample", "trace", "attention"})


@dataclass
class EngineResult:
    """One input line."""

    outputs: list[tuple[str, float]]  # n-best (text, score), best first
    log_probs: list[tuple[float, int]] = field(default_factory=list)  # per output (total log-probability, tokens),
    # [EOS] included, when the engine knows them: one measure for every decoding method (score is what it ranked by)
    token_ids: list[list[int]] = field(default_factory=list)  # per output, the target ids it decoded to (no [EOS])


@runtime_checkable
class Engine(Protocol):
    name: str  # "torch", "ctranslate2", ...
    capabilities: frozenset[str]  # a subset of CAPABILITIES

    def translate(self, texts: list[str], options: DecodeOptions) -> list[EngineResult]: ...


def best(results: list[EngineResult]) -> list[str]:
    """The best output of each line, in input order."""
    return [result.outputs[0][0] if result.outputs else "" for result in results]
