"""Rummy house rule "K-A-2 wraps" (``wrap_around``, issue 52): runs may turn the corner."""

from __future__ import annotations

import random

import pytest

from logic.rummy import GAME
from logic.rummy.actions import COMMIT, LayOff, Meld, RummyConfig, TakeDiscard
from logic.rummy.hints import hint
from logic.rummy.melds import POINTS, classify, new_meld
from logic.rummy.state import HAND_OVER, OVER, PENDING, PLAY, restore_state, snapshot_state
from tests.logic.rummy_support import codes, crafted, ints, unchanged_after

G = GAME


def _wrapping(st, **more):
    """``st`` at a table playing K-A-2 wraps (and the other switches named by their state fields)."""
    st.wrap = True
    for name, value in more.items():
        setattr(st, name, value)
    return st


def _meld(st, owner: int, cards: str) -> int:
    """Put a (wrapping) meld on the table of ``st``; its id."""
    cs = ints(cards)
    mid = st.next_id
    st.melds.append(new_meld(mid, owner, cs, classify(cs, st.wrap), st.wrap))
    st.next_id += 1
    return mid


def _melds_offered(st, seat=0):
    return [a.cards for a in G.legal_actions(st, seat) if a.kind == "meld"]


def test_switch_is_off_by_default_in_the_house_group_and_off_keeps_snapshots() -> None:
    assert RummyConfig().wrap_around is False
    info = RummyConfig.OPTIONS.options["wrap_around"]
    assert info.group == "house" and info.help is not None
    snap = snapshot_state(G.new_game(G.make_config(players=2), 3))
    assert "wrap" not in snap and restore_state(snap).wrap is False
    on = G.new_game(G.make_config(players=2, wrap_around=True), 3)
    assert on.wrap and restore_state(snapshot_state(on)).wrap and G.clone(on).wrap
    assert G.view(on, 0)["house_rules"] == ["wrap_around"]


@pytest.mark.parametrize("cards, standard, wrapping", [
    ("KH AH 2H", None, (1, 1, 13, 15)),
    ("QH KH AH 2H 3H", None, (1, 1, 12, 16)),
    ("2H AH KH", None, (1, 1, 13, 15)),  # in any order
    ("AH 2H 3H", (1, 1, 1, 3), (1, 1, 1, 3)),  # runs that need not wrap keep their shape
    ("QH KH AH", (1, 1, 12, 14), (1, 1, 12, 14)),
    ("KH 2H 3H", None, None),  # the ace is missing: a gap, not a corner
    ("KH AH 2S", None, None),
])
def test_runs_turn_the_corner_only_when_wrapping(cards, standard, wrapping) -> None:
    assert classify(ints(cards)) == standard
    assert classify(ints(cards), wrap=True) == wrapping


def test_a_wrapping_meld_is_offered_made_and_scored_with_the_ace_at_15() -> None:
    hands = ["KH AH 2H 9C", "3S 4S 8D"]
    std = crafted(hands, stock="9D 10D")
    std.stage = PLAY
    assert ("KH", "AH", "2H") not in _melds_offered(std)
    assert "neither a set" in unchanged_after(std, 0, Meld(("KH", "AH", "2H")))
    st = _wrapping(crafted(hands, stock="9D 10D"))
    st.stage = PLAY
    assert ("KH", "AH", "2H") in _melds_offered(st)
    G.apply(st, 0, Meld(("2H", "KH", "AH")))
    meld = G.view(st, 0)["melds"][0]
    assert meld["type"] == "run" and meld["cards"] == ["KH", "AH", "2H"] and meld["points"] == 30
    assert st.pts[0] == 10 + 15 + 5 == sum(POINTS[c] for c in ints("KH AH 2H"))


def test_lay_offs_go_round_the_corner_at_both_ends() -> None:
    st = _wrapping(crafted(["2H 3H JH 9C", "KS 4S 8D"], stock="9D 10D"))
    top = _meld(st, 1, "QH KH AH")
    _meld(st, 1, "AS 2S 3S")
    st.stage = PLAY
    legal = G.legal_actions(st, 0)
    assert LayOff(top, ("2H",)) in legal and LayOff(top, ("JH",)) in legal
    G.apply(st, 0, LayOff(top, ("2H", "3H")))
    assert codes(st.melds[0][6]) == ["QH", "KH", "AH", "2H", "3H"]
    assert sorted(codes(st.melds[0][8])) == ["4H", "JH"]
    assert sorted(codes(st.melds[1][8])) == ["4S", "KS"]  # A-2-3 takes the King below the ace
    std = crafted(["2H 3H JH 9C", "KS 4S 8D"], stock="9D 10D", melds=[(1, "QH KH AH")])
    std.stage = PLAY
    assert "cannot be added" in unchanged_after(std, 0, LayOff(1, ("2H",)))


def test_a_run_of_the_whole_suit_takes_no_more_cards() -> None:
    st = _wrapping(crafted(["KD 9C", "4S 8D"], stock="9D 10D"))
    mid = _meld(st, 1, "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD")
    assert codes(st.melds[0][8]) == ["KD"]  # twelve cards: the one missing card fits at either end, once
    st.stage = PLAY
    G.apply(st, 0, LayOff(mid, ("KD",)))
    assert len(st.melds[0][6]) == 13 and st.melds[0][8] == ()


def test_digging_for_a_card_that_only_fits_round_the_corner() -> None:
    hands = ["KS 2S 9C 5D 7H", "3C 4C 8D"]
    std = crafted(hands, stock="9D 10D", discard="AS JH 6C")
    assert "AS" not in [a.card for a in G.legal_actions(std, 0) if a.kind == "take"]
    st = _wrapping(crafted(hands, stock="9D 10D", discard="AS JH 6C"))
    assert "AS" in [a.card for a in G.legal_actions(st, 0) if a.kind == "take"]
    G.apply(st, 0, TakeDiscard("AS"))
    assert st.must_use == ints("AS")[0]
    G.apply(st, 0, Meld(("KS", "AS", "2S")))
    assert st.must_use not in st.hands[0]


def test_a_wrapping_table_restores_with_its_lay_offs() -> None:
    st = _wrapping(crafted(["2H 9C 5D", "4S 8D 3C"], stock="9D 10D"))
    mid = _meld(st, 1, "QH KH AH")
    back = restore_state(snapshot_state(st))
    back.stage = PLAY
    assert LayOff(mid, ("2H",)) in G.legal_actions(back, 0)


# --- meeting the other switches ---------------------------------------------------------------------------


def test_wrap_and_no_final_discard_go_out_round_the_corner() -> None:
    st = _wrapping(crafted(["KH 2H", "3S 4S 8D"], stock="9D 10D", discard="AH"), no_final_discard=True)
    G.apply(st, 0, TakeDiscard("AH"))
    G.apply(st, 0, Meld(("KH", "AH", "2H")))
    assert st.stage == PENDING and st.hands[0] == []
    G.apply(st, 0, COMMIT)
    assert st.stage in (HAND_OVER, OVER) and st.summary[1] == 0


def test_wrap_and_top_card_only_no_digging_even_for_a_corner() -> None:
    st = _wrapping(crafted(["KS 2S 9C 5D 7H", "3C 4C 8D"], stock="9D 10D", discard="AS JH 6C"), top_only=True)
    assert [a.card for a in G.legal_actions(st, 0) if a.kind == "take"] == ["6C"]
    assert "only the top card" in unchanged_after(st, 0, TakeDiscard("AS"))


def test_wrap_and_keep_dug_card_the_dug_ace_may_wait() -> None:
    st = _wrapping(crafted(["KS 9C 5D 7H", "3C 4C 8D"], stock="9D 10D", discard="AS JH 6C"), keep_dug=True)
    G.apply(st, 0, TakeDiscard("AS"))
    assert st.must_use == -1 and st.stage == PLAY


# --- bots and hints ------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_meld_round_the_corner(level: str) -> None:
    st = _wrapping(crafted(["KH AH 2H 9C 4D", "3S 4S 8D"], stock="9D 10D"))
    st.stage = PLAY
    bot = G.make_bot(level)
    seen_melds = []
    for _ in range(4):
        a = bot.choose(G.view(st, 0), G.legal_actions(st, 0), random.Random(2))
        G.apply(st, 0, a)
        if a.kind == "meld":
            seen_melds.append(sorted(a.cards))
        if st.stage != PLAY:
            break
    assert sorted(["KH", "AH", "2H"]) in seen_melds


def test_the_hint_finds_the_wrapping_meld() -> None:
    st = _wrapping(crafted(["KH AH 2H 9C 4D", "3S 4S 8D"], stock="9D 10D"))
    st.stage = PLAY
    assert ["KH", "AH", "2H"] in hint(G.view(st, 0))["melds"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_whole_hands_with_wrapping_runs(level: str) -> None:
    cfg = G.make_config(players=3, target=100, wrap_around=True, keep_dug_card=True)
    bot = G.make_bot(level)
    st = G.new_game(cfg, 17)
    rng = random.Random(5)
    hands_done = steps = 0
    while hands_done < 2 and steps < 6000 and G.outcome(st) is None:
        seat = G.to_move(st)[0]
        a = bot.choose(G.view(st, seat), G.legal_actions(st, seat), rng)
        G.apply(st, seat, a)  # raises on anything the rules refuse
        hands_done += st.stage in (HAND_OVER, OVER)
        steps += 1
    assert hands_done >= 1
