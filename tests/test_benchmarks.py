"""`evaluate --suite`: every benchmark of a translation model in one call, one metrics.json key per set."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from app_helpers import CAPTION_PAIRS, save_tiny

from transformer_demo.cli import main
from transformer_demo.quality_suite import TRANSLATION_SUITE, metrics_key

CHAT = [("Hello!", "Hallo!"), ("Thank you.", "Danke."), ("Where is the station?", "Wo ist der Bahnhof?")]
WIKI = [("The castle was built in 1400.", "Die Burg wurde 1400 gebaut.")]


def write_split(folder: Path, split: str, pairs: list[tuple[str, str]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for index, lang in enumerate(("en", "de")):
        with gzip.open(folder / f"{split}.{lang}.gz", "wt", encoding="utf-8") as handle:
            handle.write("".join(pair[index] + "\n" for pair in pairs))


@pytest.fixture(scope="module")
def data_root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("data")
    write_split(root / "multi30k", "test_2016_flickr", CAPTION_PAIRS)
    write_split(root / "tatoeba" / "en-de", "test", CHAT)
    write_split(root / "tatoeba" / "en-de", "flores200_devtest", WIKI)
    return root


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    return save_tiny(tmp_path / "tiny-en-de", "translation", CAPTION_PAIRS + CHAT + WIKI, "bpe", 2)


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_suite_scores_every_set_and_states_the_limit(tiny: Path, data_root: Path, capsys) -> None:
    status, out, err = run(
        capsys,
        "evaluate",
        "--checkpoint",
        str(tiny),
        "--data-dir",
        str(data_root),
        "--suite",
        "--limit",
        "2",
        "--write-metrics",
    )
    assert status == 0, err
    [line] = out.splitlines()
    report = json.loads(line)
    assert report["limit"] == 2 and list(report["results"]) == [b.name for b in TRANSLATION_SUITE]
    results = report["results"]
    assert (
        results["multi30k/test_2016_flickr"]["sentences"] == 2
        and results["multi30k/test_2016_flickr"]["available"] == 3
    )
    assert results["tatoeba/test"]["limit"] == 2
    assert (
        results["flores200/devtest"]["sentences"] == 1 and "limit" not in results["flores200/devtest"]
    )  # 1 pair: not cut
    for result in results.values():
        assert {"bleu", "chrf", "bleu_signature"} <= set(result) and "case:mixed" in result["bleu_signature"]
    assert results["everyday/test"]["sentences"] == 2 and results["everyday/test"]["available"] == 20
    metrics = json.loads((tiny / "metrics.json").read_text())
    assert set(metrics) == {
        "multi30k/test_2016_flickr/greedy/first2",
        "tatoeba/test/greedy/first2",
        "flores200/devtest/greedy",
        "everyday/test/greedy/first2",
    }
    assert metrics["tatoeba/test/greedy/first2"] == results["tatoeba/test"]


def test_suite_scores_match_evaluate_on_one_split(tiny: Path, data_root: Path, capsys) -> None:
    _, out, _ = run(
        capsys, "evaluate", "--checkpoint", str(tiny), "--data-dir", str(data_root), "--suite", "--beam", "2"
    )
    suite = json.loads(out)["results"]["tatoeba/test"]
    _, out, _ = run(
        capsys,
        "evaluate",
        "--checkpoint",
        str(tiny),
        "--data-dir",
        str(data_root / "tatoeba" / "en-de"),
        "--split",
        "test",
        "--beam",
        "2",
    )
    single = json.loads(out)
    assert "limit" not in suite and suite["sentences"] == 3
    assert (suite["bleu"], suite["chrf"], suite["decoding"]) == (single["bleu"], single["chrf"], "beam2")


def test_a_model_trained_on_several_sources_gets_the_suite_by_default(tiny: Path, data_root: Path, capsys) -> None:
    config = json.loads((tiny / "config.json").read_text())
    config["train"]["sources"] = [{"path": "tatoeba/en-de", "weight": 1}, {"path": "multi30k", "weight": 2}]
    (tiny / "config.json").write_text(json.dumps(config))
    status, out, err = run(capsys, "evaluate", "--checkpoint", str(tiny), "--data-dir", str(data_root))
    assert status == 0, err
    assert list(json.loads(out)["results"]) == [b.name for b in TRANSLATION_SUITE]
    status, out, _ = run(capsys, "evaluate", "--checkpoint", str(tiny), "--data-dir", str(data_root), "--split", "test")
    assert status == 0 and json.loads(out)["split"] == "test"  # --split still picks one set (from the first source)


@pytest.mark.parametrize(
    "args,message",
    [
        (["--data-dir", "{root}/multi30k"], "multi30k/test_2016_flickr: no folder .*multi30k/multi30k .*data root"),
        (["--data-dir", "{root}/nowhere"], "data folder not found"),
        (["--pairs-file", "{root}/pairs.tsv"], "the suite reads its test sets from --data-dir"),
        (["--data-dir", "{root}", "--split", "test"], "give either --suite or --split, not both"),
        (
            ["--data-dir", "{root}", "--pair", "en-fr"],
            r"multi30k/test_2016_flickr: no file test_2016_flickr\.fr\[\.gz\]",
        ),
    ],
)
def test_suite_errors_are_one_line(tiny: Path, data_root: Path, capsys, args: list[str], message: str) -> None:
    status, out, err = run(
        capsys, "evaluate", "--checkpoint", str(tiny), "--suite", *(a.format(root=data_root) for a in args)
    )
    assert status == 2 and out == "" and err.count("\n") == 1
    assert re.search(message, err), err


def test_suite_refuses_a_model_that_does_not_translate(tmp_path: Path, data_root: Path, capsys) -> None:
    folder = save_tiny(tmp_path / "tiny-copy", "copy", [("a b", "a b")], "word", 1)
    status, _, err = run(capsys, "evaluate", "--checkpoint", str(folder), "--data-dir", str(data_root), "--suite")
    assert status == 2 and "for translation models; this one is a copy model" in err


def test_metrics_key_names_the_decoding_and_the_cut() -> None:
    assert metrics_key("tatoeba/test", {"decoding": "beam4", "limit": 1000}) == "tatoeba/test/beam4/first1000"
    assert metrics_key("flores200/devtest", {"decoding": "greedy"}) == "flores200/devtest/greedy"
