"""A variant's score paired with a baseline run on the same seeds and seats (issue 54).

    python tests/bench/arena_vs_base.py --player 2 --variant v_0.json v_1.json --base b_0.json b_1.json

At a table like ``president:expert, yard:search, president:expert@KNOB=v, yard:search`` the per-match difference
between players 0 and 2 is not a fair pairing: on fixed seeds they hold different cards, and that luck is the same in
every run on those seeds (two plain Experts at players 0 and 2 differed by +0.195 ± 0.290 a hand over seeds
40000-40099, by +0.69 over the first 20). Pair instead player ``--player``'s score in the variant run with the same
player's score in a baseline run (``arena.py --save``) of the same seeds: the same seat, the same deal each match.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.arena import mean_ci  # noqa: E402


def scores(paths: list[str], player: int) -> dict[int, float]:
    """Seed -> the player's score, over the finished matches of ``--save`` files."""
    out: dict[int, float] = {}
    for p in paths:
        for m in json.loads(Path(p).read_text())["matches"]:
            if m["finished"]:
                out[m["seed"]] = m["scores"][player]
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--player", type=int, required=True, help="player index (its place in --players)")
    ap.add_argument("--variant", nargs="+", required=True)
    ap.add_argument("--base", nargs="+", required=True)
    args = ap.parse_args(argv)
    v, b = scores(args.variant, args.player), scores(args.base, args.player)
    seeds = sorted(set(v) & set(b))
    if not seeds:
        raise SystemExit("no seed in both runs")
    d, ci = mean_ci([v[s] - b[s] for s in seeds])
    mv, civ = mean_ci([v[s] for s in seeds])
    mb, cib = mean_ci([b[s] for s in seeds])
    print(f"N={len(seeds)}, seeds {seeds[0]}-{seeds[-1]}, player {args.player}: variant {mv:.3f} ± {civ:.3f}, "
          f"baseline {mb:.3f} ± {cib:.3f}, paired {d:+.3f} ± {ci:.3f}")


if __name__ == "__main__":
    main()
