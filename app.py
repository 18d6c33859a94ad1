"""The web app: python app.py [--data-dir DIR] [--host HOST] [--port PORT].

Also the entry point of a Hugging Face Space (app_file: app.py), which runs it with no arguments: there
(SPACE_ID is set) it listens on 0.0.0.0 and limits training (hosting.SpaceLimits); docs/SPACES.md has more.
Models come from checkpoints/ and runs/ next to this file (runs/: $TRANSFORMER_DEMO_RUNS_DIR), loaded on first use.
"""
from __future__ import annotations

import argparse
import os
import threading
from dataclasses import fields, replace
from pathlib import Path

import torch

from transformer_demo.errors import UserError
from transformer_demo.services.service import RUNS_CAP_MB, Service
from transformer_demo.serving.hosting import RUNS_DIR_ENV, SpaceLimits, on_space, on_zerogpu, server_address
from transformer_demo.serving.limits import ENV_PREFIX, Limits, parse_value
from transformer_demo.serving.routes import server_app
from transformer_demo.ui import build_app, launch_options

ROOT = Path(__file__).resolve().parent
DEFAULT_DATA_DIR = ROOT.parent / "shared" / "data" / "multi30k"
RUNS_CAP_ENV = "TRANSFORMER_DEMO_RUNS_CAP_MB"  # the Space way to set --runs-cap-mb


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--data-dir", type=Path, help=f"Multi30k folder for the Train tab (default: {DEFAULT_DATA_DIR} if it exists)"
    )
    parser.add_argument(
        "--host", help="address to listen on (default $GRADIO_SERVER_NAME, else 0.0.0.0 on a Space, else 127.0.0.1)"
    )
    parser.add_argument("--port", type=int, help="port (default $GRADIO_SERVER_PORT, else $PORT, else 7860)")
    parser.add_argument("--device", default="auto", help="auto, cpu or cuda")
    parser.add_argument(
        "--threads", type=int, default=1, help="torch CPU threads per request (default 1; see service.py)"
    )
    parser.add_argument(
        "--engine", choices=["auto", "ctranslate2", "torch"], default="auto",
        help="engine of the Translate tab and /translate: auto = CTranslate2 when installed (an export of each "
        "model, made on first use and cached by its hash), torch otherwise; the other tabs always use torch",
    )
    parser.add_argument(
        "--quantization", choices=["int8", "float32"], default="int8",
        help="CTranslate2 weights: int8 (default, fastest on a CPU) or float32 (outputs identical to torch)",
    )
    space = SpaceLimits() if on_space() else None
    parser.add_argument(
        "--max-train-steps", type=int, default=space.max_train_steps if space else 2000,
        help=f"upper limit for steps in the Train tab (default 2000; {SpaceLimits.max_train_steps} on a Space)",
    )
    parser.add_argument(
        "--runs-cap-mb",
        type=float,
        default=os.environ.get(RUNS_CAP_ENV, str(space.runs_cap_mb if space else RUNS_CAP_MB)),
        help="disk space for models trained in the Train tab; the oldest are deleted beyond it "
        f"(default ${RUNS_CAP_ENV} or %(default)s)",
    )
    limits = parser.add_argument_group("limits per visitor and in total (SECURITY.md; also $TRANSFORMER_DEMO_<NAME>)")
    for spec in fields(Limits):
        limits.add_argument(f"--{spec.name.replace('_', '-')}", dest=f"limit_{spec.name}", metavar="N",
                            help=f"default {getattr(Limits(), spec.name)}, or ${ENV_PREFIX}{spec.name.upper()}")
    args = parser.parse_args()
    args.train_max_tokens = space.train_max_tokens if space else None
    try:
        args.limits = limits_from(args)
    except ValueError as exc:
        parser.error(str(exc))
    if args.data_dir is not None and not args.data_dir.is_dir():
        parser.error(f"--data-dir {args.data_dir} is not a folder")
    if args.max_train_steps < 1 or args.threads < 1:
        parser.error("--max-train-steps and --threads must be at least 1")
    if args.runs_cap_mb <= 0:
        parser.error(f"--runs-cap-mb (or ${RUNS_CAP_ENV}) must be positive, got {args.runs_cap_mb:g}")
    return args


def limits_from(args: argparse.Namespace) -> Limits:
    """The environment's limits, overridden by the flags given."""
    flags = {spec: getattr(args, f"limit_{spec.name}") for spec in fields(Limits)}
    given = {spec.name: parse_value(spec.name, spec.type, raw) for spec, raw in flags.items() if raw is not None}
    return replace(Limits.from_env(), **given).validate()


def main() -> None:
    args = parse_args()
    torch.set_num_threads(args.threads)
    data_dir = args.data_dir or (DEFAULT_DATA_DIR if DEFAULT_DATA_DIR.is_dir() else None)
    runs_dir = Path(os.environ.get(RUNS_DIR_ENV, ROOT / "runs"))
    zerogpu = on_zerogpu()  # the GPU exists only inside @spaces.GPU functions: translate on the CPU, train on the GPU
    try:
        host, port = server_address(args.host, args.port)
        service = Service(
            ROOT / "checkpoints",
            runs_dir,
            data_dir,
            "cpu" if zerogpu else args.device,
            args.max_train_steps,
            runs_cap_mb=args.runs_cap_mb,
            train_max_tokens=args.train_max_tokens,
            train_device="auto" if zerogpu else None,
            limits=args.limits,
            engine=args.engine,
            quantization=args.quantization,
        )
    except UserError as exc:  # e.g. --device cuda without a GPU, a bad $PORT
        raise SystemExit(f"error: {exc}") from None
    threading.Thread(target=service.translation.prepare, daemon=True).start()  # the default model, off the main thread
    if zerogpu:  # ZeroGPU's runtime expects Gradio's own launch: the app without the JSON routes
        build_app(service).launch(server_name=host, server_port=port, **launch_options(service))
        return
    import uvicorn

    print(f"* Running on http://{host}:{port} (the app; POST /api/translate and /query-ai-bot: /docs)", flush=True)
    app = server_app(service, build_app(service), **launch_options(service))
    uvicorn.run(app, host=host, port=port, log_level="warning")


if __name__ == "__main__":
    main()
