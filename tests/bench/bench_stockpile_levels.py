"""Stockpile bot strength: deals between levels, win rates with 95% confidence intervals.

Run: python tests/bench/bench_stockpile_levels.py [deals=500] [stock=short|standard]

* head to head (2 players): easy v medium, medium v hard, easy v hard;
* four players: two levels in alternate seats (easy, medium, easy, medium) and (medium, hard, medium, hard),
  so each level always follows the other one; seats rotate every deal; reported per seat and per level.
A deal with no winner (stuck) counts as a loss for everyone. Uses both cores.
"""

from __future__ import annotations

import math
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.stockpile import GAME  # noqa: E402
from logic.stockpile import state as S  # noqa: E402


def one_deal(args: tuple[int, tuple[str, ...], str]) -> tuple[int, list[int], dict[str, list[float]]]:
    """Play one deal with seats rotated by the deal number; returns (winner index into levels or -1, points by
    level index, think times by level)."""
    i, levels, stock = args
    n = len(levels)
    rot = i % n
    order = levels[rot:] + levels[:rot]  # seat j plays levels[(j + rot) % n]
    s = GAME.new_game(GAME.make_config(players=n, stock_size=stock), 10_000 + i)
    bots = [GAME.make_bot(lv) for lv in order]
    rng = random.Random(i)
    times: dict[str, list[float]] = {}
    while s.stage != S.STAGE_OVER:
        seat = GAME.to_move(s)[0]
        view, legal = GAME.view(s, seat), GAME.legal_actions(s, seat)
        t = time.perf_counter()
        a = bots[seat].choose(view, legal, rng)
        times.setdefault(order[seat], []).append(time.perf_counter() - t)
        GAME.apply(s, seat, a)
    winner = -1 if s.deal_winner < 0 else (s.deal_winner + rot) % n
    points = [0] * n
    for seat in range(n):
        points[(seat + rot) % n] = s.scores[seat]
    return winner, points, times


def ci(p: float, n: int) -> float:
    return 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / n)


def bench(levels: tuple[str, ...], deals: int, stock: str, pool: Pool) -> dict[str, list[float]]:
    t0 = time.perf_counter()
    res = pool.map(one_deal, [(i, levels, stock) for i in range(deals)], chunksize=8)
    dt = time.perf_counter() - t0
    n = len(levels)
    stuck = sum(1 for w, _, _ in res if w < 0)
    print(f"\n{n} players {' v '.join(levels)} — {deals} deals, stock {stock}, {dt:.0f}s, no winner: {stuck}")
    all_times: dict[str, list[float]] = {}
    for idx, lv in enumerate(levels):
        wins = sum(1 for w, _, _ in res if w == idx)
        p = wins / deals
        avg = sum(pts[idx] for _, pts, _ in res) / deals
        sd = math.sqrt(sum((pts[idx] - avg) ** 2 for _, pts, _ in res) / max(1, deals - 1))
        print(
            f"  seat {idx + 1} {lv:7s} wins {wins:4d}  rate {p:6.1%} ± {ci(p, deals):5.1%}   "
            f"avg points {avg:6.1f} ± {1.96 * sd / math.sqrt(deals):5.1f}"
        )
    if len(set(levels)) < n:
        for lv in dict.fromkeys(levels):
            idxs = [i for i, x in enumerate(levels) if x == lv]
            wins = sum(1 for w, _, _ in res if w in idxs)
            p = wins / (deals * len(idxs))
            print(f"  level {lv:7s} wins {wins:4d}  rate per seat {p:6.1%} ± {ci(p, deals * len(idxs)):5.1%}")
    for _, _, times in res:
        for lv, ts in times.items():
            all_times.setdefault(lv, []).extend(ts)
    return all_times


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    stock = sys.argv[2] if len(sys.argv) > 2 else "short"
    times: dict[str, list[float]] = {}
    with Pool(2) as pool:
        for levels in (
            ("easy", "medium"),
            ("medium", "hard"),
            ("easy", "hard"),
            ("easy", "medium", "easy", "medium"),
            ("medium", "hard", "medium", "hard"),
        ):
            for lv, ts in bench(levels, deals, stock, pool).items():
                times.setdefault(lv, []).extend(ts)
    print("\nthink time per decision (ms):")
    for lv in GAME.bot_levels:
        ts = sorted(times.get(lv, []))
        if ts:
            mean = 1000 * sum(ts) / len(ts)
            print(f"  {lv:7s} mean {mean:6.2f}  p95 {1000 * ts[int(0.95 * len(ts))]:6.2f}  max {1000 * ts[-1]:7.1f}")


if __name__ == "__main__":
    main()
