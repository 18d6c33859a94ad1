"""A trained model given a source vocabulary of its own, keeping what it learned.

A joint vocabulary spends its merges on both languages, so the source language's rarer words come in pieces
that mean something else: with the everyday models' joint 8k BPE, "eighty" is "▁eight" + "y" (translated
"huit") and "battery" is "▁batter" + "y" ("batteur"). A source-only BPE keeps more English words whole. Training
can continue on it (train --init-from with joint_vocab false) instead of starting again:
  - the target side stays as it was: its embeddings, the output projection tied to them, every layer;
  - a source token the old vocabulary also has keeps its old embedding;
  - a new one ("▁eighty") starts from the mean of the old embeddings of the pieces the old vocabulary cuts it
    into, so the encoder first reads it as it read those pieces, and training then tells the word apart.
"""
from __future__ import annotations

from dataclasses import replace

import torch
from tokenizers import Tokenizer

from ..model import Transformer
from ..tokenization import UNK_ID


def transferred_embeddings(old_table: torch.Tensor, old: Tokenizer, new: Tokenizer) -> torch.Tensor:
    """(new vocabulary, d_model): each new token's row from old_table (old vocabulary, d_model), as above."""
    rows = []
    for token_id in range(new.get_vocab_size()):
        token = new.id_to_token(token_id)
        same = old.token_to_id(token)
        pieces = [same] if same is not None else [old.token_to_id(piece.value) for piece in old.model.tokenize(token)]
        pieces = [p for p in pieces if p is not None] or [UNK_ID]  # a character the old vocabulary never saw
        rows.append(old_table[pieces].mean(0))
    return torch.stack(rows)


def with_source_vocabulary(model: Transformer, old: Tokenizer, new: Tokenizer) -> Transformer:
    """A copy of model (trained with the source tokenizer `old`) that reads sources tokenized by `new`; its
    source embeddings no longer shared with the target's."""
    config = replace(model.config, src_vocab_size=new.get_vocab_size(), share_embeddings=False)
    adapted = Transformer(config)
    state = {name: value for name, value in model.state_dict().items() if not name.startswith("src_embed.")}
    state["src_embed.lut.weight"] = transferred_embeddings(model.src_embed.lut.weight.detach(), old, new)
    adapted.load_state_dict(state)
    return adapted
