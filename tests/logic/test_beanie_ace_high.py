"""Beanie house rule "Q-K-A runs" (``ace_high_runs``, issue 52): an ace may also sit above the King in a run (runs
still never turn the corner: K-A-2 is no run)."""

from __future__ import annotations

import random

import pytest

from logic.beanie import GAME
from logic.beanie import sets as S
from logic.beanie.actions import Add, BeanieConfig, Lay, Star
from logic.beanie.state import restore_state, snapshot_state
from tests.logic.beanie_support import craft, ids, illegal


def _lays(st, seat=0):
    return {frozenset(a.cards): a for a in GAME.legal_actions(st, seat) if a.kind == "lay"}


def test_switch_is_off_by_default_under_house_rules_and_off_keeps_snapshots() -> None:
    assert BeanieConfig().ace_high_runs is False
    info = BeanieConfig.OPTIONS.options["ace_high_runs"]
    assert info.group == "house" and info.help is not None
    snap = snapshot_state(GAME.new_game(GAME.make_config(players=2), 3))
    assert "ace_high_runs" not in snap and restore_state(snap).ace_high_runs is False
    on = GAME.new_game(GAME.make_config(players=2, ace_high_runs=True), 3)
    assert restore_state(snapshot_state(on)).ace_high_runs and GAME.view(on, 0)["options"]["ace_high_runs"]


@pytest.mark.parametrize("cards, standard, high", [
    ("QH KH AH", None, ["QH", "KH", "AH"]),
    ("AH 2H 3H", ["AH", "2H", "3H"], ["AH", "2H", "3H"]),  # the ace stays low where it must
    ("KH AH 2H", None, None),  # no turning the corner
    ("QH AH 5S", None, ["QH", "5S", "AH"]),  # round 5: the 5♠ stands for the K♥ between
])
def test_runs_with_a_high_ace(cards: str, standard, high) -> None:
    for on, want in ((False, standard), (True, high)):
        try:
            typ, placed, _reps = S.build_set(ids(cards), 5, "run", None, on)
        except Exception:  # noqa: BLE001  (IllegalMove: not a run)
            assert want is None, (cards, on)
            continue
        assert typ == S.RUN and [S.CODES[c] for c in placed] == want, (cards, on)


def test_a_lone_ace_with_beanies_asks_for_the_end_and_both_are_legal() -> None:
    st = craft(["AH 5S 5D 9C 8C", "2D 3D 4C"], ace_high_runs=True)
    lays = [a for a in GAME.legal_actions(st, 0) if a.kind == "lay" and set(a.cards) == {"AH", "5S", "5D"}]
    assert {(a.as_type, a.end) for a in lays} >= {("run", "low"), ("run", "high")}
    illegal(st, 0, Lay(("AH", "5S", "5D"), "run"), "Choose the end")
    GAME.apply(st, 0, Lay(("AH", "5S", "5D"), "run", "low"))  # the Beanies below the ace: Q-K-A
    assert [S.CODES[c] for c in st.sets[0][4]] == ["QH", "KH", "AH"]


def test_laying_and_adding_an_ace_above_a_king() -> None:
    std = craft(["QH KH AH 9C 8C", "2D 3D 4C"])
    assert frozenset({"QH", "KH", "AH"}) not in _lays(std)
    illegal(std, 0, Lay(("QH", "KH", "AH")), "neither")
    st = craft(["QH KH AH 9C 8C", "2D 3D 4C"], ace_high_runs=True)
    assert frozenset({"QH", "KH", "AH"}) in _lays(st)
    GAME.apply(st, 0, Lay(("QH", "KH", "AH")))
    assert [S.CODES[c] for c in st.sets[0][3]] == ["QH", "KH", "AH"]
    st = craft(["AS 9C 8C 7D", "2D 3D 4C"], ace_high_runs=True, sets=[(1, S.RUN, "JS QS KS", "JS QS KS")],
               laid=[True, True])
    assert Add(1, "AS") in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, Add(1, "AS"))
    assert [S.CODES[c] for c in st.sets[0][3]] == ["JS", "QS", "KS", "AS"]
    assert S.accepts(st.sets[0], 5, True) == ids("10S") and S.star_ends(st.sets[0], True) == (None,)


def test_a_beanie_above_a_king_stands_for_the_ace() -> None:
    std = craft(["5S 9C 8C 7D", "2D 3D 4C"], sets=[(1, S.RUN, "JS QS KS", "JS QS KS")], laid=[True, True])
    assert [a.end for a in GAME.legal_actions(std, 0) if isinstance(a, Star)] == [None]  # only below the J
    st = craft(["5S 9C 8C 7D", "2D 3D 4C"], ace_high_runs=True, sets=[(1, S.RUN, "JS QS KS", "JS QS KS")],
               laid=[True, True])
    GAME.apply(st, 0, Star(1, "5S", "high"))
    assert [S.CODES[c] for c in st.sets[0][4]] == ["JS", "QS", "KS", "AS"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_whole_rounds_with_high_aces(level: str) -> None:
    cfg = GAME.make_config(players=3, rounds=2, ace_high_runs=True, last_turns=True)
    bot = GAME.make_bot(level)
    st = GAME.new_game(cfg, 9)
    rng = random.Random(2)
    for _ in range(3000):
        if GAME.outcome(st) is not None:
            break
        seat = GAME.to_move(st)[0]
        GAME.apply(st, seat, bot.choose(GAME.view(st, seat), GAME.legal_actions(st, seat), rng))
    assert GAME.outcome(st) is not None
