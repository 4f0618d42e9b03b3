"""The President Expert's search speed at fixed work, against an older commit in the same run.

    python tests/bench/president_search_speed.py [--against COMMIT] [--positions 40] [--rounds 4]
                                                 [--knobs president:expert@budget_s=none@max_worlds=200,...]

Positions: mid-hand decisions with two or more legal moves from games of four Normal players (fixed seeds). Each
knob decides on every position with a fixed amount of work (``budget_s=none``: the worlds or iterations cap alone)
and a fixed rng, so both commits do the same work and — if the change kept the play — choose the same moves (the
script says how many differ). The two commits run alternately, ``--rounds`` times each, in fresh processes (the
older one from a temporary ``git worktree``); printed per knob: seconds for all positions, each commit's mean over
the rounds, and the ratio old/new with a 95% interval over the rounds (a t interval on the log ratios of paired
rounds). Pin it to one idle core (``taskset -c 1``): the figure is a ratio, but a busy core makes it noisy.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KNOBS = "president:expert@budget_s=none@max_worlds=200,president:expert@ismcts=1@budget_s=none@max_worlds=200"
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}


def worker(knobs: list[str], n_positions: int) -> None:
    """In the tree this file was started from: time every knob on the positions; print JSON."""
    sys.path.insert(0, str(Path.cwd()))
    from logic.president import PresidentGame
    from tests.bench.arena import make_player

    game = PresidentGame()
    positions = []
    seed = 0
    while len(positions) < n_positions:
        state = game.new_game(game.make_config(players=4, revolution=False), 54_000 + seed)
        normal = [make_player("president", "president:normal") for _ in range(4)]
        rng = random.Random(seed)
        step = 0
        while game.outcome(state) is None:
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            if len(legal) > 1 and step % 7 == 3 and len(positions) < n_positions:
                positions.append((game.view(state, seat), legal))
            game.apply(state, seat, normal[seat].choose(game.view(state, seat), legal, rng))
            step += 1
        seed += 1
    out = {}
    for knob in knobs:
        bot = make_player("president", knob)
        t0 = time.perf_counter()
        moves = [repr(bot.choose(view, legal, random.Random(i))) for i, (view, legal) in enumerate(positions)]
        out[knob] = {"seconds": time.perf_counter() - t0, "moves": moves}
    print(json.dumps(out))


def run_in(tree: Path, knobs: list[str], n_positions: int) -> dict:
    cmd = [sys.executable, str(tree / "tests/bench/president_search_speed.py"), "--worker",
           "--knobs", ",".join(knobs), "--positions", str(n_positions)]
    done = subprocess.run(cmd, cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", default="308da4f", help="the older commit (default: before the speed-ups)")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--knobs", default=KNOBS)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    knobs = args.knobs.split(",")
    if args.worker:
        worker(knobs, args.positions)
        return
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "old"
        subprocess.run(["git", "worktree", "add", "-q", "--detach", str(old), args.against], cwd=ROOT, check=True)
        # the older tree runs this file's own copy, so the worker is the same code on both sides
        (old / "tests/bench/president_search_speed.py").write_text(Path(__file__).read_text())
        try:
            rounds = []
            for _ in range(args.rounds):
                rounds.append((run_in(old, knobs, args.positions), run_in(ROOT, knobs, args.positions)))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False)
    print(f"President search speed, {args.positions} positions, {args.rounds} rounds: {args.against} (old) v the "
          "working tree (new)")
    for knob in knobs:
        olds = [o[knob]["seconds"] for o, _ in rounds]
        news = [n[knob]["seconds"] for _, n in rounds]
        logs = [math.log(o / n) for o, n in zip(olds, news, strict=True)]
        mean = statistics.mean(logs)
        half = T95.get(len(logs) - 1, 2.0) * statistics.stdev(logs) / math.sqrt(len(logs)) if len(logs) > 1 else 0
        differ = sum(a != b for a, b in zip(rounds[0][0][knob]["moves"], rounds[0][1][knob]["moves"], strict=True))
        print(f"  {knob}: old {statistics.mean(olds):.2f} s, new {statistics.mean(news):.2f} s; old/new "
              f"{math.exp(mean):.3f} (95% {math.exp(mean - half):.3f}–{math.exp(mean + half):.3f}); "
              f"moves that differ {differ} of {args.positions}")


if __name__ == "__main__":
    main()
