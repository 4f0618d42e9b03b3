"""How many turn timeouts in a row hand a person's seat to the computer: a table rule per game
(``Game.timeouts_before_autoplay``), with time passed in. Beanie: two; President (and the default): one."""

from __future__ import annotations

import json

from logic.registry import get_game
from logic.table import Settings, Table, away, lobby, new_table, record, timers, turns
from logic.table import record as table_record

T0 = 2_000_000.0


def people_table(game_key: str, players: int) -> Table:
    t = new_table(game_key, "TIME01", "p0", {"players": players}, seed=11, now=T0,
                  settings=Settings(turn_seconds=30, bot_delay=0.0))
    for i in range(players):
        lobby.join(t, f"p{i}", f"P{i}", "🙂", T0)
    lobby.start(t, "p0", T0)
    return t


def time_out(t: Table) -> int:
    """Let the mover's timer run out; returns the seat that timed out."""
    seat = t.to_move()[0]
    timers.tick(t, t.turn_deadline + 0.1)
    return seat


def test_the_rule_is_per_game() -> None:
    assert get_game("beanie").timeouts_before_autoplay == 2
    assert get_game("president").timeouts_before_autoplay == 1
    assert get_game("rummy").timeouts_before_autoplay == 1
    assert get_game("stockpile").timeouts_before_autoplay == 1


def test_beanie_first_timeout_moves_keeps_the_seat_and_asks_only_that_player_to_dismiss() -> None:
    t = people_table("beanie", 2)
    log_len = len(t.log)
    seat = time_out(t)
    assert len(t.log) > log_len and seat not in t.to_move()  # the game made the timeout move
    s = t.seats[seat]
    assert not s.autoplay and not t.computer_controls(seat) and s.timed_out and s.timeouts == 1
    brief = t.notices[-1]
    assert "ran out of time" in str(brief.message) and brief.seats == (1 - seat,)  # the others: a brief notice
    timers.dismiss_timeout(t, f"p{seat}")
    assert not t.seats[seat].timed_out


def test_beanie_second_timeout_in_a_row_hands_the_seat_to_the_computer() -> None:
    t = people_table("beanie", 2)
    first = time_out(t)
    other = time_out(t)  # the other player times out once too
    assert other != first and not t.seats[other].autoplay
    assert time_out(t) == first
    assert t.seats[first].autoplay and t.computer_controls(first) and t.seats[first].timeouts == 2
    assert not t.seats[first].timed_out  # "I'm back" replaces the notice
    assert "the computer plays for them" in str(t.notices[-1].message)
    assert t.notices[-1].seats == (1 - first,)  # the others; their own page speaks to them (ui/table/prompts)
    away.im_back(t, f"p{first}", T0 + 500)
    assert not t.seats[first].autoplay and t.seats[first].timeouts == 0


def test_beanie_a_move_of_your_own_between_timeouts_starts_the_count_again() -> None:
    t = people_table("beanie", 2)
    first = time_out(t)
    time_out(t)  # the other seat
    game = t.game
    now = t.turn_deadline - 10
    while first in t.to_move():  # this time the player moves in time: draw, then discard
        turns.act(t, f"p{first}", game.timeout_action(t.state, first), now)
    assert t.seats[first].timeouts == 0
    time_out(t)  # the other seat again: its second in a row
    assert time_out(t) == first
    assert not t.seats[first].autoplay and t.seats[first].timed_out


def test_the_count_and_the_notice_survive_a_restart() -> None:
    t = people_table("beanie", 2)
    first = time_out(t)
    t2 = table_record.from_record(json.loads(json.dumps(record.to_record(t, T0 + 40))), T0 + 100)
    assert t2.seats[first].timeouts == 1 and t2.seats[first].timed_out
    old = record.to_record(t, T0 + 40)
    for s in old["seats"]:  # a table saved before these fields existed
        del s["timeouts"], s["timed_out"]
    t3 = table_record.from_record(json.loads(json.dumps(old)), T0 + 100)
    assert t3.seats[first].timeouts == 0 and not t3.seats[first].timed_out


def test_president_keeps_auto_play_after_one_timeout() -> None:
    t = people_table("president", 4)
    seat = time_out(t)
    assert t.seats[seat].autoplay and not t.seats[seat].timed_out
    assert "the computer plays for them" in str(t.notices[-1].message)
