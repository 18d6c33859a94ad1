"""python -m transformer_demo COMMAND: train, translate, evaluate, and the other commands listed below.

Errors a user can fix (bad path, bad config, unknown language pair) print one line to stderr and
exit with status 2; stdout carries only results.
"""
from __future__ import annotations

import argparse
import json
import signal
import sys
from dataclasses import replace
from pathlib import Path

from .config import LENGTH_NORMS, RunConfig
from .errors import ConfigError, DataError, DecodeError, UserError

USER_ERRORS = (UserError, FileNotFoundError)


def positive_int(text: str) -> int:
    """argparse type for counts (batch size, a limit): 0 or less would silently do nothing or everything."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number >= 1, got {text!r}")
    return value


def penalty_list(text: str) -> list[float]:
    """argparse type for --values: "0.6,1,2" -> [0.6, 1.0, 2.0], each in the range beam search accepts."""
    try:
        values = [float(v) for v in text.split(",") if v.strip()]
    except ValueError:
        values = []
    if not values or not all(0.0 <= v <= 5.0 for v in values):
        raise argparse.ArgumentTypeError(f"must be a comma list of numbers from 0 to 5, got {text!r}")
    return values


def add_source_args(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("data (translation)")
    group.add_argument("--data-dir", help="folder of parallel files {split}.{lang}[.gz], e.g. ../shared/data/multi30k")
    group.add_argument("--dataset", help="Hugging Face hub dataset name, e.g. opus_books or bentrevett/multi30k")
    group.add_argument("--pair", help="language pair SRC-TGT, e.g. en-it (default: from the config)")
    group.add_argument("--pairs-file", help="TSV (source<TAB>target) or JSONL ({'src','tgt'}) file of pairs")


def add_decode_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--beam", type=int, default=0, help="beam size (0 = greedy)")
    parser.add_argument(
        "--length-penalty", type=float,
        help="beam search: higher favours longer outputs (default: the checkpoint's tuned value, else 0.6)",
    )
    parser.add_argument("--sample", action="store_true", help="sample instead of greedy")
    parser.add_argument("--temperature", type=float, default=1.0)
    parser.add_argument("--top-k", type=int, default=0)
    parser.add_argument("--top-p", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--batch-size", type=positive_int, default=64)
    parser.add_argument("--device", default="cpu", help="auto, cpu or cuda")


def add_scoring_args(parser: argparse.ArgumentParser, split: str, split_help: str) -> None:
    """What evaluate and tune share: the checkpoint, the data, the split, a limit and the decoding."""
    parser.add_argument("--checkpoint", required=True)
    add_source_args(parser)
    parser.add_argument("--split", default=split, help=split_help)
    parser.add_argument("--limit", type=positive_int, help="only the first N sentence pairs")
    add_decode_args(parser)


def decode_options(
    args: argparse.Namespace, model_length_penalty: float | None = None, model_length_norm: str = "gnmt"
):
    """Validated options; --length-penalty, when given, overrides the model's own (Checkpoint.length_penalty).
    The length norm is the model's (Checkpoint.length_norm), or --length-norm where tune offers it."""
    from .decoding import DecodeOptions

    if args.beam < 0:
        raise DecodeError(f"--beam must be >= 0, got {args.beam}")
    method = "beam" if args.beam > 0 else "sample" if args.sample else "greedy"
    length_penalty = next(
        v for v in (args.length_penalty, model_length_penalty, DecodeOptions.length_penalty) if v is not None
    )
    return DecodeOptions(
        method=method, beam_size=max(args.beam, 1), length_penalty=length_penalty,
        length_norm=getattr(args, "length_norm", None) or model_length_norm,
        temperature=args.temperature, top_k=args.top_k, top_p=args.top_p, seed=args.seed,
    ).validate()


def source_from_args(args: argparse.Namespace):
    from .tasks import DataSource

    return DataSource(args.data_dir, args.dataset, args.pairs_file)


def with_pair(run: RunConfig, pair: str | None) -> RunConfig:
    """run with --pair's languages, as a new config (the one given is left as it is)."""
    if not pair:
        return run
    parts = pair.split("-")
    if len(parts) != 2 or not all(parts):
        raise ConfigError(f"--pair must look like SRC-TGT (e.g. en-de), got {pair!r}")
    return replace(run, train=replace(run.train, src_lang=parts[0], tgt_lang=parts[1]))


def cmd_train(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from .tasks import load_task_pairs
    from .training.trainer import Trainer

    if args.resume:
        from .checkpoint import load_run_config

        run, _ = load_run_config(Path(args.out) / "last")
    else:
        if not args.config:
            raise ConfigError("--config is required (or --resume with --out of an earlier run)")
        run = RunConfig.load(args.config)
    run = with_pair(run, args.pair)
    if args.steps is not None:
        run = replace(run, train=replace(run.train, steps=args.steps, epochs=None))
    if args.epochs is not None:
        run = replace(run, train=replace(run.train, epochs=args.epochs, steps=None))
    run.train.validate()
    source = source_from_args(args)
    train_pairs = load_task_pairs(run.train, "train", source)
    val_pairs = load_task_pairs(run.train, "val", source)
    if args.limit:
        train_pairs = train_pairs[: args.limit]
    trainer = Trainer(run, train_pairs, val_pairs, args.out, device=args.device, resume=args.resume,
                      init_from=args.init_from)

    def stop_after_this_step(signum: int, frame) -> None:  # SIGTERM (a session ending) or Ctrl-C: nothing is lost
        trainer.stop_requested = True

    for stop_signal in (signal.SIGTERM, signal.SIGINT):
        signal.signal(stop_signal, stop_after_this_step)
    quiet = args.quiet or trainer.rank != 0
    bar = tqdm(total=trainer.total_steps, initial=trainer.step, disable=quiet, file=sys.stderr, dynamic_ncols=True)
    for event in trainer.run():
        if event.kind == "step":
            bar.update(event.step - bar.n)
            bar.set_postfix(loss=f"{event.loss:.3f}", tok_s=f"{event.tokens_per_s:,.0f}", refresh=False)
        elif not quiet and event.kind in ("start", "eval", "done"):
            lines = [event.message] if event.message else []
            if event.val_loss is not None:
                lines.append(f"step {event.step}: validation loss {event.val_loss:.4f}")
            lines += [f"  {src}\n  -> {out}\n  == {ref}" for src, out, ref in event.samples]
            bar.write("\n".join(lines), file=sys.stderr)  # tqdm.write defaults to stdout
    bar.close()
    if trainer.rank == 0:
        print(json.dumps({"out": str(args.out), "steps": trainer.step, "best_val_loss": trainer.best_val}))
    return 0


def read_inputs(args: argparse.Namespace) -> list[str]:
    if args.input:
        path = Path(args.input)
        if args.input != "-" and not path.is_file():
            raise DataError(f"input file not found: {args.input}")
        try:
            text = sys.stdin.read() if args.input == "-" else path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise DataError(f"{args.input} is not UTF-8 text: {exc}") from None
        return text.splitlines()
    if args.text:
        return list(args.text)
    if not sys.stdin.isatty():
        return sys.stdin.read().splitlines()
    raise DataError("give sentences as arguments, with --input FILE, or on standard input")


def add_engine_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine", default="torch", choices=["torch", "ctranslate2", "auto"],
        help="torch (our model), ctranslate2 (an export of it, made and cached on first use) or auto (ctranslate2 "
        "when it is installed); requests CTranslate2 cannot decode as ours (sampling, a beam length penalty, "
        "n-best) are answered by torch, with a note on stderr",
    )
    parser.add_argument(
        "--quantization", choices=["int8", "float32"], default="int8",
        help="CTranslate2 weights: int8 (default, fastest on a CPU) or float32 (outputs identical to torch)",
    )


def note(message: str) -> None:
    print(f"note: {message}", file=sys.stderr)


def load_engine(args: argparse.Namespace):
    """The checkpoint's engine (bad decoding options are refused before the model is loaded)."""
    from .checkpoint import load_checkpoint
    from .engines import TorchEngine
    from .training.runtime import resolve_device

    decode_options(args)
    torch_engine = TorchEngine(load_checkpoint(args.checkpoint, resolve_device(args.device)), args.batch_size)
    from .engines.choice import RoutingEngine, fast_engine

    choice = getattr(args, "engine", "torch")  # tune has no --engine: its beam length penalties need torch
    fast = fast_engine(torch_engine.checkpoint, choice, getattr(args, "quantization", "int8"))
    if fast.engine is None and choice != "torch":
        note(f"{fast.reason}; using torch")
    return RoutingEngine(torch_engine, fast.engine, note)


def cmd_translate(args: argparse.Namespace) -> int:
    from .tasks import get_task

    engine = load_engine(args)
    checkpoint = engine.checkpoint
    options = decode_options(args, checkpoint.length_penalty, checkpoint.length_norm)
    lines = read_inputs(args)
    task = get_task(checkpoint.run.train.task)
    if args.show_program and not task.answers_questions:
        raise DecodeError("--show-program is for math models only")
    results = task.translate(engine, checkpoint, [line.strip() for line in lines], options)
    for line, result in zip(lines, results):
        print(task.cli_line(result, args.show_program) if line.strip() else "")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from .checkpoint import load_checkpoint
    from .engines import TorchEngine
    from .tasks import get_task
    from .tasks.math.answer_check import check
    from .tasks.math.task import answer_questions

    if bool(args.question) == bool(args.conversation):
        raise DataError("give exactly one of --question or --conversation FILE")
    conversation = None
    if args.conversation:
        path = Path(args.conversation)
        if args.conversation != "-" and not path.is_file():
            raise DataError(f"conversation file not found: {args.conversation}")
        conversation = sys.stdin.read() if args.conversation == "-" else path.read_text(encoding="utf-8")
    checkpoint = load_checkpoint(args.checkpoint)
    if not get_task(checkpoint.run.train.task).answers_questions:
        raise DataError(f"{args.checkpoint} is not a math model (its task is {checkpoint.run.train.task})")
    engine = TorchEngine(checkpoint)
    result = check(lambda q: answer_questions(engine, [q])[0], args.answer, conversation, args.question)
    print(json.dumps(result, ensure_ascii=False))
    return 0


def cmd_evaluate(args: argparse.Namespace) -> int:
    from .evaluation import evaluate

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
    from .quality_suite import evaluate_suite as run_suite
    from .quality_suite import metrics_key

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
    from .tasks import get_task, load_task_pairs

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
    from .checkpoint import CheckpointError
    from .hub import is_hub_reference

    if is_hub_reference(checkpoint):
        raise CheckpointError(
            f"{checkpoint} is a Hub model: download it to a folder (hf download ... --local-dir DIR) "
            "to record results in it"
        )
    return Path(checkpoint)


def record_metric(folder: Path, key: str, result: dict) -> None:
    from .checkpoint import read_json, write_json

    path = folder / "metrics.json"
    metrics = read_json(path) if path.exists() else {}
    metrics[key] = result
    write_json(path, metrics)


def cmd_tune(args: argparse.Namespace) -> int:
    from .checkpoint import read_json, write_json
    from .evaluation import headline, tune_length_penalty

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


def cmd_calibrate(args: argparse.Namespace) -> int:
    from .calibration import calibrate
    from .checkpoint import read_json, write_json

    folder = writable_folder(args.checkpoint) if args.write else None
    engine, task, pairs, options = load_for_scoring(args)
    if not task.between_languages:
        raise DataError(f"the confidence threshold is for translation models; this one is a {task.name} model")
    result = {"split": args.split, **calibrate(engine, pairs, options)}
    print(json.dumps(result))
    if folder is not None:
        threshold = {"min_mean_log_prob": result["min_mean_log_prob"]}
        write_json(folder / "config.json", {**read_json(folder / "config.json"), **threshold})
        record_metric(folder, f"{args.split}/confidence", result)
    return 0


def cmd_curve(args: argparse.Namespace) -> int:
    from .checkpoint import read_json
    from .curves import curve_figure, update_curve

    suite = read_json(Path(args.scores)) if args.scores else None
    info = read_json(Path(args.checkpoint) / "config.json") if args.checkpoint else None
    if suite is not None and info is None:
        raise ConfigError("--scores needs --checkpoint: the folder that was scored (its trained_steps place them)")
    curve = update_curve(Path(args.out), Path(args.run), suite, info)
    if args.figure:
        curve_figure(curve, args.title or curve["run"]).savefig(args.figure, dpi=110)
    last = curve["points"][-1] if curve["points"] else {}
    print(json.dumps({"out": args.out, "points": len(curve["points"]), "scores": len(curve["scores"]), "last": last}))
    return 0


def cmd_params(args: argparse.Namespace) -> int:
    from .checkpoint import load_checkpoint
    from .model import Transformer, count_parameters

    if bool(args.checkpoint) == bool(args.config):
        raise ConfigError("give exactly one of --checkpoint or --config")
    if args.checkpoint:
        checkpoint = load_checkpoint(args.checkpoint)
        cfg, model = checkpoint.run.model, checkpoint.model
    else:
        cfg = RunConfig.load(args.config).model
        model = Transformer(cfg)
    actual = sum(p.numel() for p in model.parameters())
    print(json.dumps({"analytic": count_parameters(cfg), "actual": actual, "config": cfg.to_dict()}))
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from .checkpoint import load_checkpoint
    from .export.ctranslate2 import export_ctranslate2

    folder = export_ctranslate2(load_checkpoint(args.checkpoint), args.out, args.quantization)
    print(json.dumps({"out": str(folder), "to": args.to, "quantization": args.quantization}))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_bench

    return run_bench(args)


def cmd_doctor(args: argparse.Namespace) -> int:
    from .doctor import check_space

    if not args.spaces:
        raise ConfigError("nothing to check: give --spaces")
    problems = check_space(args.root)
    if problems:
        print(f"{len(problems)} problem{'s' * (len(problems) != 1)} for a Hugging Face Space:", file=sys.stderr)
        print("\n".join(f"- {problem}" for problem in problems), file=sys.stderr)
        return 1
    print(f"{Path(args.root).resolve()} is ready for a Hugging Face Space (files, front matter, requirements, paths)")
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    from huggingface_hub import get_token

    from .publish import prepare, publish

    publication = prepare(args.checkpoint, args.repo)
    token = None if args.dry_run else get_token()
    print(publication.describe())
    if token is None:
        reason = "--dry-run" if args.dry_run else "no Hugging Face token (set HF_TOKEN or run `hf auth login`)"
        print(f"dry run ({reason}): nothing was uploaded", file=sys.stderr)
        return 0
    print(publish(publication, token, args.private))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m transformer_demo", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)

    train = commands.add_parser("train", help="train a model from a config")
    train.add_argument("--config", help="JSON config with 'model' and 'train' sections (see configs/)")
    add_source_args(train)
    train.add_argument("--steps", type=int, help="optimizer steps (overrides the config)")
    train.add_argument("--epochs", type=int, help="passes over the training data (overrides the config)")
    train.add_argument("--out", default="runs/latest", help="output folder (a checkpoint; out/last for --resume)")
    train.add_argument("--device", default="auto", help="auto, cpu or cuda")
    train.add_argument("--resume", action="store_true", help="continue the run in --out from its last checkpoint")
    train.add_argument("--init-from", default=None, help="start from this checkpoint's weights and vocabulary "
                       "(fine-tuning with the config's training settings), not from scratch")
    train.add_argument("--limit", type=positive_int, help="use only the first N training pairs")
    train.add_argument("--quiet", action="store_true", help="no progress bar or samples")
    train.set_defaults(func=cmd_train)

    tr = commands.add_parser("translate", help="translate sentences (one output line per input line)")
    tr.add_argument(
        "--checkpoint", required=True,
        help="checkpoint folder (e.g. checkpoints/multi30k-en-de) or Hub model (hf://OWNER/NAME[@REV])",
    )
    tr.add_argument("--input", help="file with one sentence per line ('-' = stdin)")
    tr.add_argument("text", nargs="*", help="sentences to translate")
    tr.add_argument("--show-program", action="store_true", help="math models: print the program after the answer (tab)")
    add_decode_args(tr)
    add_engine_arg(tr)
    tr.set_defaults(func=cmd_translate)

    ch = commands.add_parser("check", help="math: is a student's answer right? prints the seed's JSON")
    ch.add_argument("--question", help='a math question, e.g. "What is 61 times 36?"')
    ch.add_argument("--conversation", help="a file holding a conversation (list of user/bot turns; '-' = stdin)")
    ch.add_argument("--answer", required=True, help="the student's answer, e.g. 2196")
    ch.add_argument("--checkpoint", default=str(Path(__file__).resolve().parents[1] / "checkpoints" / "math-qa"),
                    help="a math checkpoint (default: the shipped checkpoints/math-qa)")
    ch.set_defaults(func=cmd_check)

    ev = commands.add_parser("evaluate", help="score a checkpoint on a split; prints one JSON object")
    add_scoring_args(
        ev, None, "split name, e.g. val or test_2016_flickr (math: test); default: test_2016_flickr, "
        "or the whole suite for a model trained on several sources",
    )
    ev.add_argument(
        "--suite", action="store_true",
        help="every benchmark (Multi30k test_2016_flickr, Tatoeba test, FLORES devtest) with --data-dir the data root; "
        "--limit then applies to each set",
    )
    ev.add_argument("--write-metrics", action="store_true", help="record the result in the checkpoint's metrics.json")
    add_engine_arg(ev)
    ev.set_defaults(func=cmd_evaluate)

    tune = commands.add_parser("tune", help="choose the beam-search length penalty on a validation split; prints JSON")
    add_scoring_args(tune, "val", "the split to choose on (never a test set)")
    tune.add_argument(
        "--values", type=penalty_list, default=[0.0, 0.6, 1.0, 1.4, 2.0, 3.0], help="comma list, e.g. 0.6,1,2"
    )
    tune.add_argument(
        "--length-norm", choices=LENGTH_NORMS,
        help="gnmt: / ((5 + length) / 6)^a; length: / length^a, CTranslate2's, so its engine can serve beam search "
        "(default: the model's own; --write stores it with the penalty)",
    )
    tune.add_argument(
        "--write", action="store_true", help="store the best value in config.json (the default from then on)"
    )
    tune.set_defaults(func=cmd_tune, beam=4)

    cal = commands.add_parser(
        "calibrate", help="choose the confidence notice's log-probability threshold on a validation split; prints JSON",
    )
    add_scoring_args(cal, "val", "the split to choose on (never a test set)")
    cal.add_argument("--write", action="store_true", help="store the threshold in config.json (the app uses it)")
    cal.set_defaults(func=cmd_calibrate)

    curve = commands.add_parser(
        "curve", help="a run's learning curve (steps, CPU hours, losses, suite scores) into a JSON file; prints JSON"
    )
    curve.add_argument("--run", required=True, help="the run's folder (its train_log.jsonl)")
    curve.add_argument("--out", required=True, help="the curve's JSON file (kept scores are carried over)")
    curve.add_argument("--scores", help="an `evaluate --suite` report (JSON file) to add to the curve")
    curve.add_argument("--checkpoint", help="the checkpoint folder that report scored (for its trained steps)")
    curve.add_argument("--figure", help="also draw the curve into this PNG file")
    curve.add_argument("--title", help="the figure's title (default: the run's folder name)")
    curve.set_defaults(func=cmd_curve)

    params = commands.add_parser("params", help="parameter count: formula vs the real model; prints JSON")
    params.add_argument("--checkpoint")
    params.add_argument("--config")
    params.set_defaults(func=cmd_params)

    export = commands.add_parser("export", help="write a checkpoint for another inference runtime (CTranslate2)")
    export.add_argument("--checkpoint", required=True, help="checkpoint folder, e.g. checkpoints/multi30k-en-de")
    export.add_argument("--to", required=True, choices=["ctranslate2"], help="the runtime")
    export.add_argument("--quantization", default="float32", choices=["float32", "int8", "int8_float32", "float16"],
                        help="weight type stored in the export")
    export.add_argument("--out", required=True, help="output folder (new, or an earlier export to replace)")
    export.set_defaults(func=cmd_export)

    bench = commands.add_parser("bench", help="speed and memory benchmark; see BENCHMARKS.md")
    bench.add_argument("--json", action="store_true", help="print the full JSON result")
    bench.add_argument("--quick", action="store_true", help="a reduced run (under two minutes)")
    bench.add_argument("--device", default="cpu", help="auto, cpu or cuda")
    bench.add_argument("--checkpoint", default="checkpoints/multi30k-en-de")
    bench.add_argument("--data-dir", default="../shared/data/multi30k")
    bench.add_argument("--threads", type=int, default=0, help="torch CPU threads (0 = torch's default)")
    bench.add_argument(
        "--skip", default="", help="comma list of sections to leave out: decode,engines,train,memory,app,seed_shape"
    )
    bench.add_argument(
        "--seed-baseline", help="the seed tutorial's benchmark script (default ../shared/bench/seed_baseline.py)"
    )
    bench.set_defaults(func=cmd_bench)

    pub = commands.add_parser(
        "publish", help="upload a checkpoint to the Hub with a model card (a dry run without a token)"
    )
    pub.add_argument("--checkpoint", required=True, help="checkpoint folder, e.g. checkpoints/multi30k-en-de")
    pub.add_argument("--repo", required=True, help="Hub model repo OWNER/NAME (created if needed)")
    pub.add_argument("--dry-run", action="store_true", help="print the commit's files even when a token is present")
    pub.add_argument("--private", action="store_true", help="create the repo as private")
    pub.set_defaults(func=cmd_publish)

    doctor = commands.add_parser(
        "doctor", help="check a folder; --spaces: would it push and build as a Space (exit 1 if not)"
    )
    doctor.add_argument("--spaces", action="store_true", help="LFS, front matter, requirements, runtime write paths")
    doctor.add_argument("--root", default=".", help="the folder to check (default: the current one)")
    doctor.set_defaults(func=cmd_doctor)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except USER_ERRORS as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
