"""The training objective: cross-entropy of the next target token, padding ignored, label smoothing (section 5.4)."""

from __future__ import annotations

import torch.nn.functional as F
from torch import Tensor

from ..tokenization import PAD_ID


def sequence_loss(logits: Tensor, targets: Tensor, label_smoothing: float = 0.0, reduction: str = "mean") -> Tensor:
    """logits (batch, tgt_len, vocab), targets (batch, tgt_len) -> mean (or summed) loss over non-padding tokens."""
    return F.cross_entropy(
        logits.float().view(-1, logits.size(-1)), targets.reshape(-1),
        ignore_index=PAD_ID, label_smoothing=label_smoothing, reduction=reduction,
    )
