"""A damaged table file loses at most one move: every save keeps the file it replaces as ``<CODE>.json.prev``, and a
table whose file is cut short (at 20 random points) or filled with garbage comes back from that copy, every time,
with a state that replays from its log. The host console is told which tables came back that way."""

from __future__ import annotations

import json
import logging
import os
import random
import shutil
from pathlib import Path

import pytest

from logic.table import Table
from storage.health import HEALTH
from storage.tables import TableStore
from ui.server.runtime import build_hub

POINTS = 20


@pytest.fixture
def played(tmp_path: Path) -> tuple[Path, str, int]:
    """A practice table saved after every move (no event loop: each change is written at once): data dir, code,
    and the version in its file."""
    data = tmp_path / "played"
    hub = build_hub(data, inline_bots=True)
    table = hub.create("rummy", "host", "Ann", "🦊", options={"players": 2, "first_draw": False}, practice=True,
                       speed=0)
    for _ in range(6):
        seat = table.to_move()[0]
        hub.run(table, lambda t, now, s=seat: t.act_for(s, t.game.legal_actions(t.state, s)[0], now))
    hub.saves.flush_writes()
    hub.saves.writer.close()
    HEALTH.reset()
    return data, table.code, table.version


def damaged_copy(source: Path, target: Path, code: str, damage: bytes | int) -> None:
    shutil.copytree(source, target)
    path = target / "tables" / f"{code}.json"
    if isinstance(damage, int):
        path.write_bytes(path.read_bytes()[:damage])
    else:
        path.write_bytes(damage)


def garbage(rng: random.Random, size: int) -> list[bytes]:
    return [b"", b"\x00" * size, bytes(rng.randrange(256) for _ in range(size)), b"{" * size,
            json.dumps({"table": {"1": {"code": "OTHER1", "schema": 2}}}).encode(), b'{"table": {}}']


def test_a_cut_or_garbage_table_file_comes_back_one_save_behind_every_time(
        played: tuple[Path, str, int], tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    data, code, version = played
    size = (data / "tables" / f"{code}.json").stat().st_size
    rng = random.Random(2024)
    damages: list[bytes | int] = sorted(rng.sample(range(size), POINTS)) + garbage(rng, size)
    behind = []
    for n, damage in enumerate(damages):
        HEALTH.reset()
        copy = tmp_path / f"copy{n}"
        damaged_copy(data, copy, code, damage)
        with caplog.at_level(logging.WARNING, logger="cardnight.storage"):
            hub = build_hub(copy, inline_bots=True)
            assert hub.load() == 1, f"lost the table with damage {damage!r:.40}"
        table = hub.registry.tables[code]
        behind.append(version - table.version)
        assert table.version >= version - 1, damage  # at most one save (here: one move) behind
        assert table.game.snapshot(table.replay_state()) == table.game.snapshot(table.state)  # a whole table
        [notice] = [n for n in HEALTH.notices if n.kind == "restored"]
        assert notice.subject == code
        assert list((copy / "tables").glob(f"{code}.json.corrupt-*")), "the damaged file is kept aside"
        again = TableStore(copy).load(code)  # the restored file is the table's file now
        assert again is not None and again["version"] == table.version
        hub.saves.writer.close()
    assert len(behind) == POINTS + 6 and set(behind) == {1}
    print(f"{len(damages)} damaged files ({POINTS} cuts, 6 garbage): all came back, {max(behind)} save behind")


def test_the_previous_copy_is_the_file_before_the_last_save(tmp_path: Path) -> None:
    store = TableStore(tmp_path)
    for n in range(1, 4):
        store.save("ABCD", {"code": "ABCD", "schema": 2, "version": n})
    prev = json.loads((tmp_path / "tables" / "ABCD.json.prev").read_text())["table"]["1"]
    assert prev["version"] == 2 and store.load("ABCD")["version"] == 3
    assert os.stat(tmp_path / "tables" / "ABCD.json").st_ino != os.stat(tmp_path / "tables" / "ABCD.json.prev").st_ino
    store.delete("ABCD")
    assert not list((tmp_path / "tables").iterdir())  # both go with the table


def test_a_save_cut_off_between_its_two_steps_still_loads(tmp_path: Path) -> None:
    store = TableStore(tmp_path)
    store.save("ABCD", {"code": "ABCD", "schema": 2, "version": 1})
    store.save("ABCD", {"code": "ABCD", "schema": 2, "version": 2})
    (tmp_path / "tables" / "ABCD.json").unlink()  # only the previous copy is left
    fresh = TableStore(tmp_path)
    assert fresh.codes() == ["ABCD"] and fresh.load("ABCD")["version"] == 1
    HEALTH.reset()


def test_without_a_previous_copy_a_damaged_file_is_still_kept_aside(tmp_path: Path) -> None:
    store = TableStore(tmp_path)
    store.save("ABCD", {"code": "ABCD", "schema": 2, "version": 1})
    (tmp_path / "tables" / "ABCD.json").write_bytes(b"\x00garbage")
    assert TableStore(tmp_path).load("ABCD") is None
    assert [p.name.split(".corrupt-")[0] for p in (tmp_path / "tables").glob("*.corrupt-*")] == ["ABCD.json"]


def test_table_loads_are_not_confused_by_a_previous_copy_of_a_good_file(played: tuple[Path, str, int]) -> None:
    data, code, version = played
    hub = build_hub(data, inline_bots=True)
    assert hub.load() == 1 and hub.registry.tables[code].version == version and not HEALTH.notices
    assert isinstance(hub.registry.tables[code], Table)
    hub.saves.writer.close()
