"""Section: the inference engines side by side on the same sentences.

torch float32 (our model), torch dynamic int8 (torch.ao's quantize_dynamic over every nn.Linear),
CTranslate2 float32 and CTranslate2 int8 (the same export, quantized when loaded), each at greedy batch 1,
beam 4 batch 1 and greedy batch 32: p50/p90 latency, sentences/s, the peak RSS while that engine ran
(the process's own, torch model included: the fallback always stays loaded) and the share of outputs
identical to torch float32's. Beam search runs at length penalty 0, the setting where the two engines'
beam searches mean the same thing (engines/ctranslate2.py). Then CTranslate2's thread settings: greedy
batch 1 at 1 and 2 intra-op threads per quantization, and 2 translations at once (inter_threads 2).
"""
from __future__ import annotations

import copy
import gc
import tempfile
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import torch
from torch import nn

from ..checkpoint import Checkpoint
from ..decoding import DecodeOptions, Hypothesis, decode
from ..engines.ctranslate2 import CTranslate2Engine, ThreadSettings
from ..export.ctranslate2 import export_ctranslate2
from .measure import peak_rss_mb, percentile, reset_peak_rss

CASES = {  # name -> (options, batch size)
    "greedy_b1": (DecodeOptions(method="greedy"), 1),
    "beam4_b1": (DecodeOptions(method="beam", beam_size=4, length_penalty=0.0), 1),
    "greedy_b32": (DecodeOptions(method="greedy"), 32),
}
Decoder = Callable[[list[list[int]], DecodeOptions], list[Hypothesis]]


def torch_decoder(model: nn.Module) -> Decoder:
    return lambda src_ids, options: [hyps[0] for hyps in decode(model, src_ids, options)]


def ctranslate2_decoder(engine: CTranslate2Engine) -> Decoder:
    return lambda src_ids, options: [hyps[0] for hyps in engine.decode_ids(src_ids, options)]


def torch_dynamic_int8(model: nn.Module) -> nn.Module:
    with warnings.catch_warnings():  # torch 2.13 announces the deprecation of quantized tensors: still what it has
        warnings.simplefilter("ignore", UserWarning)
        return torch.ao.quantization.quantize_dynamic(copy.deepcopy(model), {nn.Linear}, dtype=torch.qint8)


def time_case(run: Decoder, sources: list[list[int]], options: DecodeOptions, batch_size: int) -> tuple[dict, list]:
    """Consecutive batches after one warm-up batch; a sentence's latency is its batch's wall time."""
    batches = [sources[i : i + batch_size] for i in range(0, len(sources), batch_size)]
    run(batches[0], options)
    seconds, outputs = [], []
    for batch in batches:
        start = time.perf_counter()
        outputs += [h.ids for h in run(batch, options)]
        seconds.append(time.perf_counter() - start)
    latencies = [s for s, batch in zip(seconds, batches) for _ in batch]
    return {
        "ms_p50": 1000 * percentile(latencies, 50), "ms_p90": 1000 * percentile(latencies, 90),
        "sentences_per_s": len(sources) / sum(seconds),
    }, outputs


def bench_engine(
    make: Callable[[], Decoder], sources: list[list[int]], reference: dict[str, list] | None
) -> tuple[dict, dict]:
    gc.collect()
    reset_peak_rss()
    run = make()
    figures, outputs = {}, {}
    for name, (options, batch_size) in CASES.items():
        figures[name], outputs[name] = time_case(run, sources, options, batch_size)
        if reference is not None:
            same = sum(a == b for a, b in zip(outputs[name], reference[name]))
            figures[name]["same_as_torch_float32"] = same / len(sources)
    figures["peak_rss_mb"] = peak_rss_mb()
    return figures, outputs


def p50_greedy_b1(engine: CTranslate2Engine, sources: list[list[int]]) -> float:
    return time_case(ctranslate2_decoder(engine), sources, *CASES["greedy_b1"])[0]["ms_p50"]


def concurrent_throughput(engine: CTranslate2Engine, sources: list[list[int]]) -> float:
    """Sentences/s with two request threads, each translating half the sentences one at a time."""
    options = CASES["greedy_b1"][0]
    halves = [sources[::2], sources[1::2]]
    work = [threading.Thread(target=lambda h=h: [engine.decode_ids([s], options) for s in h]) for h in halves]
    start = time.perf_counter()
    for thread in work:
        thread.start()
    for thread in work:
        thread.join()
    return len(sources) / (time.perf_counter() - start)


def thread_settings(checkpoint: Checkpoint, folder: Path, sources: list[list[int]]) -> dict:
    result = {}
    for compute_type in ("float32", "int8"):
        for intra in (1, 2):
            engine = CTranslate2Engine(checkpoint, folder, compute_type, ThreadSettings(intra=intra))
            result[f"{compute_type}_intra{intra}_greedy_b1_ms_p50"] = p50_greedy_b1(engine, sources)
        for inter in (1, 2):
            engine = CTranslate2Engine(checkpoint, folder, compute_type, ThreadSettings(intra=1, inter=inter))
            result[f"{compute_type}_inter{inter}_two_clients_sentences_per_s"] = concurrent_throughput(engine, sources)
    return result


def bench_engines(checkpoint: Checkpoint, sources: list[list[int]], log=print) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        folder = export_ctranslate2(checkpoint, Path(tmp) / "ct2")
        makers: dict[str, Callable[[], Decoder]] = {
            "torch_float32": lambda: torch_decoder(checkpoint.model),
            "torch_int8_dynamic": lambda: torch_decoder(torch_dynamic_int8(checkpoint.model)),
            "ctranslate2_float32": lambda: ctranslate2_decoder(CTranslate2Engine(checkpoint, folder, "float32")),
            "ctranslate2_int8": lambda: ctranslate2_decoder(CTranslate2Engine(checkpoint, folder, "int8")),
        }
        result, reference = {}, None
        for name, make in makers.items():
            log(f"engines: {name} on {len(sources)} sentences")
            result[name], outputs = bench_engine(make, sources, reference)
            reference = reference or outputs
        log("engines: CTranslate2 thread settings")
        result["threads"] = thread_settings(checkpoint, folder, sources)
    return result
