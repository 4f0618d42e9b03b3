"""President's "Pass for this trick": a seat that is not to move says it passes for the rest of the trick; the game
passes for it each time the trick comes round (at once, inside the move that hands it the turn, so bots and the turn
timer never wait for it), until the trick ends or the player takes it back. The flag is public, kept in snapshots,
and the action log replays to the same state."""

from __future__ import annotations

import json
import random

import pytest

from logic.president import NextHand, Pass, PassTrick
from logic.table import Settings, Table, lobby, new_table, record, turns
from logic.table import record as table_record
from tests.logic.president_support import G, craft, illegal, play, snap

ON, OFF = PassTrick(True), PassTrick(False)


def test_only_a_seat_in_the_hand_that_is_not_to_move_may_set_it() -> None:
    s = craft(["3S 9S", "4S 10S", "5S JS", "6S QS"], turn=0)
    assert G.off_turn_actions(s, 0) == []  # to move: press Pass instead
    assert G.off_turn_actions(s, 2) == [ON, OFF]  # the switch that changes something first
    illegal(s, 0, ON, "your turn")
    G.apply(s, 2, ON)
    assert G.off_turn_actions(s, 2) == [OFF, ON]  # now it can be taken back
    G.apply(s, 2, ON)  # a second tap from a page that had not caught up changes nothing
    assert s.passing == 1 << 2
    assert G.view(s, 1)["passing"] == [2] and "passing" in G.view(s, None)["seats"][2]["status"]
    assert G.to_move(s) == (0,)  # nobody's turn changed


def test_the_game_passes_at_once_when_the_turn_comes_round() -> None:
    s = craft(["3S 9S", "4S 10S", "5S JS", "6S QS"], turn=0)
    G.apply(s, 1, ON)
    play(s, 0, "3S")
    assert G.to_move(s) == (2,)  # seat 1 passed by itself, inside seat 0's move
    assert G.view(s, 0)["passed"] == [1]
    assert G.view(s, 0)["message"] == "Seat 1 played a single 3."  # the play stays the news
    assert [h["cards"] for h in G.view(s, 0)["history"]] == [["3S"], []]
    play(s, 2, "5S")
    play(s, 3, "6S")
    play(s, 0, "9S")
    assert G.to_move(s) == (2,)  # and again the next time round
    assert "passing" in G.view(s, 3)["seats"][1]["status"]


def test_it_ends_with_the_trick() -> None:
    s = craft(["3S 9S", "4S 10S", "5S JS", "6S QS"], turn=0)
    G.apply(s, 1, ON)
    play(s, 0, "3S")  # seat 1 passes by itself
    G.apply(s, 2, Pass())
    G.apply(s, 3, Pass())  # everyone else has passed: the trick is over, seat 0 leads again
    assert G.to_move(s) == (0,) and G.view(s, 0)["trick"] == []
    assert G.view(s, 0)["passing"] == [] and s.passing == 0
    play(s, 0, "9S")
    assert G.to_move(s) == (1,)  # seat 1 plays this new trick


def test_the_last_pass_of_a_trick_can_be_an_automatic_one() -> None:
    s = craft(["3S 9S", "4S 10S", "5S JS", "6S QS"], turn=0)
    for seat in (2, 3):
        G.apply(s, seat, ON)
    play(s, 0, "3S")
    G.apply(s, 1, Pass())  # seats 2 and 3 pass by themselves: the trick ends, seat 0 leads
    assert G.to_move(s) == (0,) and s.passing == 0
    assert G.view(s, 0)["message"] == "Seat 4 passed; everyone has passed, Seat 1 leads."


def test_taking_it_back_before_the_turn_comes() -> None:
    s = craft(["3S 9S", "4S 10S", "5S JS", "6S QS"], turn=0)
    G.apply(s, 1, ON)
    G.apply(s, 1, OFF)
    play(s, 0, "3S")
    assert G.to_move(s) == (1,)


def test_refused_outside_play_and_once_out() -> None:
    s = craft(["3S", "4S 10S", "5S JS", "6S QS"], turn=0)
    play(s, 0, "3S")  # seat 0 is out
    illegal(s, 0, ON, "out of this hand")
    assert G.off_turn_actions(s, 0) == []
    s = G.new_game(G.make_config(players=4), 5)
    while G.phase(s) == "play":
        seat = G.to_move(s)[0]
        G.apply(s, seat, G.timeout_action(s, seat))
    illegal(s, 0, ON, "while cards are being played")
    assert G.off_turn_actions(s, 0) == []
    for seat in range(4):
        G.apply(s, seat, NextHand())
    assert G.phase(s) == "exchange"
    illegal(s, 1, ON, "while cards are being played")


def test_old_snapshots_load_with_nobody_passing() -> None:
    s = craft(["3S 9S", "4S 10S", "5S JS", "6S QS"], turn=0)
    G.apply(s, 2, ON)
    data = G.snapshot(s)
    assert data["passing"] == 4
    del data["passing"]
    assert G.restore(data).passing == 0
    assert snap(G.restore(json.loads(json.dumps(G.snapshot(s))))) == snap(s)


def random_game(seed: int) -> tuple[object, list[tuple[int, dict]]]:
    """A whole match of random moves, with seats switching "Pass for this trick" on and off out of turn."""
    rng = random.Random(seed)
    s = G.new_game(G.make_config(players=4 + seed % 2), seed)
    log: list[tuple[int, dict]] = []
    autos = 0
    while G.outcome(s) is None:
        for seat in range(s.n):
            off = G.off_turn_actions(s, seat)
            if off and rng.random() < 0.15:
                G.apply(s, seat, off[0])
                log.append((seat, G.encode_action(off[0])))
        seat = rng.choice(G.to_move(s))
        assert not s.passing >> seat & 1 or G.phase(s) != "play"  # never waits for a seat that passes
        action = rng.choice(G.legal_actions(s, seat))
        before = len(s.history)
        G.apply(s, seat, action)
        log.append((seat, G.encode_action(action)))
        autos += max(0, len(s.history) - before - 1)
    assert autos > 0
    return s, log


@pytest.mark.parametrize("seed", range(6))
def test_replay_of_the_log_equals_the_snapshot(seed: int) -> None:
    s, log = random_game(seed)
    again = G.replay(G.make_config(players=s.n), seed, json.loads(json.dumps(log)))
    assert snap(again) == snap(s)


# --- at a table: the seat's own action, out of turn, keeps the mover's clock; bots never wait ---------------

T0 = 5_000.0


def table_with_people() -> Table:
    t = new_table("president", "PASS01", "p0", {"players": 4}, seed=3, now=T0,
                  settings=Settings(turn_seconds=30, bot_delay=0.0))
    for i in range(4):
        lobby.join(t, f"p{i}", f"P{i}", "🙂", T0)
    lobby.start(t, "p0", T0)
    return t


def test_at_a_table_out_of_turn_without_restarting_the_clock_and_the_record_replays() -> None:
    t = table_with_people()
    leader = t.to_move()[0]
    nxt = (leader + 1) % 4
    deadline = t.turn_deadline
    turns.act(t, f"p{nxt}", ON, T0 + 5)
    assert t.turn_deadline == deadline and t.to_move() == (leader,)
    lead = G.timeout_action(t.state, leader)
    turns.act(t, f"p{leader}", lead, T0 + 6)
    assert t.to_move() == ((leader + 2) % 4,)  # seat nxt passed by itself, in the same move
    assert t.turn_deadline == pytest.approx(T0 + 36)  # the next person's clock, not the passing seat's
    back = table_record.from_record(json.loads(json.dumps(record.to_record(t, T0 + 7))), T0 + 7)
    assert snap(back.state) == snap(t.state) == snap(turns.replay_state(t))
    assert back.state.passing == 1 << nxt


def test_a_computer_seat_is_never_asked_while_a_person_passes() -> None:
    t = new_table("president", "PASS02", "p0", {"players": 4}, seed=3, now=T0, practice=True,
                  settings=Settings(bot_delay=0.0))
    lobby.join(t, "p0", "P0", "🙂", T0)
    for seat in range(1, 4):
        lobby.add_bot(t, "p0", seat, "beginner", f"B{seat}", "🤖")
    lobby.start(t, "p0", T0)
    for _ in range(400):  # the person switches it on whenever they may; the bots play; the hand ends
        if G.phase(t.state) != "play":
            break
        if ON in G.off_turn_actions(t.state, 0):
            turns.act(t, "p0", ON, T0)
        movers = turns.bots_to_move(t, T0)
        if movers:
            seat = movers[0]
            turns.act_for(t, seat, G.legal_actions(t.state, seat)[0], T0)
        else:
            assert t.to_move() == (0,) and not t.state.passing & 1  # our turn only when we lead a new trick
            turns.act(t, "p0", G.legal_actions(t.state, 0)[0], T0)
    assert G.phase(t.state) in ("hand-over", "exchange", "over")


def test_the_search_knows_a_passing_seat_will_not_answer() -> None:
    """The computer's playouts pass for a seat that passes for this trick (it is public), until the trick ends."""
    from logic.president.bot_search import PresidentSpec
    from logic.president.bots import BotInfo

    s = craft(["3S 9S", "4S 10S", "5S AS", "6S QS"], turn=0)
    G.apply(s, 2, ON)
    play(s, 0, "9S")
    view = G.view(s, 1)
    spec = PresidentSpec(G, view, BotInfo(view))
    rng = random.Random(1)
    world = spec.sample(view, rng)
    assert world.passing == 1 << 2
    assert spec.policy(world, 2, (), rng) is None  # holds an Ace over the 9, and still passes
    spec.apply(world, 1, None)
    assert world.turn == 2 and spec.policy(world, 2, (), rng) is None
    spec.apply(world, 2, None)
    spec.apply(world, 3, None)  # the trick ends: seat 2 is back in
    assert world.passing == 0 and world.k == 0
