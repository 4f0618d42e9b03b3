"""A part of a page that is redrawn only when what it shows has changed.

A table changes many times a minute and every seat's page follows it. Rebuilding a whole page for each move
sends every element again; a :class:`Region` compares a key (a plain value describing what it draws) with the
key of its last drawing and rebuilds only when they differ, so a move sends just the parts it touched.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from nicegui import ui

ALWAYS = None  # a key function returning this redraws on every update


class Region:
    """A layout-neutral box (``display: contents``) around one drawing function."""

    def __init__(self, draw: Callable[[], None], key: Callable[[], Hashable | None] | None = None,
                 name: str = "") -> None:
        self.draw = draw
        self.key_fn = key
        self.key: Hashable | None = object()  # never equal to a real key: the first update draws
        self.box = ui.element("div").classes("region").style("display: contents")
        if name:
            self.box.props["data-region"] = name
        self.draws = 0

    def update(self, force: bool = False) -> bool:
        """Redraw if the key changed (or ``force``); True if it redrew."""
        if self.box.is_deleted:
            return False
        key = self.key_fn() if self.key_fn is not None else ALWAYS
        if not force and key is not ALWAYS and key == self.key:
            return False
        self.key = key
        self.box.clear()
        with self.box:
            self.draw()
        self.draws += 1
        return True

    def refresh(self) -> None:
        """Redraw now, whatever the key says (after a page-local change such as a selection)."""
        self.update(force=True)
