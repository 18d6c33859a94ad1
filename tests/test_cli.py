"""`python -m transformer_demo`: results on stdout only, one-line errors with status 2, every --help works."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from transformer_demo.checkpoint import load_checkpoint
from transformer_demo.cli import build_parser, main
from transformer_demo.decoding import DecodeOptions, translate

COMMANDS = ["train", "translate", "evaluate", "tune", "params", "bench"]


@pytest.fixture(scope="module")
def cli_checkpoint(run_cli, multi30k_dir, tmp_path_factory) -> Path:
    """configs/tiny.json trained by the CLI for 20 steps on 500 pairs."""
    out = tmp_path_factory.mktemp("cli-train") / "tiny"
    result = run_cli("train", "--config", "configs/tiny.json", "--data-dir", str(multi30k_dir), "--steps", "20",
                     "--limit", "500", "--out", str(out), "--device", "cpu")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)  # the only thing on stdout: progress and samples go to stderr
    assert summary["out"] == str(out) and summary["steps"] == 20 and summary["best_val_loss"] > 0
    assert "validation loss" in result.stderr
    return out


@pytest.mark.slow
def test_train_writes_a_loadable_checkpoint(cli_checkpoint):
    checkpoint = load_checkpoint(cli_checkpoint)
    assert checkpoint.info["trained_steps"] == 20
    assert checkpoint.run.train.steps == 20 and checkpoint.run.model.d_model == 64
    assert (cli_checkpoint / "last" / "trainer_state.json").is_file()
    log = [json.loads(line) for line in (cli_checkpoint / "train_log.jsonl").read_text().splitlines()]
    assert [line["step"] for line in log if line["kind"] == "step"] == [20]  # log_every 20 in tiny.json


# --- translate: one output line per input line, in order ---


@pytest.fixture(scope="module")
def memorised_io(memorised) -> tuple[list[str], list[str]]:
    sources, references = zip(*memorised.pairs[:5])
    return list(sources), list(references)


@pytest.mark.slow
def test_translate_arguments(run_cli, memorised, memorised_io):
    sources, references = memorised_io
    result = run_cli("translate", "--checkpoint", str(memorised.out_dir), *sources)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == references


@pytest.mark.slow
def test_translate_input_file_keeps_blank_lines(run_cli, memorised, memorised_io, tmp_path):
    sources, references = memorised_io
    path = tmp_path / "input.txt"
    path.write_text("\n".join(sources[:2] + [""] + sources[2:]) + "\n", encoding="utf-8")
    result = run_cli("translate", "--checkpoint", str(memorised.out_dir), "--input", str(path), "--beam", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == references[:2] + [""] + references[2:]


@pytest.mark.slow
def test_translate_stdin(run_cli, memorised, memorised_io):
    sources, references = memorised_io
    result = run_cli("translate", "--checkpoint", str(memorised.out_dir), input="\n".join(reversed(sources)) + "\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == list(reversed(references))


# --- evaluate and params print one JSON object ---


@pytest.mark.slow
def test_evaluate_prints_one_json_object(run_cli, memorised, tmp_path):
    for lang, side in (("en", 0), ("de", 1)):
        (tmp_path / f"val.{lang}").write_text("".join(pair[side] + "\n" for pair in memorised.pairs), encoding="utf-8")
    result = run_cli("evaluate", "--checkpoint", str(memorised.out_dir), "--data-dir", str(tmp_path), "--split", "val",
                     "--beam", "2")
    assert result.returncode == 0, result.stderr
    [line] = result.stdout.splitlines()
    scores = json.loads(line)
    assert scores["sentences"] == 20 and scores["split"] == "val" and scores["decoding"] == "beam2"
    assert scores["bleu"] == 100.0 and scores["chrf"] == 100.0  # the memorised pairs come back exactly
    assert scores["bleu_signature"].startswith("nrefs:1|") and "tok:13a" in scores["bleu_signature"]
    assert scores["chrf_signature"].startswith("nrefs:1|")
    assert scores["seconds"] >= 0


@pytest.mark.slow
def test_tune_chooses_the_length_penalty_on_validation_and_it_becomes_the_default(
    run_cli, repo_root, multi30k_dir, tmp_path
):
    folder = tmp_path / "en-de"
    shutil.copytree(repo_root / "checkpoints" / "multi30k-en-de", folder)
    config = json.loads((folder / "config.json").read_text())
    config.pop("length_penalty", None)
    (folder / "config.json").write_text(json.dumps(config))
    data = ["--data-dir", str(multi30k_dir), "--limit", "60"]
    result = run_cli("tune", "--checkpoint", str(folder), *data, "--values", "0,2", "--write")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["split"] == "val" and summary["decoding"] == "beam4" and summary["sentences"] == 60
    assert set(summary["scores"]) == {"0.0", "2.0"} and summary["scores"]["0.0"] != summary["scores"]["2.0"]
    best = summary["best_length_penalty"]
    assert summary["scores"][str(best)] == max(summary["scores"].values())
    assert json.loads((folder / "config.json").read_text())["length_penalty"] == best
    assert json.loads((folder / "metrics.json").read_text())["val/beam4/length_penalty"] == summary
    assert load_checkpoint(folder).length_penalty == best

    for extra, penalty in (([], best), (["--length-penalty", "0"], 0.0)):  # the tuned value is the default, not a rule
        result = run_cli("evaluate", "--checkpoint", str(folder), *data, "--split", "val", "--beam", "4", *extra)
        scores = json.loads(result.stdout)
        assert scores["length_penalty"] == penalty and scores["bleu"] == summary["scores"][str(penalty)]


@pytest.mark.slow
def test_evaluate_on_multi30k(run_cli, cli_checkpoint, multi30k_dir):
    result = run_cli("evaluate", "--checkpoint", str(cli_checkpoint), "--data-dir", str(multi30k_dir), "--limit", "15")
    assert result.returncode == 0, result.stderr
    scores = json.loads(result.stdout)
    assert scores["split"] == "test_2016_flickr" and scores["sentences"] == 15 and scores["limit"] == 15
    assert 0 <= scores["bleu"] < 100 and 0 <= scores["chrf"] < 100
    assert {"bleu_lowercase", "bleu_signature", "chrf_signature", "seconds"} <= set(scores)


@pytest.mark.slow
def test_params_of_a_checkpoint(cli_checkpoint, capsys):
    assert main(["params", "--checkpoint", str(cli_checkpoint)]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert (
        counts["analytic"]
        == counts["actual"]
        == sum(p.numel() for p in load_checkpoint(cli_checkpoint).model.parameters())
    )


@pytest.mark.parametrize("config", ["tiny.json", "multi30k_en_de.json"])
def test_params_of_a_config(repo_root, capsys, config):
    assert main(["params", "--config", str(repo_root / "configs" / config)]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert counts["analytic"] == counts["actual"] > 100_000


# --- help (in process: parsing needs no subprocess; the real entry point is run by the tests above) ---


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args([command, "--help"] if command else ["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: python -m transformer_demo {command or ''}".rstrip())
    if command is None:
        assert all(name in out for name in COMMANDS)


# --- user errors: one line on stderr, status 2, no traceback ---


@pytest.mark.slow
def test_missing_checkpoint_in_a_real_process(run_cli):
    result = run_cli("translate", "--checkpoint", "no/such/checkpoint", "A dog.")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == ["error: checkpoint folder not found: no/such/checkpoint"]


@pytest.fixture(scope="module")
def bad_config(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("configs") / "bad.json"
    path.write_text(json.dumps({"model": {"d_model": 30, "n_heads": 4}, "train": {}}))
    return path


TRAIN = ["train", "--config", "configs/tiny.json", "--data-dir", "{data}", "--steps", "1"]
# name: (arguments with {data}, {checkpoint} and {bad_config} filled in at run time, the expected error)
USER_ERRORS = {
    "missing-checkpoint": (
        ["evaluate", "--checkpoint", "nowhere", "--data-dir", "{data}"],
        "checkpoint folder not found: nowhere",
    ),
    "missing-input": (
        ["translate", "--checkpoint", "{checkpoint}", "--input", "no-such-file.txt"],
        "input file not found: no-such-file.txt",
    ),
    "missing-data-dir": (
        ["train", "--config", "configs/tiny.json", "--data-dir", "no/such/dir"],
        "data folder not found: no/such/dir",
    ),
    "missing-config": (
        ["train", "--config", "no-such.json", "--data-dir", "{data}"],
        "config file not found: no-such.json",
    ),
    "unknown-pair": ([*TRAIN, "--pair", "en-xx"], r"no file train\.xx\[\.gz\] in .*languages: .*de, en"),
    "malformed-pair": ([*TRAIN, "--pair", "english"], "--pair must look like SRC-TGT"),
    "evaluate-unknown-pair": (
        ["evaluate", "--checkpoint", "{checkpoint}", "--data-dir", "{data}", "--pair", "en-xx"],
        r"no file test_2016_flickr\.xx",
    ),
    "invalid-config": (
        ["train", "--config", "{bad_config}", "--data-dir", "{data}"],
        r"d_model \(30\) must be divisible by n_heads \(4\)",
    ),
    "bad-beam": (["translate", "--checkpoint", "{checkpoint}", "--beam", "-1", "A dog."], "--beam must be >= 0"),
    "bad-top-p": (
        ["translate", "--checkpoint", "{checkpoint}", "--sample", "--top-p", "0", "A dog."],
        r"top-p must be in \(0, 1\]",
    ),
    "tune-without-beam": (
        ["tune", "--checkpoint", "{checkpoint}", "--data-dir", "{data}", "--beam", "1"],
        "only matters for beam search",
    ),
    "params-both": (
        ["params", "--config", "configs/tiny.json", "--checkpoint", "{checkpoint}"],
        "give exactly one of --checkpoint or --config",
    ),
    "no-resume-state": (
        ["train", "--resume", "--out", "no/such/run", "--data-dir", "{data}"],
        "missing config.json in no/such/run/last",
    ),
}


@pytest.mark.parametrize("case", list(USER_ERRORS))
def test_user_errors_print_one_line_and_exit_2(
    case, multi30k_dir, memorised, bad_config, repo_root, monkeypatch, capsys
):
    monkeypatch.chdir(repo_root)
    template, message = USER_ERRORS[case]
    paths = {"data": str(multi30k_dir), "checkpoint": str(memorised.out_dir), "bad_config": str(bad_config)}
    assert main([arg.format(**paths) for arg in template]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    assert line.startswith("error: ") and re.search(message, line), line


def test_translate_in_process_matches_the_library(memorised, memorised_io, capsys):
    sources, _ = memorised_io
    expected = translate(
        memorised.model, memorised.vocab, sources, DecodeOptions(method="sample", seed=4, temperature=3.0)
    )
    assert (
        main(
            [
                "translate",
                "--checkpoint",
                str(memorised.out_dir),
                "--sample",
                "--seed",
                "4",
                "--temperature",
                "3",
                *sources,
            ]
        )
        == 0
    )
    assert capsys.readouterr().out.splitlines() == expected
