"""Practice tables that begin from a position ("play from here"), and where any finished game began.

:func:`table_from_state` makes the table of the hub's ``create_from_state``: a practice table like ``Hub.create``
makes, the person in the chosen seat and computer players in the others, whose game is the given state instead of
``new_game(config, seed)``. The state is saved as the table's first snapshot, so the live table saves and restores
like any other (its record holds config, seed, log and the snapshot); the position it began from is kept in
:class:`storage.practice_starts.StartStore` under the new code before the first save, so the table's log replays
from it: the replay page, the scores round by round and the review all start there (:func:`first_state`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from logic.cards import derive_rng
from logic.game import IllegalMove
from logic.messages import t_msg
from logic.registry import get_game
from logic.table import Settings, Table, bot_identity, chat, lobby, new_table, turns
from storage.archive import FinishedGame
from storage.practice_starts import StartSource, StartStore


def table_from_state(code: str, now: float, game_key: str, host_id: str, host_name: str, host_emoji: str, *,
                     config: BaseModel, state: Any, seat: int, level: str | None = None, speed: float | None = None,
                     seed: int | None = None, source: StartSource | None = None,
                     names: list[tuple[str, str] | None] | None = None) -> tuple[Table, dict[str, Any]]:
    """A started practice table ``code`` whose game is ``state``, the host in ``seat`` and computer players of
    ``level`` in every other seat (named ``names[seat]`` = (name, emoji) where given, e.g. the computer players of the
    game it comes from), and the snapshot it begins from (kept by the hub before its first save). ``IllegalMove``
    for a position that cannot be played on (the game is over, the seat does not exist)."""
    game = get_game(game_key)
    if game.outcome(state) is not None:
        raise IllegalMove(t_msg("That game is already over at this step: pick an earlier one."))
    players = int(getattr(config, "players", 0))
    if not 0 <= seat < players:
        raise IllegalMove(t_msg("Pick a seat from 1 to {n}.", n=players))
    level = level or game.bot_levels[min(1, len(game.bot_levels) - 1)]
    if level not in game.bot_levels:
        raise IllegalMove(t_msg("level must be one of {levels}.", levels=", ".join(game.bot_levels)))
    seed = secrets.randbits(31) if seed is None else int(seed)
    settings = Settings(turn_seconds=0)
    if speed is not None:
        settings.bot_delay = max(0.0, float(speed))
        if settings.bot_delay == 0:
            settings.grace_scale = 0.0
    table = new_table(game_key, code, host_id, config.model_dump(mode="json"), seed, now, True, settings)
    table.settings.public = False
    lobby.join(table, host_id, host_name, host_emoji, now, seat=seat)
    rng = derive_rng(seed, "bots")
    for other in table.open_seats():  # add_bot keeps a given name and emoji only where nobody has it
        given = names[other] if names is not None and other < len(names) else None
        name, emoji = given or bot_identity(rng, {s.name for s in table.seats}, {s.emoji for s in table.seats})
        lobby.add_bot(table, host_id, other, level, name, emoji)
    lobby.start(table, host_id, now)  # deadlines and status as for any start; the game is then the given position
    snapshot = game.snapshot(state)
    table.state = game.restore(snapshot)  # exactly what a replay of the table starts from
    turns.after_change(table, now)  # its deadlines for the new state
    if source is not None:
        chat.notice(table, t_msg("Practice from before move {number} of game {code}: play it your way.",
                                 number=source.step + 1, code=source.code))
    return table, snapshot


def first_state(starts: StartStore, record: FinishedGame) -> Callable[[], Any]:
    """How to make the state a finished game began from: the kept position of a table started from one, else
    ``new_game(config, seed)`` (for :class:`logic.replay.Replay`'s ``start``). ``KeyError``/``ValueError`` for a
    record that does not say."""
    game = get_game(record.game)
    start = starts.get(record.code)
    if start is not None:
        snapshot = start.snapshot
        return lambda: game.restore(snapshot)
    config = game.make_config(**record.options)
    if record.seed is None:
        raise ValueError(f"finished game {record.code} keeps no seed")
    seed = record.seed
    return lambda: game.new_game(config, seed)


def start_snapshot(starts: StartStore, code: str) -> dict[str, Any] | None:
    """The position finished game ``code`` began from, if it did not begin with a new deal."""
    start = starts.get(code)
    return start.snapshot if start is not None else None
