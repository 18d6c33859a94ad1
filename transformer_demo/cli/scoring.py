"""evaluate, tune and calibrate: scoring a checkpoint on a split, and recording the results beside it."""
from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

from ..config import RunConfig
from ..errors import DataError, DecodeError
from .arguments import decode_options, load_engine, note, source_from_args, with_pair


def cmd_evaluate(args: argparse.Namespace) -> int:
    from ..evaluation import evaluate

    if args.write_metrics:
        writable_folder(args.checkpoint)
    engine = load_engine(args)
    engine.checkpoint.run = with_pair(engine.checkpoint.run, args.pair)  # what evaluate_suite reads
    if args.suite or (args.split is None and engine.checkpoint.run.train.sources):
        return evaluate_suite(args, engine)
    args.split = args.split or "test_2016_flickr"
    engine, task, pairs, options = load_for_scoring(args, engine)
    answered_by = engine.route(options).engine.name
    result = {"split": args.split, **evaluate(engine, task, pairs, options), "engine": answered_by}
    if args.limit:
        result["limit"] = args.limit
    print(json.dumps(result, ensure_ascii=False))
    if args.write_metrics:
        limit = f"/first{args.limit}" if args.limit else ""
        record_metric(writable_folder(args.checkpoint), f"{args.split}/{result['decoding']}{limit}", result)
    return 0


def evaluate_suite(args: argparse.Namespace, engine) -> int:
    """Every benchmark of the suite (benchmarks.py) in one call: one JSON object, one metrics.json key per set."""
    from ..quality_suite import evaluate_suite as run_suite
    from ..quality_suite import metrics_key

    if args.split is not None:
        raise DataError("give either --suite or --split, not both")
    if not args.data_dir or args.dataset or args.pairs_file:
        raise DataError(
            "the suite reads its test sets from --data-dir, the data root that holds multi30k/ and tatoeba/"
        )
    options = decode_options(args, engine.checkpoint.length_penalty, engine.checkpoint.length_norm)
    answered_by = {"engine": engine.route(options).engine.name}
    scored = run_suite(engine, args.data_dir, options, args.limit)
    results = {name: result | answered_by for name, result in scored.items()}
    print(json.dumps({"data_dir": args.data_dir, **({"limit": args.limit} if args.limit else {}), "results": results}))
    for name, result in results.items() if args.write_metrics else ():
        record_metric(writable_folder(args.checkpoint), metrics_key(name, result), result)
    return 0


def load_for_scoring(args: argparse.Namespace, engine=None):
    """(engine, task, the split's pairs, decoding options) for evaluate, tune and calibrate."""
    from ..tasks import get_task, load_task_pairs

    engine = engine or load_engine(args)
    run = with_pair(engine.checkpoint.run, args.pair)
    pairs = load_task_pairs(run.train, args.split, source_from_args(args))
    if args.limit:
        pairs = pairs[: args.limit]
    if not pairs:
        raise DataError(f"split {args.split!r} has no sentence pairs")
    options = decode_options(args, engine.checkpoint.length_penalty, engine.checkpoint.length_norm)
    return engine, get_task(run.train.task), pairs, options


def writable_folder(checkpoint: str) -> Path:
    """The local folder that --write/--write-metrics change; a Hub model's cached copy must stay as downloaded."""
    from ..checkpoint import CheckpointError
    from ..hub import is_hub_reference

    if is_hub_reference(checkpoint):
        raise CheckpointError(
            f"{checkpoint} is a Hub model: download it to a folder (hf download ... --local-dir DIR) "
            "to record results in it"
        )
    return Path(checkpoint)


def record_metric(folder: Path, key: str, result: dict) -> None:
    from ..files import read_json, write_json

    path = folder / "metrics.json"
    metrics = read_json(path) if path.exists() else {}
    metrics[key] = result
    write_json(path, metrics)


def cmd_tune(args: argparse.Namespace) -> int:
    from ..evaluation import headline, tune_length_penalty
    from ..files import read_json, write_json

    if args.beam < 2:
        raise DecodeError(f"the length penalty only matters for beam search: give --beam 2 or more, got {args.beam}")
    folder = writable_folder(args.checkpoint) if args.write else None
    engine, task, pairs, options = load_for_scoring(args)
    best, results = tune_length_penalty(engine, task, pairs, options, args.values)
    summary = {
        "split": args.split, "decoding": f"beam{args.beam}", "sentences": len(pairs),
        "length_norm": options.length_norm, "best_length_penalty": best,
        "scores": {value: headline(result) for value, result in results.items()},
    }
    print(json.dumps(summary))
    if folder is not None:
        config = {**read_json(folder / "config.json"), "length_penalty": best, "length_norm": options.length_norm}
        write_json(folder / "config.json", config)
        record_metric(folder, f"{args.split}/beam{args.beam}/length_penalty", summary)
    return 0


def training_word_counts(args: argparse.Namespace, run: RunConfig):
    """How often the training split's sources hold each word, each source folder once (a transform's variants only
    swap listed words); None, with a note, when there is no training split to read."""
    from ..source_words import count_words
    from ..tasks import load_task_pairs

    sources = list({s["path"]: {"path": s["path"]} for s in run.train.sources if not s.get("transform")}.values())
    try:
        pairs = load_task_pairs(replace(run.train, sources=sources), "train", source_from_args(args))
    except DataError as exc:
        note(f"source words not counted, so no rare-word figures: {exc}")
        return None
    return count_words(source for source, _ in pairs)


def cmd_calibrate(args: argparse.Namespace) -> int:
    from ..calibration import calibrate
    from ..files import read_json, write_json
    from ..source_words import write_counts

    folder = writable_folder(args.checkpoint) if args.write else None
    engine, task, pairs, options = load_for_scoring(args)
    if not task.between_languages:
        raise DataError(f"the confidence threshold is for translation models; this one is a {task.name} model")
    counts = training_word_counts(args, with_pair(engine.checkpoint.run, args.pair))
    result = {"split": args.split, **calibrate(engine, pairs, options, counts)}
    print(json.dumps(result))
    if folder is not None:
        chosen = {"min_mean_log_prob": result["min_mean_log_prob"]}
        if counts is not None:
            chosen["rare_below"] = result["rare_words"]["rare_below"]
        write_json(folder / "config.json", {**read_json(folder / "config.json"), **chosen})
        record_metric(folder, f"{args.split}/confidence", result)
        if counts is not None:
            write_counts(folder, counts)
    return 0
