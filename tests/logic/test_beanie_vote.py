"""Beanie's end-round vote: every voter may take their own vote back (also while another player is to move)
until the last agreement lands; the proposer's withdrawal ends the vote; the table accepts that move out of turn
without restarting the mover's clock."""

from __future__ import annotations

import pytest

from logic.beanie import GAME
from logic.beanie.actions import AGREE, DRAW_STOCK, PROPOSE, WITHDRAW, Discard
from logic.beanie.sets import CODES
from logic.game import IllegalMove
from logic.table import STATUS_PLAYING, Settings, lobby, new_table, turns
from logic.table import turns as table_turns
from tests.logic.beanie_support import craft, illegal

T0 = 5_000_000.0


def discard_drawn(st, seat: int) -> None:
    GAME.apply(st, seat, Discard(CODES[st.hands[seat][-1]]))


def three_seats_with_vote():
    """Seat 0 proposed, seat 1 agreed; seat 2 is to move, in its play step."""
    st = craft(["9C 3S 4D", "AC 8C 5D", "KH 2D 6S"], rnd=1)
    GAME.apply(st, 0, PROPOSE)
    discard_drawn(st, 0)
    GAME.apply(st, 1, DRAW_STOCK)
    GAME.apply(st, 1, AGREE)
    discard_drawn(st, 1)
    GAME.apply(st, 2, DRAW_STOCK)
    return st


def test_an_agreeing_player_withdraws_out_of_turn_and_the_next_agreement_no_longer_ends_the_round():
    st = three_seats_with_vote()
    assert GAME.off_turn_actions(st, 1) == [WITHDRAW]
    assert GAME.off_turn_actions(st, 0) == [WITHDRAW]
    GAME.apply(st, 1, WITHDRAW)  # seat 2 is to move: seat 1 takes its agreement back anyway
    assert st.proposer == 0 and st.agreed == [True, False, False]
    assert GAME.view(st, 2)["vote"] == {"proposer": 0, "agreed": [0]}
    assert "withdrew from the end-round vote" in st.message
    assert GAME.off_turn_actions(st, 1) == []
    illegal(st, 1, WITHDRAW, "not voted")  # nothing left to withdraw
    GAME.apply(st, 2, AGREE)
    assert GAME.phase(st) == "play" and st.agreed == [True, False, True]  # the round goes on
    discard_drawn(st, 2)
    GAME.apply(st, 0, DRAW_STOCK)
    discard_drawn(st, 0)
    GAME.apply(st, 1, DRAW_STOCK)
    assert AGREE in GAME.legal_actions(st, 1)  # a withdrawn vote may be given again on a later turn
    GAME.apply(st, 1, AGREE)
    assert GAME.phase(st) == "hand-over" and st.result[0] == -1


def test_the_proposers_withdrawal_out_of_turn_ends_the_whole_vote():
    st = three_seats_with_vote()
    GAME.apply(st, 0, WITHDRAW)
    assert st.proposer == -1 and st.agreed == [False, False, False]
    assert GAME.view(st, 1)["vote"] is None
    assert "round goes on" in st.message
    assert GAME.describe(three_seats_with_vote(), 0, WITHDRAW) == "withdrew the end-round vote"
    assert GAME.describe(three_seats_with_vote(), 1, WITHDRAW) == "withdrew from the end-round vote"
    assert PROPOSE in GAME.legal_actions(st, 2)  # a new vote may be started


def test_an_agreeing_player_withdraws_on_their_own_turn_after_drawing():
    st = three_seats_with_vote()
    discard_drawn(st, 2)
    GAME.apply(st, 0, DRAW_STOCK)
    discard_drawn(st, 0)
    illegal(st, 1, WITHDRAW, "Draw a card first")  # on your own turn the vote buttons come with the play step
    GAME.apply(st, 1, DRAW_STOCK)
    assert WITHDRAW in GAME.legal_actions(st, 1) and AGREE not in GAME.legal_actions(st, 1)
    GAME.apply(st, 1, WITHDRAW)
    assert AGREE in GAME.legal_actions(st, 1) and WITHDRAW not in GAME.legal_actions(st, 1)


def test_who_may_not_withdraw():
    st = three_seats_with_vote()
    illegal(st, 2, WITHDRAW, "not voted")  # the seat to move has not agreed
    assert GAME.off_turn_actions(st, 2) == []
    assert GAME.off_turn_actions(st, 7) == [] and GAME.off_turn_actions(st, -1) == []
    with pytest.raises(IllegalMove):
        GAME.apply(st, 5, WITHDRAW)
    GAME.apply(st, 2, AGREE)  # the last agreement lands: the round is over, nobody can withdraw now
    assert GAME.phase(st) == "hand-over"
    assert GAME.off_turn_actions(st, 0) == GAME.off_turn_actions(st, 1) == []
    illegal(st, 0, WITHDRAW, "round is over")


def table_at_vote(turn_seconds: int = 60):
    """A Beanie table of three people with the vote of ``three_seats_with_vote`` under way."""
    t = new_table("beanie", "VOTE01", "p0", {"players": 3}, seed=3, now=T0,
                  settings=Settings(turn_seconds=turn_seconds, bot_delay=0.0))
    for i in range(3):
        lobby.join(t, f"p{i}", f"P{i}", "🙂", T0)
    lobby.start(t, "p0", T0)
    t.state = three_seats_with_vote()
    turns.after_change(t, T0)
    return t


def test_the_table_takes_a_withdrawal_out_of_turn_and_keeps_the_movers_clock():
    t = table_at_vote()
    deadline = t.turn_deadline
    table_turns.act(t, "p1", WITHDRAW, T0 + 20)
    assert t.turn_deadline == deadline and t.status == STATUS_PLAYING
    assert t.log[-1] == (1, {"kind": "withdraw"})
    with pytest.raises(IllegalMove, match="not your turn"):
        table_turns.act(t, "p1", AGREE, T0 + 21)  # other moves out of turn are still refused
    with pytest.raises(IllegalMove, match="not your turn"):
        table_turns.act(t, "p1", WITHDRAW, T0 + 21)  # its vote is gone now
