"""memorise: train a small model on a few pairs until its greedy outputs have clear margins, so two engines
(or two precisions) that compute the same function pick the same tokens. An untrained model's logits are
nearly equal, and which of two near-ties wins depends on the order of float additions: on the CPU, the library."""
from __future__ import annotations

import torch

from transformer_demo.data import collate, encode_pairs
from transformer_demo.model import Transformer
from transformer_demo.tokenization import Vocab
from transformer_demo.training.loss import sequence_loss


def memorise(model: Transformer, vocab: Vocab, pairs: list[tuple[str, str]], steps: int = 150) -> Transformer:
    """Full-batch Adam on the pairs (a fixed seed: the same weights on every machine's float order, near enough);
    returns the model in eval mode."""
    torch.manual_seed(0)
    examples, _ = encode_pairs(pairs, vocab, model.config.max_len)
    batch = collate(examples)
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    model.train()
    for _ in range(steps):
        logits = model(batch.src, batch.tgt_in, batch.src_mask, batch.tgt_mask)
        loss = sequence_loss(logits, batch.tgt_out)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return model.eval()
