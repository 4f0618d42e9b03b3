"""What players and the host see while the disk takes no writes (injected at the storage layer), NiceGUI `user`
tests: the notice on the table page and the host console, 503 for a new table, the game going on, and everything
written and the notice gone once the disk is back. Also a damaged table file at start: the table comes back from
its previous copy and the host console says which."""

from __future__ import annotations

import errno
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from nicegui.testing import User

import storage.atomic_json as atomic_json
import storage.writer as writer_module
from logic.table import turns
from storage import health as health_module
from storage.health import HEALTH
from tests.ui.helpers import eventually, find, open_with_status, with_testid
from ui.server.runtime import runtime


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int | None]]:
    """``full_disk["fault"] = errno.ENOSPC`` makes every write of the app fail with it (None: writes work)."""
    monkeypatch.setattr(writer_module, "RETRY_SECONDS", 0.1)
    monkeypatch.setattr(health_module, "RETRY_SECONDS", 0.1)
    state: dict[str, int | None] = {"fault": None}
    real = atomic_json._atomic_write_text

    def write(path: Path, text: str, **kwargs: Any) -> None:
        if state["fault"] is not None:
            raise OSError(state["fault"], os.strerror(state["fault"]), str(path))
        real(path, text, **kwargs)

    monkeypatch.setattr(atomic_json, "_atomic_write_text", write)
    yield state
    HEALTH.reset()


def notice_shown(user: User) -> bool:
    found = with_testid(user, "save-failing")
    return bool(found) and found[0].visible


def on_disk_version(code: str) -> int:
    path = runtime().data_dir / "tables" / f"{code}.json"
    return json.loads(path.read_text())["table"]["1"]["version"]


async def test_the_table_page_and_the_console_say_so_and_new_tables_wait(
        user: User, full_disk: dict[str, int | None]) -> None:
    await user.open("/new/president?players=4&bots=3&seed=11&speed=0")
    await find(user, "table")
    hub = runtime().hub
    table = next(iter(hub.registry.tables.values()))
    assert with_testid(user, "save-failing") and not notice_shown(user)  # there, hidden while saving works
    assert hub.saves.flush_writes(10)  # the computers' first moves may still be on their way to the disk (writer)
    saved = on_disk_version(table.code)

    full_disk["fault"] = errno.ENOSPC
    for _ in range(6):  # the game goes on: each move is made and shown at once
        seat = table.to_move()[0]
        hub.run(table, lambda t, now, s=seat: turns.act_for(t, s, t.game.legal_actions(t.state, s)[0], now))
    await eventually(lambda: notice_shown(user))
    await user.should_see("Card Night cannot save — the disk is full. Free some space; nothing is lost while this "
                          "server keeps running.")
    assert on_disk_version(table.code) == saved and table.version > saved

    await open_with_status(user, "/new/president?players=4&bots=3", 503)  # no new table while saving fails
    await user.should_see("No new tables while Card Night cannot save.")
    assert len(hub.registry.tables) == 1

    await user.open("/host")  # the server's own browser
    panel = await find(user, "host-save-failing")
    assert panel is not None
    await user.should_see(table.code)
    assert notice_shown(user)

    await user.open(f"/table/{table.code}")
    full_disk["fault"] = None  # space is back: everything is written and the notice goes
    await eventually(lambda: not HEALTH.failing and not notice_shown(user), timeout=5)
    assert on_disk_version(table.code) == table.version
    await user.open("/new/president?players=4&bots=3&speed=0")  # new tables again
    await find(user, "table")
    assert len(hub.registry.tables) == 2


# ------------------------------------------------------------------------------- a damaged table file at start
@pytest.fixture
def damaged_table(_data_dir: Path) -> dict[str, Any]:
    """Before the app starts: a table saved move after move, then its file cut in the middle."""
    from storage.tables import TableStore
    from ui.server.runtime import build_hub

    hub = build_hub(_data_dir, inline_bots=True)
    table = hub.create("president", "host-1", "Ana", "🦊", options={"players": 4}, practice=True, speed=0)
    code = table.code
    for _ in range(5):
        seat = table.to_move()[0]
        hub.run(table, lambda t, now, s=seat: turns.act_for(t, s, t.game.legal_actions(t.state, s)[0], now))
    hub.saves.flush_writes()
    hub.saves.writer.close()
    TableStore(_data_dir).close()
    path = _data_dir / "tables" / f"{code}.json"
    text = path.read_bytes()
    path.write_bytes(text[: random.Random(7).randrange(1, len(text) - 1)])
    previous = json.loads((_data_dir / "tables" / f"{code}.json.prev").read_text())["table"]["1"]
    HEALTH.reset()
    return {"code": code, "version": table.version, "previous": previous["version"]}


async def test_a_cut_table_file_comes_back_from_its_previous_copy_and_the_console_says_so(
        damaged_table: dict[str, Any], user: User) -> None:
    code = damaged_table["code"]
    table = runtime().hub.registry.get(code)
    assert damaged_table["previous"] >= damaged_table["version"] - 1  # the copy is one save behind
    assert table is not None and table.version >= damaged_table["previous"]  # (it may have moved on since)
    await user.open(f"/table/{code}")
    await find(user, "table")  # the table, not "not found"
    await user.open("/host")
    await find(user, f"host-restored-{code}")
    await user.should_see(f"Table {code} was brought back from its previous copy")


async def test_nicegui_storage_is_written_again_when_saving_works(user: User) -> None:
    """NiceGUI writes a browser's storage file only when it changes; after a full disk refused such a write,
    ui.nicegui_internals.rewrite_user_storage writes it once more. (Reads NiceGUI's private Storage._users: this
    test breaks if that changes.)"""
    import asyncio

    from ui.nicegui_internals import rewrite_user_storage, storage_dir

    await user.open("/profile")
    folder = storage_dir()  # where the files are: the page guard reads this folder too
    await eventually(lambda: any(folder.glob("storage-user-*.json")), timeout=5)
    for path in folder.glob("storage-user-*.json"):
        path.unlink()  # as if its last write had failed
    assert rewrite_user_storage() >= 1
    for _ in range(50):
        await asyncio.sleep(0.05)
        if any(folder.glob("storage-user-*.json")):
            break
    assert any(folder.glob("storage-user-*.json"))


@pytest.fixture
def junk_secret(_data_dir: Path) -> bytes:
    _data_dir.mkdir(parents=True, exist_ok=True)
    junk = b"\x00\x13\xff\xfe junk from a bad copy"
    (_data_dir / "storage_secret.txt").write_bytes(junk)
    return junk


async def test_a_damaged_storage_secret_is_kept_aside_and_the_console_says_so(junk_secret: bytes, user: User) -> None:
    data = runtime().data_dir
    [kept] = data.glob("storage_secret.txt.damaged-*")
    assert kept.read_bytes() == junk_secret and len((data / "storage_secret.txt").read_text().strip()) >= 40
    await user.open("/host")
    await find(user, "host-notice-secret")
    await user.should_see(kept.name)
