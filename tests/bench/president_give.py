"""The give-back screening bench: one decision, the exchange's give-back, swapped on the same deal (issue 54).

    python tests/bench/president_give.py --players president:expert,president:expert,yard:search,yard:search \\
        --hero president:expert --variant president:expert@give_search=1 --matches 4 --seed 48000 --k 2 [--save g.json]
    python tests/bench/president_give.py --load g1.json g2.json

Plays matches as arena.py does (seats rotated by match, every seat its own random generator; president_table.py).
Whenever a seat of ``--hero`` is to give cards back (the President's two, the Vice President's one), both the hero
and ``--variant`` are asked for the give on the seat's view as it is. When they give the same ranks the seat-hand's
difference is exactly 0 (suits do not matter to the play, and the rest of the hand is the same players either way):
nothing is played. When they differ, the hand is played out ``--k`` times from each give on copies of the state, with
common seeds per pair, the seat played by its own (hero) player after the give in both branches and the other seats
by the real players (a pending give of the other exchange included). A branch is worth the seat's points for the hand
(``pts``) and the same plus the title's worth next hand (``val``, bot_search.place_value). The real match goes on
with the hero's give (the copies touch neither its state nor its players' random generators).

Reported: the seat-hands with a give, the share where the gives differ, the mean difference variant − hero per give
seat-hand (zeros included) with its 95% interval, the same over the differing ones alone, by title, and the
variant's think time for the give.
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

from logic.president.actions import Give  # noqa: E402
from logic.president.bot_info import rank_of  # noqa: E402
from logic.president.bot_search import place_value  # noqa: E402
from tests.bench.arena import make_player, mean_ci, percentile  # noqa: E402
from tests.bench.president_table import GAME, new_match, play_hand_out  # noqa: E402

TABLE = ("president:expert", "president:expert", "yard:search", "yard:search")  # E E S S
VARIANT = "president:expert@give_search=1"


def ranks(action: Any) -> list[int]:
    return sorted(rank_of(c) for c in action.cards)


def play_give(state: Any, seat: int, give: Any, bots: list[Any], k: int, tag: str) -> tuple[list[float], list[float]]:
    """``seat``'s points and value for the hand after it gives ``give``, played out ``k`` times by ``bots``."""
    pts, val = [], []
    left = state.hands_total - state.hand_no
    for i in range(k):
        s = GAME.clone(state)
        GAME.apply(s, seat, give)
        s = play_hand_out(s, bots, f"{tag}-{i}", hands=len(state.hand_points))
        pts.append(float(s.hand_points[-1][seat]))
        val.append(place_value(s.n, s.prev_finish.index(seat), left))
    return pts, val


def screen(state: Any, seat: int, bots: list[Any], hero: Any, variant: Any, k: int, tag: str) -> dict[str, Any]:
    """One give of ``seat`` from ``state``: the hero's and the variant's, played out when they differ: a row."""
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    gh = hero.choose(view, legal, random.Random(f"{tag}-hero"))
    t0 = time.perf_counter()
    gv = variant.choose(view, legal, random.Random(f"{tag}-variant"))
    think = time.perf_counter() - t0
    row: dict[str, Any] = {"hand_no": state.hand_no, "seat": seat, "title": view["exchange"]["role"],
                           "hand": sorted(view["hand"], key=rank_of), "give_h": ranks(gh), "give_v": ranks(gv),
                           "think": think, "same": ranks(gh) == ranks(gv), "diff": 0.0, "diff_val": 0.0}
    if not row["same"]:
        t1 = time.perf_counter()
        ph, vh = play_give(state, seat, gh, bots, k, tag)
        pv, vv = play_give(state, seat, gv, bots, k, tag)
        row.update(pts_h=ph, pts_v=pv, val_h=vh, val_v=vv, diff=(sum(pv) - sum(ph)) / k,
                   diff_val=(sum(vv) - sum(vh)) / k, seconds=time.perf_counter() - t1)
    return row


def play_match(seed: int, index: int, k: int, rows: list[dict[str, Any]], names: tuple[str, ...] = TABLE,
               hero: str = TABLE[0], variant: str = VARIANT) -> Any:
    """One match; every give of a ``hero`` seat screened against ``variant``; the rows go to ``rows``; the final
    state (the match as the real players play it)."""
    m = new_match(seed, index, "real", names)
    state, bots = m.state, m.bots
    hero_bot, variant_bot = make_player("president", hero), make_player("president", variant)
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        legal = GAME.legal_actions(state, seat)
        if type(legal[0]) is Give and names[m.seat_player[seat]] == hero:
            row = screen(state, seat, bots, hero_bot, variant_bot, k, f"give-{seed}-{state.hand_no}-{seat}")
            row.update(seed=seed, index=index)
            rows.append(row)
        GAME.apply(state, seat, bots[seat].choose(GAME.view(state, seat), legal, m.rngs[seat]))
    return state


def line(label: str, rows: list[dict[str, Any]]) -> str:
    m, ci = mean_ci([r["diff"] for r in rows])
    mv, civ = mean_ci([r["diff_val"] for r in rows])
    return f"  {label:30s} n={len(rows):4d}  V−H pts {m:+.3f} ± {ci:.3f}  val {mv:+.3f} ± {civ:.3f}"


def report(rows: list[dict[str, Any]]) -> None:
    if not rows:
        print("no rows")
        return
    differ = [r for r in rows if not r["same"]]
    k = len(differ[0]["pts_h"]) if differ else 0
    matches: dict[Any, list[float]] = defaultdict(list)
    for r in rows:
        matches[(r["seed"], r["index"])].append(r["diff"])
    mm, mci = mean_ci([sum(g) for g in matches.values()])
    think = [r["think"] for r in rows]
    print(f"\n{len(matches)} matches, {len(rows)} seat-hands with a give, {len(differ)} differing "
          f"({100 * len(differ) / len(rows):.0f}%), k={k} pairs each; V−H = variant − hero, mean ± 95% CI")
    print(line("all give seat-hands", rows))
    print(f"  {'all, sum a match, over matches':30s} n={len(matches):4d}  V−H pts {mm:+.3f} ± {mci:.3f}")
    print(line("differing gives only", differ))
    for title in ("President", "Vice President"):
        some = [r for r in rows if r["title"] == title]
        if some:
            d = [r for r in some if not r["same"]]
            print(f" {title}: {len(d)} of {len(some)} differ ({100 * len(d) / len(some):.0f}%)")
            print(line(f"{title}, all", some))
            if d:
                print(line(f"{title}, differing", d))
    by_hand: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_hand[r["hand_no"]].append(r)
    for h in sorted(by_hand):
        print(line(f"hand {h}, all", by_hand[h]))
    if differ:
        ph = [p for r in differ for p in r["pts_h"]]
        pv = [p for r in differ for p in r["pts_v"]]
        print(f"  differing: hero {sum(ph) / len(ph):.3f}, variant {sum(pv) / len(pv):.3f} points a hand")
    print(f"  variant's give think time: mean {1000 * sum(think) / len(think):.0f} ms, p95 "
          f"{1000 * percentile(think, 0.95):.0f} ms, max {1000 * max(think):.0f} ms ({len(think)} gives)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=4)
    ap.add_argument("--seed", type=int, default=48000)
    ap.add_argument("--k", type=int, default=2, help="pairs of play-outs per differing give")
    ap.add_argument("--players", default=",".join(TABLE), help="the table (default: E E S S)")
    ap.add_argument("--hero", default=TABLE[0], help="the player whose gives are screened (and who plays on)")
    ap.add_argument("--variant", default=VARIANT, help="the player asked for the same give")
    ap.add_argument("--save", help="write the rows to this JSON file (after every match)")
    ap.add_argument("--load", nargs="+", help="report these --save files as one run")
    args = ap.parse_args(argv)
    rows: list[dict[str, Any]] = []
    if args.load:
        for p in args.load:
            rows += json.loads(Path(p).read_text())["rows"]
        report(rows)
        return
    names = tuple(x.strip() for x in args.players.split(","))
    t0 = time.perf_counter()
    for i in range(args.matches):
        play_match(args.seed + i, i, args.k, rows, names=names, hero=args.hero, variant=args.variant)
        print(f"match {i + 1}/{args.matches}: {len(rows)} gives, {sum(not r['same'] for r in rows)} differing, "
              f"{time.perf_counter() - t0:.0f}s", flush=True)
        if args.save:
            Path(args.save).write_text(json.dumps({"rows": rows, "k": args.k, "seed": args.seed, "matches": i + 1,
                                                   "players": names, "hero": args.hero, "variant": args.variant}))
    report(rows)


if __name__ == "__main__":
    main()
