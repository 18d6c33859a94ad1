"""Measuring tools shared by the benchmark sections: percentiles, peak memory, and what machine this is."""
from __future__ import annotations

import math
import os
import platform
import resource
import time
from pathlib import Path

import torch


def percentile(values: list[float], q: float) -> float:
    """Linear interpolation between the closest ranks (numpy's default method); q in [0, 100]."""
    xs = sorted(values)
    k = (len(xs) - 1) * q / 100.0
    lo, hi = math.floor(k), math.ceil(k)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def peak_rss_mb() -> float:
    """The most resident memory this process has used so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def synchronize(device: torch.device) -> None:
    """Wait for queued GPU work, so that a timer stops when the work is really done."""
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def cpu_name() -> str:
    for line in Path("/proc/cpuinfo").read_text().splitlines() if Path("/proc/cpuinfo").exists() else []:
        if line.startswith("model name"):
            return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


def machine_info(device: torch.device) -> dict:
    """Enough to tell two benchmark runs apart: hardware, software, and how busy the machine was."""
    info = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S %Z"),
        "cpu": cpu_name(),
        "cpu_count": os.cpu_count(),
        "torch": torch.__version__,
        "torch_threads": torch.get_num_threads(),
        "python": platform.python_version(),
        "device": str(device),
        "load_average_1m_at_start": round(os.getloadavg()[0], 2),
    }
    if device.type == "cuda":
        info["gpu"] = torch.cuda.get_device_name(device)
    return info
