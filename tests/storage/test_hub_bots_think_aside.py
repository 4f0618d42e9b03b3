"""Computer players that search think in the server's worker pool, not on the event loop every page waits on:
President's Normal level searches too (a Raspberry-Pi-class host stopped for a second now and then while it thought
on the loop, issue 50); the levels that do not search move at once on the loop."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from nicegui import core

from logic.registry import get_game
from tests.storage.test_hub_saving import think_here
from ui.server import bots as server_bots
from ui.server.runtime import build_hub


@pytest.mark.parametrize(("level", "in_pool"), [("beginner", False), ("normal", True), ("expert", True)])
async def test_a_president_level_thinks_in_the_pool_exactly_when_it_searches(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, level: str, in_pool: bool) -> None:
    pooled: list[str] = []

    async def cpu_bound(func: Any, *args: Any) -> Any:  # (the pool itself: tests/logic/test_bot_worker.py)
        pooled.append(args[1])
        return await think_here(func, *args)

    monkeypatch.setattr(server_bots.run, "cpu_bound", cpu_bound)
    monkeypatch.setattr(core, "loop", asyncio.get_running_loop())  # (the server's loop, as NiceGUI sets it)
    hub = build_hub(tmp_path / "data", inline_bots=False)
    table = hub.create("president", "me", "Me", "🙂", options={"players": 4}, practice=True, level=level, speed=0,
                       seed=9)
    table.seats[0].autoplay = True  # my seat too (at the autoplay level): the table plays on by itself
    hub.bots.kick(table, hub.clock())
    for _ in range(200):
        if len(table.log) >= 8:
            break
        await asyncio.sleep(0.02)
    assert len(table.log) >= 8 and any(seat != 0 for seat, _action in table.log)
    game = get_game("president")
    assert game.bot_searches(level) is in_pool
    assert (level in pooled) is in_pool and all(game.bot_searches(lv) for lv in pooled)


def test_only_the_strongest_level_searches_in_the_other_games() -> None:
    for key in ("rummy", "beanie", "stockpile"):
        game = get_game(key)
        assert [game.bot_searches(lv) for lv in game.bot_levels] == [False, False, True], key
