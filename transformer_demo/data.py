"""Where sentence pairs come from, and how they become padded, masked batches.

Sources, all ending as list[tuple[str, str]]:
  (a) a folder of parallel files {split}.{lang}[.gz]   e.g. ../shared/data/multi30k
  (b) a Hugging Face hub dataset                       e.g. opus_books en-it, bentrevett/multi30k
  (c) one TSV (source<TAB>target) or JSONL file of pairs
Then: ids (with [SOS]/[EOS], truncated to max_len) -> batches of about max_tokens tokens, built from
sentences of similar length so that little of each batch is padding.
"""
from __future__ import annotations

import gzip
import json
import random
from dataclasses import dataclass
from pathlib import Path

import torch
from torch import Tensor

from .augmentation import Pair, transformed
from .errors import DataError
from .model import causal_mask, padding_mask
from .tokenization import EOS_ID, PAD_ID, SOS_ID, Vocab

SPLIT_ALIASES = {"val": "validation", "valid": "validation", "dev": "validation"}


def _read_lines(path: Path) -> list[str]:
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as handle:
            return [line.rstrip("\n") for line in handle]
    except UnicodeDecodeError as exc:
        raise DataError(f"{path} is not UTF-8 text: {exc}") from None


def _find_split_file(data_dir: Path, split: str, lang: str) -> Path:
    for name in (f"{split}.{lang}", f"{split}.{lang}.gz"):
        if (data_dir / name).is_file():
            return data_dir / name
    available = sorted({p.name.split(".")[0] for p in data_dir.glob("*.*")})
    langs = sorted({p.name.split(".")[1] for p in data_dir.glob("*.*") if p.name.count(".") >= 1})
    raise DataError(
        f"no file {split}.{lang}[.gz] in {data_dir} (splits there: {', '.join(available) or 'none'}; "
        f"languages: {', '.join(langs) or 'none'})"
    )


def read_parallel_dir(data_dir: str | Path, split: str, src_lang: str, tgt_lang: str) -> list[Pair]:
    data_dir = Path(data_dir)
    if not data_dir.is_dir():
        raise DataError(f"data folder not found: {data_dir}")
    src = _read_lines(_find_split_file(data_dir, split, src_lang))
    tgt = _read_lines(_find_split_file(data_dir, split, tgt_lang))
    if len(src) != len(tgt):
        raise DataError(f"{split}: {len(src)} {src_lang} lines but {len(tgt)} {tgt_lang} lines")
    return [(s.strip(), t.strip()) for s, t in zip(src, tgt) if s.strip() and t.strip()]


TRAINING_SPLITS = ("train", "val", "validation")


def normalized(text: str) -> str:
    """What two sentences must share to count as the same: letters and digits, case and punctuation aside."""
    return " ".join("".join(c if c.isalnum() else " " for c in text.casefold()).split())


def held_out_sentences(data_dir: Path, langs: tuple[str, ...]) -> set[str]:
    """Every sentence, normalized, of the folder's evaluation splits (any split but train/val)."""
    found: set[str] = set()
    for lang in langs:
        for path in sorted(data_dir.glob(f"*.{lang}")) + sorted(data_dir.glob(f"*.{lang}.gz")):
            if path.name.split(".")[0] not in TRAINING_SPLITS:
                found.update(normalized(line) for line in _read_lines(path))
    found.discard("")
    return found


def read_mixed(data_root: str | Path, sources: list[dict], split: str, src_lang: str, tgt_lang: str) -> list[Pair]:
    """Pairs from several folders under data_root, e.g. [{"path": "tatoeba/en-de", "weight": 1}, {"path": "multi30k"}].

    train repeats each source's pairs `weight` times; val takes each source's once; other splits (test sets)
    are read from data_root itself when it has them (a folder of your own), else from the first source that
    does. A source with a "transform" gives, for train only, the variants its transform makes of the folder's
    training pairs (augmentation/), `weight` times with other draws. Train and val never hold a pair whose
    source or target sentence is in any source's evaluation splits (the dedup guarantee).
    """
    root = Path(data_root)
    folders = [(root / source["path"], source.get("weight", 1)) for source in sources]
    if split not in TRAINING_SPLITS:
        for folder in (root, *(f for f, _ in folders)):
            if any(folder.glob(f"{split}.{src_lang}*")):
                return read_parallel_dir(folder, split, src_lang, tgt_lang)
        raise DataError(f"no source in {', '.join(str(f) for f, _ in folders)} has a split {split!r}")
    held = set().union(*(held_out_sentences(folder, (src_lang, tgt_lang)) for folder, _ in folders))

    def unseen(pairs: list[Pair]) -> list[Pair]:
        return [p for p in pairs if normalized(p[0]) not in held and normalized(p[1]) not in held]

    pairs: list[Pair] = []
    for source, (folder, weight) in zip(sources, folders):
        if source.get("transform") and split != "train":
            continue  # validation is real pairs only
        kept = unseen(read_parallel_dir(folder, split, src_lang, tgt_lang))
        if source.get("transform"):  # a variant may be a test sentence ("see you on Tuesday"): checked again
            pairs += [p for r in range(weight) for p in unseen(transformed(source["transform"], kept, tgt_lang, r))]
        else:
            pairs += kept * (weight if split == "train" else 1)
    return pairs


def beyond_captions(sources: tuple[str, ...] | list[str]) -> bool:
    """Whether a model trained on these data folders (config `sources`) saw more than Multi30k's image captions."""
    return any("multi30k" not in source.lower() for source in sources)


def read_pairs_file(path: str | Path) -> list[Pair]:
    """TSV: source<TAB>target per line. JSONL: {"src": ..., "tgt": ...} per line."""
    path = Path(path)
    if not path.is_file():
        raise DataError(f"pairs file not found: {path}")
    pairs: list[Pair] = []
    for number, line in enumerate(_read_lines(path), 1):
        if not line.strip():
            continue
        if ".jsonl" in path.suffixes:
            try:
                row = json.loads(line)
                pairs.append((str(row["src"]).strip(), str(row["tgt"]).strip()))
            except (json.JSONDecodeError, KeyError, TypeError):
                raise DataError(f"{path}:{number}: expected a JSON object with 'src' and 'tgt'") from None
        else:
            parts = line.split("\t")
            if len(parts) != 2:
                raise DataError(f"{path}:{number}: expected source<TAB>target, found {len(parts)} column(s)")
            pairs.append((parts[0].strip(), parts[1].strip()))
    return pairs


def pairs_from_dataset(dataset, src_lang: str, tgt_lang: str) -> list[Pair]:
    """A `datasets.Dataset` with either a `translation` column ({lang: text}) or one column per language."""
    columns = set(dataset.column_names)
    if "translation" in columns:
        return [(row[src_lang].strip(), row[tgt_lang].strip()) for row in dataset["translation"]]
    if {src_lang, tgt_lang} <= columns:
        return [(s.strip(), t.strip()) for s, t in zip(dataset[src_lang], dataset[tgt_lang])]
    raise DataError(f"dataset has columns {sorted(columns)}; need 'translation' or '{src_lang}' and '{tgt_lang}'")


def _holdout_split(pairs: list[Pair], split: str) -> list[Pair]:
    """Datasets that ship only 'train' (opus_books): a fixed 98/1/1 cut into train/validation/test."""
    order = list(range(len(pairs)))
    random.Random(0).shuffle(order)
    n_hold = max(1, len(pairs) // 100)
    ranges = {"validation": order[:n_hold], "test": order[n_hold : 2 * n_hold], "train": order[2 * n_hold :]}
    if split not in ranges:
        raise DataError(f"split {split!r} not available (train, validation, test)")
    return [pairs[i] for i in sorted(ranges[split])]


def load_hub_pairs(name: str, src_lang: str, tgt_lang: str, split: str) -> list[Pair]:
    """Load from the Hugging Face hub (needs the network the first time, then the local cache)."""
    import datasets

    split = SPLIT_ALIASES.get(split, split)
    last_error: Exception | None = None
    for config in (f"{src_lang}-{tgt_lang}", f"{tgt_lang}-{src_lang}", None):
        try:
            dataset_dict = datasets.load_dataset(name, config) if config else datasets.load_dataset(name)
        except (ValueError, FileNotFoundError) as exc:
            last_error = exc
            continue
        except Exception as exc:  # network and hub errors come in many types
            raise DataError(f"could not load {name!r} from the hub: {str(exc).splitlines()[0]}") from None
        # Without a validation split, validation and test are cut out of train, so train must leave them out.
        held_out = "validation" not in dataset_dict
        if split in dataset_dict and not (held_out and split == "train"):
            return pairs_from_dataset(dataset_dict[split], src_lang, tgt_lang)
        return _holdout_split(pairs_from_dataset(dataset_dict["train"], src_lang, tgt_lang), split)
    raise DataError(f"could not load {name!r} for {src_lang}-{tgt_lang}: {str(last_error).splitlines()[0]}")


@dataclass
class Example:
    src: list[int]  # tokens + [EOS]
    tgt: list[int]  # [SOS] + tokens + [EOS]


def encode_pairs(pairs: list[Pair], vocab: Vocab, max_len: int) -> tuple[list[Example], int]:
    """Returns the examples and how many pairs had to be truncated to max_len."""
    examples, truncated = [], 0
    for src_text, tgt_text in pairs:
        src = vocab.source_ids(src_text, max_len)
        tgt_ids = vocab.encode_tgt(tgt_text)
        tgt = [SOS_ID] + tgt_ids[: max_len - 1] + [EOS_ID]
        truncated += len(src) < len(vocab.encode_src(src_text)) + 1 or len(tgt) < len(tgt_ids) + 2
        examples.append(Example(src, tgt))
    return examples, truncated


@dataclass
class Batch:
    src: Tensor  # (batch, src_len)
    tgt_in: Tensor  # (batch, tgt_len): [SOS] y1 ... yn
    tgt_out: Tensor  # (batch, tgt_len): y1 ... yn [EOS]
    src_mask: Tensor  # (batch, 1, 1, src_len)
    tgt_mask: Tensor  # (batch, 1, tgt_len, tgt_len): causal and no padding keys

    @property
    def n_tokens(self) -> int:
        return int((self.tgt_out != PAD_ID).sum())

    @property
    def n_padded(self) -> int:
        return self.src.numel() + self.tgt_out.numel()

    @property
    def n_real(self) -> int:
        return int((self.src != PAD_ID).sum()) + self.n_tokens

    def to(self, device: torch.device | str) -> Batch:
        return Batch(
            *(
                t.to(device, non_blocking=True)
                for t in (self.src, self.tgt_in, self.tgt_out, self.src_mask, self.tgt_mask)
            )
        )


def pad(sequences: list[list[int]]) -> Tensor:
    width = max(len(s) for s in sequences)
    return torch.tensor([s + [PAD_ID] * (width - len(s)) for s in sequences], dtype=torch.long)


def collate(examples: list[Example]) -> Batch:
    src = pad([e.src for e in examples])
    tgt = pad([e.tgt for e in examples])
    tgt_in, tgt_out = tgt[:, :-1], tgt[:, 1:]
    tgt_mask = causal_mask(tgt_in.size(1)) & padding_mask(tgt_in, PAD_ID)
    return Batch(src, tgt_in, tgt_out, padding_mask(src, PAD_ID), tgt_mask)


def make_batches(
    examples: list[Example], max_tokens: int, seed: int | None = None, sort_by_length: bool = True
) -> list[list[int]]:
    """Index lists of batches whose padded size (rows x (longest src + longest tgt)) stays <= max_tokens.

    Sorting by length first keeps padding low (by the longer side first: on Multi30k val that pads 12% instead
    of 20% at max_tokens 4096); seed shuffles ties and the order of batches (None = keep order).
    sort_by_length=False draws batches at random instead: for tasks whose lengths tell what kind of example
    it is (math), sorted batches would each hold one kind and the gradient would swing from batch to batch.
    """
    rng = random.Random(seed)
    keys = [
        (max(len(e.src), len(e.tgt)), len(e.src), rng.random() if seed is not None else i)
        for i, e in enumerate(examples)
    ]
    order = sorted(range(len(examples)), key=lambda i: keys[i])
    if not sort_by_length:
        rng.shuffle(order)
    batches, current, longest_src, longest_tgt = [], [], 0, 0
    for i in order:
        s, t = len(examples[i].src), len(examples[i].tgt)
        new_src, new_tgt = max(longest_src, s), max(longest_tgt, t)
        if current and (len(current) + 1) * (new_src + new_tgt) > max_tokens:
            batches.append(current)
            current, new_src, new_tgt = [], s, t
        current.append(i)
        longest_src, longest_tgt = new_src, new_tgt
    if current:
        batches.append(current)
    if seed is not None:
        rng.shuffle(batches)
    return batches
