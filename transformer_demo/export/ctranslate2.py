"""Checkpoint -> CTranslate2 model folder, through CTranslate2's own specification API (ctranslate2.specs).

Our model maps onto CTranslate2's TransformerSpec one module at a time; the points where the two could
silently differ are written out where they are handled:
  - positions: our sinusoid table (sin on even, cos on odd features) is written as the encodings, not
    left to CTranslate2's own table, whose layout differs;
  - embeddings are scaled by sqrt(d_model) in both (scale_embeddings); source and target tables are the
    same array when shared, and the output projection keeps its bias;
  - self-attention's Q, K, V are one fused linear (rows in that order); cross-attention has Q alone,
    then K and V fused, in that order;
  - pre-norm ends each stack with a LayerNorm, post-norm has none; our LayerNorm epsilon is torch's 1e-5;
  - the source gets no extra [EOS] (add_source_eos=False): the caller passes the source exactly as our
    source rule writes it, [EOS] included; the decoder starts from our [SOS].
A folder holds the CTranslate2 model, our tokenizer file(s) and export.json: the checkpoint's hash,
quantization, special tokens and the versions that wrote it. Exports made for serving are cached under a
folder named after that hash, so a changed checkpoint is never served from a stale export.
"""
from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import numpy as np
import torch

from ..checkpoint import Checkpoint
from ..errors import ExportError
from ..files import hidden_sibling, remove
from ..model import MultiHeadAttention, Transformer
from ..tokenization import EOS, PAD, SOS, UNK

QUANTIZATIONS = ("float32", "int8", "int8_float32", "float16")
MANIFEST = "export.json"
EXPORT_FORMAT = 1


def require_ctranslate2():
    try:
        import ctranslate2
    except ImportError as exc:
        raise ExportError(f"the ctranslate2 package is not installed ({exc}); pip install ctranslate2") from None
    return ctranslate2


def checkpoint_hash(folder: Path) -> str:
    """sha256 over what the export is made of: the weights, the model section of config.json and the tokenizer(s)."""
    digest = hashlib.sha256()
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    digest.update(json.dumps(config.get("model"), sort_keys=True).encode())
    digest.update(json.dumps(config.get("train", {}).get("reverse_target", False)).encode())
    for name in ("model.safetensors", "tokenizer.json", "tokenizer_tgt.json"):
        path = folder / name
        if path.is_file():
            digest.update(name.encode())
            with path.open("rb") as f:
                for block in iter(lambda: f.read(1 << 20), b""):
                    digest.update(block)
    return digest.hexdigest()


def _array(tensor: torch.Tensor) -> np.ndarray:
    return tensor.detach().to(torch.float32).cpu().numpy()


def _linear(spec, weight: torch.Tensor, bias: torch.Tensor) -> None:
    spec.weight, spec.bias = _array(weight), _array(bias)


def _layer_norm(spec, norm: torch.nn.LayerNorm) -> None:
    spec.gamma, spec.beta = _array(norm.weight), _array(norm.bias)


def _attention(spec, attention: MultiHeadAttention, self_attention: bool) -> None:
    q, k, v = attention.w_q, attention.w_k, attention.w_v
    if self_attention:
        _linear(spec.linear[0], torch.cat([q.weight, k.weight, v.weight]), torch.cat([q.bias, k.bias, v.bias]))
    else:
        _linear(spec.linear[0], q.weight, q.bias)
        _linear(spec.linear[1], torch.cat([k.weight, v.weight]), torch.cat([k.bias, v.bias]))
    _linear(spec.linear[-1], attention.w_o.weight, attention.w_o.bias)


def _feed_forward(spec, layer, norm: torch.nn.LayerNorm) -> None:
    _layer_norm(spec.layer_norm, norm)
    _linear(spec.linear_0, layer.feed_forward.w_1.weight, layer.feed_forward.w_1.bias)
    _linear(spec.linear_1, layer.feed_forward.w_2.weight, layer.feed_forward.w_2.bias)


def _vocabulary(tokenizer) -> list[str]:
    by_id = sorted(tokenizer.get_vocab().items(), key=lambda item: item[1])
    if [i for _, i in by_id] != list(range(len(by_id))) or [t for t, _ in by_id[:4]] != [UNK, PAD, SOS, EOS]:
        raise ExportError("the tokenizer's ids must run 0..N-1 with [UNK], [PAD], [SOS], [EOS] first")
    return [token for token, _ in by_id]


def build_spec(model: Transformer, src_tokens: list[str], tgt_tokens: list[str]):
    """Our model's weights in a validated ctranslate2.specs.TransformerSpec."""
    specs = require_ctranslate2().specs
    cfg = model.config
    spec = specs.TransformerSpec.from_config(
        (cfg.n_encoder_layers, cfg.n_decoder_layers), cfg.n_heads, pre_norm=cfg.norm_first,
        activation=specs.Activation.RELU,
    )
    positions = _array(model.positions.pe)
    spec.encoder.embeddings[0].weight = _array(model.src_embed.lut.weight)
    spec.decoder.embeddings.weight = _array(model.tgt_embed.lut.weight)
    spec.encoder.position_encodings.encodings = positions
    spec.decoder.position_encodings.encodings = positions
    if cfg.norm_first:
        _layer_norm(spec.encoder.layer_norm, model.encoder_norm)
        _layer_norm(spec.decoder.layer_norm, model.decoder_norm)
    for layer_spec, layer in zip(spec.encoder.layer, model.encoder_layers):
        _attention(layer_spec.self_attention, layer.self_attn, self_attention=True)
        _layer_norm(layer_spec.self_attention.layer_norm, layer.sublayers[0].norm)
        _feed_forward(layer_spec.ffn, layer, layer.sublayers[1].norm)
    for layer_spec, layer in zip(spec.decoder.layer, model.decoder_layers):
        _attention(layer_spec.self_attention, layer.self_attn, self_attention=True)
        _layer_norm(layer_spec.self_attention.layer_norm, layer.sublayers[0].norm)
        _attention(layer_spec.attention, layer.cross_attn, self_attention=False)
        _layer_norm(layer_spec.attention.layer_norm, layer.sublayers[1].norm)
        _feed_forward(layer_spec.ffn, layer, layer.sublayers[2].norm)
    _linear(spec.decoder.projection, model.projection.weight, model.projection.bias)
    spec.config.unk_token, spec.config.bos_token, spec.config.eos_token = UNK, SOS, EOS
    spec.config.decoder_start_token = SOS
    spec.config.add_source_bos = spec.config.add_source_eos = False
    spec.config.layer_norm_epsilon = model.encoder_layers[0].sublayers[0].norm.eps
    spec.register_source_vocabulary(src_tokens)
    spec.register_target_vocabulary(tgt_tokens)
    spec.validate()
    return spec


def export_ctranslate2(checkpoint: Checkpoint, out: str | Path, quantization: str = "float32") -> Path:
    """Write a CTranslate2 folder for checkpoint at out (replacing what is there, in one rename at the end)."""
    if quantization not in QUANTIZATIONS:
        raise ExportError(f"quantization must be one of {', '.join(QUANTIZATIONS)}, got {quantization!r}")
    ctranslate2 = require_ctranslate2()
    out = Path(out)
    if out.exists() and not (out / MANIFEST).is_file():
        raise ExportError(f"{out} exists and is not a CTranslate2 export; choose an empty or new folder")
    vocab = checkpoint.vocab
    src_tokens = _vocabulary(vocab.src)
    spec = build_spec(checkpoint.model, src_tokens, src_tokens if vocab.joint else _vocabulary(vocab.tgt))
    spec.optimize(quantization=quantization)
    staging = hidden_sibling(out)
    try:
        staging.mkdir(parents=True)
        spec.save(str(staging))
        for name in vocab.files():
            shutil.copyfile(checkpoint.folder / name, staging / name)
        manifest = {
            "format": EXPORT_FORMAT,
            "checkpoint": checkpoint.name,
            "checkpoint_sha256": checkpoint_hash(checkpoint.folder),
            "quantization": quantization,
            "special_tokens": {"unk": UNK, "pad": PAD, "sos": SOS, "eos": EOS},
            "source_rule": "encode_src(text)[:max_len - 1] + [EOS], passed as tokens; no source EOS added",
            "ctranslate2": ctranslate2.__version__,
            "torch": torch.__version__,
        }
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
        if out.exists():
            remove(out)
        staging.rename(out)
    except BaseException:
        remove(staging)
        raise
    return out


def read_manifest(folder: Path) -> dict:
    try:
        return json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}


def cached_export(checkpoint: Checkpoint, cache_dir: Path) -> Path:
    """The float32 export of checkpoint under cache_dir/<hash>, made if missing (int8 is chosen at load time)."""
    digest = checkpoint_hash(checkpoint.folder)
    folder = Path(cache_dir) / f"{checkpoint.name}-{digest[:16]}"
    if read_manifest(folder).get("checkpoint_sha256") != digest:
        export_ctranslate2(checkpoint, folder)
    return folder
