"""Rummy: scenario tests from crafted states for scoring, hand end, the next hand and match end."""

from __future__ import annotations

from logic.rummy.actions import (
    COMMIT,
    DRAW_STOCK,
    NEXT,
    Discard,
    DrawStock,
    Meld,
    NextHand,
    TakeDiscard,
)
from logic.rummy.melds import CODE, POINTS
from tests.logic.rummy_support import G, crafted, unchanged_after

# --- scoring ------------------------------------------------------------------------------------


def test_discarding_last_card_goes_out_only_after_commit():
    st = crafted(["7S 7H 7C 9D", "3D 4D AC KC"], stock="9C", discard="9S", pts=[0, 25])
    G.apply(st, 0, TakeDiscard("9S"))
    G.apply(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, Discard("9D"))
    assert G.describe(st, 0, COMMIT).endswith("discarded the 9♦")
    G.apply(st, 0, COMMIT)
    assert st.stage == 0 and st.current == 1  # still holds the 9S: not out
    st = crafted(["7S 7H 7C", "3D 4D AC KC"], stock="9C", discard="9S", pts=[0, 25])
    G.apply(st, 0, TakeDiscard("9S"))
    G.apply(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, Discard("9S"))
    assert G.phase(st) == "play" and G.view(st, 0)["turn_stage"] == "pending"
    assert G.describe(st, 0, COMMIT).endswith("went out discarding the 9♠")
    G.apply(st, 0, COMMIT)
    assert G.phase(st) == "hand-over"


def test_hand_end_scoring_rows():
    st = crafted(["7S 7H 7C", "3D 4D AC KC", "2C 2D 5S"], stock="QS", discard="9H", pts=[0, 25, 10], n=3)
    G.apply(st, 0, TakeDiscard("9H"))
    G.apply(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, Discard("9H"))
    G.apply(st, 0, COMMIT)
    # one-turn out: 15 points doubled
    assert st.stage == 3
    assert st.scores == [30, 25 - 35, 10 - 15]
    v = G.view(st, 1)
    assert v["phase"] == "hand-over" and v["to_move"] == [0, 1, 2]
    assert v["summary"]["one_turn"] is True and "doubled" in v["summary"]["title"]
    assert v["summary"]["rows"][1] == {"seat": 1, "melded": 25, "held": 35, "hand": -10, "total": -10}
    assert v["seats"][0]["status"] == ["one-turn out"]


def test_going_out_after_earlier_melds_is_not_doubled():
    st = crafted(["7S 7H 7C", "3D 4D AC KC"], stock="QS", discard="9H", pts=[20, 0])
    G.apply(st, 0, TakeDiscard("9H"))
    G.apply(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, Discard("9H"))
    G.apply(st, 0, COMMIT)
    assert st.scores == [35, -35]


def test_hand_over_next_hand_and_rotation():
    st = crafted(["7S 7H 7C", "3D 4D AC KC"], stock="QS", discard="9H")
    st.first_seat = 1
    G.apply(st, 0, TakeDiscard("9H"))
    G.apply(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, Discard("9H"))
    G.apply(st, 0, COMMIT)
    assert G.phase(st) == "hand-over" and G.to_move(st) == (0, 1)
    assert G.legal_actions(st, 0) == [NEXT]
    assert "hand is over" in unchanged_after(st, 0, DrawStock())
    G.apply(st, 1, NextHand())
    assert "already waiting" in unchanged_after(st, 1, NextHand())
    assert G.to_move(st) == (0,)
    assert "ready" in G.view(st, 0)["seats"][1]["status"]
    G.apply(st, 0, NextHand())
    assert st.hand_no == 2 and st.first_seat == 0 and st.current == 0
    assert G.phase(st) == "play" and st.scores == [30, -35]
    assert sorted(sum(st.hands, []) + st.stock + st.discard) == list(range(52))
    assert G.view(st, 0)["round_label"] == "Hand 2 · No limit"


def test_target_ends_match_and_ties_share_first_place():
    st = crafted(["7S 7H 7C", "3D 4D AC KC"], stock="QS", discard="9H", target=100)
    st.scores = [70, 0]
    G.apply(st, 0, TakeDiscard("9H"))
    G.apply(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, Discard("9H"))
    assert G.outcome(st) is None
    G.apply(st, 0, COMMIT)
    out = G.outcome(st)
    assert G.phase(st) == "over" and G.to_move(st) == ()
    assert out.scores == (100, -35) and out.winners == (0,)
    assert G.legal_actions(st, 0) == []
    assert "over" in unchanged_after(st, 0, NextHand())
    # the highest total wins, even when another player crossed the target
    st = crafted(["7S 7H 7C", "KD QD JD 5C"], stock="QS", discard="9H", target=100, pts=[0, 60])
    st.scores = [85, 120 - 60 - 5 + 5]
    G.apply(st, 0, TakeDiscard("9H"))
    G.apply(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, Discard("9H"))
    G.apply(st, 0, COMMIT)
    out = G.outcome(st)
    assert out.scores == (115, 60 + 60 - 35) and out.winners == (0,)
    st = crafted(["7S 7H 7C", "2D"], stock="QS", discard="9H", target=100, pts=[0, 5])
    st.scores = [70, 100]
    G.apply(st, 0, TakeDiscard("9H"))
    G.apply(st, 0, Meld(("7S", "7H", "7C")))
    G.apply(st, 0, Discard("9H"))
    G.apply(st, 0, COMMIT)
    out = G.outcome(st)
    assert out.scores == (100, 100) and out.winners == (0, 1) and out.places == (1, 1)


def test_stall_rule_ends_a_stuck_hand_without_winner():
    st = crafted(["2S 9C", "3D 8H"], stock="KD", discard="4S 5C")
    st.rebuilds = 1
    st.stall = 0
    for _ in range(8):
        seat = st.current
        G.apply(st, seat, DRAW_STOCK if st.stock else G.legal_actions(st, seat)[0])
        G.apply(st, seat, Discard(CODE[st.hands[seat][0]]))
        G.apply(st, seat, COMMIT)
    assert G.phase(st) == "hand-over"
    v = G.view(st, 0)
    assert v["summary"]["winner"] == -1 and "stalled" in v["summary"]["title"]
    assert st.scores == [-sum(POINTS[c] for c in st.hands[0]), -sum(POINTS[c] for c in st.hands[1])]
