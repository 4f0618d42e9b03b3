"""The regret of President Expert's decisions against ``yard:search``: every candidate scored on the real deal
(issue 54).

    python tests/bench/president_regret.py --matches 2 --seed 41200 --k 8 --rate 0.3 [--cont cheap|real] [--save r.json]
    python tests/bench/president_regret.py --load r1.json r2.json [--examples 6]

Plays matches at president_diff.py's table ``president:expert, yard:search, president:expert, yard:search`` (seats
rotated by match). A share ``--rate`` of the decisions with more than one candidate, of both kinds of seat, is
scored: **every** candidate (each play by rank and count, the pass; in the exchange the gives made of the five
lowest ranks of the hand) is applied to a copy of the game's full state and the hand is played on to its end,
``--k`` times with common random seeds across the candidates (president_diff.score_branch). A candidate is worth the
seat's points for the hand (``pts``) or the same plus the title's worth next hand (``val``).

The regret of a decision is the best candidate's worth minus the chosen one's. Picking the best on the same
continuations that measure it overstates it (the winner's curse), so the figure reported is cross-checked: the best
candidate is picked on the even continuations and measured against the choice on the odd ones, and the other way
round (the mean of the two). The best candidate is judged knowing the deal, so even a perfect player has some
regret: the search seats' regret, measured the same way at the same table, is the yardstick for the Expert's. The
per seat-hand figure scales the sampled decisions back up (sum / rate / seat-hands of that kind of seat).
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

from logic.president.actions import Give, NextHand, Pass, Play  # noqa: E402
from logic.president.bot_info import rank_of  # noqa: E402
from tests.bench.arena import mean_ci  # noqa: E402
from tests.bench.president_diff import band, key_of, score_branch  # noqa: E402
from tests.bench.president_table import TABLE, moves, new_match  # noqa: E402

GIVE_RANKS = 5  # the exchange's candidates: gives made of the hand's lowest ranks only (the rest are never right)
RANKS = "3 4 5 6 7 8 9 10 J Q K A 2".split()


def candidates(hand: list[str], legal: list[Any]) -> list[Any]:
    """One action per distinct choice (see the module docstring)."""
    if type(legal[0]) is Give:
        low = sorted({rank_of(c) for c in hand})[:GIVE_RANKS]
        return [a for a in legal if all(rank_of(c) in low for c in a.cards)]
    out: dict[Any, Any] = {}
    for a in legal:
        if type(a) in (Play, Pass):
            out.setdefault(key_of(a), a)
    return list(out.values())


def regret_cv(means_a: list[float], means_b: list[float], chosen: int) -> float:
    """The best candidate picked on one half of the continuations, its gain over ``chosen`` on the other half."""
    best_a = max(range(len(means_a)), key=lambda i: means_a[i])
    best_b = max(range(len(means_b)), key=lambda i: means_b[i])
    return 0.5 * ((means_b[best_a] - means_b[chosen]) + (means_a[best_b] - means_a[chosen]))


def score_decision(state: Any, seat: int, cands: list[Any], chosen: int, cbots: list[Any], k: int,
                   tag: str) -> dict[str, Any]:
    """Every candidate's worth over ``k`` common continuations; the cross-checked and plain regrets."""
    pts, val = [], []
    for a in cands:
        p, v = score_branch(state, seat, a, cbots, k, tag)
        pts.append(p)
        val.append(v)
    out: dict[str, Any] = {}
    for name, xs in (("pts", pts), ("val", val)):
        even = [sum(x[0::2]) / len(x[0::2]) for x in xs]
        odd = [sum(x[1::2]) / len(x[1::2]) for x in xs]
        full = [sum(x) / k for x in xs]
        out[f"regret_{name}"] = regret_cv(even, odd, chosen)
        out[f"plain_{name}"] = max(full) - full[chosen]
        out[f"means_{name}"] = full
    return out


def describe(state: Any, seat: int, view: dict[str, Any], legal: list[Any], choice: Any) -> dict[str, Any]:
    """The kind of decision (lead / follow / exchange, pass v play, hand size, rank band, seats still in)."""
    kind = "exchange" if type(legal[0]) is Give else ("lead" if not view.get("top") else "follow")
    size = len(view["hand"])
    ke = key_of(choice)
    top = view.get("top")
    return {"kind": kind, "what": kind if kind != "follow" else ("pass" if ke is None else "play"),
            "size": "1-2" if size <= 2 else ("3-4" if size <= 4 else ("5-8" if size <= 8 else "9+")),
            "band": band(ke) if kind != "exchange" else "-", "left": state.n - bin(state.out_mask).count("1"),
            "hand_no": state.hand_no,
            "hand": " ".join(sorted(view["hand"], key=rank_of)), "top": f"{top['count']}x{top['rank']}" if top else "-",
            "others": [st["cards"] for i, st in enumerate(view["seats"]) if i != seat]}


def play_match(seed: int, index: int, args: argparse.Namespace, rows: list[dict[str, Any]],
               counts: dict[str, int]) -> None:
    m = new_match(seed, index, args.cont)
    seat_player, cbots, state = m.seat_player, m.cbots, m.state
    pick = random.Random(f"regret-{seed}")
    for step, seat, view, legal, action in moves(m):
        who = "expert" if TABLE[seat_player[seat]].startswith("president:") else "search"
        if len(legal) > 1 and type(legal[0]) is not NextHand:
            cands = candidates(view["hand"], legal)
            ke = key_of(action)
            chosen = next((i for i, a in enumerate(cands) if key_of(a) == ke), None)
            if chosen is None:  # a give outside the lowest ranks: scored too
                cands.append(action)
                chosen = len(cands) - 1
            if len(cands) > 1 and pick.random() < args.rate:
                rec = describe(state, seat, view, legal, action)
                rec.update(score_decision(state, seat, cands, chosen, cbots, args.k, f"reg-{seed}-{step}"))
                rec.update(who=who, seed=seed, step=step, ncands=len(cands), chosen=repr(ke),
                           cands=[repr(key_of(a)) for a in cands])
                rows.append(rec)
                counts[f"sampled_{who}"] += 1
            counts[f"decisions_{who}"] += 1
    counts["seat_hands"] += 2 * state.hands_total  # per kind of seat (two seats each)
    counts["matches"] += 1


def line(label: str, rows: list[dict[str, Any]], per: float, rate: float) -> str:
    m, ci = mean_ci([r["regret_pts"] for r in rows])
    mv, civ = mean_ci([r["regret_val"] for r in rows])
    mp, _ = mean_ci([r["plain_pts"] for r in rows])
    return (f"  {label:22s} n={len(rows):4d}  regret pts {m:+.3f} ± {ci:.3f}  val {mv:+.3f} ± {civ:.3f}  "
            f"(plain {mp:.3f})  per seat-hand {m * len(rows) / rate / per:+.3f} ± {ci * len(rows) / rate / per:.3f}")


def diff_line(label: str, e: list[dict[str, Any]], s: list[dict[str, Any]]) -> str:
    """The Expert's mean regret minus the search's (unpaired), points and value."""
    out = f"  {label:22s} E-S"
    for name in ("pts", "val"):
        me, ce = mean_ci([r[f"regret_{name}"] for r in e])
        ms, cs = mean_ci([r[f"regret_{name}"] for r in s])
        out += f"  {name} {me - ms:+.3f} ± {(ce ** 2 + cs ** 2) ** 0.5:.3f}"
    return out


def instead(r: dict[str, Any]) -> float:
    """A follow's other kind of choice minus the chosen one: the pass for a play, the lowest play for a pass."""
    means, cands = r["means_pts"], r["cands"]
    if r["what"] == "play":
        return means[cands.index("None")] - means[cands.index(r["chosen"])]
    lowest = min((c for c in cands if c != "None"), key=lambda c: tuple(int(x) for x in c.strip("()").split(",")))
    return means[cands.index(lowest)] - means[cands.index("None")]


def report(rows: list[dict[str, Any]], counts: dict[str, int], rate: float, examples: int) -> None:
    per = max(1, counts["seat_hands"])
    print(f"\n{counts['matches']} matches, {per} seat-hands of each kind; decisions with a choice: Expert "
          f"{counts['decisions_expert']} ({counts['sampled_expert']} scored), search {counts['decisions_search']} "
          f"({counts['sampled_search']} scored)")
    print("regret = best candidate (cross-checked) minus the choice, points for the hand (val: with the title)")
    by_who = {w: [r for r in rows if r["who"] == w] for w in ("expert", "search")}
    for field in ("all", "kind", "what", "size", "band", "left", "hand_no"):
        keys = sorted({str(r.get(field, "all")) for r in rows}) if field != "all" else ["all"]
        print(f" by {field}:")
        for key in keys:
            groups = {w: [r for r in g if field == "all" or str(r[field]) == key] for w, g in by_who.items()}
            for w, g in groups.items():
                if g:
                    print(line(f"{w} {field}={key}", g, per, rate))
            if groups["expert"] and groups["search"]:
                print(diff_line(f"{field}={key}", groups["expert"], groups["search"]))
    print(" a fixed other choice instead of the chosen one (no pick, so no winner's curse), points, mean ± 95% CI:")
    for w, g in by_who.items():
        for label, what, band_ in (("pass, not the follow play", "play", None),
                                   ("pass, not a mid follow play", "play", "mid"),
                                   ("lowest play, not the pass", "pass", None)):
            xs = [instead(r) for r in g if r["what"] == what and (band_ is None or r["band"] == band_)]
            m, ci = mean_ci(xs)
            print(f"  {w:6s} {label:28s} n={len(xs):4d}  {m:+.3f} ± {ci:.3f}")
    if examples:
        print(f" the Expert's {examples} largest regrets (points):")
        for r in sorted(by_who["expert"], key=lambda r: -r["regret_pts"])[:examples]:
            means = ", ".join(f"{c} {m:+.2f}" for c, m in zip(r["cands"], r["means_pts"], strict=True))
            print(f"  seed {r['seed']} step {r['step']} hand {r['hand_no']} {r['kind']}: hand [{r['hand']}] top "
                  f"{r['top']} others {r['others']}; chose {r['chosen']}; regret {r['regret_pts']:+.2f}; {means}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=2)
    ap.add_argument("--seed", type=int, default=41200)
    ap.add_argument("--k", type=int, default=8, help="continuations per candidate (even: halves cross-check)")
    ap.add_argument("--rate", type=float, default=0.3, help="share of the decisions with a choice that are scored")
    ap.add_argument("--cont", choices=("cheap", "real"), default="cheap")
    ap.add_argument("--examples", type=int, default=6)
    ap.add_argument("--save", help="write the scored decisions and counts to this JSON file")
    ap.add_argument("--load", nargs="+", help="report these --save files as one run")
    args = ap.parse_args(argv)
    counts: dict[str, int] = defaultdict(int)
    rows: list[dict[str, Any]] = []
    if args.load:
        rates = set()
        for p in args.load:
            data = json.loads(Path(p).read_text())
            rows += data["rows"]
            rates.add(data["rate"])
            for key, v in data["counts"].items():
                counts[key] += v
        if len(rates) > 1:
            raise SystemExit(f"parts at different rates: {sorted(rates)}")
        report(rows, counts, rates.pop(), args.examples)
        return
    t0 = time.perf_counter()
    for i in range(args.matches):
        play_match(args.seed + i, i, args, rows, counts)
        print(f"match {i + 1}/{args.matches}: {len(rows)} scored, {time.perf_counter() - t0:.0f}s", flush=True)
        if args.save:
            Path(args.save).write_text(json.dumps({"rows": rows, "counts": counts, "k": args.k, "cont": args.cont,
                                                   "rate": args.rate, "seed": args.seed, "matches": i + 1}))
    report(rows, counts, args.rate, args.examples)


if __name__ == "__main__":
    main()
