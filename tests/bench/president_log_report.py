"""The report of president_log.py's saves: how the kinds of player at a table fare and interact (issue 54).

    python tests/bench/president_log.py --load log1.json log2.json

By kind of player (``expert``, ``search``, ...): points a hand by the title held at the hand's start; the tricks led
and won and who wins the trick a kind leads (by the winner's place after the leader); the choices made (pass or
play) and how often they are the move the Expert's playouts model for that seat (``model``) and ``yard:hoarder``'s
(``hoard``), leading and following apart. Intervals are 95% over seat-hands or decisions (which share matches, so
they are a little narrow).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from tests.bench.arena import mean_ci
from tests.bench.arena_seats import short

TITLES = ("President", "Vice President", "Vice Beggar", "Beggar")


def load_logs(paths: list[str]) -> list[tuple[list[str], dict[str, Any]]]:
    """(the kind of every seat, the match's log) for every logged match of the saves."""
    out = []
    for p in paths:
        run = json.loads(Path(p).read_text())
        names = [short(x) for x in run["players"]]
        for log in run["logs"]:
            out.append(([names[i] for i in log["seat_player"]], log))
    return out


def points_by_title(logs: list[tuple[list[str], dict[str, Any]]]) -> dict[tuple[str, str], list[float]]:
    """(kind, title at the hand's start: "none" in hand 1) -> the seat-hands' points."""
    out: dict[tuple[str, str], list[float]] = defaultdict(list)
    for kinds, log in logs:
        prev: list[int] = []
        for hand in log["hands"]:
            for seat, kind in enumerate(kinds):
                title = TITLES[prev.index(seat)] if prev else "none"
                out[kind, title].append(float(hand["points"][seat]))
            prev = hand["finish"]
    return out


def by_neighbours(logs: list[tuple[list[str], dict[str, Any]]]) -> dict[tuple[str, str, str], list[float]]:
    """(kind, the kind of the seat before it, of the seat after it) -> the seat-hands' points."""
    out: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for kinds, log in logs:
        n = len(kinds)
        for hand in log["hands"]:
            for seat, kind in enumerate(kinds):
                out[kind, kinds[(seat - 1) % n], kinds[(seat + 1) % n]].append(float(hand["points"][seat]))
    return out


def leads_by_next(logs: list[tuple[list[str], dict[str, Any]]]) -> dict[tuple[str, str], list[int]]:
    """(leader's kind, the kind of the seat after it) -> per trick led, 1 if the leader won it."""
    out: dict[tuple[str, str], list[int]] = defaultdict(list)
    for kinds, log in logs:
        n = len(kinds)
        cur: list[list[Any]] = []
        for row in log["moves"] + [[0, 0, 1, None, 0, 0]]:
            if row[2] and cur:
                plays = [r for r in cur if r[3] is not None]
                out[kinds[cur[0][1]], kinds[(cur[0][1] + 1) % n]].append(int(plays[-1][1] == cur[0][1]))
                cur = []
            cur.append(row)
    return out


def tricks(logs: list[tuple[list[str], dict[str, Any]]]) -> list[tuple[str, str, int, int]]:
    """Every finished trick as (leader's kind, winner's kind, the winner's place after the leader, cards played)."""
    out = []
    for kinds, log in logs:
        n = len(kinds)
        cur: list[list[Any]] = []
        for row in log["moves"] + [[0, 0, 1, None, 0, 0]]:  # a last lead closes the last trick
            if row[2] and cur:
                plays = [r for r in cur if r[3] is not None]
                leader, winner = cur[0][1], plays[-1][1]
                out.append((kinds[leader], kinds[winner], (winner - leader) % n, sum(r[3][1] for r in plays)))
                cur = []
            cur.append(row)
    return out


def choices(logs: list[tuple[list[str], dict[str, Any]]]) -> dict[tuple[str, str], list[list[Any]]]:
    """(kind, "lead"/"follow") -> the decisions with a choice: [chosen, model, hoard, cards held]."""
    out: dict[tuple[str, str], list[list[Any]]] = defaultdict(list)
    for kinds, log in logs:
        for row in log["moves"]:
            if len(row) > 6:
                chosen, model, hoard = (tuple(x) if x else None for x in (row[3], row[6], row[7]))
                out[kinds[row[1]], "lead" if row[2] else "follow"].append([chosen, model, hoard, row[4]])
    return out


def _share(xs: list[bool]) -> str:
    m, ci = mean_ci([float(x) for x in xs])
    return f"{100 * m:5.1f}% ± {100 * ci:4.1f}"


def report(paths: list[str]) -> None:
    logs = load_logs(paths)
    kinds = sorted({k for ks, _ in logs for k in ks})
    print(f"{len(logs)} logged matches")
    pts = points_by_title(logs)
    print("points a hand by the title held at the start (seat-hands)")
    for kind in kinds:
        cells = []
        for title in ("none", *TITLES):
            m, ci = mean_ci(pts.get((kind, title), []))
            cells.append(f"{title} {m:.3f} ± {ci:.3f} ({len(pts.get((kind, title), []))})")
        print(f"  {kind:8s} " + "; ".join(cells))
    for key, xs in sorted(by_neighbours(logs).items()):
        m, ci = mean_ci(xs)
        print(f"  {key[0]:8s} after {key[1]:8s} before {key[2]:8s} {m:.3f} ± {ci:.3f} ({len(xs)} seat-hands)")
    for key, won in sorted(leads_by_next(logs).items()):
        print(f"  tricks led by {key[0]:8s} with {key[1]:8s} next: {len(won):5d}, the leader won {_share(won)}")
    tr = tricks(logs)
    print(f"tricks: {len(tr)}")
    for kind in kinds:
        led = [t for t in tr if t[0] == kind]
        won = sum(1 for t in tr if t[1] == kind)
        places = Counter(t[2] for t in led)
        print(f"  led by {kind:8s} {len(led):5d}, won by it {won:5d}; of its leads the winner is the leader "
              + " / ".join(f"+{p}: {100 * places[p] / max(1, len(led)):4.1f}%" for p in range(4))
              + "; winner's kind " + ", ".join(f"{k} {100 * sum(1 for t in led if t[1] == k) / max(1, len(led)):.1f}%"
                                                for k in kinds))
    ch = choices(logs)
    print("decisions with a choice: pass rate, and the share equal to the Expert's playout model / yard:hoarder")
    for kind in kinds:
        for part in ("lead", "follow"):
            rows = ch.get((kind, part), [])
            if not rows:
                continue
            passes = [r[0] is None for r in rows]
            print(f"  {kind:8s} {part:6s} N={len(rows):5d} pass {_share(passes)}"
                  f"  = model {_share([r[0] == r[1] for r in rows])}"
                  f"  = hoard {_share([r[0] == r[2] for r in rows])}  model passes, it plays "
                  f"{_share([r[1] is None and r[0] is not None for r in rows])}  model plays, it passes "
                  f"{_share([r[1] is not None and r[0] is None for r in rows])}")
