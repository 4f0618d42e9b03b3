"""Where President Expert loses to ``yard:search``: its decisions that differ from the search player's, scored on the
real deal (issue 54).

    python tests/bench/president_diff.py --matches 10 --seed 41000 --k 8 [--cont cheap|real] [--save d.json]
    python tests/bench/president_diff.py --load d1.json d2.json

Plays matches at the table ``president:expert, yard:search, president:expert, yard:search`` (seats rotated by match,
as arena.py does). At each decision of an Expert seat with more than one legal move (plays and passes, and the
exchange) a fresh ``yard:search`` player is asked what it would do from the same view. Where the two differ (by
rank and count, or the ranks given back), both choices are scored on the real deal: the game's full state is
copied, each choice applied, and the hand played on to its end by the table's four players, ``--k`` times with
common random seeds for the two branches; a branch's value is that seat's points for the hand (``pts``) and the
same plus the title's worth next hand (``val``, bot_search.place_value: +0.6 President ... -0.6 Beggar while a
hand follows). The match itself goes on with the Expert's move.

``--cont cheap`` (default) continues with the same players on fixed, small searches so that a few hundred
differing decisions fit in about 20 minutes: the Expert with ``budget_s=None, worlds=8`` (no clock) and
``yard:search`` with 4 deals (its 0.1 s budget kept as a cap). ``--cont real`` uses the players as they are.

Prints how many decisions differ and the mean gain of the search's choice over the Expert's (± 95% CI over
decisions), in all and by kind: lead / follow / exchange, pass v play, own hand size, the rank band of each
choice (low 3-7, mid 8-K, high A-2), and the gain per Expert seat-hand (what the differences cost a hand).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.president.actions import Give, NextHand, Play  # noqa: E402
from logic.president.bot_info import play_key, rank_of  # noqa: E402
from logic.president.bot_search import place_value  # noqa: E402
from tests.bench.arena import make_player, mean_ci  # noqa: E402
from tests.bench.president_table import GAME, TABLE, moves, new_match, play_hand_out  # noqa: E402


def key_of(action: Any) -> Any:
    """What a choice is, suits aside: (rank, count) of a play, None for a pass, ("give", ranks) for the exchange."""
    if type(action) is Play:
        return play_key(action.cards)
    if type(action) is Give:
        return ("give", tuple(sorted(rank_of(c) for c in action.cards)))
    return None


def band(key: Any) -> str:
    """The rank band of a choice: pass, low (3-7), mid (8-K), high (A-2)."""
    if key is None:
        return "pass"
    r = key[0]
    return "low" if r <= 4 else ("mid" if r <= 10 else "high")


def score_branch(state: Any, seat: int, action: Any, bots: list[Any], k: int, tag: str) -> tuple[list[float], ...]:
    """``seat``'s points (and value with the title) for the hand after ``action``, over ``k`` continuations."""
    pts, val = [], []
    left = state.hands_total - state.hand_no
    for i in range(k):
        s = GAME.clone(state)
        GAME.apply(s, seat, action)  # may end the hand (the last but one seat goes out): then nothing is played on
        s = play_hand_out(s, bots, f"{tag}-{i}", len(state.hand_points))
        pts.append(float(s.hand_points[-1][seat]))
        val.append(place_value(s.n, s.prev_finish.index(seat), left))
    return pts, val


def record_of(state: Any, seat: int, view: Any, legal: list, ke: Any, ks: Any) -> dict[str, Any]:
    kind = "exchange" if type(legal[0]) is Give else ("lead" if not view.get("top") else "follow")
    if kind == "follow":
        what = "E pass" if ke is None else ("S pass" if ks is None else "both play")
    else:
        what = kind
    size = len(view["hand"])
    return {"kind": kind, "what": what, "size": "1-4" if size <= 4 else ("5-8" if size <= 8 else "9+"),
            "band_e": band(ke) if kind != "exchange" else "-", "band_s": band(ks) if kind != "exchange" else "-",
            "hand_no": state.hand_no, "e": repr(ke), "s": repr(ks)}


def play_match(seed: int, index: int, k: int, cont: str, rows: list[dict[str, Any]], counts: dict[str, int]) -> None:
    m = new_match(seed, index, cont)
    seat_player, cbots, state = m.seat_player, m.cbots, m.state
    for step, seat, view, legal, action in moves(m):
        if TABLE[seat_player[seat]].startswith("president:") and len(legal) > 1 and type(legal[0]) is not NextHand:
            counts["decisions"] += 1
            counts["exchange" if type(legal[0]) is Give else ("lead" if not view.get("top") else "follow")] += 1
            alt = make_player("president", "yard:search").choose(view, legal, random.Random(f"diff-{seed}-{step}"))
            ke, ks = key_of(action), key_of(alt)
            if ke != ks:
                tag = f"cont-{seed}-{step}"
                pe, ve = score_branch(state, seat, action, cbots, k, tag)
                ps, vs = score_branch(state, seat, alt, cbots, k, tag)
                rec = record_of(state, seat, view, legal, ke, ks)
                rec.update(seed=seed, step=step, gain=(sum(ps) - sum(pe)) / k, gain_val=(sum(vs) - sum(ve)) / k)
                rows.append(rec)
    counts["seat_hands"] += 2 * state.hands_total
    counts["matches"] += 1


def line(label: str, xs: list[float], ys: list[float], per: float) -> str:
    m, ci = mean_ci(xs)
    mv, civ = mean_ci(ys)
    return (f"  {label:24s} n={len(xs):4d}  gain pts {m:+.3f} ± {ci:.3f}  val {mv:+.3f} ± {civ:.3f}  "
            f"per seat-hand {sum(xs) / per:+.3f} ± {ci * len(xs) / per:.3f}")


def report(rows: list[dict[str, Any]], counts: dict[str, int]) -> None:
    per = max(1, counts["seat_hands"])
    print(f"\n{counts['matches']} matches, {counts['decisions']} Expert decisions with a choice, {len(rows)} differ "
          f"({100 * len(rows) / max(1, counts['decisions']):.1f}%); {per} Expert seat-hands")
    if "lead" in counts:
        print(f"decisions with a choice by kind: lead {counts['lead']}, follow {counts['follow']}, "
              f"exchange {counts['exchange']}")
    print("gain = the search's choice minus the Expert's, points for the hand (val: with the title), mean ± 95% CI")
    print(line("all", [r["gain"] for r in rows], [r["gain_val"] for r in rows], per))
    for field in ("kind", "what", "size", "band_e", "band_s", "hand_no"):
        groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            groups[r[field]].append(r)
        print(f" by {field}:")
        for key in sorted(groups, key=str):
            g = groups[key]
            print(line(f"{field}={key}", [r["gain"] for r in g], [r["gain_val"] for r in g], per))
    pairs: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        pairs[(r["e"], r["s"])].append(r)
    print(" most frequent differences (Expert's choice -> search's):")
    for (e, s), g in sorted(pairs.items(), key=lambda kv: -len(kv[1]))[:15]:
        print(line(f"{e} -> {s}", [r["gain"] for r in g], [r["gain_val"] for r in g], per))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=4)
    ap.add_argument("--seed", type=int, default=41000)
    ap.add_argument("--k", type=int, default=8, help="continuations per branch")
    ap.add_argument("--cont", choices=("cheap", "real"), default="cheap")
    ap.add_argument("--save", help="write the differing decisions and counts to this JSON file")
    ap.add_argument("--load", nargs="+", help="report these --save files as one run")
    args = ap.parse_args(argv)
    counts: dict[str, int] = defaultdict(int)
    rows: list[dict[str, Any]] = []
    if args.load:
        for p in args.load:
            data = json.loads(Path(p).read_text())
            rows += data["rows"]
            for key, v in data["counts"].items():
                counts[key] += v
        report(rows, counts)
        return
    t0 = time.perf_counter()
    for i in range(args.matches):
        play_match(args.seed + i, i, args.k, args.cont, rows, counts)
        print(f"match {i + 1}/{args.matches}: {len(rows)} differ, {time.perf_counter() - t0:.0f}s", flush=True)
        if args.save:
            Path(args.save).write_text(json.dumps({"rows": rows, "counts": counts, "k": args.k, "cont": args.cont,
                                                   "seed": args.seed, "matches": i + 1}))
    report(rows, counts)


if __name__ == "__main__":
    main()
