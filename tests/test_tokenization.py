"""Tokenizers: exact round trips on real sentences, fixed special ids, digit splitting, save/load."""
from __future__ import annotations

import re
import unicodedata

import pytest

from transformer_demo.data import Pair
from transformer_demo.tokenization import EOS_ID, PAD_ID, SOS_ID, SPECIAL_TOKENS, UNK_ID, Vocab, build_tokenizer

KINDS = ["bpe", "word", "digits"]


@pytest.fixture(scope="module")
def sentences(val_pairs: list[Pair]) -> list[str]:
    return [s for pair in val_pairs[:300] for s in pair]


@pytest.mark.parametrize("kind", ["bpe", "word"])
def test_round_trip_of_real_sentences(kind, sentences, val_pairs):
    tokenizer = build_tokenizer([s for pair in val_pairs for s in pair], kind, vocab_size=20000, min_frequency=1)
    vocab = Vocab(tokenizer, tokenizer)
    # Whitespace runs cannot survive (Metaspace keeps one separator) and NFKC maps e.g. a no-break space to a
    # space; every other sentence must come back exactly.
    clean = [
        s for s in sentences
        if not re.search(r"\s\s", s) and unicodedata.normalize("NFKC", s) == s and UNK_ID not in vocab.encode_tgt(s)
    ]
    assert len(clean) >= 0.95 * len(sentences)
    mismatches = [(s, vocab.decode_tgt(vocab.encode_tgt(s))) for s in clean]
    mismatches = [(s, d) for s, d in mismatches if s != d]
    assert mismatches == []


def test_decoding_puts_no_space_before_punctuation(bpe_vocab):
    text = "A man, in a red hat, sits on a bench: he waits."
    ids = bpe_vocab.encode_tgt(text)
    assert UNK_ID not in ids
    decoded = bpe_vocab.decode_tgt(ids)
    assert decoded == text
    assert not re.search(r" [,.:]", decoded)
    assert bpe_vocab.src_tokens("A man.") == ["▁A", "▁man", "."]


@pytest.mark.parametrize("kind", KINDS)
def test_special_tokens_have_ids_0_to_3(kind, sentences):
    tokenizer = build_tokenizer(sentences, kind, vocab_size=500, min_frequency=2)
    assert [tokenizer.token_to_id(t) for t in SPECIAL_TOKENS] == [UNK_ID, PAD_ID, SOS_ID, EOS_ID] == [0, 1, 2, 3]
    assert 100 < tokenizer.get_vocab_size() <= 500


def test_decode_skips_special_ids(bpe_vocab):
    ids = bpe_vocab.encode_tgt("Ein Hund läuft.")
    assert bpe_vocab.decode_tgt([SOS_ID, *ids, EOS_ID, PAD_ID, PAD_ID]) == "Ein Hund läuft."


def test_word_tokenizer_maps_unseen_words_to_unk():
    tokenizer = build_tokenizer(["a dog runs .", "a cat runs ."] * 3, "word", vocab_size=100, min_frequency=1)
    vocab = Vocab(tokenizer, tokenizer)
    ids = vocab.encode_src("a zebra runs.")
    assert ids[1] == UNK_ID and ids.count(UNK_ID) == 1
    assert vocab.src_tokens("a zebra runs.") == ["▁a", "[UNK]", "▁runs", "."]


def test_digits_tokenizer_splits_every_digit():
    texts = ["What is 1234 plus 5678?", "The answer is 6912.", "12 12 12 1234 1234 1234"] * 20
    digits = build_tokenizer(texts, "digits", vocab_size=300, min_frequency=1)
    encoding = digits.encode("What is 98765 plus 4?")
    assert [t for t in encoding.tokens if any(c.isdigit() for c in t)] == ["9", "8", "7", "6", "5", "4"]
    assert UNK_ID not in encoding.ids
    assert digits.decode(encoding.ids) == "What is 98765 plus 4?"
    plain = build_tokenizer(texts, "bpe", vocab_size=300, min_frequency=1)
    assert any(len(t.strip("▁")) > 1 and t.strip("▁").isdigit() for t in plain.encode("1234").tokens)


def test_numbers_tokenizer_keeps_frequent_numbers_whole():
    programs = ["pct(3 / (3 + 5))", "3.14 * 9 ^ 2"] * 5
    texts = [f"What is {a} times {b}?" for a in range(1, 60) for b in (3, 71, 250)] + programs
    numbers = build_tokenizer(texts, "numbers", vocab_size=1000, min_frequency=2)
    tokens = numbers.encode("What is 42 times 250?").tokens
    assert tokens == ["▁What", "▁is", "▁", "42", "▁times", "▁", "250", "?"]
    rare = [t for t in numbers.encode("98765").tokens if t != "▁"]
    assert len(rare) > 1 and "".join(rare) == "98765"  # a number never seen still tokenizes, in pieces
    assert numbers.decode(numbers.encode("3.14 * 7 ^ 2").ids) == "3.14 * 7 ^ 2"


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown tokenizer kind 'chars'"):
        build_tokenizer(["a b"], "chars")


def test_joint_vocab_saves_one_file_and_loads_joint(bpe_vocab, tmp_path):
    assert bpe_vocab.joint
    written = bpe_vocab.save(tmp_path)
    assert [p.name for p in written] == ["tokenizer.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tokenizer.json"]
    loaded = Vocab.load(tmp_path)
    assert loaded.joint
    text = "Zwei Männer spielen Fußball auf einer Wiese."
    assert loaded.encode_src(text) == bpe_vocab.encode_src(text)
    assert loaded.decode_tgt(loaded.encode_tgt(text)) == text


def test_separate_vocabs_save_two_files_and_load_separate(val_pairs, tmp_path):
    vocab = Vocab.build(val_pairs[:400], "word", vocab_size=2000, min_frequency=1, joint=False)
    assert not vocab.joint
    assert vocab.src.get_vocab_size() != vocab.tgt.get_vocab_size()
    assert sorted(p.name for p in vocab.save(tmp_path)) == ["tokenizer.json", "tokenizer_tgt.json"]
    loaded = Vocab.load(tmp_path)
    assert not loaded.joint
    en, de = val_pairs[0]
    assert loaded.encode_src(en) == vocab.encode_src(en) and UNK_ID not in loaded.encode_src(en)
    assert loaded.encode_tgt(de) == vocab.encode_tgt(de) and UNK_ID not in loaded.encode_tgt(de)
    assert loaded.decode_tgt(loaded.encode_tgt(de)) == de
    assert loaded.tgt.token_to_id("▁Männer") is not None and loaded.src.token_to_id("▁Männer") is None


@pytest.mark.parametrize("kind", KINDS)
def test_building_a_tokenizer_prints_nothing(kind, capfd):
    build_tokenizer(["a dog runs", "a cat runs"] * 5, kind, vocab_size=100, min_frequency=1)
    assert capfd.readouterr() == ("", "")  # stdout carries only the CLI's results


def test_reversed_targets_are_written_back_to_front_and_read_the_right_way_round(tmp_path):
    pairs = [(f"What is {a} times {b}?", str(a * b)) for a in range(1, 30) for b in (3, 7, 11)]
    pairs += [("Pick one.", "-55"), ("A ball?", "83.33%"), ("Area?", "153.86")]
    vocab = Vocab.build(pairs, "digits", 300, 1, joint=True, reverse_target=True)
    for answer in ("84", "-55", "83.33%", "153.86", "1776"):
        ids = vocab.encode_tgt(answer)
        assert ids == vocab.tgt.encode(answer[::-1]).ids != vocab.tgt.encode(answer).ids
        assert vocab.decode_tgt(ids) == answer
    assert vocab.encode_src("What is 12 times 7?") == vocab.tgt.encode("What is 12 times 7?").ids  # sources unchanged
    vocab.save(tmp_path)
    assert Vocab.load(tmp_path, reverse_target=True).decode_tgt(vocab.encode_tgt("1776")) == "1776"
    assert Vocab.load(tmp_path).decode_tgt(vocab.encode_tgt("1776")) == "6771"
