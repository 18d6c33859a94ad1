"""Configuration dataclasses: what a model is (ModelConfig) and how it is trained (TrainConfig).

Both round-trip through plain JSON and validate themselves with messages a user can act on.
"""
from __future__ import annotations

import json
import types
import typing
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from .errors import ConfigError

KIND_NAMES = {int: "a number", float: "a number", bool: "true or false", str: "a string", list: "a list",
              tuple: "a list", dict: "an object", type(None): "null"}


def _json_kinds(hint: Any) -> tuple[type, ...]:
    """The Python types a JSON value may have for a field annotated `hint`: int and float are both numbers
    (whether a number is a whole one is for validate to say), a tuple may come as a list."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return tuple(kind for arg in typing.get_args(hint) for kind in _json_kinds(arg))
    if hint in (int, float):
        return (int, float)
    if origin is tuple:
        return (list, tuple)
    return (origin or hint,)


def _check_kinds(cls, values: dict[str, Any]) -> None:
    """Refuse a value of the wrong JSON kind ("512" for a number, 1 for true or false) before validate compares it."""
    hints = typing.get_type_hints(cls)
    for name, value in values.items():
        kinds = _json_kinds(hints[name])
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            expected = " or ".join(dict.fromkeys(KIND_NAMES[kind] for kind in kinds))
            raise ConfigError(f"{name} must be {expected}, got {value!r}")


def _from_dict(cls, values: dict[str, Any], retired: frozenset[str] = frozenset()):
    """cls from a JSON object; fields in retired (no longer used, still in old files) are dropped silently."""
    if not isinstance(values, dict):
        raise ConfigError(f"{cls.__name__} must be a JSON object, got {values!r:.80}")
    values = {k: v for k, v in values.items() if k not in retired}
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(values) - known)
    if unknown:
        raise ConfigError(f"unknown {cls.__name__} field(s): {', '.join(unknown)}")
    _check_kinds(cls, values)
    try:
        obj = cls(**values)
    except TypeError as exc:
        raise ConfigError(f"{cls.__name__}: {exc}") from None
    obj.validate()
    return obj


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ConfigError(message)


# How beam search normalises a hypothesis' log-probability for its length, and when it stops:
#   gnmt:   / ((5 + length) / 6) ** length_penalty, [EOS] counted (Wu et al. 2016); it stops once no live
#           hypothesis can beat the beam_size-th finished one.
#   length: / length ** length_penalty, [EOS] counted; it stops once beam_size hypotheses have ended (penalty 0:
#           once a step's best candidate and n_best hypotheses have), an [EOS] counting only among the beam_size best
#           candidates (CTranslate2's beam search, which then gives the same n-best lists: engines/ctranslate2.py).
LENGTH_NORMS = ("gnmt", "length")
TRANSFORMS = ("closed_class", "clock_time", "ordinal")  # a data source's transform (augmentation.TRANSFORMS)


# Upper bounds checked before a model is built, so that a crafted config.json cannot make the server allocate
# gigabytes before its weights are compared with it. Far above anything this project trains.
MAX_SIZES = {"src_vocab_size": 262_144, "tgt_vocab_size": 262_144, "d_model": 4096, "n_heads": 64, "d_ff": 16_384,
             "max_len": 4096, "n_encoder_layers": 48, "n_decoder_layers": 48}
MAX_PARAMETERS = 1_000_000_000


@dataclass
class ModelConfig:
    """The shape of an encoder-decoder Transformer (Vaswani et al. 2017, section 3)."""

    src_vocab_size: int = 8000
    tgt_vocab_size: int = 8000
    d_model: int = 512
    n_heads: int = 8
    n_encoder_layers: int = 6
    n_decoder_layers: int = 6
    d_ff: int = 2048
    dropout: float = 0.1
    max_len: int = 256
    norm_first: bool = True  # pre-norm (stable without long warmup); False = post-norm as in the paper
    share_embeddings: bool = True  # one embedding table for source and target (needs one vocabulary)
    tie_output: bool = True  # output projection reuses the target embedding matrix

    def validate(self) -> ModelConfig:
        for name in ("src_vocab_size", "tgt_vocab_size", "d_model", "n_heads", "d_ff", "max_len"):
            value = getattr(self, name)
            _require(isinstance(value, int) and value > 0, f"{name} must be a positive integer, got {value!r}")
        for name in ("n_encoder_layers", "n_decoder_layers"):
            value = getattr(self, name)
            _require(isinstance(value, int) and value >= 1, f"{name} must be an integer >= 1, got {value!r}")
        for name, limit in MAX_SIZES.items():
            _require(getattr(self, name) <= limit, f"{name} must be at most {limit:,}, got {getattr(self, name):,}")
        _require(
            self.rough_parameters() <= MAX_PARAMETERS,
            f"this model would have about {self.rough_parameters():,} parameters; "
            f"at most {MAX_PARAMETERS:,} are allowed",
        )
        _require(
            self.d_model % self.n_heads == 0,
            f"d_model ({self.d_model}) must be divisible by n_heads ({self.n_heads})",
        )
        _require(
            isinstance(self.dropout, (int, float)) and 0.0 <= self.dropout < 1.0,
            f"dropout must be in [0, 1), got {self.dropout!r}",
        )
        _require(
            not self.share_embeddings or self.src_vocab_size == self.tgt_vocab_size,
            "share_embeddings needs src_vocab_size == tgt_vocab_size (one joint vocabulary)",
        )
        return self

    def rough_parameters(self) -> int:
        """Embeddings and layer weights, without biases and norms (model.count_parameters is exact)."""
        d, ff = self.d_model, self.d_ff
        embeddings = (self.src_vocab_size + self.tgt_vocab_size) * d
        encoder, decoder = 4 * d * d + 2 * d * ff, 8 * d * d + 2 * d * ff  # attention and feed-forward weights
        return embeddings + self.n_encoder_layers * encoder + self.n_decoder_layers * decoder

    @property
    def d_k(self) -> int:
        return self.d_model // self.n_heads

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> ModelConfig:
        return _from_dict(cls, values)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


RETIRED_TRAIN_FIELDS = frozenset({"sample_every"})  # samples come with every evaluation; old config.json files keep it


@dataclass
class TrainConfig:
    """Everything about a training run that is not the model's shape."""

    task: str = "translation"
    src_lang: str = "en"
    tgt_lang: str = "de"
    tokenizer: str = "bpe"  # "bpe" (joint subwords), "word" (word level), "digits" or "numbers" (tokenization.py)
    vocab_size: int = 8000
    min_frequency: int = 2
    joint_vocab: bool = True
    src_vocab_size: int | None = None  # without joint_vocab: the source vocabulary's size (default vocab_size)
    reverse_target: bool = False  # the model writes targets back to front: numbers least significant digit first
    max_tokens: int = 4096  # padded source+target tokens per batch
    sort_by_length: bool = True  # batch sentences of similar length (little padding); False = random batches
    steps: int | None = None
    epochs: int | None = None
    lr: float = 1e-3  # peak learning rate, reached at the end of warmup
    warmup: int = 4000
    lr_schedule: str = "inverse_sqrt"  # after warmup: inverse_sqrt (the paper), or cosine / linear to zero at `steps`
    betas: tuple[float, float] = (0.9, 0.98)
    weight_decay: float = 0.0
    label_smoothing: float = 0.1
    clip_grad: float = 1.0
    ema_decay: float = 0.0  # > 0: evaluate and save an exponential moving average of the weights
    grad_accum: int = 1
    precision: str = "auto"  # auto: bf16 autocast on CUDA, fp32 on CPU; or fp32 / bf16 / fp16
    seed: int = 1234
    log_every: int = 50
    eval_every: int = 1000
    patience: int = 0  # stop after this many evaluations without a better val loss; 0 = never
    save_dtype: str = "float32"  # "float16" halves the checkpoint on disk
    threads: int = 0  # torch CPU threads; 0 = leave torch's default
    task_options: dict[str, Any] = field(default_factory=dict)
    # translation from several folders under --data-dir: [{"path": "tatoeba/en-de", "weight": 1}, ...];
    # a source's training pairs are repeated `weight` times, validation pairs are taken once from each. A source
    # with a "transform" ("closed_class", "clock_time", "ordinal"; augmentation/) gives the variants of its
    # training pairs instead (each repetition its own), and no validation pairs.
    sources: list[dict[str, Any]] = field(default_factory=list)

    @property
    def source_vocab_size(self) -> int:
        return self.vocab_size if self.joint_vocab or self.src_vocab_size is None else self.src_vocab_size

    def validate(self) -> TrainConfig:
        _require(isinstance(self.task, str) and bool(self.task), f"task must be a task name, got {self.task!r}")
        _require(
            self.tokenizer in ("bpe", "word", "digits", "numbers"),
            f"tokenizer must be bpe, word, digits or numbers, got {self.tokenizer!r}",
        )
        for name in ("vocab_size", "max_tokens", "warmup", "grad_accum", "log_every", "eval_every"):
            value = getattr(self, name)
            _require(isinstance(value, int) and value > 0, f"{name} must be a positive integer, got {value!r}")
        for name in ("steps", "epochs"):
            value = getattr(self, name)
            _require(
                value is None or (isinstance(value, int) and value > 0),
                f"{name} must be a positive integer, got {value!r}",
            )
        _require(
            self.src_vocab_size is None or isinstance(self.src_vocab_size, int) and self.src_vocab_size > 0
            and not self.joint_vocab,
            f"src_vocab_size must be a positive integer, with joint_vocab false, got {self.src_vocab_size!r}",
        )
        for name in ("min_frequency", "patience", "threads", "seed"):
            value = getattr(self, name)
            _require(isinstance(value, int) and value >= 0, f"{name} must be an integer >= 0, got {value!r}")
        _require(
            len(self.betas) == 2 and all(isinstance(beta, (int, float)) and 0.0 <= beta < 1.0 for beta in self.betas),
            f"betas must be two numbers in [0, 1), got {self.betas!r}",
        )
        _require(0.0 <= self.ema_decay < 1.0, f"ema_decay must be in [0, 1), got {self.ema_decay!r}")
        _require(self.lr > 0, f"lr must be positive, got {self.lr!r}")
        _require(
            self.lr_schedule in ("inverse_sqrt", "cosine", "linear"),
            f"lr_schedule must be inverse_sqrt, cosine or linear, got {self.lr_schedule!r}",
        )
        _require(0.0 <= self.label_smoothing < 1.0, f"label_smoothing must be in [0, 1), got {self.label_smoothing!r}")
        _require(
            self.precision in ("auto", "fp32", "bf16", "fp16"),
            f"precision must be auto, fp32, bf16 or fp16, got {self.precision!r}",
        )
        _require(
            self.save_dtype in ("float32", "float16"), f"save_dtype must be float32 or float16, got {self.save_dtype!r}"
        )
        for source in self.sources:
            _require(
                isinstance(source, dict)
                and set(source) <= {"path", "weight", "transform"}
                and source.get("transform") in (None, *TRANSFORMS)
                and isinstance(source.get("path"), str)
                and bool(source["path"].strip())
                and isinstance(source.get("weight", 1), int)
                and not isinstance(source.get("weight", 1), bool)
                and 1 <= source.get("weight", 1) <= 100,
                'each of sources must be {"path": "<folder under --data-dir>", "weight": 1..100} and may name a '
                f'"transform" ({", ".join(TRANSFORMS)}), '
                f"got {source!r:.120}",
            )
        self.betas = tuple(self.betas)
        return self

    @classmethod
    def from_dict(cls, values: dict[str, Any]) -> TrainConfig:
        return _from_dict(cls, values, RETIRED_TRAIN_FIELDS)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class RunConfig:
    """A config file: {"model": {...}, "train": {...}}."""

    model: ModelConfig
    train: TrainConfig

    @classmethod
    def load(cls, path: str | Path) -> RunConfig:
        path = Path(path)
        if not path.is_file():
            raise ConfigError(f"config file not found: {path}")
        try:
            raw = json.loads(path.read_text())
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path} is not valid JSON: {exc}") from None
        if not isinstance(raw, dict) or set(raw) - {"model", "train", "description"}:
            raise ConfigError(f"{path}: expected an object with 'model' and 'train' sections")
        return cls(ModelConfig.from_dict(raw.get("model", {})), TrainConfig.from_dict(raw.get("train", {})))

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model.to_dict(), "train": self.train.to_dict()}
