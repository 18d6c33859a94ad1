"""Where code runs: the device, torch threads, and the process group under torchrun.

Translation and training both pick their device here, so a translate path never imports training.py.
"""
from __future__ import annotations

import os
from contextlib import AbstractContextManager, nullcontext

import torch

from ..errors import DeviceError


def resolve_device(device: str) -> torch.device:
    if device == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if device.startswith("cuda") and not torch.cuda.is_available():
        raise DeviceError("--device cuda was asked for, but no CUDA GPU is available")
    if device != "cpu" and not device.startswith("cuda"):
        raise DeviceError(f"device must be auto, cpu or cuda, got {device!r}")
    return torch.device(device)


def distributed() -> tuple[int, int]:
    """(rank, world_size); initialises torch.distributed under torchrun."""
    world = int(os.environ.get("WORLD_SIZE", "1"))
    if world > 1 and not torch.distributed.is_initialized():
        backend = "nccl" if torch.cuda.is_available() else "gloo"
        torch.distributed.init_process_group(backend)
    return (torch.distributed.get_rank() if world > 1 else 0), world


def process_device(device: str) -> tuple[torch.device, int, int]:
    """(device, rank, world size) for this process: under torchrun on GPUs, each rank takes its LOCAL_RANK GPU."""
    resolved = resolve_device(device)
    rank, world = distributed()
    if world > 1 and resolved.type == "cuda":
        resolved = torch.device("cuda", int(os.environ.get("LOCAL_RANK", "0")))
    return resolved, rank, world


def device_description(device: torch.device) -> str:
    if device.type == "cuda":
        return f"GPU ({torch.cuda.get_device_name(device)})"
    threads = torch.get_num_threads()
    return f"CPU ({threads} thread{'s' * (threads != 1)})"


def autocast_dtype(precision: str, device: torch.device) -> torch.dtype | None:
    """The autocast dtype for a TrainConfig.precision on device (None: plain fp32)."""
    if precision == "auto":
        precision = "bf16" if device.type == "cuda" else "fp32"
    return {"bf16": torch.bfloat16, "fp16": torch.float16}.get(precision)


def autocast(device: torch.device, dtype: torch.dtype | None) -> AbstractContextManager:
    """Mixed precision in dtype on device; nothing for None."""
    return nullcontext() if dtype is None else torch.autocast(device.type, dtype=dtype)
