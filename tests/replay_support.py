"""Finished games written into a data directory before the server starts (for replay tests and screenshots)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from logic.registry import get_game
from storage.archive import MainStore

QUICK = {"president": {}, "rummy": {"target": 100}, "beanie": {"rounds": 2}, "stockpile": {"stock_size": "short"}}
NAMES = ("Dex", "Ada", "Finn", "Juno", "Kit", "Lola")


def play_out(key: str, seed: int, options: dict[str, Any] | None = None) -> tuple[Any, Any, list[list[Any]]]:
    """A whole game by the easiest computer players: (config, final state, action log)."""
    game = get_game(key)
    config = game.make_config(**(QUICK[key] if options is None else options))
    state = game.new_game(config, seed)
    bot = game.make_bot(game.bot_levels[0])
    rng = random.Random(seed)
    log: list[list[Any]] = []
    for _ in range(50_000):
        if game.outcome(state) is not None:
            break
        pending = game.pending_commit(state)
        if pending is not None:
            seat, action = pending[1], pending[2]
        else:
            seat = game.to_move(state)[0]
            action = bot.choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        game.apply(state, seat, action)
        log.append([seat, game.encode_action(action)])
    assert game.outcome(state) is not None, f"{key} did not finish"
    return config, state, log


def write_finished(data_dir: Path, key: str, code: str, seed: int = 3, player_id: str | None = None,
                   options: dict[str, Any] | None = None) -> None:
    """Archive a finished game of ``key`` (with ``options``, else :data:`QUICK`'s) under ``code`` as the hub does at
    the end of a game."""
    game = get_game(key)
    config, state, log = play_out(key, seed, options)
    outcome = game.outcome(state)
    store = MainStore(data_dir)
    try:
        store.add_finished({
            "code": code, "game": key, "practice": True, "finished_at": "2026-12-01T09:00:00Z",
            "players": [{"player_id": player_id if i == 0 else None, "name": NAMES[i], "emoji": "🙂",
                         "bot": None if i == 0 else game.bot_levels[0]} for i in range(config.players)],
            "scores": list(outcome.scores), "places": list(outcome.places), "winners": list(outcome.winners),
            "options": config.model_dump(mode="json"), "seed": seed, "log": log,
        })
    finally:
        store.close()
