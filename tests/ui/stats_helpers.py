"""Finishing games fast in-process for stats tests: a practice table made by the hub, played by computers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nicegui import app, storage
from nicegui.testing import User

from logic.bot_worker import choose_bot_action
from logic.registry import get_game
from logic.table import Table
from tests.table_play import play_out
from ui.server.bots import bot_inputs
from ui.server.runtime import runtime

# short matches of every game (Rummy's default has no target and would never end)
QUICK = {"president": {}, "rummy": {"target": 100}, "beanie": {"rounds": 3}, "stockpile": {"stock_size": "short"}}


def player_of(user: User) -> tuple[str, str, str]:
    """(player_id, name, emoji) kept in this simulated browser's ``app.storage.user``."""
    token = storage.request_contextvar.set(user.client.request)  # the last page it opened, not another user's
    try:
        with user:
            store = app.storage.user
            return store["player_id"], store["name"], store["emoji"]
    finally:
        storage.request_contextvar.reset(token)


def finish_game(game_key: str, player_id: str, name: str = "Me", emoji: str = "🙂", seed: int = 5,
                options: dict[str, Any] | None = None, on_create: Callable[[Table], None] | None = None) -> str:
    """Create a practice table for ``player_id`` via the hub, let computers play every seat to the end, archive it.
    ``on_create`` sees the table before its first move (e.g. to make it one of a night's).

    Moves go straight to the table (one save at the end) so a whole match takes a fraction of a second.
    """
    hub = runtime().hub
    game = get_game(game_key)
    opts = QUICK.get(game_key, {}) if options is None else options
    table = hub.create(game_key, player_id, name, emoji, options=opts, practice=True, level=game.bot_levels[0],
                       speed=0, seed=seed)
    if on_create is not None:
        on_create(table)
    table.seats[table.seat_of(player_id)].autoplay = True
    play_with_computers(table)
    assert table.status == "over", f"{game_key} did not finish"
    hub.changed(table)  # persist + archive, as after any move
    return table.code


def play_with_computers(table: Table, stop: Callable[[Table], bool] | None = None, moves: int = 20_000) -> None:
    """Every seat's move chosen as the server's computer players choose it (from the seat's view), straight on the
    table, until the match ends or ``stop``; nothing saved (call ``hub.changed`` after)."""
    hub = runtime().hub
    play_out(table, lambda seat: choose_bot_action(*bot_inputs(table, seat)), hub.clock, stop, moves)
