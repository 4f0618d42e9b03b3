"""Who is here (logic/table/away.py, watch.py, chat.py): connections passed in as plain data with the time,
reconnecting -> away from the stored times, the away grace, handing an away seat to a computer, watchers' chat and
seats."""

from __future__ import annotations

import json

import pytest

from logic.game import IllegalMove
from logic.table import (
    AWAY,
    CONNECTED,
    RECONNECT_SECONDS,
    RECONNECTING,
    STATUS_PLAYING,
    Settings,
    Table,
    away_text,
    new_table,
)

T0 = 2_000_000.0


def rummy_friends(away_grace: int = 120, watcher_chat: str = "read") -> Table:
    """Host (seat 0) and guest (seat 1) at a Rummy table with no turn timer, both connected."""
    t = new_table("rummy", "RUMMY1", "host", {"players": 2, "first_draw": False}, seed=5, now=T0,
                  settings=Settings(turn_seconds=0, bot_delay=0.0))
    t.join("host", "Hanna", "🦊", T0)
    t.join("guest", "Gus", "🐻", T0)
    t.set_setting("host", "away_grace", away_grace, T0)
    t.set_setting("host", "watcher_chat", watcher_chat, T0)
    t.start("host", T0)
    t.update_presence({"host", "guest"}, T0)
    return t


def until_turn_of(t: Table, seat: int, now: float) -> None:
    """Play the other seat's turns (its timeout moves) until ``seat`` is to move."""
    for _ in range(50):
        if seat in t.to_move():
            return
        other = t.to_move()[0]
        t.act_for(other, t.game.timeout_action(t.state, other), now)
        t.tick(now + 10)  # Rummy's short grace after a discard
    raise AssertionError("seat never came to move")


def test_a_seat_is_reconnecting_then_away_from_the_stored_time() -> None:
    t = rummy_friends()
    assert t.presence(1, T0) == (CONNECTED, 0.0)
    version, seen = t.version, t.presence_version
    assert not t.update_presence({"host", "guest"}, T0 + 1)
    assert t.presence_version == seen  # nothing came or went: no change, nothing to send
    assert t.update_presence({"host"}, T0 + 5)
    assert t.presence_version == seen + 1
    assert t.version == version  # presence is not saved with the table: not a new version to save
    assert t.presence(1, T0 + 6)[0] == RECONNECTING
    state, seconds = t.presence(1, T0 + 5 + RECONNECT_SECONDS + 100)
    assert state == AWAY and seconds == pytest.approx(RECONNECT_SECONDS + 100)
    assert away_text(seconds) == "away 1 min" and away_text(20) == "away"
    assert t.presence_version == seen + 1  # time passing is read from the stored time, not a change
    t.update_presence({"host", "guest"}, T0 + 200)
    assert t.presence(1, T0 + 200)[0] == CONNECTED


def test_watchers_are_counted_and_computers_are_always_connected() -> None:
    t = new_table("rummy", "PRES01", "host", {"players": 3}, seed=1, now=T0)
    t.join("host", "Hanna", "🦊", T0)
    t.add_bot("host", 1, "easy", "Ada", "🤖")
    t.update_presence({"host", "w1", "w2"}, T0)
    assert t.watchers == 2
    assert t.presence(1, T0 + 999)[0] == CONNECTED
    seen = t.presence_version
    t.update_presence({"host", "w1"}, T0 + 1)
    assert t.watchers == 1 and t.presence_version == seen + 1
    t.join("w1", "Wanda", "🐼", T0 + 2)  # a watcher sits down: no longer counted
    assert t.watchers == 0 and t.presence(2, T0 + 3)[0] == CONNECTED


def test_after_the_grace_the_computer_plays_for_an_away_player_until_they_return() -> None:
    t = rummy_friends(away_grace=30)
    until_turn_of(t, 1, T0)
    t.update_presence({"host"}, T0 + 100)  # the guest closed the page on their turn
    assert t.bots_to_move(T0 + 101) == []
    t.tick(T0 + 129)
    assert not t.seats[1].autoplay and t.bots_to_move(T0 + 129) == []
    t.tick(T0 + 130)
    assert t.seats[1].autoplay and t.seats[1].away
    assert "away" in str(t.notices[-1].message) and t.notices[-1].seats is None  # a notice to everyone
    assert t.bots_to_move(T0 + 130) == [1]
    t.act_for(1, t.game.timeout_action(t.state, 1), T0 + 131)  # the computer moves for them
    version = t.version
    t.update_presence({"host", "guest"}, T0 + 140)  # the page is back
    assert t.version > version  # the seat changed hands: a change to save
    assert not t.seats[1].autoplay and not t.seats[1].away
    assert str(t.notices[-1].message) == "Gus is back."


def test_the_grace_counts_from_leaving_and_never_means_never() -> None:
    t = rummy_friends(away_grace=120)
    t.update_presence({"host"}, T0)  # the guest left at once, long before their turn
    until_turn_of(t, 1, T0 + 1)
    t.tick(T0 + 119)
    assert not t.seats[1].autoplay
    t.tick(T0 + 121)
    assert t.seats[1].autoplay
    never = rummy_friends(away_grace=0)
    never.update_presence({"host"}, T0)
    until_turn_of(never, 1, T0 + 1)
    never.tick(T0 + 86_400)
    assert not never.seats[1].autoplay


def test_nobody_is_played_for_while_no_person_is_here() -> None:
    t = rummy_friends(away_grace=30)
    until_turn_of(t, 1, T0)
    t.update_presence(set(), T0)  # everyone left: nobody is waiting
    t.tick(T0 + 1000)
    assert not t.seats[1].autoplay
    t.update_presence({"host"}, T0 + 1001)  # the host is back and waits for the guest: the guest left long ago
    t.tick(T0 + 1002)
    assert t.seats[1].autoplay


def test_after_a_restart_everyone_counts_as_just_gone() -> None:
    t = rummy_friends(away_grace=30)
    record = json.loads(json.dumps(t.to_record(T0)))
    assert "present_ids" not in record and "gone_since" not in record
    assert record["settings"]["away_grace"] == 30 and record["settings"]["watcher_chat"] == "read"
    loaded = Table.from_record(record, T0 + 50)
    loaded.mark_unseen(T0 + 50)
    assert loaded.settings.away_grace == 30
    assert loaded.presence(0, T0 + 51)[0] == RECONNECTING  # not away at once: pages reload after a restart
    loaded.update_presence({"host", "guest"}, T0 + 52)
    assert loaded.presence(1, T0 + 52)[0] == CONNECTED


def test_the_host_hands_an_away_seat_to_the_computer_and_a_present_player_if_the_host_is_away() -> None:
    t = new_table("rummy", "PRES02", "host", {"players": 3}, seed=1, now=T0,
                  settings=Settings(turn_seconds=0, bot_delay=0.0))
    for pid, name in (("host", "Hanna"), ("guest", "Gus"), ("third", "Tia")):
        t.join(pid, name, "🙂", T0)
    t.start("host", T0)
    t.update_presence({"host", "guest", "third"}, T0)
    assert not t.can_hand_to_computer("host", 1)  # Gus is here
    with pytest.raises(IllegalMove):
        t.hand_to_computer("host", 1, T0)
    t.update_presence({"host", "third"}, T0 + 1)
    assert not t.can_hand_to_computer("third", 1)  # the host is here: the host decides
    with pytest.raises(IllegalMove):
        t.hand_to_computer("third", 1, T0 + 1)
    assert t.can_hand_to_computer("host", 1)
    t.hand_to_computer("host", 1, T0 + 2)
    assert t.computer_controls(1) and t.seats[1].away
    assert not t.can_hand_to_computer("host", 1)  # already
    t.update_presence({"third"}, T0 + 3)  # now the host is gone too
    assert t.can_hand_to_computer("third", 0) and not t.can_hand_to_computer("guest", 0)  # guest: not here
    assert not t.can_hand_to_computer("watcher", 0)
    t.hand_to_computer("third", 0, T0 + 4)
    assert t.computer_controls(0)
    t.update_presence({"third", "host"}, T0 + 5)
    assert not t.computer_controls(0)  # the host is back in their seat at once


def test_im_back_ends_away_play_too() -> None:
    t = rummy_friends(away_grace=30)
    t.update_presence({"host"}, T0)
    until_turn_of(t, 1, T0)
    t.tick(T0 + 40)
    assert t.seats[1].autoplay
    t.im_back("guest", T0 + 41)
    assert not t.seats[1].autoplay and not t.seats[1].away


def test_away_grace_and_watcher_chat_accept_only_the_offered_choices() -> None:
    t = new_table("rummy", "RUMMY2", "host", {"players": 2}, seed=5, now=T0)
    t.join("host", "Hanna", "🦊", T0)
    assert t.settings.away_grace == 120 and t.settings.watcher_chat == "read"  # the defaults
    for key, bad in (("away_grace", 5), ("away_grace", -1), ("watcher_chat", "shout")):
        with pytest.raises(IllegalMove):
            t.set_setting("host", key, bad, T0)
    with pytest.raises(IllegalMove):
        t.set_setting("guest", "away_grace", 30, T0)
    assert t.settings.away_grace == 120 and t.settings.watcher_chat == "read"


@pytest.mark.parametrize("mode", ["off", "read", "write"])
def test_watchers_chat_as_the_host_chose(mode: str) -> None:
    t = rummy_friends(watcher_chat=mode)
    assert t.watcher_may_read() == (mode != "off")
    if mode == "write":
        t.watcher_say("w1", "Wanda", "🐼", "  go <b>Gus</b> ", T0)
        assert t.chat[-1].text == "go <b>Gus</b>" and t.chat[-1].seat is None and t.chat[-1].watcher
    else:
        with pytest.raises(IllegalMove):
            t.watcher_say("w1", "Wanda", "🐼", "hello", T0)
        assert not t.chat
    with pytest.raises(IllegalMove):
        t.say("w1", "hello", T0)  # the players' chat is for players


def test_a_watcher_takes_a_computer_seat_in_the_lobby_or_when_the_host_offers_it() -> None:
    t = new_table("rummy", "PRES03", "host", {"players": 3}, seed=1, now=T0,
                  settings=Settings(turn_seconds=0, bot_delay=0.0))
    t.join("host", "Hanna", "🦊", T0)
    t.add_bot("host", 1, "easy", "Ada", "🤖")
    t.add_bot("host", 2, "easy", "Basil", "🤖")
    assert t.can_take_seat("w1", 1) and not t.can_take_seat("host", 1) and not t.can_take_seat("w1", 0)
    t.take_seat("w1", "Wanda", "🐼", 1, T0)
    assert t.seat_of("w1") == 1 and t.seats[1].bot is None
    t.start("host", T0)
    assert t.status == STATUS_PLAYING
    with pytest.raises(IllegalMove):
        t.take_seat("w2", "Walt", "🐧", 2, T0)  # not offered
    with pytest.raises(IllegalMove):
        t.offer_seat("w1", 2)  # not the host
    with pytest.raises(IllegalMove):
        t.offer_seat("host", 1)  # a person's seat
    t.offer_seat("host", 2)
    assert t.offered_seats == [2]
    hand = t.game.view(t.state, 2)["hand"]
    t.take_seat("w2", "Walt", "🐧", 2, T0 + 1)
    assert t.seat_of("w2") == 2 and not t.computer_controls(2) and t.offered_seats == []
    assert t.game.view(t.state, 2)["hand"] == hand  # the game goes on from where the computer was
    with pytest.raises(IllegalMove):
        t.take_seat("w3", "Wes", "🐢", 2, T0 + 2)  # taken
