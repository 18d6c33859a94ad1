"""Beam search's length norms: "gnmt" (ours since the start) and "length" (CTranslate2's), under which the fast
engine serves beam search with a length penalty and gives the same outputs and scores as ours."""
from __future__ import annotations

import json

import pytest
from app_helpers import build_model_roots
from test_ctranslate2 import PAIRS, SENTENCES

from transformer_demo.checkpoint import load_checkpoint, save_checkpoint
from transformer_demo.config import RunConfig, TrainConfig
from transformer_demo.data import read_parallel_dir
from transformer_demo.decoding import DecodeOptions, decode, length_normalised
from transformer_demo.engines.ctranslate2 import CTranslate2Engine
from transformer_demo.engines.torch import TorchEngine
from transformer_demo.errors import DecodeError
from transformer_demo.export.ctranslate2 import export_ctranslate2
from transformer_demo.services.service import Service
from transformer_demo.tokenization import EOS_ID, Vocab
from transformer_demo.ui.translate_tab import render

pytest.importorskip("ctranslate2")

def beam(penalty: float, norm: str = "length", **extra) -> DecodeOptions:
    return DecodeOptions(method="beam", beam_size=4, length_penalty=penalty, length_norm=norm, **extra)


def test_the_two_norms_divide_by_their_own_power_of_the_length():
    assert length_normalised(-6.0, 3, beam(1.0)) == pytest.approx(-2.0)
    assert length_normalised(-6.0, 4, beam(0.5)) == pytest.approx(-3.0)
    assert length_normalised(-6.0, 7, beam(1.0, "gnmt")) == pytest.approx(-6.0 / 2)  # (5 + 7) / 6 = 2
    assert length_normalised(-6.0, 9, beam(0.0)) == length_normalised(-6.0, 9, beam(0.0, "gnmt")) == -6.0


def test_an_unknown_norm_is_refused():
    with pytest.raises(DecodeError, match="length norm must be one of gnmt, length, got 'gmnt'"):
        beam(1.0, "gmnt").validate()


def test_a_higher_penalty_never_shortens_the_length_norm_output(make_model):
    model = make_model()
    lengths = [len(decode(model, [[5, 6, 7, EOS_ID]], beam(a))[0][0].ids) for a in (0.0, 1.0, 3.0)]
    assert lengths == sorted(lengths)


@pytest.fixture
def untrained_export(make_model, tmp_path):
    """An untrained small checkpoint and its float32 export: outputs run into the length cap, so the last step's
    rule is exercised as well as [EOS]."""
    vocab = Vocab.build(PAIRS, "bpe", vocab_size=120, min_frequency=1, joint=True)
    sizes = dict(src_vocab_size=vocab.src.get_vocab_size(), tgt_vocab_size=vocab.tgt.get_vocab_size())
    model = make_model(**sizes)
    folder = save_checkpoint(tmp_path / "checkpoint", model, RunConfig(model.config, TrainConfig()), vocab)
    checkpoint = load_checkpoint(folder)
    return checkpoint, export_ctranslate2(checkpoint, tmp_path / "ct2")


@pytest.mark.parametrize("penalty", [0.0, 0.6, 1.0, 2.0])
@pytest.mark.parametrize("max_len", [None, 5])
@pytest.mark.parametrize("n_best", [1, 3])
def test_length_norm_beam_search_equals_ctranslate2_float32(untrained_export, penalty, max_len, n_best):
    """The same n-best lists: the outputs, in order, with their scores and log-probabilities."""
    checkpoint, folder = untrained_export
    options = beam(penalty, max_len=max_len, n_best=n_best)
    ours = [h for hyps in TorchEngine(checkpoint).hypotheses(SENTENCES, options) for h in hyps]
    fast = CTranslate2Engine(checkpoint, folder, "float32")
    theirs = [h for hyps in fast.hypotheses(SENTENCES, options) for h in hyps]
    assert len(ours) == len(SENTENCES) * n_best
    assert [h.ids for h in ours] == [h.ids for h in theirs]
    assert [h.score for h in ours] == pytest.approx([h.score for h in theirs], abs=1e-3)
    assert [h.log_prob for h in ours] == pytest.approx([h.log_prob for h in theirs], abs=1e-3)


def test_only_the_gnmt_norm_with_a_penalty_is_handed_to_torch(untrained_export):
    checkpoint, folder = untrained_export
    engine = CTranslate2Engine(checkpoint, folder, "float32")
    assert engine.unsupported(beam(1.4)) is None and engine.unsupported(beam(0.0, "gnmt")) is None
    assert "gnmt form" in engine.unsupported(beam(1.4, "gnmt"))


@pytest.mark.slow
def test_a_trained_model_decodes_alike_on_both_engines_under_the_length_norm(repo_root, multi30k_dir, tmp_path):
    """The shipped caption model on 60 validation sentences. Float32 kernels differ between CPUs, so a near tie may
    break the other way on some machine: the bound allows 2 of 60."""
    checkpoint = load_checkpoint(repo_root / "checkpoints" / "multi30k-en-de")
    exported = export_ctranslate2(checkpoint, tmp_path / "ct2")
    engines = TorchEngine(checkpoint), CTranslate2Engine(checkpoint, exported, "float32")
    sentences = [s for s, _ in read_parallel_dir(multi30k_dir, "val", "en", "de")[:60]]
    for penalty in (0.6, 1.4):
        ours = [h[0] for h in engines[0].hypotheses(sentences, beam(penalty))]
        theirs = [h[0] for h in engines[1].hypotheses(sentences, beam(penalty))]
        alike = [(a, b) for a, b in zip(ours, theirs) if a.ids == b.ids]
        assert len(alike) >= 58
        assert all(a.score == pytest.approx(b.score, abs=1e-3) for a, b in alike)


def test_a_model_tuned_for_the_length_norm_gets_beam_search_from_ctranslate2(tmp_path):
    checkpoints, runs = build_model_roots(tmp_path)
    config = checkpoints / "tiny-en-de" / "config.json"
    config.write_text(json.dumps({**json.loads(config.read_text()), "length_penalty": 1.2, "length_norm": "length"}))
    fast = Service(checkpoints, runs, device="cpu", engine="auto", quantization="float32")
    assert fast.model_info("tiny-en-de").length_norm == "length"
    requested = DecodeOptions(method="beam", length_penalty=1.2)  # the tab's options: no norm of their own
    result = fast.translate("tiny-en-de", "A man is riding a bike.", requested)
    assert (result.engine, result.engine_note) == ("ctranslate2", None)
    assert result.options.length_norm == "length"
    assert "log-probability / tokens^1.2" in render(result, requested, "CPU")[1]
    reference = Service(checkpoints, runs, device="cpu").translate("tiny-en-de", "A man is riding a bike.", requested)
    assert reference.lines[0].outputs[0].text == result.lines[0].outputs[0].text
