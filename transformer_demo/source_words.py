"""The source words a translation model saw in training, and how often.

Counted by `calibrate --write` from the model's training split and kept beside the weights as source_words.tsv
("word<TAB>count" lines, most frequent first, words as confidence.words reads them: casefolded letters). With it
the app can say when a word of the visitor's is one the model never learned (confidence.rare_words): such a word
is translated by its pieces, and on validation the lines that hold one score far below the rest (the README's
confidence section has the figures). A checkpoint without the file makes no such check.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from .confidence import words
from .errors import CheckpointError
from .files import atomic_write

FILE = "source_words.tsv"


def count_words(sentences: Iterable[str]) -> Counter[str]:
    return Counter(word for sentence in sentences for word in words(sentence))


def write_counts(folder: Path, counts: Counter[str]) -> Path:
    path = folder / FILE
    lines = "".join(f"{word}\t{count}\n" for word, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    atomic_write(path, lambda tmp: tmp.write_text(lines, encoding="utf-8"))
    return path


def read_counts(folder: Path) -> dict[str, int] | None:
    """The counts in folder's source_words.tsv; None when there is none; CheckpointError when it is malformed."""
    path = folder / FILE
    if not path.is_file():
        return None
    counts = {}
    try:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            word, _, count = line.partition("\t")
            if not word or not count.isdigit():
                raise CheckpointError(f"{path} is corrupted: line {number} is not 'word<TAB>count'")
            counts[word] = int(count)
    except UnicodeDecodeError as exc:
        raise CheckpointError(f"{path} is corrupted: {exc}") from None
    return counts
