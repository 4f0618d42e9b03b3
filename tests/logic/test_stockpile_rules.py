"""Stockpile rules from crafted states: setup, building piles, ending a turn, undo, views."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from logic.game import IllegalMove
from logic.registry import get_game
from logic.stockpile import GAME
from logic.stockpile import actions as A
from logic.stockpile import state as S
from logic.stockpile.actions import Commit, Discard, NextHand, Pass, Play, Undo
from logic.stockpile.testing import FULL, V, all_cards, crafted
from tests.logic.stockpile_support import must_fail

# --- config and setup ----------------------------------------------------------------------------


def test_registered_and_contract_fields():
    g = get_game("stockpile")
    assert g is GAME
    assert (g.min_players, g.max_players) == (2, 6)
    assert g.bot_levels == ("easy", "medium", "hard")


@pytest.mark.parametrize(
    "opts, text",
    [
        ({"players": 1}, "2 to 6"),
        ({"players": 7}, "2 to 6"),
        ({"players": "many"}, "whole number"),
        ({"players": 3, "partners": True}, "4 or 6"),
        ({"players": 2, "stock_size": "huge"}, "short"),
        ({"players": 2, "series": "300"}, "500"),
        ({"players": 2, "colour": "red"}, "colour"),
    ],
)
def test_bad_config(opts, text):
    with pytest.raises(ValueError) as err:
        GAME.make_config(**opts)
    assert text in str(err.value)


def test_config_accepts_series_as_number_and_stock_sizes():
    assert GAME.make_config(players=2, series=500).series == "500"
    assert GAME.make_config(players=4, stock_size="standard").stock_cards == 30
    assert GAME.make_config(players=5, stock_size="standard").stock_cards == 20
    assert GAME.make_config(players=6, stock_size="short").stock_cards == 10
    assert GAME.make_config(players=6, partners=True).partners


def test_deck_is_162_cards():
    deck = A.full_deck()
    assert len(deck) == 162
    c = Counter(deck)
    assert c[A.WILD] == 18 and all(c[v] == 12 for v in range(1, 13))
    assert [A.code(v) for v in (0, 1, 12)] == ["W", "1", "12"]
    assert A.value_of("w") == 0 and A.value_of("10") == 10
    with pytest.raises(ValueError):
        A.value_of("13")


@pytest.mark.parametrize(
    "players, size, each", [(2, "standard", 30), (4, "standard", 30), (5, "standard", 20), (3, "short", 10)]
)
def test_new_deal(players, size, each):
    s = GAME.new_game(GAME.make_config(players=players, stock_size=size), 7)
    assert all(len(st) == each for st in s.stocks)
    assert all_cards(s) == FULL
    assert len(s.hands[s.turn]) == 5  # first player's hand is topped up
    assert all(not h for i, h in enumerate(s.hands) if i != s.turn)
    assert s.builds == [[], [], [], []]
    assert GAME.phase(s) == "play" and GAME.to_move(s) == (s.turn,)


def test_first_player_is_random_per_deal_and_seeded():
    firsts = {GAME.new_game(GAME.make_config(players=4), seed).turn for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    a = GAME.new_game(GAME.make_config(players=3), 99)
    b = GAME.new_game(GAME.make_config(players=3), 99)
    assert S.snapshot(a) == S.snapshot(b)


# --- playing onto building piles ------------------------------------------------------------------


def test_empty_pile_takes_1_or_wild_only():
    s = crafted(hands=["2 1 W", ""])
    must_fail(s, 0, Play("hand:0", 0), "needs a 1")
    GAME.apply(s, 0, Play("hand:1", 0))
    assert s.builds[0] == [1] and s.hands[0] == V("2 W")
    GAME.apply(s, 0, Play("hand:1", 1))  # the wild starts pile 2 as a 1
    assert s.builds[1] == [0]
    v = GAME.view(s, 0)
    assert v["build"][1] == {"top": 1, "needs": 2, "size": 1, "top_card": "W", "playable": ["hand:0"]}


def test_pile_climbs_by_one_and_wild_takes_the_needed_number():
    s = crafted(hands=["5 W 7 4", ""], builds=[3, 0, 0, 0])
    must_fail(s, 0, Play("hand:0", 0), "needs a 4")
    GAME.apply(s, 0, Play("hand:3", 0))  # 4
    GAME.apply(s, 0, Play("hand:0", 0))  # 5
    GAME.apply(s, 0, Play("hand:0", 0))  # wild = 6
    GAME.apply(s, 0, Play("hand:0", 0))  # 7
    assert len(s.builds[0]) == 7 and s.builds[0][-2] == A.WILD
    assert GAME.view(s, 0)["build"][0]["needs"] == 8


def test_reaching_12_clears_the_pile_to_set_aside():
    s = crafted(hands=["12 3", ""], builds=[11, 0, 0, 0])
    GAME.apply(s, 0, Play("hand:0", 0))
    assert s.builds[0] == [] and len(s.set_aside) == 12
    assert not s.undo  # completing a pile is final
    must_fail(s, 0, Undo(), "nothing to undo")


def test_play_from_stock_turns_next_card_and_is_final():
    s = crafted(hands=["9", ""], stocks=["4 1", "6 6"])
    GAME.apply(s, 0, Play("stock:0", 2))
    assert s.stocks[0] == [4] and s.builds[2] == [1]
    assert GAME.view(s, 1)["stocks"][0] == {"top": "4", "count": 1}
    assert not GAME.view(s, 0)["undo_available"]


def test_play_from_discard_top_only():
    s = crafted(hands=["9", ""], discards={(0, 2): "1 2"}, builds=[1, 0, 0, 0])
    assert Play("discard:0:2", 0) in GAME.legal_actions(s, 0)
    GAME.apply(s, 0, Play("discard:0:2", 0))
    assert s.discards[0][2] == [1] and len(s.builds[0]) == 2
    must_fail(s, 0, Play("discard:0:1", 0), "empty")


def test_cannot_use_other_players_piles_or_bad_sources():
    s = crafted(hands=["1", ""], stocks=["5", "1"], discards={(1, 0): "1"})
    must_fail(s, 0, Play("stock:1", 0), "your own stock")
    must_fail(s, 0, Play("discard:1:0", 0), "your own discard")
    must_fail(s, 0, Play("hand:4", 0), "no card in that hand slot")
    must_fail(s, 0, Play("hand:9", 0), "no card in that hand slot")
    must_fail(s, 0, Play("deck", 0), "hand, a stock")
    must_fail(s, 0, Play("stock:5", 0), "no such seat")
    must_fail(s, 0, Play("hand:0", 4), "four building piles")
    must_fail(s, 0, Discard(0, 4), "four discard piles")
    must_fail(s, 0, Discard(3, 0), "pick a card")


def test_out_of_turn_rejected():
    s = crafted(hands=["1", "1"])
    for a in (Play("hand:0", 0), Discard(0, 0), Undo(), Commit(), Pass(), NextHand()):
        with pytest.raises(IllegalMove):
            GAME.apply(s, 1, a)
    must_fail(s, 1, Play("hand:0", 0), "not your turn")
    must_fail(s, 7, Play("hand:0", 0), "no such seat")
    assert GAME.legal_actions(s, 1) == []
    must_fail(s, 0, "play", "not a stockpile move")


def test_emptying_the_hand_mid_turn_draws_five_and_is_final():
    s = crafted(hands=["1 2", ""], draw="3 4 5 6 7 8 9")
    GAME.apply(s, 0, Play("hand:0", 0))
    assert s.undo  # still undoable
    GAME.apply(s, 0, Play("hand:0", 0))
    assert s.hands[0] == [9, 8, 7, 6, 5] and s.draw == [3, 4]
    assert not s.undo


def test_draw_pile_runs_out_and_set_aside_is_shuffled_back():
    s = crafted(hands=["1", ""], draw="7 8", set_aside="2 3 4 5 6 9 10")
    GAME.apply(s, 0, Play("hand:0", 0))
    assert len(s.hands[0]) == 5 and s.set_aside == [] and len(s.draw) == 4 and s.recycles == 1
    assert sorted(s.hands[0] + s.draw) == sorted(V("7 8 2 3 4 5 6 9 10"))
    # the reshuffle is derived from the seed: the same again gives the same order
    t = crafted(hands=["1", ""], draw="7 8", set_aside="2 3 4 5 6 9 10")
    GAME.apply(t, 0, Play("hand:0", 0))
    assert t.hands == s.hands and t.draw == s.draw


def test_cleared_pile_refills_an_empty_hand_when_nothing_was_left_to_draw():
    s = crafted(hands=["12", ""], builds=[11, 0, 0, 0])
    GAME.apply(s, 0, Play("hand:0", 0))
    assert len(s.hands[0]) == 5 and len(s.draw) == 7


# --- ending a turn ---------------------------------------------------------------------------------


def test_discard_then_pause_then_commit_refills_next_player():
    s = crafted(hands=["3 9", "4"], draw="1 2 3 4 5 6 7")
    GAME.apply(s, 0, Discard(1, 3))
    assert s.discards[0][3] == [9] and GAME.phase(s) == "pending"
    assert GAME.pending_commit(s) == (3.0, 0, Commit())
    assert GAME.legal_actions(s, 0) == [Undo(), Commit()]
    must_fail(s, 0, Play("hand:0", 0), "undo the discard")
    GAME.apply(s, 0, Commit())
    assert s.turn == 1 and GAME.phase(s) == "play" and GAME.pending_commit(s) is None
    assert len(s.hands[1]) == 5 and s.hands[1][0] == 4


def test_commit_needs_a_discard_first():
    s = crafted(hands=["3", ""])
    must_fail(s, 0, Commit(), "discard a card")


def test_discarding_last_card_ends_turn_without_new_hand():
    s = crafted(hands=["8", ""], draw="1 2 3 4 5 6 7 8 9 10")
    GAME.apply(s, 0, Discard(0, 0))
    assert s.hands[0] == [] and s.stage == "pending"
    GAME.apply(s, 0, Commit())
    assert s.hands[0] == [] and s.turn == 1


def test_turns_go_clockwise():
    s = crafted(players=3, hands=["8", "", ""], turn=2, draw="1 2 3 4 5 6 7 8 9 10 11")
    s.hands[2] = V("5")
    GAME.apply(s, 2, Discard(0, 0))
    GAME.apply(s, 2, Commit())
    assert s.turn == 0


# --- undo ------------------------------------------------------------------------------------------


def test_undo_play_from_hand_restores_hand_order():
    s = crafted(hands=["7 1 9 2", ""], discards={(0, 1): "6 3"}, builds=[0, 1, 0, 0])
    before = S.snapshot(s)
    GAME.apply(s, 0, Play("hand:1", 0))
    GAME.apply(s, 0, Play("hand:2", 1))  # the 2 (hand is now 7 9 2)
    GAME.apply(s, 0, Play("discard:0:1", 1))
    assert GAME.view(s, 0)["undo_available"]
    for _ in range(3):
        GAME.apply(s, 0, Undo())
    after = S.snapshot(s)
    for k in ("hands", "builds", "discards", "undo"):
        assert after[k] == before[k]
    must_fail(s, 0, Undo(), "nothing to undo")


def test_undo_discard_during_pause_then_keep_playing():
    s = crafted(hands=["1 5", ""], draw="1 2 3 4 5 6 7 8")
    GAME.apply(s, 0, Play("hand:0", 0))
    GAME.apply(s, 0, Discard(0, 2))
    GAME.apply(s, 0, Undo())
    assert GAME.phase(s) == "play" and s.hands[0] == [5] and s.discards[0][2] == []
    GAME.apply(s, 0, Undo())  # the earlier play can still be taken back
    assert s.hands[0] == [1, 5] and s.builds[0] == []


def test_undo_not_across_a_stock_reveal():
    s = crafted(hands=["1 W", ""], stocks=["9 2", "5"])
    GAME.apply(s, 0, Play("hand:0", 0))
    GAME.apply(s, 0, Play("stock:0", 0))
    must_fail(s, 0, Undo(), "final")
    GAME.apply(s, 0, Play("hand:0", 1))  # the wild
    GAME.apply(s, 0, Undo())
    assert s.hands[0] == [A.WILD]


# --- view, describe, timeout, rules text -----------------------------------------------------------


def test_view_shape_and_spectator():
    s = GAME.new_game(GAME.make_config(players=3, stock_size="short", series="500"), 5)
    for seat in (None, 0, 1, 2):
        v = GAME.view(s, seat)
        json.dumps(v)
        for key in (
            "game", "phase", "to_move", "seat", "players", "hand", "seats", "round_label", "scores", "summary",
            "message", "build", "stocks", "discards", "draw_count", "set_aside_count", "undo_available",
            "turn_stage", "partners", "teams",
        ):  # fmt: skip
            assert key in v
        assert len(v["seats"]) == 3 and set(v["seats"][0]) == {"cards", "title", "status", "score", "team"}
        assert len(v["build"]) == 4 and len(v["discards"]) == 3
    assert GAME.view(s, None)["hand"] == []
    assert GAME.view(s, s.turn)["hand"] == [A.code(c) for c in s.hands[s.turn]]
    assert GAME.view(s, 0)["draw_count"] == 162 - 30 - 5
    with pytest.raises(ValueError):
        GAME.view(s, 3)


def test_describe_and_message_are_public_lines():
    s = crafted(hands=["1 W 8", ""], stocks=["6 2", "3"], builds=[0, 0, 0, 0], draw="4 4 4 4 4")
    assert GAME.describe(s, 0, Play("hand:0", 0)) == "played a 1 from their hand on pile 1"
    GAME.apply(s, 0, Play("hand:0", 0))
    assert GAME.describe(s, 0, Play("hand:0", 0)) == "played a wild as 2 from their hand on pile 1"
    assert "stock" in GAME.describe(s, 0, Play("stock:0", 0))
    assert GAME.describe(s, 0, Discard(1, 2)) == "discarded an 8 on discard pile 3"  # (an 8, an 11)
    assert GAME.describe(s, 0, Undo()) == "took a move back"
    assert GAME.view(s, 1)["message"] == "Seat 1 played a 1 from their hand on pile 1"


def test_timeout_action_ends_the_turn():
    s = crafted(hands=["1 9 W", ""], draw="4 4 4 4 4 4")
    a = GAME.timeout_action(s, 0)
    assert isinstance(a, Discard) and s.hands[0][a.hand_index] == 9
    GAME.apply(s, 0, a)
    assert GAME.timeout_action(s, 0) == Commit()
    s2 = crafted(hands=["", ""], stocks=["9", "9"], builds=[3, 3, 3, 3])
    assert GAME.timeout_action(s2, 0) == Pass()


def test_rules_markdown_covers_the_sections():
    md = GAME.rules_markdown()
    for heading in ("## Options", "## Controls", "## Choices we made", "## FAQ", "## Examples"):
        assert heading in md
    assert md.count("**") > 10
