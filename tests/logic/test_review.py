"""The review judges each decision from the deciding seat's view only, flags clear mistakes, leaves sensible
moves alone and gives the same answer every time for the same seed."""

from __future__ import annotations

import pickle
import random

import pytest

from logic.registry import get_game
from logic.review import Budget, assemble, decision_points, review_game, review_order, review_point
from logic.review.core import is_decision
from logic.review.review import judge_for
from tests.logic.review_support import POSITIONS, judge, line_after, point, president_going_out
from tests.logic.test_bots_no_peeking import GAMES as NO_PEEK_GAMES
from tests.logic.test_bots_no_peeking import capped_bot

GAME_KEYS = ["president", "rummy", "beanie", "stockpile"]
SMALL = Budget(min_worlds=6, max_worlds=12, step=6, max_candidates=4)
SMALL_GAMES = {"president": {"players": 4, "hands": 4}, "rummy": {"players": 2, "target": 100},
               "beanie": {"players": 3, "rounds": 2}, "stockpile": {"players": 2, "stock_size": "short"}}


def bot_game(game_key: str, seed: int, options: dict | None = None) -> tuple[object, list[list]]:
    """A whole game between the easiest and the top level (capped search): (config, log)."""
    game = get_game(game_key)
    config = game.make_config(**(options or SMALL_GAMES[game_key]))
    state = game.new_game(config, seed)
    bots = [capped_bot(game_key, game.bot_levels[0] if s % 2 else game.bot_levels[-1]) for s in range(config.players)]
    rng = random.Random(seed)
    log: list[list] = []
    while game.outcome(state) is None and len(log) < 20_000:
        pending = game.pending_commit(state)
        if pending is not None:
            seat, action = pending[1], pending[2]
        else:
            seat = game.to_move(state)[0]
            action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        game.apply(state, seat, action)
        log.append([seat, game.encode_action(action)])
    assert game.outcome(state) is not None
    return config, log


# --- clear mistakes and sensible moves ------------------------------------------------------------------------


@pytest.mark.parametrize("game_key", GAME_KEYS)
def test_a_clear_mistake_is_flagged_as_the_costliest_decision(game_key):
    make, moves = POSITIONS[game_key]
    state, seat = make()
    mistake, _ = moves(state, seat)
    points = line_after(game_key, state, seat, mistake, decisions=4)
    verdicts = [review_point(game_key, p, rng_seed=1) for p in points]
    judged = [v for v in verdicts if v is not None]
    first = verdicts[0]
    assert first is not None and first.flagged, first
    assert first.cost == max(v.cost for v in judged)
    assert first.cost > judge_for(game_key).floor
    assert first.best != first.chosen and first.why and first.why != first.best_words


@pytest.mark.parametrize("game_key", GAME_KEYS)
def test_the_sensible_move_is_not_flagged(game_key):
    make, moves = POSITIONS[game_key]
    state, seat = make()
    _, sensible = moves(state, seat)
    verdict = judge(game_key, state, seat, sensible, rng_seed=1)
    assert verdict is not None and not verdict.flagged
    assert verdict.cost <= judge_for(game_key).floor


def test_going_out_is_not_a_mistake():
    from logic.president.actions import Play

    state, seat = president_going_out()
    verdict = judge("president", state, seat, Play(("KS", "KH")), rng_seed=2)
    assert verdict is not None and not verdict.flagged and verdict.cost == 0


def test_the_three_twos_mistake_reads_plainly():
    make, moves = POSITIONS["president"]
    state, seat = make()
    verdict = judge("president", state, seat, moves(state, seat)[0], rng_seed=1)
    assert verdict.chosen_words == "three 2s" and verdict.best_words == "pass"
    assert "2s" in verdict.why and verdict.currency == "points"


# --- no peeking -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_key", GAME_KEYS)
def test_the_review_of_a_decision_depends_on_the_view_only(game_key):
    game = get_game(game_key)
    options, redeal = NO_PEEK_GAMES[game_key]
    try:
        config = game.make_config(**options)
    except ValueError:
        config = game.make_config(players=options["players"])
    walker = game.make_bot(game.bot_levels[0])
    checked = moved = 0
    for seed in range(2):
        state = game.new_game(config, 300 + seed)
        rng = random.Random(seed)
        for step in range(400):
            if game.outcome(state) is not None or checked >= 6 * (seed + 1):
                break
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            action = walker.choose(game.view(state, seat), legal, rng) if rng.random() < 0.7 else rng.choice(legal)
            if step % 4 == 1 and is_decision(legal, action):
                other = game.clone(state)
                moved += redeal(other, seat, random.Random(step))
                assert game.view(other, seat) == game.view(state, seat)
                a = review_point(game_key, point(game_key, state, seat, action, step), rng_seed=5, budget=SMALL)
                b = review_point(game_key, point(game_key, other, seat, action, step), rng_seed=5, budget=SMALL)
                assert a == b, f"{game_key}: the review peeked at step {step}"
                checked += 1
            game.apply(state, seat, action)
    assert checked >= 8 and moved >= checked // 2


# --- reproducible, streamable, picklable ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_key", GAME_KEYS)
def test_a_review_is_reproducible_in_any_order(game_key):
    config, log = bot_game(game_key, 11)
    whole = review_game(game_key, config, 11, log, 0, rng_seed=3, budget=SMALL)
    again = review_game(game_key, config, 11, log, 0, rng_seed=3, budget=SMALL)
    assert whole == again
    points = decision_points(game_key, config, 11, log, 0)
    pickle.loads(pickle.dumps(points))  # a worker process can take them
    assert [p.step for p in review_order(points)] == sorted((p.step for p in points), reverse=True)
    verdicts = [review_point(game_key, p, rng_seed=3, budget=SMALL) for p in review_order(points)]  # the server's
    skipped = sum(v is None for v in verdicts)
    pieced = assemble(game_key, 0, [v for v in verdicts if v is not None], skipped, rng_seed=3, budget=SMALL)
    assert pieced == whole
    assert pickle.loads(pickle.dumps(whole)) == whole


# --- whole games ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_key", GAME_KEYS)
def test_a_finished_game_review_has_a_sane_summary(game_key):
    config, log = bot_game(game_key, 21)
    game = get_game(game_key)
    floor = judge_for(game_key).floor
    for seat in (0, 1):
        review = review_game(game_key, config, 21, log, seat, rng_seed=0, budget=SMALL)
        s = review.summary
        assert s.decisions == len(review.decisions) > 3
        assert s.decisions + s.skipped == len(decision_points(game_key, config, 21, log, seat))
        assert 0 <= s.flagged <= s.decisions and 0.0 <= s.accuracy <= 100.0
        assert s.accuracy == pytest.approx(100.0 * (s.decisions - s.flagged) / s.decisions, abs=0.01)
        assert s.total_cost == pytest.approx(sum(d.cost for d in review.decisions if d.flagged), abs=1e-3)
        for d in review.decisions:
            assert d.seat == seat and int(log[d.step][0]) == seat
            assert d.chosen == log[d.step][1]
            assert d.cost >= 0 and d.stderr >= 0
            assert not d.flagged or d.cost > floor
            assert game.decode_action(d.best) is not None and d.why
