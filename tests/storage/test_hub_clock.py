"""The hub runs tables on its monotonic clock: steps of the wall clock (an hour back, two hours ahead) neither
stop the computer players nor freeze or fire a turn timer, and a restart resumes each timer with the time it had
left, whatever the wall clock did meanwhile. Both clocks are in the test's hands."""

from __future__ import annotations

import asyncio
import itertools
import time
from pathlib import Path

import pytest

from ui.server.hub import Hub
from ui.server.runtime import build_hub

STEP = 0.25


class Clocks:
    def __init__(self, mono: float, wall: float) -> None:
        self.mono, self.wall = mono, wall

    def hub(self, data_dir: Path) -> Hub:
        return build_hub(data_dir, clock=lambda: self.mono, wall=lambda: self.wall, inline_bots=True)

    async def run(self, hub: Hub, seconds: float) -> None:
        """Both clocks move on together; the hub ticks every ``STEP`` seconds."""
        for _ in range(round(seconds / STEP)):
            self.mono += STEP
            self.wall += STEP
            await hub.tick()


async def test_steps_of_the_wall_clock_change_nothing_and_a_restart_keeps_the_time_left(data_dir: Path) -> None:
    clocks = Clocks(mono=100.0, wall=1_800_000_000.0)
    hub = clocks.hub(data_dir)
    table = hub.create("rummy", "host", "Ann", "🦊", options={"players": 3, "first_draw": False}, practice=False,
                       seed=3)
    level = table.game.bot_levels[0]
    for seat in (1, 2):
        hub.run(table, lambda t, now, seat=seat: t.add_bot("host", seat, level, f"Bot {seat}", "🤖"))
    hub.run(table, lambda t, now: t.set_setting("host", "turn_seconds", 30, now))
    hub.run(table, lambda t, now: t.set_setting("host", "bot_delay", 0.5, now))
    hub.run(table, lambda t, now: t.start("host", now))

    for _ in range(4):  # computers move at their pace, each time after a step of the wall clock
        clocks.wall -= 3600
        moves = len(table.log)
        await clocks.run(hub, 3.0)
        if 0 in table.to_move():
            break
        assert len(table.log) > moves, "the computer players stopped after the wall clock went back"
    while 0 not in table.to_move():
        await clocks.run(hub, 1.0)
    left = hub.seconds_left(table)
    assert left is not None and 27 <= left <= 30

    clocks.wall -= 3600  # back an hour: the timer neither stops nor gains an hour
    await clocks.run(hub, 10.0)
    assert hub.seconds_left(table) == pytest.approx(left - 10)
    clocks.wall += 7200  # ahead two hours: nothing fires early
    await clocks.run(hub, 10.0)
    assert 0 in table.to_move() and hub.seconds_left(table) == pytest.approx(left - 20)
    left -= 20

    hub.save_all()  # a restart: a new boot (the monotonic clock starts again) and the wall clock an hour on
    hub.saves.writer.close()
    later = Clocks(mono=5.0, wall=clocks.wall + 3600)
    restarted = later.hub(data_dir)
    assert restarted.load() == 1
    again = restarted.registry.tables[table.code]
    assert 0 in again.to_move() and restarted.seconds_left(again) == pytest.approx(left)
    await later.run(restarted, left - 0.25)
    assert 0 in again.to_move() and restarted.seconds_left(again) == pytest.approx(0.25)
    await later.run(restarted, 0.5)
    assert again.log[len(table.log)][0] == 0, "the timeout move comes when the time left has run out"
    restarted.saves.writer.close()


async def test_the_ticker_keeps_its_pace_while_the_wall_clock_steps_back(data_dir: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The ticker is paced by the monotonic clock: a wall clock that goes back an hour at every reading (a timer
    that measured its callback with it would wait an hour) leaves it ticking."""
    hub = build_hub(data_dir)
    ticks: list[float] = []
    plain_tick = hub.tick

    async def counted() -> None:
        ticks.append(asyncio.get_running_loop().time())
        await plain_tick()

    hub.tick = counted  # type: ignore[method-assign]
    readings = itertools.count()
    monkeypatch.setattr(time, "time", lambda: 1_800_000_000.0 - 3600 * next(readings))
    ticker = asyncio.create_task(hub.run_ticker(0.05))
    await asyncio.sleep(0.5)
    hub.stopping = True
    await asyncio.wait_for(ticker, 1.0)
    assert len(ticks) >= 5, ticks
    hub.saves.writer.close()
