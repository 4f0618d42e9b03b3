"""Rummy bot strength bench: Easy vs Medium vs Hard.

Usage: python tests/bench/bench_rummy_levels.py [N] [--target T] [--players P]

Plays N matches (default 500). With 3 players (default) every match seats one bot of each level,
rotating the seating so each level sits in each seat equally often. With 2 players it plays the
three head-to-head pairings (N matches each, seats alternating). Prints, per level, the average
match score and the win rate (ties share the win) with 95% confidence intervals, plus think
times per decision.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.rummy import GAME  # noqa: E402

LEVELS = ("easy", "medium", "hard")


def play_match(levels: list[str], seed: int, target: int, think: dict[str, list[float]] | None = None):
    g = GAME
    st = g.new_game(g.make_config(players=len(levels), target=target), seed)
    bots = [g.make_bot(lv) for lv in levels]
    rng = random.Random(seed)
    steps = 0
    while g.outcome(st) is None:
        seat = g.to_move(st)[0]
        view = g.view(st, seat)
        legal = g.legal_actions(st, seat)
        t0 = time.perf_counter()
        a = bots[seat].choose(view, legal, rng)
        if think is not None:
            think[levels[seat]].append(time.perf_counter() - t0)
        g.apply(st, seat, a)
        steps += 1
        if steps > 200000:
            raise RuntimeError(f"match {seed} did not finish")
    return g.outcome(st), st.hand_no


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / max(1, n - 1)
    return m, 1.96 * math.sqrt(var / n)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def report(results: dict[str, dict[str, list[float]]], think: dict[str, list[float]]) -> None:
    for lv in LEVELS:
        if lv not in results:
            continue
        s_m, s_ci = mean_ci(results[lv]["score"])
        w_m, w_ci = mean_ci(results[lv]["win"])
        print(f"  {lv:7s} avg score {s_m:7.1f} ± {s_ci:5.1f}   win rate {100 * w_m:5.1f}% ± {100 * w_ci:4.1f}")
    for lv in LEVELS:
        ts = think.get(lv)
        if ts:
            print(f"  think {lv:7s} mean {1000 * sum(ts) / len(ts):6.2f} ms  p95 {1000 * pct(ts, 0.95):6.2f} ms"
                  f"  max {1000 * max(ts):7.2f} ms  ({len(ts)} decisions)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("n", nargs="?", type=int, default=500)
    ap.add_argument("--target", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    args = ap.parse_args()
    t0 = time.perf_counter()
    think: dict[str, list[float]] = {lv: [] for lv in LEVELS}
    hands = 0
    if args.players == 3:
        results = {lv: {"score": [], "win": []} for lv in LEVELS}
        perms = list(itertools.permutations(LEVELS))
        for i in range(args.n):
            levels = list(perms[i % len(perms)])
            out, h = play_match(levels, 10_000 + i, args.target, think)
            hands += h
            for seat, lv in enumerate(levels):
                results[lv]["score"].append(out.scores[seat])
                results[lv]["win"].append(1.0 / len(out.winners) if seat in out.winners else 0.0)
        print(f"{args.n} three-player matches to {args.target} ({hands} hands, {time.perf_counter() - t0:.0f} s):")
        report(results, think)
    else:
        for a, b in itertools.combinations(LEVELS, 2):
            results = {a: {"score": [], "win": []}, b: {"score": [], "win": []}}
            for i in range(args.n):
                levels = [a, b] if i % 2 == 0 else [b, a]
                out, h = play_match(levels, 20_000 + i, args.target, think)
                hands += h
                for seat, lv in enumerate(levels):
                    results[lv]["score"].append(out.scores[seat])
                    results[lv]["win"].append(1.0 / len(out.winners) if seat in out.winners else 0.0)
            print(f"{a} vs {b}: {args.n} two-player matches to {args.target}")
            report(results, {})
        print(f"({hands} hands, {time.perf_counter() - t0:.0f} s)")
        report({}, think)


if __name__ == "__main__":
    main()
