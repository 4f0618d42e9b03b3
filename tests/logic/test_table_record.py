"""A table's saved form and its clocks: the table runs on the caller's (monotonic) clock, a record keeps the time
each timer had left and dates for people on the wall clock, so neither a restart nor a step of the wall clock
changes how long anyone has. Files saved by the older code (schema 2: wall-clock deadlines) keep loading."""

from __future__ import annotations

import json
import shutil
from dataclasses import fields
from pathlib import Path

import pytest

from logic.messages import VERBATIM_CONTEXT, t_msg
from logic.table import (
    AWAY,
    RECONNECTING,
    SCHEMA,
    STATUS_PLAYING,
    ChatLine,
    Notice,
    Settings,
    Table,
    new_table,
    timers,
    turns,
)
from logic.table import away as table_away
from logic.table import chat as table_chat
from logic.table import lobby as table_lobby
from logic.table import record as table_record
from logic.table import timers as table_timers
from logic.table.record import AS_IS, DATES, HELD, NOT_SAVED, TIMERS
from storage.tables import TableStore

RECORDS = Path(__file__).parent / "records"
OLD_SAVED_AT = 1_700_000_020.0  # OLDREC.json: saved 15 s into the first turn of a 60 s timer (45 s left)
M0 = 500.0  # a monotonic clock: seconds since the machine started
W0 = 1_800_000_000.0  # the wall clock at M0


def round_trip(t: Table, now: float, wall: float, later: float, later_wall: float) -> Table:
    """Save at ``now`` (``wall``), load after a restart at ``later`` (``later_wall``), through JSON."""
    return table_record.from_record(json.loads(json.dumps(table_record.to_record(t, now, wall))), later, later_wall)


def timed_rummy(turn_seconds: int = 60) -> Table:
    t = new_table("rummy", "CLOCK1", "host", {"players": 2, "first_draw": False}, seed=5, now=M0,
                  settings=Settings(turn_seconds=turn_seconds, bot_delay=1.0))
    table_lobby.join(t, "host", "Hanna", "🦊", M0)
    table_lobby.join(t, "guest", "Gus", "🐻", M0)
    table_chat.say(t, "host", "hello", M0 + 1)
    table_lobby.start(t, "host", M0 + 2)
    return t


def test_every_field_of_the_table_is_saved_or_named_as_not_saved() -> None:
    named = set(AS_IS) | set(TIMERS) | set(DATES) | set(NOT_SAVED) | set(HELD)
    assert {f.name for f in fields(Table)} == named


def test_a_file_saved_with_wall_clock_deadlines_loads_with_the_time_that_was_left(tmp_path: Path) -> None:
    (tmp_path / "tables").mkdir()
    shutil.copy(RECORDS / "OLDREC.json", tmp_path / "tables" / "OLDREC.json")
    record = TableStore(tmp_path).load("OLDREC")
    assert record is not None and record["schema"] == 2
    now, wall = 42.0, OLD_SAVED_AT + 7200  # a new boot (monotonic starts again), two hours later
    t = table_record.from_record(record, now, wall)
    assert t.status == STATUS_PLAYING and [s.name for s in t.seats] == ["Hanna", "Gus", "Ada"]
    assert table_timers.seconds_left(t, now) == pytest.approx(45.0)
    assert t.bot_ready_at == now  # the computer's pacing had run out before the save
    assert t.game.snapshot(t.state) == record["snapshot"]
    again = table_record.to_record(t, now, wall)
    assert again["schema"] == SCHEMA == 3 and again["turn_left"] == pytest.approx(45.0)
    assert "turn_deadline" not in again and again["lobby_left"] is None
    assert again["created_at"] == pytest.approx(record["created_at"])  # a date for people stays a date
    assert again["chat"][0]["at"] == pytest.approx(record["chat"][0]["at"])


@pytest.mark.parametrize("step", [-3600.0, 0.0, 3600.0])
def test_a_restart_in_the_middle_of_a_turn_resumes_with_the_time_left(step: float) -> None:
    t = timed_rummy()
    assert timers.seconds_left(t, M0 + 2) == 60
    now = M0 + 17  # 15 s into the turn
    t.bot_ready_at = now + 0.75
    t.commit_deadline = now + 3
    back = round_trip(t, now, W0 + 17, 9.0, W0 + 17 + 600 + step)  # down ten minutes; the wall clock stepped
    assert timers.seconds_left(back, 9.0) == pytest.approx(45.0)
    assert timers.seconds_left(back, 9.0, "commit") == pytest.approx(3.0)
    assert back.bot_ready_at == pytest.approx(9.75)
    assert timers.tick(back, 9.0 + 44.9) == [] and back.to_move() == t.to_move()  # no timeout before the time is up
    assert timers.tick(back, 9.0 + 45.1)  # then the timeout move


def test_a_paused_timer_and_the_lobby_keep_their_time_left() -> None:
    t = timed_rummy()
    timers.pause(t, "host", M0 + 12)  # 10 s into the turn
    back = round_trip(t, M0 + 100, W0 + 100, 3.0, W0 - 3600)
    assert back.paused and back.paused_left == pytest.approx(50.0) and timers.seconds_left(back, 3.0) is None
    timers.resume(back, "host", 4.0)
    assert timers.seconds_left(back, 4.0) == pytest.approx(50.0)

    lobby = new_table("rummy", "LOBBY1", "host", {"players": 2}, seed=1, now=M0, settings=Settings())
    assert timers.seconds_left(lobby, M0, "lobby") == 15 * 60
    back = round_trip(lobby, M0 + 60, W0 + 60, 1.0, W0 + 3 * 3600)
    assert timers.seconds_left(back, 1.0, "lobby") == pytest.approx(14 * 60)
    table_lobby.set_setting(back, "host", "lobby_minutes", 5, 1.0)  # five minutes from when it opened: four left
    assert timers.seconds_left(back, 1.0, "lobby") == pytest.approx(4 * 60)


def test_steps_of_the_wall_clock_change_nothing_while_the_table_runs() -> None:
    """Only the saved dates follow the wall clock; deadlines, pacing and presence follow ``now``."""
    t = timed_rummy(turn_seconds=30)
    table_away.update_presence(t, {"host", "guest"}, M0 + 2)
    mover = t.to_move()[0]
    before = table_record.to_record(t, M0 + 12, W0 + 12)
    after_back = table_record.to_record(t, M0 + 12, W0 + 12 - 3600)  # the wall clock went back an hour
    after_ahead = table_record.to_record(t, M0 + 12, W0 + 12 + 3600)
    for record in (after_back, after_ahead):
        assert record["turn_left"] == before["turn_left"] == pytest.approx(20.0)
        assert record["bot_wait_left"] == before["bot_wait_left"]
    assert after_back["created_at"] == pytest.approx(before["created_at"] - 3600)  # dates for people move
    assert timers.tick(t, M0 + 31.9) == [] and t.to_move() == (mover,)
    assert [seat for seat, _ in timers.tick(t, M0 + 32.1)][:1] == [mover]  # the timeout move, on time


def test_an_away_seat_keeps_the_time_it_was_away_across_a_restart() -> None:
    t = timed_rummy(turn_seconds=0)  # the away grace is the default 120 s
    for _ in range(20):  # the host's moves until the guest is to move
        if 1 in t.to_move():
            break
        turns.act_for(t, 0, t.game.timeout_action(t.state, 0), M0 + 2)
        timers.tick(t, M0 + 12)  # the short grace after a discard
    assert t.to_move() == (1,)
    table_away.update_presence(t, {"host"}, M0 + 2)  # the guest's page went at M0 + 2
    back = round_trip(t, M0 + 102, W0 + 102, 7.0, W0 + 5000)
    assert table_away.presence(back, 1, 7.0) == (AWAY, pytest.approx(100.0))
    assert table_away.presence(back, 0, 7.0) == (RECONNECTING, 0.0)  # the host's page was connected: just gone
    table_away.update_presence(back, {"host"}, 8.0)
    assert not table_away.away_autoplay(back, 7.0 + 19)  # 119 s away
    assert table_away.away_autoplay(back, 7.0 + 21) and back.seats[1].away


def test_notices_and_chat_are_typed_records_that_survive_a_restart_and_older_files() -> None:
    t = timed_rummy()
    assert isinstance(t.chat[0], ChatLine) and t.chat[0].text == "hello" and t.chat[0].seat == 0
    joined = t.notices[0]
    assert isinstance(joined, Notice) and joined.message == t_msg("{name} joined.", name="Hanna")
    assert joined.message.english() == "Hanna joined." and joined.seats is None
    again = round_trip(t, M0 + 3, W0, 10.0, W0 + 60)
    assert again.notices == t.notices and [(c.seat, c.text, c.at) for c in again.chat] == [(0, "hello", 10.0 - 62.0)]
    saved = table_record.to_record(t, M0 + 3, W0)
    assert saved["notices"][0] == {"seq": 1, "message": {"text": "{name} joined.", "params": {"name": "Hanna"}},
                                   "kind": "info", "seats": None}


def test_a_notice_saved_as_an_english_sentence_loads_as_it_was_written(tmp_path: Path) -> None:
    (tmp_path / "tables").mkdir()
    shutil.copy(RECORDS / "OLDREC.json", tmp_path / "tables" / "OLDREC.json")
    record = TableStore(tmp_path).load("OLDREC")
    assert record is not None
    t = table_record.from_record(record, 42.0, OLD_SAVED_AT + 60)
    assert [n.message.english() for n in t.notices] == ["Hanna joined.", "Gus joined.",
                                                         "The game has started. Good luck!"]
    assert t.notices[0].message.context == VERBATIM_CONTEXT  # shown as written, in every language
    assert t.chat == [ChatLine(1, "Gus", "🐻", "hi all", 42.0 - 77.0)]  # written 77 s before this load
