"""Beanie bot strength: full 13-round games, one seat per level, seats rotated every game.

    python tests/bench/bench_beanie_levels.py [GAMES] [--players N] [--rounds R] [--jobs J]

Prints each level's average final score (lower is better) and win rate with 95% confidence intervals,
the bots' think times, and for each pair of neighbouring levels their paired difference per game (the
stronger level's score minus the weaker one's at the same table, with its 95% interval: it cancels the
luck of the deal that every seat shares, so it separates levels that the two separate averages do not).
Stronger levels must score lower.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.beanie import GAME  # noqa: E402


def play(args: tuple[int, tuple[str, ...], int]) -> tuple[list[tuple[str, int, float]], dict[str, list[float]]]:
    seed, levels, rounds = args
    n = len(levels)
    order = [levels[(i + seed) % n] for i in range(n)]  # rotate seats
    bots = [GAME.make_bot(lv) for lv in order]
    st = GAME.new_game(GAME.make_config(players=n, rounds=rounds), seed)
    rng = random.Random(seed)
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    while GAME.outcome(st) is None:
        seat = GAME.to_move(st)[0]
        view, legal = GAME.view(st, seat), GAME.legal_actions(st, seat)
        t = time.perf_counter()
        action = bots[seat].choose(view, legal, rng)
        times[order[seat]].append(time.perf_counter() - t)
        GAME.apply(st, seat, action)
    out = GAME.outcome(st)
    share = 1.0 / len(out.winners)
    return [(order[i], st.totals[i], share if i in out.winners else 0.0) for i in range(n)], times


def mean_ci(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, 1.96 * math.sqrt(var / len(xs))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="?", type=int, default=300)
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--levels", default="easy,medium,hard")
    ap.add_argument("--rounds", type=int, default=13)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    levels = tuple(a.levels.split(","))
    seats = tuple(levels[i % len(levels)] for i in range(a.players))
    t0 = time.perf_counter()
    with Pool(a.jobs) as pool:
        results = pool.map(play, [(seed, seats, a.rounds) for seed in range(a.games)], chunksize=4)
    scores: dict[str, list[float]] = {lv: [] for lv in levels}
    per_game: list[dict[str, float]] = []
    wins: dict[str, list[float]] = {lv: [] for lv in levels}
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    for rows, ts in results:
        game: dict[str, list[float]] = {}
        for lv, score, win in rows:
            scores[lv].append(score)
            wins[lv].append(win)
            game.setdefault(lv, []).append(score)
        per_game.append({lv: sum(xs) / len(xs) for lv, xs in game.items()})
        for lv, x in ts.items():
            times[lv].extend(x)
    dt = time.perf_counter() - t0
    print(f"{a.games} games, {a.players} players ({', '.join(seats)}), {a.rounds} rounds, {dt:.0f} s")
    print(f"{'level':8} {'avg score':>18} {'win rate':>18} {'mean ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for lv in levels:
        m, ci = mean_ci(scores[lv])
        w, wci = mean_ci(wins[lv])
        ts = sorted(times[lv])
        p95 = ts[int(0.95 * (len(ts) - 1))] * 1000
        print(
            f"{lv:8} {m:9.1f} ± {ci:6.1f} {100 * w:8.1f}% ± {100 * wci:4.1f}% "
            f"{1000 * sum(ts) / len(ts):8.2f} {p95:8.2f} {1000 * ts[-1]:8.1f}"
        )
    for weaker, stronger in zip(levels, levels[1:], strict=False):
        d, dci = mean_ci([g[stronger] - g[weaker] for g in per_game if stronger in g and weaker in g])
        verdict = "better" if d + dci < 0 else ("worse" if d - dci > 0 else "not significantly different")
        print(f"{stronger} - {weaker} at the same table: {d:+.1f} ± {dci:.1f} a game -> {stronger} is {verdict}")


if __name__ == "__main__":
    main()
