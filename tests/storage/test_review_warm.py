"""The worker pool loads the games' judges once, when the first game starts: not at app start (a server that only
shows its pages never starts the workers), and not again for later games."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.server.hub import Hub
from ui.server.runtime import build_hub


@pytest.fixture
def hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Hub:
    hub = build_hub(tmp_path / "data")
    runner = hub.reviews
    runner.inline = False  # as in the server (the hub of tests reviews in-process)
    runner.started = True
    runner.warmed = []  # type: ignore[attr-defined]

    async def warm() -> None:
        runner.warmed.append(1)  # type: ignore[attr-defined]

    monkeypatch.setattr(runner, "_warm", warm)
    return hub


async def test_a_lobby_warms_nothing_and_the_first_game_warms_the_pool_once(hub: Hub) -> None:
    lobby = hub.create("rummy", "p1", "Ann", "🐯", options={}, practice=False)
    hub.changed(lobby)
    assert lobby.status == "lobby" and not hub.reviews.warming
    first = hub.create("president", "p1", "Ann", "🐯", options={"players": 4}, practice=True, bots=3, seed=1)
    hub.changed(first)
    second = hub.create("rummy", "p1", "Ann", "🐯", options={}, practice=True, bots=1, seed=2)
    hub.changed(second)
    assert first.status == second.status == "playing" and hub.reviews.warming
    for task in list(hub.reviews._background):
        await task
    assert hub.reviews.warmed == [1]  # type: ignore[attr-defined]


async def test_a_stopping_server_warms_nothing(hub: Hub) -> None:
    hub.reviews.stop()
    hub.changed(hub.create("president", "p1", "Ann", "🐯", options={"players": 4}, practice=True, bots=3, seed=1))
    assert not hub.reviews.warming


def test_a_change_off_the_event_loop_warms_nothing_and_leaves_the_next_to_warm(hub: Hub) -> None:
    table = hub.create("president", "p1", "Ann", "🐯", options={"players": 4}, practice=True, bots=3, seed=1)
    hub.changed(table)  # no event loop here: the table is saved as always
    assert not hub.reviews.warming


async def test_warm_pool_0_leaves_the_pool_to_start_when_work_comes(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDNIGHT_WARM_POOL", "0")  # what the browser tests' servers run with
    hub = build_hub(tmp_path / "data")
    hub.reviews.inline, hub.reviews.started = False, True
    game = hub.create("president", "p1", "Ann", "🐯", options={"players": 4}, practice=True, bots=3, seed=1)
    hub.changed(game)
    assert game.status == "playing" and not hub.reviews.warming and not hub.reviews._background
