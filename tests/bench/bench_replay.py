"""What a replay costs the server: building it from a whole game's log (a line per move, checkpoints), finding
where each hand starts, and drawing one step's data (the state and every seat's view).

    python tests/bench/bench_replay.py [--games 10]

Whole games by the easiest computer players with each game's full-length options; prints mean and 95% interval
over the games (times in ms).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.registry import all_games  # noqa: E402
from logic.replay import Replay  # noqa: E402
from tests.replay_support import play_out  # noqa: E402

FULL = {"president": {"players": 4, "hands": 8}, "rummy": {"players": 3, "target": 500},
        "beanie": {"players": 4, "rounds": 13}, "stockpile": {"players": 4, "stock_size": "standard"}}


def interval(xs: list[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return f"{mean:8.1f} ± {half:5.1f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    print(f"{'game':<10} {'moves':>7} {'build ms':>16} {'hand starts ms':>16} {'one step ms':>16}")
    for game in all_games():
        moves, build, starts, step = [], [], [], []
        for seed in range(args.games):
            config, _final, log = play_out(game.key, seed, FULL[game.key])
            t0 = time.perf_counter()
            replay = Replay(game, log, config=config, seed=seed)
            t1 = time.perf_counter()
            replay.hand_starts()
            t2 = time.perf_counter()
            rng = random.Random(seed)
            picks = [rng.randrange(replay.steps + 1) for _ in range(20)]
            t3 = time.perf_counter()
            for i in picks:
                replay.views_at(i, config.players)
            t4 = time.perf_counter()
            moves.append(len(log))
            build.append((t1 - t0) * 1000)
            starts.append((t2 - t1) * 1000)
            step.append((t4 - t3) * 1000 / len(picks))
        print(f"{game.key:<10} {statistics.fmean(moves):7.0f} {interval(build):>16} {interval(starts):>16} "
              f"{interval(step):>16}")


if __name__ == "__main__":
    main()
