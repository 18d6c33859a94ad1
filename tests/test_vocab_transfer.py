"""A trained joint-vocabulary model continued with a source vocabulary of its own (training/vocab_transfer.py)."""
from __future__ import annotations

import pytest
import torch
from conftest import small_config, tiny_run

from transformer_demo.checkpoint import load_checkpoint
from transformer_demo.config import TrainConfig
from transformer_demo.decoding import DecodeOptions, translate
from transformer_demo.errors import ConfigError
from transformer_demo.model import Transformer, causal_mask, padding_mask
from transformer_demo.tokenization import EOS_ID, PAD_ID, SOS_ID, Vocab, build_tokenizer
from transformer_demo.training.trainer import Trainer
from transformer_demo.training.vocab_transfer import transferred_embeddings, with_source_vocabulary


@pytest.fixture(scope="module")
def joint(val_pairs) -> Vocab:
    return Vocab.build(val_pairs, "bpe", vocab_size=600, min_frequency=2, joint=True)


@pytest.fixture(scope="module")
def english(val_pairs):
    return build_tokenizer((s for s, _ in val_pairs), "bpe", 1200, 2)


def test_a_new_source_token_starts_as_the_mean_of_the_old_pieces_and_a_kept_one_as_itself(joint, english):
    old_table = torch.randn(joint.src.get_vocab_size(), 8)
    table = transferred_embeddings(old_table, joint.src, english)
    assert table.shape == (english.get_vocab_size(), 8)
    kept = [t for t in english.get_vocab() if joint.src.token_to_id(t) is not None]
    new = [t for t in english.get_vocab() if joint.src.token_to_id(t) is None]
    assert len(kept) > 100 and len(new) > 100
    for token in kept[:50]:
        torch.testing.assert_close(table[english.token_to_id(token)], old_table[joint.src.token_to_id(token)])
    for token in new[:50]:
        pieces = [joint.src.token_to_id(p.value) for p in joint.src.model.tokenize(token)]
        assert len(pieces) > 1 and None not in pieces
        torch.testing.assert_close(table[english.token_to_id(token)], old_table[pieces].mean(0))


def test_the_adapted_model_computes_what_the_old_one_did_wherever_both_vocabularies_cut_a_sentence_alike(
    joint, english, val_pairs
):
    size = joint.src.get_vocab_size()
    old = Transformer(small_config(src_vocab_size=size, tgt_vocab_size=size)).eval()
    adapted = with_source_vocabulary(old, joint.src, english).eval()
    assert adapted.config.src_vocab_size == english.get_vocab_size() and not adapted.config.share_embeddings
    assert adapted.projection.weight is adapted.tgt_embed.lut.weight  # the output stays tied to the target side
    torch.testing.assert_close(adapted.tgt_embed.lut.weight, old.tgt_embed.lut.weight)
    alike = [(s, t) for s, t in val_pairs if joint.src.encode(s).tokens == english.encode(s).tokens][:5]
    assert alike
    for source, target in alike:
        tgt = torch.tensor([[SOS_ID, *joint.encode_tgt(target)]])
        logits = []
        for model, tokenizer in ((old, joint.src), (adapted, english)):
            src = torch.tensor([[*tokenizer.encode(source).ids, EOS_ID]])
            logits.append(model(src, tgt, padding_mask(src, PAD_ID), causal_mask(tgt.size(1))))
        torch.testing.assert_close(logits[0], logits[1])


def test_training_continues_from_a_joint_checkpoint_with_a_source_vocabulary_of_its_own(train_pairs, tmp_path):
    pairs = train_pairs[:40]
    first = Trainer(tiny_run(steps=3, tokenizer="bpe", vocab_size=400), pairs, pairs[:4], tmp_path / "joint",
                    device="cpu")
    list(first.run())
    second = Trainer(tiny_run(steps=3, tokenizer="bpe", vocab_size=400, joint_vocab=False, src_vocab_size=300),
                     pairs, pairs[:4], tmp_path / "own", device="cpu", init_from=tmp_path / "joint")
    list(second.run())
    saved = load_checkpoint(tmp_path / "own")
    assert (tmp_path / "own" / "tokenizer_tgt.json").is_file() and not saved.vocab.joint
    assert saved.vocab.src.get_vocab_size() <= 300 < saved.vocab.tgt.get_vocab_size()
    assert saved.vocab.tgt.get_vocab() == first.vocab.tgt.get_vocab()  # the target side is the one it learned
    [hypotheses] = translate(saved.model, saved.vocab, [pairs[0][0]], DecodeOptions(max_len=10))
    assert isinstance(hypotheses, str)


def test_a_source_vocabulary_size_needs_separate_vocabularies():
    with pytest.raises(ConfigError, match="src_vocab_size"):
        TrainConfig(src_vocab_size=12000).validate()
    assert TrainConfig(joint_vocab=False, src_vocab_size=12000).validate().source_vocab_size == 12000
    assert TrainConfig(vocab_size=8000).validate().source_vocab_size == 8000
