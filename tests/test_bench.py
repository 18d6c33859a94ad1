"""The benchmark command: a quick run on a tiny checkpoint prints every stable key, and the pieces it
times (fast paths, the nn.Transformer reference, the seed's batches) do what they claim. No timing
is asserted here; speed is the benchmark's business."""
from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path

import pytest
import torch
from app_helpers import build_model_roots, launch
from conftest import small_config
from gradio_client import Client
from tokenizers import Tokenizer, models
from torch.utils.data import DataLoader

from transformer_demo.bench.app_latency import app_model_name, time_endpoint
from transformer_demo.bench.report import lookup
from transformer_demo.bench.seed import SEED_BATCH_SIZE, SEED_DATA_SEED, seed_batch_indices
from transformer_demo.bench.train_speed import ReferenceTransformer, padding_fraction
from transformer_demo.checkpoint import save_checkpoint
from transformer_demo.config import RunConfig, TrainConfig
from transformer_demo.data import encode_pairs
from transformer_demo.model import Transformer
from transformer_demo.services.service import Service
from transformer_demo.tasks import synthetic_sequence_pairs
from transformer_demo.tokenization import PAD_ID, Vocab

STABLE_KEYS = [
    "decode.greedy_b1_cached.ms_p50",
    "decode.greedy_b1_uncached.ms_p50",
    "decode.greedy_b32_cached.sentences_per_s",
    "decode.greedy_b1_cached.sentences_per_s",
    "decode.beam4_b1_cached.ms_p50",
    "train.ours_tokens_per_s",
    "train.reference_tokens_per_s",
    "train.padding_fraction",
    "seed_shape.train_tokens_per_s",
    "seed_shape.decode_ms_per_token",
    "memory.peak_rss_mb",
    "engines.torch_int8_dynamic.greedy_b1.ms_p50",
    "engines.ctranslate2_float32.beam4_b1.ms_p50",
    "engines.ctranslate2_int8.greedy_b32.sentences_per_s",
    "engines.ctranslate2_int8.peak_rss_mb",
    "engines.threads.int8_intra2_greedy_b1_ms_p50",
]


def write_parallel(folder: Path, split: str, pairs: list[tuple[str, str]]) -> None:
    for lang, column in (("en", 0), ("de", 1)):
        with gzip.open(folder / f"{split}.{lang}.gz", "wt", encoding="utf-8") as handle:
            handle.writelines(pair[column] + "\n" for pair in pairs)


@pytest.fixture(scope="module")
def tiny_setup(tmp_path_factory) -> tuple[Path, Path]:
    """(checkpoint folder, data folder): an untrained 1+1-layer model and a few hundred word-reversal pairs."""
    root = tmp_path_factory.mktemp("bench")
    data = root / "data"
    data.mkdir()
    train = synthetic_sequence_pairs("reverse", 300, seed=1)
    write_parallel(data, "train", train)
    write_parallel(data, "test_2016_flickr", synthetic_sequence_pairs("reverse", 40, seed=2))
    vocab = Vocab.build(train, "bpe", vocab_size=100, min_frequency=1, joint=True)
    size = vocab.src.get_vocab_size()
    cfg = small_config(src_vocab_size=size, tgt_vocab_size=size, n_encoder_layers=1, n_decoder_layers=1)
    torch.manual_seed(0)
    folder = save_checkpoint(
        root / "models" / "tiny", Transformer(cfg), RunConfig(cfg, TrainConfig(max_tokens=256)), vocab
    )
    return folder, data


@pytest.mark.slow
def test_quick_bench_prints_the_stable_keys(tiny_setup, run_cli):
    folder, data = tiny_setup
    done = run_cli("bench", "--quick", "--json", "--threads", "1", "--checkpoint", str(folder), "--data-dir", str(data))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    missing = [key for key in STABLE_KEYS if not isinstance(lookup(result, key), (int, float))]
    assert not missing, f"missing or not numbers: {missing}"
    assert result["memory"]["models"] == ["tiny"]
    assert result["decode"]["greedy_b1_cached"]["same_outputs_as_uncached"] == 1.0
    assert all(result["engines"]["ctranslate2_float32"][case]["same_as_torch_float32"] == 1.0
               for case in ("greedy_b1", "beam4_b1", "greedy_b32"))
    assert {t["name"] for t in result["targets"]} and all("met" in t for t in result["targets"])


def test_bench_rejects_an_unknown_section(tiny_setup, run_cli):
    folder, data = tiny_setup
    done = run_cli("bench", "--skip", "decode,everything", "--checkpoint", str(folder), "--data-dir", str(data))
    assert done.returncode == 2 and "everything" in done.stderr


@pytest.mark.slow
def test_app_timing_calls_the_translate_endpoint_of_the_real_app(tmp_path):
    checkpoints, runs = build_model_roots(tmp_path)
    demo, url = launch(Service(checkpoints, runs, data_dir=None, device="cpu"))
    try:
        client = Client(url, verbose=False)
        figures = {m: time_endpoint(client, "tiny-en-de", m, 0.6, requests=2) for m in ("greedy", "beam")}
    finally:
        demo.close()
    assert all(f["requests"] == 2 and 0 < f["ms_p50"] <= f["ms_p90"] for f in figures.values())


def test_only_app_checkpoints_get_an_app_model_name(repo_root, tmp_path):
    assert app_model_name(repo_root / "checkpoints" / "multi30k-en-de") == "multi30k-en-de"
    assert app_model_name(repo_root / "runs" / "multi30k-en-de") == "runs/multi30k-en-de"
    assert app_model_name(tmp_path / "tiny") is None


def test_reference_has_our_parameter_count_shape_and_causal_mask():
    cfg = small_config(norm_first=True)
    ours = Transformer(cfg)
    reference = ReferenceTransformer(ours)
    assert sum(p.numel() for p in ours.parameters()) == sum(p.numel() for p in reference.parameters())
    assert reference.projection.weight is reference.tgt_embed.lut.weight  # still tied, to the copy
    assert reference.src_embed.lut.weight is not ours.src_embed.lut.weight
    src, tgt = torch.randint(4, 50, (2, 6)), torch.randint(4, 50, (2, 5))
    src[1, 4:] = PAD_ID
    logits = reference.eval()(src, tgt, None, None)
    assert logits.shape == (2, 5, cfg.tgt_vocab_size) and torch.isfinite(logits).all()
    changed = tgt.clone()
    changed[:, -1] = 4
    assert torch.allclose(reference(src, changed, None, None)[:, :-1], logits[:, :-1], atol=1e-5)  # causal


def load_seed_baseline(path: Path):
    spec = importlib.util.spec_from_file_location("seed_baseline", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_seed_batches_are_the_seed_dataloaders(repo_root):
    """Our batch indices pick the same sentences as the seed's own DataLoader over its BilingualDataset."""
    script = repo_root.parent / "shared" / "bench" / "seed_baseline.py"
    if not script.is_file():
        pytest.skip(f"seed baseline not found at {script}")
    seed = load_seed_baseline(script)
    pairs = synthetic_sequence_pairs("copy", 60, seed=4)
    ds_raw = [{"translation": {"en": s, "de": t}} for s, t in pairs]
    tokenizer = Tokenizer(models.WordLevel({"[UNK]": 0, "[PAD]": 1, "[SOS]": 2, "[EOS]": 3}, unk_token="[UNK]"))
    dataset = seed.BilingualDataset(ds_raw, tokenizer, tokenizer, "en", "de", 350)
    loader = DataLoader(
        dataset, batch_size=SEED_BATCH_SIZE, shuffle=True, generator=torch.Generator().manual_seed(SEED_DATA_SEED)
    )
    theirs = [batch["src_text"] for batch, _ in zip(loader, range(3))]
    assert [[pairs[i][0] for i in batch] for batch in seed_batch_indices(len(pairs), 3)] == theirs


def test_padding_fraction_counts_padded_positions():
    pairs = [("a b", "c d"), ("a b c d", "c")]
    vocab = Vocab.build(pairs, "word", vocab_size=50, min_frequency=1, joint=True)
    examples, _ = encode_pairs(pairs, vocab, 16)
    # sources a b [EOS] / a b c d [EOS] -> 2 x 5 slots, 8 real; targets c d [EOS] / c [EOS] -> 2 x 3, 5 real
    assert padding_fraction(examples, [[0, 1]]) == pytest.approx(3 / 16)
