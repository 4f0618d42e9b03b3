"""Beanie sets from crafted states: laying, adding, placing and stealing Beanies."""

from __future__ import annotations

import json

import pytest

from logic.beanie import GAME
from logic.beanie.actions import Add, Lay, Star, Steal
from logic.beanie.sets import CARD_ID, CODES, MATCH, RUN
from tests.logic.beanie_support import craft, illegal

# --- laying sets ----------------------------------------------------------------------------------


def test_lay_match_and_run():
    st = craft(["QS QH QD 5D 6D 7D 9C 2C", "4C 8C JC"], rnd=1)
    GAME.apply(st, 0, Lay(("QS", "QH", "QD")))
    GAME.apply(st, 0, Lay(("7D", "5D", "6D")))
    v = GAME.view(st, 1)
    assert [s["type"] for s in v["sets"]] == ["match", "run"]
    assert [c["code"] for c in v["sets"][1]["cards"]] == ["5D", "6D", "7D"]
    assert v["laid_this_round"] == [True, False]


@pytest.mark.parametrize(
    "cards, words",
    [
        ("QS QH", "at least 3"),
        ("QS QH 5D", "neither a match"),
        ("5D 6D 8D", "neither"),
        ("5D 6H 7D", "neither"),
        ("QS KS AS", "neither"),  # no wrap-around: king is high, ace low
    ],
)
def test_bad_sets_are_rejected(cards, words):
    st = craft(["QS QH 5D 6D 8D 6H 7D KS AS 2C", "4C 8C JC"], rnd=3)
    illegal(st, 0, Lay(tuple(cards.split())), words)


def test_ace_low_run_and_king_high_run():
    st = craft(["AS 2S 3S JH QH KH 9C 9D", "4C 8C JC"], rnd=5)
    GAME.apply(st, 0, Lay(("AS", "2S", "3S")))
    GAME.apply(st, 0, Lay(("JH", "QH", "KH")))
    assert [CODES[c] for c in st.sets[1][4]] == ["JH", "QH", "KH"]


def test_beanies_only_is_not_a_set():
    st = craft(["5S 5H 5D 9C 9D", "4C 8C JC"], rnd=5)
    illegal(st, 0, Lay(("5S", "5H", "5D")), "at least one card that is not a Beanie")


def test_match_beanie_takes_first_missing_suit():
    st = craft(["JC JS 5H 9C 9D", "4C 8C JD"], rnd=5)
    GAME.apply(st, 0, Lay(("JC", "JS", "5H")))
    v = GAME.view(st, 1)["sets"][0]
    assert v["type"] == "match"
    assert [(c["code"], c["wild"], c["as"]) for c in v["cards"]] == [
        ("JS", False, "JS"),
        ("5H", True, "JH"),
        ("JC", False, "JC"),
    ]


def test_match_holds_at_most_four():
    st = craft(["JC JS JH 5H 5D 9C 9D", "4C 8C"], rnd=5)
    illegal(st, 0, Lay(("JC", "JS", "JH", "5H", "5D")), "at most 4")


def test_gap_beanie_is_placed_automatically():
    st = craft(["3D 5D 4C 9C 9H", "4D 8C JC"], rnd=4)
    GAME.apply(st, 0, Lay(("3D", "5D", "4C")))
    s = st.sets[0]
    assert s[2] == RUN and [CODES[c] for c in s[3]] == ["3D", "4C", "5D"]
    assert [CODES[c] for c in s[4]] == ["3D", "4D", "5D"]


def test_end_beanie_needs_low_or_high():
    st = craft(["5D 6D 4C 9C 9H", "4D 8C JC"], rnd=4)
    lays = [a for a in GAME.legal_actions(st, 0) if isinstance(a, Lay)]
    assert Lay(("5D", "6D", "4C"), None, "low") in lays and Lay(("5D", "6D", "4C"), None, "high") in lays
    assert Lay(("5D", "6D", "4C")) not in lays
    illegal(st, 0, Lay(("5D", "6D", "4C")), "low or high")
    GAME.apply(st, 0, Lay(("5D", "6D", "4C"), end="high"))
    assert [CODES[c] for c in st.sets[0][4]] == ["5D", "6D", "7D"]


def test_end_beanie_goes_where_there_is_room():
    st = craft(["QD KD 4C 9C 9H", "4D 8C JC"], rnd=4)
    assert Lay(("QD", "KD", "4C")) in GAME.legal_actions(st, 0)
    illegal(st, 0, Lay(("QD", "KD", "4C"), end="high"), "no room at the high end")
    GAME.apply(st, 0, Lay(("QD", "KD", "4C")))
    assert [CODES[c] for c in st.sets[0][4]] == ["JD", "QD", "KD"]


def test_two_end_beanies_go_to_the_chosen_end():
    st = craft(["9S 2H 2C 5C 7C 8H", "4D 8C JC"], rnd=2)
    GAME.apply(st, 0, Lay(("9S", "2H", "2C"), as_type="run", end="low"))
    assert [CODES[c] for c in st.sets[0][4]] == ["7S", "8S", "9S"]


def test_match_or_run_must_be_chosen():
    st = craft(["KD 7S 7C 9C 9H 3S", "4D 8C JC"], rnd=7)
    lays = [a for a in GAME.legal_actions(st, 0) if isinstance(a, Lay)]
    assert Lay(("KD", "7S", "7C"), "match", None) in lays
    assert Lay(("KD", "7S", "7C"), "run", None) in lays
    illegal(st, 0, Lay(("KD", "7S", "7C")), "match or a run")
    illegal(st, 0, Lay(("KD", "7S", "7C"), as_type="run", end="high"), "no room")
    GAME.apply(st, 0, Lay(("KD", "7S", "7C"), as_type="match"))
    assert st.sets[0][2] == MATCH
    assert [CODES[c] for c in st.sets[0][4]] == ["KS", "KH", "KD"]


def test_lay_needs_own_cards_once():
    st = craft(["QS QH QD 9C 9H", "QC 8C JC"], rnd=1)
    illegal(st, 0, Lay(("QS", "QH", "QC")), "not in your hand")
    illegal(st, 0, Lay(("QS", "QH", "QH")), "only once")
    illegal(st, 0, Lay(("QS", "QH", "XX")), "not a card")


def test_every_legal_lay_applies_and_every_listed_variant_is_distinct():
    st = craft(["5H 6H 7H 5S 4C 4D 9C 9H", "QC 8C JC"], rnd=4)
    lays = [a for a in GAME.legal_actions(st, 0) if isinstance(a, Lay)]
    assert len(lays) == len(set(lays)) > 10
    results = set()
    for a in lays:
        s2 = GAME.clone(st)
        GAME.apply(s2, 0, a)
        results.add(json.dumps(GAME.view(s2, None)["sets"]))
    assert len(results) == len(lays)


# --- adding, placing and stealing -------------------------------------------------------------------


def test_adding_needs_an_own_set_this_round():
    st = craft(["8D 9C 9H", "QC 8C JC"], rnd=1, sets=[(1, RUN, "5D 6D 7D", "5D 6D 7D")], laid=[False, True])
    illegal(st, 0, Add(1, "8D"), "Lay a set of your own")
    assert not any(isinstance(a, Add) for a in GAME.legal_actions(st, 0))
    st.laid[0] = True
    assert Add(1, "8D") in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, Add(1, "8D"))
    assert [CODES[c] for c in st.sets[0][3]] == ["5D", "6D", "7D", "8D"]


def test_add_to_runs_at_either_end_and_matches_up_to_four():
    sets = [(1, RUN, "5D 6D 7D", "5D 6D 7D"), (1, MATCH, "QS QH QD", "QS QH QD")]
    st = craft(["4D 8D QC 9C 9H", "JC 8C"], rnd=1, sets=sets, laid=[True, True])
    GAME.apply(st, 0, Add(1, "4D"))
    GAME.apply(st, 0, Add(1, "8D"))
    illegal(st, 0, Add(1, "9C"), "does not fit")
    GAME.apply(st, 0, Add(2, "QC"))
    assert [CODES[c] for c in st.sets[0][3]] == ["4D", "5D", "6D", "7D", "8D"]
    assert [CODES[c] for c in st.sets[1][3]] == ["QS", "QH", "QD", "QC"]
    st.hands[0].append(CARD_ID["2S"])
    assert not any(isinstance(a, Add) and a.set_id == 2 for a in GAME.legal_actions(st, 0))


def test_full_match_rejects_adds():
    st = craft(["9C 9H 3S", "JC 8C"], rnd=1, sets=[(1, MATCH, "QS QH QD QC", "QS QH QD QC")], laid=[True, True])
    illegal(st, 0, Add(1, "9C"), "full")


def test_beanie_cannot_be_added_as_a_natural_card():
    st = craft(["4D 9C 9H", "JC 8C"], rnd=4, sets=[(1, RUN, "5D 6D 7D", "5D 6D 7D")], laid=[True, True])
    illegal(st, 0, Add(1, "4D"), "is a Beanie")
    assert Star(1, "4D", "low") in GAME.legal_actions(st, 0)


def test_star_on_match_and_on_runs():
    sets = [
        (1, MATCH, "QS QD QC", "QS QD QC"),
        (1, RUN, "AD 2D 3D", "AD 2D 3D"),
        (1, RUN, "5H 6H 7H", "5H 6H 7H"),
    ]
    st = craft(["4S 4H 4C 9C 9H 8S", "JC 8C"], rnd=4, sets=sets, laid=[True, True])
    GAME.apply(st, 0, Star(1, "4S"))
    assert [CODES[c] for c in st.sets[0][4]] == ["QS", "QH", "QD", "QC"]
    assert CODES[st.sets[0][3][1]] == "4S"
    GAME.apply(st, 0, Star(2, "4H"))  # only the high end is open on A-2-3
    assert [CODES[c] for c in st.sets[1][4]] == ["AD", "2D", "3D", "4D"]
    illegal(st, 0, Star(3, "4C"), "choose low or high")
    illegal(st, 0, Star(1, "4C"), "no room")
    illegal(st, 0, Star(3, "9C", "low"), "not a Beanie")
    GAME.apply(st, 0, Star(3, "4C", "low"))
    assert [CODES[c] for c in st.sets[2][4]] == ["4H", "5H", "6H", "7H"]


def test_steal_swaps_real_card_for_beanie():
    sets = [(1, RUN, "6D 4C 8D", "6D 7D 8D")]
    st = craft(["7D 9C 9H", "JC 8C"], rnd=4, sets=sets, laid=[True, True])
    assert Steal(1, "7D") in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, Steal(1, "7D"))
    assert [CODES[c] for c in st.sets[0][3]] == ["6D", "7D", "8D"]
    assert CARD_ID["4C"] in st.hands[0] and CARD_ID["7D"] not in st.hands[0]
    assert GAME.view(st, 1)["taken"][0] == ["4C"]


def test_steal_needs_own_set_real_card_and_others_set():
    sets = [(1, RUN, "6D 4C 8D", "6D 7D 8D"), (0, MATCH, "9S 4S 9D", "9S 9H 9D")]
    st = craft(["7D 9H 2C", "JC 8C"], rnd=4, sets=sets, laid=[False, True])
    illegal(st, 0, Steal(1, "7D"), "Lay a set of your own")
    st.laid[0] = True
    illegal(st, 0, Steal(2, "9H"), "other players' sets")
    illegal(st, 0, Steal(1, "2C"), "No Beanie")
    assert Steal(2, "9H") not in GAME.legal_actions(st, 0)


def test_reclaim_own_allows_stealing_from_own_sets():
    sets = [(0, MATCH, "9S 4S 9D", "9S 9H 9D")]
    st = craft(["9H 2C 3C", "JC 8C"], rnd=4, sets=sets, laid=[True, True], reclaim_own=True)
    assert Steal(1, "9H") in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, Steal(1, "9H"))
    assert CARD_ID["4S"] in st.hands[0]


def test_no_steal_with_a_beanie():
    # round 5: 4H 5S(as 5H) 6H; 5H is itself a Beanie, so it cannot steal
    sets = [(1, RUN, "4H 5S 6H", "4H 5H 6H")]
    st = craft(["5H 2C 3C", "JC 8C"], rnd=5, sets=sets, laid=[True, True])
    illegal(st, 0, Steal(1, "5H"), "natural card")
