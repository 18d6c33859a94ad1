"""Section 3: memory. Peak resident memory of a fresh process holding every shipped model (after one
beam-4 translation each), and the extra memory each concurrent decode adds: beam-4 translations of
one sentence in threads, peak over resident memory just before them.

`python -m transformer_demo.bench.memory FOLDER...` is that fresh process: it prints one JSON object.
"""
from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..checkpoint import load_checkpoint
from ..decoding import DecodeOptions, translate
from .measure import REPO_ROOT, peak_rss_mb, proc_status_mb, reset_peak_rss

SENTENCE = "Two young children are playing with a red ball in the green park."  # 13 words
CONCURRENT_DECODES = 8


def model_folders(root: Path) -> list[Path]:
    """Checkpoint folders directly under root (those with a config.json)."""
    return sorted(p for p in root.iterdir() if (p / "config.json").is_file())


def measure_in_this_process(folders: list[Path], concurrent: int = CONCURRENT_DECODES) -> dict:
    """Load every folder, translate once with each, then run the concurrent decodes on the first."""
    beam = DecodeOptions(method="beam", beam_size=4)
    start = peak_rss_mb()
    checkpoints = [load_checkpoint(folder) for folder in folders]
    loaded = peak_rss_mb()
    for checkpoint in checkpoints:  # one decode each: the first call's buffers are part of serving a model
        translate(checkpoint.model, checkpoint.vocab, [SENTENCE], beam)
    result = {
        "models": [folder.name for folder in folders],
        "rss_before_loading_mb": start,
        "peak_rss_models_loaded_mb": loaded,
        "peak_rss_mb": peak_rss_mb(),
        "concurrent_decodes": concurrent,
        "concurrent_decodes_model": folders[0].name,
    }
    if not reset_peak_rss():  # loading peaks higher than decoding; without a reset the decodes would not show
        return {**result, "extra_mb_per_concurrent_decode": None}
    before = proc_status_mb("VmRSS")
    first = checkpoints[0]
    with ThreadPoolExecutor(concurrent) as pool:
        list(pool.map(lambda _: translate(first.model, first.vocab, [SENTENCE], beam), range(concurrent)))
    return {**result, "extra_mb_per_concurrent_decode": (peak_rss_mb() - before) / concurrent}


def bench_memory(checkpoint: Path) -> dict:
    """Every model beside checkpoint (in its parent folder), loaded by a fresh interpreter so that nothing
    the benchmark loaded counts; the concurrent decodes run on checkpoint itself."""
    folders = sorted(model_folders(checkpoint.parent), key=lambda f: f.resolve() != checkpoint.resolve())
    command = [sys.executable, "-m", "transformer_demo.bench.memory", *(str(f.resolve()) for f in folders)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO_ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"memory subprocess failed: {done.stderr.strip()[-500:]}")
    return json.loads(done.stdout)


if __name__ == "__main__":
    print(json.dumps(measure_in_this_process([Path(p) for p in sys.argv[1:]])))
