"""Engine speed: uniform-random legal playouts for every game through the shared contract.

    python tests/bench/bench_engines.py [SECONDS_PER_GAME] [REPEATS]

Prints one table: games/s and actions/s (median of REPEATS runs) per game, plus RLCard's gin rummy driven
the same way when the `bench` extra (rlcard) is installed. Targets (room for the searching bots): President >= 150,000
actions/s, Stockpile >= 100,000, Rummy and Beanie >= 50,000. The machine is shared and noisy: compare the
ratios within one run.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from logic.registry import all_games  # noqa: E402

CONFIGS = {
    "president": {"players": 4},
    "rummy": {"players": 2, "target": 100},
    "beanie": {"players": 3},
    "stockpile": {"players": 2, "stock_size": "short"},
}
TARGETS = {"president": 150_000, "rummy": 50_000, "beanie": 50_000, "stockpile": 100_000}


def playout_rate(game, options: dict, seconds: float) -> tuple[float, float]:  # noqa: ANN001
    """Random legal games for ``seconds``: (games/s, actions/s). Only legal_actions + apply are timed."""
    config = game.make_config(**options)
    rng = random.Random(1)
    games = actions = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        state = game.new_game(config, seed)
        seed += 1
        start = time.perf_counter()
        while game.outcome(state) is None:
            movers = game.to_move(state)
            seat = movers[0] if len(movers) == 1 else rng.choice(movers)
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, rng.choice(legal))
            actions += 1
        spent += time.perf_counter() - start
        games += 1
    return games / spent, actions / spent


def rlcard_rate(seconds: float) -> tuple[float, float] | None:
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 1})
    rng = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, _player = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _player = env.step(rng.choice(legal))
            actions += 1
        games += 1
    spent = time.perf_counter() - start
    return games / spent, actions / spent


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"{'engine':<22}{'games/s':>12}{'actions/s':>14}{'target':>12}  ok")
    for game in all_games():
        runs = [playout_rate(game, CONFIGS.get(game.key, {}), seconds) for _ in range(repeats)]
        gps = statistics.median(r[0] for r in runs)
        aps = statistics.median(r[1] for r in runs)
        target = TARGETS.get(game.key, 0)
        print(f"{game.key:<22}{gps:>12,.1f}{aps:>14,.0f}{target:>12,}  {'yes' if aps >= target else 'NO'}")
    ref = rlcard_rate(seconds)
    if ref is None:
        print(f"{'rlcard gin-rummy':<22}{'(not installed: pip install -e .[bench])':>40}")
    else:
        print(f"{'rlcard gin-rummy':<22}{ref[0]:>12,.1f}{ref[1]:>14,.0f}{'reference':>12}")


if __name__ == "__main__":
    main()
