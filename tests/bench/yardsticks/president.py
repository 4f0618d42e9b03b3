"""President yardsticks: plain players written from the rules (none of our levels), for tests/bench/arena.py.

``rules``: what a steady club player does without counting much.

* Lead: with two groups left, cash one that nobody can beat (judged from the cards not yet seen) and keep
  the lead for the other; otherwise lead the lowest group whole (never split a pair to lead).
* Follow: the lowest exact match (same count, no group broken). Aces and 2s are kept for winning the lead
  back while the hand is long (more than 8 cards), whatever was led; a group is broken only near the end of
  the hand.

Tuned against ``frozen:expert`` (arena, 200 matches each, one frozen Expert with three of these, 2026-12-01): the
Expert's lead over them was +0.665 ± 0.139 points per match with Aces and 2s kept only against leads below a 10
and while the hand had more than 6 cards, +0.295 ± 0.161 keeping them against any lead, +0.227 ± 0.143 keeping
them against any lead while the hand has more than 8 cards (this player). Other knobs (blocking, breaking
groups earlier or later, cashing with three groups left, leading low pairs) moved it by less than the interval.
* Exchange: give back the lowest cards, lone cards first.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from logic.game import Bot
from logic.president.actions import RANK_LABELS, Give, NextHand, Pass, Play

_RANK = {label: i for i, label in enumerate(RANK_LABELS)}


def _counts(codes: list[str]) -> list[int]:
    h = [0] * 13
    for c in codes:
        h[_RANK[c[:-1]]] += 1
    return h


class RulesPlayer:
    """The rule-based yardstick (see the module docstring)."""

    keep_high_above = 8  # hand size above which Aces and 2s are kept back
    break_under = 6  # hand size at or below which a group may be broken to follow
    cash_groups = 2  # cash an unbeatable group when this many groups (or fewer) are left
    block = True  # stop a player on their last card: lead a pair (or a high single), beat their single
    keep_strength = 11  # ranks at least this strong (11: Aces and 2s) are the ones kept back
    sure_out = 0  # lead an unbeatable group whenever all groups but one are unbeatable (a sure way out)
    follow_cash = 0  # follow with an unbeatable exact match, kept or not, when the rest is a sure way out

    def choose(self, view: dict[str, Any], legal: list, rng: random.Random) -> Any:
        first = legal[0]
        if type(first) is NextHand or len(legal) == 1:
            return first
        if type(first) is Give:
            return self._give(view, legal)
        rev = view.get("order") == "reversed"
        strength = (lambda r: 12 - r) if rev else (lambda r: r)
        h = _counts(view["hand"])
        seen = _counts(view["hand"] + view.get("played", []))
        unseen = [4 - x for x in seen]
        plays = {}
        for a in legal:
            if type(a) is Play:
                plays[(_RANK[a.cards[0][:-1]], len(a.cards))] = a
        groups = sorted((r for r in range(13) if h[r]), key=strength)
        total = sum(h)

        def unbeatable(r: int, k: int) -> bool:
            return not any(unseen[x] >= k for x in range(13) if strength(x) > strength(r))

        me = view["seat"]
        finished = set(view.get("finished", ()))
        short = min((s["cards"] for i, s in enumerate(view["seats"]) if i != me and i not in finished), default=99)
        top = view.get("top")
        def sure(rest: list[int]) -> bool:
            return sum(1 for r in rest if not unbeatable(r, h[r])) <= 1

        if not top:  # leading
            if self.sure_out and len(groups) >= 2 and sure(groups):
                for r in sorted(groups, key=strength, reverse=True):
                    if unbeatable(r, h[r]):
                        return plays[(r, h[r])]
            if 2 <= len(groups) <= self.cash_groups:
                for r in sorted(groups, key=strength, reverse=True):
                    if unbeatable(r, h[r]):
                        return plays[(r, h[r])]
            if self.block and short == 1 and len(groups) > 1:
                multi = [r for r in groups if h[r] > 1]
                r = multi[0] if multi else groups[-1]
                return plays[(r, h[r])]
            r = groups[0]
            return plays[(r, h[r])]
        k = top["count"]
        options = sorted((key for key in plays if key[1] == k), key=lambda key: strength(key[0]))
        exact = [key for key in options if h[key[0]] == k]
        if self.follow_cash:
            for r, _ in exact:
                if unbeatable(r, k) and sure([x for x in groups if x != r]):
                    return plays[(r, k)]
        for r, _ in exact:
            if strength(r) >= self.keep_strength and total > self.keep_high_above:
                continue  # keep Aces and 2s while the hand is long
            return plays[(r, k)]
        if self.block and short == 1 and k == 1 and options:
            return plays[options[-1]]  # their last card must not get a cheap single through
        if total <= self.break_under:
            for r, _ in options:
                return plays[(r, k)]
        return next(a for a in legal if type(a) is Pass)

    def _give(self, view: dict[str, Any], legal: list) -> Any:
        h = _counts(view["hand"])
        k = len(legal[0].cards)
        cards = sorted(view["hand"], key=lambda c: (_RANK[c[:-1]] >= 8 or h[_RANK[c[:-1]]] > 1, _RANK[c[:-1]]))
        want = sorted(_RANK[c[:-1]] for c in cards[:k])
        for a in legal:
            if sorted(_RANK[c[:-1]] for c in a.cards) == want:
                return a
        return legal[0]


PLAYERS: dict[str, Callable[[], Bot]] = {"rules": RulesPlayer}
