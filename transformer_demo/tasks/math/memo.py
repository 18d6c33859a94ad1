"""A reading is a pure function of the question's text, and one reply reads the same text many times over (the
model's first program, its other readings, the answer check's question): each reader keeps its last readings."""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

T = TypeVar("T")


def of_text(reader: Callable[[str], T]) -> Callable[[str], T]:
    """reader, remembering its last 4,096 texts; anything but a text (a hostile caller's list) is read afresh."""
    remembered = lru_cache(maxsize=4096)(reader)

    @wraps(reader)
    def read(text: str) -> T:
        return remembered(text) if isinstance(text, str) else reader(text)

    return read
