"""Rules fuzzing at scale: random games with wrong actions thrown in, for every game (see tests/logic/fuzz_support.py).

    python tests/bench/fuzz_games.py [--games 10000] [--wrong-every 4] [--procs 2] [--only president,rummy]

Every game: random options and deal, random legal moves; on every ``wrong-every``-th step a few wrong actions
(near-misses, other seats' moves, stale moves, junk) must raise IllegalMove and change nothing; cards are conserved;
the game ends; replay and restore give the same state. Prints games, steps, refused actions and failures per game
(failures must be 0), plus the first failures in full.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.registry import all_games, get_game  # noqa: E402
from tests.logic.fuzz_support import Fuzzer, FuzzFailure, random_options  # noqa: E402


class Sparse(Fuzzer):
    """Wrong actions on every ``every``-th call only (snapshots are the costly part)."""

    every = 4
    calls = 0

    def wrong_actions(self, state):  # noqa: ANN001, ANN201
        self.calls += 1
        return super().wrong_actions(state) if self.calls % self.every == 0 else []


def batch(args: tuple[str, int, int, int]) -> tuple[int, int, int, list[str]]:
    key, start, count, every = args
    game = get_game(key)
    steps = refused = 0
    failures: list[str] = []
    for seed in range(start, start + count):
        rng = random.Random(f"fuzz:{key}:{seed}")
        fuzzer = Sparse(game, random_options(key, rng), seed, rng, wrong_per_step=3)
        fuzzer.every = every
        try:
            result = fuzzer.run()
        except FuzzFailure as exc:
            failures.append(str(exc))
            continue
        except Exception as exc:  # noqa: BLE001  (a crash of the fuzzer itself is a failure too)
            failures.append(f"{key} seed={seed}: {type(exc).__name__}: {exc}")
            continue
        steps += result["steps"]
        refused += result["refused"]
    return count, steps, refused, failures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000, help="games per game (default 10000)")
    parser.add_argument("--wrong-every", type=int, default=4, help="throw wrong actions every N steps")
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--only", default="", help="comma-separated game keys")
    args = parser.parse_args()
    keys = [k for k in args.only.split(",") if k] or [g.key for g in all_games()]
    chunk = 50
    total_failures = 0
    print(f"{'game':<11}{'games':>8}{'steps':>12}{'refused':>10}{'failures':>10}{'seconds':>9}", flush=True)
    with ProcessPoolExecutor(args.procs) as pool:
        for key in keys:
            started = time.time()
            jobs = [(key, s, min(chunk, args.games - s), args.wrong_every) for s in range(0, args.games, chunk)]
            games = steps = refused = 0
            failures: list[str] = []
            for n, st, rf, fl in pool.map(batch, jobs):
                games, steps, refused = games + n, steps + st, refused + rf
                failures += fl
            total_failures += len(failures)
            print(f"{key:<11}{games:>8}{steps:>12}{refused:>10}{len(failures):>10}{time.time() - started:>9.0f}",
                  flush=True)
            for line in failures[:5]:
                print("   ", line, flush=True)
    print(f"failures: {total_failures}")
    sys.exit(1 if total_failures else 0)


if __name__ == "__main__":
    main()
