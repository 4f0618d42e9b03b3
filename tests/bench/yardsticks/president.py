"""President yardsticks: plain players written from the rules (none of our levels), for tests/bench/arena.py.

``rules``: a steady club player who counts the cards (calibrated against the outside rule players, issue 31).

* It counts the cards played, so it knows when a group can no longer be beaten (judged from the cards not yet
  seen). Leading, it cashes such a group whenever all its groups but one are unbeatable (with two groups: one
  unbeatable is enough), so the lead comes back and the last group goes out; following, it plays an
  unbeatable exact match (even an Ace or a 2) when the rest of its hand is such a sure way out.
* Otherwise it leads its lowest group whole (never splitting a pair or triple to lead).
* Follow: the lowest exact match (same count, no group broken). Aces and 2s are kept for winning the lead
  back while the hand is long (more than 8 cards), whatever was led; a group is broken only near the end of
  the hand (6 cards or fewer).
* It watches the smallest other hand: against a player on their last card it leads a pair (or its top
  single) and beats a single with its highest.
* Exchange: give back the lowest cards, lone cards first.

Calibration (arena, one ``frozen:expert`` with three of these, seeds 10000-10499, 2026-12-02): the frozen Expert
scored **1.553 ± 0.071** points a hand (N=500); against the outside rule players it scored 1.49 ± 0.07 (N=500):
each figure lies inside the other's interval. Without the sure way out (the player before issue 31) it scored
1.708 ± 0.151 on the first 100 of those seeds, where this player holds it to 1.587 ± 0.155 (paired
difference −0.120 ± 0.080). Knobs that moved it by less than the noise (N=100, same seeds): on top of the sure
way out, breaking groups from 4 or from 9 cards instead of 6, or keeping Aces and 2s above 10 cards instead of 8
(1.617-1.640); without it, keeping Kings too, or keeping Aces and 2s above 5 cards. Earlier tuning (200 matches
each, 2026-12-01): keeping Aces and 2s only against leads below a 10 and above 6 cards was much easier (+0.665 ±
0.139 for the frozen Expert over these players, per match) than keeping them against any lead above 8 cards
(+0.227 ± 0.143).
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
    sure_out = 1  # lead an unbeatable group whenever all groups but one are unbeatable (a sure way out)
    follow_cash = 1  # follow with an unbeatable exact match, kept or not, when the rest is a sure way out

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
