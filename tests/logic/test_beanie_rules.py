"""Beanie rules, one scenario per rule, from crafted states."""

from __future__ import annotations

import json

import pytest

from logic.beanie import GAME
from logic.beanie.actions import (
    AGREE,
    DRAW_DISCARD,
    DRAW_STOCK,
    NEXT,
    PROPOSE,
    WITHDRAW,
    Add,
    Discard,
    Draw,
    Lay,
    NextHand,
    Star,
    Steal,
)
from logic.beanie.sets import CARD_ID, CODES, MATCH, RUN
from logic.game import IllegalMove, Outcome
from logic.registry import get_game


def ids(text: str) -> list[int]:
    return [CARD_ID[c] for c in text.split()]


def craft(
    hands: list[str],
    *,
    rnd: int = 5,
    turn: int = 0,
    stage: str = "play",
    stock: str | None = None,
    discard: str = "",
    sets: list[tuple[int, int, str, str]] = (),
    laid: list[bool] | None = None,
    turns_done: list[int] | None = None,
    drawn: str | None = None,
    **opts,
):
    """A state in round ``rnd`` with the given hands; the rest of the deck is the stock unless given.
    ``sets``: (owner, typ, cards, reps) with cards/reps as code strings."""
    n = len(hands)
    st = GAME.new_game(GAME.make_config(players=n, **opts), 1)
    snap = GAME.snapshot(st)
    snap["round"] = rnd
    snap["hands"] = [ids(h) for h in hands]
    used = {c for h in snap["hands"] for c in h}
    snap["discard"] = ids(discard)
    used |= set(snap["discard"])
    snap["sets"] = []
    for i, (owner, typ, cards, reps) in enumerate(sets):
        snap["sets"].append([i + 1, owner, typ, ids(cards), ids(reps)])
        used |= set(ids(cards))
    snap["next_set_id"] = len(sets) + 1
    snap["stock"] = ids(stock) if stock is not None else [c for c in range(52) if c not in used]
    snap["turn"] = turn
    snap["stage"] = stage
    snap["laid"] = laid if laid is not None else [False] * n
    snap["turns_done"] = turns_done if turns_done is not None else [1] * n
    snap["drawn"] = CARD_ID[drawn] if drawn else -1
    return GAME.restore(snap)


def illegal(st, seat, action, match: str = ""):
    before = GAME.snapshot(st)
    with pytest.raises(IllegalMove, match=match):
        GAME.apply(st, seat, action)
    assert GAME.snapshot(st) == before


# --- config, registry, deal --------------------------------------------------------------------------


def test_registered_and_contract_values():
    g = get_game("beanie")
    assert g is GAME
    assert g.bot_levels == ("easy", "medium", "hard")
    assert g.default_turn_seconds == 60 and g.turn_timer_choices == (30, 60, 90, 120)
    assert (g.min_players, g.max_players) == (2, 4)


@pytest.mark.parametrize(
    "opts, words",
    [
        ({"players": 1}, "2 to 4"),
        ({"players": 5}, "2 to 4"),
        ({"players": 3, "rounds": 0}, "between 1 and 13"),
        ({"players": 3, "rounds": 14}, "between 1 and 13"),
        ({"players": 3, "beanie_value": 15}, "10 or 25"),
        ({"players": 3, "colour": "red"}, "colour"),
    ],
)
def test_bad_config_is_a_readable_value_error(opts, words):
    with pytest.raises(ValueError, match=words):
        GAME.make_config(**opts)


def test_deal_starter_gets_eight_and_skips_the_draw():
    for n in (2, 3, 4):
        st = GAME.new_game(GAME.make_config(players=n), 7)
        assert [len(h) for h in st.hands] == [8] + [7] * (n - 1)
        assert len(st.stock) == 52 - 8 - 7 * (n - 1) and st.discard == []
        assert GAME.to_move(st) == (0,) and st.stage == "play"
        assert DRAW_STOCK not in GAME.legal_actions(st, 0)


def test_starter_rotates_and_wild_rank_follows_the_round():
    st = GAME.new_game(GAME.make_config(players=3, rounds=5), 3)
    for rnd in range(1, 6):
        assert st.round == rnd and st.turn == (rnd - 1) % 3
        assert GAME.view(st, 0)["wild_rank"] == CODES[rnd - 1][:-1]
        GAME._end_round(st, -1)
        if rnd < 5:
            for seat in range(3):
                GAME.apply(st, seat, NEXT)
    assert GAME.phase(st) == "over"


def test_same_seed_same_deal_and_different_rounds_differ():
    a = GAME.new_game(GAME.make_config(players=2), 11)
    b = GAME.new_game(GAME.make_config(players=2), 11)
    assert GAME.snapshot(a) == GAME.snapshot(b)
    c = GAME.new_game(GAME.make_config(players=2), 12)
    assert a.hands != c.hands


# --- turn structure ---------------------------------------------------------------------------------


def test_draw_from_stock_then_discard_passes_the_turn():
    st = craft(["3S 9H KD", "4C 8C JC"], stage="draw", stock="2D 7S", discard="QH")
    assert GAME.legal_actions(st, 0) == [DRAW_STOCK, DRAW_DISCARD]
    illegal(st, 0, Discard("3S"), "Draw a card first")
    illegal(st, 1, DRAW_STOCK, "not your turn")
    GAME.apply(st, 0, DRAW_STOCK)
    assert st.hands[0][-1] == CARD_ID["7S"] and GAME.view(st, 0)["drawn_card"] == "7S"
    assert GAME.view(st, 1)["drawn_card"] is None
    illegal(st, 0, DRAW_DISCARD, "already drawn")
    GAME.apply(st, 0, Discard("KD"))
    assert st.turn == 1 and st.stage == "draw" and st.discard[-1] == CARD_ID["KD"]


def test_draw_from_discard_is_public():
    st = craft(["3S 9H KD", "4C 8C JC"], stage="draw", stock="2D 7S", discard="5H QH")
    assert GAME.describe(st, 0, DRAW_DISCARD) == "took QH from the discard pile"
    assert GAME.describe(st, 0, DRAW_STOCK) == "drew from the stock"
    GAME.apply(st, 0, DRAW_DISCARD)
    assert GAME.view(st, 1)["taken"][0] == ["QH"]
    assert GAME.view(st, 1)["discard_top"] == "5H"


def test_empty_stock_is_rebuilt_from_the_discard_pile_but_its_top():
    st = craft(["3S 9H KD", "4C 8C JC"], stage="draw", stock="2D", discard="5H 6H QH")
    GAME.apply(st, 0, DRAW_STOCK)
    assert st.stock == []
    GAME.apply(st, 0, Discard("KD"))
    assert st.discard == [CARD_ID["KD"]]
    assert sorted(st.stock) == sorted(ids("5H 6H QH"))
    assert GAME.view(st, 1)["stock_count"] == 3


def test_empty_stock_with_one_discard_forces_the_discard_draw():
    st = craft(["3S 9H KD", "4C 8C JC"], stage="draw", stock="", discard="QH")
    assert GAME.legal_actions(st, 0) == [DRAW_DISCARD]
    illegal(st, 0, DRAW_STOCK, "stock is empty")
    assert GAME.timeout_action(st, 0) == DRAW_DISCARD


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
    illegal(st, 0, WITHDRAW, "Only the player who proposed")
    GAME.apply(st, 0, PROPOSE)
    GAME.apply(st, 0, WITHDRAW)
    assert st.proposer == -1
    illegal(st, 0, PROPOSE, "once this turn")
    GAME.apply(st, 0, Discard("9C"))
    GAME.apply(st, 1, DRAW_STOCK)
    assert PROPOSE in GAME.legal_actions(st, 1)


# --- timeout, describe, misc --------------------------------------------------------------------------


def test_timeout_draws_then_discards_the_drawn_card():
    st = craft(["3S 9H KD", "4C 8C JC"], stage="draw", stock="2D 7S", discard="QH")
    a = GAME.timeout_action(st, 0)
    assert a == DRAW_STOCK
    GAME.apply(st, 0, a)
    a = GAME.timeout_action(st, 0)
    assert a == Discard("7S")
    GAME.apply(st, 0, a)
    assert len(st.hands[0]) == 3 and st.turn == 1


def test_timeout_after_the_drawn_card_was_played_discards_highest_natural():
    st = craft(["QS QH 5D KD 5S QD", "4C 8C JC"], rnd=5, drawn="QD", laid=[False, False])
    GAME.apply(st, 0, Lay(("QS", "QH", "QD")))
    assert GAME.timeout_action(st, 0) == Discard("KD")
    st2 = craft(["5D 5S", "4C 8C JC"], rnd=5)
    assert GAME.timeout_action(st2, 0) == Discard("5D")


def test_timeout_in_hand_over_confirms():
    st = craft(["9C", "AC 8C"], rnd=1)
    GAME.apply(st, 0, Discard("9C"))
    assert GAME.timeout_action(st, 1) == NEXT


def test_wrong_kind_of_object_and_decoding():
    st = craft(["9C 3S", "AC 8C"], rnd=1)
    illegal(st, 0, "discard 9C", "not a Beanie move")
    illegal(st, 0, NextHand(), "still being played")
    with pytest.raises(IllegalMove):
        GAME.decode_action({"kind": "fly"})
    a = Lay(("5D", "6D", "4C"), None, "high")
    assert GAME.decode_action(GAME.encode_action(a)) == a
    assert GAME.encode_action(Draw("discard")) == {"source": "discard", "kind": "draw"}


def test_describe_lines():
    sets = [(1, RUN, "6D 4C 8D", "6D 7D 8D")]
    st = craft(["7D 9D 9H 4S", "JC 8C"], rnd=4, sets=sets, laid=[True, True])
    assert GAME.describe(st, 0, Steal(1, "7D")) == "stole a Beanie from the ♦ run 6-8 with 7D"
    assert GAME.describe(st, 0, Add(1, "9D")) == "added 9D to the ♦ run 6-8"
    assert GAME.describe(st, 0, Star(1, "4S", "low")) == "placed a Beanie on the ♦ run 6-8"
    assert GAME.describe(st, 0, Discard("9H")) == "discarded 9H"
    assert GAME.describe(st, 0, PROPOSE) == "proposed ending the round as a draw"
    assert GAME.describe(st, 0, Lay(("9D", "9H", "4S"))) == "laid a match: 4S 9H 9D"


def test_rules_markdown_covers_options_choices_faq_examples():
    md = GAME.rules_markdown()
    for needle in ("## Choices we made", "## FAQ", "## Examples", "25", "Reclaim own Beanie", "Turn timer"):
        assert needle in md
    assert md.count("## ") >= 8


def test_snapshot_restore_round_trip_is_exact_and_json():
    st = craft(["7D 9D 9H 4S", "JC 8C"], rnd=4, sets=[(1, RUN, "6D 4C 8D", "6D 7D 8D")], laid=[True, True])
    snap = GAME.snapshot(st)
    again = json.loads(json.dumps(snap))
    assert GAME.snapshot(GAME.restore(again)) == snap
    c = GAME.clone(st)
    GAME.apply(c, 0, Steal(1, "7D"))
    assert GAME.snapshot(st) == snap
    with pytest.raises(ValueError):
        GAME.restore({"players": 2})


def test_view_shape_for_player_and_spectator():
    st = GAME.new_game(GAME.make_config(players=3), 5)
    v = GAME.view(st, 0)
    for key in (
        "game phase to_move seat players hand seats round_label scores summary message wild_rank round rounds "
        "stock_count discard_top sets laid_this_round vote turn_stage drawn_card scorecard"
    ).split():
        assert key in v
    assert v["round_label"] == "Round 1 — Beanie: Aces"
    assert len(v["hand"]) == 8 and v["seats"][1]["cards"] == 7
    spec = GAME.view(st, None)
    assert spec["hand"] == [] and spec["seat"] is None and spec["drawn_card"] is None
    json.dumps(v)
