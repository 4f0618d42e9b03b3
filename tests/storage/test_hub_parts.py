"""The server's parts (ui/server/runtime.py: build_hub): the archiver keeps which games it archived itself (nothing
is written onto the table), archives a finished game once, and the save pipeline lands a refused write the same
way as a written one (waiters woken, pages told)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from logic.registry import get_game
from tests.storage.test_hub_practice import QUICK, play
from ui.server.runtime import build_hub


def test_a_finished_game_is_archived_once_and_nothing_is_written_onto_the_table(tmp_path: Path) -> None:
    hub = build_hub(tmp_path / "data", inline_bots=True)
    table = hub.create("president", "me", "Me", "🙂", options=QUICK["president"], practice=True,
                       level=get_game("president").bot_levels[0], speed=0, seed=3)
    fields = set(vars(table))
    play(hub, table)
    assert table.status == "over"
    assert set(vars(table)) == fields  # (the hub once set table._archived)
    hub.changed(table)  # any later change of a finished table (a chat line, presence) archives nothing again
    hub.changed(table)
    assert [g.code for g in hub.main.finished_games()] == [table.code]


async def test_a_write_the_disk_refuses_lands_like_a_saved_one(tmp_path: Path) -> None:
    hub = build_hub(tmp_path / "data")
    table = hub.create("rummy", "p1", "Ann", "🐯", options={}, practice=False)
    assert hub.saves.flush_writes(5)
    await asyncio.sleep(0.05)  # (the writer's "saved" comes back through the loop)
    told: list[int] = []
    hub.registry.subscribe(table.code, lambda t: told.append(t.version))
    table.version += 1  # a change on its way to the disk ...
    waiting = asyncio.ensure_future(hub.saves.until_saved(table))
    await asyncio.sleep(0.05)
    assert not waiting.done() and told == []
    hub.saves._failed_in_thread(table.code, table.version)  # ... that the writer thread could not write (the disk)
    await asyncio.wait_for(waiting, 1)
    assert hub.saves.saved(table.code) == table.version and told == [table.version]
