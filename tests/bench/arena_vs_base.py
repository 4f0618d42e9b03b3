"""A player's (or a team's) score over ``arena.py --save`` files, alone or paired with a baseline run (issues 52, 54).

    python tests/bench/arena_vs_base.py --player 2 --variant v_0.json v_1.json --base b_0.json b_1.json
    python tests/bench/arena_vs_base.py --player 0,2 --variant op_0.json op_1.json

At a table like ``president:expert, yard:search, president:expert@KNOB=v, yard:search`` the per-match difference
between players 0 and 2 is not a fair pairing: on fixed seeds they hold different cards, and that luck is the same in
every run on those seeds (two plain Experts at players 0 and 2 differed by +0.195 ± 0.290 a hand over seeds
40000-40099, by +0.69 over the first 20). Pair instead player ``--player``'s score in the variant run with the same
player's score in a baseline run (``arena.py --save``) of the same seeds: the same seat, the same deal each match.

``--player 0,2`` adds the scores of several players: a team at a partners table (a team's win is 1, each partner
scoring 1/2). The variant's report then also gives the team minus the other players a match and, for the games scored
by win rate, the deals nobody won ("stuck") and the team's share of the deals someone won.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.arena import ADAPTERS, mean_ci  # noqa: E402


def matches(paths: list[str]) -> dict[int, list[float]]:
    """Seed -> every player's score, over the finished matches of ``--save`` files (each seed once)."""
    out: dict[int, list[float]] = {}
    for p in paths:
        for m in json.loads(Path(p).read_text())["matches"]:
            if m["finished"]:
                out[m["seed"]] = m["scores"]
    return out


def scores(paths: list[str], players: list[int]) -> dict[int, float]:
    """Seed -> the players' summed score, over the finished matches of ``--save`` files."""
    return {seed: sum(s[i] for i in players) for seed, s in matches(paths).items()}


def team_report(rows: dict[int, list[float]], players: list[int], win_rate: bool) -> list[str]:
    """The team's score, the rest's and their difference a match; for win rates also stuck deals, the decided share."""
    seeds = sorted(rows)
    team = [sum(rows[s][i] for i in players) for s in seeds]
    rest = [sum(rows[s]) - t for s, t in zip(seeds, team, strict=True)]
    (mt, ct), (mr, cr) = mean_ci(team), mean_ci(rest)
    d, dci = mean_ci([t - r for t, r in zip(team, rest, strict=True)])
    scale, unit = (100.0, "%") if win_rate else (1.0, "")
    lines = [f"N={len(seeds)}, seeds {seeds[0]}-{seeds[-1]}, players {players}: {mt * scale:.1f}{unit} "
             f"± {ct * scale:.1f}, the rest {mr * scale:.1f}{unit} ± {cr * scale:.1f}; team minus the rest "
             f"{d * scale:+.1f} ± {dci * scale:.1f} a match"]
    if win_rate:
        decided = [t / (t + r) for t, r in zip(team, rest, strict=True) if t + r > 0]
        w, wci = mean_ci(decided)
        lines.append(f"  stuck (nobody won) {len(seeds) - len(decided)} of {len(seeds)}; the team's share of the "
                     f"decided deals {100 * w:.1f}% ± {100 * wci:.1f} (N={len(decided)})")
    return lines


def parse_players(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--player", type=parse_players, required=True,
                    help="player index (its place in --players); several, comma-separated, for a team")
    ap.add_argument("--variant", nargs="+", required=True)
    ap.add_argument("--base", nargs="+", help="a baseline run of the same seeds to pair with (optional)")
    args = ap.parse_args(argv)
    if not args.base:
        game = json.loads(Path(args.variant[0]).read_text())["game"]
        rows = matches(args.variant)
        if not rows:
            raise SystemExit("no finished match")
        print("\n".join(team_report(rows, args.player, ADAPTERS[game].percent)))
        return
    v, b = scores(args.variant, args.player), scores(args.base, args.player)
    seeds = sorted(set(v) & set(b))
    if not seeds:
        raise SystemExit("no seed in both runs")
    d, ci = mean_ci([v[s] - b[s] for s in seeds])
    mv, civ = mean_ci([v[s] for s in seeds])
    mb, cib = mean_ci([b[s] for s in seeds])
    label = ",".join(map(str, args.player))
    print(f"N={len(seeds)}, seeds {seeds[0]}-{seeds[-1]}, player {label}: variant {mv:.3f} ± {civ:.3f}, "
          f"baseline {mb:.3f} ± {cib:.3f}, paired {d:+.3f} ± {ci:.3f}")


if __name__ == "__main__":
    main()
