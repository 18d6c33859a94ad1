"""Section 1: decoding speed of a trained model, with the key/value cache and with it off.

A sentence's latency is the wall time of the decode call it was part of (at batch 32 every sentence
of a batch waits for the whole batch). Generated tokens are decode steps: output tokens plus the
[EOS] step, unless the length cap stopped the sentence first.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from ..decoding import DecodeOptions, decode, default_max_len, model_device
from ..model import Transformer
from .measure import percentile, synchronize


@dataclass
class DecodeCase:
    name: str  # e.g. "greedy_b1_cached"
    options: DecodeOptions
    batch_size: int


def decode_cases() -> list[DecodeCase]:
    """Greedy at batch 1 and 32, beam 4 at batch 1; each with the cache and without it."""
    cases = []
    for label, method, batch_size in (
        ("greedy_b1", "greedy", 1),
        ("greedy_b32", "greedy", 32),
        ("beam4_b1", "beam", 1),
    ):
        for use_cache in (True, False):
            options = DecodeOptions(method=method, beam_size=4, use_cache=use_cache)
            cases.append(DecodeCase(f"{label}_{'cached' if use_cache else 'uncached'}", options, batch_size))
    return cases


def time_decoding(
    model: Transformer, sources: list[list[int]], options: DecodeOptions, batch_size: int
) -> tuple[dict[str, float], list[list[int]]]:
    """Decode sources in consecutive batches (after one warm-up batch); returns the speed figures and the outputs."""
    device = model_device(model)
    chunks = [sources[i : i + batch_size] for i in range(0, len(sources), batch_size)]
    decode(model, chunks[0], options)  # warm-up: first-call allocations are not what we measure
    seconds, steps, outputs = [], [], []
    for chunk in chunks:
        start = time.perf_counter()
        hypotheses = decode(model, chunk, options)
        synchronize(device)
        seconds.append(time.perf_counter() - start)
        ids = [h[0].ids for h in hypotheses]
        cap = default_max_len(model, chunk, options)
        steps.append(sum(min(len(i) + 1, cap) for i in ids))
        outputs += ids
    latencies = [s for s, chunk in zip(seconds, chunks) for _ in chunk]
    total = sum(seconds)
    figures = {
        "sentences": len(sources),
        "batch_size": batch_size,
        "sentences_per_s": len(sources) / total,
        "ms_p50": 1000 * percentile(latencies, 50),
        "ms_p90": 1000 * percentile(latencies, 90),
        "generated_tokens_per_s": sum(steps) / total,
        "ms_per_token_p50": 1000 * percentile([s / n for s, n in zip(seconds, steps)], 50),
        "total_s": total,
    }
    return figures, outputs


def bench_decoding(model: Transformer, sources: list[list[int]], log=print) -> dict[str, dict[str, float]]:
    """Every case of decode_cases(); cached cases also say how many outputs equal the uncached ones."""
    results, outputs = {}, {}
    for case in decode_cases():
        log(f"decode: {case.name} on {len(sources)} sentences")
        results[case.name], outputs[case.name] = time_decoding(model, sources, case.options, case.batch_size)
    for name in results:
        if name.endswith("_cached"):
            twin = outputs[name.replace("_cached", "_uncached")]
            same = sum(a == b for a, b in zip(outputs[name], twin))
            results[name]["same_outputs_as_uncached"] = same / len(twin)
    return results
