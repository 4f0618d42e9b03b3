"""Between hands: the next hand starts at once when every person has pressed "Next hand" (computers are ready at
once), else when the host's countdown (``settings.next_hand_seconds``, 30 s by default) runs out. The countdown is
the table's turn timer in the hand-over phase: on the table's clock, paused with the table, saved as time left."""

from __future__ import annotations

import json
import random

import pytest

from logic.game import IllegalMove
from logic.table import NEXT_HAND_CHOICES, Settings, Table, lobby, new_table, timers, turns
from logic.table import record as table_record
from logic.table import timers as table_timers

T0 = 7_000.0


def people(game_key: str = "president", players: int = 4, bots: int = 0, options: dict | None = None,
           **settings: object) -> Table:
    t = new_table(game_key, "NEXT01", "p0", {"players": players, **(options or {})}, seed=5, now=T0,
                  settings=Settings(bot_delay=1.0, **settings))  # type: ignore[arg-type]
    for i in range(players - bots):
        lobby.join(t, f"p{i}", f"P{i}", "🙂", T0)
    for seat in range(players - bots, players):
        lobby.add_bot(t, "p0", seat, t.game.bot_levels[0], f"B{seat}", "🤖")
    lobby.start(t, "p0", T0)
    return t


def play_hand(t: Table, now: float) -> None:
    """Everyone makes the timeout move until the hand is over."""
    game = t.game
    while game.phase(t.state) not in ("hand-over", "over"):
        seat = t.to_move()[0]
        turns.act_for(t, seat, game.timeout_action(t.state, seat), now)


def test_the_setting_offers_15_30_60_seconds_or_off_and_defaults_to_30() -> None:
    assert Settings().next_hand_seconds == 30
    assert NEXT_HAND_CHOICES == (15, 30, 60, 0)
    t = new_table("rummy", "NEXT02", "p0", {"players": 2}, seed=1, now=T0)
    lobby.set_setting(t, "p0", "next_hand_seconds", 60, T0)
    assert t.settings.next_hand_seconds == 60
    with pytest.raises(IllegalMove, match="15, 30 or 60"):
        lobby.set_setting(t, "p0", "next_hand_seconds", 45, T0)
    with pytest.raises(IllegalMove):
        lobby.set_setting(t, "p1", "next_hand_seconds", 15, T0)  # the host's choice


def test_the_next_hand_starts_at_the_deadline_for_those_who_did_not_press() -> None:
    t = people(next_hand_seconds=15)
    play_hand(t, T0 + 1)
    assert t.phase() == "hand-over" and t.turn_deadline == pytest.approx(T0 + 16)
    turns.act(t, "p2", t.game.decode_action({"kind": "next"}), T0 + 5)
    assert t.turn_deadline == pytest.approx(T0 + 16)  # a press does not start the countdown again
    assert timers.seconds_left(t, T0 + 10) == pytest.approx(6)
    timers.tick(t, T0 + 15.9)
    assert t.phase() == "hand-over"
    timers.tick(t, T0 + 16)
    assert t.phase() == "exchange"  # hand 2 is dealt
    assert not any(s.autoplay or s.timed_out for s in t.seats)  # a slow reader keeps their seat


def test_at_once_when_every_person_has_pressed_and_computers_are_ready_at_once() -> None:
    t = people(players=4, bots=2)
    play_hand(t, T0 + 1)
    assert t.phase() == "hand-over"
    assert turns.bots_to_move(t, T0 + 1) == [2, 3]  # no pacing: people are still reading
    for seat in (2, 3):
        turns.act_for(t, seat, t.game.decode_action({"kind": "next"}), T0 + 1)
    turns.act(t, "p0", t.game.decode_action({"kind": "next"}), T0 + 2)
    assert t.phase() == "hand-over"
    turns.act(t, "p1", t.game.decode_action({"kind": "next"}), T0 + 3)
    assert t.phase() == "exchange"


@pytest.mark.parametrize("game_key, options", [
    ("rummy", {}), ("beanie", {}), ("stockpile", {"series": "500", "stock_size": "short"})])
def test_every_game_moves_on_at_the_deadline(game_key: str, options: dict) -> None:
    t = people(game_key, 2, options=options, next_hand_seconds=60)
    game = t.game
    bot, rng = game.make_bot(game.bot_levels[1]), random.Random(1)
    now = T0 + 1
    for _ in range(3000):
        if game.phase(t.state) in ("hand-over", "over"):
            break
        if t.commit_deadline is not None:
            timers.tick(t, t.commit_deadline)
            continue
        seat = t.to_move()[0]
        turns.act_for(t, seat, bot.choose(game.view(t.state, seat), game.legal_actions(t.state, seat), rng), now)
    assert game.phase(t.state) == "hand-over", game_key
    deadline = t.turn_deadline
    # from the end of the hand (a grace may end it)
    assert deadline is not None and 60 <= timers.seconds_left(t, now) <= 63
    timers.tick(t, deadline - 0.1)
    assert game.phase(t.state) == "hand-over"
    timers.tick(t, deadline)
    assert game.phase(t.state) not in ("hand-over", "over")


def test_off_waits_for_everyone() -> None:
    t = people(next_hand_seconds=0, turn_seconds=20)
    play_hand(t, T0 + 1)
    assert t.phase() == "hand-over" and t.turn_deadline is None
    timers.tick(t, T0 + 10_000)
    assert t.phase() == "hand-over"


def test_a_timed_table_uses_the_next_hand_setting_not_its_turn_timer() -> None:
    t = people(turn_seconds=90, next_hand_seconds=15)
    play_hand(t, T0 + 1)
    assert timers.seconds_left(t, T0 + 1) == pytest.approx(15)


def test_the_countdown_survives_save_and_restore_with_its_time_left() -> None:
    t = people(next_hand_seconds=30)
    play_hand(t, T0 + 1)
    record = json.loads(json.dumps(table_record.to_record(t, T0 + 11, wall=1_700_000_000.0)))
    assert record["turn_left"] == pytest.approx(20)
    back = table_record.from_record(record, now=50.0, wall=1_700_099_000.0)  # another process, another clock
    assert back.phase() == "hand-over" and table_timers.seconds_left(back, 50.0) == pytest.approx(20)
    table_timers.tick(back, 69.9)
    assert back.phase() == "hand-over"
    table_timers.tick(back, 70.0)
    assert back.phase() == "exchange"


def test_pause_holds_the_countdown() -> None:
    t = people(next_hand_seconds=30)
    play_hand(t, T0 + 1)
    timers.pause(t, "p0", T0 + 6)
    timers.tick(t, T0 + 100)
    assert t.phase() == "hand-over" and t.paused_left == pytest.approx(25)
    timers.resume(t, "p0", T0 + 200)
    assert timers.seconds_left(t, T0 + 200) == pytest.approx(25)
    timers.tick(t, T0 + 225)
    assert t.phase() == "exchange"


def test_an_old_record_without_the_setting_gets_the_default() -> None:
    t = people()
    record = table_record.to_record(t, T0)
    del record["settings"]["next_hand_seconds"]
    assert table_record.from_record(record, T0).settings.next_hand_seconds == 30
