"""A practice table made by the hub (what `/new/<game>?…&timer=N` asks for): the turn timer is set before the game
starts, so the very first turn is timed when a person moves first; every seat has its own emoji and name."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.registry import get_game
from logic.table.identity import name_key
from ui.server.runtime import build_hub

T0 = 500.0


@pytest.mark.parametrize(("game", "options", "seed"), [("president", {"players": 4}, 4), ("beanie", {"players": 3}, 2),
                                                       ("stockpile", {"players": 2}, 2)])
def test_the_first_turn_of_a_person_is_timed(data_dir: Path, game: str, options: dict, seed: int) -> None:
    hub = build_hub(data_dir, clock=lambda: T0, inline_bots=True)
    seconds = next(s for s in get_game(game).turn_timer_choices if s)
    table = hub.create(game, "host", "Sam", "🐢", options=options, practice=True, seed=seed, speed=0,
                       turn_seconds=seconds)
    assert table.status == "playing" and table.to_move() == (0,)  # the person moves first (these seeds)
    assert table.settings.turn_seconds == seconds
    assert table.seconds_left(T0) == pytest.approx(seconds)


@pytest.mark.parametrize("seed", range(12))
def test_practice_computers_never_share_the_hosts_emoji_or_name(data_dir: Path, seed: int) -> None:
    hub = build_hub(data_dir, clock=lambda: T0, inline_bots=True)
    table = hub.create("stockpile", "host", "Sol", "🦊", options={"players": 6}, practice=True, seed=seed, speed=0)
    emoji = [s.emoji for s in table.seats]
    names = [name_key(s.name) for s in table.seats]
    assert len(set(emoji)) == 6 and len(set(names)) == 6 and table.seats[0].emoji == "🦊"
