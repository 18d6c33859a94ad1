"""The benchmark suite of a translation model: every test set it is reported on, scored in one call.

Folders are relative to a data root (e.g. ../shared/data) that holds multi30k/ and tatoeba/{src}-{tgt}/:
  multi30k/test_2016_flickr   image captions (the Multi30k models' home ground)
  tatoeba/test                everyday sentences: tatoeba-test-v2021-08-07, as the OPUS-MT models report
  flores200/devtest           Wikipedia sentences, a general-domain stress set (reported, never tuned on)
and one folder of this repository's: docs/everyday, 20 sentences a visitor types first, written for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .data import Pair, read_parallel_dir
from .decoding import DecodeOptions
from .engines import TorchEngine
from .errors import DataError
from .evaluation import evaluate
from .tasks import get_task, traits_of


@dataclass(frozen=True)
class Benchmark:
    name: str  # the key in metrics.json, before "/<decoding>"
    folder: str  # under the data root (or absolute); {src} and {tgt} are the model's languages
    split: str

    def pairs(self, data_root: Path, src_lang: str, tgt_lang: str) -> list[Pair]:
        folder = data_root / self.folder.format(src=src_lang, tgt=tgt_lang)
        if not folder.is_dir():
            raise DataError(
                f"{self.name}: no folder {folder} (for the suite, --data-dir is the data root that holds "
                f"multi30k/ and tatoeba/{src_lang}-{tgt_lang}/)"
            )
        try:
            return read_parallel_dir(folder, self.split, src_lang, tgt_lang)
        except DataError as exc:
            raise DataError(f"{self.name}: {exc}") from None


EVERYDAY = Path(__file__).resolve().parents[1] / "docs" / "everyday"

TRANSLATION_SUITE = (
    Benchmark("multi30k/test_2016_flickr", "multi30k", "test_2016_flickr"),
    Benchmark("tatoeba/test", "tatoeba/{src}-{tgt}", "test"),
    Benchmark("flores200/devtest", "tatoeba/{src}-{tgt}", "flores200_devtest"),
    Benchmark("everyday/test", str(EVERYDAY), "test"),  # an absolute folder: the data root does not matter
)


def metrics_key(name: str, result: dict[str, Any]) -> str:
    """ "tatoeba/test/beam4", with "/first1000" when only the first 1,000 pairs were scored."""
    return f"{name}/{result['decoding']}" + (f"/first{result['limit']}" if "limit" in result else "")


def evaluate_suite(
    engine: TorchEngine, data_root: str | Path, options: DecodeOptions, limit: int | None = None
) -> dict[str, dict[str, Any]]:
    """Benchmark name -> evaluate()'s result. With a limit, a set cut to its first `limit` pairs says so
    ("limit" and "available"); every set is found before any is decoded, so a missing one fails fast."""
    train = engine.checkpoint.run.train
    if not traits_of(train.task).between_languages:
        raise DataError(f"the benchmark suite is for translation models; this one is a {train.task} model")
    root = Path(data_root)
    if not root.is_dir():
        raise DataError(f"data folder not found: {root}")
    sets = {b.name: b.pairs(root, train.src_lang, train.tgt_lang) for b in TRANSLATION_SUITE}
    results = {}
    for name, pairs in sets.items():
        scored = pairs[:limit] if limit else pairs
        result = evaluate(engine, get_task(train.task), scored, options)
        if len(scored) < len(pairs):
            result |= {"limit": limit, "available": len(pairs)}
        results[name] = result
    return results
