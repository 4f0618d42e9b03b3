"""A plain greedy Beanie player written from the rules (not one of our levels): a yardstick for the arena.

It takes the discard only when it makes a set at once, steals every Beanie it can, lays the biggest set,
adds every card that fits and places spare Beanies, and discards the costliest natural card that has no
partner (same rank, or same suit within two ranks). It proposes ending a round only when the round has
dragged on (30 turns a player) and agrees to a proposal once the round is 20 turns a player old.
It reads only its view and the legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from logic.beanie.sets import CARD_ID, NATURAL_POINTS, RANK, RANK_LABELS, SUIT, lay_options


def _has_partner(c: int, others: list[int]) -> bool:
    return any(x != c and (RANK[x] == RANK[c] or (SUIT[x] == SUIT[c] and abs(RANK[x] - RANK[c]) <= 2))
               for x in others)


class GreedyBeanie:
    """Lay and add early, steal when possible, shed the costliest useless card."""

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        by_kind: dict[str, list[Any]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if "next" in by_kind:
            return by_kind["next"][0]
        wild = RANK_LABELS.index(view["wild_rank"])
        hand = [CARD_ID[c] for c in view["hand"]]
        if "draw" in by_kind:
            draws = {a.source: a for a in by_kind["draw"]}
            top = view.get("discard_top")
            if "discard" in draws and top:
                t = CARD_ID[top]
                if "stock" not in draws or any(t in cards for cards, _, _ in lay_options(hand + [t], wild)):
                    return draws["discard"]
            return draws.get("stock", legal[0])
        turns = view["round_turns"]
        n = view["players"]
        if "agree" in by_kind and turns >= 20 * n:
            return by_kind["agree"][0]
        if "propose" in by_kind and turns >= 30 * n:
            return by_kind["propose"][0]
        if "steal" in by_kind:
            return by_kind["steal"][0]
        if "lay" in by_kind:
            return max(by_kind["lay"], key=lambda a: len(a.cards))
        if "add" in by_kind:
            return max(by_kind["add"], key=lambda a: NATURAL_POINTS[CARD_ID[a.card]])
        if "star" in by_kind:
            return by_kind["star"][0]
        discards = by_kind.get("discard")
        if not discards:
            return legal[0]
        cards = [CARD_ID[a.card] for a in discards]
        naturals = [c for c in cards if RANK[c] != wild]
        nat_hand = [c for c in hand if RANK[c] != wild]
        useless = [c for c in naturals if not _has_partner(c, nat_hand)]
        pool = useless or naturals or cards
        pick = max(pool, key=lambda c: (NATURAL_POINTS[c], RANK[c], -c))
        return discards[cards.index(pick)]


PLAYERS: dict[str, Callable[[], Any]] = {"greedy": GreedyBeanie}
