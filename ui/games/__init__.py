"""Table screens per game, one folder each (``ui/games/<key>/`` exporting ``Screen``). A game appears on the home
page once it has rules (logic/registry.py) and a screen folder here.

A screen is made for each page that shows it (:func:`make_screen`): it keeps that browser's own state (selection
extras, drag, hint, steal mode) as attributes of its own.
"""

from __future__ import annotations

import importlib
from typing import Any

from ui.games.base import GameUI

# A screen's view type is its game's own (``GameUI[RummyView]``); which game a table plays is known at run time
# only, from its key, so a screen looked up by key is a ``GameUI[Any]``: the page hands it its own table's view.
AnyScreen = GameUI[Any]

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


def make_screen(key: str) -> AnyScreen | None:
    """A fresh screen for one page (or one still table)."""
    cls = screen_class(key)
    return cls() if cls is not None else None
