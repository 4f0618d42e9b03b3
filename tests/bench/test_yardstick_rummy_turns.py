"""The Rummy yardsticks end every turn: a dig whose card their melding cannot use is undone back to the pickup and
not made again (it used to cycle: lay off, undo, lay off ... and leave an arena match unfinished)."""

from __future__ import annotations

import random

import pytest

from logic.rummy import GAME
from logic.rummy.state import DRAW, PENDING, PLAY
from tests.bench.yardsticks.rummy import GreedyRummy, SearchRummy
from tests.logic.rummy_support import crafted

MELDS = [(1, "2S 2H 2D 2C"), (1, "7C 8C 9C 10C JC QC KC"), (1, "6S 7S 8S 9S"), (1, "JS JH JD"), (1, "4C 5C 6C"),
         (1, "AS AH AD AC"), (1, "10S 10H 10D"), (1, "4D 5D 6D 7D 8D 9D"), (1, "KS KH KD"), (1, "5H 6H 7H")]


def dig_trap():
    """Digging for the 3H looks good to a greedy eye (three queens), but with the queens down, the 4H laid off, the
    3H would empty the hand: it cannot be used."""
    return crafted(["QH QD", "5S 3D 3C"], stock="AH 8H 10C", discard="9H 3H QS 4H", melds=MELDS)


def play_turn(player, st, seat: int = 0, limit: int = 40) -> list:
    moves = []
    while st.stage in (DRAW, PLAY) and st.current == seat:
        action = player.choose(GAME.view(st, seat), GAME.legal_actions(st, seat), random.Random(1))
        GAME.apply(st, seat, action)
        moves.append(action)
        assert len(moves) <= limit, f"the turn does not end: {moves[-6:]}"
    return moves


@pytest.mark.parametrize("player", [GreedyRummy, SearchRummy])
def test_a_dig_it_cannot_use_is_undone_and_the_turn_ends(player) -> None:
    st = dig_trap()
    play_turn(player(), st)
    assert st.stage == PENDING
