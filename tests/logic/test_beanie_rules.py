"""Beanie rules from crafted states: config, the deal, turn structure, timeouts, views."""

from __future__ import annotations

import json

import pytest

from logic.beanie import GAME
from logic.beanie.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    NEXT,
    PROPOSE,
    Add,
    Discard,
    Draw,
    Lay,
    NextHand,
    Star,
    Steal,
)
from logic.beanie.sets import CARD_ID, CODES, RUN
from logic.beanie.turn import end_round
from logic.game import IllegalMove
from logic.registry import get_game
from tests.logic.beanie_support import craft, ids, illegal

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
        end_round(st, -1)
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
    assert GAME.describe(st, 0, DRAW_DISCARD) == "took Q♥ from the discard pile"
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
    assert GAME.describe(st, 0, Steal(1, "7D")) == "stole a Beanie from the ♦ run 6-8 with 7♦"
    assert GAME.describe(st, 0, Add(1, "9D")) == "added 9♦ to the ♦ run 6-8"
    assert GAME.describe(st, 0, Star(1, "4S", "low")) == "placed a Beanie on the ♦ run 6-8"
    assert GAME.describe(st, 0, Discard("9H")) == "discarded 9♥"
    assert GAME.describe(st, 0, PROPOSE) == "proposed ending the round as a draw"
    assert GAME.describe(st, 0, Lay(("9D", "9H", "4S"))) == "laid a match: 4♠ 9♥ 9♦"
    st = craft(["AD 10C JC 4S", "JC 8C"], rnd=1)  # Aces are wild: the A♦ stands for the 9♣ (as its badge says)
    assert GAME.describe(st, 0, Lay(("AD", "10C", "JC"), end="low")) == "laid a run: A♦=9♣ 10♣ J♣"
    GAME.apply(st, 0, Lay(("AD", "10C", "JC"), end="low"))
    assert "laid a run: A♦=9♣ 10♣ J♣." in GAME.view(st, 1)["message"]  # the table's line says the same


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
