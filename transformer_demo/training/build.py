"""What a run starts from: a new vocabulary and model, or a saved checkpoint's. The caller's config is never changed."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path

import torch

from ..checkpoint import load_checkpoint
from ..config import RunConfig
from ..data import Pair
from ..model import Transformer
from ..tokenization import Vocab, build_tokenizer
from .vocab_transfer import with_source_vocabulary


@dataclass
class BuiltRun:
    run: RunConfig  # the model section as built (vocabulary sizes filled in), the train section as given
    vocab: Vocab
    model: Transformer


def build_run(run: RunConfig, train_pairs: list[Pair], start_from: str | Path | None = None) -> BuiltRun:
    """From a checkpoint folder, its model and vocabulary with run's training settings (e.g. more epochs), or,
    where the checkpoint's vocabulary is joint and run's is not, its model given a source vocabulary of its own;
    otherwise a vocabulary trained on train_pairs and a freshly initialised model (seeded by run.train.seed)."""
    run = copy.deepcopy(run)
    cfg = run.train
    if start_from is not None:
        start = load_checkpoint(start_from)
        if start.vocab.joint and not cfg.joint_vocab:  # from here on a source vocabulary of its own (vocab_transfer.py)
            src = build_tokenizer((s for s, _ in train_pairs), cfg.tokenizer, cfg.source_vocab_size, cfg.min_frequency)
            model = with_source_vocabulary(start.model, start.vocab.src, src)
            vocab = Vocab(src, start.vocab.tgt, start.vocab.reverse_target)
            return BuiltRun(RunConfig(model.config, run.train), vocab, model)
        return BuiltRun(RunConfig(start.run.model, run.train), start.vocab, start.model)
    vocab = Vocab.build(
        train_pairs, cfg.tokenizer, cfg.vocab_size, cfg.min_frequency, cfg.joint_vocab, cfg.reverse_target,
        cfg.source_vocab_size,
    )
    run.model.src_vocab_size = vocab.src.get_vocab_size()
    run.model.tgt_vocab_size = vocab.tgt.get_vocab_size()
    run.model.share_embeddings = run.model.share_embeddings and vocab.joint
    torch.manual_seed(cfg.seed)
    return BuiltRun(run, vocab, Transformer(run.model))
