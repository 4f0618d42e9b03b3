"""President yardsticks: plain players written from the rules (none of our levels), for tests/bench/arena.py.

``rules``: a steady club player who counts the cards (calibrated against the outside rule players).
``hoarder`` and ``shedder`` (president_styles.py): rule players of other styles (issue 54), built on this player's
counting, who keep their Aces and 2s for the end, or shed their pairs first and pass rather than climb far; a mixed
table seats one of each (``--players frozen:expert,yard:rules,yard:hoarder,yard:shedder``).
``search``: plain determinized playouts with the strongest calibrated rule player, ``hoarder``, as every seat's
policy (president_search.py, rebuilt for issue 54 step 1, self-contained, frozen by a digest of its moves).
House rules (issue 52): with any switch on, ``rules``, ``hoarder``, ``shedder`` (and ``search``, which plays the
hoarder there) play through the house layer (president_house.py, frozen by a digest of moves under Daifugō and Scum in
tests/bench/test_yardsticks_president_house.py); their standard-rules moves are unchanged.
``search_rules`` is the one before it: the same search with this player as the policy on the game's own search model
(``PresidentSpec``), which keeps the policy's own move unless another beats it on the same deals by more than two
standard errors (as Beanie's search yardstick does). Before that, the best mean of 16 deals over every legal move
picked near-equal moves by chance and lost to ``frozen:expert``: 1.271 ± 0.174 a hand v its 1.729 (N=24, seeds
10000-10023, two seats each, alternating); ``search_rules``, on the same seeds, **1.729 ± 0.193 v 1.271** (paired
+0.458 ± 0.159 over the old one), as the outside search player scored against the Expert of 2026-12-04 (1.71 v
1.29). ``search_old`` is the one before that, for the figures measured with it.

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
each figure lies inside the other's interval. Without the sure way out (the rule player before its calibration)
it scored 1.708 ± 0.151 on the first 100 of those seeds, where this player holds it to 1.587 ± 0.155 (paired
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
from logic.president import GAME
from logic.president.actions import Pass, Play
from logic.president.bot_info import BotInfo
from logic.president.bot_search import PresidentSpec, World
from tests.bench.yardsticks.president_base import CountsPlayer, choice_of
from tests.bench.yardsticks.president_search import SearchPlayer
from tests.bench.yardsticks.president_styles import HoarderPlayer, ShedderPlayer
from tests.bench.yardsticks.search import WORLDS, plain_search


class RulesPlayer(CountsPlayer):
    """The rule-based yardstick (see the module docstring)."""

    keep_high_above = 8  # hand size above which Aces and 2s are kept back
    break_under = 6  # hand size at or below which a group may be broken to follow
    cash_groups = 2  # cash an unbeatable group when this many groups (or fewer) are left
    block = True  # stop a player on their last card: lead a pair (or a high single), beat their single
    keep_strength = 11  # ranks at least this strong (11: Aces and 2s) are the ones kept back
    sure_out = 1  # lead an unbeatable group whenever all groups but one are unbeatable (a sure way out)
    follow_cash = 1  # follow with an unbeatable exact match, kept or not, when the rest is a sure way out

    def decide(self, h: list[int], unseen: list[int], k: int, t: int, rev: bool, short: int) -> tuple[int, int] | None:
        """The move as (rank, count), or None to pass, from rank counts: the hand ``h``, the cards ``unseen`` by
        this player (in the other hands), the play to beat (``k`` cards of rank ``t``; ``k`` 0: leading), the
        order and the smallest other hand."""
        strength = (lambda r: 12 - r) if rev else (lambda r: r)
        groups = sorted((r for r in range(13) if h[r]), key=strength)
        total = sum(h)

        def unbeatable(r: int, c: int) -> bool:
            return not any(unseen[x] >= c for x in range(13) if strength(x) > strength(r))

        def sure(rest: list[int]) -> bool:
            return sum(1 for r in rest if not unbeatable(r, h[r])) <= 1

        if not k:  # leading
            if self.sure_out and len(groups) >= 2 and sure(groups) or 2 <= len(groups) <= self.cash_groups:
                for r in sorted(groups, key=strength, reverse=True):
                    if unbeatable(r, h[r]):
                        return r, h[r]
            if self.block and short == 1 and len(groups) > 1:
                multi = [r for r in groups if h[r] > 1]
                r = multi[0] if multi else groups[-1]
                return r, h[r]
            return groups[0], h[groups[0]]
        options = [r for r in groups if h[r] >= k and strength(r) > strength(t)]
        exact = [r for r in options if h[r] == k]
        if self.follow_cash:
            for r in exact:
                if unbeatable(r, k) and sure([x for x in groups if x != r]):
                    return r, k
        for r in exact:
            if strength(r) >= self.keep_strength and total > self.keep_high_above:
                continue  # keep Aces and 2s while the hand is long
            return r, k
        if self.block and short == 1 and k == 1 and options:
            return options[-1], k  # their last card must not get a cheap single through
        if total <= self.break_under and options:
            return options[0], k
        return None


class RulesSearchPlayer:
    """``yard:search_rules``, the search yardstick before issue 54's step 1: plain determinized playouts
    (``search.py``) with the rule player as every seat's policy, to the end of the hand for this seat, valued by the
    points of its place; 16 deals, at most 0.1 s a decision; the rule player's own move stands unless another is
    clearly better on those deals (``PREFER_Z``). Deals and the trick mechanics come from the game's own search
    model (``PresidentSpec``, with its pass-reading filter and noise off: hidden cards dealt at random, consistent
    with hand sizes and what the exchange showed) - mechanics, no strategy."""

    worlds = WORLDS
    budget_s = 0.1
    rules: CountsPlayer = RulesPlayer()  # every seat's playout policy (and this player's exchange)
    PREFER_Z = 2.0  # the policy's own move stands unless another beats it by this many standard errors (0: off)

    def choose(self, view: dict[str, Any], legal: list, rng: random.Random) -> Any:
        cands = [a for a in legal if type(a) in (Play, Pass)]
        if len(cands) < 2:  # the exchange, the next hand, or a single move
            return self.rules.choose(view, legal, rng)
        spec = PresidentSpec(GAME, view, BotInfo(view), noise=0.0, match_aware=False)
        me, n, rules = view["seat"], view["players"], self.rules

        def play_out(w: World, action: Any, r: random.Random) -> float:
            spec.apply(w, me, choice_of(action))
            while w.my_place < 0:
                q = w.turn
                if w.k and w.passing >> q & 1:
                    spec.apply(w, q, None)  # passing for the rest of this trick
                    continue
                others = [w.hands[x] for x in range(n) if x != q]
                unseen = [sum(o[r_] for o in others) for r_ in range(13)]
                short = min((w.cnt[x] for x in range(n) if x != q and not w.out_mask >> x & 1), default=99)
                spec.apply(w, q, rules.decide(w.hands[q], unseen, w.k, w.t, w.rev, short))
            return float(n - 1 - w.my_place)

        prefer = self.rules.choose(view, legal, rng) if self.PREFER_Z > 0 else None
        return plain_search(cands, lambda r: spec.sample(view, r), play_out, spec.clone, rng, self.worlds,
                            self.budget_s, prefer=prefer, z=self.PREFER_Z)


class OldSearchPlayer(RulesSearchPlayer):
    """``yard:search`` before issue 54 (``search_rules`` without ``PREFER_Z``): the best mean over the deals,
    whatever the policy would play."""

    PREFER_Z = 0.0


PLAYERS: dict[str, Callable[[], Bot]] = {
    "rules": RulesPlayer, "hoarder": HoarderPlayer, "shedder": ShedderPlayer, "search": SearchPlayer,
    "search_rules": RulesSearchPlayer, "search_old": OldSearchPlayer,
}
