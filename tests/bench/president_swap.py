"""The whole-hand swap bench: President Expert v ``yard:search`` over whole hands, paired on the deal (issue 54).

    python tests/bench/president_swap.py --matches 4 --seed 42000 --k 4 [--save s.json]
    python tests/bench/president_swap.py --load s1.json s2.json [--examples 3]

Plays matches at president_table.py's table ``president:expert, yard:search, president:expert, yard:search`` (seats
rotated by match, as arena.py does). At the start of every hand (after the deal, before the exchange) the game's
full state is copied and, for each of the two Expert seats in turn, the hand is played out ``--k`` times with that
seat played by the Expert and ``--k`` times with it played by ``yard:search``, the other three seats as they are
(the real players, on the clock), the same random seeds for the two branches of a pair. A branch is worth the seat's
points for the hand (``pts``) and the same plus the title's worth next hand (``val``, bot_search.place_value).

What is reported is the paired difference Expert − search per seat-hand (the mean of its ``k`` pairs): the value of
the Expert's whole policy over a hand against the search's in the same seat on the same deal, the exchange, who
gets the lead when and the others' replies included, which the one-decision benches (president_diff.py,
president_regret.py) cannot see. Above 0 the Expert plays the hand better. By hand number and by the seat's title at
the start (hand 1 has none), and by the A and 2 the seat was dealt. The real match goes on as played (the copies
touch neither its state nor its players' random generators). The 95% intervals are over seat-hands, and over
matches as a check (two seats and four hands of one match share deals and players).

``--reverse`` swaps the two ``yard:search`` seats instead, with the Expert: the same difference Expert − search, in
the search's seats (where the other three are E, S, E rather than S, E, S).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.game import PHASE_HAND_OVER  # noqa: E402
from logic.president.bot_info import rank_of  # noqa: E402
from logic.president.bot_search import place_value  # noqa: E402
from tests.bench.arena import make_player, mean_ci  # noqa: E402
from tests.bench.president_table import GAME, TABLE, new_match, play_hand_out  # noqa: E402

TITLES = ("President", "Vice President", "Vice Beggar", "Beggar")  # by place in the hand before, four players
TOP_RANKS = (11, 12)  # A and 2


def title_of(state: Any, seat: int) -> str:
    """The seat's title at the start of the hand: its place in the one before ("none" in hand 1)."""
    if not state.prev_finish:
        return "none"
    place = state.prev_finish.index(seat)
    return TITLES[place] if state.n == 4 else str(place)


def branch(state: Any, seat: int, bots: list[Any], k: int, tag: str,
           every: list[list[int]] | None = None) -> tuple[list[float], list[float]]:
    """``seat``'s points and value for the hand from ``state``, played out ``k`` times by ``bots`` (by seat); every
    seat's points of each play-out go to ``every`` when given."""
    pts, val = [], []
    left = state.hands_total - state.hand_no
    for i in range(k):
        s = play_hand_out(GAME.clone(state), bots, f"{tag}-{i}")
        pts.append(float(s.hand_points[-1][seat]))
        val.append(place_value(s.n, s.prev_finish.index(seat), left))
        if every is not None:
            every.append(list(s.hand_points[-1]))
    return pts, val


def swap_hand(state: Any, seat: int, bots: list[Any], swap_in: Any, k: int, tag: str,
              own_is_expert: bool = True) -> dict[str, Any]:
    """The hand from ``state`` played out with ``seat`` by its own bot and by ``swap_in`` (common seeds): a row.
    ``pts_e``/``val_e`` are the Expert's branch, the seat's own player's unless ``own_is_expert`` is False."""
    t0 = time.perf_counter()
    all_e: list[list[int]] = []
    all_s: list[list[int]] = []
    pe, ve = branch(state, seat, bots, k, tag, all_e)
    ps, vs = branch(state, seat, [swap_in if j == seat else b for j, b in enumerate(bots)], k, tag, all_s)
    if not own_is_expert:
        pe, ve, ps, vs, all_e, all_s = ps, vs, pe, ve, all_s, all_e
    hand = GAME.view(state, seat)["hand"]
    return {"hand_no": state.hand_no, "seat": seat, "title": title_of(state, seat),
            "tops": sum(rank_of(c) in TOP_RANKS for c in hand), "pts_e": pe, "pts_s": ps, "val_e": ve, "val_s": vs,
            "diff": (sum(pe) - sum(ps)) / k, "diff_val": (sum(ve) - sum(vs)) / k,
            "seconds": time.perf_counter() - t0, "start": GAME.snapshot(state),
            "hero": "expert" if own_is_expert else "search", "all_e": all_e, "all_s": all_s}


def play_match(seed: int, index: int, k: int, rows: list[dict[str, Any]], names: tuple[str, ...] = TABLE,
               hero: str = TABLE[0], swap_in: str = TABLE[1]) -> Any:
    """One match, every hand of every seat of ``hero`` swapped with ``swap_in``; the rows go to ``rows``; the final
    state. ``names``, ``hero`` and ``swap_in``: another table (``--players``, e.g. the Expert alone against three
    searches) or, in tests, other, quicker players."""
    m = new_match(seed, index, "real", names)
    state, bots = m.state, m.bots
    swapped = 0
    pending: list[dict[str, Any]] = []
    while GAME.outcome(state) is None:
        if state.hand_no != swapped and state.phase != PHASE_HAND_OVER:  # a hand dealt, nothing played yet
            swapped = state.hand_no
            for seat in (j for j in range(state.n) if names[m.seat_player[j]] == hero):
                row = swap_hand(state, seat, bots, make_player("president", swap_in), k,
                                f"swap-{seed}-{state.hand_no}-{seat}", not swap_in.startswith("president:"))
                expert_in = swap_in.startswith("president:")  # then E is the swapped-in player's branch
                row.update(seed=seed, index=index, e_name=swap_in if expert_in else hero,
                           s_name=hero if expert_in else swap_in)
                pending.append(row)
        seat = GAME.to_move(state)[0]
        before = len(state.hand_points)
        GAME.apply(state, seat, bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat),
                                                  m.rngs[seat]))
        if len(state.hand_points) > before:  # the real hand is over: its points, beside the copies'
            for row in pending:
                row["real_pts"] = float(state.hand_points[-1][row["seat"]])
            rows += pending
            pending = []
    return state


def line(label: str, rows: list[dict[str, Any]]) -> str:
    m, ci = mean_ci([r["diff"] for r in rows])
    mv, civ = mean_ci([r["diff_val"] for r in rows])
    me = sum(sum(r["pts_e"]) / len(r["pts_e"]) for r in rows) / len(rows)
    ms = sum(sum(r["pts_s"]) / len(r["pts_s"]) for r in rows) / len(rows)
    return (f"  {label:26s} n={len(rows):4d}  E−S pts {m:+.3f} ± {ci:.3f}  val {mv:+.3f} ± {civ:.3f}  "
            f"(E {me:.3f}, S {ms:.3f})")


def places(label: str, rows: list[dict[str, Any]]) -> str:
    """How often the seat finished first, second, third, last: the Expert's copies, then the search's."""
    out = f"  {label:26s}"
    for who in ("e", "s"):
        pts = [p for r in rows for p in r[f"pts_{who}"]]
        out += f"  {who.upper()} " + "/".join(f"{100 * pts.count(float(p)) / len(pts):.0f}" for p in (3, 2, 1, 0))
    return out + " % (1st/2nd/3rd/last)"


def by_match(rows: list[dict[str, Any]]) -> tuple[float, float, int]:
    """The mean difference with its interval over matches (each match's seat-hands averaged first)."""
    groups: dict[Any, list[float]] = defaultdict(list)
    for r in rows:
        groups[(r["seed"], r["index"])].append(r["diff"])
    m, ci = mean_ci([sum(g) / len(g) for g in groups.values()])
    return m, ci, len(groups)


def others(rows: list[dict[str, Any]]) -> list[str]:
    """What the swap does to the other seats: E−S of the points of the seat 1, 2 and 3 places after the swapped one
    (rows saved with every seat's points)."""
    rows = [r for r in rows if r.get("all_e")]
    out = []
    for d in range(1, 4):
        diffs = []
        for r in rows:
            q = (r["seat"] + d) % len(r["all_e"][0])
            diffs.append((sum(p[q] for p in r["all_e"]) - sum(p[q] for p in r["all_s"])) / len(r["all_e"]))
        m, ci = mean_ci(diffs)
        out.append(f"  {'the seat ' + str(d) + ' after it':26s} n={len(diffs):4d}  E−S pts {m:+.3f} ± {ci:.3f}")
    return out if rows else []


def report(rows: list[dict[str, Any]], examples: int = 0) -> None:
    if not rows:
        print("no rows")
        return
    k = len(rows[0]["pts_e"])
    m, ci, n = by_match(rows)
    heroes = sorted({r.get("hero", "expert") for r in rows})
    print(f"\n{n} matches, {len(rows)} seat-hands of {'/'.join(heroes)} seats swapped, k={k} pairs each; "
          f"{sum(r['seconds'] for r in rows) / len(rows):.1f}s a seat-hand")
    e_names = sorted({r["e_name"] for r in rows if r.get("e_name")})  # (rows saved before session 49: no names)
    s_names = sorted({r["s_name"] for r in rows if r.get("s_name")})
    if heroes == ["expert"]:
        print("E−S = the hand played by the Expert minus the same hand by yard:search in its seat, mean ± 95% CI")
    else:  # a president player swapped in: its branch is E (with two Experts: E = the swapped-in variant)
        print("E−S = the hand played by the swapped-in player (E) minus the same hand by the seat's own player (S), "
              "mean ± 95% CI")
    if e_names or s_names:
        print(f"E = {'/'.join(e_names)}; S = {'/'.join(s_names)}")
    print(line("all", rows))
    print(f"  {'all, CI over matches':26s} n={n:4d}  E−S pts {m:+.3f} ± {ci:.3f}")
    real = [r["real_pts"] - sum(r["pts_e" if r.get("hero", "expert") == "expert" else "pts_s"]) / k
            for r in rows if "real_pts" in r]
    rm, rci = mean_ci(real)
    print(f"  {'check: real − own copies':26s} n={len(real):4d}  {rm:+.3f} ± {rci:.3f} (0 expected)")
    print(places("places, all", rows))
    for text in others(rows):
        print(text)
    for field in ("hand_no", "title", "tops", "seat"):
        groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            groups[r[field]].append(r)
        print(f" by {field}:")
        for key in sorted(groups, key=str):
            print(line(f"{field}={key}", groups[key]))
            if field == "title":
                print(places("  places", groups[key]))
    if examples:
        print(f" the {examples} seat-hands the Expert lost most (pts, its k pairs):")
        for r in sorted(rows, key=lambda r: r["diff"])[:examples]:
            hand = " ".join(sorted(r["start"]["hands"][r["seat"]], key=rank_of))
            print(f"  seed {r['seed']} hand {r['hand_no']} seat {r['seat']} {r['title']}: [{hand}] "
                  f"E {r['pts_e']} S {r['pts_s']} ({r['diff']:+.2f})")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=4)
    ap.add_argument("--seed", type=int, default=42000)
    ap.add_argument("--k", type=int, default=4, help="pairs of play-outs per seat-hand")
    ap.add_argument("--examples", type=int, default=0)
    ap.add_argument("--reverse", action="store_true", help="swap the search seats with the Expert instead")
    ap.add_argument("--players", default=",".join(TABLE), help="the table (default: E S E S), e.g. E S S S")
    ap.add_argument("--hero", default=TABLE[0], help="the player whose seats are swapped")
    ap.add_argument("--swap-in", default=TABLE[1], help="the player swapped in")
    ap.add_argument("--save", help="write the rows to this JSON file (after every match)")
    ap.add_argument("--load", nargs="+", help="report these --save files as one run")
    args = ap.parse_args(argv)
    rows: list[dict[str, Any]] = []
    if args.load:
        for p in args.load:
            rows += json.loads(Path(p).read_text())["rows"]
        report(rows, args.examples)
        return
    names = tuple(x.strip() for x in args.players.split(","))
    hero, swap_in = (args.swap_in, args.hero) if args.reverse else (args.hero, args.swap_in)
    t0 = time.perf_counter()
    for i in range(args.matches):
        play_match(args.seed + i, i, args.k, rows, names=names, hero=hero, swap_in=swap_in)
        print(f"match {i + 1}/{args.matches}: {len(rows)} seat-hands, {time.perf_counter() - t0:.0f}s", flush=True)
        if args.save:
            Path(args.save).write_text(json.dumps({"rows": rows, "k": args.k, "seed": args.seed, "matches": i + 1}))
    report(rows, args.examples)


if __name__ == "__main__":
    main()
