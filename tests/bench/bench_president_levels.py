"""Strength of the President bot levels: head-to-head matches between levels.

Each pairing plays N full matches (4 hands, 4 players): two seats of each level, alternating round the
table, with the seats swapped every other game. Prints each level's average match score (points from
all hands; 12 is the most a seat can score in 4 hands) and win share, with 95% confidence intervals,
plus the mean per-game score difference between the two levels. Also reports bot think times.

Run: python tests/bench/bench_president_levels.py [N=500] [pairings=beginner-normal,normal-expert,beginner-expert]
     [--players 4|5] [--revolution] [--workers 2]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.president import PresidentGame  # noqa: E402


def play_match(args: tuple[int, tuple[str, ...], int, bool]) -> tuple[list[int], list[str], dict[str, list[float]]]:
    seed, seats, players, revolution = args
    g = PresidentGame()
    cfg = g.make_config(players=players, hands=4, revolution=revolution)
    bots = [g.make_bot(level) for level in seats]
    rng = random.Random(seed * 7919 + 1)
    s = g.new_game(cfg, seed)
    times: dict[str, list[float]] = {}
    while g.outcome(s) is None:
        for seat in g.to_move(s):
            legal = g.legal_actions(s, seat)
            view = g.view(s, seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, legal, rng)
            times.setdefault(seats[seat], []).append(time.perf_counter() - t0)
            g.apply(s, seat, action)
            break
    return list(s.scores), list(seats), times


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def run_pairing(a: str, b: str, games: int, players: int, revolution: bool, workers: int) -> dict:
    jobs = []
    for i in range(games):
        if players == 4:
            seats = (a, b, a, b) if i % 2 == 0 else (b, a, b, a)
        else:
            seats = (a, b, a, b, a) if i % 2 == 0 else (b, a, b, a, b)
        jobs.append((10_000 + i, seats, players, revolution))
    score = {a: [], b: []}
    win = {a: [], b: []}
    diff = []
    times: dict[str, list[float]] = {a: [], b: []}
    t0 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for scores, seats, ts in pool.map(play_match, jobs, chunksize=4):
            top = max(scores)
            winners = [i for i, x in enumerate(scores) if x == top]
            per = {}
            for level in (a, b):
                idx = [i for i, lv in enumerate(seats) if lv == level]
                per[level] = sum(scores[i] for i in idx) / len(idx)
                score[level].append(per[level])
                # share of the win going to this level's seats, per seat of that level
                win[level].append(sum(1 for i in winners if seats[i] == level) / len(winners) / len(idx))
                times[level].extend(ts.get(level, []))
            diff.append(per[b] - per[a])
    elapsed = time.perf_counter() - t0
    print(
        f"\n== {a} vs {b}: {games} matches, {players} players, revolution {'on' if revolution else 'off'} "
        f"({elapsed:.0f}s)"
    )
    for level in (a, b):
        m, ci = mean_ci(score[level])
        w, wci = mean_ci(win[level])
        ts = sorted(times[level])
        p50 = ts[len(ts) // 2] * 1000
        p95 = ts[int(len(ts) * 0.95)] * 1000
        print(
            f"  {level:9s} avg score {m:6.3f} \u00b1 {ci:.3f}   win share per seat {w:.3f} \u00b1 {wci:.3f}   "
            f"think p50 {p50:.1f} ms p95 {p95:.1f} ms max {ts[-1] * 1000:.1f} ms ({len(ts)} decisions)"
        )
    d, dci = mean_ci(diff)
    verdict = "stronger" if d - dci > 0 else ("NOT significantly stronger" if d > 0 else "WEAKER")
    print(f"  {b} - {a}: {d:+.3f} \u00b1 {dci:.3f} points per match -> {b} is {verdict}")
    return {"diff": d, "ci": dci}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="?", type=int, default=500)
    ap.add_argument("pairings", nargs="?", default="beginner-normal,normal-expert,beginner-expert")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--revolution", action="store_true")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    for pairing in args.pairings.split(","):
        a, b = pairing.split("-")
        run_pairing(a, b, args.games, args.players, args.revolution, args.workers)


if __name__ == "__main__":
    main()
