"""Tokenizers built with the Hugging Face `tokenizers` library.

Every kind starts with Metaspace, which marks each word start with "▁" so that decoding is the
inverse of encoding: "A man." -> ["▁A", "▁man", "."] -> "A man." with no stray spaces.
  - "bpe":    joint byte-pair-encoding subwords (default for translation)
  - "word":   one token per word, punctuation split off, rare words -> [UNK] (the classic tutorials)
  - "digits": BPE with every digit its own token, so numbers never seen whole still tokenize (math)
  - "numbers": BPE where a run of digits is one pre-token, so frequent numbers (every operand 1-1000 of the
               math task) become single tokens that the decoder copies whole; rarer ones split into pieces
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

UNK, PAD, SOS, EOS = "[UNK]", "[PAD]", "[SOS]", "[EOS]"
SPECIAL_TOKENS = [UNK, PAD, SOS, EOS]  # ids 0, 1, 2, 3 in every tokenizer we build
UNK_ID, PAD_ID, SOS_ID, EOS_ID = range(4)


def _pre_tokenizer(kind: str) -> pre_tokenizers.PreTokenizer:
    steps = [
        pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always"),
        pre_tokenizers.Punctuation(behavior="isolated"),  # "bushes." -> "▁bushes", "."
    ]
    if kind in ("digits", "numbers"):
        steps.append(pre_tokenizers.Digits(individual_digits=kind == "digits"))
    return pre_tokenizers.Sequence(steps)


def build_tokenizer(
    texts: Iterable[str], kind: str = "bpe", vocab_size: int = 8000, min_frequency: int = 2
) -> Tokenizer:
    """Learn a vocabulary from texts. Special tokens always take ids 0-3.

    No progress bars: even when hidden they print blank lines to stdout, which carries only results.
    """
    if kind == "word":
        tokenizer = Tokenizer(models.WordLevel(unk_token=UNK))
        trainer = trainers.WordLevelTrainer(
            vocab_size=vocab_size, min_frequency=min_frequency, special_tokens=SPECIAL_TOKENS, show_progress=False
        )
    elif kind in ("bpe", "digits", "numbers"):
        tokenizer = Tokenizer(models.BPE(unk_token=UNK))
        trainer = trainers.BpeTrainer(
            vocab_size=vocab_size, min_frequency=min_frequency, special_tokens=SPECIAL_TOKENS, show_progress=False
        )
    else:
        raise ValueError(f"unknown tokenizer kind {kind!r} (use bpe, word, digits or numbers)")
    tokenizer.normalizer = normalizers.NFKC()
    tokenizer.pre_tokenizer = _pre_tokenizer(kind)
    tokenizer.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always")
    tokenizer.train_from_iterator(texts, trainer)
    return tokenizer


@dataclass
class Vocab:
    """Source and target tokenizers; the same object when the vocabulary is joint.

    reverse_target: the model reads and writes target texts back to front ("153.86" is trained as
    "68.351"), so numbers come out least significant digit first, the order in which carries propagate.
    encode_tgt reverses before encoding and decode_tgt turns the output back; callers see normal text.
    """

    src: Tokenizer
    tgt: Tokenizer
    reverse_target: bool = False

    @property
    def joint(self) -> bool:
        return self.src is self.tgt

    def encode_src(self, text: str) -> list[int]:
        return self.src.encode(text).ids

    def _oriented(self, text: str) -> str:
        return text.strip()[::-1] if self.reverse_target else text

    def source_ids(self, text: str, max_len: int) -> list[int]:
        """The source-encoding rule, written once (training, decoding and every engine use it):
        at most max_len - 1 tokens, then [EOS]."""
        return self.encode_src(text)[: max_len - 1] + [EOS_ID]

    def encode_tgt(self, text: str) -> list[int]:
        return self.tgt.encode(self._oriented(text)).ids

    def decode_tgt(self, ids: Iterable[int]) -> str:
        text = self.tgt.decode([i for i in ids if i >= len(SPECIAL_TOKENS)], skip_special_tokens=True).strip()
        return self._oriented(text)

    def src_tokens(self, text: str) -> list[str]:
        return self.src.encode(text).tokens

    def src_token(self, token_id: int) -> str:
        return self.src.id_to_token(token_id) or "?"

    def tgt_token(self, token_id: int) -> str:
        return self.tgt.id_to_token(token_id) or UNK

    def files(self) -> dict[str, Tokenizer]:
        """File name -> tokenizer: tokenizer.json, and tokenizer_tgt.json when the vocabulary is not joint."""
        return {"tokenizer.json": self.src} | ({} if self.joint else {"tokenizer_tgt.json": self.tgt})

    def save(self, folder: Path) -> list[Path]:
        for name, tokenizer in self.files().items():
            tokenizer.save(str(folder / name))
        return [folder / name for name in self.files()]

    @classmethod
    def load(cls, folder: Path, reverse_target: bool = False) -> Vocab:
        src = Tokenizer.from_file(str(folder / "tokenizer.json"))
        tgt_path = folder / "tokenizer_tgt.json"
        tgt = Tokenizer.from_file(str(tgt_path)) if tgt_path.exists() else src
        return cls(src, tgt, reverse_target)

    @classmethod
    def build(
        cls,
        pairs: list[tuple[str, str]],
        kind: str,
        vocab_size: int,
        min_frequency: int,
        joint: bool,
        reverse_target: bool = False,
        src_vocab_size: int | None = None,
    ) -> Vocab:
        """One tokenizer of vocab_size for both sides (joint), or a source one of src_vocab_size (default:
        vocab_size) and a target one of vocab_size."""
        targets = [t[::-1] if reverse_target else t for _, t in pairs]
        if joint:
            shared = build_tokenizer([s for s, _ in pairs] + targets, kind, vocab_size, min_frequency)
            return cls(shared, shared, reverse_target)
        return cls(
            build_tokenizer((s for s, _ in pairs), kind, src_vocab_size or vocab_size, min_frequency),
            build_tokenizer(targets, kind, vocab_size, min_frequency),
            reverse_target,
        )
