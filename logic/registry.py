"""All games by key. Adding a game = one line here; tables, storage, stats and UI pick it up."""

from __future__ import annotations

from typing import TypeVar

from logic.game import AnyGame

GAMES: dict[str, AnyGame] = {}

G = TypeVar("G", bound=AnyGame)


def register(game: G) -> G:
    """Add ``game`` to the registry; returns it with its own type (``logic.president.GAME`` is a ``PresidentGame``,
    so its ``view()`` is a ``PresidentView`` to the type checker)."""
    GAMES[game.key] = game
    return game


def get_game(key: str) -> AnyGame:
    _load_all()
    try:
        return GAMES[key]
    except KeyError:
        raise ValueError(f"No game called {key!r}. Try one of: {', '.join(sorted(GAMES))}.") from None


def all_games() -> list[AnyGame]:
    _load_all()
    order = ["president", "rummy", "beanie", "stockpile"]
    return sorted(GAMES.values(), key=lambda g: order.index(g.key) if g.key in order else 99)


_loaded = False


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    import importlib

    for name in ("president", "rummy", "beanie", "stockpile"):
        try:
            importlib.import_module(f"logic.{name}")
        except ModuleNotFoundError as exc:  # a game still being built is simply not offered
            if exc.name != f"logic.{name}":
                raise
    _loaded = True
