"""Rummy engine speed: uniform-random playouts through the public API (legal_actions + apply).

Usage: python tests/bench/engine_rummy.py [GAMES] [--players P]

Prints games/s and actions/s for whole matches to 100 points (2, 3 and 4 players mixed unless
--players is given), plus the cost of view() and snapshot().
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.rummy import GAME  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="?", type=int, default=300)
    ap.add_argument("--players", type=int, default=0)
    args = ap.parse_args()
    g = GAME
    actions = 0
    hands = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for seed in range(args.games):
        players = args.players or 2 + seed % 3
        st = g.new_game(g.make_config(players=players, target=100), seed)
        rng = random.Random(seed)
        legal_actions, apply, to_move = g.legal_actions, g.apply, g.to_move
        while st.stage != 4:
            seat = to_move(st)[0]
            legal = legal_actions(st, seat)
            apply(st, seat, legal[rng.randrange(len(legal))])
            actions += 1
        hands += st.hand_no
    dt = time.perf_counter() - t0
    ct = time.process_time() - c0
    print(f"{args.games} random matches to 100 ({hands} hands, {actions / args.games:.0f} actions per match)")
    print(f"  wall clock: {args.games / dt:.1f} games/s, {actions / dt:,.0f} actions/s")
    print(f"  CPU time:   {args.games / ct:.1f} games/s, {actions / ct:,.0f} actions/s (other load on the machine)")
    # view / snapshot cost mid-game
    st = g.new_game(g.make_config(players=4, target=100), 1)
    rng = random.Random(1)
    for _ in range(150):
        seat = g.to_move(st)[0]
        legal = g.legal_actions(st, seat)
        g.apply(st, seat, legal[rng.randrange(len(legal))])
    for name, fn in (("view", lambda: g.view(st, 0)), ("snapshot", lambda: g.snapshot(st)),
                     ("clone", lambda: g.clone(st))):
        t = time.perf_counter()
        for _ in range(2000):
            fn()
        print(f"{name}: {(time.perf_counter() - t) / 2000 * 1e6:.0f} µs")


if __name__ == "__main__":
    main()
