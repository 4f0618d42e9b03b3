"""storage/backup.py and TableWriter.hold: table files are taken whole while the writer is held; the rest of the
data directory is copied; nothing of the staging is left behind."""

from __future__ import annotations

import contextlib
import json
import threading
import time
import zipfile
from pathlib import Path

from storage.backup import STAGING_PREFIX, dir_size, make_backup
from storage.reviews import ReviewStore
from storage.tables import TableStore
from storage.writer import TableWriter
from tests.storage.test_storage_reviews import review


def record(code: str, n: int) -> str:
    return json.dumps({"schema": 1, "code": code, "n": n, "pad": "x" * 2000})


def test_a_held_writer_writes_nothing_until_released(data_dir: Path) -> None:
    store = TableStore(data_dir)
    writer = TableWriter(store)
    try:
        writer.save("ABCD23", record("ABCD23", 1), 1)
        assert writer.flush(10)
        with writer.hold():
            writer.save("ABCD23", record("ABCD23", 2), 2)
            time.sleep(0.3)
            assert store.load("ABCD23")["n"] == 1
        assert writer.flush(10) and store.load("ABCD23")["n"] == 2
    finally:
        writer.close()


def test_backup_while_tables_are_written_has_every_table_whole(data_dir: Path, tmp_path: Path) -> None:
    store = TableStore(data_dir)
    writer = TableWriter(store)
    codes = [f"TBL{i:03d}" for i in range(20)]
    (data_dir / "games").mkdir(parents=True)
    (data_dir / "games" / "OLDGAME1.json").write_text('{"schema": 1}')
    (data_dir / "storage_secret.txt").write_text("s" * 40)
    stop = threading.Event()

    def play() -> None:
        n = 0
        while not stop.is_set():
            n += 1
            for code in codes:
                writer.save(code, record(code, n), n)
            time.sleep(0.001)

    thread = threading.Thread(target=play)
    thread.start()
    try:
        time.sleep(0.2)
        for round_ in range(5):
            out = tmp_path / f"backup-{round_}.zip"
            make_backup(data_dir, out, writer.hold())
            with zipfile.ZipFile(out) as zf:
                names = set(zf.namelist())
                assert {f"tables/{c}.json" for c in codes} <= names
                assert {"games/OLDGAME1.json", "storage_secret.txt"} <= names
                for code in codes:
                    doc = json.loads(zf.read(f"tables/{code}.json"))["table"]["1"]
                    assert doc["code"] == code and len(doc["pad"]) == 2000
    finally:
        stop.set()
        thread.join()
        writer.close()
    assert not list(data_dir.glob(f"{STAGING_PREFIX}*"))
    assert dir_size(data_dir) > 20 * 2000


def test_the_reviews_folder_is_in_the_backup_and_a_restore_finds_every_review(data_dir: Path, tmp_path: Path) -> None:
    store = ReviewStore(data_dir, fsync=False)
    store.put("ABCD", review(0))
    store.put("WXYZ", review(2, cost=3.0))
    out = tmp_path / "backup.zip"
    make_backup(data_dir, out, contextlib.nullcontext())
    restored = tmp_path / "restored"
    with zipfile.ZipFile(out) as zf:
        assert {"reviews/ABCD.json", "reviews/WXYZ.json"} <= set(zf.namelist())
        zf.extractall(restored)
    again = ReviewStore(restored, fsync=False)
    assert again.get("ABCD", 0) == review(0) and again.get("WXYZ", 2) == review(2, cost=3.0)
    assert set(again.summaries()) == {("ABCD", 0), ("WXYZ", 2)}
