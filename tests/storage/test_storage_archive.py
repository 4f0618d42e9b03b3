"""MainStore: finished games, profiles, link codes, meta; invalid records are skipped."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from storage.archive import MainStore


def game(code: str, at: str, players: list[str | None], name: str = "rummy", **extra: Any) -> dict[str, Any]:
    return {
        "code": code,
        "game": name,
        "finished_at": at,
        "players": [{"player_id": p, "name": p or "Bot"} for p in players],
        "result": {"ranking": list(range(len(players)))},
        **extra,
    }


def test_finished_games_newest_first_and_filters(data_dir: Path) -> None:
    store = MainStore(data_dir)
    store.add_finished(game("AAAA", "2025-01-01T10:00:00+00:00", ["p1", None]))
    store.add_finished(game("CCCC", "2025-01-01T13:00:00+02:00", ["p1", "p2"], "president", seed=7,  # 11:00Z
                            mood="calm"))
    store.add_finished(game("BBBB", "2025-01-02T09:00:00", ["p2"]))  # naive: taken as UTC
    assert [g.code for g in store.finished_games()] == ["BBBB", "CCCC", "AAAA"]
    assert [g.code for g in store.finished_games(player_id="p1")] == ["CCCC", "AAAA"]
    assert [g.code for g in store.finished_games(game="rummy")] == ["BBBB", "AAAA"]
    assert [g.code for g in store.finished_games(player_id="p2", game="president")] == ["CCCC"]
    newest = store.finished_games()[0]
    assert newest.dump()["schema"] == 1 and newest.dump()["finished_at"] == "2025-01-02T09:00:00Z"
    assert store.finished_games(game="president")[0].seed == 7
    assert (store.finished_games(game="president")[0].model_extra or {})["mood"] == "calm"  # extra fields are kept
    store.close()
    assert len(MainStore(data_dir).finished_games()) == 3
    assert json.loads((data_dir / "cardnight.json").read_text())["finished"]["1"]["code"] == "AAAA"


def test_invalid_finished_game_is_refused(data_dir: Path) -> None:
    store = MainStore(data_dir)
    with pytest.raises(ValueError):
        store.add_finished({"code": "AAAA", "game": "rummy", "finished_at": "not a date"})
    assert store.finished_games() == []


def test_invalid_records_are_skipped_with_one_log_line(data_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = MainStore(data_dir)
    store.add_finished(game("GOOD", "2025-01-01T10:00:00Z", ["p1"]))
    raw = store.db.table("finished")
    raw.insert({"code": "NODT", "game": "rummy", "players": []})  # no finished_at
    raw.insert({**game("FUTR", "2025-01-01T11:00:00Z", ["p1"]), "schema": 99})  # from a newer version
    raw.insert({**game("BADP", "2025-01-01T11:00:00Z", ["p1"]), "players": "p1"})
    store.db.table("profiles").insert({"player_id": 5, "data": "x"})
    with caplog.at_level(logging.WARNING, logger="cardnight.storage"):
        assert [g.code for g in store.finished_games()] == ["GOOD"]
        assert [g.code for g in store.finished_games(player_id="p1")] == ["GOOD"]
        assert store.get_profile("5") is None
    skipped = [r for r in caplog.records if "Skipping invalid" in r.getMessage()]
    assert len(skipped) == 4  # logged once each, not on every query
    assert "schema version 99" in caplog.text


def test_profiles(data_dir: Path) -> None:
    store = MainStore(data_dir)
    assert store.get_profile("p1") is None
    store.put_profile("p1", {"name": "Ana", "emoji": "🦊", "wins": {"rummy": 2}})
    store.put_profile("p2", {"name": "Bo"})
    store.put_profile("p1", {"name": "Ana B"})  # replaces
    assert store.get_profile("p1") == {"name": "Ana B"}
    profile = store.get_profile("p2")
    assert profile == {"name": "Bo"}
    profile["name"] = "mutated"
    store.close()
    reopened = MainStore(data_dir)
    assert reopened.get_profile("p2") == {"name": "Bo"}
    assert len(reopened.db.table("profiles")) == 2


def test_meta_and_link_codes(data_dir: Path) -> None:
    store = MainStore(data_dir)
    assert store.get_meta("version", 0) == 0
    store.set_meta("version", 3)
    store.set_meta("version", {"n": 4})
    assert store.get_meta("version") == {"n": 4}
    expires = datetime(2025, 5, 1, 12, 0, tzinfo=UTC)
    store.put_link_code("LINK42", "p1", expires)
    assert store.pop_link_code("NOPE") is None
    found = store.pop_link_code("LINK42")
    assert found is not None and found.expires_at == expires and found.dump() == {
        "schema": 1,
        "code": "LINK42",
        "player_id": "p1",
        "expires_at": "2025-05-01T12:00:00Z",
    }
    assert store.pop_link_code("LINK42") is None


def test_truncated_main_db_keeps_what_it_can(data_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = MainStore(data_dir)
    for i, code in enumerate(["AAAA", "BBBB", "CCCC"]):
        store.add_finished(game(code, f"2025-01-0{i + 1}T10:00:00Z", ["p1"]))
    store.close()
    path = data_dir / "cardnight.json"
    text = path.read_text()
    path.write_text(text[: text.index('"CCCC"')])
    with caplog.at_level(logging.WARNING, logger="cardnight.storage"):
        store = MainStore(data_dir)
    assert [g.code for g in store.finished_games()] == ["BBBB", "AAAA"]
    [copy] = data_dir.glob("cardnight.json.corrupt-*")
    assert str(copy) in caplog.text and str(path) in caplog.text
    store.add_finished(game("DDDD", "2025-02-01T10:00:00Z", ["p1"]))
    assert [g.code for g in MainStore(data_dir).finished_games()] == ["DDDD", "BBBB", "AAAA"]


def test_a_finished_games_log_lives_in_its_own_file(data_dir: Path) -> None:
    store = MainStore(data_dir)
    actions = [[0, {"kind": "play", "cards": ["3S"]}], [1, {"kind": "pass"}]] * 200
    store.add_finished(game("LOGS", "2025-01-01T10:00:00+00:00", ["p1", None], log=actions))
    main_file = json.loads((data_dir / "cardnight.json").read_text())
    assert all("log" not in doc for doc in main_file["finished"].values())  # the summary stays small
    assert store.finished_games()[0].log is None
    assert store.finished_game("LOGS").log == actions
    assert MainStore(data_dir).finished_game("LOGS").log == actions  # after a restart too
    assert store.finished_game("NONE") is None
    (data_dir / "games" / "LOGS.json").write_text('{"schema": 1, "code": "LO')  # damaged: kept aside, empty log
    assert store.finished_game("LOGS").log == []
    assert list((data_dir / "games").glob("LOGS.json.corrupt-*"))
