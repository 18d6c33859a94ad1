"""How often a model says the right day, month or number: the validation pairs that say one in both sentences, with
each other word of its list put in (augmentation.ClosedClassSwap, as the third training stage makes its pairs from
the training split), translated greedily; a line counts as right when the output says the target word of the pair
(a number in digits too).

    python scripts/closed_class_check.py --checkpoint checkpoints/en-fr --data-dir ../shared/data [--engine ctranslate2]

Prints JSON: per kind (day, month, number) the lines and the share right. Validation data only, never a test set, so
that it may choose between checkpoints.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from transformer_demo.augmentation import ClosedClassSwap, key_of  # noqa: E402
from transformer_demo.checkpoint import load_checkpoint  # noqa: E402
from transformer_demo.data import read_mixed  # noqa: E402
from transformer_demo.decoding import DecodeOptions  # noqa: E402
from transformer_demo.engines import TorchEngine  # noqa: E402
from transformer_demo.engines.choice import fast_engine  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoint", required=True)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--engine", default="ctranslate2", choices=["torch", "ctranslate2"])
    args = parser.parse_args()
    checkpoint = load_checkpoint(args.checkpoint)
    tgt_lang = checkpoint.run.train.tgt_lang
    sources = [s for s in checkpoint.run.train.sources if not s.get("transform")]
    val = read_mixed(args.data_dir, sources, "val", "en", tgt_lang)
    swap = ClosedClassSwap(tgt_lang, numbers_per_pair=4, seed=99)
    engine = TorchEngine(checkpoint)
    if args.engine == "ctranslate2":
        engine = fast_engine(checkpoint, "ctranslate2", "int8").engine or engine
    lines: list[tuple[str, str, str]] = []  # (kind, English, the target word it must say)
    for index, pair in enumerate(val):
        for en, tgt in swap.variants(pair, index):
            for (_, tgt_words, kind), (_, tgt_find) in zip(swap.lists, swap.finders):
                if found := tgt_find.findall(tgt):
                    lines.append((kind, en, key_of(tgt_words, found[0])))
                    break
    outputs = engine.translate([en for _, en, _ in lines], DecodeOptions())
    report: dict[str, dict[str, float]] = {}
    for (kind, _, key), result in zip(lines, outputs):
        tgt_words, tgt_find = next((w, f) for (_, w, k), (_, f) in zip(swap.lists, swap.finders) if k == kind)
        said = {key_of(tgt_words, w) for w in tgt_find.findall(result.outputs[0][0])}
        said |= set(re.findall(r"\d+", result.outputs[0][0])) if kind == "number" else set()  # "92" is right too
        entry = report.setdefault(kind, {"lines": 0, "right": 0})
        entry["lines"] += 1
        entry["right"] += key in said
    for entry in report.values():
        entry["share_right"] = round(100 * entry["right"] / entry["lines"], 1)
    print(json.dumps({"checkpoint": args.checkpoint, "engine": args.engine, **report}))


if __name__ == "__main__":
    main()
