"""How often a model says the right day, month, number, ordinal or clock time: the validation pairs that say one in
both sentences, with other words of its list put in (augmentation's transforms, as the training stages make their
pairs from the training split), translated greedily; a line counts as right when the output says the word the pair's
target says (a number in digits too; a time on either clock).

    python scripts/closed_class_check.py --checkpoint checkpoints/en-fr --data-dir ../shared/data \
        [--engine ctranslate2] [--transforms closed_class,clock_time,ordinal] [--per-pair N]

Prints JSON: per kind (day, month, number, ordinal, time) the lines and the share right. Validation data only, never
a test set, so that it may choose between checkpoints.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from transformer_demo.augmentation import TRANSFORMS  # noqa: E402
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
    parser.add_argument("--transforms", default=",".join(TRANSFORMS), help="comma list of augmentation.TRANSFORMS")
    parser.add_argument("--per-pair", type=int, help="variants per validation pair (default: each transform's own)")
    args = parser.parse_args()
    if unknown := set(args.transforms.split(",")) - set(TRANSFORMS):
        parser.error(f"unknown transforms {', '.join(sorted(unknown))}; known: {', '.join(TRANSFORMS)}")
    checkpoint = load_checkpoint(args.checkpoint)
    tgt_lang = checkpoint.run.train.tgt_lang
    sources = [s for s in checkpoint.run.train.sources if not s.get("transform")]
    val = read_mixed(args.data_dir, sources, "val", "en", tgt_lang)
    sizes = {} if args.per_pair is None else {"per_pair": args.per_pair}
    swaps = [TRANSFORMS[name](tgt_lang, seed=99, **sizes) for name in args.transforms.split(",")]
    engine = TorchEngine(checkpoint)
    if args.engine == "ctranslate2":
        engine = fast_engine(checkpoint, "ctranslate2", "int8").engine or engine
    lines = [(swap, kind, en, key) for swap in swaps for index, pair in enumerate(val)
             for kind, (en, _), key in swap.keyed(pair, index)]  # (transform, kind, English, the key it must say)
    outputs = engine.translate([en for _, _, en, _ in lines], DecodeOptions())
    report: dict[str, dict[str, float]] = {}
    for (swap, kind, _, key), result in zip(lines, outputs):
        entry = report.setdefault(kind, {"lines": 0, "right": 0})
        entry["lines"] += 1
        entry["right"] += key in swap.said(kind, result.outputs[0][0])
    for entry in report.values():
        entry["share_right"] = round(100 * entry["right"] / entry["lines"], 1)
    print(json.dumps({"checkpoint": args.checkpoint, "engine": args.engine, **report}))


if __name__ == "__main__":
    main()
