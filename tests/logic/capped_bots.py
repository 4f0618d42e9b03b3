"""Computer players for tests that play whole games or many decisions: the strongest level's search (Hard, President's
Expert) capped by sampled worlds instead of by time.

At its own budget (a share of a second a decision, all of it used) Hard made such tests the slowest of the unit run
(three short Stockpile games ~15 s of CPU, 2 s capped), and a loaded machine changed which moves it made. Capped, a
game is the same game on any machine, and every code path of the level still runs. How strong the levels are and how
long they think is measured in tests/bench/ (bench_bots.py, arena.py), not here. (Rummy's tests cap theirs in
test_rummy_bots.make.)"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

WORLDS = 8  # sampled worlds a decision
STRONGEST = ("hard", "expert")


def capped_bot(make_bot: Callable[..., Any], level: str) -> Any:
    """``make_bot(level)`` (a game's bots.make_bot), with the strongest level's search capped by worlds, not time."""
    if level in STRONGEST:
        return make_bot(level, budget_s=None, max_worlds=WORLDS, min_worlds=WORLDS)
    return make_bot(level)


def capped_game_bot(game: str, level: str) -> Any:
    """:func:`capped_bot` of the game named ``game`` (its ``logic.<game>.bots``)."""
    return capped_bot(importlib.import_module(f"logic.{game}.bots").make_bot, level)
