"""Issue 7, the command line: hostile text gets a result, out-of-range options one clear line with
status 2, and a training run killed with SIGKILL leaves only checkpoints that load, and resumes."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch
from hostile_input import EMPTY, HOSTILE
from safetensors.torch import load_file

from transformer_demo.checkpoint import load_checkpoint
from transformer_demo.cli import main
from transformer_demo.registry import ModelRegistry

SMALL_MODEL = {
    "d_model": 32,
    "n_heads": 2,
    "n_encoder_layers": 1,
    "n_decoder_layers": 1,
    "d_ff": 64,
    "dropout": 0.0,
    "max_len": 32,
}
WORD_LEVEL = {"tokenizer": "word", "vocab_size": 200, "min_frequency": 1, "max_tokens": 512, "lr": 0.003, "warmup": 20}


def write_config(path: Path, **train) -> Path:
    path.write_text(json.dumps({"model": SMALL_MODEL, "train": {**WORD_LEVEL, **train}}))
    return path


def run_main(args: list[str], capsys) -> tuple[int, str, str]:
    """(status, stdout, stderr) of the CLI run in-process; argparse's own errors exit 2 as well."""
    try:
        status = main(args)
    except SystemExit as exit_info:
        status = exit_info.code
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# --- hostile text ---


@pytest.mark.slow
def test_hostile_lines_on_stdin_of_a_real_process(run_cli, memorised):
    text = "\n".join([*HOSTILE.values(), *EMPTY.values()]) + "\n"
    result = run_cli("translate", "--checkpoint", str(memorised.out_dir), "--beam", "2", input=text)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert len(result.stdout.splitlines()) == len(text.splitlines())  # one output line per input line, in order
    assert result.stdout.splitlines()[-1] == ""  # the whitespace-only line stays empty


@pytest.mark.parametrize("text", [*HOSTILE.values(), *EMPTY.values()], ids=[*HOSTILE, *EMPTY])
def test_hostile_argument_gets_one_line(memorised, capsys, text: str):
    status, out, err = run_main(["translate", "--checkpoint", str(memorised.out_dir), text], capsys)
    assert status == 0 and err == ""
    assert len(out.splitlines()) == 1


@pytest.fixture
def hostile_pairs(tmp_path) -> Path:
    """140 tab-separated pairs of hostile text (\\r removed: it ends a line in a text file); the last 7 are
    the validation split of a pairs file."""
    rows = [f"{text}\t{text[::-1]}".replace("\r", "") for text in HOSTILE.values()] * 20
    path = tmp_path / "hostile.tsv"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_evaluate_on_hostile_pairs(memorised, hostile_pairs, capsys):
    status, out, err = run_main(["evaluate", "--checkpoint", str(memorised.out_dir), "--pairs-file", str(hostile_pairs),
                                 "--split", "val"], capsys)
    assert status == 0, err
    scores = json.loads(out)
    assert scores["sentences"] == 7 and 0 <= scores["bleu"] <= 100


def test_train_on_hostile_pairs(hostile_pairs, tmp_path, capsys):
    config = write_config(tmp_path / "config.json", task="translation")
    status, out, err = run_main(["train", "--config", str(config), "--pairs-file", str(hostile_pairs), "--steps", "2",
                                 "--out", str(tmp_path / "run"), "--device", "cpu", "--quiet"], capsys)
    assert status == 0, err
    assert json.loads(out)["steps"] == 2
    assert load_checkpoint(tmp_path / "run").info["trained_steps"] == 2


# --- out-of-range options and broken files: one line on stderr, status 2 ---

BAD = {
    "beam-1000": (
        ["translate", "--checkpoint", "{checkpoint}", "--beam", "1000", "A dog."],
        "beam size must be between 1 and 64",
    ),
    "temperature-negative": (
        ["translate", "--checkpoint", "{checkpoint}", "--sample", "--temperature", "-1", "A dog."],
        r"temperature must be in \(0, 10\]",
    ),
    "top-p-2": (
        ["translate", "--checkpoint", "{checkpoint}", "--sample", "--top-p", "2", "A dog."],
        r"top-p must be in \(0, 1\]",
    ),
    "batch-size-0": (
        ["translate", "--checkpoint", "{checkpoint}", "--batch-size", "0", "A dog."],
        "argument --batch-size: must be a whole number >= 1, got '0'",
    ),
    "binary-input": (
        ["translate", "--checkpoint", "{checkpoint}", "--input", "{binary}"],
        "'utf-8' codec can't decode byte 0xff",
    ),
    "path-up": (["translate", "--checkpoint", "{up_to_etc}", "A dog."], r"missing config.json in (\.\./)+etc$"),
    "limit-negative": (
        ["evaluate", "--checkpoint", "{checkpoint}", "--pairs-file", "{binary}", "--limit", "-3"],
        "argument --limit: must be a whole number >= 1, got '-3'",
    ),
    "steps-0": (
        ["train", "--config", "{config}", "--steps", "0", "--out", "{out}"],
        "steps must be a positive integer, got 0",
    ),
    "params-number-as-string": (["params", "--config", "{bad_types}"], "d_model must be a number, got '64'"),
}


@pytest.mark.parametrize("case", BAD)
def test_out_of_range_options_are_one_clear_line(case, memorised, tmp_path, capsys):
    template, message = BAD[case]
    binary = tmp_path / "input.bin"
    binary.write_bytes(b"\xff\xfe\x00 not text")
    bad_types = tmp_path / "bad.json"
    bad_types.write_text(json.dumps({"model": {**SMALL_MODEL, "d_model": "64"}, "train": WORD_LEVEL}))
    paths = {"checkpoint": memorised.out_dir, "binary": binary, "bad_types": bad_types, "out": tmp_path / "run",
             "config": write_config(tmp_path / "copy.json", task="copy"), "up_to_etc": os.path.relpath("/etc")}
    status, out, err = run_main([arg.format(**paths) for arg in template], capsys)
    assert status == 2 and out == "" and "Traceback" not in err
    assert re.search(message, err.splitlines()[-1]), err


# --- a run killed mid-way ---


def saved_step(state: Path) -> int:
    """The step in last/trainer_state.json, or -1 before the first save (or while last/ is being switched)."""
    try:
        return json.loads(state.read_text())["step"]
    except FileNotFoundError:
        return -1


@pytest.mark.slow
def test_a_run_killed_mid_way_leaves_checkpoints_that_load_and_resumes(repo_root, subprocess_env, run_cli, tmp_path):
    config = write_config(tmp_path / "copy.json", task="copy", log_every=1, eval_every=2)  # saves every other step
    out = tmp_path / "runs" / "killed"
    train = ["train", "--out", str(out), "--device", "cpu", "--quiet", "--limit", "2000"]
    process = subprocess.Popen(
        [sys.executable, "-m", "transformer_demo", *train, "--config", str(config), "--steps", "400"],
        cwd=repo_root,
        env=subprocess_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    state, deadline = out / "last" / "trainer_state.json", time.monotonic() + 180
    while saved_step(state) < 6:
        assert process.poll() is None and time.monotonic() < deadline, "the run never saved step 6"
        time.sleep(0.02)
    process.kill()  # SIGKILL: no handler, no clean-up, wherever it was (most of its time goes to saving)
    process.wait()
    killed_at = saved_step(state)

    visible = [path for path in out.rglob("*") if not any(part.startswith(".") for part in path.relative_to(out).parts)]
    for folder in [out, *(path for path in visible if path.is_dir())]:
        load_checkpoint(folder)  # every checkpoint present loads: out (the best) and out/last
    for weights in (path for path in visible if path.suffix == ".safetensors"):
        assert load_file(str(weights))  # and so does every weights file, the optimizer's too
    registry = ModelRegistry(tmp_path / "checkpoints", tmp_path / "runs", torch.device("cpu"))
    assert [model.name for model in registry.models()] == ["runs/killed"]  # leftovers (.*.tmp) are not models

    result = run_cli(*train, "--resume", "--steps", str(killed_at + 4))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["steps"] == killed_at + 4
    log = [json.loads(line) for line in (out / "train_log.jsonl").read_text().splitlines()]
    resumed = [line["step"] for line in log if line["kind"] == "step" and line["step"] > killed_at]
    assert resumed[-4:] == list(range(killed_at + 1, killed_at + 5))
