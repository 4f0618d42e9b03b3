"""Program seats (seat API) in the table logic: the host adds and removes them in the lobby, only a hash is
kept, a program is seated like a person (turn timer, timeout move) but is not counted as a person, and old (schema 1)
table records still load."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from logic.game import IllegalMove
from logic.table import SCHEMA, STATUS_PLAYING, Settings, Table, migrate_record, new_table, timers, turns
from logic.table import lobby as table_lobby
from logic.table import program as table_program
from logic.table import record as table_record

T0 = 1_000_000.0
HASH_A = hashlib.sha256(b"token-a").hexdigest()
HASH_B = hashlib.sha256(b"token-b").hexdigest()
RECORDS = Path(__file__).parent / "records"


def rummy_lobby(turn_seconds: int = 30) -> Table:
    t = new_table("rummy", "PROGRM", "host", {"players": 2, "first_draw": False}, seed=1000, now=T0,
                  settings=Settings(turn_seconds=turn_seconds, bot_delay=0.0))
    table_lobby.join(t, "host", "Hanna", "🦊", T0)
    return t


def test_host_adds_a_program_seat_that_only_its_hash_opens() -> None:
    t = rummy_lobby()
    with pytest.raises(IllegalMove, match="host"):
        table_program.add_program(t, "guest", 1, HASH_A)
    with pytest.raises(IllegalMove, match="not free"):
        table_program.add_program(t, "host", 0, HASH_A)  # the host's own seat
    table_program.add_program(t, "host", 1, HASH_A)
    seat = t.seats[1]
    assert seat.is_program and not seat.is_human and seat.bot is None
    assert table_program.program_seat(t, HASH_A) == 1 and table_program.program_seat(t, HASH_B) is None
    assert table_program.program_seat(t, "") is None
    assert t.humans() == [0]
    record = json.dumps(table_record.to_record(t, T0))
    assert HASH_A in record and "token-a" not in record  # the hash is saved, never the token


def test_removing_the_program_seat_ends_its_token() -> None:
    t = rummy_lobby()
    table_program.add_program(t, "host", 1, HASH_A)
    table_lobby.remove_player(t, "host", 1)
    assert t.seats[1].empty and table_program.program_seat(t, HASH_A) is None


def test_a_program_gets_the_turn_timer_and_the_timeout_move_like_a_person() -> None:
    t = rummy_lobby(turn_seconds=30)
    table_program.add_program(t, "host", 1, HASH_A)
    table_lobby.start(t, "host", T0)
    assert t.status == STATUS_PLAYING and t.to_move() == (1,)  # seed 1000: seat 2 (the program) starts
    assert t.turn_deadline == T0 + 30  # not a computer: it has a timer
    assert turns.bots_to_move(t, T0) == []
    made = timers.tick(t, T0 + 31)
    assert made and made[0][0] == 1 and t.seats[1].autoplay  # timed out: the computer plays for it
    table_program.program_back(t, 1, T0 + 32)
    assert not t.seats[1].autoplay


def test_a_program_acts_through_the_same_checks_as_a_person() -> None:
    t = rummy_lobby()
    table_program.add_program(t, "host", 1, HASH_A)
    table_lobby.start(t, "host", T0)
    program = t.seats[1].player_id
    assert program is not None and t.seat_of(program) == 1
    legal = t.game.legal_actions(t.state, 1)
    with pytest.raises(IllegalMove, match="not your turn"):
        turns.act(t, "host", t.game.legal_actions(t.state, 1)[0], T0)
    before = t.version
    turns.act(t, program, legal[0], T0)
    assert t.version > before and t.log[-1][0] == 1


def test_a_schema_1_record_loads_and_saves_as_the_current_schema() -> None:
    record = json.loads((RECORDS / "OLDREC.json").read_text())["table"]["1"]  # saved by the schema 2 code
    old = {**record, "schema": 1, "seats": [{k: v for k, v in s.items() if k != "program_hash"}
                                            for s in record["seats"]]}
    loaded = table_record.from_record(json.loads(json.dumps(old)), T0)
    assert [s.name for s in loaded.seats] == ["Hanna", "Gus", "Ada"] and not any(s.is_program for s in loaded.seats)
    assert table_record.to_record(loaded, T0)["schema"] == SCHEMA == 3
    with pytest.raises(ValueError, match="schema"):
        migrate_record({**record, "schema": 99})


def test_a_program_seat_survives_saving_and_loading() -> None:
    t = rummy_lobby()
    table_program.add_program(t, "host", 1, HASH_A)
    table_lobby.start(t, "host", T0)
    loaded = table_record.from_record(json.loads(json.dumps(table_record.to_record(t, T0))), T0 + 5)
    assert table_program.program_seat(loaded, HASH_A) == 1 and loaded.seats[1].player_id == t.seats[1].player_id
