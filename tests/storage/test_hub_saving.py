"""The hub tells a table's pages about a change only after that version of the table is on disk."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from logic.table import lobby
from ui.server.runtime import build_hub


def on_disk_version(data_dir: Path, code: str) -> int:
    data = json.loads((data_dir / "tables" / f"{code}.json").read_text())
    return data["table"]["1"]["version"]


async def test_pages_hear_of_a_change_only_once_it_is_saved(data_dir: Path) -> None:
    hub = build_hub(data_dir)
    table = hub.create("president", "host", "Ann", "🦊", options={"players": 4}, practice=False)
    await asyncio.to_thread(hub.saves.flush_writes)
    heard: list[tuple[int, int]] = []  # (version told, version on disk at that moment)
    hub.registry.subscribe(table.code, lambda t: heard.append((t.version, on_disk_version(data_dir, t.code))))
    for i, name in enumerate(["Bob", "Cy", "Di"]):
        hub.run(table, lambda t, now, i=i, name=name: lobby.join(t, f"p{i}", name, "🐻", now))
    for _ in range(200):
        await asyncio.sleep(0.01)
        if heard and heard[-1][0] == table.version:
            break
    assert heard, "the pages were never told"
    assert all(told <= disk for told, disk in heard), heard
    assert heard[-1][0] == table.version
    await hub.saves.until_saved(table)  # returns at once: the newest version is saved
    hub.saves.writer.close()


async def test_computer_players_go_on_at_a_table_loaded_after_a_restart(data_dir: Path) -> None:
    """A table saved with a computer player to move must not wait for a save that already happened."""
    hub = build_hub(data_dir)
    table = hub.create("president", "host", "Ann", "🦊", options={"players": 4}, practice=True, speed=0)
    table.seats[table.seat_of("host")].autoplay = True  # the computer plays for the host too
    hub.changed(table)
    await asyncio.to_thread(hub.saves.flush_writes)
    hub.saves.writer.close()
    from nicegui import core

    core.loop = asyncio.get_running_loop()  # the hub starts computer moves as NiceGUI background tasks
    restarted = build_hub(data_dir)  # a new process: nothing but the files
    assert restarted.load() == 1
    loaded = restarted.registry.tables[table.code]
    version = loaded.version
    for _ in range(300):
        await restarted.tick()
        await asyncio.sleep(0.01)
        if loaded.version > version + 3:
            break
    core.loop = None
    assert loaded.version > version + 3, "the computer players did not move after the restart"
    restarted.saves.writer.close()


async def test_removing_a_table_lets_go_of_everything_waiting_for_it(data_dir: Path) -> None:
    """A computer player waiting for a save of a table that is then removed must not wait (and leak) forever."""
    hub = build_hub(data_dir)
    table = hub.create("president", "host", "Ann", "🦊", options={"players": 4}, practice=False)
    hub.saves.writer.close()  # nothing will be written any more: the wait below can only end by the removal
    table.version += 1
    waiting = asyncio.ensure_future(hub.saves.until_saved(table))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    hub.remove(table.code)
    await asyncio.wait_for(waiting, 1)
    assert table.code not in hub.registry.tables and hub.saves.saved(table.code) == -1 and not hub.saves._waiters


async def test_stop_ends_computer_moves_and_ticks(data_dir: Path) -> None:
    """At shutdown the hub stops first: running computer players end and no new move starts."""
    from nicegui import core

    core.loop = asyncio.get_running_loop()
    hub = build_hub(data_dir)
    table = hub.create("president", "host", "Ann", "🦊", options={"players": 4}, practice=True, speed=0)
    table.seats[table.seat_of("host")].autoplay = True
    hub.changed(table)
    await hub.tick()
    assert hub.bots.tasks, "computer players should be moving"
    hub.stop()
    await asyncio.sleep(0.05)
    version = table.version
    assert not hub.bots.tasks and not hub.bots.busy
    await hub.tick()
    await asyncio.sleep(0.05)
    core.loop = None
    assert table.version == version and not hub.bots.tasks
    hub.saves.writer.close()
