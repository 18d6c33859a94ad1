"""The seams of the redesign: engines, task objects, the error family, build_run and the config's retired fields."""
from __future__ import annotations

import copy
import json

import pytest
import torch

from transformer_demo.config import RunConfig, TrainConfig
from transformer_demo.decoding import DecodeOptions, attention_maps, decode, trace
from transformer_demo.engines import TorchEngine
from transformer_demo.errors import (
    CheckpointError,
    ConfigError,
    DataError,
    DecodeError,
    ModelNotFoundError,
    ServiceError,
    UserError,
)
from transformer_demo.evaluation import evaluate
from transformer_demo.inference import CAPABILITIES, Engine, best
from transformer_demo.services.service import Service
from transformer_demo.tasks import get_task, load_task_pairs, tasks
from transformer_demo.tokenization import EOS_ID
from transformer_demo.training.build import build_run


@pytest.fixture
def engine(service: Service) -> TorchEngine:
    return service.registry.engine("tiny-en-de")


def test_the_registry_hands_out_one_cached_torch_engine_per_model(service: Service, engine: TorchEngine):
    assert isinstance(engine, Engine) and engine.name == "torch" and engine.capabilities == CAPABILITIES
    assert service.registry.engine("tiny-en-de") is engine
    assert service.registry.engine("tiny-copy") is not engine
    assert service.capabilities("tiny-en-de") == CAPABILITIES


def test_source_ids_cut_to_max_len_and_end_with_eos(engine: TorchEngine):
    ids = engine.source_ids("a dog " * 500)
    assert len(ids) == engine.max_len and ids[-1] == EOS_ID
    assert engine.source_ids("A dog.") == engine.vocab.encode_src("A dog.") + [EOS_ID]


def test_engine_translate_gives_n_best_per_line_in_input_order(engine: TorchEngine):
    texts = ["A dog.", "A man is riding a bike on a long road.", "Two cats."]
    results = engine.translate(texts, DecodeOptions(method="beam", beam_size=3, n_best=2))
    assert [len(r.outputs) for r in results] == [2, 2, 2]
    assert all(r.outputs[0][1] >= r.outputs[1][1] for r in results)
    together = engine.translate(texts, DecodeOptions())
    assert best(together) == [best(engine.translate([t], DecodeOptions()))[0] for t in texts]


def test_decoding_leaves_the_model_in_the_mode_it_found(engine: TorchEngine):
    model = engine.model
    src = engine.source_ids("A dog.")
    try:
        for mode in (True, False):
            model.train(mode)
            decode(model, [src], DecodeOptions())
            trace(model, engine.vocab, "A dog.")
            attention_maps(model, src, [5, 6])
            assert model.training is mode
    finally:
        model.eval()


def test_every_user_error_is_a_user_error_and_a_value_error():
    for kind in (ConfigError, DataError, DecodeError, CheckpointError, ModelNotFoundError, ServiceError):
        assert issubclass(kind, UserError) and issubclass(kind, ValueError)


def test_tasks_are_registered_objects():
    assert list(tasks()) == ["translation", "copy", "reverse", "math"]
    assert get_task("math").notice("What is 12 times 7?") is None
    assert "26 kinds of question" in get_task("math").notice("Tell me a joke.")
    assert get_task("translation").examples("de", "en") == [] and get_task("translation").examples("en", "de")
    assert all(preset.config.is_file() for task in tasks().values() for preset in task.presets)
    with pytest.raises(ConfigError, match="task must be one of translation, copy, reverse, math"):
        get_task("poetry")


def test_evaluate_scores_with_the_task(service: Service):
    engine = service.registry.engine("tiny-copy")
    cfg = TrainConfig(task="copy")
    pairs = load_task_pairs(cfg, "test")[:8]
    result = evaluate(engine, get_task("copy"), pairs, DecodeOptions())
    outputs = best(engine.translate([s for s, _ in pairs], DecodeOptions()))
    expected = 100 * sum(o == t for o, (_, t) in zip(outputs, pairs)) / len(pairs)
    assert result["sentences"] == 8 and result["exact_match"] == pytest.approx(expected, abs=0.01)
    assert "bleu" not in result


def test_build_run_leaves_the_callers_config_alone(repo_root):
    run = RunConfig.load(repo_root / "configs" / "copy.json")
    before = copy.deepcopy(run)
    built = build_run(run, load_task_pairs(run.train, "val"))
    assert run == before
    assert built.run.model.src_vocab_size == built.vocab.src.get_vocab_size() != before.model.src_vocab_size
    assert sum(p.numel() for p in built.model.parameters()) > 0 and isinstance(built.model, torch.nn.Module)


def test_a_retired_field_in_an_old_config_is_ignored(tmp_path, repo_root):
    raw = json.loads((repo_root / "configs" / "copy.json").read_text())
    raw["train"]["sample_every"] = 100  # written by older versions
    (tmp_path / "old.json").write_text(json.dumps(raw))
    assert not hasattr(RunConfig.load(tmp_path / "old.json").train, "sample_every")
    raw["train"]["sample_evry"] = 100
    (tmp_path / "typo.json").write_text(json.dumps(raw))
    with pytest.raises(ConfigError, match="unknown TrainConfig field"):
        RunConfig.load(tmp_path / "typo.json")
