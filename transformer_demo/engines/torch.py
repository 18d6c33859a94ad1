"""TorchEngine: a loaded checkpoint behind the Engine interface, with the views only PyTorch gives
(the step-by-step trace and every attention map)."""
from __future__ import annotations

from ..checkpoint import Checkpoint
from ..decoding import DecodeOptions, DecodeTrace, Hypothesis, attention_maps, decode_batched, trace
from ..inference import CAPABILITIES, EngineResult
from ..inspection import Capture, capture
from ..model import AttentionMaps, Transformer


class TorchEngine:
    name = "torch"
    capabilities = CAPABILITIES

    def __init__(self, checkpoint: Checkpoint, batch_size: int = 64):
        self.checkpoint, self.batch_size = checkpoint, batch_size  # sentences of similar length decoded together
        self.vocab = checkpoint.vocab

    @property
    def model(self) -> Transformer:
        """The checkpoint's PyTorch model, read on first use (checkpoint.py)."""
        return self.checkpoint.model

    @property
    def max_len(self) -> int:
        return self.checkpoint.run.model.max_len

    def source_ids(self, text: str) -> list[int]:
        """The source-encoding rule: at most max_len - 1 tokens, then [EOS]."""
        return self.vocab.source_ids(text, self.max_len)

    def hypotheses(self, texts: list[str], options: DecodeOptions) -> list[list[Hypothesis]]:
        """Target ids and scores, best first, per text."""
        return decode_batched(self.model, [self.source_ids(text) for text in texts], options, self.batch_size)

    def translate(self, texts: list[str], options: DecodeOptions) -> list[EngineResult]:
        return [
            EngineResult(
                [(self.vocab.decode_tgt(h.ids), h.score) for h in hyps], [(h.log_prob, h.n_tokens) for h in hyps],
                [list(h.ids) for h in hyps],
            )
            for hyps in self.hypotheses(texts, options)
        ]

    def trace(
        self, text: str, forced: list[int] | None = None, top_k: int = 10, temperature: float = 1.0
    ) -> DecodeTrace:
        """Greedy decoding that records every step; the first len(forced) tokens are given."""
        return trace(self.model, self.vocab, text, forced, top_k, temperature)

    def attention(self, text: str, tgt_ids: list[int]) -> AttentionMaps:
        """Every layer's attention for the sentence and a given target (teacher-forced)."""
        return attention_maps(self.model, self.source_ids(text), tgt_ids)

    def capture(self, text: str, tgt_ids: list[int]) -> Capture:
        """Every block's tensors for the sentence and a target prefix, from the model's own forward pass."""
        return capture(self.model, self.source_ids(text), tgt_ids)
