"""The models visitors train in the app: who owns each run, readable names, budgets and pruning.

RunIndex reads the runs/ markers once at start and is then kept in memory, so no request scans runs/.
A run belongs to the visitor who started it (their session, or their client address, so a reloaded page
still lists it); only that session can stop it. StepBudget caps the training steps started per hour, per
visitor and in total. Pruning (when a job starts) deletes the starting visitor's own oldest runs first,
then runs with no known owner, and another visitor's runs only when the starter has none left.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from ..files import read_json, write_json
from .limits import BusyError, Limits, Visitor, try_again

APP_RUN_MARKER = "app_run.json"  # in each runs/ folder the Train tab made: only those are ever pruned


def fingerprint(value: str) -> str:
    """What the marker stores of a session or an address: enough to match it, not the value itself."""
    return hashlib.sha256(value.encode("utf-8", "backslashreplace")).hexdigest()[:16]


def folder_size(folder: Path) -> int:
    """Bytes in the files under folder (links are not followed, so nothing counts twice)."""
    return sum(os.path.getsize(Path(root) / name) for root, _, files in os.walk(folder) for name in files)


@dataclass
class RunRecord:
    name: str  # "runs/<folder>", the registry's name
    folder: Path
    task: str
    steps: int
    started: float  # seconds since the epoch
    session: str  # fingerprints of the owner's session and address; "" for runs of unknown owner
    address: str
    size: int = 0  # bytes on disk, updated when the job ends

    def owned_by(self, visitor: Visitor) -> bool:
        return (
            bool(self.session)
            and fingerprint(visitor.session) == self.session
            or (bool(self.address) and fingerprint(visitor.address) == self.address)
        )


def readable_stem(task: str, steps: int, started: float) -> str:
    """'copy-300-steps-14h05m09': what was trained, how long, and when (UTC)."""
    return f"{task}-{steps}-steps-{time.strftime('%Hh%Mm%S', time.gmtime(started))}"


class RunIndex:
    def __init__(self, runs_dir: Path, limits: Limits):
        self.runs_dir, self.limits = runs_dir, limits
        self._runs: dict[str, RunRecord] = {}
        self._lock = threading.Lock()
        for marker in runs_dir.glob(f"*/{APP_RUN_MARKER}") if runs_dir.is_dir() else []:
            record = self._read(marker)
            self._runs[record.name] = record

    @staticmethod
    def _read(marker: Path) -> RunRecord:
        data = read_json(marker)
        data = data if isinstance(data, dict) else {}
        owner = data.get("owner") if isinstance(data.get("owner"), dict) else {}
        started = data.get("started_s")
        return RunRecord(
            f"runs/{marker.parent.name}",
            marker.parent,
            str(data.get("task", "?")),
            int(data["steps"]) if isinstance(data.get("steps"), int) else 0,
            float(started) if isinstance(started, (int, float)) else marker.stat().st_mtime,
            str(owner.get("session", "")),
            str(owner.get("address", "")),
            folder_size(marker.parent),
        )

    def names(self) -> set[str]:
        with self._lock:
            return set(self._runs)

    def owned(self, visitor: Visitor) -> list[RunRecord]:
        with self._lock:
            return [r for r in self._runs.values() if r.owned_by(visitor)]

    def create(self, visitor: Visitor, task: str, steps: int) -> RunRecord:
        """A new run folder with a readable unique name and its marker."""
        started = time.time()
        stem = readable_stem(task, steps, started)
        with self._lock:
            folder, copies = self.runs_dir / stem, 1
            while folder.exists():  # never write into an earlier run's folder
                copies += 1
                folder = self.runs_dir / f"{stem}-{copies}"
            record = RunRecord(
                f"runs/{folder.name}",
                folder,
                task,
                steps,
                started,
                fingerprint(visitor.session),
                fingerprint(visitor.address),
            )
            write_json(
                folder / APP_RUN_MARKER,
                {
                    "task": task,
                    "steps": steps,
                    "started": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(started)),
                    "started_s": started,
                    "owner": {"session": record.session, "address": record.address},
                },
            )
            self._runs[record.name] = record
        return record

    def finished(self, name: str) -> None:
        with self._lock:
            record = self._runs.get(name)
            if record is not None:
                record.size = folder_size(record.folder)

    def prune_plan(self, visitor: Visitor, cap_bytes: float, keep: RunRecord | None = None) -> list[RunRecord]:
        """Runs to delete so that `visitor` may have one more (`keep`, if already created): their own beyond
        visitor_runs - 1, then, while the total is over total_runs - 1 runs or cap_bytes, their own oldest,
        then those of unknown owner, then other visitors' (each group oldest first)."""
        with self._lock:
            runs = sorted((r for r in self._runs.values() if r is not keep), key=lambda r: r.started)
        own = [r for r in runs if r.owned_by(visitor)]
        doomed = own[: max(len(own) - (self.limits.visitor_runs - 1), 0)]
        order = (
            own
            + [r for r in runs if not r.session and not r.address]
            + [r for r in runs if (r.session or r.address) and not r.owned_by(visitor)]
        )
        count, size = len(runs) - len(doomed), sum(r.size for r in runs if r not in doomed)
        for record in order:
            if count <= self.limits.total_runs - 1 and size <= cap_bytes:
                break
            if record not in doomed:
                doomed.append(record)
                count, size = count - 1, size - record.size
        return doomed

    def delete(self, record: RunRecord) -> None:
        shutil.rmtree(record.folder, ignore_errors=True)
        with self._lock:
            self._runs.pop(record.name, None)


class StepBudget:
    """Training steps started in the last hour, per visitor (client address) and in total."""

    def __init__(self, limits: Limits):
        self.limits = limits
        self._charges: deque[tuple[float, str, int]] = deque()  # (time, address, steps)
        self._lock = threading.Lock()

    def _spent(self, now: float) -> tuple[dict[str, int], int]:
        while self._charges and self._charges[0][0] <= now - 3600:
            self._charges.popleft()
        per_visitor: dict[str, int] = {}
        for _, address, steps in self._charges:
            per_visitor[address] = per_visitor.get(address, 0) + steps
        return per_visitor, sum(per_visitor.values())

    def _freed_after(self, now: float, needed: int, address: str | None) -> float:
        """Seconds until `needed` more steps fit (for the visitor, or in total when address is None)."""
        freed = 0
        for when, who, steps in self._charges:
            if address is None or who == address:
                freed += steps
                if freed >= needed:
                    return when + 3600 - now
        return 3600.0

    def charge(self, visitor: Visitor, steps: int) -> int:
        """Take max(steps, min_job_steps) from both budgets, or refuse with when to try again."""
        cost, now = max(steps, self.limits.min_job_steps), time.time()
        with self._lock:
            per_visitor, total = self._spent(now)
            mine = per_visitor.get(visitor.address, 0)
            if mine + cost > self.limits.visitor_steps_per_hour:
                wait = self._freed_after(now, mine + cost - self.limits.visitor_steps_per_hour, visitor.address)
                raise BusyError(
                    f"You have started {mine:,} training steps in the last hour; the limit is "
                    f"{self.limits.visitor_steps_per_hour:,} per visitor. Ask for fewer steps or {try_again(wait)}."
                )
            if total + cost > self.limits.total_steps_per_hour:
                wait = self._freed_after(now, total + cost - self.limits.total_steps_per_hour, None)
                raise BusyError(
                    f"Visitors have started {total:,} training steps in the last hour, the server's limit is "
                    f"{self.limits.total_steps_per_hour:,}. Ask for fewer steps or {try_again(wait)}."
                )
            self._charges.append((now, visitor.address, cost))
        return cost

    def refund(self, visitor: Visitor, steps: int) -> None:
        """Give back what a job did not use (stopped early), keeping the minimum cost of a job."""
        if steps > 0:
            with self._lock:
                self._charges.append((time.time(), visitor.address, -steps))
