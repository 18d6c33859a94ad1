"""`python -m transformer_demo bench`: speed and memory, measured in one run on the current device.

Sections (each can be left out with --skip):
  decode      greedy b1 / b32 and beam 4 b1, each with the key/value cache and without it
  engines     torch float32 / dynamic int8 and CTranslate2 float32 / int8 side by side; CTranslate2 threads
  train       training tokens/s of our model against torch.nn.Transformer on the same batches
  memory      peak RSS of a fresh process holding every model beside --checkpoint; MB per concurrent decode
  app         p50/p90 latency of the running app's /translate endpoint
  seed_shape  our model at the seed tutorial's shape beside the seed's own code
Progress goes to stderr; stdout gets a table, or with --json one JSON object (see BENCHMARKS.md).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import torch

from ..checkpoint import Checkpoint, load_checkpoint
from ..data import encode_pairs, read_parallel_dir
from ..errors import ConfigError
from ..training.runtime import resolve_device
from .app_latency import bench_app
from .decode_speed import bench_decoding
from .measure import REPO_ROOT, BackgroundMeter, machine_info
from .memory import bench_memory
from .report import format_table, targets
from .seed import bench_ours_at_seed_shape, compare, run_seed_baseline, seed_figures
from .train_speed import bench_training

SECTIONS = ("decode", "engines", "train", "memory", "app", "seed_shape")
DEFAULT_SEED_BASELINE = REPO_ROOT.parent / "shared" / "bench" / "seed_baseline.py"


@dataclass
class BenchSizes:
    decode_sentences: int  # the first N sentences of test_2016_flickr
    train_batches: int  # timed training batches per model, after the warm-up ones
    train_warmup: int
    train_pairs: int | None  # training pairs bucketed into batches (None = all)
    seed_steps: int  # timed training steps at the seed's shape (ours and the seed's)
    seed_warmup: int
    seed_sentences: int  # test sentences decoded at the seed's shape
    app_requests: int  # timed requests per decoding method


FULL = BenchSizes(200, 20, 3, None, 20, 3, 50, 30)
QUICK = BenchSizes(32, 3, 1, 4000, 2, 1, 3, 5)


def log(message: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def test_sources(checkpoint: Checkpoint, data_dir: str, sizes: BenchSizes) -> list[list[int]]:
    """The first decode_sentences sources of test_2016_flickr, encoded by the source rule."""
    train_cfg = checkpoint.run.train
    pairs = read_parallel_dir(data_dir, "test_2016_flickr", train_cfg.src_lang, train_cfg.tgt_lang)
    examples, _ = encode_pairs(pairs[: sizes.decode_sentences], checkpoint.vocab, checkpoint.run.model.max_len)
    return [e.src for e in examples]


def decode_section(checkpoint: Checkpoint, data_dir: str, sizes: BenchSizes) -> dict:
    return bench_decoding(checkpoint.model, test_sources(checkpoint, data_dir, sizes), log)


def engines_section(checkpoint: Checkpoint, data_dir: str, sizes: BenchSizes) -> dict:
    try:
        from .engines import bench_engines
    except ImportError as exc:
        return {"skipped": f"ctranslate2 is not installed ({exc})"}
    return bench_engines(checkpoint, test_sources(checkpoint, data_dir, sizes), log)


def train_section(checkpoint: Checkpoint, data_dir: str, sizes: BenchSizes, device: torch.device) -> dict:
    train_cfg = checkpoint.run.train
    pairs = read_parallel_dir(data_dir, "train", train_cfg.src_lang, train_cfg.tgt_lang)[: sizes.train_pairs]
    examples, _ = encode_pairs(pairs, checkpoint.vocab, checkpoint.run.model.max_len)
    log(f"train: {sizes.train_batches} batches (+{sizes.train_warmup} warm-up), ours and nn.Transformer interleaved")
    result = bench_training(checkpoint.run, examples, sizes.train_batches, sizes.train_warmup, device)
    return {"pairs": len(pairs), **result}


def seed_section(data_dir: str, script: Path, sizes: BenchSizes, device: torch.device) -> dict:
    train_pairs = read_parallel_dir(data_dir, "train", "en", "de")
    test_pairs = read_parallel_dir(data_dir, "test_2016_flickr", "en", "de")[: sizes.seed_sentences]
    log("seed: our model at the seed's shape")
    ours = bench_ours_at_seed_shape(train_pairs, test_pairs, sizes.seed_steps, sizes.seed_warmup, device)
    if not script.is_file():
        return {**ours, "seed": {"skipped": f"seed baseline not found at {script} (--seed-baseline)"}}
    log(f"seed: {script} (subprocess)")
    seed = seed_figures(run_seed_baseline(script, data_dir, sizes.seed_steps, sizes.seed_warmup, sizes.seed_sentences))
    return {**ours, **compare(ours, seed), "seed": seed}


def run_bench(args: argparse.Namespace) -> int:
    sizes = QUICK if args.quick else FULL
    skipped = {s.strip() for s in (args.skip or "").split(",") if s.strip()}
    unknown = skipped - set(SECTIONS)
    if unknown:
        raise ConfigError(f"--skip takes a comma list of {', '.join(SECTIONS)}; unknown: {', '.join(sorted(unknown))}")
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    device = resolve_device(args.device)
    checkpoint = load_checkpoint(args.checkpoint, device)
    script = Path(args.seed_baseline) if args.seed_baseline else DEFAULT_SEED_BASELINE
    sections: dict[str, Callable[[], dict]] = {
        "decode": lambda: decode_section(checkpoint, args.data_dir, sizes),
        "engines": lambda: engines_section(checkpoint, args.data_dir, sizes),
        "train": lambda: train_section(checkpoint, args.data_dir, sizes, device),
        "memory": lambda: bench_memory(checkpoint.folder),
        "app": lambda: bench_app(checkpoint, sizes.app_requests, args.threads),
        "seed_shape": lambda: seed_section(args.data_dir, script, sizes, device),
    }
    result: dict = {
        "machine": {**machine_info(device), "background_cores": {}},
        "settings": {"checkpoint": str(args.checkpoint), "quick": args.quick, **asdict(sizes)},
    }
    for name, run in sections.items():
        if name in skipped:
            result[name] = {"skipped": "--skip"}
            continue
        meter = BackgroundMeter()
        try:
            result[name] = run()
        except Exception as exc:  # one broken section must not lose the figures of the others
            result[name] = {"skipped": f"failed: {type(exc).__name__}: {exc}"[:500]}
        result["machine"]["background_cores"][name] = round(meter.cores(), 2)
        log(f"{name}: done in {time.perf_counter() - meter.start_wall:.1f}s")
    result["targets"] = [t.to_dict() for t in targets(result)]
    print(json.dumps(result, indent=2) if args.json else format_table(result))
    return 0
