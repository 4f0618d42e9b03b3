"""Table screens per game, one folder each (``ui/games/<key>/`` exporting ``Screen``). A game appears on the home
page once it has rules (logic/registry.py) and a screen folder here.

A screen is made for each page that shows it (:func:`make_screen`), with that page's context: it keeps that
browser's own state (hint, steal mode, the picked card) in a state object of its own.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ui.games.base import GameScreen

if TYPE_CHECKING:
    from ui.table.context import TableContext

# A screen's view type is its game's own (``GameScreen[RummyView]``); which game a table plays is known at run time
# only, from its key, so a screen looked up by key is a ``GameScreen[Any]``: made with its own table's context.
AnyScreen = GameScreen[Any]

_CLASSES: dict[str, type[AnyScreen] | None] = {}


def screen_class(key: str) -> type[AnyScreen] | None:
    """The screen class of game ``key``, or None when the game has no screen folder."""
    if key not in _CLASSES:
        try:
            module = importlib.import_module(f"ui.games.{key}")
        except ModuleNotFoundError as exc:
            if exc.name != f"ui.games.{key}":
                raise
            _CLASSES[key] = None
        else:
            _CLASSES[key] = module.Screen
    return _CLASSES[key]


def has_screen(key: str) -> bool:
    return screen_class(key) is not None


def make_screen(key: str, ctx: TableContext[Any]) -> AnyScreen | None:
    """A fresh screen for one page (or one still table), drawing from and acting through ``ctx``."""
    cls = screen_class(key)
    return cls(ctx) if cls is not None else None
