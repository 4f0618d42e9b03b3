"""Rummy: scenario tests from crafted states for setup, meld shapes, drawing, melding and the turn."""

from __future__ import annotations

import pytest

from logic.registry import get_game
from logic.rummy import RummyConfig
from logic.rummy.actions import (
    COMMIT,
    DRAW_STOCK,
    UNDO,
    Commit,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    NextHand,
    TakeDiscard,
    Undo,
)
from logic.rummy.melds import DRAW_KEY, POINTS, classify, hand_melds, parse_code
from tests.logic.rummy_support import G, codes, crafted, ints, unchanged_after

# --- config and setup ---------------------------------------------------------------------------


def test_registered_and_config_validation():
    assert get_game("rummy") is G
    assert G.make_config(players=3, target=300).target == 300
    assert RummyConfig().target == 0
    with pytest.raises(ValueError, match="2 to 4"):
        G.make_config(players=5)
    with pytest.raises(ValueError, match="target"):
        G.make_config(players=2, target=250)
    assert G.bot_levels == ("easy", "medium", "hard")


@pytest.mark.parametrize("n,size", [(2, 13), (3, 7), (4, 7)])
def test_deal_sizes_and_piles(n, size):
    st = G.new_game(G.make_config(players=n), 7)
    assert [len(h) for h in st.hands] == [size] * n
    assert len(st.discard) == 1
    assert len(st.stock) == 52 - n * size - 1
    assert sorted(sum(st.hands, []) + st.stock + st.discard) == list(range(52))


def test_first_deal_draw_highest_card_starts_and_later_hands_rotate():
    for seed in range(30):
        st = G.new_game(G.make_config(players=4), seed)
        keys = [DRAW_KEY[c] for c in st.first_draw]
        assert len(set(st.first_draw)) == 4
        assert st.first_draw_winner == keys.index(max(keys))
        assert st.current == st.first_draw_winner == st.first_seat
        v = G.view(st, None)
        assert v["first_deal_draw"] == {"cards": codes(st.first_draw), "winner": st.first_draw_winner,
                                        "drawn": [True] * len(st.first_draw)}
    # suit breaks ties: spades > hearts > diamonds > clubs
    assert DRAW_KEY[parse_code("KS")] > DRAW_KEY[parse_code("KH")] > DRAW_KEY[parse_code("KD")]
    assert DRAW_KEY[parse_code("KD")] > DRAW_KEY[parse_code("KC")] > DRAW_KEY[parse_code("QS")]
    assert DRAW_KEY[parse_code("AC")] > DRAW_KEY[parse_code("KS")]


def test_card_points():
    assert [POINTS[parse_code(c)] for c in ("AS", "KH", "QD", "JC", "10S", "9H", "2C")] == [15, 10, 10, 10, 10, 5, 5]


# --- meld shapes --------------------------------------------------------------------------------


@pytest.mark.parametrize("cards,ok", [
    ("7S 7H 7C", True),
    ("7S 7H 7C 7D", True),
    ("7S 7H", False),
    ("4D 5D 6D 7D", True),
    ("AH 2H 3H", True),
    ("QH KH AH", True),
    ("KH AH 2H", False),
    ("4D 5D 7D", False),
    ("4D 5D 6H", False),
    ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", True),
])
def test_meld_shapes(cards, ok):
    assert (classify(ints(cards)) is not None) is ok


def test_hand_melds_lists_sets_and_runs_with_both_aces():
    found = [frozenset(codes(m)) for m in hand_melds(ints("AH 2H 3H KH QH 9C 9D 9S"))]
    assert sorted(found, key=sorted) == sorted(
        [frozenset({"AH", "2H", "3H"}), frozenset({"QH", "KH", "AH"}), frozenset({"9C", "9D", "9S"})], key=sorted)


# --- drawing ------------------------------------------------------------------------------------


def test_draw_from_stock_cannot_be_undone():
    st = crafted(["2S 5H 9C", "3D 4D 8C"], stock="KD QC", discard="7H")
    G.apply(st, 0, DRAW_STOCK)
    assert st.hands[0][-1] == parse_code("QC")
    assert UNDO not in G.legal_actions(st, 0)
    assert "cannot be put back" in unchanged_after(st, 0, Undo())
    assert "already drawn" in unchanged_after(st, 0, DrawStock())


def test_take_top_discard_has_no_obligation_and_can_be_undone():
    st = crafted(["2S 5H 9C", "3D 4D 8C"], stock="KD QC", discard="4S 7H")
    G.apply(st, 0, TakeDiscard("7H"))
    assert st.discard == ints("4S") and st.hands[0][-1] == parse_code("7H")
    assert st.must_use == -1
    assert Discard("7H") in G.legal_actions(st, 0)  # may even throw it straight back
    G.apply(st, 0, Undo())
    assert st.discard == ints("4S 7H") and st.hands[0] == ints("2S 5H 9C")
    assert st.stage == 0


def test_take_buried_card_takes_everything_above_and_must_be_played():
    st = crafted(["JS JH 2C 5D", "3D 4D 8C"], stock="KD QC", discard="9C JD 4S 7H")
    G.apply(st, 0, TakeDiscard("JD"))
    assert st.discard == ints("9C")
    assert st.hands[0] == ints("JS JH 2C 5D JD 4S 7H")
    v = G.view(st, 0)
    assert v["must_use"] == "JD" and v["turn_stage"] == "play"
    assert not [a for a in G.legal_actions(st, 0) if isinstance(a, Discard)]
    msg = unchanged_after(st, 0, Discard("4S"))
    assert "J♦" in msg and "meld it or lay it off" in msg
    G.apply(st, 0, Meld(("JS", "JH", "JD")))
    assert G.view(st, 0)["must_use"] is None
    G.apply(st, 0, Discard("4S"))
    # undo back through the discard and the meld: the obligation returns
    G.apply(st, 0, Undo())
    G.apply(st, 0, Undo())
    assert G.view(st, 0)["must_use"] == "JD"
    G.apply(st, 0, Undo())  # the pickup goes back, in the same order
    assert st.discard == ints("9C JD 4S 7H")
    assert st.hands[0] == ints("JS JH 2C 5D")
    assert st.must_use == -1 and st.stage == 0


def test_take_buried_card_refused_when_it_cannot_be_used():
    st = crafted(["2S 5H 9C", "3D 4D 8C"], stock="KD", discard="JD 4S 7H")
    msg = unchanged_after(st, 0, TakeDiscard("JD"))
    assert "J♦" in msg
    assert TakeDiscard("JD") not in G.legal_actions(st, 0)
    assert TakeDiscard("7H") in G.legal_actions(st, 0)
    assert "not in the discard pile" in unchanged_after(st, 0, TakeDiscard("AS"))


def test_take_buried_card_usable_by_lay_off_or_chain():
    # lays off directly on a table set
    st = crafted(["2S 5H", "3D 4D"], stock="KD", discard="QC 4S 7H", melds=[(1, "QS QH QD")])
    assert TakeDiscard("QC") in G.legal_actions(st, 0)
    # chain: 8H (in hand) then 9H extend the table run 5H 6H 7H
    st = crafted(["8H 2C", "3D 4D"], stock="KD", discard="9H 4S", melds=[(1, "5H 6H 7H")])
    assert TakeDiscard("9H") in G.legal_actions(st, 0)
    G.apply(st, 0, TakeDiscard("9H"))
    G.apply(st, 0, LayOff(1, ("8H", "9H")))
    assert codes(st.melds[0][6]) == ["5H", "6H", "7H", "8H", "9H"]
    # a run made with the taken cards themselves
    st = crafted(["2C 9D", "3D 4D"], stock="KD", discard="5S 6S 7S", melds=[])
    assert TakeDiscard("5S") in G.legal_actions(st, 0)


def test_empty_stock_rebuilt_from_discard_pile_minus_top():
    st = crafted(["2S 5H 9C", "3D 4D 8C"], stock="KD", discard="4S 7H 8D")
    G.apply(st, 0, DRAW_STOCK)
    assert st.discard == ints("8D")
    assert sorted(st.stock) == sorted(ints("4S 7H"))
    # with a one-card pile there is nothing to rebuild: only the top discard can be taken
    st = crafted(["2S 5H 9C", "3D 4D 8C"], stock="", discard="8D")
    assert G.legal_actions(st, 0) == [TakeDiscard("8D")]
    assert "stock is empty" in unchanged_after(st, 0, DrawStock())


# --- melding and laying off ---------------------------------------------------------------------


def test_meld_rules_and_keep_one_card():
    st = crafted(["7S 7H 7C 7D 2H 3H", "3D 4D 8C"], stock="KD", discard="9S")
    assert "Draw first" in unchanged_after(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, TakeDiscard("9S"))
    assert "neither a set" in unchanged_after(st, 0, Meld(("7S", "2H", "3H")))
    assert "three cards" in unchanged_after(st, 0, Meld(("2H", "3H")))
    assert "do not hold" in unchanged_after(st, 0, Meld(("7S", "7H", "KC")))
    assert "twice" in unchanged_after(st, 0, Meld(("7S", "7S", "7H")))
    G.apply(st, 0, Meld(("7S", "7H", "7C", "7D")))
    assert st.pts[0] == 20


def test_keep_one_card_when_hand_is_exactly_a_meld():
    st = crafted(["7S 7H", "3D 4D 8C"], stock="KD", discard="7C")
    G.apply(st, 0, TakeDiscard("7C"))
    msg = unchanged_after(st, 0, Meld(("7S", "7H", "7C")))
    assert "Keep at least one card" in msg
    assert not [a for a in G.legal_actions(st, 0) if isinstance(a, Meld)]


def test_lay_off_on_any_meld_and_points_go_to_the_player():
    st = crafted(["8H 9H 7D 2C", "3D 4D 8C"], stock="KD", discard="9S",
                 melds=[(1, "5H 6H 7H"), (1, "7S 7H 7C")])
    G.apply(st, 0, DRAW_STOCK)
    acts = G.legal_actions(st, 0)
    assert LayOff(1, ("8H",)) in acts and LayOff(2, ("7D",)) in acts
    assert LayOff(1, ("9H",)) not in acts
    assert "cannot be added" in unchanged_after(st, 0, LayOff(1, ("9H",)))
    assert "no such meld" in unchanged_after(st, 0, LayOff(9, ("8H",)))
    G.apply(st, 0, LayOff(1, ("9H", "8H")))  # several at once, any order
    G.apply(st, 0, LayOff(2, ("7D",)))
    assert st.pts == [15, 0]
    assert st.melds[0][7] == [[0, parse_code("9H")], [0, parse_code("8H")]]
    assert "cannot be added" in unchanged_after(st, 0, LayOff(2, ("2C",)))
    # undo, most recent first
    G.apply(st, 0, Undo())
    assert codes(st.melds[1][6]) == ["7S", "7H", "7C"] and st.pts == [10, 0]
    G.apply(st, 0, Undo())
    assert codes(st.melds[0][6]) == ["5H", "6H", "7H"] and st.pts == [0, 0]
    assert sorted(st.hands[0]) == sorted(ints("8H 9H 7D 2C KD"))


def test_run_lay_offs_respect_ace_ends():
    st = crafted(["AH KS 2C 9D", "3D 4D 8C"], stock="KD", discard="9S",
                 melds=[(1, "2H 3H 4H"), (1, "10S JS QS")])
    G.apply(st, 0, DRAW_STOCK)
    acts = G.legal_actions(st, 0)
    assert LayOff(1, ("AH",)) in acts  # A-2-3-4
    assert LayOff(2, ("KS",)) in acts  # 10-J-Q-K
    G.apply(st, 0, LayOff(1, ("AH",)))
    assert codes(st.melds[0][6]) == ["AH", "2H", "3H", "4H"]
    st = crafted(["AH 2C 9D", "3D"], stock="KD", discard="9S", melds=[(1, "JH QH KH")])
    G.apply(st, 0, DRAW_STOCK)
    G.apply(st, 0, LayOff(1, ("AH",)))
    assert codes(st.melds[0][6]) == ["JH", "QH", "KH", "AH"]
    assert st.melds[0][8] == (parse_code("10H"),)  # no wrap-around: only the 10 fits now


# --- discard, grace period, privacy -------------------------------------------------------------


def test_discard_pending_commit_and_privacy():
    st = crafted(["7S 7H 7C 2D 9C", "3D 4D 8C", "5C 6C JD"], stock="KD QD", discard="9S", n=3)
    before = [G.view(st, s) for s in (1, 2, None)]
    G.apply(st, 0, TakeDiscard("9S"))
    G.apply(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, Discard("2D"))
    assert G.legal_actions(st, 0) == [COMMIT, UNDO]
    assert G.pending_commit(st) == (3.0, 0, Commit())
    mine = G.view(st, 0)
    assert mine["turn_stage"] == "pending" and mine["discard"] == ["2D"] and len(mine["melds"]) == 1
    assert mine["can_undo"] and mine["undo_what"] == "discard"
    # others see the table exactly as at the start of the turn
    assert [G.view(st, s) for s in (1, 2, None)] == before
    for s in (1, 2):
        assert "not your turn" in unchanged_after(st, s, Commit())
    assert "discarded" in unchanged_after(st, 0, Discard("9C"))
    assert G.describe(st, 0, COMMIT) == "took the 9♠ from the discard pile, melded 7♠ 7♥ 7♣ and discarded the 2♦"
    assert G.describe(st, 0, Undo()) is None
    G.apply(st, 0, COMMIT)
    assert G.pending_commit(st) is None
    after = G.view(st, 1)
    assert after["discard"] == ["2D"] and after["melds"][0]["cards"] == ["7S", "7H", "7C"]
    assert after["hand_melded_points"] == [15, 0, 0]
    assert after["to_move"] == [1] and after["current"] == 1
    assert after["message"].startswith("Player 1 took the 9♠")
    h = after["history"][-1]
    assert h == {"seat": 0, "took": ["9S"], "melded": [["7S", "7H", "7C"]], "laid_off": [], "discard": "2D",
                 "out": False}


def test_undone_pickup_is_never_seen_by_others():
    st = crafted(["2S 5H 9C", "3D 4D 8C"], stock="KD QC", discard="4S 7H")
    before = G.view(st, 1)
    G.apply(st, 0, TakeDiscard("7H"))
    G.apply(st, 0, Undo())
    G.apply(st, 0, DRAW_STOCK)
    G.apply(st, 0, Discard("QC"))
    assert G.view(st, 1) == before
    G.apply(st, 0, COMMIT)
    v = G.view(st, 1)
    assert v["discard"] == ["4S", "7H", "QC"]
    assert v["history"][-1]["took"] is None


def test_wrong_actions_out_of_turn_and_in_wrong_stage():
    st = crafted(["2S 5H 9C", "3D 4D 8C"], stock="KD QC", discard="4S 7H")
    assert "not your turn" in unchanged_after(st, 1, DrawStock())
    assert "not a Rummy move" in unchanged_after(st, 0, object())
    assert "no such seat" in unchanged_after(st, 5, DrawStock())
    assert "Draw first" in unchanged_after(st, 0, Discard("2S"))
    assert "nothing to undo" in unchanged_after(st, 0, Undo())
    assert "still being played" in unchanged_after(st, 0, NextHand())
    G.apply(st, 0, DRAW_STOCK)
    assert "Discard a card" in unchanged_after(st, 0, Commit())
    assert "do not hold" in unchanged_after(st, 0, Discard("AS"))
    assert "not a card" in unchanged_after(st, 0, Discard("ZZ"))
    assert G.legal_actions(st, 1) == []


def test_a_card_laid_off_on_a_meld_made_this_turn_is_named_once():
    """Meld 7♠ 7♥ 7♣, lay the 7♦ off on it, discard: the summary and the history name the 7♦ once, as laid off."""
    st = crafted(["7S 7H 7C 7D 2D 9C", "3D 4D 8C"], stock="KD", discard="9S")
    G.apply(st, 0, DRAW_STOCK)
    G.apply(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, LayOff(1, ("7D",)))
    G.apply(st, 0, Discard("2D"))
    words = G.describe(st, 0, COMMIT)
    assert words == "drew from the stock, melded 7♠ 7♥ 7♣, laid off 7♦ and discarded the 2♦"
    assert words.count("7♦") == 1
    G.apply(st, 0, COMMIT)
    h = G.view(st, 1)["history"][-1]
    assert h["melded"] == [["7S", "7H", "7C"]] and h["laid_off"][0]["cards"] == ["7D"]
    assert sorted(G.view(st, 1)["melds"][0]["cards"]) == ["7C", "7D", "7H", "7S"]  # the table shows the meld whole
