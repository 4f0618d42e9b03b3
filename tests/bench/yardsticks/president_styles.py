"""Two more President rule yardsticks (issue 54), each playing a style of its own, unlike ``yard:rules``.

Both are settings of ``StylePlayer``: the counting club player of ``yard:rules`` (it knows when a group can no
longer be beaten, takes a sure way out, stops a player on their last card, breaks groups only near the end)
with a style on top. Its knobs are UPPERCASE class constants, so the arena can try one on a single player
(``yard:hoarder@KEEP_ABOVE=5``); with the class defaults it plays exactly as ``RulesPlayer``
(``test_yardstick_president_styles.py`` compares their moves). They decide on rank counts with the signature of
``RulesPlayer.decide`` (hand ``h``, cards ``unseen`` by this player, the play to beat: ``k`` cards of rank ``t``,
``k`` 0 when leading, the order, the smallest other hand) and give back cards in the exchange as it does.

``hoarder``: the player who keeps the big cards for the end.

* Aces and 2s (``KEEP_HIGH``) are not spent while the hand holds more than ``KEEP_ABOVE`` (4) cards and more
  groups of lower cards than one plus one for each group of Aces or 2s it holds (``KEEP_GROUPS``, ``PLAN``): the
  hoard is kept until it is enough to win back the lead for each lower group but one (``yard:rules`` spends them
  from 8 cards on, whatever else it holds).

``shedder``: the player who sheds its pairs first and passes early.

* Leading, it gets rid of its sets first: the lowest pair (or triple) of a rank weaker than ``LEAD_SETS_BELOW``,
  before any single (``yard:rules`` leads its lowest group, single or not).
* Following while its hand is long (more than ``BREAK_UNDER`` cards) it passes rather than climb more than
  ``MAX_JUMP`` (7) ranks above the play to beat; it keeps its Aces and 2s above 8 cards, as ``yard:rules`` does.
* With 6 cards or fewer (``LOOK_AT``) it checks its move by a short look-ahead (president_lookahead.py: 16 deals
  played out with its own rule for every seat; its move stands unless another is better by 2 standard errors).

How they differ (``python tests/bench/bench_president_styles.py 30 30000``, four of a player, 30 matches; and
their moves against ``RulesPlayer``'s on the same decisions, 60 matches): the hoarder makes another move than
``yard:rules`` in 4.5% of the decisions with a choice (460 of 10,175), passes 34.0% of its follows (rules 31.0%)
and plays its Aces and 2s from 4.9 cards on average (rules 5.4), keeping them back 83.1% of the times it could
follow with one (rules 81.3%); the shedder differs in 8.3% (815 of 9,826) and leads a set 75.0% of the times it
holds a set and a single (rules 57.5%); its pass rate is the rules' (31.1%): it passes on long climbs, but its
look-ahead spends Aces and 2s a little more (kept back 79.1%).

House rules (issue 52): at a table with any switch on both play through the house layer (president_house.py), which
keeps their styles (their ``decide``) and adds each switch's handling; the look-ahead is off there (its mechanics model
no switch). ``@HOUSE=0`` turns the layer off (legal play only).

Calibration (target: ``frozen:expert`` scores 1.49 ± 0.07 a hand with three of a yardstick at the table):
``python tests/bench/bench_president_calibration.py frozen:expert 100 10000 hoarder shedder``, seeds 10000-10099,
2026-12-05, one process at nice 19, load 6-7. The settings were chosen by the cheap stand-in hero ``yard:rules``
(300 matches, seeds 20000-20299: it scores 1.498 with three ``yard:rules``; with three of the hoarder before
``PLAN`` 1.582, with ``PLAN`` **1.391** (paired -0.107 ± 0.091); shedder jumping at most 5 ranks 1.647, 7 1.511,
any 1.504; the uncalibrated styles of the commit before 1.784 (hoarder) and 1.590 (shedder)).

* ``hoarder``: **1.470 ± 0.157** (N=100; ``yard:rules`` on the same seeds 1.587 ± 0.155): calibrated.
* ``shedder``: **1.488 ± 0.151** (N=100, same seeds, load 8): calibrated. Without the look-ahead and keeping its
  Aces and 2s down to 6 cards (its setting before) 1.843 ± 0.151; with the look-ahead alone 1.673 ± 0.153
  (paired -0.170 ± 0.137); with it and keeping as ``yard:rules`` does, as here, paired -0.355 ± 0.157.
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
    LOOK_AT = 6
