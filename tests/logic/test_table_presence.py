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
    lobby,
    new_table,
    timers,
)
from logic.table import away as table_away
from logic.table import chat as table_chat
from logic.table import record as table_record
from logic.table import timers as table_timers
from logic.table import turns as table_turns
from logic.table import watch as table_watch

T0 = 2_000_000.0


def rummy_friends(away_grace: int = 120, watcher_chat: str = "read") -> Table:
    """Host (seat 0) and guest (seat 1) at a Rummy table with no turn timer, both connected."""
    t = new_table("rummy", "RUMMY1", "host", {"players": 2, "first_draw": False}, seed=5, now=T0,
                  settings=Settings(turn_seconds=0, bot_delay=0.0))
    lobby.join(t, "host", "Hanna", "🦊", T0)
    lobby.join(t, "guest", "Gus", "🐻", T0)
    lobby.set_setting(t, "host", "away_grace", away_grace, T0)
    lobby.set_setting(t, "host", "watcher_chat", watcher_chat, T0)
    lobby.start(t, "host", T0)
    table_away.update_presence(t, {"host", "guest"}, T0)
    return t


def until_turn_of(t: Table, seat: int, now: float) -> None:
    """Play the other seat's turns (its timeout moves) until ``seat`` is to move."""
    for _ in range(50):
        if seat in t.to_move():
            return
        other = t.to_move()[0]
        table_turns.act_for(t, other, t.game.timeout_action(t.state, other), now)
        timers.tick(t, now + 10)  # Rummy's short grace after a discard
    raise AssertionError("seat never came to move")


def test_a_seat_is_reconnecting_then_away_from_the_stored_time() -> None:
    t = rummy_friends()
    assert table_away.presence(t, 1, T0) == (CONNECTED, 0.0)
    version, seen = t.version, t.presence.version
    assert not table_away.update_presence(t, {"host", "guest"}, T0 + 1)
    assert t.presence.version == seen  # nothing came or went: no change, nothing to send
    assert table_away.update_presence(t, {"host"}, T0 + 5)
    assert t.presence.version == seen + 1
    assert t.version == version  # presence is not saved with the table: not a new version to save
    assert table_away.presence(t, 1, T0 + 6)[0] == RECONNECTING
    state, seconds = table_away.presence(t, 1, T0 + 5 + RECONNECT_SECONDS + 100)
    assert state == AWAY and seconds == pytest.approx(RECONNECT_SECONDS + 100)
    assert away_text(seconds) == "away 1 min" and away_text(20) == "away"
    assert t.presence.version == seen + 1  # time passing is read from the stored time, not a change
    table_away.update_presence(t, {"host", "guest"}, T0 + 200)
    assert table_away.presence(t, 1, T0 + 200)[0] == CONNECTED


def test_watchers_are_counted_and_computers_are_always_connected() -> None:
    t = new_table("rummy", "PRES01", "host", {"players": 3}, seed=1, now=T0)
    lobby.join(t, "host", "Hanna", "🦊", T0)
    lobby.add_bot(t, "host", 1, "easy", "Ada", "🤖")
    table_away.update_presence(t, {"host", "w1", "w2"}, T0)
    assert table_away.watchers(t) == 2
    assert table_away.presence(t, 1, T0 + 999)[0] == CONNECTED
    seen = t.presence.version
    table_away.update_presence(t, {"host", "w1"}, T0 + 1)
    assert table_away.watchers(t) == 1 and t.presence.version == seen + 1
    lobby.join(t, "w1", "Wanda", "🐼", T0 + 2)  # a watcher sits down: no longer counted
    assert table_away.watchers(t) == 0 and table_away.presence(t, 2, T0 + 3)[0] == CONNECTED


def test_after_the_grace_the_computer_plays_for_an_away_player_until_they_return() -> None:
    t = rummy_friends(away_grace=30)
    until_turn_of(t, 1, T0)
    table_away.update_presence(t, {"host"}, T0 + 100)  # the guest closed the page on their turn
    assert table_turns.bots_to_move(t, T0 + 101) == []
    timers.tick(t, T0 + 129)
    assert not t.seats[1].autoplay and table_turns.bots_to_move(t, T0 + 129) == []
    timers.tick(t, T0 + 130)
    assert t.seats[1].autoplay and t.seats[1].away
    assert "away" in str(t.notices[-1].message) and t.notices[-1].seats is None  # a notice to everyone
    assert table_turns.bots_to_move(t, T0 + 130) == [1]
    table_turns.act_for(t, 1, t.game.timeout_action(t.state, 1), T0 + 131)  # the computer moves for them
    version = t.version
    table_away.update_presence(t, {"host", "guest"}, T0 + 140)  # the page is back
    assert t.version > version  # the seat changed hands: a change to save
    assert not t.seats[1].autoplay and not t.seats[1].away
    assert str(t.notices[-1].message) == "Gus is back."


def test_a_test_servers_scale_shortens_the_reconnecting_window_and_the_grace_alike() -> None:
    """``presence.scale`` (a test server's CARDNIGHT_TEST_PRESENCE_SCALE; 1 otherwise) multiplies both times."""
    assert rummy_friends().presence.scale == 1.0
    t = rummy_friends(away_grace=30)
    t.presence.scale = 0.5
    until_turn_of(t, 1, T0)
    table_away.update_presence(t, {"host"}, T0 + 100)
    assert table_away.presence(t, 1, T0 + 100 + RECONNECT_SECONDS * 0.5 - 0.1)[0] == RECONNECTING
    assert table_away.presence(t, 1, T0 + 100 + RECONNECT_SECONDS * 0.5)[0] == AWAY
    timers.tick(t, T0 + 114.9)
    assert not t.seats[1].autoplay
    timers.tick(t, T0 + 115)
    assert t.seats[1].autoplay and t.seats[1].away


def test_the_grace_counts_from_leaving_and_never_means_never() -> None:
    t = rummy_friends(away_grace=120)
    table_away.update_presence(t, {"host"}, T0)  # the guest left at once, long before their turn
    until_turn_of(t, 1, T0 + 1)
    timers.tick(t, T0 + 119)
    assert not t.seats[1].autoplay
    timers.tick(t, T0 + 121)
    assert t.seats[1].autoplay
    never = rummy_friends(away_grace=0)
    table_away.update_presence(never, {"host"}, T0)
    until_turn_of(never, 1, T0 + 1)
    table_timers.tick(never, T0 + 86_400)
    assert not never.seats[1].autoplay


def test_nobody_is_played_for_while_no_person_is_here() -> None:
    t = rummy_friends(away_grace=30)
    until_turn_of(t, 1, T0)
    table_away.update_presence(t, set(), T0)  # everyone left: nobody is waiting
    timers.tick(t, T0 + 1000)
    assert not t.seats[1].autoplay
    # the host is back and waits for the guest: the guest left long ago
    table_away.update_presence(t, {"host"}, T0 + 1001)
    timers.tick(t, T0 + 1002)
    assert t.seats[1].autoplay


def test_after_a_restart_everyone_counts_as_just_gone() -> None:
    t = rummy_friends(away_grace=30)
    record = json.loads(json.dumps(table_record.to_record(t, T0)))
    assert "present_ids" not in record and "gone_since" not in record
    assert record["settings"]["away_grace"] == 30 and record["settings"]["watcher_chat"] == "read"
    loaded = table_record.from_record(record, T0 + 50)
    table_away.mark_unseen(loaded, T0 + 50)
    assert loaded.settings.away_grace == 30
    assert table_away.presence(loaded, 0, T0 + 51)[0] == RECONNECTING  # not away at once: pages reload after a restart
    table_away.update_presence(loaded, {"host", "guest"}, T0 + 52)
    assert table_away.presence(loaded, 1, T0 + 52)[0] == CONNECTED


def test_the_host_hands_an_away_seat_to_the_computer_and_a_present_player_if_the_host_is_away() -> None:
    t = new_table("rummy", "PRES02", "host", {"players": 3}, seed=1, now=T0,
                  settings=Settings(turn_seconds=0, bot_delay=0.0))
    for pid, name in (("host", "Hanna"), ("guest", "Gus"), ("third", "Tia")):
        lobby.join(t, pid, name, "🙂", T0)
    lobby.start(t, "host", T0)
    table_away.update_presence(t, {"host", "guest", "third"}, T0)
    assert not table_away.can_hand_to_computer(t, "host", 1)  # Gus is here
    with pytest.raises(IllegalMove):
        table_away.hand_to_computer(t, "host", 1, T0)
    table_away.update_presence(t, {"host", "third"}, T0 + 1)
    assert not table_away.can_hand_to_computer(t, "third", 1)  # the host is here: the host decides
    with pytest.raises(IllegalMove):
        table_away.hand_to_computer(t, "third", 1, T0 + 1)
    assert table_away.can_hand_to_computer(t, "host", 1)
    table_away.hand_to_computer(t, "host", 1, T0 + 2)
    assert t.computer_controls(1) and t.seats[1].away
    assert not table_away.can_hand_to_computer(t, "host", 1)  # already
    table_away.update_presence(t, {"third"}, T0 + 3)  # now the host is gone too
    assert table_away.can_hand_to_computer(t, "third", 0)
    assert not table_away.can_hand_to_computer(t, "guest", 0)  # guest: not here
    assert not table_away.can_hand_to_computer(t, "watcher", 0)
    table_away.hand_to_computer(t, "third", 0, T0 + 4)
    assert t.computer_controls(0)
    table_away.update_presence(t, {"third", "host"}, T0 + 5)
    assert not t.computer_controls(0)  # the host is back in their seat at once


def test_im_back_ends_away_play_too() -> None:
    t = rummy_friends(away_grace=30)
    table_away.update_presence(t, {"host"}, T0)
    until_turn_of(t, 1, T0)
    timers.tick(t, T0 + 40)
    assert t.seats[1].autoplay
    table_away.im_back(t, "guest", T0 + 41)
    assert not t.seats[1].autoplay and not t.seats[1].away


def test_away_grace_and_watcher_chat_accept_only_the_offered_choices() -> None:
    t = new_table("rummy", "RUMMY2", "host", {"players": 2}, seed=5, now=T0)
    lobby.join(t, "host", "Hanna", "🦊", T0)
    assert t.settings.away_grace == 120 and t.settings.watcher_chat == "read"  # the defaults
    for key, bad in (("away_grace", 5), ("away_grace", -1), ("watcher_chat", "shout")):
        with pytest.raises(IllegalMove):
            lobby.set_setting(t, "host", key, bad, T0)
    with pytest.raises(IllegalMove):
        lobby.set_setting(t, "guest", "away_grace", 30, T0)
    assert t.settings.away_grace == 120 and t.settings.watcher_chat == "read"


@pytest.mark.parametrize("mode", ["off", "read", "write"])
def test_watchers_chat_as_the_host_chose(mode: str) -> None:
    t = rummy_friends(watcher_chat=mode)
    assert table_chat.watcher_may_read(t) == (mode != "off")
    if mode == "write":
        table_chat.watcher_say(t, "w1", "Wanda", "🐼", "  go <b>Gus</b> ", T0)
        assert t.chat[-1].text == "go <b>Gus</b>" and t.chat[-1].seat is None and t.chat[-1].watcher
    else:
        with pytest.raises(IllegalMove):
            table_chat.watcher_say(t, "w1", "Wanda", "🐼", "hello", T0)
        assert not t.chat
    with pytest.raises(IllegalMove):
        table_chat.say(t, "w1", "hello", T0)  # the players' chat is for players


def test_a_watcher_takes_a_computer_seat_in_the_lobby_or_when_the_host_offers_it() -> None:
    t = new_table("rummy", "PRES03", "host", {"players": 3}, seed=1, now=T0,
                  settings=Settings(turn_seconds=0, bot_delay=0.0))
    lobby.join(t, "host", "Hanna", "🦊", T0)
    lobby.add_bot(t, "host", 1, "easy", "Ada", "🤖")
    lobby.add_bot(t, "host", 2, "easy", "Basil", "🤖")
    assert table_watch.can_take_seat(t, "w1", 1)
    assert not table_watch.can_take_seat(t, "host", 1) and not table_watch.can_take_seat(t, "w1", 0)
    table_watch.take_seat(t, "w1", "Wanda", "🐼", 1, T0)
    assert t.seat_of("w1") == 1 and t.seats[1].bot is None
    lobby.start(t, "host", T0)
    assert t.status == STATUS_PLAYING
    with pytest.raises(IllegalMove):
        table_watch.take_seat(t, "w2", "Walt", "🐧", 2, T0)  # not offered
    with pytest.raises(IllegalMove):
        table_watch.offer_seat(t, "w1", 2)  # not the host
    with pytest.raises(IllegalMove):
        table_watch.offer_seat(t, "host", 1)  # a person's seat
    table_watch.offer_seat(t, "host", 2)
    assert t.offered_seats == [2]
    hand = t.game.view(t.state, 2)["hand"]
    table_watch.take_seat(t, "w2", "Walt", "🐧", 2, T0 + 1)
    assert t.seat_of("w2") == 2 and not t.computer_controls(2) and t.offered_seats == []
    assert t.game.view(t.state, 2)["hand"] == hand  # the game goes on from where the computer was
    with pytest.raises(IllegalMove):
        table_watch.take_seat(t, "w3", "Wes", "🐢", 2, T0 + 2)  # taken


def test_a_person_seated_in_a_lobby_whose_page_never_came_is_not_here_yet_not_reconnecting() -> None:
    t = new_table("rummy", "RUMMY2", "host", {"players": 3}, seed=5, now=T0)
    lobby.join(t, "host", "Hanna", "🦊", T0)
    lobby.join(t, "guest", "Gus", "🐻", T0)  # seated by a game night's next game, say
    table_away.update_presence(t, {"host"}, T0)
    assert table_away.not_here_yet(t, 1) and not table_away.not_here_yet(t, 0)
    table_away.update_presence(t, {"host", "guest"}, T0 + 1)
    table_away.update_presence(t, {"host"}, T0 + 2)  # came, then the page dropped: reconnecting again
    assert table_away.presence(t, 1, T0 + 3)[0] == RECONNECTING and not table_away.not_here_yet(t, 1)
