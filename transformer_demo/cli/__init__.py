"""python -m transformer_demo COMMAND: train, translate, evaluate, and the other commands listed below.

Errors a user can fix (bad path, bad config, unknown language pair) print one line to stderr and
exit with status 2; stdout carries only results.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..config import LENGTH_NORMS
from ..errors import UserError
from .arguments import add_decode_args, add_engine_arg, add_scoring_args, add_source_args, penalty_list, positive_int
from .commands import (
    cmd_bench,
    cmd_check,
    cmd_curve,
    cmd_doctor,
    cmd_export,
    cmd_params,
    cmd_publish,
    cmd_train,
    cmd_translate,
)
from .scoring import cmd_calibrate, cmd_evaluate, cmd_tune

USER_ERRORS = (UserError, FileNotFoundError)


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
    ch.add_argument("--checkpoint", default=str(Path(__file__).resolve().parents[2] / "checkpoints" / "math-qa"),
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
        "calibrate", help="fit the confidence notices: the log-probability threshold on a validation split, the "
        "training words' counts for the rare-word notice; prints JSON",
    )
    add_scoring_args(cal, "val", "the split to choose on (never a test set)")
    cal.add_argument(
        "--write", action="store_true",
        help="store the threshold and the rare-word count in config.json, the words' counts in source_words.tsv "
        "(the app uses all three)",
    )
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
