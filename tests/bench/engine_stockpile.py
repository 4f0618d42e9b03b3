"""Stockpile engine speed: uniform-random playouts (legal_actions + apply per step).

Run: python tests/bench/engine_stockpile.py [games] — prints games/s and actions/s per table shape.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.stockpile import GAME  # noqa: E402
from logic.stockpile import rules as R  # noqa: E402
from logic.stockpile import state as S  # noqa: E402


def run(games: int, **opts) -> tuple[float, float, float]:
    config = GAME.make_config(**opts)
    actions = 0
    stuck = 0
    t0 = time.perf_counter()
    for seed in range(games):
        s = S.new_game(config, seed)
        rng = random.Random(seed)
        legal_actions, apply = R.legal_actions, R.apply
        while s.stage != "over":
            seat = s.turn if s.stage != "hand-over" else R.to_move(s)[0]
            legal = legal_actions(s, seat)
            apply(s, seat, legal[rng.randrange(len(legal))])
            actions += 1
        stuck += s.deal_winner < 0
    dt = time.perf_counter() - t0
    return games / dt, actions / dt, stuck / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for opts in (
        dict(players=2, stock_size="short"),
        dict(players=2, stock_size="standard"),
        dict(players=4, stock_size="standard"),
        dict(players=4, stock_size="short", partners=True),
        dict(players=6, stock_size="standard", partners=True),
    ):
        gps, aps, stuck = run(games, **opts)
        print(f"{opts}: {gps:8.1f} games/s  {aps:10.0f} actions/s  (deals ending with no winner: {stuck:.0%})")


if __name__ == "__main__":
    main()
