"""Section 2: training throughput of our Transformer against torch.nn.Transformer on the same batches.

The reference starts from a copy of our model's embeddings, positional encoding and (tied) output
projection and swaps only the encoder/decoder layers for nn.Transformer's, initialised as ours are,
so the comparison is layers against layers. It lives here, in the benchmark, and nowhere in the model package.
"""
from __future__ import annotations

import copy
import time
import warnings

import torch
from torch import Tensor, nn

from ..config import RunConfig, TrainConfig
from ..data import Batch, Example, collate, make_batches
from ..model import Transformer
from ..tokenization import PAD_ID
from ..training.loss import sequence_loss
from ..training.trainer import make_optimizer
from .measure import percentile, synchronize


class ReferenceTransformer(nn.Module):
    """A copy of our model's embeddings, positions and projection around torch.nn.Transformer's layers."""

    def __init__(self, ours: Transformer):
        super().__init__()
        cfg = ours.config
        # Copied together, so a tied projection stays tied to the copied embedding.
        shell = copy.deepcopy(nn.ModuleList([ours.src_embed, ours.tgt_embed, ours.positions, ours.projection]))
        self.src_embed, self.tgt_embed, self.positions, self.projection = shell
        with warnings.catch_warnings():  # "enable_nested_tensor ... norm_first": an inference-only fast path
            warnings.simplefilter("ignore", UserWarning)
            self.layers = nn.Transformer(
                d_model=cfg.d_model, nhead=cfg.n_heads, num_encoder_layers=cfg.n_encoder_layers,
                num_decoder_layers=cfg.n_decoder_layers, dim_feedforward=cfg.d_ff, dropout=cfg.dropout,
                batch_first=True, norm_first=cfg.norm_first,
            )
        for p in self.layers.parameters():
            if p.dim() > 1:
                nn.init.xavier_uniform_(p)  # as our layers are initialised

    def forward(self, src: Tensor, tgt: Tensor, src_mask: Tensor, tgt_mask: Tensor) -> Tensor:
        """Same inputs as Transformer.forward; nn.Transformer wants True = masked: masks are rebuilt from the tokens."""
        src_padding, tgt_padding = src == PAD_ID, tgt == PAD_ID
        causal = nn.Transformer.generate_square_subsequent_mask(tgt.size(1), device=tgt.device, dtype=torch.bool)
        hidden = self.layers(
            self.positions(self.src_embed(src)), self.positions(self.tgt_embed(tgt)), tgt_mask=causal,
            src_key_padding_mask=src_padding, tgt_key_padding_mask=tgt_padding, memory_key_padding_mask=src_padding,
        )
        return self.projection(hidden)


def train_step(
    model: nn.Module, optimizer: torch.optim.Optimizer, batch: Batch, label_smoothing: float, clip: float
) -> float:
    """One optimizer step as the trainer takes it in fp32: forward, loss, backward, clip, AdamW."""
    logits = model(batch.src, batch.tgt_in, batch.src_mask, batch.tgt_mask)
    loss = sequence_loss(logits, batch.tgt_out, label_smoothing)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), clip)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    return loss.item()


def time_training(models: dict[str, nn.Module], batches: list[Batch], warmup: int, cfg: TrainConfig) -> dict[str, dict]:
    """Each batch goes through every model in turn (interleaved, so background load hits all alike).

    Returns per model the non-padding target tokens per second over the batches after the warm-up.
    """
    optimizers = {name: make_optimizer(model, cfg) for name, model in models.items()}
    seconds: dict[str, list[float]] = {name: [] for name in models}
    tokens = [batch.n_tokens for batch in batches[warmup:]]
    for model in models.values():
        model.train()
    for i, batch in enumerate(batches):
        for name, model in models.items():
            start = time.perf_counter()
            train_step(model, optimizers[name], batch, cfg.label_smoothing, cfg.clip_grad)
            synchronize(batch.src.device)
            if i >= warmup:
                seconds[name].append(time.perf_counter() - start)
    return {
        name: {
            "tokens_per_s": sum(tokens) / sum(s),
            "step_ms_p50": 1000 * percentile(s, 50),
            "batches_timed": len(s),
            "target_tokens_per_batch": sum(tokens) / len(tokens),
        }
        for name, s in seconds.items()
    }


def padding_fraction(examples: list[Example], index_batches: list[list[int]]) -> float:
    """Share of the padded source+target positions in these batches that are padding."""
    batches = [collate([examples[i] for i in indices]) for indices in index_batches]
    return 1.0 - sum(b.n_real for b in batches) / sum(b.n_padded for b in batches)


def bench_training(run: RunConfig, examples: list[Example], n_batches: int, warmup: int, device: torch.device) -> dict:
    """Our model and the reference, same init seed, on the trainer's own length-bucketed batches."""
    index_batches = make_batches(examples, run.train.max_tokens, run.train.seed)
    batches = [collate([examples[i] for i in indices]).to(device) for indices in index_batches[: warmup + n_batches]]
    torch.manual_seed(run.train.seed)
    ours = Transformer(run.model)
    models = {"ours": ours.to(device), "reference": ReferenceTransformer(ours).to(device)}
    speeds = time_training(models, batches, warmup, run.train)
    return {
        "ours_tokens_per_s": speeds["ours"]["tokens_per_s"],
        "reference_tokens_per_s": speeds["reference"]["tokens_per_s"],
        "ours_vs_reference": speeds["ours"]["tokens_per_s"] / speeds["reference"]["tokens_per_s"],
        "padding_fraction": padding_fraction(examples, index_batches),
        "batches_per_epoch": len(index_batches),
        "max_tokens": run.train.max_tokens,
        "details": speeds,
    }
