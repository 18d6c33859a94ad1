"""A long training run's learning curve: steps, CPU hours and losses from its train_log.jsonl, and the benchmark
scores measured on the way (`evaluate --suite` results), kept in one JSON file that is committed as the run goes,
so that the curve survives the machine the run lived on.

    {"run": "...", "points": [{"step", "cpu_hours", "loss", "val_loss"}, ...],
     "scores": [{"step", "cpu_hours", "decoding", "limit", "results": {"tatoeba/test": {"bleu", "chrf"}, ...}}]}
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import DataError
from .files import read_json, write_json

SCORE_FIELDS = ("bleu", "chrf", "sentences")


def read_points(run_dir: Path) -> list[dict[str, Any]]:
    """One point per logged step: its training loss, CPU hours so far and, where the step was evaluated, the
    validation loss. A run resumed from an earlier save logs some steps twice: the later lines count."""
    log = Path(run_dir) / "train_log.jsonl"
    if not log.is_file():
        raise DataError(f"no training log at {log}")
    points: dict[int, dict[str, Any]] = {}
    for line in log.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event.get("kind") not in ("step", "eval"):
            continue
        point = points.setdefault(event["step"], {"step": event["step"]})
        if event["kind"] == "step":
            point["loss"] = event["loss"]
        else:
            point["val_loss"] = event["val_loss"]
        if event.get("cpu_hours") is not None:
            point["cpu_hours"] = event["cpu_hours"]
    return [points[step] for step in sorted(points)]


def scored(suite: dict[str, Any], step: int, cpu_hours: float | None) -> dict[str, Any]:
    """An `evaluate --suite` report cut to what the curve keeps, at the step its checkpoint was trained to."""
    results = suite.get("results")
    if not isinstance(results, dict) or not results:
        raise DataError("not an `evaluate --suite` report: it has no results")
    first = next(iter(results.values()))
    return {
        "step": step, "cpu_hours": cpu_hours, "decoding": first.get("decoding"), "limit": suite.get("limit"),
        "results": {name: {k: r[k] for k in SCORE_FIELDS if k in r} for name, r in results.items()},
    }


def update_curve(curve_file: Path, run_dir: Path, suite: dict[str, Any] | None = None,
                 checkpoint_info: dict[str, Any] | None = None) -> dict[str, Any]:
    """Rewrites curve_file with the run's points; a suite report (of the checkpoint whose config.json info is
    checkpoint_info) is added to the scores, replacing one of the same step and decoding."""
    curve_file = Path(curve_file)
    curve = read_json(curve_file) if curve_file.is_file() else {"scores": []}
    points = read_points(run_dir)
    curve = {"run": Path(run_dir).name, "points": points, "scores": curve.get("scores", [])}
    if suite is not None:
        step = int((checkpoint_info or {}).get("trained_steps") or points[-1]["step"])
        hours = next((p.get("cpu_hours") for p in points if p["step"] == step), None)
        entry = scored(suite, step, hours)
        kept = [s for s in curve["scores"] if (s["step"], s["decoding"], s["limit"]) !=
                (entry["step"], entry["decoding"], entry["limit"])]
        curve["scores"] = sorted(kept + [entry], key=lambda s: (s["step"], str(s["decoding"])))
    write_json(curve_file, curve)
    return curve


PLOTTED = {"tatoeba/test": "bleu", "multi30k/test_2016_flickr": "bleu", "everyday/test": "chrf"}


def curve_figure(curve: dict[str, Any], title: str):
    """The curve as a figure (viz.learning_curve_figure): validation loss and the PLOTTED scores by step (the CPU
    hours of each step are in the file)."""
    from .viz import learning_curve_figure

    evaluated = [p for p in curve["points"] if "val_loss" in p]
    scores = curve["scores"]
    series = {
        f"{name} {metric}": [s["results"][name][metric] for s in scores]
        for name, metric in PLOTTED.items()
        if scores and all(metric in s["results"].get(name, {}) for s in scores)
    }
    return learning_curve_figure(
        [p["step"] for p in evaluated], [p["val_loss"] for p in evaluated], [s["step"] for s in scores], series, title,
    )
