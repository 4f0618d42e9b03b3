"""The rebuilt President search yardstick (issue 54, step 1): it plays out with the calibrated hoarder, its trick
mechanics and deals are the game's own, and it stays as it was measured (a digest of its moves with a fixed number
of deals: its time budget is not deterministic, its deals are)."""

from __future__ import annotations

import hashlib
import math
import random

import pytest

from logic.registry import get_game
from tests.bench import arena
from tests.bench.yardsticks.president import PLAYERS, RulesPlayer, RulesSearchPlayer
from tests.bench.yardsticks.president_search import SearchPlayer
from tests.bench.yardsticks.president_styles import HoarderPlayer


def _play(names: tuple[str, ...], seed: int, limit: int, check=None) -> list[str]:
    """The first ``limit`` actions of an arena match of ``names`` (seed, seats and per-seat rngs as the arena's match
    0 has them); ``check(bot, view, legal, action)`` sees each."""
    game = get_game("president")
    bots = [arena.make_player("president", name) for name in names]
    rngs = [random.Random(f"arena-{seed}-{j}") for j in range(len(names))]
    state = game.new_game(game.make_config(hands=4, revolution=False, players=len(names)), seed)
    out = []
    while game.outcome(state) is None and len(out) < limit:
        seat = game.to_move(state)[0]
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        action = bots[seat].choose(view, legal, rngs[seat])
        if check:
            check(bots[seat], view, legal, action)
        out.append(f"{seat}:{action!r}")
        game.apply(state, seat, action)
    return out


@pytest.fixture
def unhurried(monkeypatch):
    """No time budget: every decision plays all its deals, so the moves depend on the rng alone."""
    monkeypatch.setattr(SearchPlayer, "budget_s", math.inf)
    monkeypatch.setattr(RulesSearchPlayer, "budget_s", math.inf)


def test_the_search_yardstick_plays_out_with_the_hoarder(monkeypatch, unhurried):
    # With one deal no move can beat the policy's by two standard errors: the search plays the policy's moves.
    monkeypatch.setattr(SearchPlayer, "worlds", 1)
    assert isinstance(PLAYERS["search"]().policy, HoarderPlayer)
    differs = []

    def check(bot, view, legal, action):
        if isinstance(bot, SearchPlayer):
            assert action == HoarderPlayer().choose(view, legal, random.Random(0))
            differs.append(action != RulesPlayer().choose(view, legal, random.Random(0)))

    _play(("yard:search", "yard:rules", "yard:search", "yard:rules"), 610, 140, check)
    assert len(differs) > 40 and any(differs)  # the hoarder's moves, not the rule player's


class _RulesOnTheseMechanics(SearchPlayer):
    policy = RulesPlayer()


def test_its_deals_and_trick_mechanics_are_the_games_own_search_models(monkeypatch, unhurried):
    """With the rule player as its policy it makes exactly the moves of ``yard:search_rules``, which deals and plays
    out on the game's own search model (PresidentSpec): the same deals from the same random numbers, the same
    tricks, places and passes."""
    monkeypatch.setattr(SearchPlayer, "worlds", 3)
    monkeypatch.setattr(RulesSearchPlayer, "worlds", 3)
    searched = []

    def check(bot, view, legal, action):
        if isinstance(bot, RulesSearchPlayer):
            mine = _RulesOnTheseMechanics().choose(view, legal, random.Random(f"{len(searched)}"))
            again = RulesSearchPlayer().choose(view, legal, random.Random(f"{len(searched)}"))
            assert mine == again
            searched.append(mine)

    _play(("yard:search_rules", "yard:hoarder", "yard:rules", "yard:shedder"), 620, 100, check)
    assert len(searched) > 20


# Frozen (issue 54): the rebuilt search yardstick must not change, or its figures in docs/performance.md no longer
# hold. If this fails, its moves changed: put it back (a new search player is a new yardstick).
FROZEN_MOVES = "695a2235f75ef3b7"


def test_the_search_yardstick_makes_the_same_moves_as_when_it_was_measured(monkeypatch, unhurried):
    monkeypatch.setattr(SearchPlayer, "worlds", 8)  # a fixed number of deals (16 at the table), for the suite's time
    moves = _play(("yard:search", "yard:rules", "yard:hoarder", "yard:search"), 630, 100)
    assert hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16] == FROZEN_MOVES
