"""The shared determinized search (logic/search.py) on small toy games whose best move is known."""

from __future__ import annotations

import random

import pytest

from logic.search import GameSpec, SearchStats, clear_gain, playout, search_choose


class GuessSpec:
    """A hidden card is 0 with probability 0.7 (what the view allows); move m scores 1 when it matches.

    The playout adds noise so the search has to average over worlds."""

    game = None

    def __init__(self) -> None:
        self.samples = 0

    def sample(self, view, rng):
        self.samples += 1
        return {"hidden": 0 if rng.random() < view["p_zero"] else 1, "move": None, "noise": 0.0}

    def clone(self, state):
        return dict(state)

    def apply(self, state, seat, action):
        state["move"] = action

    def rollout(self, state, seat, rng):
        return (1.0 if state["move"] == state["hidden"] else 0.0) + rng.uniform(-0.5, 0.5)


def test_one_candidate_needs_no_search():
    spec = GuessSpec()
    stats = SearchStats()
    assert search_choose(spec, {"p_zero": 0.7}, [1], random.Random(1), seat=0, stats=stats) == 1
    assert spec.samples == 0 and stats.reason == "only move"


def test_picks_the_move_that_is_best_on_average_over_sampled_worlds():
    for p_zero, best in ((0.7, 0), (0.3, 1)):
        spec = GuessSpec()
        got = search_choose(spec, {"p_zero": p_zero}, [0, 1], random.Random(5), seat=0, budget_s=None, max_worlds=300)
        assert got == best


def test_same_rng_same_caps_same_move_and_values():
    runs = []
    for _ in range(2):
        stats = SearchStats()
        search_choose(
            GuessSpec(), {"p_zero": 0.55}, [0, 1], random.Random(9), seat=0, budget_s=None, max_worlds=40, stats=stats
        )
        runs.append((stats.chosen, stats.worlds, stats.values))
    assert runs[0] == runs[1]


def test_candidates_restrict_the_choice():
    got = search_choose(
        GuessSpec(), {"p_zero": 0.9}, [0, 1, 2], random.Random(2), seat=0, budget_s=None, max_worlds=50,
        candidates=[1, 2],
    )
    assert got == 1  # 0 would be best but the caller filtered it out; 2 never matches


def test_a_clearly_worse_move_is_pruned_and_the_search_stops_early():
    stats = SearchStats()
    got = search_choose(
        GuessSpec(), {"p_zero": 1.0}, [0, 1], random.Random(3), seat=0, budget_s=None, max_worlds=500, stats=stats
    )
    assert got == 0 and stats.reason == "one left" and stats.worlds < 50


def test_time_budget_is_honoured_after_the_minimum_worlds():
    ticks = iter(range(1000))
    stats = SearchStats()
    search_choose(
        GuessSpec(),
        {"p_zero": 0.5},
        [0, 1],
        random.Random(4),
        seat=0,
        budget_s=3.5,
        min_worlds=5,
        max_worlds=500,
        clock=lambda: float(next(ticks)),  # one second per clock read
        stats=stats,
    )
    assert stats.worlds == 5  # past the budget, but the minimum comes first


def test_no_candidates_is_an_error():
    with pytest.raises(ValueError, match="at least one candidate"):
        search_choose(GuessSpec(), {}, [], random.Random(1), seat=0)


class CountdownSpec(GameSpec):
    """Generic playout loop: two seats take 1 or 2 from a pile; whoever takes the last one wins.

    The policy plays perfectly (leave a multiple of 3), so from a pile of 7 taking 1 wins and taking 2 loses."""

    class _Game:
        def outcome(self, state):
            return None

    game = _Game()

    def sample(self, view, rng):
        return {"pile": view["pile"], "turn": 0, "winner": None}

    def clone(self, state):
        return dict(state)

    def to_move(self, state):
        return state["turn"]

    def legal(self, state, seat):
        return [k for k in (1, 2) if k <= state["pile"]]

    def apply(self, state, seat, action):
        state["pile"] -= action
        if state["pile"] == 0:
            state["winner"] = seat
        state["turn"] = 1 - seat

    def policy(self, state, seat, legal, rng):
        good = [k for k in legal if (state["pile"] - k) % 3 == 0]
        return good[0] if good else legal[0]

    def evaluate(self, state, seat):
        return 1.0 if state["winner"] == seat else 0.0

    def done(self, state, start):
        return state["winner"] is not None


def test_generic_playout_loop_uses_the_policy_for_every_seat():
    spec = CountdownSpec()
    assert search_choose(spec, {"pile": 7}, [1, 2], random.Random(1), seat=0, budget_s=None, max_worlds=10) == 1
    state = spec.sample({"pile": 4}, random.Random(1))
    assert playout(spec, state, 0, None, random.Random(1)) == 1.0  # seat 0 takes 1, then wins


def test_clear_gain_keeps_the_preferred_move_unless_the_playouts_clearly_disagree():
    cands = ["heuristic", "searched"]
    noisy = SearchStats(values={0: [0.0, 1.0, 0.0, 1.0], 1: [1.0, 0.0, 1.0, 1.0]}, chosen=1)  # +0.25, se 0.48
    assert clear_gain(noisy, cands, "heuristic", z=2.0) == "heuristic"
    clear = SearchStats(values={0: [0.0, 0.1, 0.0, 0.1], 1: [0.5, 0.6, 0.5, 0.7]}, chosen=1)  # +0.525, se 0.025
    assert clear_gain(clear, cands, "heuristic", z=2.0) == "searched"
    assert clear_gain(clear, cands, "heuristic", z=2.0, min_gain=1.0) == "heuristic"  # too small to matter
    assert clear_gain(clear, cands, "not a candidate", z=2.0) == "searched"
