"""Writing files so that a killed process never leaves half of one: atomic writes, folders switched in one step,
and JSON read with a clear error."""
from __future__ import annotations

import json
import os
import secrets
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import CheckpointError


def hidden_sibling(path: Path, suffix: str = "") -> Path:
    """A fresh hidden name beside path (.name.<random><suffix>): never listed as a model, never a clash."""
    return path.with_name(f".{path.name}.{secrets.token_hex(4)}{suffix}")


def atomic_write(path: Path, write: Callable[[Path], Any]) -> None:
    """Call write(tmp_path), then rename tmp_path over path. The file is created by write, so it gets the
    usual permissions (umask), not a private temporary file's."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = hidden_sibling(path, ".tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def remove(path: Path) -> None:
    """Delete a file, a link (not what it points to) or a folder tree."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def replace_folder(folder: Path, write: Callable[[Path], Any]) -> None:
    """Write a whole folder, then switch to it in one step.

    folder is a symbolic link to a hidden sibling folder; write(new) fills a fresh sibling and the link is
    re-pointed with os.replace. A process killed at any moment leaves the old folder or the new one, never
    a mix (such as new weights beside the step counter of the save before). Older siblings, including
    one half-written by a killed process, are removed after the switch.
    """
    staging = hidden_sibling(folder)
    try:
        write(staging)
        link = hidden_sibling(folder, ".link")
        os.symlink(staging.name, link)
        if folder.is_dir() and not folder.is_symlink():
            shutil.rmtree(folder)  # written before folders were switched by link
        os.replace(link, folder)
    except BaseException:
        remove(staging)
        raise
    for stale in folder.parent.glob(f".{folder.name}.*"):
        if stale != staging:
            remove(stale)


def write_json(path: Path, data: Any) -> None:
    atomic_write(path, lambda tmp: tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n"))


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CheckpointError(f"missing {path.name} in {path.parent}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CheckpointError(f"{path} is corrupted: {exc}") from None
