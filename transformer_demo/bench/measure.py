"""Measuring tools shared by the benchmark sections: percentiles, peak memory, and what machine this is."""
from __future__ import annotations

import math
import os
import platform
import resource
import time
from pathlib import Path

import torch

REPO_ROOT = Path(__file__).resolve().parents[2]  # the folder holding transformer_demo/, app.py, checkpoints/


def percentile(values: list[float], q: float) -> float:
    """Linear interpolation between the closest ranks (numpy's default method); q in [0, 100]."""
    xs = sorted(values)
    k = (len(xs) - 1) * q / 100.0
    lo, hi = math.floor(k), math.ceil(k)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def proc_status_mb(field: str) -> float | None:
    """A memory line of /proc/self/status (Linux) in MB, e.g. VmRSS (now) or VmHWM (peak); None elsewhere."""
    status = Path("/proc/self/status")
    if not status.exists():
        return None
    for line in status.read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024.0  # kB
    return None


def peak_rss_mb() -> float:
    """The most resident memory this process has used so far.

    On Linux VmHWM, the peak of this program's own memory: getrusage's ru_maxrss also counts the
    parent's memory at fork time, before exec.
    """
    peak = proc_status_mb("VmHWM")
    return peak if peak is not None else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def reset_peak_rss() -> bool:
    """Restart the peak from the current resident memory (Linux >= 4.0); False where that is not possible."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return False
    return True


def synchronize(device: torch.device) -> None:
    """Wait for queued GPU work, so that a timer stops when the work is really done."""
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def cpu_seconds() -> tuple[float, float]:
    """(busy CPU seconds of the whole machine, CPU seconds of this process and its finished children)."""
    own = os.times()
    own_seconds = own.user + own.system + own.children_user + own.children_system
    stat = Path("/proc/stat")
    if not stat.exists():
        return own_seconds, own_seconds
    ticks = [int(x) for x in stat.read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle + iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK"), own_seconds


class BackgroundMeter:
    """How many cores other processes kept busy while a section ran (0 = the machine was ours)."""

    def __init__(self):
        self.start_wall, self.start = time.perf_counter(), cpu_seconds()

    def cores(self) -> float:
        (busy0, own0), (busy1, own1) = self.start, cpu_seconds()
        return max(0.0, (busy1 - busy0) - (own1 - own0)) / (time.perf_counter() - self.start_wall)


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
