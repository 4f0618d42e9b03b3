"""President across hands from crafted states: the card exchange and the end of the match."""

from __future__ import annotations

import pytest

from logic.president import Give, NextHand, Pass, Play
from logic.president.actions import CODES
from tests.logic.president_support import G, craft, finish_hand_1, illegal, play

# --- exchange -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
def test_exchange_moves_best_cards_and_both_give_at_once(players):
    s = finish_hand_1(players)
    assert G.phase(s) == "exchange"
    order = s.prev_finish
    pres, vp, vb, beggar = order[0], order[1], order[-2], order[-1]
    assert G.to_move(s) == tuple(sorted((pres, vp)))
    vpres = G.view(s, pres)
    vbeg = G.view(s, beggar)
    assert vpres["exchange"]["give_count"] == 2 and vpres["exchange"]["partner"] == beggar
    got = vpres["exchange"]["received"]
    assert vbeg["exchange"]["given"] == got and vbeg["exchange"]["received"] == []
    # the Beggar's remaining cards are all no higher than what was taken (normal order)
    rank_order = [c[:-1] for c in CODES[::4]]
    low_taken = min(rank_order.index(c[:-1]) for c in got)
    assert all(rank_order.index(c[:-1]) <= low_taken for c in vbeg["hand"])
    assert G.view(s, vp)["exchange"]["received"] == G.view(s, vb)["exchange"]["given"]
    assert len(G.view(s, vp)["exchange"]["received"]) == 1
    for other in range(players):
        if other not in (pres, vp, vb, beggar):
            assert G.view(s, other)["exchange"] is None
    assert G.view(s, None)["exchange"] is None
    if players == 5:  # before giving back: President holds 11 + 2, Vice President 11 + 1
        assert G.view(s, None)["seats"][pres]["cards"] == 13 and G.view(s, None)["seats"][vp]["cards"] == 12
    # wrong gives
    hand = G.view(s, pres)["hand"]
    illegal(s, pres, Give((hand[0],)), "exactly 2 cards")
    illegal(s, beggar, Give((vbeg["hand"][0],)), "Only the President and Vice President")
    illegal(s, pres, Play((hand[0],)), "exchanged")
    illegal(s, pres, Give((hand[0], hand[0])), "twice")
    not_mine = next(c for c in CODES if c not in hand)
    illegal(s, pres, Give((hand[0], not_mine)), "own hand")
    # the VP may give back the very card just received; both act in any order
    G.apply(s, vp, Give(tuple(G.view(s, vp)["exchange"]["received"])))
    assert G.phase(s) == "exchange" and G.to_move(s) == (pres,)
    illegal(s, vp, Give((G.view(s, vp)["hand"][0],)), "already given")
    G.apply(s, pres, Give((hand[0], hand[1])))
    assert G.phase(s) == "play" and G.to_move(s) == (beggar,)
    vbeg = G.view(s, beggar)
    assert vbeg["exchange"]["received"] == [hand[0], hand[1]]
    assert hand[0] in vbeg["hand"] and hand[1] in vbeg["hand"]
    assert G.view(s, pres)["exchange"]["given"] == [hand[0], hand[1]]
    assert G.view(s, beggar)["can_pass"] is False
    counts = [x["cards"] for x in G.view(s, None)["seats"]]
    assert sum(counts) == 52
    if players == 4:
        assert counts == [13] * 4
    else:  # from hand 2 on, the President and Vice President are the ones holding 11
        assert counts[pres] == counts[vp] == 11 and sorted(counts) == [10, 10, 10, 11, 11]


def test_exchange_uses_normal_order_after_a_revolution_hand():
    s = G.new_game(G.make_config(players=4, revolution=True), 11)
    d = G.snapshot(s)
    d.update(phase="hand-over", prev_finish=[0, 1, 2, 3], rev=True, hand_points=[[3, 2, 1, 0]], scores=[3, 2, 1, 0])
    s = G.restore(d)
    for seat in range(4):
        G.apply(s, seat, NextHand())
    assert s.rev is False
    taken = G.view(s, 0)["exchange"]["received"]
    rank_order = [c[:-1] for c in CODES[::4]]
    low = min(rank_order.index(c[:-1]) for c in taken)
    assert all(rank_order.index(c[:-1]) <= low for c in G.view(s, 3)["hand"])


# --- match end ------------------------------------------------------------------------------------------------


def test_match_ends_after_the_chosen_number_of_hands_and_ties_share():
    s = G.new_game(G.make_config(players=4, hands=4), 2)
    d = G.snapshot(s)
    d["hand_no"] = 4
    d["scores"] = [6, 6, 0, 0]
    d["hands"] = [["4S"], ["5S"], ["6S"], ["7S", "8S"]]
    d["turn"] = 2
    d["phase"] = "play"
    s = G.restore(d)
    play(s, 2, "6S")
    play(s, 3, "7S")
    assert G.outcome(s) is None
    G.apply(s, 0, Pass())  # nobody can beat the 7: seat 3 leads again
    G.apply(s, 1, Pass())
    play(s, 3, "8S")  # seat 2 went out first, seat 3 second
    G.apply(s, 0, Pass())
    G.apply(s, 1, Pass())
    assert G.to_move(s) == (0,)  # seat 3 is out: the next seat still in leads
    play(s, 0, "4S")  # seat 0 third; seat 1 last
    assert G.phase(s) == "over"
    assert G.to_move(s) == ()
    out = G.outcome(s)
    assert out.scores == (7, 6, 3, 2)
    assert out.winners == (0,)
    v = G.view(s, 1)
    assert v["summary"]["title"].startswith("Final hand")
    illegal(s, 1, NextHand(), "over")


def test_outcome_ties_share_first_place():
    s = craft(["4S", "5S", "6S", "7S 8S"], hand_no=4, scores=[0, 1, 2, 4])
    play(s, 0, "4S")
    play(s, 1, "5S")
    play(s, 2, "6S")
    out = G.outcome(s)
    assert out.scores == (3, 3, 3, 4) and out.winners == (3,)
    s = craft(["4S", "5S", "6S", "7S 8S"], hand_no=4, scores=[0, 1, 2, 3])
    play(s, 0, "4S")
    play(s, 1, "5S")
    play(s, 2, "6S")
    assert G.outcome(s).winners == (0, 1, 2, 3)


def test_eight_hands_option():
    s = G.new_game(G.make_config(players=4, hands=8), 1)
    assert G.view(s, 0)["round_label"] == "Hand 1 of 8"
