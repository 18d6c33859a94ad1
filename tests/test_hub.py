"""The Hub without a network: checkpoints read from a Hub cache laid out as huggingface_hub lays it out (offline
mode), model cards checked by huggingface_hub's own parsers, uploads as its own CommitOperationAdd objects."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from app_helpers import CAPTION_PAIRS, save_tiny
from huggingface_hub import CommitOperationAdd, ModelCard, constants
from huggingface_hub.repocard_data import model_index_to_eval_results

from transformer_demo.checkpoint import load_checkpoint
from transformer_demo.errors import CheckpointError
from transformer_demo.hub import is_hub_reference, parse_hub_ref, resolve_checkpoint
from transformer_demo.publish import datasets_of, eval_results, prepare

REPO = Path(__file__).resolve().parents[1]
SHIPPED = REPO / "checkpoints" / "multi30k-en-de"
COMMIT = "0123456789abcdef0123456789abcdef01234567"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    return save_tiny(tmp_path_factory.mktemp("hub") / "tiny", "translation", CAPTION_PAIRS, "bpe", 2)


def cache_model(cache: Path, repo_id: str, folder: Path, commit: str = COMMIT) -> Path:
    """Put folder's files into a Hub cache as snapshot_download leaves them: blobs, a snapshot, refs/main."""
    repo = cache / f"models--{repo_id.replace('/', '--')}"
    snapshot = repo / "snapshots" / commit
    snapshot.mkdir(parents=True)
    (repo / "blobs").mkdir()
    for file in folder.iterdir():
        digest = hashlib.sha256(file.read_bytes()).hexdigest()
        shutil.copy(file, repo / "blobs" / digest)
        (snapshot / file.name).symlink_to(Path("..", "..", "blobs", digest))
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(commit)
    return snapshot


@pytest.fixture
def offline_cache(tmp_path, tiny, monkeypatch) -> Path:
    cache = tmp_path / "hub-cache"
    cache_model(cache, "someone/tiny-en-de", tiny)
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(cache))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    return cache


@pytest.mark.parametrize("spec", ["hf://someone/tiny-en-de", "someone/tiny-en-de", f"hf://someone/tiny-en-de@{COMMIT}"])
def test_a_hub_model_loads_from_the_cache_offline(offline_cache, tiny, spec):
    folder = resolve_checkpoint(spec)
    assert folder == offline_cache / "models--someone--tiny-en-de" / "snapshots" / COMMIT
    hub, local = load_checkpoint(spec), load_checkpoint(tiny)
    assert hub.run.to_dict() == local.run.to_dict()
    for name, tensor in local.model.state_dict().items():
        assert hub.model.state_dict()[name].equal(tensor)


def test_offline_and_not_cached_is_a_clear_error(offline_cache):
    with pytest.raises(CheckpointError, match=r"hf://someone/other is not in the Hub cache and HF_HUB_OFFLINE is set"):
        load_checkpoint("hf://someone/other")
    with pytest.raises(
        CheckpointError, match=r"checkpoint folder not found: someone/other, and as a Hub id: .*HF_HUB_OFFLINE"
    ):
        load_checkpoint("someone/other")


def test_local_folders_win_and_paths_are_never_hub_ids(tmp_path, monkeypatch, tiny):
    monkeypatch.chdir(tiny.parent)
    assert not is_hub_reference("tiny") and not is_hub_reference(tiny)
    assert is_hub_reference("someone/model") and is_hub_reference("hf://someone/model@v1")
    assert not is_hub_reference("no/such/checkpoint") and not is_hub_reference("../etc")
    for bad in ["hf://../etc", "hf://someone", "hf://a/b/c", "hf://a/b@../x", "hf://a/b@"]:
        with pytest.raises(CheckpointError, match="Hub model id|branch, tag or commit"):
            parse_hub_ref(bad)


def test_the_model_card_is_hub_metadata_that_huggingface_hub_reads_back():
    card = ModelCard(str(prepare(SHIPPED, "someone/multi30k-en-de").card))  # parsed again from its text
    assert card.data.language == ["en", "de"]
    assert card.data.license == "other" and card.data.pipeline_tag == "translation"
    assert card.data.datasets == ["bentrevett/multi30k"]
    model_name, results = model_index_to_eval_results(card.data.to_dict()["model-index"])
    assert model_name == "multi30k-en-de"
    headline = [r for r in results if r.dataset_split == "test_2016_flickr" and r.metric_type == "bleu"]
    assert [r.metric_value for r in headline] == [37.19, 36.1]  # beam 4 and greedy, as metrics.json has them
    assert {r.metric_type for r in results} == {"bleu", "bleu_lowercase", "chrf"}
    assert "multi30k-en-de: English → German" in card.text


def test_a_two_source_model_names_both_datasets_and_each_result_its_own():
    assert datasets_of(["tatoeba/en-de", "multi30k"]) == ["Helsinki-NLP/tatoeba_mt", "bentrevett/multi30k"]
    metrics = {
        "test_2016_flickr/beam4": {"split": "test_2016_flickr", "decoding": "beam4", "bleu": 38.0},
        "tatoeba/test/beam4": {"split": "test", "decoding": "beam4", "bleu": 33.0},
        "tatoeba/test/beam4/first1000": {"split": "test", "decoding": "beam4", "bleu": 40.0},  # a subset: left out
    }
    results = eval_results(metrics, "translation", "Helsinki-NLP/tatoeba_mt")
    assert [(r.dataset_type, r.metric_value) for r in results] == [
        ("Helsinki-NLP/tatoeba_mt", 33.0), ("bentrevett/multi30k", 38.0)
    ]


def test_the_upload_is_one_commit_of_huggingface_hub_operations(tiny):
    publication = prepare(tiny, "hf://someone/tiny-en-de")
    assert all(isinstance(op, CommitOperationAdd) for op in publication.operations)
    paths = [op.path_in_repo for op in publication.operations]
    assert paths == ["config.json", "model.safetensors", "tokenizer.json", "README.md"]
    weights = publication.operations[1]
    assert weights.upload_info.sha256 == hashlib.sha256((tiny / "model.safetensors").read_bytes()).digest()
    assert weights.upload_info.size == (tiny / "model.safetensors").stat().st_size
    readme = publication.operations[-1].path_or_fileobj
    assert readme == str(publication.card).encode() and readme.startswith(b"---\n")
    assert "hf://someone/tiny-en-de" in publication.card.text


@pytest.mark.slow
def test_publish_is_a_dry_run_without_a_token_and_translate_takes_a_hub_id(subprocess_env, tiny, tmp_path):
    env = {**subprocess_env, "HF_TOKEN": "", "HF_HOME": str(tmp_path / "hf-home"), "HF_HUB_OFFLINE": "1"}

    def run_cli(*args: str) -> subprocess.CompletedProcess:
        command = [sys.executable, "-m", "transformer_demo", *args]
        return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300, env=env, check=False)

    published = run_cli("publish", "--checkpoint", str(tiny), "--repo", "someone/tiny-en-de")
    assert published.returncode == 0, published.stderr
    assert "add model.safetensors" in published.stdout and "add README.md" in published.stdout
    assert "nothing was uploaded" in published.stderr
    cache_model(tmp_path / "hf-home" / "hub", "someone/tiny-en-de", tiny)
    local = run_cli("translate", "--checkpoint", str(tiny), "A dog.")
    hub = run_cli("translate", "--checkpoint", "someone/tiny-en-de", "A dog.")
    assert hub.returncode == 0 and hub.stdout == local.stdout, hub.stderr
    refused = run_cli("evaluate", "--checkpoint", "hf://someone/tiny-en-de", "--write-metrics", "--split", "val")
    assert refused.returncode == 2 and "is a Hub model: download it to a folder" in refused.stderr


def test_the_app_adds_hub_models_by_id_and_refuses_when_offline(offline_cache, tmp_path):
    from app_helpers import build_model_roots

    from transformer_demo.services.service import Service, ServiceError
    from transformer_demo.ui import build_app
    from transformer_demo.ui.hub_models import OFFLINE

    service = Service(*build_model_roots(tmp_path), device="cpu")
    with pytest.raises(ServiceError, match=r"offline \(HF_HUB_OFFLINE is set\)"):
        service.add_hub_model("someone/tiny-en-de")
    textbox = next(c for c in build_app(service).config["components"] if c["props"].get("label") == "Hub model id")
    assert textbox["props"]["interactive"] is False and textbox["props"]["info"] == OFFLINE
    # what add_hub_model does once downloaded: listed under its hf:// name, usable like any model
    info = service.registry.add_hub_model("hf://someone/tiny-en-de", resolve_checkpoint("hf://someone/tiny-en-de"))
    assert info.name in [m.name for m in service.models()]
    assert service.translate("hf://someone/tiny-en-de", "A dog.").lines[0].source == "A dog."
    for bad in ["", "../../etc", "/etc/passwd", "checkpoints/../x/y"]:
        with pytest.raises(ValueError):
            parse_hub_ref(bad)
