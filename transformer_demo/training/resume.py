"""A run's resume state (out_dir/last): the newest weights, the optimizer's tensors, the moving average and
the counters, switched in whole (files.replace_folder) so that a killed run never leaves a mix."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import torch

from ..checkpoint import load_tensors, save_checkpoint, save_tensors
from ..config import RunConfig
from ..errors import CheckpointError
from ..files import read_json, replace_folder, write_json
from ..model import Transformer
from ..tokenization import Vocab
from .ema import EMA

LAST = "last"
STATE = "trainer_state.json"


def has_train_state(folder: Path) -> bool:
    return (folder / STATE).is_file()


def save_train_state(
    folder: Path, model: Transformer, run: RunConfig, vocab: Vocab, optimizer: torch.optim.Optimizer, ema: EMA,
    counters: dict[str, Any],
) -> None:
    def write(last: Path) -> None:
        save_checkpoint(last, model, run, vocab)
        state = optimizer.state_dict()
        tensors = {f"{i}.{k}": v for i, s in state["state"].items() for k, v in s.items()}
        tensors["rng"] = torch.get_rng_state()
        tensors |= {f"ema.{i}": t for i, t in enumerate(ema)}
        save_tensors(last / "optimizer.safetensors", tensors)
        write_json(last / STATE, {**counters, "param_groups": state["param_groups"]})

    replace_folder(folder, write)


def load_train_state(folder: Path, optimizer: torch.optim.Optimizer, ema: EMA) -> dict[str, Any]:
    """Restores the optimizer, the moving average and torch's RNG; returns the counters."""
    info = read_json(folder / STATE)
    tensors = load_tensors(folder / "optimizer.safetensors")
    try:
        torch.set_rng_state(tensors.pop("rng"))
        for i, average in enumerate(ema):
            average.copy_(tensors.pop(f"ema.{i}"))
        per_param: dict[int, dict] = {}
        for key, value in tensors.items():
            index, name = key.split(".", 1)
            per_param.setdefault(int(index), {})[name] = value
        optimizer.load_state_dict({"state": per_param, "param_groups": info.pop("param_groups")})
    except (KeyError, TypeError, ValueError, RuntimeError) as exc:
        raise CheckpointError(
            f"{folder}: the saved training state does not fit ({type(exc).__name__}: {exc})"
        ) from None
    return info
