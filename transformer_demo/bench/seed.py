"""Section 5: our model at the seed tutorial's shape, beside the seed's own code run as a subprocess.

The seed baseline (shared/bench/seed_baseline.py) trains d_model 512, 1+1 layers, 1 head, d_ff 512
on batches of 8 drawn by a shuffled DataLoader, and decodes test sentences greedily, capped at 40
tokens, with untrained weights. We build the same shape with word-level vocabularies (separate
source and target, no sharing), draw the same 8-sentence batches, and decode the same sentences
with the same cap, so the figures compare like for like.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import torch
from torch.utils.data import DataLoader

from ..config import ModelConfig, TrainConfig
from ..data import Pair, collate, encode_pairs
from ..decoding import DecodeOptions
from ..model import Transformer
from ..tokenization import Vocab
from .decode_speed import time_decoding
from .train_speed import time_training

SEED_SHAPE = {
    "d_model": 512, "n_heads": 1, "n_encoder_layers": 1, "n_decoder_layers": 1, "d_ff": 512, "dropout": 0.1,
    "max_len": 350, "norm_first": True, "share_embeddings": False, "tie_output": False,
}
SEED_BATCH_SIZE = 8
SEED_DATA_SEED = 0  # the baseline's --seed: its DataLoader generator and its weight init
SEED_MAX_NEW_TOKENS = 40  # the baseline's decode cap


def run_seed_baseline(script: Path, data_dir: str, steps: int, warmup: int, sentences: int) -> dict:
    """The baseline's JSON; it runs with this process's torch thread count."""
    command = [
        sys.executable,
        str(script),
        "--steps",
        str(steps),
        "--warmup",
        str(warmup),
        "--sentences",
        str(sentences),
        "--max-new-tokens",
        str(SEED_MAX_NEW_TOKENS),
        "--batch-size",
        str(SEED_BATCH_SIZE),
        "--seed",
        str(SEED_DATA_SEED),
        "--threads",
        str(torch.get_num_threads()),
        "--data-dir",
        str(data_dir),
    ]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{script} exited with {done.returncode}: {done.stderr.strip()[-500:]}")
    return json.loads(done.stdout)


def seed_batch_indices(n_pairs: int, count: int) -> list[list[int]]:
    """The baseline's first `count` training batches: the same shuffled DataLoader over the same number of pairs."""
    generator = torch.Generator().manual_seed(SEED_DATA_SEED)
    loader = DataLoader(range(n_pairs), batch_size=SEED_BATCH_SIZE, shuffle=True, generator=generator)
    return [batch.tolist() for batch, _ in zip(loader, range(count))]


def seed_shape_model(train_pairs: list[Pair]) -> tuple[Transformer, Vocab]:
    """Word-level vocabularies like the seed's (min frequency 2, no size cap to speak of) and its model shape."""
    vocab = Vocab.build(train_pairs, "word", vocab_size=30000, min_frequency=2, joint=False)
    cfg = ModelConfig(
        src_vocab_size=vocab.src.get_vocab_size(), tgt_vocab_size=vocab.tgt.get_vocab_size(), **SEED_SHAPE
    )
    torch.manual_seed(SEED_DATA_SEED)
    return Transformer(cfg), vocab


def bench_ours_at_seed_shape(
    train_pairs: list[Pair], test_pairs: list[Pair], steps: int, warmup: int, device: torch.device
) -> dict:
    model, vocab = seed_shape_model(train_pairs)
    model.to(device)
    # Decode first, with untrained weights as the seed does: after training steps outputs stop early.
    test_examples, _ = encode_pairs(test_pairs, vocab, model.config.max_len)
    decoding, _ = time_decoding(model, [e.src for e in test_examples], DecodeOptions(max_len=SEED_MAX_NEW_TOKENS), 1)
    indices = seed_batch_indices(len(train_pairs), warmup + steps)
    batches = []
    for batch_indices in indices:
        examples, _ = encode_pairs([train_pairs[i] for i in batch_indices], vocab, model.config.max_len)
        batches.append(collate(examples).to(device))
    speed = time_training({"ours": model}, batches, warmup, TrainConfig())["ours"]
    return {
        "train_tokens_per_s": speed["tokens_per_s"],
        "train_target_tokens_per_batch": speed["target_tokens_per_batch"],
        "decode_ms_per_token": decoding["ms_per_token_p50"],
        "decode_ms_per_sentence_p50": decoding["ms_p50"],
        "decode_tokens_per_sentence": decoding["generated_tokens_per_s"] * decoding["total_s"] / decoding["sentences"],
        "vocab_sizes": [vocab.src.get_vocab_size(), vocab.tgt.get_vocab_size()],
        "parameters": sum(p.numel() for p in model.parameters()),
    }


def seed_figures(baseline: dict) -> dict:
    """The baseline figures we compare with, picked out of its JSON."""
    train, translate = baseline["train"], baseline["translate"]
    return {
        "pad350_tokens_per_s": train["pad350"]["tgt_tokens_per_s_aggregate"],
        "dynamic_tokens_per_s": train["dynamic"]["tgt_tokens_per_s_aggregate"],
        "target_tokens_per_batch": train["pad350"]["tgt_tokens_per_step_mean"],
        "decode_ms_per_token": translate["ms_per_generated_token"]["median"],
        "decode_ms_per_sentence_p50": translate["latency_ms_per_sentence"]["median"],
        "decode_tokens_per_sentence": translate["generated_tokens_per_sentence"]["mean"],
        "parameters": baseline["data"]["model_params"],
    }


def compare(ours: dict, seed: dict) -> dict:
    return {
        "train_vs_seed_pad350": ours["train_tokens_per_s"] / seed["pad350_tokens_per_s"],
        "train_vs_seed_dynamic": ours["train_tokens_per_s"] / seed["dynamic_tokens_per_s"],
        "decode_speedup_vs_seed": seed["decode_ms_per_token"] / ours["decode_ms_per_token"],
    }
