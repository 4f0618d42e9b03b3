"""A full, read-only or broken disk, injected at the storage layer: tables play on in memory and their pages hear
of every change, the writer tries again every few seconds without a traceback per try, the log gets one line when
saving starts to fail, one a minute and one when it works again, new tables are refused, and once the disk takes
writes everything is written (tables, and finished games' archives)."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import storage.atomic_json as atomic_json
import storage.writer as writer_module
from logic.table import turns
from storage import health as health_module
from storage.disk_check import folder_problem, remove_leftovers
from storage.health import HEALTH, SaveHealth, message_for
from storage.tables import TableStore
from storage.writer import TableWriter
from ui.server.runtime import build_hub
from ui.server.saving import SavesFailing


class Disk:
    """Turns every write of the app into the given error while ``fault`` is set (the files stay as they were)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.fault: int | None = None
        self.tries = 0
        real = atomic_json._atomic_write_text

        def write(path: Path, text: str, **kwargs: Any) -> None:
            if self.fault is not None:
                self.tries += 1
                raise OSError(self.fault, os.strerror(self.fault), str(path))
            real(path, text, **kwargs)

        monkeypatch.setattr(atomic_json, "_atomic_write_text", write)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[Disk]:
    monkeypatch.setattr(writer_module, "RETRY_SECONDS", 0.05)
    monkeypatch.setattr(health_module, "RETRY_SECONDS", 0.05)
    HEALTH.reset()
    yield Disk(monkeypatch)
    HEALTH.reset()


def rec(code: str, n: int) -> str:
    return json.dumps({"code": code, "schema": 2, "n": n})


def on_disk(data_dir: Path, code: str) -> dict[str, Any]:
    return json.loads((data_dir / "tables" / f"{code}.json").read_text())["table"]["1"]


def cannot_save_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.getMessage().startswith("Card Night cannot save")]


@pytest.mark.parametrize(("fault", "words"), [(errno.ENOSPC, "the disk is full. Free some space"),
                                               (errno.EROFS, "read-only"), (errno.EIO, "reports errors")])
def test_the_writer_keeps_the_newest_record_tries_again_and_writes_it_when_the_disk_is_back(
        data_dir: Path, disk: Disk, caplog: pytest.LogCaptureFixture, fault: int, words: str) -> None:
    store = TableStore(data_dir)
    saved: list[int] = []
    failed: list[int] = []
    writer = TableWriter(store, lambda code, v: saved.append(v), lambda code, v: failed.append(v))
    writer.save("ABCD", rec("ABCD", 1), 1)
    assert writer.flush(5) and on_disk(data_dir, "ABCD")["n"] == 1
    disk.fault = fault
    with caplog.at_level(logging.INFO, logger="cardnight.storage"):
        for n in range(2, 8):
            writer.save("ABCD", rec("ABCD", n), n)
        assert not writer.flush(0.6)  # it keeps trying every RETRY_SECONDS while the disk refuses
        assert disk.tries >= 3 and HEALTH.failing and HEALTH.waiting_tables() == ["ABCD"]
        assert words in HEALTH.message and "nothing is lost while this server keeps running" in HEALTH.message
        assert failed and on_disk(data_dir, "ABCD")["n"] == 1  # what was saved is still there
        disk.fault = None
        assert writer.flush(5)
    assert on_disk(data_dir, "ABCD")["n"] == 7 and saved[-1] == 7 and not HEALTH.failing
    assert len(cannot_save_lines(caplog)) == 1  # one line when it started, however many tries
    assert not any(r.exc_info for r in caplog.records)  # and no traceback
    assert sum("works again" in r.getMessage() for r in caplog.records) == 1
    writer.close()


def test_one_log_line_a_minute_while_it_lasts(caplog: pytest.LogCaptureFixture) -> None:
    now = [1000.0]
    health = SaveHealth(clock=lambda: now[0])
    with caplog.at_level(logging.INFO, logger="cardnight.storage"):
        health.failed("table:ABCD", OSError(errno.ENOSPC, "No space left on device"))
        for _ in range(600):  # ten minutes of reminders asked for every second
            now[0] += 1
            health.failed("table:ABCD", OSError(errno.ENOSPC, "No space left on device"))
            health.remind()
        health.succeeded("table:ABCD")
    lines = [r.getMessage() for r in caplog.records]
    assert sum(line.startswith("Card Night cannot save") for line in lines) == 1
    assert sum(line.startswith("Still cannot save") for line in lines) == 10
    assert sum("works again" in line for line in lines) == 1 and len(lines) == 12


def test_a_bug_is_not_taken_for_a_full_disk() -> None:
    health = SaveHealth()
    assert not health.failed("table:ABCD", OSError(errno.ENAMETOOLONG, "File name too long"))
    assert not health.failed("table:ABCD", ValueError("bad record"))
    assert not health.failing
    assert message_for(errno.ENOSPC) == ("Card Night cannot save — the disk is full. Free some space; nothing is "
                                         "lost while this server keeps running.")


async def test_a_table_plays_on_in_memory_and_everything_is_written_when_space_comes_back(
        data_dir: Path, disk: Disk, caplog: pytest.LogCaptureFixture) -> None:
    hub = build_hub(data_dir, inline_bots=True)  # (the computer players move at once, on this thread)
    table = hub.create("president", "host", "Ann", "🦊", options={"players": 4}, practice=True, speed=0)
    await asyncio.to_thread(hub.saves.flush_writes)
    heard: list[int] = []
    hub.registry.subscribe(table.code, lambda t: heard.append(t.version))  # a page at the table
    saved_before = on_disk(data_dir, table.code)["version"]
    disk.fault = errno.ENOSPC
    with caplog.at_level(logging.INFO):
        for _ in range(12):  # the person plays on; every move is applied and shown at once
            if table.status != "playing":
                break
            seat = table.to_move()[0]
            action = table.game.legal_actions(table.state, seat)[0]
            hub.run(table, lambda t, now, s=seat, a=action: turns.act_for(t, s, a, now))
            await asyncio.wait_for(hub.saves.until_saved(table), 1)  # (nothing waits for the disk)
            assert heard[-1] == table.version
        assert HEALTH.failing and on_disk(data_dir, table.code)["version"] == saved_before
        with pytest.raises(SavesFailing, match="cannot save"):
            hub.create("president", "host", "Ann", "🦊", options={"players": 4}, practice=True)
        assert len(hub.registry.tables) == 1
        disk.fault = None
        await asyncio.to_thread(hub.saves.flush_writes, 5)
    assert not HEALTH.failing and on_disk(data_dir, table.code)["version"] == table.version
    assert on_disk(data_dir, table.code)["log"] == [list(e) for e in table.log]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    hub.saves.writer.close()


def test_a_finished_game_is_archived_once_the_disk_takes_writes(data_dir: Path, disk: Disk) -> None:
    from logic.table import STATUS_OVER

    hub = build_hub(data_dir, inline_bots=True)
    table = hub.create("president", "host", "Ann", "🦊", options={"players": 4, "hands": 4}, practice=True, speed=0)
    table.seats[table.seat_of("host")].autoplay = True
    disk.fault = errno.ENOSPC
    for _ in range(200):  # no event loop: the computers play the whole game
        hub.tick_table(table, hub.clock())
        if table.status == STATUS_OVER:
            break
    assert table.status == STATUS_OVER and hub.main.finished_games() == []  # not written: the disk is full
    disk.fault = None
    hub.next_disk_try = 0.0
    hub.disk_tick()
    assert [g.code for g in hub.main.finished_games()] == [table.code]
    assert hub.saves.flush_writes(5) and on_disk(data_dir, table.code)["status"] == STATUS_OVER and not HEALTH.failing
    hub.saves.writer.close()


def test_a_one_off_file_that_failed_clears_after_a_write_test(data_dir: Path, disk: Disk) -> None:
    from storage.reports import ReportStore

    hub = build_hub(data_dir)
    disk.fault = errno.EROFS
    with pytest.raises(OSError):
        ReportStore(data_dir).add(words="x", code="ABCD23", game="president", options={}, seed=1, log=[], seat=0,
                                  players=[], user_agent="")
    assert HEALTH.failing and "read-only" in HEALTH.message
    disk.fault = None
    hub.next_disk_try = 0.0
    hub.disk_tick()  # a small write test shows the folder takes writes again
    assert not HEALTH.failing
    hub.saves.writer.close()


def test_an_unwritable_data_folder_is_one_clear_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import storage.disk_check as disk_check

    assert folder_problem(tmp_path / "data") is None
    for fault, words in ((errno.EROFS, "read-only"), (errno.EACCES, "not writable"), (errno.ENOSPC, "full")):
        monkeypatch.setattr(disk_check, "write_test", lambda folder, f=fault: OSError(f, os.strerror(f)))
        problem = folder_problem(tmp_path / "data")
        assert problem is not None and "\n" not in problem
        assert str((tmp_path / "data").resolve()) in problem and words in problem and "start it again" in problem


def test_leftover_temporary_files_are_removed_at_start(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "tables").mkdir(parents=True)
    (data / "nicegui").mkdir()
    leftovers = [data / "tables" / ".ABCD.json.k2j3.tmp", data / ".cardnight.json.x1.tmp",
                 data / "nicegui" / "storage-user-1234.json.tmp", data / ".cardnight-write-test-abc.tmp",
                 data / "tables" / ".ABCD.json.prev.zz.tmp"]
    kept = [data / "tables" / "ABCD.json", data / "nicegui" / "storage-user-1234.json", data / "cardnight.json"]
    for path in leftovers + kept:
        path.write_text("")
    assert remove_leftovers(data) == len(leftovers)
    assert not any(p.exists() for p in leftovers) and all(p.exists() for p in kept)
