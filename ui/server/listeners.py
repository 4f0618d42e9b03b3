"""Listeners kept per table code (the hub's page listeners, the review runner's): add one, get its removal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def add_listener(registry: dict[str, list[Any]], code: str, listener: Any) -> Callable[[], None]:
    """Add ``listener`` under ``code``; the returned function removes it (and the code once none are left)."""
    registry.setdefault(code, []).append(listener)

    def remove() -> None:
        items = registry.get(code, [])
        if listener in items:
            items.remove(listener)
        if not items:
            registry.pop(code, None)

    return remove
