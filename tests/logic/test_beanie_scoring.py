"""Beanie round end from crafted states: going out, scoring, the draw vote, game end."""

from __future__ import annotations

from logic.beanie import GAME
from logic.beanie.actions import AGREE, DRAW_STOCK, NEXT, PROPOSE, WITHDRAW, Discard, Lay
from logic.beanie.sets import CODES
from logic.game import Outcome
from tests.logic.beanie_support import craft, illegal

# --- going out, first turn -----------------------------------------------------------------------


def test_cannot_go_out_on_first_turn():
    st = craft(["QS QH QD 9C", "JC 8C JD"], rnd=1, turns_done=[0, 0])
    assert not any(isinstance(a, Lay) for a in GAME.legal_actions(st, 0))
    illegal(st, 0, Lay(("QS", "QH", "QD")), "first turn")
    st2 = craft(["9C 3S", "JC 8C JD"], rnd=1, turns_done=[0, 0])
    GAME.apply(st2, 0, Discard("9C"))
    st3 = craft(["3S", "JC 8C JD"], rnd=1, turns_done=[0, 0])
    assert GAME.legal_actions(st3, 0) == [PROPOSE]


def test_going_out_by_discard_scores_the_round():
    st = craft(["9C", "JC 8C 5S", "AD 2H"], rnd=2, turns_done=[1, 1, 1])
    GAME.apply(st, 0, Discard("9C"))
    assert GAME.phase(st) == "hand-over"
    # round 2: twos are wild (10 points each); JC 10 + 8C 8 + 5S 5; AD 1 + 2H 10
    assert st.scorecard[-1] == [0, 23, 11]
    v = GAME.view(st, 1)
    assert v["summary"]["rows"][0]["points"] == 0 and v["summary"]["rows"][0]["out"] is True
    assert v["to_move"] == [0, 1, 2]


def test_going_out_by_a_play():
    st = craft(["QS QH QD", "JC 8C"], rnd=1, turns_done=[1, 1])
    GAME.apply(st, 0, Lay(("QS", "QH", "QD")))
    assert GAME.phase(st) == "hand-over" and st.result[0] == 0


def test_beanie_value_25():
    st = craft(["9C", "AC 8C"], rnd=1, beanie_value=25)
    GAME.apply(st, 0, Discard("9C"))
    assert st.scorecard[-1] == [0, 33]


def test_hand_over_needs_everyone_then_next_round_deals():
    st = craft(["9C", "AC 8C"], rnd=1, rounds=3)
    GAME.apply(st, 0, Discard("9C"))
    illegal(st, 0, DRAW_STOCK, "round is over")
    GAME.apply(st, 1, NEXT)
    illegal(st, 1, NEXT, "already ready")
    assert GAME.to_move(st) == (0,)
    GAME.apply(st, 0, NEXT)
    assert st.round == 2 and st.turn == 1 and [len(h) for h in st.hands] == [7, 8]
    assert st.totals == [0, 18]


def test_last_round_ends_the_game_with_lowest_total_winning():
    st = craft(["9C", "AC 8C"], rnd=2, rounds=2)
    st.totals = [30, 5]
    GAME.apply(st, 0, Discard("9C"))
    assert GAME.phase(st) == "over" and GAME.to_move(st) == ()
    out = GAME.outcome(st)
    assert out == Outcome.from_scores([30, 14], lower_is_better=True)
    assert out.winners == (1,)
    illegal(st, 0, NEXT, "over")


# --- end-round vote --------------------------------------------------------------------------------


def test_vote_propose_agree_ends_round_as_draw():
    st = craft(["9C 3S", "AC 8C", "KH 2D"], rnd=1)
    GAME.apply(st, 0, PROPOSE)
    assert PROPOSE not in GAME.legal_actions(st, 0) and WITHDRAW in GAME.legal_actions(st, 0)
    assert GAME.view(st, 2)["vote"] == {"proposer": 0, "agreed": [0]}
    GAME.apply(st, 0, Discard("9C"))
    illegal(st, 1, AGREE, "Draw a card first")
    GAME.apply(st, 1, DRAW_STOCK)
    GAME.apply(st, 1, AGREE)
    illegal(st, 1, AGREE, "already agreed")
    GAME.apply(st, 1, Discard(CODES[st.hands[1][-1]]))
    GAME.apply(st, 2, DRAW_STOCK)
    drawn = st.hands[2][-1]
    GAME.apply(st, 2, AGREE)
    assert GAME.phase(st) == "hand-over" and st.result[0] == -1
    from logic.beanie.sets import NATURAL_POINTS

    assert st.scorecard[-1][0] == 3 and st.scorecard[-1][2] == 12 + (10 if drawn % 13 == 0 else NATURAL_POINTS[drawn])
    assert all(p > 0 for p in st.scorecard[-1])


def test_vote_withdraw_and_only_once_per_turn():
    st = craft(["9C 3S", "AC 8C"], rnd=1)
    illegal(st, 0, AGREE, "Nobody has proposed")
    illegal(st, 0, WITHDRAW, "no end-round vote")
    GAME.apply(st, 0, PROPOSE)
    GAME.apply(st, 0, WITHDRAW)
    assert st.proposer == -1
    illegal(st, 0, PROPOSE, "once this turn")
    GAME.apply(st, 0, Discard("9C"))
    GAME.apply(st, 1, DRAW_STOCK)
    assert PROPOSE in GAME.legal_actions(st, 1)
