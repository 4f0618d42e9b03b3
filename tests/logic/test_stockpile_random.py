"""Stockpile: many-seed random playouts (fuzzing the engine), replay, round trips, secrecy, illegal moves."""

from __future__ import annotations

import json
import random

import pytest

from logic.game import IllegalMove
from logic.stockpile import GAME
from logic.stockpile import actions as A
from logic.stockpile import rules as R
from logic.stockpile import state as S
from logic.stockpile.actions import Commit, Discard, NextHand, Pass, Play, Undo
from logic.stockpile.testing import FULL, all_cards, random_game

CONFIGS = [
    dict(players=2, stock_size="short"),
    dict(players=3, stock_size="short", series="500"),
    dict(players=4, stock_size="short", partners=True),
    dict(players=5, stock_size="short"),
    dict(players=6, stock_size="short", partners=True, series="500"),
    dict(players=2, stock_size="standard"),
]


def _invariants(s: S.State) -> None:
    assert all_cards(s) == FULL
    assert all(len(b) < 12 for b in s.builds)
    for b in s.builds:
        assert all(c == A.WILD or c == i + 1 for i, c in enumerate(b))
    assert all(len(h) <= 5 for h in s.hands)


@pytest.mark.parametrize("block", range(6))
def test_random_games_end_conserve_cards_and_replay(block):
    """300 random games over all table shapes (50 per block); series are played stock-first so they
    end in a reasonable number of deals."""
    for k in range(50):
        seed = block * 1000 + k
        opts = CONFIGS[(block + k) % len(CONFIGS)]
        series = opts.get("series") == "500"
        if series and k % 4:
            opts = {**opts, "series": "single"}
            series = False
        config = GAME.make_config(**opts)
        steps = [0]

        def check(s, seat, a, rng, steps=steps):
            steps[0] += 1
            if steps[0] % 97 == 0:
                _invariants(s)

        s, log = random_game(seed, config, on_step=check, stock_first=series)
        _invariants(s)
        out = GAME.outcome(s)
        assert out is not None and len(out.scores) == config.players
        if config.series == "500":
            assert max(s.scores) >= R.SERIES_TARGET or s.stuck_deals >= R.MAX_STUCK_DEALS
        elif s.deal_winner >= 0:
            team = S.team_seats(s, s.deal_winner)
            assert all(not s.stocks[o] for o in team)
            left = sum(len(s.stocks[o]) for o in range(config.players) if o not in team)
            assert [s.scores[o] for o in team] == [25 + 5 * left] * len(team)
            assert sum(s.scores) == len(team) * (25 + 5 * left)
        else:
            assert s.scores == [0] * config.players
        if config.partners:
            half = config.players // 2
            assert all(s.scores[i] == s.scores[i + half] for i in range(half))
        replayed = GAME.replay(config, seed, log)
        assert GAME.snapshot(replayed) == GAME.snapshot(s)


def test_snapshot_restore_clone_round_trip_mid_game():
    config = GAME.make_config(players=4, partners=True, stock_size="short", series="500")
    seen_stages = set()

    def check(s, seat, a, rng):
        if rng.random() < 0.05:
            seen_stages.add(s.stage)
            snap = GAME.snapshot(s)
            assert json.loads(json.dumps(snap)) == snap
            back = GAME.restore(json.loads(json.dumps(snap)))
            assert GAME.snapshot(back) == snap
            c = GAME.clone(s)
            assert GAME.snapshot(c) == snap
            GAME.apply(c, seat, a)  # mutating the clone leaves the original alone
            assert GAME.snapshot(s) == snap
            assert GAME.legal_actions(back, seat) == GAME.legal_actions(s, seat)

    for seed in range(6):
        random_game(seed, config, on_step=check, stock_first=True)
    assert {"play", "pending", "hand-over"} <= seen_stages


def _shuffle_secrets(s: S.State, viewer: int | None, rng: random.Random) -> S.State:
    """Same public picture, different hidden cards: other hands, face-down stock cards, draw and set-aside."""
    t = GAME.clone(s)
    slots = []
    for seat in range(t.players):
        if seat != viewer:
            slots += [(t.hands[seat], i) for i in range(len(t.hands[seat]))]
        slots += [(t.stocks[seat], i) for i in range(len(t.stocks[seat]) - 1)]
    slots += [(t.draw, i) for i in range(len(t.draw))]
    slots += [(t.set_aside, i) for i in range(len(t.set_aside))]
    cards = [pile[i] for pile, i in slots]
    rng.shuffle(cards)
    for (pile, i), c in zip(slots, cards, strict=True):
        pile[i] = c
    t.undo = []  # the undo history is not shown either (beyond "undo available")
    return t


def test_views_leak_nothing():
    rng = random.Random(5)
    checked = [0]

    def check(s, seat, a, r):
        if r.random() < 0.04:
            for viewer in [None, *range(s.players)]:
                v = GAME.view(s, viewer)
                text = json.dumps(v)
                assert "hands" not in text and 'draw"' not in text
                other = _shuffle_secrets(s, viewer, rng)
                other.undo = s.undo[:]
                assert GAME.view(other, viewer) == v
                if viewer is not None:
                    assert v["hand"] == [A.code(c) for c in s.hands[viewer]]
                    for o in range(s.players):
                        assert v["seats"][o]["cards"] == len(s.hands[o])
                checked[0] += 1

    for seed, opts in enumerate(CONFIGS[:5]):
        random_game(100 + seed, GAME.make_config(**opts), on_step=check)
    assert checked[0] > 200, checked


def _wrong_actions(s: S.State, rng: random.Random) -> list:
    n = s.players
    acts = [
        Play(f"hand:{rng.randrange(7)}", rng.randrange(-1, 5)),
        Play(f"stock:{rng.randrange(n + 1)}", rng.randrange(5)),
        Play(f"discard:{rng.randrange(n + 1)}:{rng.randrange(5)}", rng.randrange(5)),
        Discard(rng.randrange(-1, 7), rng.randrange(-1, 5)),
        Undo(),
        Commit(),
        Pass(),
        NextHand(),
    ]
    return acts


def test_illegal_actions_raise_and_change_nothing():
    rng = random.Random(11)
    counts = {"rejected": 0, "out_of_turn": 0}

    def check(s, seat, a, r):
        if r.random() > 0.06:
            return
        snap = GAME.snapshot(s)
        for seat_try in range(s.players):
            legal = GAME.legal_actions(s, seat_try)
            for wrong in _wrong_actions(s, rng):
                if wrong in legal:
                    continue
                with pytest.raises(IllegalMove):
                    GAME.apply(s, seat_try, wrong)
                assert GAME.snapshot(s) == snap
                counts["rejected"] += 1
                if seat_try not in GAME.to_move(s):
                    counts["out_of_turn"] += 1

    for seed, opts in enumerate(CONFIGS[:5]):
        random_game(200 + seed, GAME.make_config(**opts), on_step=check)
    assert counts["rejected"] > 1000 and counts["out_of_turn"] > 500, counts


def test_every_legal_action_applies_cleanly():
    """All legal actions (not just the sampled one) apply without error on a clone."""

    def check(s, seat, a, r):
        if r.random() < 0.1:
            for b in GAME.legal_actions(s, seat):
                c = GAME.clone(s)
                GAME.apply(c, seat, b)

    for seed, opts in enumerate(CONFIGS[:4]):
        random_game(300 + seed, GAME.make_config(**opts), on_step=check)


def test_legal_actions_are_deterministic_and_json_round_trip():
    s = GAME.new_game(GAME.make_config(players=3), 3)
    legal = GAME.legal_actions(s, s.turn)
    assert legal == GAME.legal_actions(GAME.restore(GAME.snapshot(s)), s.turn)
    for a in legal:
        assert GAME.decode_action(json.loads(json.dumps(GAME.encode_action(a)))) == a
    with pytest.raises(IllegalMove):
        GAME.decode_action({"kind": "play", "source": "hand:0"})
