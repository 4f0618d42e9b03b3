"""The Stockpile planner yardstick: it gets its stock card down by the shortest line and keeps the rest for later."""

from __future__ import annotations

import random

from logic.stockpile import GAME
from logic.stockpile import actions as A
from logic.stockpile.testing import crafted
from tests.bench.yardsticks.stockpile import PlannerPlayer


def _turn(state, bot: PlannerPlayer, until) -> list:
    """Moves of seat 0 until ``until(action)`` holds (that action included)."""
    played = []
    for _ in range(20):
        action = bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(1))
        GAME.apply(state, 0, action)
        played.append(action)
        if until(action):
            return played
    raise AssertionError(f"no such move in {played}")


def test_the_stock_card_goes_down_before_loose_cards():
    # The 4 lets the stock 5 go on the first pile; the 9 and the 1 fit elsewhere but may wait.
    state = crafted(hands=["9 4 1 12 12", ""], stocks=["7 5", "3 3"], builds=[3, 8, 0, 0], draw="6 6 6 6 6")
    played = _turn(state, PlannerPlayer(), lambda a: type(a) is A.Play and a.source == "stock:0")
    assert [a.build for a in played] == [0, 0]
    assert sorted(state.hands[0]) == [1, 9, 12, 12]


def test_a_discard_pile_top_nobody_needs_stays_on_its_pile():
    # The 9 on our discard pile fits the second building pile, but playing it gains nothing now.
    state = crafted(hands=["12 12 11", ""], stocks=["7 2", "3 3"], builds=[0, 8, 5, 5], discards={(0, 0): "9"},
                    draw="6 6 6 6 6")
    played = _turn(state, PlannerPlayer(), lambda a: type(a) is A.Discard)
    assert not any(type(a) is A.Play and a.source.startswith("discard:") for a in played)
    assert state.discards[0][0][:1] == [9]
