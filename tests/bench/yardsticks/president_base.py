"""What every President rule yardstick shares: reading the view as rank counts, the exchange, and turning a
``(rank, count)`` decision into a legal action. A player only writes ``decide`` (see ``CountsPlayer``)."""

from __future__ import annotations

import random
from typing import Any

from logic.president.actions import RANK_LABELS, Give, NextHand, Pass, Play
from tests.bench.yardsticks.president_house import house_choose

_RANK = {label: i for i, label in enumerate(RANK_LABELS)}


def counts(codes: list[str]) -> list[int]:
    """Rank counts (index 0 = 3 ... 12 = 2) of card codes."""
    h = [0] * 13
    for c in codes:
        h[_RANK[c[:-1]]] += 1
    return h


class CountsPlayer:
    """A rule player on rank counts: ``decide`` picks the move, this class reads the view and plays it. At a table
    with house rules the house layer plays (president_house.py; ``HOUSE = 0``: only legally, see there)."""

    HOUSE = 1  # the house-rule layer on (1) or off (0: the plain rule where legal, else a pass)

    def choose(self, view: dict[str, Any], legal: list, rng: random.Random) -> Any:
        if view.get("house"):
            return house_choose(self, view, legal, rng)
        first = legal[0]
        if type(first) is NextHand or len(legal) == 1:
            return first
        if type(first) is Give:
            return self._give(view, legal)
        h = counts(view["hand"])
        seen = counts(view["hand"] + view.get("played", []))
        me = view["seat"]
        finished = set(view.get("finished", ()))
        short = min((s["cards"] for i, s in enumerate(view["seats"]) if i != me and i not in finished), default=99)
        top = view.get("top")
        k, t = (top["count"], _RANK[top["rank"]]) if top else (0, -1)
        choice = self.decide(h, [4 - x for x in seen], k, t, view.get("order") == "reversed", short)
        return action_for(choice, legal)

    def decide(self, h: list[int], unseen: list[int], k: int, t: int, rev: bool, short: int) -> tuple[int, int] | None:
        """The move as (rank, count), or None to pass, from rank counts: the hand ``h``, the cards ``unseen`` by
        this player (in the other hands), the play to beat (``k`` cards of rank ``t``; ``k`` 0: leading), the
        order and the smallest other hand."""
        raise NotImplementedError

    def _give(self, view: dict[str, Any], legal: list) -> Any:
        """Give back the lowest cards, lone cards (below the Jacks) first."""
        h = counts(view["hand"])
        k = len(legal[0].cards)
        cards = sorted(view["hand"], key=lambda c: (_RANK[c[:-1]] >= 8 or h[_RANK[c[:-1]]] > 1, _RANK[c[:-1]]))
        want = sorted(_RANK[c[:-1]] for c in cards[:k])
        for a in legal:
            if sorted(_RANK[c[:-1]] for c in a.cards) == want:
                return a
        return legal[0]


def action_for(choice: tuple[int, int] | None, legal: list) -> Any:
    """The legal action making ``choice`` ((rank, count), None: pass)."""
    if choice is None:
        return next(a for a in legal if type(a) is Pass)
    found = [a for a in legal if type(a) is Play and (_RANK[a.cards[0][:-1]], len(a.cards)) == choice]
    return found[-1]


def choice_of(action: Any) -> tuple[int, int] | None:
    """The ``(rank, count)`` of a play action, None for a pass."""
    return (_RANK[action.cards[0][:-1]], len(action.cards)) if type(action) is Play else None
