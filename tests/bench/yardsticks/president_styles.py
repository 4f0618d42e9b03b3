"""Two more President rule yardsticks (issue 54), each playing a style of its own, unlike ``yard:rules``.

Both are settings of ``StylePlayer``: the counting club player of ``yard:rules`` (it knows when a group can no
longer be beaten, takes a sure way out, stops a player on their last card, breaks groups only near the end)
with a style on top. Its knobs are UPPERCASE class constants, so the arena can try one on a single player
(``yard:hoarder@KEEP_ABOVE=5``); with the class defaults it plays exactly as ``RulesPlayer``
(``test_yardstick_president_styles.py`` compares their moves). They decide on rank counts with the signature of
``RulesPlayer.decide`` (hand ``h``, cards ``unseen`` by this player, the play to beat: ``k`` cards of rank ``t``,
``k`` 0 when leading, the order, the smallest other hand) and give back cards in the exchange as it does.

``hoarder``: the player who keeps the big cards for the end.

* Aces and 2s (``KEEP_HIGH``) are not spent while the hand holds more than ``KEEP_ABOVE`` cards and more than
  ``KEEP_GROUPS`` groups of lower cards (``yard:rules`` spends them from 8 cards on, whatever else it holds).

``shedder``: the player who sheds its pairs first and passes early.

* Leading, it gets rid of its sets first: the lowest pair (or triple) of a rank weaker than ``LEAD_SETS_BELOW``,
  before any single (``yard:rules`` leads its lowest group, single or not).
* Following while its hand is long (more than ``BREAK_UNDER`` cards) it passes rather than climb more than
  ``MAX_JUMP`` ranks above the play to beat, and it keeps its Aces and 2s down to ``KEEP_ABOVE`` cards.

Calibration: see the module docstring's end and docs/performance.md (target: ``frozen:expert`` scores 1.49 ±
0.07 a hand with three of a yardstick at the table).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from logic.president.actions import Pass, Play
from tests.bench.yardsticks.president_base import CountsPlayer, action_for, choice_of, counts
from tests.bench.yardsticks.president_lookahead import look_ahead

Move = tuple[int, int] | None


def _strength(rev: bool) -> Callable[[int], int]:
    return (lambda r: 12 - r) if rev else (lambda r: r)


def _unbeatable(unseen: list[int], strength: Callable[[int], int]) -> Callable[[int, int], bool]:
    def check(r: int, c: int) -> bool:
        return not any(unseen[x] >= c for x in range(13) if strength(x) > strength(r))

    return check


class StylePlayer(CountsPlayer):
    """The counting rule player with style knobs; the defaults are ``yard:rules``'s settings."""

    KEEP_HIGH = 11  # ranks at least this strong (11: Aces and 2s) are kept back...
    KEEP_ABOVE = 8  # ...while the hand holds more than this many cards...
    KEEP_GROUPS = -1  # ...and more than this many groups of weaker cards (-1: whatever else it holds)...
    PLAN = 0  # ...plus this many for each group kept (1: spent once each kept group can win a lead for one)
    BREAK_UNDER = 6  # hand size at or below which a group may be broken to follow
    LEAD_SETS_BELOW = 0  # lead the lowest set (2+ cards) of a rank weaker than this before any single (0: never)
    MAX_JUMP = 12  # while the hand is long, follow at most this many ranks above the play to beat (12: any)
    HOARD_LEAD = 0  # once the hoard may be spent, lead it from the top (the lead should come back)
    SURE_OUT = 1  # lead an unbeatable group whenever all groups but one are unbeatable (a sure way out)
    FOLLOW_CASH = 1  # follow with an unbeatable exact match, kept or not, when the rest is a sure way out
    BLOCK = 1  # stop a player on their last card: lead a pair (or a high single), beat their single
    LOOK_AT = 0  # with this many cards or fewer, check the move by a look-ahead (president_lookahead.py; 0: never)
    WORLDS = 16  # the look-ahead's deals
    Z = 2  # its move replaces the style's only when better by this many standard errors

    def choose(self, view: dict[str, Any], legal: list, rng: random.Random) -> Any:
        action = super().choose(view, legal, rng)
        if len(view["hand"]) > self.LOOK_AT or view.get("revolution") or view.get("house"):
            return action
        cands = list(dict.fromkeys(choice_of(a) for a in legal if type(a) in (Play, Pass)))
        if len(cands) < 2:
            return action
        h = counts(view["hand"])
        unseen = [4 - x for x in counts(view["hand"] + view.get("played", []))]
        own = choice_of(action)
        pick = look_ahead(view, h, unseen, cands, own, self.decide, rng, self.WORLDS, self.Z)
        return action if pick == own else action_for(pick, legal)

    def decide(self, h: list[int], unseen: list[int], k: int, t: int, rev: bool, short: int) -> Move:
        strength = _strength(rev)
        unbeatable = _unbeatable(unseen, strength)
        groups = sorted((r for r in range(13) if h[r]), key=strength)
        total = sum(h)
        low = [r for r in groups if strength(r) < self.KEEP_HIGH]
        keeping = total > self.KEEP_ABOVE and len(low) > self.KEEP_GROUPS + self.PLAN * (len(groups) - len(low))

        def sure(rest: list[int]) -> bool:
            return sum(1 for r in rest if not unbeatable(r, h[r])) <= 1

        if not k:  # leading
            if len(groups) >= 2 and (self.SURE_OUT and sure(groups) or len(groups) == 2):
                for r in reversed(groups):
                    if unbeatable(r, h[r]):
                        return r, h[r]
            if self.HOARD_LEAD and not keeping and low and len(low) < len(groups):
                r = groups[-1]
                return r, h[r]
            if self.BLOCK and short == 1 and len(groups) > 1:
                multi = [r for r in groups if h[r] > 1]
                r = multi[0] if multi else groups[-1]
                return r, h[r]
            sets = [r for r in groups if h[r] > 1 and strength(r) < self.LEAD_SETS_BELOW]
            r = sets[0] if sets else groups[0]
            return r, h[r]
        options = [r for r in groups if h[r] >= k and strength(r) > strength(t)]
        exact = [r for r in options if h[r] == k]
        if self.FOLLOW_CASH:
            for r in exact:
                if unbeatable(r, k) and sure([x for x in groups if x != r]):
                    return r, k
        long = total > self.BREAK_UNDER
        for r in exact:
            if keeping and strength(r) >= self.KEEP_HIGH:
                continue  # the hoard waits
            if long and strength(r) - strength(t) > self.MAX_JUMP:
                continue  # too big a step while the hand is long: pass instead
            return r, k
        if self.BLOCK and short == 1 and k == 1 and options:
            return options[-1], k  # their last card must not get a cheap single through
        if not long:
            spend = [r for r in options if not (keeping and strength(r) >= self.KEEP_HIGH)]
            if spend:
                return spend[0], k
        return None


class HoarderPlayer(StylePlayer):
    """Keeps Aces and 2s for the end (see the module docstring)."""

    KEEP_ABOVE = 4
    KEEP_GROUPS = 1
    PLAN = 1


class ShedderPlayer(StylePlayer):
    """Sheds pairs first and passes early (see the module docstring)."""

    LEAD_SETS_BELOW = 9
    MAX_JUMP = 7
    KEEP_ABOVE = 6
