"""The game-agnostic table: seats, host rights, options lock, lobby expiry, turn timers, pause, auto-play,
leaving, chat and saving/loading with timers resuming where they were."""

from __future__ import annotations

import json
import random

import pytest

from logic.game import IllegalMove
from logic.registry import get_game
from logic.table import (
    STATUS_CLOSED,
    STATUS_LOBBY,
    STATUS_OVER,
    STATUS_PLAYING,
    Settings,
    Table,
    away,
    clean_text,
    new_table,
    record,
    turns,
)
from logic.table import chat as table_chat
from logic.table import leaving as table_leaving
from logic.table import lobby as table_lobby
from logic.table import record as table_record
from logic.table import timers as table_timers
from logic.table import turns as table_turns
from tests.logic.capped_bots import capped_game_bot

T0 = 1_000_000.0


def lobby(players: int = 4, turn_seconds: int = 20) -> Table:
    t = new_table("president", "ABCDEF", "host", {"players": players}, seed=7, now=T0,
                  settings=Settings(turn_seconds=turn_seconds, bot_delay=0.0))
    table_lobby.join(t, "host", "Hanna", "🦊", T0)
    return t


def full_table(turn_seconds: int = 20) -> Table:
    t = lobby(turn_seconds=turn_seconds)
    table_lobby.join(t, "guest", "Gus", "🐻", T0)
    table_lobby.add_bot(t, "host", 2, "beginner", "Bot A", "🤖")
    table_lobby.add_bot(t, "host", 3, "beginner", "Bot B", "🤖")
    table_lobby.start(t, "host", T0)
    return t


def run_bots(t: Table, now: float) -> None:
    game = t.game
    for _ in range(1000):
        seats = turns.bots_to_move(t, now)
        if not seats:
            return
        seat = seats[0]
        bot = capped_game_bot(game.key, turns.bot_level_for(t, seat))
        move = bot.choose(game.view(t.state, seat), game.legal_actions(t.state, seat), random.Random(1))
        turns.act_for(t, seat, move, now)


def test_join_fills_seats_and_rejects_extra_players() -> None:
    t = lobby()
    assert table_lobby.join(t, "p2", "Two", "🙂", T0) == 1
    assert table_lobby.join(t, "p2", "Two", "🙂", T0) == 1  # joining twice keeps the same seat
    table_lobby.join(t, "p3", "Three", "🙂", T0)
    table_lobby.join(t, "p4", "Four", "🙂", T0)
    with pytest.raises(IllegalMove, match="full"):
        table_lobby.join(t, "p5", "Five", "🙂", T0)


def test_only_the_host_changes_options_and_starts() -> None:
    t = lobby()
    table_lobby.join(t, "guest", "Gus", "🐻", T0)
    with pytest.raises(IllegalMove, match="host"):
        table_lobby.set_option(t, "guest", "hands", 8)
    with pytest.raises(IllegalMove, match="host"):
        table_lobby.add_bot(t, "guest", 2, "beginner", "B", "🤖")
    with pytest.raises(IllegalMove, match="host"):
        table_lobby.start(t, "guest", T0)
    table_lobby.set_option(t, "host", "hands", 8)
    assert t.options["hands"] == 8
    with pytest.raises(IllegalMove):
        table_lobby.set_option(t, "host", "hands", 5)  # not a valid option value: refused with the rules' reason
    assert t.options["hands"] == 8


def test_start_needs_a_full_table_and_locks_options() -> None:
    t = lobby()
    with pytest.raises(IllegalMove, match="Fill every seat"):
        table_lobby.start(t, "host", T0)
    table_lobby.join(t, "guest", "Gus", "🐻", T0)
    table_lobby.add_bot(t, "host", 2, "expert", "Bot A", "🤖")
    table_lobby.add_bot(t, "host", 3, "normal", "Bot B", "🤖")
    table_lobby.start(t, "host", T0)
    assert t.status == STATUS_PLAYING and t.phase() == "play"
    with pytest.raises(IllegalMove, match="locked"):
        table_lobby.set_option(t, "host", "hands", 8)
    with pytest.raises(IllegalMove, match="already started"):
        table_lobby.join(t, "late", "Late", "🙂", T0)


def test_host_can_remove_a_computer_player_and_change_player_count() -> None:
    t = lobby()
    table_lobby.add_bot(t, "host", 1, "beginner", "Bot", "🤖")
    table_lobby.remove_player(t, "host", 1)
    assert t.seats[1].empty
    table_lobby.set_player_count(t, "host", 5)
    assert len(t.seats) == 5 and t.options["players"] == 5
    with pytest.raises(IllegalMove):
        table_lobby.set_player_count(t, "host", 3)


def test_lobby_expires_after_the_chosen_minutes() -> None:
    t = lobby()
    table_lobby.set_setting(t, "host", "lobby_minutes", 5, T0)
    table_timers.tick(t, T0 + 299)
    assert t.status == STATUS_LOBBY
    table_timers.tick(t, T0 + 301)
    assert t.status == STATUS_CLOSED
    assert "did not start in time" in str(t.notices[-1].message)


def test_turn_timeout_moves_for_the_player_and_turns_on_autoplay_until_back() -> None:
    t = full_table(turn_seconds=20)
    run_bots(t, T0)
    mover = t.to_move()[0]
    assert not t.computer_controls(mover)
    assert t.turn_deadline is not None
    log_len = len(t.log)
    table_timers.tick(t, t.turn_deadline - 0.5)
    assert len(t.log) == log_len
    table_timers.tick(t, t.turn_deadline + 0.1)
    assert len(t.log) == log_len + 1
    assert t.seats[mover].autoplay
    assert "ran out of time" in str(t.notices[-1].message)
    player = t.seats[mover].player_id
    away.im_back(t, player, T0 + 30)
    assert not t.seats[mover].autoplay


def test_pause_freezes_the_timer_and_blocks_moves() -> None:
    t = full_table(turn_seconds=30)
    run_bots(t, T0)
    deadline = t.turn_deadline
    assert deadline is not None
    table_timers.pause(t, "host", T0 + 10)
    assert t.paused and t.turn_deadline is None
    mover = t.to_move()[0]
    legal = t.game.legal_actions(t.state, mover)
    with pytest.raises(IllegalMove, match="paused"):
        turns.act(t, t.seats[mover].player_id, legal[0], T0 + 11)
    table_timers.tick(t, T0 + 500)  # nothing times out while paused
    assert not t.seats[mover].autoplay
    table_timers.resume(t, "host", T0 + 600)
    assert t.turn_deadline == pytest.approx(T0 + 600 + (deadline - (T0 + 10)))
    with pytest.raises(IllegalMove, match="host"):
        table_timers.pause(t, "guest", T0 + 601)


def test_moves_are_checked_against_the_seat_and_the_turn() -> None:
    t = full_table()
    run_bots(t, T0)
    mover = t.to_move()[0]
    other = 1 - mover if mover in (0, 1) else 0
    legal = t.game.legal_actions(t.state, mover)
    with pytest.raises(IllegalMove, match="not your turn"):
        turns.act(t, t.seats[other].player_id, legal[0], T0)
    with pytest.raises(IllegalMove, match="watching"):
        turns.act(t, "stranger", legal[0], T0)
    before = json.dumps(t.game.snapshot(t.state))
    with pytest.raises(IllegalMove):
        turns.act(t, t.seats[mover].player_id, t.game.decode_action({"kind": "play", "cards": ["QS", "3H"]}), T0)
    assert json.dumps(t.game.snapshot(t.state)) == before


def test_leaving_lets_the_host_choose_a_computer_player_or_the_end() -> None:
    t = full_table()
    table_leaving.leave(t, "guest", T0 + 5)
    assert t.pending_leave == [1]
    assert t.computer_controls(1)  # the game does not stall while the host decides
    table_leaving.resolve_leave(t, "host", 1, "bot", T0 + 6)
    assert t.seats[1].bot is not None and t.pending_leave == []

    t2 = full_table()
    table_leaving.leave(t2, "guest", T0 + 5)
    with pytest.raises(IllegalMove, match="host"):
        table_leaving.resolve_leave(t2, "guest", 1, "end", T0 + 6)
    table_leaving.resolve_leave(t2, "host", 1, "end", T0 + 6)
    assert t2.status == STATUS_CLOSED


def test_host_leaving_passes_the_host_role() -> None:
    t = lobby()
    table_lobby.join(t, "guest", "Gus", "🐻", T0)
    table_leaving.leave(t, "host", T0)
    assert t.host_id == "guest"


def test_chat_is_cleaned_and_limited() -> None:
    t = lobby()
    table_chat.say(t, "host", "  hello\x00 <b>there</b>  " + "x" * 1000, T0)
    msg = t.chat[-1].text
    assert "\x00" not in msg and msg.startswith("hello <b>there</b>") and len(msg) == 300
    with pytest.raises(IllegalMove):
        table_chat.say(t, "stranger", "hi", T0)
    with pytest.raises(IllegalMove):
        table_chat.say(t, "host", "   ", T0)
    assert clean_text("a\u202eb", 10) == "ab"
    assert clean_text("see you\nat\tnine\r\n", 50) == "see you at nine"  # line breaks and tabs become spaces
    assert clean_text("a\x00\x07b", 10) == "ab"  # other control characters go


def test_record_round_trip_resumes_timers_with_the_time_left() -> None:
    t = full_table(turn_seconds=60)
    run_bots(t, T0)
    deadline = t.turn_deadline
    assert deadline is not None
    saved = json.loads(json.dumps(record.to_record(t, T0 + 15)))  # saved 15 s into the turn: 45 s left
    back = table_record.from_record(saved, now=T0 + 3600)  # restarted an hour later
    assert back.turn_deadline == pytest.approx(T0 + 3600 + (deadline - (T0 + 15)))
    assert back.game.snapshot(back.state) == t.game.snapshot(t.state)
    assert back.game.snapshot(table_turns.replay_state(back)) == t.game.snapshot(t.state)
    assert [s.name for s in back.seats] == [s.name for s in t.seats]


def test_a_computer_only_game_plays_to_the_end_and_replays_exactly() -> None:
    t = new_table("president", "QWERTY", "host", {"players": 5, "hands": 4, "revolution": True}, seed=3,
                  now=T0, practice=True, settings=Settings(bot_delay=0.0))
    table_lobby.join(t, "host", "Host", "🙂", T0)
    t.seats[0].autoplay = True
    for seat in range(1, 5):
        table_lobby.add_bot(t, "host", seat, get_game("president").bot_levels[seat % 3], f"B{seat}", "🤖")
    table_lobby.start(t, "host", T0)
    run_bots(t, T0)
    assert t.status == STATUS_OVER
    outcome = t.game.outcome(t.state)
    assert outcome is not None and sum(outcome.scores) == 4 * (4 + 3 + 2 + 1 + 0)
    assert t.game.snapshot(turns.replay_state(t)) == t.game.snapshot(t.state)


def test_a_table_set_to_start_when_full_starts_with_the_last_player() -> None:
    t = lobby()
    table_lobby.set_setting(t, "host", "auto_start", True, T0)
    table_lobby.add_bot(t, "host", 3, "beginner", "Bot", "🤖")
    table_lobby.join(t, "p2", "Two", "🙂", T0)
    assert t.status == STATUS_LOBBY
    table_lobby.join(t, "p3", "Three", "🙂", T0)
    assert t.status == STATUS_PLAYING and t.phase() == "play"
