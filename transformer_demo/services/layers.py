"""Layer by layer: one sentence followed through every block of a model, at one step of its greedy decoding.

The numbers are the model's own (inspection.capture, forward hooks on the real modules); this module only
picks the prefix (the model's greedy output before the chosen step) and names the tokens. Plain data out.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..config import ModelConfig
from ..engines import TorchEngine
from ..errors import ServiceError
from ..inspection import Capture
from ..parameters import ParameterBlock, parameter_blocks


@dataclass
class LayersResult:
    words: tuple[str, str]  # the task's words for what the model reads and writes: ("sentence", "translation")
    config: ModelConfig
    src_tokens: list[str]  # ending with [EOS]
    tgt_tokens: list[str]  # what the decoder reads at this step: [SOS] and the tokens written before it
    output: list[str]  # the whole greedy output, one token per step ([EOS] included when it ended there)
    step: int  # 1-based: the step whose next token the panels predict
    capture: Capture
    top: list[tuple[str, float]]  # the next token's most likely candidates, (token, probability), best first
    parameters: list[ParameterBlock]
    total_parameters: int  # sum(p.numel()) over the model's parameters
    notice: str | None

    @property
    def n_steps(self) -> int:
        return len(self.output)


def inspect_layers(
    engine: TorchEngine, words: tuple[str, str], text: str, step: int, top_k: int, notice: str | None
) -> LayersResult:
    """step (1-based) beyond the last step of the decoding shows the last one."""
    if step < 1:
        raise ServiceError(f"the step must be 1 or more, got {step}")
    trace = engine.trace(text, [], 1)
    step = min(step, len(trace.steps))
    prefix = [s.chosen_id for s in trace.steps[: step - 1]]
    captured = engine.capture(text, prefix)
    vocab = engine.vocab
    best = np.argsort(-captured.probs, kind="stable")[:top_k]
    return LayersResult(
        words=words,
        config=engine.checkpoint.run.model,
        src_tokens=[vocab.src.id_to_token(i) or "?" for i in captured.src_ids],
        tgt_tokens=[vocab.tgt_token(i) for i in captured.tgt_ids],
        output=[s.chosen_token for s in trace.steps],
        step=step,
        capture=captured,
        top=[(vocab.tgt_token(int(i)), float(captured.probs[i])) for i in best],
        parameters=parameter_blocks(engine.checkpoint.run.model),
        total_parameters=sum(p.numel() for p in engine.model.parameters()),
        notice=notice,
    )
