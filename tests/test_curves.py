"""`curve`: a long run's learning curve (steps, CPU hours, losses, suite scores) kept in one JSON file."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from transformer_demo.cli import main
from transformer_demo.curves import read_points


def write_log(run: Path, events: list[dict]) -> None:
    run.mkdir(parents=True, exist_ok=True)
    with open(run / "train_log.jsonl", "a", encoding="utf-8") as log:
        log.writelines(json.dumps(e) + "\n" for e in events)


def step(n: int, loss: float, hours: float) -> dict:
    return {"kind": "step", "step": n, "total_steps": 100, "loss": loss, "cpu_hours": hours}


def evaluation(n: int, val_loss: float, hours: float) -> dict:
    return {"kind": "eval", "step": n, "total_steps": 100, "val_loss": val_loss, "cpu_hours": hours}


def suite(bleu: float, limit: int | None = 500) -> dict:
    results = {
        "tatoeba/test": {"bleu": bleu, "chrf": 40.0, "sentences": 500, "decoding": "greedy", "bleu_signature": "x"},
        "everyday/test": {"bleu": 10.0, "chrf": 50.0, "sentences": 20, "decoding": "greedy"},
    }
    return {"data_dir": "d", "results": results, **({"limit": limit} if limit else {})}


@pytest.fixture
def run(tmp_path: Path) -> Path:
    folder = tmp_path / "en-de"
    # A first session saved at step 20 and was killed after logging step 30; the second resumed from step 20.
    write_log(folder, [step(10, 5.0, 0.1), step(20, 4.0, 0.2), evaluation(20, 4.5, 0.21), step(30, 3.9, 0.3),
                       {"kind": "checkpoint", "step": 20, "total_steps": 100, "message": "saved"}])
    write_log(folder, [step(30, 3.5, 0.32), step(40, 3.0, 0.42), evaluation(40, 3.2, 0.43)])
    return folder


def test_points_keep_the_latest_line_of_a_step_logged_twice(run: Path):
    points = read_points(run)
    assert [p["step"] for p in points] == [10, 20, 30, 40]
    assert points[2] == {"step": 30, "loss": 3.5, "cpu_hours": 0.32}  # the resumed session's, not the killed one's
    assert points[1]["val_loss"] == 4.5 and points[3]["val_loss"] == 3.2


def test_scores_are_placed_at_the_checkpoint_s_steps_and_replaced_not_repeated(run: Path, tmp_path: Path, capsys):
    checkpoint = tmp_path / "best"
    checkpoint.mkdir()
    (checkpoint / "config.json").write_text(json.dumps({"trained_steps": 40}))
    report, out, figure = tmp_path / "suite.json", tmp_path / "curve.json", tmp_path / "curve.png"
    for bleu in (12.5, 13.0):  # the same checkpoint scored twice: the second report replaces the first
        report.write_text(json.dumps(suite(bleu)))
        args = ["curve", "--run", str(run), "--out", str(out), "--scores", str(report), "--checkpoint", str(checkpoint)]
        assert main([*args, "--figure", str(figure)]) == 0
    printed = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert printed["points"] == 4 and printed["scores"] == 1
    curve = json.loads(out.read_text())
    [entry] = curve["scores"]
    assert (entry["step"], entry["cpu_hours"], entry["decoding"], entry["limit"]) == (40, 0.43, "greedy", 500)
    assert entry["results"]["tatoeba/test"] == {"bleu": 13.0, "chrf": 40.0, "sentences": 500}
    assert figure.read_bytes().startswith(b"\x89PNG")

    assert main(["curve", "--run", str(run), "--out", str(out)]) == 0  # the log again: scores are kept
    assert json.loads(out.read_text())["scores"] == curve["scores"]


def test_curve_errors_are_one_line(run: Path, tmp_path: Path, capsys):
    report = tmp_path / "suite.json"
    report.write_text(json.dumps(suite(1.0)))
    cases = [
        (["--run", str(tmp_path / "nowhere")], "no training log at"),
        (["--run", str(run), "--scores", str(report)], "--scores needs --checkpoint"),
    ]
    for args, message in cases:
        assert main(["curve", "--out", str(tmp_path / "c.json"), *args]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1
