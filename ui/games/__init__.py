"""Table screens per game. A game appears on the home page once it has rules and a screen."""

from __future__ import annotations

import importlib

from ui.games.base import GameUI

_UIS: dict[str, GameUI] = {}


def game_ui(key: str) -> GameUI | None:
    if key not in _UIS:
        try:
            module = importlib.import_module(f"ui.games.{key}")
        except ModuleNotFoundError as exc:
            if exc.name != f"ui.games.{key}":
                raise
            return None
        _UIS[key] = module.SCREEN
    return _UIS[key]
