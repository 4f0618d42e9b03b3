"""Uniform-random playout speed of the President engine (public legal_actions + apply per step).

Run: python tests/bench/engine_president.py [games] [players]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.president import PresidentGame  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    g = PresidentGame()
    cfg = g.make_config(players=players, hands=4, revolution=True)
    rng = random.Random(1)
    actions = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for seed in range(games):
        s = g.new_game(cfg, seed)
        legal_actions, apply, to_move = g.legal_actions, g.apply, g.to_move
        while True:
            tm = to_move(s)
            if not tm:
                break
            seat = tm[0]
            apply(s, seat, rng.choice(legal_actions(s, seat)))
            actions += 1
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    print(
        f"{games} games ({players} players, 4 hands, revolution on) in {dt:.2f}s: "
        f"{games / dt:.1f} games/s, {actions / dt:,.0f} actions/s ({actions / games:.0f} actions/game); "
        f"per CPU second (ignores other load): {games / cpu:.1f} games/s, {actions / cpu:,.0f} actions/s"
    )


if __name__ == "__main__":
    main()
