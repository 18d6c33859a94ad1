"""The issue's targets checked against a result, and the result as a readable table."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass
class Target:
    name: str
    value: float | None  # None: the section did not run
    goal: float
    at_least: bool  # True: value >= goal is met; False: value <= goal is met

    @property
    def met(self) -> bool | None:
        if self.value is None:
            return None
        return self.value >= self.goal if self.at_least else self.value <= self.goal

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "met": self.met}


def lookup(result: dict, path: str) -> Any:
    """result["a"]["b"] for "a.b"; None where any part is missing."""
    node: Any = result
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def ratio(result: dict, numerator: str, denominator: str) -> float | None:
    top, bottom = lookup(result, numerator), lookup(result, denominator)
    return None if top is None or bottom is None else top / bottom


def targets(result: dict) -> list[Target]:
    """The targets of issue 6, in the order the issue lists them."""
    return [
        Target(
            "cached greedy b1 speed-up over uncached (x)",
            ratio(result, "decode.greedy_b1_cached.sentences_per_s", "decode.greedy_b1_uncached.sentences_per_s"),
            3.0,
            True,
        ),
        Target(
            "greedy b32 / b1 sentences per s (x)",
            ratio(result, "decode.greedy_b32_cached.sentences_per_s", "decode.greedy_b1_cached.sentences_per_s"),
            5.0,
            True,
        ),
        Target("greedy b1 p50 ms per sentence", lookup(result, "decode.greedy_b1_cached.ms_p50"), 25.0, False),
        Target("training tokens/s vs nn.Transformer (x)", lookup(result, "train.ours_vs_reference"), 0.9, True),
        Target("padding fraction of our batches", lookup(result, "train.padding_fraction"), 0.15, False),
        Target("app /translate greedy p50 ms", lookup(result, "app.greedy.ms_p50"), 60.0, False),
        Target("app /translate REST greedy p50 ms, one session", lookup(result, "app.greedy.http_ms_p50"), 60.0, False),
        Target("app /translate beam 4 p50 ms", lookup(result, "app.beam4.ms_p50"), 200.0, False),
        Target(
            "CTranslate2 float32 greedy b1 p50 ms",
            lookup(result, "engines.ctranslate2_float32.greedy_b1.ms_p50"),
            6.0,
            False,
        ),
        Target(
            "CTranslate2 int8 greedy b1 p50 ms", lookup(result, "engines.ctranslate2_int8.greedy_b1.ms_p50"), 4.0, False
        ),
        Target(
            "CTranslate2 float32 beam 4 b1 p50 ms",
            lookup(result, "engines.ctranslate2_float32.beam4_b1.ms_p50"),
            10.0,
            False,
        ),
        Target(
            "CTranslate2 int8 / torch float32 greedy b1 speed (x)",
            ratio(
                result,
                "engines.ctranslate2_int8.greedy_b1.sentences_per_s",
                "engines.torch_float32.greedy_b1.sentences_per_s",
            ),
            5.0,
            True,
        ),
        Target(
            "CTranslate2 float32 outputs equal to torch, greedy b1",
            lookup(result, "engines.ctranslate2_float32.greedy_b1.same_as_torch_float32"),
            1.0,
            True,
        ),
        Target(
            "CTranslate2 int8 outputs equal to torch, greedy b1",
            lookup(result, "engines.ctranslate2_int8.greedy_b1.same_as_torch_float32"),
            0.9,
            True,
        ),
        Target(
            "seed shape: training vs seed as shipped, pad 350 (x)",
            lookup(result, "seed_shape.train_vs_seed_pad350"),
            10.0,
            True,
        ),
        Target(
            "seed shape: training vs seed, padding trimmed (x)",
            lookup(result, "seed_shape.train_vs_seed_dynamic"),
            1.2,
            True,
        ),
        Target(
            "seed shape: greedy ms per token, seed / ours (x)",
            lookup(result, "seed_shape.decode_speedup_vs_seed"),
            3.0,
            True,
        ),
    ]


def _number(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.3g}"


DECODE_COLUMNS = {  # key -> column header
    "sentences_per_s": "sentences/s",
    "ms_p50": "ms p50",
    "ms_p90": "ms p90",
    "generated_tokens_per_s": "tokens/s",
    "same_outputs_as_uncached": "same as uncached",
}


def decode_table(decode: dict) -> list[str]:
    lines = [f"{'decoding':<22}" + "".join(f"{header:>18}" for header in DECODE_COLUMNS.values())]
    for name, figures in decode.items():
        lines.append(f"{name:<22}" + "".join(f"{_number(figures.get(key, '')):>18}" for key in DECODE_COLUMNS))
    return lines


def flat_rows(section: dict, prefix: str = "") -> list[str]:
    """Scalar entries of a nested section as "key.sub  value" lines."""
    lines = []
    for key, value in section.items():
        if isinstance(value, dict):
            lines += flat_rows(value, f"{prefix}{key}.")
        elif not isinstance(value, list):
            lines.append(f"  {prefix + key:<52} {_number(value)}")
    return lines


def format_table(result: dict) -> str:
    lines = [f"{k}: {v}" for k, v in result["machine"].items()]
    for section in ("decode", "engines", "train", "memory", "app", "seed_shape"):
        lines.append("")
        body = result.get(section, {"skipped": "not run"})
        lines += decode_table(body) if section == "decode" and "skipped" not in body else [section] + flat_rows(body)
    lines += ["", f"{'target':<56}{'value':>12}{'goal':>10}  met"]
    for target in result["targets"]:
        goal = ("<= " if not target["at_least"] else ">= ") + _number(target["goal"])
        met = {True: "yes", False: "NO", None: "not run"}[target["met"]]
        lines.append(f"{target['name']:<56}{_number(target['value']):>12}{goal:>10}  {met}")
    return "\n".join(lines)
