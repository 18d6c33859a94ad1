"""The command line's shared arguments: data sources, decoding options, the engine, and reading inputs."""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from ..config import RunConfig
from ..errors import ConfigError, DataError, DecodeError


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
    from ..decoding import DecodeOptions

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
    from ..tasks import DataSource

    return DataSource(args.data_dir, args.dataset, args.pairs_file)


def with_pair(run: RunConfig, pair: str | None) -> RunConfig:
    """run with --pair's languages, as a new config (the one given is left as it is)."""
    if not pair:
        return run
    parts = pair.split("-")
    if len(parts) != 2 or not all(parts):
        raise ConfigError(f"--pair must look like SRC-TGT (e.g. en-de), got {pair!r}")
    return replace(run, train=replace(run.train, src_lang=parts[0], tgt_lang=parts[1]))


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
    from ..checkpoint import load_checkpoint
    from ..engines import TorchEngine
    from ..training.runtime import resolve_device

    decode_options(args)
    torch_engine = TorchEngine(load_checkpoint(args.checkpoint, resolve_device(args.device)), args.batch_size)
    from ..engines.choice import RoutingEngine, fast_engine

    choice = getattr(args, "engine", "torch")  # tune has no --engine: its beam length penalties need torch
    fast = fast_engine(torch_engine.checkpoint, choice, getattr(args, "quantization", "int8"))
    if fast.engine is None and choice != "torch":
        note(f"{fast.reason}; using torch")
    return RoutingEngine(torch_engine, fast.engine, note)
