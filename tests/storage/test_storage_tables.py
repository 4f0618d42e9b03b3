"""TableStore: one file per live table, code validation, quarantine of damaged files."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from storage.tables import TableStore, is_valid_code


def rec(code: str, **extra: Any) -> dict[str, Any]:
    return {"schema": 1, "code": code, "game": "president", "log": [{"seat": 0, "play": ["QS"]}], **extra}


def test_round_trip_and_overwrite(data_dir: Path) -> None:
    store = TableStore(data_dir)
    store.save("ABCD", rec("ABCD", moves=1))
    store.save("ABCD", {"schema": 2, "code": "ABCD"})  # replaces, does not merge
    assert store.load("ABCD") == {"schema": 2, "code": "ABCD"}
    path = data_dir / "tables" / "ABCD.json"
    assert json.loads(path.read_text()) == {"table": {"1": {"schema": 2, "code": "ABCD"}}}
    store.close()
    assert TableStore(data_dir).load("ABCD") == {"schema": 2, "code": "ABCD"}


def test_each_table_has_its_own_small_file(data_dir: Path) -> None:
    store = TableStore(data_dir)
    store.save("BIG1", rec("BIG1", pad="x" * 50_000))
    store.save("SMOL", rec("SMOL"))
    assert (data_dir / "tables" / "SMOL.json").stat().st_size < 200
    assert store.codes() == ["BIG1", "SMOL"]


def test_load_returns_a_copy(data_dir: Path) -> None:
    store = TableStore(data_dir)
    original = rec("ABCD")
    store.save("ABCD", original)
    original["log"].append("changed after save")
    loaded = store.load("ABCD")
    assert loaded is not None and loaded["log"] == [{"seat": 0, "play": ["QS"]}]
    loaded["log"].clear()
    assert store.load("ABCD") == rec("ABCD")


def test_missing_and_delete(data_dir: Path) -> None:
    store = TableStore(data_dir)
    assert store.load("NONE") is None
    assert not (data_dir / "tables" / "NONE.json").exists()
    store.save("GONE", rec("GONE"))
    store.delete("GONE")
    store.delete("GONE")  # twice is fine
    assert store.load("GONE") is None and store.codes() == [] and store.load_all() == []


@pytest.mark.parametrize("code", ["../x", "../../etc/passwd", "ABC", "abcd", "A" * 13, "AB/CD", "AB.CD", "", "COM1"])
def test_bad_codes_are_rejected(data_dir: Path, code: str) -> None:
    store = TableStore(data_dir)
    assert not is_valid_code(code)
    with pytest.raises(ValueError):
        store.save(code, rec(code))
    with pytest.raises(ValueError):
        store.load(code)
    with pytest.raises(ValueError):
        store.delete(code)
    assert [p.name for p in data_dir.rglob("*")] == ["tables"]


def test_bad_records_are_refused_on_save(data_dir: Path) -> None:
    store = TableStore(data_dir)
    with pytest.raises(ValueError, match="schema"):
        store.save("ABCD", {"code": "ABCD"})
    with pytest.raises(ValueError, match="match"):
        store.save("ABCD", rec("WXYZ"))
    with pytest.raises(TypeError):
        store.save("ABCD", rec("ABCD", when=object()))
    assert store.load("ABCD") is None


def test_damaged_files_are_quarantined_and_others_still_load(data_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = TableStore(data_dir)
    for code in ("GOOD", "TRNC", "JUNK", "WRNG"):
        store.save(code, rec(code))
    store.close()
    tables = data_dir / "tables"
    full = (tables / "TRNC.json").read_text()
    (tables / "TRNC.json").write_text(full[: len(full) // 2])
    (tables / "JUNK.json").write_bytes(b"\x89PNG not json at all")
    (tables / "WRNG.json").write_text(json.dumps({"table": {"1": {"code": "WRNG"}}}))  # no schema
    with caplog.at_level(logging.WARNING, logger="cardnight.storage"):
        loaded = TableStore(data_dir).load_all()
    assert loaded == [rec("GOOD")]
    for code in ("TRNC", "JUNK", "WRNG"):
        [copy] = tables.glob(f"{code}.json.corrupt-*")
        assert str(tables / f"{code}.json") in caplog.text and str(copy) in caplog.text
        assert not (tables / f"{code}.json").exists()
    assert TableStore(data_dir).codes() == ["GOOD"]


def test_trailing_garbage_is_salvaged(data_dir: Path) -> None:
    tables = data_dir / "tables"
    tables.mkdir(parents=True)
    (tables / "TAIL.json").write_text(json.dumps({"table": {"1": rec("TAIL")}}) + 'ad": 1}}}')
    assert TableStore(data_dir).load("TAIL") == rec("TAIL")
    assert len(list(tables.glob("TAIL.json.corrupt-*"))) == 1
