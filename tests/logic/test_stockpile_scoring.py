"""Stockpile deal end from crafted states: passing, stuck deals, winning, scoring and partners."""

from __future__ import annotations

from logic.game import Outcome
from logic.stockpile import GAME
from logic.stockpile import rules as R
from logic.stockpile.actions import Commit, Discard, NextHand, Pass, Play
from logic.stockpile.testing import FULL, all_cards, crafted
from tests.logic.stockpile_support import must_fail

# --- passing and stuck deals -----------------------------------------------------------------------


def test_pass_only_when_empty_handed_stuck_and_nothing_to_draw():
    s = crafted(hands=["5", "5"], stocks=["9", "9"], builds=[2, 2, 2, 2])
    must_fail(s, 0, Pass(), "hold cards")
    s.hands[0] = []
    s.draw = [4]
    must_fail(s, 0, Pass(), "left to draw")
    s.draw = []
    s.discards[0][0] = [3]
    must_fail(s, 0, Pass(), "still have a card to play")
    assert Pass() not in GAME.legal_actions(s, 0)
    s.discards[0][0] = [7]
    assert GAME.legal_actions(s, 0) == [Pass()]
    GAME.apply(s, 0, Pass())
    assert s.turn == 1 and s.passes == 1


def test_everyone_passing_ends_the_deal_with_no_winner():
    s = crafted(players=3, hands=["", "", ""], stocks=["9", "9 10", "11"], builds=[2, 2, 2, 2])
    for seat in (0, 1, 2):
        assert GAME.legal_actions(s, seat if seat == s.turn else s.turn) == [Pass()]
        GAME.apply(s, s.turn, Pass())
    assert GAME.phase(s) == "over" and s.deal_winner == -1
    assert s.scores == [0, 0, 0]
    assert GAME.outcome(s) == Outcome.from_scores([0, 0, 0])
    assert "no winner" in GAME.view(s, None)["summary"]["title"]


def test_stall_limit_ends_a_deal_that_never_moves():
    s = crafted(hands=["5 5 5 5 5", "5 5 5 5 5"], stocks=["9", "9"], builds=[2, 2, 2, 2], draw="5 " * 80)
    turns = 0
    while s.stage == "play":
        GAME.apply(s, s.turn, Discard(0, 0))
        GAME.apply(s, s.turn, Commit())
        turns += 1
    assert turns == R.STALL_ROUNDS * 2
    assert s.deal_winner == -1 and GAME.phase(s) == "over"


def test_stuck_deal_in_a_series_goes_to_next_deal():
    s = crafted(hands=["", ""], stocks=["9", "9"], builds=[2, 2, 2, 2], series="500")
    GAME.apply(s, 0, Pass())
    GAME.apply(s, 1, Pass())
    assert GAME.phase(s) == "hand-over" and s.scores == [0, 0] and s.stuck_deals == 1


# --- winning and scoring ---------------------------------------------------------------------------


def test_emptying_stock_wins_single_deal():
    s = crafted(players=3, hands=["3", "", ""], stocks=["1", "4 4 4 4", "5 5 5 5 5 5 5 5 5"])
    GAME.apply(s, 0, Play("stock:0", 0))
    assert GAME.phase(s) == "over"
    assert s.scores == [25 + 5 * 13, 0, 0]
    out = GAME.outcome(s)
    assert out.winners == (0,) and out.scores == (90, 0, 0)
    v = GAME.view(s, 1)
    assert v["summary"]["rows"][0]["points"] == 90
    assert "won the deal" in v["seats"][0]["status"]
    assert GAME.to_move(s) == ()
    must_fail(s, 0, Discard(0, 0), "game is over")


def test_series_carries_points_and_next_hand_needs_everyone():
    s = crafted(hands=["3", ""], stocks=["1", "4 4"], series="500")
    s.scores = [100, 40]
    GAME.apply(s, 0, Play("stock:0", 0))
    assert GAME.phase(s) == "hand-over" and s.scores == [135, 40]
    assert GAME.to_move(s) == (0, 1)
    assert GAME.legal_actions(s, 0) == [NextHand()]
    v = GAME.view(s, 1)
    assert v["summary"]["columns"][0] == ["stock_left", "Stock left"]
    assert v["round_label"].startswith("Deal 1")
    GAME.apply(s, 1, NextHand())
    must_fail(s, 1, NextHand(), "already waiting")
    assert GAME.to_move(s) == (0,)
    GAME.apply(s, 0, NextHand())
    assert GAME.phase(s) == "play" and s.deal == 2 and s.scores == [135, 40]
    assert all_cards(s) == FULL
    assert all(len(x) == 10 for x in s.stocks)


def test_series_ends_at_500():
    s = crafted(hands=["3", ""], stocks=["1", "4 4"], series="500")
    s.scores = [480, 490]
    GAME.apply(s, 0, Play("stock:0", 0))
    assert GAME.phase(s) == "over" and s.scores == [515, 490]
    assert GAME.outcome(s).winners == (0,)
    assert "take the series" in GAME.view(s, 0)["summary"]["title"]


# --- partners --------------------------------------------------------------------------------------


def test_partners_play_from_partner_stock_and_discards_not_hand():
    s = crafted(
        players=4,
        partners=True,
        hands=["9", "2", "3", "4"],
        stocks=["7 7", "8", "1", "8"],
        discards={(2, 0): "2", (1, 0): "1"},
    )
    legal = GAME.legal_actions(s, 0)
    assert Play("stock:2", 0) in legal and Play("stock:1", 0) not in legal
    must_fail(s, 0, Play("discard:1:0", 0), "your partner's")
    GAME.apply(s, 0, Play("stock:2", 0))
    GAME.apply(s, 0, Play("discard:2:0", 0))
    assert s.builds[0] == [1, 2] and s.stocks[2] == []
    assert GAME.phase(s) == "play"  # seat 2's stock is empty but seat 0 still has cards: no win yet
    v = GAME.view(s, 0)
    assert v["partners"] and v["teams"] == [0, 1, 0, 1] and v["partner"] == 2 and v["my_sources"] == [0, 2]
    assert "stock empty" in v["seats"][2]["status"]


def test_partners_win_needs_both_stocks_and_share_score():
    s = crafted(players=4, partners=True, hands=["9", "", "", ""], stocks=["1", "5 5 5", "", "6"], series="500")
    GAME.apply(s, 0, Play("stock:0", 0))
    assert s.scores == [25 + 5 * 4, 0, 45, 0]
    assert GAME.outcome(s) is None and GAME.phase(s) == "hand-over"


def test_partner_can_finish_the_team_stock_and_discard_piles_stay_usable():
    s = crafted(
        players=6, partners=True, hands=["9"] + [""] * 5, stocks=["", "5", "5", "1", "5", "5"], discards={(3, 1): "1"}
    )
    assert Play("discard:3:1", 0) in GAME.legal_actions(s, 0)
    GAME.apply(s, 0, Play("stock:3", 1))
    assert GAME.phase(s) == "over"
    assert s.scores == [45, 0, 0, 45, 0, 0]
    out = GAME.outcome(s)
    assert out.winners == (0, 3)
