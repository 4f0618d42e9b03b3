"""A plain greedy Rummy player written from the rules (not one of our levels): a yardstick for the arena.

It takes a discard only when the cards it would take meld at once, melds the biggest groups and lays off
everything it can, and discards the highest card that has no partner (same rank, or same suit within two
ranks). It reads only its view and the legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from logic.rummy.melds import POINTS, RANK, SUIT, classify, hand_melds, parse_code


def _meld_points(hand: list[int], table_accepts: set[int]) -> int:
    """Points a greedy pass could put down from ``hand``: biggest melds first, then lay-offs."""
    left = list(hand)
    pts = 0
    while True:
        melds = [m for m in hand_melds(left) if len(m) < len(left)]
        if not melds:
            break
        best = max(melds, key=lambda m: (len(m), sum(POINTS[c] for c in m)))
        pts += sum(POINTS[c] for c in best)
        for c in best:
            left.remove(c)
    for c in list(left):
        if c in table_accepts and len(left) > 1:
            pts += POINTS[c]
            left.remove(c)
    return pts


def _accepts(view: dict[str, Any]) -> set[int]:
    from logic.rummy.melds import accepts_for

    out: set[int] = set()
    for m in view["melds"]:
        cards = [parse_code(c) for c in m["cards"]]
        shape = classify(cards)
        if shape is not None:
            out.update(accepts_for(shape[0], shape[1], shape[2], shape[3], cards))
    return out


def _has_partner(c: int, others: list[int]) -> bool:
    return any(x != c and (RANK[x] == RANK[c] or (SUIT[x] == SUIT[c] and abs(RANK[x] - RANK[c]) <= 2))
               for x in others)


class GreedyRummy:
    """Take a discard that melds, meld and lay off all you can, discard the least useful high card."""

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind: a for a in legal}
        for k in ("next", "commit"):
            if k in kinds:
                return kinds[k]
        hand = [parse_code(c) for c in view["hand"]]
        takes = [a for a in legal if a.kind == "take"]
        if takes or "draw" in kinds:
            acc = _accepts(view)
            base = _meld_points(hand, acc)
            pile = [parse_code(c) for c in view["discard"]]
            best, best_gain = kinds.get("draw", takes[0] if takes else legal[0]), 0
            for a in takes:
                taken = pile[pile.index(parse_code(a.card)):]
                gain = _meld_points(hand + taken, acc) - base  # > 0: the pickup melds at once
                if gain > best_gain:
                    best, best_gain = a, gain
            return best
        must = view.get("must_use")
        plays = [a for a in legal if a.kind in ("meld", "layoff")]
        if must:
            with_must = [a for a in plays if must in a.cards]
            if with_must:
                return max(with_must, key=lambda a: len(a.cards))
        melds = [a for a in plays if a.kind == "meld"]
        if melds:
            return max(melds, key=lambda a: (len(a.cards), sum(POINTS[parse_code(c)] for c in a.cards)))
        lays = [a for a in plays if a.kind == "layoff"]
        if lays:
            return lays[0]
        discards = [a for a in legal if a.kind == "discard"]
        if not discards:
            return next((a for a in legal if a.kind == "undo"), legal[0])
        cards = [parse_code(a.card) for a in discards]
        useless = [c for c in cards if not _has_partner(c, hand)]
        pool = useless or cards
        pick = max(pool, key=lambda c: (POINTS[c], RANK[c], -c))
        return discards[cards.index(pick)]


PLAYERS: dict[str, Callable[[], Any]] = {"greedy": GreedyRummy}
