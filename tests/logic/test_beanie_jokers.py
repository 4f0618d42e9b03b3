"""Beanie house rule "Two jokers" (``jokers``, issue 52): two jokers (JK1, JK2) join the deck and are wild in every
round beside the round's Beanies; they fill sets, are placed with the star, are stolen by the card they stand for,
and cost what a Beanie costs when left in a hand."""

from __future__ import annotations

import random

import pytest

from logic.beanie import GAME
from logic.beanie import sets as S
from logic.beanie.actions import BeanieConfig, Discard, Lay, Star, Steal
from logic.beanie.deck import JOKERS, is_wild
from logic.beanie.state import restore_state, snapshot_state
from tests.logic.beanie_support import craft, illegal


def _codes(cards: list[int]) -> list[str]:
    return [S.CODES[c] for c in cards]


def test_switch_is_off_by_default_under_house_rules_and_off_keeps_snapshots() -> None:
    assert BeanieConfig().jokers is False
    info = BeanieConfig.OPTIONS.options["jokers"]
    assert info.group == "house" and info.help is not None
    snap = snapshot_state(GAME.new_game(GAME.make_config(players=2), 3))
    assert "jokers" not in snap and restore_state(snap).jokers is False
    on = GAME.new_game(GAME.make_config(players=2, jokers=True), 3)
    assert restore_state(snapshot_state(on)).jokers and GAME.view(on, 0)["options"]["jokers"]
    assert GAME.view(GAME.new_game(GAME.make_config(players=2), 3), 0)["options"]["jokers"] is False


@pytest.mark.parametrize("players", [2, 4])
def test_the_deck_has_54_cards_with_jokers_and_52_without(players: int) -> None:
    for on, size in ((False, 52), (True, 54)):
        st = GAME.new_game(GAME.make_config(players=players, jokers=on), 11)
        cards = [c for h in st.hands for c in h] + st.stock
        assert sorted(cards) == list(range(size))
        assert sorted(len(h) for h in st.hands) == [7] * (players - 1) + [8]  # the deal's sizes do not change


def test_a_joker_is_wild_in_every_round() -> None:
    for rnd in range(1, 14):
        assert all(is_wild(j, rnd) for j in JOKERS)
        assert S.WILD[rnd][S.CARD_ID["5S"]] is (rnd == 5)


def test_a_joker_fills_a_gap_in_a_run_and_stands_for_the_card() -> None:
    st = craft(["7H JK1 9H KD 2S", "3C 8S QD"], jokers=True)
    GAME.apply(st, 0, Lay(("7H", "JK1", "9H")))
    s = st.sets[0]
    assert _codes(s[3]) == ["7H", "JK1", "9H"] and _codes(s[4]) == ["7H", "8H", "9H"]
    card = GAME.view(st, 1)["sets"][0]["cards"][1]
    assert card == {"code": "JK1", "wild": True, "as": "8H"}


def test_a_joker_and_the_rounds_beanie_make_a_match_with_one_natural_card() -> None:
    st = craft(["KH JK2 5S 2C 9D", "3C 8S QD"], jokers=True)  # round 5: the 5s are Beanies too
    lays = [a for a in GAME.legal_actions(st, 0) if a.kind == "lay" and set(a.cards) == {"KH", "JK2", "5S"}]
    assert {a.as_type for a in lays} == {"match", "run"}  # one natural card and two wilds: the player chooses
    illegal(st, 0, Lay(("KH", "JK2", "5S")), "match or a run")
    GAME.apply(st, 0, Lay(("KH", "JK2", "5S"), "match"))
    assert S.RANK[st.sets[0][4][0]] == 13 and len(st.sets[0][3]) == 3


def test_a_set_needs_a_natural_card_jokers_alone_are_not_a_set() -> None:
    st = craft(["JK1 JK2 5S 2C 9D", "3C 8S QD"], jokers=True)
    illegal(st, 0, Lay(("JK1", "JK2", "5S")), "not a Beanie")


def test_a_joker_is_placed_with_the_star_never_added_as_a_natural_card() -> None:
    st = craft(["JK1 9C 8C 7D", "2D 3D 4C"], jokers=True, sets=[(1, S.RUN, "JS QS KS", "JS QS KS")],
               laid=[True, True])
    legal = GAME.legal_actions(st, 0)
    assert Star(1, "JK1") in legal and Discard("JK1") in legal
    assert not any(a.kind == "add" and a.card == "JK1" for a in legal)
    GAME.apply(st, 0, Star(1, "JK1"))  # the run is closed above the King: the joker goes below the Jack
    assert _codes(st.sets[0][3]) == ["JK1", "JS", "QS", "KS"] and _codes(st.sets[0][4]) == ["10S", "JS", "QS", "KS"]


def test_a_joker_is_stolen_by_the_card_it_stands_for() -> None:
    st = craft(["8H 2C 3S JD", "KC QS 4H"], jokers=True, laid=[True, True],
               sets=[(0, S.MATCH, "10S 10H 10D", "10S 10H 10D"), (1, S.RUN, "7H JK2 9H", "7H 8H 9H")])
    assert Steal(2, "8H") in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, Steal(2, "8H"))
    assert _codes(st.sets[1][3]) == ["7H", "8H", "9H"] and "JK2" in _codes(st.hands[0])
    assert "🃏" in st.message
    illegal(st, 0, Steal(2, "JK2"), "natural card")  # a joker never steals


def test_a_joker_left_in_hand_costs_what_a_beanie_costs() -> None:
    assert S.hand_points([JOKERS[0]], 3, 10) == 10 and S.hand_points([JOKERS[1]], 12, 25) == 25
    st = craft(["4S", "JK1 KH", "2C 3C"], jokers=True, beanie_value=25)
    GAME.apply(st, 0, Discard("4S"))  # out: the round is scored
    winner, pts, _left = st.result
    assert winner == 0 and pts[1] == 25 + 10 and pts[2] == 5


def test_without_the_switch_a_joker_is_no_card() -> None:
    st = craft(["7H 9H KD 2S 3D", "3C 8S QD"])
    illegal(st, 0, Lay(("7H", "JK1", "9H")), "not in your hand")


def test_the_timeout_discard_keeps_a_joker_while_a_natural_card_is_left() -> None:
    st = craft(["JK1 KD 2S", "3C 8S QD"], jokers=True)
    assert GAME.timeout_action(st, 0) == Discard("KD")


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_use_jokers_and_finish_games_with_them(level: str) -> None:
    cfg = GAME.make_config(players=3, rounds=3, jokers=True)
    bot = GAME.make_bot(level)
    laid_jokers = 0
    for seed in (5, 6):
        st = GAME.new_game(cfg, seed)
        rng = random.Random(seed)
        for _ in range(4000):
            if GAME.outcome(st) is not None:
                break
            seat = GAME.to_move(st)[0]
            action = bot.choose(GAME.view(st, seat), GAME.legal_actions(st, seat), rng)
            if action.kind in ("lay", "star") and any(c in ("JK1", "JK2") for c in
                                                       (action.cards if action.kind == "lay" else (action.card,))):
                laid_jokers += 1
            GAME.apply(st, seat, action)
        assert GAME.outcome(st) is not None
    assert laid_jokers > 0, "the computer players never put a joker on the table"
