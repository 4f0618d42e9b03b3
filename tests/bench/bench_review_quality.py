"""Can the review's flags be trusted? ``python tests/bench/bench_review.py quality --games 20`` (this module holds
the work; ``bench_review.py`` the command line).

Games between levels (the top level and the easiest at alternate seats, swapped every game; capped search, so
quick and reproducible), every seat reviewed as the server does. Three figures per game, with 95% intervals:

* **flags per player-game**: costly decisions per seat per game (mean, normal interval over the seat-games);
* **confirmed**: of a sample of the flags (up to ``--confirm`` per game, spread over the game), the share that a
  search four times as deep (4x the sampled deals at every stage, fresh random numbers) finds costly too: its own
  measure of the cost is above the game's floor and beyond its noise (Wilson interval; target >= 90%);
* **planted blunders flagged**: at up to ``--plants`` decisions per game (drawn at random, any seat), another legal
  move drawn at random is put in the player's hands as if played on purpose, when the deep search flags it with a
  cost of at least three times the game's floor (a clearly losing move: 0.75 points in President, 15 points
  in Rummy, 9 penalty points in Beanie, 15% of the chance to win in Stockpile); the share of those the normal
  review flags (Wilson interval; target >= 70%).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace
from typing import Any

from logic.registry import get_game
from logic.review import Budget, DecisionPoint, decision_points, review_point
from logic.review.core import BOOKKEEPING, Z_FLAG
from logic.review.review import judge_for

DEEP = 4  # the deep search: this many times the sampled deals
PLANT_GAP = 3.0  # a planted blunder trails the best move by at least this many times the game's floor (deep search)


VERBOSE = False


def confirms(key: str, deep: Any) -> bool:
    """The deep search confirms a flag when it too finds the move played costly: its own measure of the cost (on
    fresh deals) is above the game's floor and beyond its noise (more than two standard errors)."""
    return deep is not None and deep.cost > max(judge_for(key).floor, Z_FLAG * deep.stderr)


def deep_budget(key: str) -> Budget:
    b = judge_for(key).budget
    return Budget(b.min_worlds * DEEP, b.max_worlds * DEEP, b.step * DEEP, b.max_candidates)


def spread(items: list[Any], k: int, rng: random.Random) -> list[Any]:
    """Up to ``k`` of ``items``, chosen at random (reproducibly)."""
    return rng.sample(items, k) if len(items) > k else list(items)


def mean_interval(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    if not xs:
        return 0.0, 0.0
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, math.inf
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    return m, 1.96 * sd / math.sqrt(len(xs))


def plant(key: str, point: DecisionPoint, rng: random.Random, rng_seed: int) -> DecisionPoint | None:
    """``point`` with a clearly losing move as the choice (see the module docstring): a legal move other than the
    one played, at random, that the deep search flags with a cost of at least :data:`PLANT_GAP` times the game's
    floor; None when the move drawn is not such a move."""
    others = [a for a in point.legal if a != point.chosen and getattr(a, "kind", "") not in BOOKKEEPING]
    if not others:
        return None
    blunder = replace(point, chosen=rng.choice(others))
    deep = review_point(key, blunder, rng_seed=rng_seed, budget=deep_budget(key))
    if deep is None or not deep.flagged or deep.cost < PLANT_GAP * judge_for(key).floor:
        return None
    return blunder


def quality_of(key: str, games: int, seed: int, confirm: int, plants: int,
               play: Any, players: int) -> dict[str, Any]:
    """The three figures for one game kind (``play(key, seed, levels)`` plays a game: (config, log))."""
    game = get_game(key)
    easy, top = game.bot_levels[0], game.bot_levels[-1]
    per_seat: list[float] = []
    confirmed = checked = planted = caught = decisions = 0
    began = time.perf_counter()
    for g in range(games):
        s = seed + g
        levels = [top if (seat + g) % 2 == 0 else easy for seat in range(players)]
        config, log = play(key, s, levels)
        rng = random.Random(f"quality:{key}:{s}")
        flagged: list[DecisionPoint] = []
        every: list[DecisionPoint] = []
        for seat in range(players):
            points = decision_points(key, config, s, log, seat)
            n = 0
            for p in points:
                verdict = review_point(key, p, rng_seed=s)
                if verdict is None:
                    continue
                decisions += 1
                every.append(p)
                if verdict.flagged:
                    n += 1
                    flagged.append(p)
            per_seat.append(n)
        for p in spread(flagged, confirm, rng):
            deep = review_point(key, p, rng_seed=s + 7919, budget=deep_budget(key))
            checked += 1
            confirmed += confirms(key, deep)
            if VERBOSE and deep is not None:
                print(f"  {key} step {p.step}: deep cost {deep.cost:.2f} ± {deep.stderr:.2f} ({deep.worlds} deals)")
        found = 0
        for p in spread(every, plants * 4, rng):  # (not every move drawn is a clear blunder)
            if found >= plants:
                break
            blunder = plant(key, p, rng, s + 104729)
            if blunder is None:
                continue
            found += 1
            planted += 1
            verdict = review_point(key, blunder, rng_seed=s)
            caught += bool(verdict is not None and verdict.flagged)
    return {"game": key, "games": games, "seat_games": len(per_seat), "decisions": decisions,
            "flags": mean_interval(per_seat), "confirmed": (confirmed, checked), "caught": (caught, planted),
            "seconds": time.perf_counter() - began}


def report(row: dict[str, Any], interval: Any) -> str:
    m, half = row["flags"]
    c, n = row["confirmed"]
    k, p = row["caught"]
    cs, clo, chi = interval(c, n)
    ks, klo, khi = interval(k, p)
    return (f"{row['game']:<10} {row['games']:>5} {row['seat_games']:>10} {row['decisions']:>9}  "
            f"{m:5.2f} ± {half:4.2f}   {c:>3}/{n:<3} {cs:5.1f}% ({clo:4.1f}-{chi:5.1f})   "
            f"{k:>3}/{p:<3} {ks:5.1f}% ({klo:4.1f}-{khi:5.1f})   {row['seconds']:6.0f} s")


HEADER = ("game       games seat-games decisions  flags/player-game  confirmed by 4x deals         "
          "planted blunders flagged      time")


def beginners(seeds: list[int], play: Any) -> None:
    """Costly decisions in a 4-hand President game between four Beginners, every seat (the issue saw 31)."""
    for s in seeds:
        config, log = play("president", s, ["beginner"] * 4)
        decisions = flagged = 0
        for seat in range(4):
            for p in decision_points("president", config, s, log, seat):
                verdict = review_point("president", p, rng_seed=0)
                if verdict is not None:
                    decisions += 1
                    flagged += verdict.flagged
        print(f"seed {s}: {flagged} costly decisions of {decisions}", flush=True)
