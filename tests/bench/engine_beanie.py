"""Beanie engine speed: uniform-random playouts (legal_actions + apply per step).

    python tests/bench/engine_beanie.py [GAMES] [--players N]

Target: at least 50,000 actions/s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.beanie import GAME  # noqa: E402


def playout(seed: int, players: int) -> int:
    st = GAME.new_game(GAME.make_config(players=players), seed)
    rng = random.Random(seed)
    legal_actions, apply, to_move, choice = GAME.legal_actions, GAME.apply, GAME.to_move, rng.choice
    steps = 0
    while st.phase != "over":
        seat = to_move(st)[0]
        apply(st, seat, choice(legal_actions(st, seat)))
        steps += 1
    return steps


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="?", type=int, default=200)
    ap.add_argument("--players", type=int, default=3)
    a = ap.parse_args()
    t, cpu = time.perf_counter(), time.process_time()
    steps = sum(playout(seed, a.players) for seed in range(a.games))
    dt, dcpu = time.perf_counter() - t, time.process_time() - cpu
    print(
        f"{a.games} full 13-round games, {a.players} players: {a.games / dt:.1f} games/s, {steps / dt:,.0f} actions/s"
    )
    print(f"  per CPU second (what the machine's load leaves aside): {steps / dcpu:,.0f} actions/s")
    clones = time.perf_counter()
    st = GAME.new_game(GAME.make_config(players=a.players), 1)
    for _ in range(20000):
        GAME.clone(st)
    print(f"clone: {20000 / (time.perf_counter() - clones):,.0f}/s")


if __name__ == "__main__":
    main()
