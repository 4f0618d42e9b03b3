"""Rummy house rule "Rummy!" (``rummy_call``, issue 52): after a discard, another player who can use the card at once
may call it out of turn; the window shows on every screen, holds the next player and closes by a logged action."""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from logic.rummy import GAME
from logic.rummy.actions import CLOSE_CALL, COMMIT, PASS_CALL, CallRummy, Discard, DrawStock, RummyConfig, TakeDiscard
from logic.rummy.calls import call_seats
from logic.rummy.rules import GRACE_SECONDS
from logic.rummy.state import DRAW, PLAY, restore_state, snapshot_state
from logic.table import Settings, lobby, new_table, record, timers, turns
from tests.logic.rummy_support import crafted, ints, unchanged_after

G = GAME
MELD = CallRummy("8H", cards=("9H", "10H"))


def calling(hands, stock="10C 2H 9S 6D", melds=(), discard="", seconds=5, **more):
    """A crafted "Rummy!" table (seat 0 to draw), with the switches named by their state fields."""
    st = crafted(hands, stock=stock, discard=discard, melds=melds)
    st.call_on, st.call_seconds = True, seconds
    for name, value in more.items():
        setattr(st, name, value)
    return st


def discard_8h(st) -> None:
    """Seat 0 draws, discards the 8♥ and ends the turn: the window opens."""
    G.apply(st, 0, DrawStock())
    G.apply(st, 0, Discard("8H"))
    G.apply(st, 0, COMMIT)


THREE = ["8H 4S QC KD", "2D 4H 8C JD", "9H 10H 3C 5S"]


def test_options_off_by_default_and_the_window_length_needs_the_rule() -> None:
    cfg = RummyConfig()
    assert cfg.rummy_call is False and cfg.rummy_call_seconds == 5
    sheet = RummyConfig.OPTIONS
    assert sheet.options["rummy_call"].group == sheet.options["rummy_call_seconds"].group == "house"
    assert sheet.blocked("rummy_call_seconds", 8, {"rummy_call": False}, 5) is not None
    assert sheet.blocked("rummy_call_seconds", 8, {"rummy_call": True}, 5) is None
    with pytest.raises(ValidationError, match="3, 5, 8 or 10"):
        RummyConfig(rummy_call=True, rummy_call_seconds=4)
    snap = snapshot_state(G.new_game(G.make_config(players=2), 3))
    assert "call_on" not in snap and restore_state(snap).call_on is False


def test_the_window_opens_after_the_turn_not_during_the_grace_period() -> None:
    st = calling(THREE)
    G.apply(st, 0, DrawStock())
    G.apply(st, 0, Discard("8H"))
    assert G.view(st, 2)["call_window"] is None and G.pending_commit(st) == (GRACE_SECONDS, 0, COMMIT)
    assert "no discard to call" in unchanged_after(st, 2, MELD)  # still undoable: nothing to call yet
    G.apply(st, 0, COMMIT)
    assert st.stage == DRAW and st.current == 1
    assert G.pending_commit(st) == (5.0, 1, CLOSE_CALL)
    windows = [G.view(st, s)["call_window"] for s in (None, 0, 1, 2)]
    assert windows == [{"card": "8H", "seat": 0, "seconds": 5}] * 4  # the same for everyone, spectators too


def test_the_window_tells_only_the_caller_that_they_can_call() -> None:
    st = calling(THREE)
    discard_8h(st)
    assert G.view(st, 2)["calls"] == [{"meld": None, "cards": ["9H", "10H"]}]
    assert G.view(st, 1)["calls"] == [] and G.view(st, 0)["calls"] == [] and G.view(st, None)["calls"] == []
    assert G.off_turn_actions(st, 2) == [MELD, PASS_CALL] and G.off_turn_actions(st, 0) == []
    assert G.to_move(st) == (1,)  # nobody else is listed as to move: who could call stays private
    text = json.dumps(G.view(st, 1))
    assert "9H" not in text and "10H" not in text  # nothing of the caller's hand reaches anyone else


def test_a_call_melds_the_card_at_once_and_the_next_turn_goes_on() -> None:
    st = calling(THREE)
    discard_8h(st)
    G.apply(st, 2, MELD)
    assert st.melds[-1][1] == 2 and [c for c in st.melds[-1][6]] == ints("8H 9H 10H")
    assert sorted(st.hands[2]) == sorted(ints("3C 5S")) and st.pts[2] == 5 + 5 + 10
    assert st.call_card == -1 and G.pending_commit(st) is None and st.current == 1 and st.stage == DRAW
    last = G.view(st, 1)["history"][-1]
    assert last.get("called") and last["took"] == ["8H"] and last["discard"] is None and not last["out"]
    assert "called Rummy! on the 8♥" in st.message
    G.apply(st, 1, DrawStock())
    assert st.stage == PLAY


def test_a_call_can_lay_the_card_off_and_the_first_call_wins() -> None:
    st = calling(["8H 4S QC KD", "2D 4H 8C JD", "3C 5S 9C"], melds=[(1, "5H 6H 7H")])
    st.hands[1] = ints("9H 10H 3D 4D")  # the next player can meld it, seat 2 can lay it off
    discard_8h(st)
    assert G.off_turn_actions(st, 2)[0] == CallRummy("8H", meld=1)
    assert CallRummy("8H", cards=("9H", "10H")) in G.legal_actions(st, 1)  # the next player may call too
    G.apply(st, 2, CallRummy("8H", meld=1))
    assert st.melds[0][7] == [[2, ints("8H")[0]]] and st.pts[2] == 5
    assert "no discard to call" in unchanged_after(st, 1, CallRummy("8H", cards=("9H", "10H")))


def test_refusals_leave_the_table_as_it_was() -> None:
    st = calling(THREE + ["8D 8S"])
    discard_8h(st)
    assert "own discard" in unchanged_after(st, 0, CallRummy("8H", cards=("4S", "QC")))
    assert "neither a set nor a run" in unchanged_after(st, 2, CallRummy("8H", cards=("3C", "5S")))
    assert "not the discard" in unchanged_after(st, 2, CallRummy("9H", cards=("10H", "3C")))
    assert "Keep at least one card" in unchanged_after(st, 3, CallRummy("8H", cards=("8D", "8S")))
    assert "not both" in unchanged_after(st, 2, CallRummy("8H", meld=1, cards=("9H",)))
    assert "not your turn" in unchanged_after(st, 2, CLOSE_CALL)
    assert G.off_turn_actions(st, 3) == []  # that set would empty seat 4's hand: no call for it
    G.apply(st, 2, MELD)


def test_the_next_players_draw_or_the_timer_closes_the_window() -> None:
    st = calling(THREE)
    discard_8h(st)
    G.apply(st, 1, TakeDiscard("8H"))  # the next player takes the card the usual way: the window is gone
    assert st.call_card == -1 and G.view(st, 2)["call_window"] is None
    st = calling(THREE)
    discard_8h(st)
    G.apply(st, 1, CLOSE_CALL)  # what the table's timer does
    assert st.call_card == -1 and G.off_turn_actions(st, 2) == [] and st.stage == DRAW and st.current == 1
    assert "already closed" in unchanged_after(st, 1, CLOSE_CALL)


def test_the_next_player_calling_melded_before_the_turn() -> None:
    st = calling(["8H 4S QC KD", "9H 10H 3D 4D", "3C 5S 9C"])
    discard_8h(st)
    G.apply(st, 1, CallRummy("8H", cards=("9H", "10H")))
    assert st.turn_start_pts == 20 and st.current == 1 and st.stage == DRAW  # no one-turn double later


def test_no_window_while_the_stock_is_empty_and_none_at_a_standard_table() -> None:
    st = calling(THREE, stock="10C")
    discard_8h(st)  # the last stock card was drawn and the pile holds only the 8♥: nothing to rebuild from
    assert not st.stock and st.call_card == -1 and G.view(st, 2)["call_window"] is None
    std = crafted(THREE, stock="10C 2H 9S 6D")
    discard_8h(std)
    assert G.view(std, 2)["call_window"] is None and G.off_turn_actions(std, 2) == []


def test_mid_window_snapshots_restore_and_replay_the_same() -> None:
    cfg = G.make_config(players=3, rummy_call=True, rummy_call_seconds=3)
    st = G.new_game(cfg, 21)
    rng = random.Random(4)
    log = []
    while st.call_card < 0:
        seat = G.to_move(st)[0]
        a = rng.choice(G.legal_actions(st, seat))
        G.apply(st, seat, a)
        log.append((seat, G.encode_action(a)))
    snap = G.snapshot(st)
    assert snap["call_card"] and G.snapshot(restore_state(json.loads(json.dumps(snap)))) == snap
    assert G.snapshot(G.replay(cfg, 21, log)) == snap
    G.apply(st, st.current, CLOSE_CALL)
    log.append((st.current, G.encode_action(CLOSE_CALL)))
    assert G.snapshot(G.replay(cfg, 21, log)) == G.snapshot(st)


# --- with the other switches ------------------------------------------------------------------------------


def test_call_round_the_corner_with_wrap_around() -> None:
    st = calling(["AH 4S QC KD", "2D 4H 8C JD", "KH 2H 3C 5S"], wrap=True)
    G.apply(st, 0, DrawStock())
    G.apply(st, 0, Discard("AH"))
    G.apply(st, 0, COMMIT)
    assert CallRummy("AH", cards=("KH", "2H")) in G.off_turn_actions(st, 2)
    G.apply(st, 2, CallRummy("AH", cards=("KH", "2H")))
    assert st.pts[2] == 30


def test_no_going_out_on_a_call_even_without_a_final_discard() -> None:
    st = calling(["8H 4S QC KD", "2D 4H 8C JD", "9H 10H"], no_final_discard=True)
    discard_8h(st)
    assert G.off_turn_actions(st, 2) == []  # the meld would empty the hand


def test_a_call_is_no_dig_at_a_top_card_only_table() -> None:
    st = calling(THREE, top_only=True)
    discard_8h(st)
    G.apply(st, 2, MELD)  # the card is on top: calling it is allowed


# --- computer players and the table -----------------------------------------------------------------------


def test_bots_call_at_their_level() -> None:
    st = calling(THREE)
    discard_8h(st)
    view, legal = G.view(st, 2), G.off_turn_actions(st, 2)
    assert G.make_bot("easy").choose(view, legal, random.Random(1)) == PASS_CALL  # easy sees only lay-offs
    for level in ("medium", "hard"):
        assert G.make_bot(level).choose(view, legal, random.Random(1)) == MELD
    st = calling(["8H 4S QC KD", "2D 4H 8C JD", "3C 5S 9C"], melds=[(1, "5H 6H 7H")])
    discard_8h(st)
    for level in ("easy", "medium", "hard"):
        assert G.make_bot(level).choose(G.view(st, 2), G.off_turn_actions(st, 2), random.Random(1)) == \
            CallRummy("8H", meld=1)


def test_a_bot_that_lets_the_card_go_is_not_asked_again() -> None:
    st = calling(THREE)
    discard_8h(st)
    assert call_seats(st) == (2,) and G.window_seats(st) == (2,)
    G.apply(st, 2, PASS_CALL)
    assert call_seats(st) == () and G.off_turn_actions(st, 2) == []
    assert "no \"Rummy!\" call" in unchanged_after(st, 2, PASS_CALL)


T0 = 3_000_000.0


def test_the_table_holds_the_window_for_people_and_lets_computer_players_call() -> None:
    """A person at seat 0, computers at 1 and 2: after the person's discard the window waits its seconds although
    the next seat is a computer; the computer who can call is asked; the timer closes the window (a logged move)."""
    t = new_table("rummy", "CALL01", "p0", {"players": 3, "rummy_call": True, "rummy_call_seconds": 5}, seed=5,
                  now=T0, settings=Settings(turn_seconds=0, bot_delay=0.0))
    lobby.join(t, "p0", "P0", "🙂", T0)
    lobby.add_bot(t, "p0", 1, "medium", "Bo", "🤖")
    lobby.add_bot(t, "p0", 2, "medium", "Cy", "🦊")
    lobby.start(t, "p0", T0)
    st = t.state
    st.stage, st.current = DRAW, 0
    st.hands = [ints("8H 4S QC KD"), ints("2D 4H 8C JD"), ints("9H 10H 3C 5S")]
    st.stock, st.discard, st.melds = ints("10C 2H 9S 6D"), ints("7C"), []
    st.first_drawn = [True] * 3
    for a in (DrawStock(), Discard("8H"), COMMIT):
        turns.act(t, "p0", a, T0)
    assert t.commit_deadline == T0 + 5.0  # a person plays here: the window waits although seat 1 is a computer
    assert turns.bots_to_move(t, T0) == [2]  # only the computer who can call, not the next player
    timers.tick(t, T0 + 5.1)
    assert st.call_card == -1 and t.log[-1].action == {"kind": "rummy-close"} and t.log[-1].seat == 1
    assert turns.bots_to_move(t, T0 + 5.1) == [1]  # the next player's turn goes on


def test_a_restart_mid_window_resumes_it_with_the_time_it_had_left() -> None:
    t = new_table("rummy", "CALL02", "p0", {"players": 3, "rummy_call": True, "rummy_call_seconds": 8}, seed=5,
                  now=T0, settings=Settings(turn_seconds=0, bot_delay=0.0))
    lobby.join(t, "p0", "P0", "🙂", T0)
    lobby.add_bot(t, "p0", 1, "easy", "Bo", "🤖")
    lobby.add_bot(t, "p0", 2, "easy", "Cy", "🦊")
    lobby.start(t, "p0", T0)
    st = t.state
    st.stage, st.current, st.first_drawn = DRAW, 0, [True] * 3
    st.hands = [ints("8H 4S QC KD"), ints("2D 4H 8C JD"), ints("9H 10H 3C 5S")]
    st.stock, st.discard, st.melds = ints("10C 2H 9S 6D"), ints("7C"), []
    for a in (DrawStock(), Discard("8H"), COMMIT):
        turns.act(t, "p0", a, T0)
    saved = json.loads(json.dumps(record.to_record(t, T0 + 3.0)))  # saved 3 s into the 8-second window
    back = record.from_record(saved, 500.0)  # the server's clock after the restart
    assert back.state.call_card == st.call_card >= 0 and back.commit_deadline == 500.0 + 5.0
    assert turns.bots_to_move(back, 500.0) == [2]  # the computer who can call is asked again
    timers.tick(back, 505.1)
    assert back.state.call_card == -1 and back.log[-1].action == {"kind": "rummy-close"}
