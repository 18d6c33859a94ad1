"""Checkpoints on the Hugging Face Hub: `hf://OWNER/NAME[@REVISION]`, or a plain `OWNER/NAME` that is no local folder.

    folder = resolve_checkpoint("hf://me/multi30k-en-de")   # a folder in the Hub cache, downloaded once
    folder = resolve_checkpoint("checkpoints/multi30k-en-de")  # a local folder: itself

Downloads go through huggingface_hub's snapshot_download and its cache (HF_HUB_CACHE, ~/.cache/huggingface/hub),
only the files a checkpoint needs. With HF_HUB_OFFLINE=1 only the cache is read, and a model that is not in it
gives a clear error instead of a network attempt.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from .errors import CheckpointError

PREFIX = "hf://"
# A checkpoint's files on the Hub (tokenizer_tgt.json: separate vocabularies; source_words.tsv: the training words'
# counts, for the rare-word notice): publish uploads, download fetches
CHECKPOINT_FILES = [
    "config.json", "model.safetensors", "tokenizer.json", "tokenizer_tgt.json", "metrics.json", "source_words.tsv",
]
REPO_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,95}/[A-Za-z0-9][A-Za-z0-9_.-]{0,95}$")
REVISION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_./-]{0,199}$")
MAX_DOWNLOAD_MB = 512.0  # the largest Hub model the app fetches for a visitor


@dataclass(frozen=True)
class HubRef:
    repo_id: str
    revision: str | None = None

    def __str__(self) -> str:
        return PREFIX + self.repo_id + (f"@{self.revision}" if self.revision else "")


def hub_offline() -> bool:
    """HF_HUB_OFFLINE as set now (huggingface_hub reads it once, at import)."""
    from huggingface_hub import constants

    return constants.is_offline_mode() or os.environ.get("HF_HUB_OFFLINE", "").upper() in ("1", "ON", "YES", "TRUE")


def parse_hub_ref(spec: str) -> HubRef:
    """hf://OWNER/NAME[@REVISION] or OWNER/NAME[@REVISION] -> HubRef; anything else is refused with a plain message."""
    body = spec.removeprefix(PREFIX)
    repo_id, at, revision = body.partition("@")
    if not REPO_ID.match(repo_id) or ".." in repo_id:
        raise CheckpointError(f"{spec!r} is not a Hub model id: use OWNER/NAME or hf://OWNER/NAME[@REVISION]")
    if at and (not REVISION.match(revision) or ".." in revision):
        raise CheckpointError(f"{spec!r}: {revision!r} is not a branch, tag or commit name")
    return HubRef(repo_id, revision or None)


def is_hub_reference(spec: str | Path) -> bool:
    """hf://..., or OWNER/NAME where no such local folder exists."""
    text = str(spec)
    return text.startswith(PREFIX) or (not Path(text).exists() and bool(REPO_ID.match(text.partition("@")[0])))


def download(ref: HubRef, max_mb: float | None = None, cache_dir: str | Path | None = None) -> Path:
    """The checkpoint's folder in the Hub cache, fetched if needed (never when offline)."""
    from huggingface_hub import snapshot_download
    from huggingface_hub.errors import (
        DryRunError,
        HfHubHTTPError,
        LocalEntryNotFoundError,
        RepositoryNotFoundError,
        RevisionNotFoundError,
    )

    offline = hub_offline()
    options = {
        "revision": ref.revision,
        "allow_patterns": [*CHECKPOINT_FILES, "README.md"],
        "cache_dir": cache_dir,
        "local_files_only": offline,
    }
    try:
        if max_mb is not None and not offline:
            planned = snapshot_download(ref.repo_id, dry_run=True, **options)
            size = sum(f.file_size or 0 for f in planned if f.will_download) / 2**20
            if size > max_mb:
                raise CheckpointError(f"{ref} is {size:.0f} MB, more than the {max_mb:g} MB this server fetches")
        folder = Path(snapshot_download(ref.repo_id, **options))
    except LocalEntryNotFoundError:
        if offline:
            raise CheckpointError(
                f"{ref} is not in the Hub cache and HF_HUB_OFFLINE is set: download it once online "
                f"(hf download {ref.repo_id}), or unset HF_HUB_OFFLINE"
            ) from None
        raise CheckpointError(
            f"{ref} could not be downloaded: the Hub cannot be reached and it is not cached"
        ) from None
    except DryRunError:  # the size check could not ask the Hub
        raise CheckpointError(
            f"{ref} could not be downloaded: the Hub cannot be reached, or the model is private"
        ) from None
    except RepositoryNotFoundError:
        raise CheckpointError(f"{ref}: no such model on the Hub (or it is private and no token is set)") from None
    except RevisionNotFoundError:
        raise CheckpointError(f"{ref}: the Hub model has no revision {ref.revision!r}") from None
    except HfHubHTTPError as exc:
        raise CheckpointError(f"{ref} could not be downloaded: {str(exc).splitlines()[0]}") from None
    if not (folder / "config.json").is_file() or not (folder / "model.safetensors").is_file():
        raise CheckpointError(f"{ref} is not a transformer-demo checkpoint (no config.json and model.safetensors)")
    return folder


def resolve_checkpoint(spec: str | Path) -> Path:
    """A checkpoint folder for a local path or a Hub reference (see the module docstring)."""
    if not is_hub_reference(spec):
        return Path(spec)
    try:
        return download(parse_hub_ref(str(spec)))
    except CheckpointError as exc:
        if str(spec).startswith(PREFIX):
            raise
        raise CheckpointError(f"checkpoint folder not found: {spec}, and as a Hub id: {exc}") from None
