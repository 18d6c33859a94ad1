"""Average the weights of checkpoints that share one parent (a "model soup": stages fine-tuned from the same weights).

    python scripts/average_weights.py --out /tmp/soup checkpoints/en-de /work/cand9/en-de /work/cand10/en-de

The checkpoints must have the same model shape and byte-identical tokenizers. Each tensor is averaged in float32 and
saved in float16, as shipped. The first checkpoint's other files (config.json, tokenizer.json, metrics.json ...)
are copied; re-run `tune --write` and `calibrate --write` on the result, since its penalty and threshold are the
first checkpoint's.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from transformer_demo.checkpoint import load_tensors, save_tensors  # noqa: E402


def check_compatible(folders: list[Path]) -> None:
    first = folders[0]
    shape = json.loads((first / "config.json").read_text())["model"]
    for other in folders[1:]:
        if json.loads((other / "config.json").read_text())["model"] != shape:
            raise SystemExit(f"{other} has another model shape than {first}")
        if (other / "tokenizer.json").read_bytes() != (first / "tokenizer.json").read_bytes():
            raise SystemExit(f"{other} has another tokenizer than {first}")


def average(folders: list[Path]) -> dict[str, torch.Tensor]:
    total: dict[str, torch.Tensor] = {}
    for folder in folders:
        for name, tensor in load_tensors(folder / "model.safetensors").items():
            total[name] = total.get(name, 0) + tensor.float()
    return {name: (tensor / len(folders)).to(torch.float16) for name, tensor in total.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkpoints", nargs="+", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if len(args.checkpoints) < 2:
        raise SystemExit("give at least two checkpoints to average")
    check_compatible(args.checkpoints)
    args.out.mkdir(parents=True, exist_ok=True)
    for file in args.checkpoints[0].iterdir():
        if file.is_file() and file.name != "model.safetensors":
            shutil.copy(file, args.out / file.name)
    save_tensors(args.out / "model.safetensors", average(args.checkpoints), {"format": "1"})
    print(json.dumps({"out": str(args.out), "averaged": [str(p) for p in args.checkpoints]}))


if __name__ == "__main__":
    main()
