"""train, translate, check, curve, params, export, bench, doctor and publish."""
from __future__ import annotations

import argparse
import json
import signal
import sys
from dataclasses import replace
from pathlib import Path

from ..config import RunConfig
from ..errors import ConfigError, DataError, DecodeError
from .arguments import decode_options, load_engine, read_inputs, source_from_args, with_pair


def cmd_train(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from ..tasks import load_task_pairs
    from ..training.trainer import Trainer

    if args.resume:
        from ..checkpoint import load_run_config

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


def cmd_translate(args: argparse.Namespace) -> int:
    from ..tasks import get_task

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
    from ..checkpoint import load_checkpoint
    from ..engines import TorchEngine
    from ..tasks import get_task
    from ..tasks.math.answer_check import check
    from ..tasks.math.task import answer_questions

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


def cmd_curve(args: argparse.Namespace) -> int:
    from ..curves import curve_figure, update_curve
    from ..files import read_json

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
    from ..checkpoint import load_checkpoint
    from ..model import Transformer, count_parameters

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
    from ..checkpoint import load_checkpoint
    from ..export.ctranslate2 import export_ctranslate2

    folder = export_ctranslate2(load_checkpoint(args.checkpoint), args.out, args.quantization)
    print(json.dumps({"out": str(folder), "to": args.to, "quantization": args.quantization}))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from ..bench import run_bench

    return run_bench(args)


def cmd_doctor(args: argparse.Namespace) -> int:
    from ..doctor import check_space

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

    from ..publish import prepare, publish

    publication = prepare(args.checkpoint, args.repo)
    token = None if args.dry_run else get_token()
    print(publication.describe())
    if token is None:
        reason = "--dry-run" if args.dry_run else "no Hugging Face token (set HF_TOKEN or run `hf auth login`)"
        print(f"dry run ({reason}): nothing was uploaded", file=sys.stderr)
        return 0
    print(publish(publication, token, args.private))
    return 0
