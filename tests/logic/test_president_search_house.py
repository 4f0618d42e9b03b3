"""The search's model of a President hand (bot_search.PresidentSpec) follows the table's switches as the game does:
same-rank skip and the President's downfall (issue 52; suit lock is left out: the model keeps no suits)."""

from __future__ import annotations

import random

from logic.president import Pass, PresidentGame
from logic.president.bot_info import BotInfo, rank_counts
from logic.president.bot_search import PresidentSpec, World
from tests.logic.test_president_house import play, table

G = PresidentGame()
FIVE, SEVEN, NINE, KING, TWO = 2, 4, 6, 10, 12


def model(s, seat: int) -> tuple[PresidentSpec, World]:
    """The spec for ``seat`` and its world with the real hands (no sampling), as the game stands."""
    view = G.view(s, seat)
    spec = PresidentSpec(G, view, BotInfo(view), noise=0.0)
    w = spec.sample(view, random.Random(1))
    w.hands = [rank_counts(G.snapshot(s)["hands"][p]) for p in range(s.n)]
    w.cnt = [sum(h) for h in w.hands]
    return spec, w


def test_an_equal_rank_skips_the_next_seat_in_the_model_as_in_the_game():
    hands = ["5S 9S KS", "5H 9H KH", "7D 9D KD", "QC AC KC"]
    s = table(hands, same_rank_skip=True)
    play(s, 0, "5S")
    spec, w = model(s, 0)
    spec.apply(w, 1, (FIVE, 1))
    play(s, 1, "5H")
    assert s.turn == 3 and w.turn == 3  # seat 2 skipped
    plain = table(hands)
    play(plain, 0, "5S")
    spec, w = model(plain, 0)
    spec.apply(w, 1, (SEVEN, 1))
    assert w.turn == 2


def test_the_models_players_use_an_equal_rank_when_it_skips():
    s = table(["5S 9S KS", "5H 9H KH", "7D 9D KD", "QC AC KC"], same_rank_skip=True)
    play(s, 0, "9S")
    spec, w = model(s, 0)
    assert spec.policy(w, 1, (), random.Random(1)) == (NINE, 1)  # the lowest play: an equal 9
    plain = table(["5S 9S KS", "5H 9H KH", "7D 9D KD", "QC AC KC"])
    play(plain, 0, "9S")
    spec, w = model(plain, 0)
    assert spec.policy(w, 1, (), random.Random(1)) == (KING, 1)


def test_the_president_falls_in_the_model_when_another_goes_out_first():
    hands = ["5S 9S KS", "AH", "7D 9D KD", "QC 10C 4C"]
    s = table(hands, turn=1, hand_no=2, prev=[0, 1, 2, 3], downfall=True)
    spec, w = model(s, 0)  # seat 0 is the President
    spec.apply(w, 1, (11, 1))
    play(s, 1, "AH")
    assert s.out_mask >> 0 & 1 and w.out_mask >> 0 & 1
    assert w.my_place == 3 and s.bottom == [0]  # the President takes the last place at once
    first = table(hands, turn=1, hand_no=1, prev=[0, 1, 2, 3], downfall=True)
    spec, w = model(first, 0)  # no downfall in the first hand
    spec.apply(w, 1, (11, 1))
    assert not w.out_mask >> 0 & 1 and w.my_place < 0


def test_a_downfall_that_empties_the_table_ends_the_models_hand():
    """Two fouls, then a clean first finish: the President falls and nobody is left in (the model used to look
    for the next seat for ever). The President ranks above the two who fouled, as in the game."""
    s = table(["3S 4S", "2H", "2D", "5C"], turn=1, hand_no=2, prev=[0, 1, 2, 3], downfall=True, no_top_finish=True)
    spec, w = model(s, 0)
    moves = [(1, (TWO, 1)), (2, None), (3, None), (0, None), (2, (TWO, 1)), (3, None), (0, None), (3, (FIVE, 1))]
    for seat, choice in moves:
        spec.apply(w, seat, choice)
        if choice is None:
            G.apply(s, seat, Pass())
        else:
            play(s, seat, {1: "2H", 2: "2D", 3: "5C"}[seat])
    assert w.out_mask == 15 and w.my_place == 1
    assert s.finished == [3, 0, 2, 1]  # the game: seat 0 second, as the model placed it
