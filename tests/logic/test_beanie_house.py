"""Beanie house rules (issue 52): one last turn each after someone goes out."""

from __future__ import annotations

import random

import pytest

from logic.beanie import GAME
from logic.beanie.actions import PROPOSE, BeanieConfig, Discard, Draw, Lay
from logic.beanie.state import restore_state, snapshot_state
from tests.logic.beanie_support import craft, illegal


def test_switch_is_off_by_default_and_under_house_rules() -> None:
    assert BeanieConfig().last_turns is False
    sheet = BeanieConfig.OPTIONS
    assert sheet.options["last_turns"].group == "house" and sheet.options["last_turns"].help is not None
    assert ("house", sheet.groups[1][1]) == sheet.groups[1]


def test_standard_snapshot_unchanged_and_old_saves_restore() -> None:
    st = GAME.new_game(GAME.make_config(players=3), 4)
    snap = snapshot_state(st)
    assert "last_turns" not in snap and "out_seat" not in snap
    assert restore_state(snap).last_turns is False and restore_state(snap).out_seat == -1
    on = GAME.new_game(GAME.make_config(players=3, last_turns=True), 4)
    assert restore_state(snapshot_state(on)).last_turns is True


def test_standard_rules_going_out_ends_the_round_at_once() -> None:
    st = craft(["5S", "KH QH", "2C 3C"], turn=0)
    GAME.apply(st, 0, Discard("5S"))
    assert st.phase == "hand-over" and st.result[0] == 0


def test_last_turns_everyone_else_plays_once_more() -> None:
    # round 5 (5s wild); seat 0 goes out by discarding; seats 1 and 2 each get one last turn
    st = craft(["4S", "KH QH 9D", "2C 3C 8D"], turn=0, last_turns=True)
    GAME.apply(st, 0, Discard("4S"))
    assert st.phase == "play" and st.turn == 1 and st.out_seat == 0 and st.stage == "draw"
    assert "last turn" in st.message
    v = GAME.view(st, 1)
    assert "went out" in v["seats"][0]["status"]
    GAME.apply(st, 1, Draw("stock"))
    assert PROPOSE not in GAME.legal_actions(st, 1)  # no end-round vote during the last turns
    illegal(st, 1, PROPOSE, "last turns")
    GAME.apply(st, 1, Discard("KH"))
    assert st.phase == "play" and st.turn == 2
    GAME.apply(st, 2, Draw("stock"))
    GAME.apply(st, 2, Discard("8D"))
    assert st.phase == "hand-over"
    winner, pts, left = st.result
    assert winner == 0 and pts[0] == 0 and pts[1] > 0 and pts[2] > 0
    assert st.round == 5 and st.out_seat == 0


def test_going_out_on_the_last_turn_scores_zero_too() -> None:
    st = craft(["4S", "6H 7H 8H", "2C 3C 8D"], turn=0, laid=[True, False, False], last_turns=True,
               stock="KD QD JD 9S")
    GAME.apply(st, 0, Discard("4S"))
    GAME.apply(st, 1, Draw("stock"))  # 9S
    GAME.apply(st, 1, Lay(("6H", "7H", "8H")))
    GAME.apply(st, 1, Discard("9S"))  # out on the last turn
    assert st.turn == 2 and st.phase == "play" and "last turn" in st.message
    GAME.apply(st, 2, Draw("stock"))
    GAME.apply(st, 2, Discard("JD"))
    winner, pts, _left = st.result
    assert winner == 0 and pts[0] == 0 and pts[1] == 0 and pts[2] > 0


def test_going_out_by_laying_the_last_cards_starts_the_last_turns() -> None:
    st = craft(["6H 7H 8H", "KH QH", "2C 3C"], turn=0, last_turns=True)
    GAME.apply(st, 0, Lay(("6H", "7H", "8H")))
    assert st.phase == "play" and st.turn == 1 and st.out_seat == 0


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_finish_games_with_last_turns(level: str) -> None:
    cfg = GAME.make_config(players=3, rounds=2, last_turns=True)
    bot = GAME.make_bot(level)
    for seed in range(2):
        st = GAME.new_game(cfg, seed)
        rng = random.Random(seed)
        steps = 0
        while GAME.outcome(st) is None:
            seat = GAME.to_move(st)[0]
            legal = GAME.legal_actions(st, seat)
            a = bot.choose(GAME.view(st, seat), legal, rng)
            GAME.apply(st, seat, a)
            steps += 1
            assert steps < 5000
        assert sum(len(h) for h in st.hands) + len(st.stock) + len(st.discard) + sum(len(s[3]) for s in st.sets) == 52
