"""Game nights on disk: they survive a restart, sit in the data folder (so in the backup), and a damaged record is
set aside with a clear reason while every other night loads."""

from __future__ import annotations

import json
import logging
import zipfile
from contextlib import nullcontext
from pathlib import Path

from logic.night import Night, NightMatch, NightSeat, add_table, record_match
from storage.backup import make_backup
from storage.nights import FILE_NAME, NightStore
from ui.server.nights import NightKeeper


def a_night(code: str = "ABC234") -> Night:
    night = Night(code=code, name="Friday at Ana's", host_id="host", created_at=100.0)
    add_table(night, "TAB111")
    record_match(night, NightMatch(code="TAB111", game="rummy", finished_at=200.0, seats=[
        NightSeat(key="ana", name="Ana", emoji="🦊", place=1, score=120),
        NightSeat(key="computer:Robo", name="Robo", emoji="🤖", kind="computer", place=2, score=40)]))
    return night


def test_a_night_survives_a_restart(data_dir: Path) -> None:
    NightStore(data_dir, fsync=False).save(a_night())
    nights, damaged = NightStore(data_dir, fsync=False).load_all()
    assert damaged == [] and nights == [a_night()]


def test_saving_again_replaces_the_night(data_dir: Path) -> None:
    store = NightStore(data_dir, fsync=False)
    night = a_night()
    store.save(night)
    night.name = "Saturday"
    store.save(night)
    nights, _ = NightStore(data_dir, fsync=False).load_all()
    assert [n.name for n in nights] == ["Saturday"]


def test_a_damaged_record_loads_with_a_reason_and_loses_nothing_else(data_dir: Path, caplog) -> None:
    store = NightStore(data_dir, fsync=False)
    store.save(a_night("GOOD22"))
    store.save(a_night("BAD333"))
    path = data_dir / FILE_NAME
    data = json.loads(path.read_text())
    for doc in data["_default"].values():
        if doc["code"] == "BAD333":
            doc["matches"][0]["seats"][0]["place"] = "first"
    data["_default"]["99"] = {"schema": 7, "code": "NEW999"}
    path.write_text(json.dumps(data))
    with caplog.at_level(logging.WARNING, logger="cardnight.storage"):
        nights, damaged = NightStore(data_dir, fsync=False).load_all()
    assert [n.code for n in nights] == ["GOOD22"]
    reasons = {d.code: d.reason for d in damaged}
    assert "matches.0.seats.0.place" in reasons["BAD333"] and "schema version 7" in reasons["NEW999"]
    assert "BAD333" in caplog.text
    assert "BAD333" in path.read_text()  # kept as it was: nothing lost


def test_nights_are_in_the_backup(data_dir: Path, tmp_path: Path) -> None:
    NightStore(data_dir, fsync=False).save(a_night())
    out = tmp_path / "backup.zip"
    make_backup(data_dir, out, nullcontext())
    with zipfile.ZipFile(out) as zf:
        assert FILE_NAME in zf.namelist()
        restored = tmp_path / "restored"
        zf.extractall(restored)
    nights, _ = NightStore(restored, fsync=False).load_all()
    assert [n.code for n in nights] == ["ABC234"]


def test_the_keeper_finds_a_night_by_its_tables_and_refuses_a_table_of_another_night(data_dir: Path) -> None:
    keeper = NightKeeper(NightStore(data_dir, fsync=False), lambda: 50.0, lambda moment: 60.0)
    first = keeper.create("  Friday  ", "host")
    second = keeper.create("Saturday", "host")
    assert first.name == "Friday" and first.code != second.code and first.created_at == 50.0
    keeper.add_table(first.code, "TAB111")
    assert keeper.night_of_table("TAB111") is first
    try:
        keeper.add_table(second.code, "TAB111")
    except ValueError as exc:
        assert "another night" in str(exc)
    else:
        raise AssertionError("a table joined two nights")
    again = NightKeeper(NightStore(data_dir, fsync=False), lambda: 0.0, lambda moment: 0.0)
    assert again.load() == 2
    assert again.night_of_table("TAB111") is not None and again.night_of_table("TAB111").code == first.code


def test_a_change_that_is_refused_changes_nothing(data_dir: Path) -> None:
    keeper = NightKeeper(NightStore(data_dir, fsync=False), lambda: 50.0, lambda moment: 60.0)
    night = keeper.create("Friday", "host")
    before = night.model_dump()

    def bad(n: Night) -> None:
        n.name = "changed"
        raise ValueError("no")

    try:
        keeper.change(night, bad)
    except ValueError:
        pass
    assert night.model_dump() == before
