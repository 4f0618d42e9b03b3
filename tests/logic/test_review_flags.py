"""The flag rule (a mistake only where the cost is clearly above the game's floor, measured again on fresh deals),
and costs in words that agree with how the hand went."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from logic.registry import get_game
from logic.review import Budget, decision_points
from logic.review.core import clear_cost, judge_decision
from logic.review.review import hand_winners
from logic.review.words import CHANCE, PENALTY, PLACE_POINTS, TABLE_POINTS, cost_words, summary_words
from tests.logic.test_review import bot_game

BUDGET = Budget(min_worlds=16, max_worlds=64, step=16, max_candidates=8)


@dataclass
class Spec:
    """Move ``m`` is worth ``means[m]`` plus noise of spread ``sd``, independent for every move and deal (no help
    from the common random numbers: the worst case for the flag rule)."""

    means: list[float]
    sd: float

    def sample(self, view: Any, rng: random.Random) -> dict[str, Any]:
        return {}

    def clone(self, world: dict[str, Any]) -> dict[str, Any]:
        return dict(world)

    def apply(self, state: dict[str, Any], seat: int, move: int) -> None:
        state["move"] = move

    def rollout(self, state: dict[str, Any], seat: int, rng: random.Random) -> float:
        m = state["move"]
        return self.means[m] + random.Random(rng.random() * 7919 + m).gauss(0.0, self.sd)


class FakeJudge:
    """A judge whose candidates are moves 0..n-1 (0 = the one played), with values set by the test."""

    currency = TABLE_POINTS
    low_wins = False
    floor = 1.0
    budget = BUDGET

    def __init__(self, means: list[float], sd: float) -> None:
        self.means, self.sd = means, sd

    def candidates(self, view: Any, legal: list[Any], chosen: Any, limit: int) -> list[tuple[Any, Any]]:
        return [(m, m) for m in range(len(self.means))]

    def spec(self, view: Any) -> Spec:
        return Spec(self.means, self.sd)

    def words(self, view: Any, action: Any) -> str:
        return f"move {action}"

    def why(self, view: Any, chosen: Any, best: Any) -> str:
        return "Because."

    def evidence(self, view: Any, best_words: str, chosen_words: str, best: list[float], chosen: list[float]) -> str:
        return "Evidence."


def verdict(means: list[float], sd: float, seed: int = 1) -> Any:
    judge = FakeJudge(means, sd)
    return judge_decision(judge, lambda m: {"kind": "move", "m": m}, {"seat": 0}, [], 0, step=0,
                          rng=random.Random(seed), budget=BUDGET)


def test_the_flag_rule_needs_the_low_end_of_the_cost_above_the_floor() -> None:
    assert clear_cost(5.0, 1.0, 1.0)  # 5 - 2 x 1 = 3 > 1
    assert not clear_cost(0.9, 0.0, 1.0)  # sure, but too small to matter
    assert not clear_cost(2.5, 1.0, 1.0)  # above the floor, but not beyond the noise: 2.5 - 2 = 0.5
    assert not clear_cost(1.5, 0.2, 1.5)


def test_a_clear_mistake_is_flagged_with_its_reason_and_evidence() -> None:
    v = verdict([0.0, 5.0, 1.0], sd=1.0)
    assert v.flagged and v.best == {"kind": "move", "m": 1}
    assert 4.0 < v.cost < 6.0 and v.cost - 2 * v.stderr > FakeJudge.floor
    assert v.why == "Because. Evidence."


@pytest.mark.parametrize("seed", range(8))
def test_a_small_or_noisy_cost_is_not_flagged(seed: int) -> None:
    assert not verdict([0.0, 0.6], sd=0.1, seed=seed).flagged  # clear but below the floor
    assert not verdict([0.0, 1.4], sd=12.0, seed=seed).flagged  # above the floor, lost in the noise


@pytest.mark.parametrize("seed", range(8))
def test_the_luckiest_of_many_equal_moves_is_not_a_mistake(seed: int) -> None:
    """Eight moves worth the same: the best-looking one beats the played one by chance only (measured again on
    fresh deals, the gap goes)."""
    assert not verdict([0.0] * 8, sd=3.0, seed=seed).flagged


def test_a_cost_in_a_won_hand_reads_won_by_less() -> None:
    assert cost_words(12.4, TABLE_POINTS, won=True) == "won the hand by about 12 points less"
    assert cost_words(12.4, TABLE_POINTS, won=False) == "about 12 points against the table"
    assert cost_words(4, PENALTY, won=True) == "won the round by about 4 points less"
    assert cost_words(36, CHANCE, won=False) == "about 36% less chance to win the deal"
    won_deal = cost_words(36, CHANCE, won=True)
    assert won_deal.startswith("won anyway") and "less chance" not in won_deal
    assert cost_words(0.4, PLACE_POINTS, won=True) == "about 0.4 points, though the hand was won anyway"
    for currency in (TABLE_POINTS, PENALTY, CHANCE, PLACE_POINTS):
        for won in (True, False, None):
            assert "\u2212" not in cost_words(80, currency, won) and "-" not in cost_words(80, currency, won)


def test_a_summary_names_the_costliest_decision_not_a_signed_sum() -> None:
    text = summary_words(40, 3, 92.5, 20.0, TABLE_POINTS, True)
    assert text == "3 costly decisions (the costliest: won the hand by about 20 points less); accuracy 92%"
    assert summary_words(40, 1, 97.5, 6.0, TABLE_POINTS, False) == \
        "1 costly decision (about 6 points against the table); accuracy 98%"
    assert summary_words(40, 0, 100.0, 0.0, TABLE_POINTS, None) == "No costly decisions; accuracy 100%"


def test_hand_winners_from_the_scores() -> None:
    assert hand_winners([10, 20], [40, 25], low_wins=False) == {0}
    assert hand_winners([10, 20], [12, 20], low_wins=True) == {1}  # Beanie: the least penalty wins
    assert hand_winners([0, 0], [0, 0], low_wins=False) == set()  # a stuck deal: nobody won


def test_each_decision_knows_whether_its_hand_was_won() -> None:
    game = get_game("stockpile")
    config, log = bot_game("stockpile", 11)
    state = game.new_game(config, 11)
    for seat, data in log:
        game.apply(state, seat, game.decode_action(data))
    winner = state.deal_winner
    assert winner in (0, 1)
    for seat in (0, 1):
        points = decision_points("stockpile", config, 11, log, seat)
        assert points and all(p.won == (seat == winner) for p in points)



def test_a_reason_ends_with_what_the_better_move_achieved_in_the_deals() -> None:
    from logic.review.words import evidence

    assert evidence([3.0, 3.0, 1.0, 0.0], [1.0, 0.0, 1.0, 0.0], achieved="finished first", hit=3.0) == \
        "With the better move you finished first in 50% of the 4 deals imagined, with yours in 0%."
    assert evidence([2.0, 1.0, 1.0], [1.0, 1.0, 1.5], achieved="finished first", hit=3.0) == \
        "Of the 3 deals imagined, the better move did better in 1 and worse in 1."
