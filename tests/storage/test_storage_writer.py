"""TableWriter: records written off the event loop, newest per table, deletes in order, failures retried."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from storage.atomic_json import previous_path
from storage.tables import TableStore
from storage.writer import TableWriter


def rec(code: str, n: int) -> str:
    return json.dumps({"schema": 1, "code": code, "n": n})


def test_writes_land_and_report_their_version(data_dir: Path) -> None:
    store = TableStore(data_dir)
    saved: list[tuple[str, int]] = []
    writer = TableWriter(store, lambda code, version: saved.append((code, version)))
    writer.save("ABCD", rec("ABCD", 1), 1)
    writer.save("WXYZ", rec("WXYZ", 7), 7)
    assert writer.flush(10)
    assert store.load("ABCD") == {"schema": 1, "code": "ABCD", "n": 1}
    assert store.load("WXYZ")["n"] == 7
    assert sorted(saved) == [("ABCD", 1), ("WXYZ", 7)]
    writer.close()


def test_only_the_newest_pending_record_is_written(data_dir: Path) -> None:
    store = TableStore(data_dir)
    gate = threading.Event()
    original = store.save_json

    def slow_save(code: str, text: str, **kw: Any) -> None:
        gate.wait(10)
        original(code, text, **kw)

    store.save_json = slow_save  # type: ignore[method-assign]
    saved: list[int] = []
    writer = TableWriter(store, lambda code, version: saved.append(version))
    writer.save("ABCD", rec("ABCD", 1), 1)  # taken by the thread, which now waits at the gate
    for n in range(2, 30):
        writer.save("ABCD", rec("ABCD", n), n)
    gate.set()
    assert writer.flush(10)
    assert store.load("ABCD")["n"] == 29
    assert saved[-1] == 29 and len(saved) <= 3  # 1 (maybe), then one write for 2..29
    # the copy kept beside it is the version just before (never written itself), not the older file on the disk
    assert json.loads(previous_path(store.path("ABCD")).read_text())["table"]["1"]["n"] == 28
    writer.close()


def test_delete_after_save_leaves_no_file(data_dir: Path) -> None:
    store = TableStore(data_dir)
    writer = TableWriter(store)
    writer.save("ABCD", rec("ABCD", 1), 1)
    writer.delete("ABCD")
    assert writer.flush(10)
    assert store.codes() == [] and store.load("ABCD") is None
    writer.close()


def test_a_failed_write_is_retried_and_nothing_is_reported_until_it_lands(data_dir: Path, monkeypatch: Any) -> None:
    import storage.writer as writer_module

    monkeypatch.setattr(writer_module, "RETRY_SECONDS", 0.05)
    store = TableStore(data_dir)
    original = store.save_json
    failures = {"left": 2}

    def flaky(code: str, text: str, **kw: Any) -> None:
        if failures["left"]:
            failures["left"] -= 1
            raise OSError("No space left on device")
        original(code, text, **kw)

    store.save_json = flaky  # type: ignore[method-assign]
    saved: list[int] = []
    writer = TableWriter(store, lambda code, version: saved.append(version))
    writer.save("ABCD", rec("ABCD", 5), 5)
    assert writer.flush(10)
    assert store.load("ABCD")["n"] == 5 and saved == [5] and writer.failures == 2
    writer.close()


def test_a_saved_record_is_flushed_to_the_disk_after_it_is_reported(data_dir: Path, monkeypatch: Any) -> None:
    """Pages hear of a move once its file has replaced the old one; the fsync for a power cut follows."""
    import os

    store = TableStore(data_dir)
    events: list[str] = []
    real_fsync = os.fsync
    monkeypatch.setattr("storage.tables.os.fsync", lambda fd: (events.append("fsync"), real_fsync(fd)))
    writer = TableWriter(store, lambda code, version: events.append(f"saved {version}"))
    writer.save("ABCD", rec("ABCD", 1), 1)
    assert writer.flush(10)
    writer.close()
    assert events[0] == "saved 1" and events.count("fsync") >= 1, events
    assert store.load("ABCD")["n"] == 1


def test_many_saves_from_another_thread_all_land(data_dir: Path) -> None:
    """The writer and the fsync thread share one condition: a save must always wake the writer."""
    store = TableStore(data_dir)
    saved: list[int] = []
    writer = TableWriter(store, lambda code, version: saved.append(version))
    for n in range(1, 200):
        writer.save("ABCD", rec("ABCD", n), n)
        time.sleep(0.002 * (n % 3))  # let the threads settle in different orders
        if n % 10 == 0:
            assert writer.flush(5), f"the writer stalled after save {n}"
    assert writer.flush(10)
    writer.close()
    assert saved[-1] == 199 and store.load("ABCD")["n"] == 199


def test_write_now_lands_at_once_and_an_older_record_never_overwrites_it(data_dir: Path) -> None:
    store = TableStore(data_dir)
    gate = threading.Event()
    original = store.save_json
    writing = threading.Event()

    def slow_save(code: str, text: str, **kw: Any) -> None:
        if json.loads(text)["n"] == 1:  # the thread's older record waits at the gate, mid-write
            writing.set()
            gate.wait(10)
        original(code, text, **kw)

    store.save_json = slow_save  # type: ignore[method-assign]
    saved: list[int] = []
    writer = TableWriter(store, lambda code, version: saved.append(version))
    writer.save("ABCD", rec("ABCD", 1), 1)
    assert writing.wait(10)
    writer.save("ABCD", rec("ABCD", 2), 2)  # queued behind it: write_now drops it
    threading.Timer(0.2, gate.set).start()
    assert writer.write_now("ABCD", rec("ABCD", 3), 3)  # waits for the thread's write, then lands after it
    assert store.load("ABCD")["n"] == 3
    assert writer.flush(10)
    assert store.load("ABCD")["n"] == 3 and 2 not in saved
    assert json.loads(previous_path(store.path("ABCD")).read_text())["table"]["1"]["n"] == 2  # one move behind
    writer.save("ABCD", rec("ABCD", 2), 2)  # a late older record is not written over the newer one
    assert writer.flush(10)
    assert store.load("ABCD")["n"] == 3
    writer.close()


def test_write_now_that_fails_is_queued_and_retried(data_dir: Path, monkeypatch: Any) -> None:
    import storage.writer as writer_module

    monkeypatch.setattr(writer_module, "RETRY_SECONDS", 0.05)
    store = TableStore(data_dir)
    original = store.save_json
    failures = [2]

    def flaky(code: str, text: str, **kw: Any) -> None:
        if failures[0]:
            failures[0] -= 1
            raise OSError("disk full")
        original(code, text, **kw)

    store.save_json = flaky  # type: ignore[method-assign]
    saved: list[int] = []
    writer = TableWriter(store, lambda code, version: saved.append(version))
    assert not writer.write_now("ABCD", rec("ABCD", 5), 5)
    assert writer.flush(10)
    assert store.load("ABCD")["n"] == 5 and saved == [5]  # reported by the thread once it landed
    writer.close()


def test_the_previous_copy_a_save_replaces_is_deleted_by_the_flush_thread_not_the_saver(data_dir: Path) -> None:
    """Freeing a file's blocks is the slow part of a save on an SD card: write_now (the event loop's thread) sets
    the old ``.prev`` aside under a temporary name, and the flush thread deletes it."""
    store = TableStore(data_dir)
    deleted_on: list[str] = []
    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if ".prev." in self.name:
            deleted_on.append(threading.current_thread().name)
        real_unlink(self, missing_ok=missing_ok)

    writer = TableWriter(store)
    for n in (1, 2):
        assert writer.write_now("ABCD", rec("ABCD", n), n)
    assert writer.flush(10)
    Path.unlink = unlink  # type: ignore[method-assign]
    try:
        assert writer.write_now("ABCD", rec("ABCD", 3), 3)  # .prev (1) gives way to 2: 1 is set aside
        assert writer.flush(10)
    finally:
        Path.unlink = real_unlink  # type: ignore[method-assign]
    writer.close()
    assert deleted_on == ["table-fsync"]
    assert json.loads(previous_path(store.path("ABCD")).read_text())["table"]["1"]["n"] == 2
    assert store.load("ABCD")["n"] == 3
    assert not list(store.dir.glob(".*.tmp"))  # nothing left aside


def test_a_previous_copy_left_aside_by_a_crash_is_removed_at_the_next_start(data_dir: Path) -> None:
    store = TableStore(data_dir)
    store.save_json("ABCD", rec("ABCD", 1))
    aside = store.dir / ".ABCD.json.prev.0a1b2c3d.tmp"
    aside.write_text("{}")
    TableStore(data_dir)
    assert not aside.exists() and store.load("ABCD")["n"] == 1
