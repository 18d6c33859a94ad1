"""Search over a trained model: greedy, beam, sampling, the trace mode, and their options."""
from __future__ import annotations

import pytest
import torch

from transformer_demo.decoding import (
    DecodeError,
    DecodeOptions,
    Hypothesis,
    decode,
    filter_logits,
    trace,
    translate,
)
from transformer_demo.model import Transformer, causal_mask, padding_mask
from transformer_demo.tokenization import EOS_ID, PAD_ID, SOS_ID

UNSEEN = [
    "A dog runs through the grass.",
    "Two women are sitting on a bench in the park.",
    "A man in a blue shirt is playing guitar.",
    "Children play.",
]


@pytest.fixture(scope="module")
def model(memorised) -> Transformer:
    return memorised.model


@pytest.fixture(scope="module")
def texts(memorised) -> list[str]:
    """Six memorised sources and four the model never saw, of different lengths."""
    return [src for src, _ in memorised.pairs[:6]] + UNSEEN


@pytest.fixture(scope="module")
def src_ids(memorised, texts) -> list[list[int]]:
    return [memorised.vocab.encode_src(t) + [EOS_ID] for t in texts]


def ids_of(results: list[list[Hypothesis]]) -> list[list[list[int]]]:
    return [[h.ids for h in hyps] for hyps in results]


def scores_of(results: list[list[Hypothesis]]) -> list[float]:
    return [h.score for hyps in results for h in hyps]


@torch.no_grad()
def sequence_log_prob(model: Transformer, src_ids: list[int], ids: list[int], with_eos: bool) -> float:
    """log p(ids [+ EOS] | source) by one teacher-forced pass."""
    src = torch.tensor([src_ids])
    out = ids + [EOS_ID] if with_eos else ids
    tgt_in = torch.tensor([[SOS_ID] + out[:-1]])
    logits = model(src, tgt_in, padding_mask(src, PAD_ID), causal_mask(len(out)))
    return logits.log_softmax(-1)[0, torch.arange(len(out)), torch.tensor(out)].sum().item()


# --- greedy ---


def test_greedy_score_is_the_log_probability_of_the_output(model, src_ids):
    results = decode(model, src_ids, DecodeOptions())
    assert len(results) == len(src_ids) and all(len(hyps) == 1 for hyps in results)
    for ids, [hyp] in zip(src_ids, results):
        assert EOS_ID not in hyp.ids and PAD_ID not in hyp.ids and SOS_ID not in hyp.ids
        assert hyp.score == pytest.approx(sequence_log_prob(model, ids, hyp.ids, with_eos=True), abs=1e-4)


def test_batched_greedy_equals_one_by_one(model, src_ids):
    batched = decode(model, src_ids, DecodeOptions())
    single = [decode(model, [ids], DecodeOptions())[0] for ids in src_ids]
    assert ids_of(batched) == ids_of(single)
    assert scores_of(batched) == pytest.approx(scores_of(single), abs=1e-4)
    assert len({len(hyps[0].ids) for hyps in batched}) > 3  # the batch really mixed lengths


def test_max_len_caps_the_output(model, src_ids):
    results = decode(model, src_ids, DecodeOptions(max_len=3))
    assert all(len(hyps[0].ids) <= 3 for hyps in results)
    assert any(len(hyps[0].ids) == 3 for hyps in results)


@pytest.mark.parametrize("method", ["greedy", "beam"])
def test_decoding_without_the_cache_gives_the_same_outputs(model, src_ids, method):
    options = dict(method=method, beam_size=3, n_best=3)
    cached = decode(model, src_ids, DecodeOptions(**options))
    uncached = decode(model, src_ids, DecodeOptions(**options, use_cache=False))
    assert ids_of(cached) == ids_of(uncached)
    assert scores_of(cached) == pytest.approx(scores_of(uncached), abs=1e-4)


# --- beam search ---


@pytest.mark.parametrize("length_norm", ["gnmt", "length"])
def test_batched_beam_equals_one_by_one(model, src_ids, length_norm):
    # sentences that are done leave the batch (and the others keep their source's keys/values) mid-search
    options = DecodeOptions(method="beam", beam_size=3, n_best=3, length_norm=length_norm)
    batched = decode(model, src_ids, options)
    single = [decode(model, [ids], options)[0] for ids in src_ids]
    assert ids_of(batched) == ids_of(single)
    assert scores_of(batched) == pytest.approx(scores_of(single), abs=1e-4)
    assert len({len(hyps[0].ids) for hyps in batched}) > 3  # the batch really mixed lengths


def test_beam_size_1_equals_greedy(model, src_ids):
    greedy = decode(model, src_ids, DecodeOptions())
    beam = decode(model, src_ids, DecodeOptions(method="beam", beam_size=1, length_penalty=0.0))
    assert ids_of(beam) == ids_of(greedy)
    assert scores_of(beam) == pytest.approx(scores_of(greedy), abs=1e-4)


def test_n_best_are_distinct_and_ordered_by_score(model, src_ids):
    results = decode(model, src_ids, DecodeOptions(method="beam", beam_size=5, n_best=4))
    for hyps in results:
        assert len(hyps) == 4
        scores = [h.score for h in hyps]
        assert scores == sorted(scores, reverse=True)
        assert len({tuple(h.ids) for h in hyps}) == 4


def test_beam_finds_at_least_the_greedy_probability(model, src_ids):
    greedy = decode(model, src_ids, DecodeOptions())
    beam = decode(model, src_ids, DecodeOptions(method="beam", beam_size=4, length_penalty=0.0))
    for [g], [b] in zip(greedy, beam):
        assert b.score >= g.score - 1e-5


@pytest.mark.parametrize("length_penalty", [0.0, 0.6, 1.0])
def test_beam_scores_are_length_normalised_log_probabilities(model, src_ids, length_penalty):
    options = DecodeOptions(method="beam", beam_size=3, n_best=3, length_penalty=length_penalty, max_len=40)
    for ids, hyps in zip(src_ids, decode(model, src_ids, options)):
        for hyp in hyps:
            assert len(hyp.ids) < 40  # ended by [EOS], which counts as one more token
            length = len(hyp.ids) + 1
            expected = sequence_log_prob(model, ids, hyp.ids, with_eos=True) / ((5 + length) / 6) ** length_penalty
            assert hyp.score == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("method", ["greedy", "beam", "sample"])
def test_every_method_reports_the_model_log_probability_and_its_token_count(model, src_ids, method):
    options = DecodeOptions(method=method, beam_size=3, n_best=2, length_penalty=1.0, temperature=1.7, top_k=5, seed=0)
    for ids, hyps in zip(src_ids, decode(model, src_ids, options)):
        for hyp in hyps:
            ended = hyp.n_tokens == len(hyp.ids) + 1  # [EOS] is one more token; an output cut at max_len has none
            assert ended or hyp.n_tokens == len(hyp.ids)
            assert hyp.log_prob == pytest.approx(sequence_log_prob(model, ids, hyp.ids, with_eos=ended), abs=1e-4)
            assert hyp.mean_log_prob == pytest.approx(hyp.log_prob / hyp.n_tokens)


# --- sampling ---


def test_sampling_with_a_seed_is_reproducible_and_seeds_differ(model, src_ids):
    def sample(seed: int) -> list[list[list[int]]]:
        return ids_of(decode(model, src_ids, DecodeOptions(method="sample", temperature=1.5, seed=seed)))

    assert sample(3) == sample(3)
    assert len({str(sample(seed)) for seed in range(4)}) > 1


def test_sampling_with_top_k_1_equals_greedy(model, src_ids):
    greedy = decode(model, src_ids, DecodeOptions())
    sampled = decode(model, src_ids, DecodeOptions(method="sample", top_k=1, temperature=2.0, seed=0))
    assert ids_of(sampled) == ids_of(greedy)


def test_top_p_keeps_the_smallest_set_that_reaches_p():
    probs = torch.tensor([[0.05, 0.5, 0.15, 0.3]])  # sorted: 0.5, 0.3, 0.15, 0.05
    logits = probs.log()
    kept = lambda top_p, top_k=0: torch.isfinite(filter_logits(logits, top_k, top_p))[0].tolist()  # noqa: E731
    assert kept(0.4) == [False, True, False, False]
    assert kept(0.5) == [False, True, False, False]
    assert kept(0.7) == [False, True, False, True]
    assert kept(0.8) == [False, True, False, True]
    assert kept(0.81) == [False, True, True, True]
    assert kept(1.0) == [True, True, True, True]
    assert kept(1.0, top_k=2) == [False, True, False, True]
    kept_logits = filter_logits(logits, 0, 0.7)[0]
    assert kept_logits[1].item() == pytest.approx(logits[0, 1].item())  # survivors keep their values


def test_top_p_filters_each_row_separately():
    logits = torch.tensor([[0.6, 0.3, 0.1], [0.1, 0.2, 0.7]]).log()
    assert torch.isfinite(filter_logits(logits, 0, 0.75)).tolist() == [[True, True, False], [False, True, True]]


# --- translate and trace ---


def test_translate_keeps_input_order(model, memorised, texts):
    options = DecodeOptions()
    together = translate(model, memorised.vocab, texts, options, batch_size=3)
    assert together == [translate(model, memorised.vocab, [t], options)[0] for t in texts]
    assert together[:6] == [tgt for _, tgt in memorised.pairs[:6]]


def test_trace_without_forcing_is_greedy(model, memorised, texts, src_ids):
    for text, [hyp] in zip(texts[4:8], decode(model, src_ids[4:8], DecodeOptions())):
        result = trace(model, memorised.vocab, text)
        assert result.output_ids == hyp.ids
        assert result.steps[-1].chosen_id == EOS_ID
        assert result.src_tokens == [memorised.vocab.src.id_to_token(i) for i in memorised.vocab.encode_src(text)] + [
            "[EOS]"
        ]


def test_trace_steps_hold_probabilities_and_attention(model, memorised, texts):
    vocab = memorised.vocab
    result = trace(model, vocab, texts[7], top_k=5)
    src_len = len(vocab.encode_src(texts[7])) + 1
    for i, step in enumerate(result.steps):
        probs = [p for _, _, p in step.candidates]
        assert len(probs) == 5 and probs == sorted(probs, reverse=True)
        assert sum(probs) <= 1 + 1e-6
        assert not step.forced
        assert step.chosen_id == step.candidates[0][1] and step.chosen_prob == pytest.approx(probs[0])
        assert step.chosen_token == vocab.tgt_token(step.chosen_id)
        assert step.prefix == [s.chosen_token for s in result.steps[:i]]
        assert len(step.cross_attention) == 2 and all(
            len(head) == src_len for layer in step.cross_attention for head in layer
        )
        assert all(sum(head) == pytest.approx(1.0, abs=1e-5) for layer in step.cross_attention for head in layer)
    everything = trace(model, vocab, texts[7], top_k=vocab.tgt.get_vocab_size())
    assert sum(p for _, _, p in everything.steps[0].candidates) == pytest.approx(1.0, abs=1e-4)


@torch.no_grad()
def test_trace_honours_forced_tokens_and_continues_from_them(model, memorised):
    vocab = memorised.vocab
    text = memorised.pairs[0][0]
    free = trace(model, vocab, text)
    forced = [vocab.tgt.token_to_id(t) for t in ["▁Ein", "▁Hund"]]
    assert forced[:1] != free.output_ids[:1]  # really a different path than the model's own
    result = trace(model, vocab, text, forced=forced)
    assert [s.chosen_id for s in result.steps[:2]] == forced
    assert [s.forced for s in result.steps[:3]] == [True, True, False]
    assert result.steps[2].prefix == ["▁Ein", "▁Hund"]
    # Forced steps report the model's probability of the forced token; after them its own argmax takes over.
    src = torch.tensor([vocab.encode_src(text) + [EOS_ID]])
    prefix = torch.tensor([[SOS_ID, *forced]])
    probs = model(src, prefix, padding_mask(src, PAD_ID), causal_mask(3))[0].softmax(-1)
    assert [s.chosen_prob for s in result.steps[:2]] == pytest.approx(
        [probs[0, forced[0]].item(), probs[1, forced[1]].item()], abs=1e-5
    )
    assert result.steps[2].chosen_id == int(probs[2].argmax())
    assert result.steps[2].chosen_prob == pytest.approx(probs[2].max().item(), abs=1e-5)


def test_trace_forced_eos_stops(model, memorised):
    result = trace(model, memorised.vocab, memorised.pairs[0][0], forced=[EOS_ID])
    assert len(result.steps) == 1 and result.output_ids == []


def test_trace_rejects_bad_temperature(model, memorised):
    with pytest.raises(DecodeError, match="temperature"):
        trace(model, memorised.vocab, "A dog.", temperature=0.0)


# --- options ---


@pytest.mark.parametrize(
    "values,message",
    [
        ({"method": "topk"}, "method must be one of greedy, beam, sample"),
        ({"method": "beam", "beam_size": 0}, "beam size must be between 1 and 64, got 0"),
        ({"method": "beam", "beam_size": 65}, "beam size must be between 1 and 64"),
        ({"method": "beam", "beam_size": 2, "n_best": 3}, r"n-best must be between 1 and the beam size \(2\), got 3"),
        ({"length_penalty": -0.1}, "length penalty must be between 0 and 5"),
        ({"temperature": 0.0}, r"temperature must be in \(0, 10\]"),
        ({"top_k": -1}, "top-k must be >= 0"),
        ({"top_p": 0.0}, r"top-p must be in \(0, 1\]"),
        ({"top_p": 1.5}, r"top-p must be in \(0, 1\]"),
        ({"max_len": 0}, "max length must be >= 1"),
    ],
)
def test_invalid_decode_options_are_refused(values, message):
    with pytest.raises(DecodeError, match=message):
        DecodeOptions(**values).validate()


def test_decode_validates_its_options(model, src_ids):
    with pytest.raises(DecodeError, match="beam size"):
        decode(model, src_ids[:1], DecodeOptions(method="beam", beam_size=0))
