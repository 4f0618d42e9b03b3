"""AtomicJSONStorage / open_db: round trips, atomic replace, cache, damaged files."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from storage import atomic_json
from storage.atomic_json import AtomicJSONStorage, open_db, salvage


def corrupt_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.corrupt-*"))


def test_round_trip_compact_and_creates_dirs(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "db.json"
    db = open_db(path)
    db.table("t").insert({"x": 1, "name": "Zoë"})
    db.close()
    text = path.read_text(encoding="utf-8")
    assert json.loads(text) == {"t": {"1": {"x": 1, "name": "Zoë"}}}
    assert " " not in text and "\n" not in text
    assert open_db(path).table("t").all() == [{"x": 1, "name": "Zoë"}]
    assert not list(path.parent.glob("*.tmp"))


def test_missing_file_is_not_created_by_reading(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    assert open_db(path).table("t").all() == []
    assert not path.exists()


def test_reads_come_from_memory(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    db = open_db(path)
    db.insert({"x": 1})
    path.write_text('{"_default": {"1": {"x": 999}}}')  # nobody else writes; the cache wins
    assert db.all() == [{"x": 1}]


def test_write_goes_through_fsync_and_replace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    open_db(tmp_path / "db.json").insert({"x": 1})
    assert calls == ["fsync", "replace", "fsync"]  # file, rename, directory


def test_failed_replace_keeps_old_file_and_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "db.json"
    db = open_db(path)
    db.insert({"x": 1})
    before = path.read_bytes()

    def boom(a: object, b: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(atomic_json.os, "replace", boom)
    with pytest.raises(OSError):
        db.insert({"x": 2})
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert db.all() == [{"x": 1}]  # the cache was reset to what is on disk
    assert not list(tmp_path.glob("*.tmp"))


def test_stale_temp_files_are_removed_on_open(tmp_path: Path) -> None:
    stale = tmp_path / ".db.json.abc123.tmp"
    stale.write_text('{"half')
    open_db(tmp_path / "db.json")
    assert not stale.exists()


def test_truncated_main_db_is_quarantined_and_salvaged(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "db.json"
    good = {"finished": {"1": {"a": 1}, "2": {"a": 2}, "3": {"a": 3}}, "meta": {"1": {"k": "v"}}}
    text = json.dumps(good)
    bad = text[: text.index('"3"') + 10]  # cut inside document 3
    path.write_text(bad)
    with caplog.at_level(logging.WARNING, logger="cardnight.storage"):
        db = open_db(path)
    assert db.table("finished").all() == [{"a": 1}, {"a": 2}]
    [copy] = corrupt_copies(path)
    assert copy.read_text() == bad
    assert str(path) in caplog.text and str(copy) in caplog.text
    assert json.loads(path.read_text()) == {"finished": {"1": {"a": 1}, "2": {"a": 2}}}
    open_db(path)  # the rewritten file opens cleanly: no second copy
    assert len(corrupt_copies(path)) == 1


@pytest.mark.parametrize("content", [b"\x00\xff garbage", b"[1, 2, 3]", b'{"t": [1, 2]}', b"nul"])
def test_garbage_starts_empty_but_keeps_copy(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "db.json"
    path.write_bytes(content)
    db = open_db(path)
    assert db.tables() == set()
    [copy] = corrupt_copies(path)
    assert copy.read_bytes() == content
    db.insert({"ok": True})
    assert open_db(path).all() == [{"ok": True}]


def test_trailing_garbage_recovers_everything() -> None:
    # the failure mode of an in-place rewrite that got shorter and was killed before truncating
    assert salvage('{"t":{"1":{"a":[1,2]}}}":{"2":{"a"') == {"t": {"1": {"a": [1, 2]}}}
    assert salvage("") == {}


def test_storage_reports_corruption(tmp_path: Path) -> None:
    path = tmp_path / "db.json"
    path.write_text("{oops")
    storage = AtomicJSONStorage(path)
    assert storage.corrupt_copy is not None and storage.corrupt_copy.exists()
    assert storage.read() == {}


def test_unserialisable_write_is_undone(tmp_path: Path) -> None:
    db = open_db(tmp_path / "db.json")
    db.insert({"x": 1})
    with pytest.raises(TypeError):
        db.insert({"x": object()})
    assert db.all() == [{"x": 1}]
    db.insert({"s": "lone \ud800 surrogate from a browser"})  # escaped, not an encoding error
    assert open_db(tmp_path / "db.json").all()[1] == {"s": "lone \ud800 surrogate from a browser"}
