"""Rules fuzzing for every registered game (hypothesis picks options, seeds and the random choices): wrong
actions raise IllegalMove and change nothing, cards are conserved, every game ends, replay and restore give the
same state. The same checks at scale: ``python tests/bench/fuzz_games.py`` (10,000 games per game)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from logic.registry import all_games
from tests.logic.fuzz_support import OPTIONS, Fuzzer, fit_options

GAMES = {g.key: g for g in all_games()}
# examples per game, sized so the whole file stays well under 40 s on a busy 2-core machine
EXAMPLES = {"president": 10, "rummy": 16, "beanie": 35, "stockpile": 25}


def options_for(key: str) -> st.SearchStrategy[dict]:
    choices = OPTIONS.get(key, {})
    opts = st.fixed_dictionaries({name: st.sampled_from(values) for name, values in choices.items()})
    return opts.map(lambda o: fit_options(key, o))  # switches whose needs are not met are turned off


def test_every_game_is_fuzzed() -> None:
    assert set(GAMES) == set(OPTIONS), "a new game needs its options (and card_count) in fuzz_support.py"


@pytest.mark.parametrize("key", sorted(GAMES))
def test_random_legal_and_illegal_actions(key: str) -> None:
    game = GAMES[key]

    @settings(max_examples=EXAMPLES.get(key, 8), deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(options=options_for(key), seed=st.integers(0, 2**31 - 1), choices=st.integers(0, 2**63 - 1))
    def run(options: dict, seed: int, choices: int) -> None:
        # the deal comes from ``seed``; every random choice of moves and wrong actions from ``choices``
        result = Fuzzer(game, options, seed, random.Random(choices), wrong_per_step=2).run()
        assert result["refused"] > 0  # the wrong actions really were thrown at the engine

    run()
