"""A short look-ahead for the President style yardsticks' end of hand, self-contained (no code of our levels).

Near the end of a hand a style player may check its own move against the others by plain determinized playouts:
the cards it has not seen are dealt at random to the other hands (their sizes as shown; what the exchange showed
is not used), every candidate is played and the hand played on with the style's own ``decide`` for every seat,
valued by this seat's points for its place. The style's move stands unless another beats it on the same deals by
more than ``z`` standard errors. The trick mechanics are the rules': a pass does not stop a player from playing
later in the trick; a trick ends when everyone else still in has passed since the last play.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from logic.president.actions import RANK_LABELS

Move = tuple[int, int] | None
Decide = Callable[[list[int], list[int], int, int, bool, int], Move]


def deal(view: dict[str, Any], h: list[int], unseen: list[int], rng: random.Random) -> list[list[int]]:
    """Every seat's rank counts: this seat's as they are, the unseen cards dealt at random to the others."""
    n, me = view["players"], view["seat"]
    cards = [r for r in range(13) for _ in range(unseen[r])]
    rng.shuffle(cards)
    hands = [[0] * 13 for _ in range(n)]
    hands[me] = list(h)
    pos = 0
    for p in range(n):
        if p != me:
            for r in cards[pos : pos + view["seats"][p]["cards"]]:
                hands[p][r] += 1
            pos += view["seats"][p]["cards"]
    return hands


def play_out(view: dict[str, Any], hands: list[list[int]], move: Move, decide: Decide, rev: bool) -> float:
    """This seat's points (players - 1 - place) if it makes ``move`` now and every seat then plays ``decide``."""
    n, me = view["players"], view["seat"]
    cnt = [sum(x) for x in hands]
    out = [not c for c in cnt]
    placed = sum(out)
    pool = [sum(x[r] for x in hands) for r in range(13)]  # every card still in a hand, by rank
    top = view.get("top")
    k, t = (top["count"], _rank(top["rank"])) if top else (0, -1)
    last = top["seat"] if top else me
    passed = set(view.get("passed", ())) if top else set()
    p, choice = me, move
    for _ in range(2000):
        if choice is None:
            passed.add(p)
            if all(q in passed for q in range(n) if q != last and not out[q]):
                p = last if not out[last] else _next(out, last)
                k, t, passed = 0, -1, set()
            else:
                p = _next(out, p)
        else:
            r, c = choice
            hands[p][r] -= c
            pool[r] -= c
            cnt[p] -= c
            k, t, last, passed = c, r, p, set()
            if not cnt[p]:
                out[p] = True
                if p == me:
                    return float(n - 1 - placed)
                placed += 1
                if placed == n - 1:
                    return 0.0
            p = _next(out, p)
        h = hands[p]
        unseen = [pool[r] - h[r] for r in range(13)]  # the others' cards, as this seat's playout knows them
        short = min((cnt[q] for q in range(n) if q != p and not out[q]), default=99)
        choice = decide(h, unseen, k, t, rev, short)
    return 0.0  # a playout that does not end (a bug in a policy) counts as last place


def _next(out: list[bool], p: int) -> int:
    n = len(out)
    q = (p + 1) % n
    while out[q]:
        q = (q + 1) % n
    return q


def _rank(label: str) -> int:
    return RANK_LABELS.index(label)


def look_ahead(view: dict[str, Any], h: list[int], unseen: list[int], cands: list[Move], own: Move,
               decide: Decide, rng: random.Random, worlds: int, z: float) -> Move:
    """``own`` unless another candidate beats it by more than ``z`` standard errors over ``worlds`` deals."""
    rev = view.get("order") == "reversed"
    rows = []
    for _ in range(worlds):
        hands = deal(view, h, unseen, rng)
        rows.append([play_out(view, [list(x) for x in hands], c, decide, rev) for c in cands])
    best = max(range(len(cands)), key=lambda i: sum(row[i] for row in rows))
    if own not in cands or cands[best] == own:
        return cands[best]
    mine = cands.index(own)
    diffs = [row[best] - row[mine] for row in rows]
    m = sum(diffs) / len(diffs)
    var = sum((d - m) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    se = math.sqrt(var / len(diffs)) if len(diffs) > 1 else math.inf
    return cands[best] if m > 0 and m > z * se else own
