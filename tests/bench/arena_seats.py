"""Each player of an arena run by its place in the line-up, with its neighbours (issue 54).

    python tests/bench/arena_seats.py --load a.json b.json [--diff 2 3]

arena.py averages the players of one name; at a table of two kinds (``president:expert,yard:search,yard:search,
yard:search``) the players of one name sit in different places relative to the others: seats rotate, but the order
of the line-up around the table does not, so player ``i`` always plays just after player ``i - 1`` and just before
player ``i + 1``. This report gives every player index its own score (95% interval over matches), naming who plays
before and after it, and with ``--diff I J`` the paired per-match difference of two of them. Over seeds the deals are
random, so the indices differ only by their place (and chance).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.bench.arena import mean_ci  # noqa: E402


def load_rows(paths: list[str]) -> tuple[list[str], list[list[float]]]:
    """The line-up and every finished match's scores by player index (each seed once) from ``--save`` files."""
    runs = [json.loads(Path(p).read_text()) for p in paths]
    names = list(runs[0]["players"])
    if any(list(r["players"]) != names for r in runs):
        raise SystemExit("the files are not of one line-up")
    rows = {m["seed"]: m["scores"] for r in runs for m in r["matches"] if m["finished"]}
    return names, [rows[s] for s in sorted(rows)]


def short(name: str) -> str:
    """``president:expert`` -> ``expert``, ``yard:search`` -> ``search``."""
    return name.split(":", 1)[-1].split("@", 1)[0]


def by_index(names: list[str], rows: list[list[float]]) -> list[dict[str, Any]]:
    """Per player index: its name, the players before and after it, its mean score and interval."""
    n = len(names)
    out = []
    for i, name in enumerate(names):
        m, ci = mean_ci([r[i] for r in rows])
        out.append({"index": i, "name": name, "before": names[(i - 1) % n], "after": names[(i + 1) % n],
                    "score": m, "ci": ci})
    return out


def diff(rows: list[list[float]], i: int, j: int) -> tuple[float, float]:
    """Paired per-match difference of player ``i`` minus player ``j``."""
    return mean_ci([r[i] - r[j] for r in rows])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--load", nargs="+", required=True)
    ap.add_argument("--diff", nargs=2, type=int, action="append", default=[], metavar=("I", "J"))
    args = ap.parse_args(argv)
    names, rows = load_rows(args.load)
    print(f"{','.join(names)}: N={len(rows)} matches")
    for p in by_index(names, rows):
        print(f"  player {p['index']} {short(p['name']):8s} (after {short(p['before'])}, before {short(p['after'])}):"
              f" {p['score']:.3f} ± {p['ci']:.3f}")
    for i, j in args.diff:
        d, ci = diff(rows, i, j)
        print(f"  player {i} - player {j}: {d:+.3f} ± {ci:.3f} a hand (paired over matches)")


if __name__ == "__main__":
    main()
