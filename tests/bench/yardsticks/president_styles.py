"""Two more President rule yardsticks (issue 54), each playing a style of its own, unlike ``yard:rules``.

Both decide on rank counts with the same signature as ``RulesPlayer.decide`` (hand ``h``, cards ``unseen`` by
this player, the play to beat: ``k`` cards of rank ``t``, ``k`` 0 when leading, the order, the smallest other
hand), so the search yardstick can use either as its playout policy. They read the view and give back cards in
the exchange as ``RulesPlayer`` does (lowest cards, lone cards first). Their knobs are UPPERCASE class constants,
so the arena can try one on a single player (``yard:hoarder@SPEND_GROUPS=2``).

``hoarder``: the player who keeps the big cards for the end.

* Aces and 2s (``HIGH``) are never spent while more than ``SPEND_GROUPS`` groups of lower cards are left: they
  are for the end of the hand, where it leads its hoard from the top to keep the lead and goes out on the rest.
* It leads its lowest group whole; following, it plays the lowest exact match of a lower rank, and rather than
  pass it breaks a group of a rank weaker than ``BREAK_BELOW`` (it wants to keep playing its small cards).
* With ``COUNT`` it counts the cards: at the end it cashes a group nobody can beat first, and a player on their
  last card (``BLOCK``) gets its highest single and a lead of a pair.

``shedder``: the player who sheds pairs first and passes early.

* Leading, it gets rid of its sets first: the lowest pair (or triple) below ``SHED_BELOW`` whole, before any
  single; then its lowest single.
* Following, it never breaks a group and passes rather than spend its top cards: while its hand holds more than
  ``END_AT`` cards, only an exact match weaker than ``PASS_AT`` (no Aces or 2s), and no jump of more than
  ``MAX_JUMP`` ranks above the play to beat. From ``END_AT`` cards on: the lowest exact match (a group broken if
  need be); with ``COUNT`` it leads (or follows with) a group nobody can beat when the rest is a sure way out.

Calibration against ``frozen:expert`` (target: it scores 1.49 ± 0.07 a hand with three of a yardstick at the
table), ``tests/bench/bench_president_calibration.py frozen:expert N 10000 VARIANT ...``, seeds 10000 on, load
10-16 (2026-12-05). **Neither style reached the target**; both are weaker than ``yard:rules`` (1.553 ± 0.071,
N=500; 1.490 ± 0.330 on the first 24 seeds):

* ``hoarder`` as here **1.925 ± 0.218** (N=60); hoarding until no lower group is left (``SPEND_GROUPS=0``) 2.033
  ± 0.212 (paired +0.108 ± 0.164), hoarding Kings too (``HIGH=10``) 2.271 ± 0.179 (+0.346 ± 0.238), spending
  from two groups (``SPEND_GROUPS=2``) 2.146 ± 0.275 (N=24, +0.510 ± 0.345), breaking only 3s-5s
  (``BREAK_BELOW=3``) 1.594 ± 0.332 (N=24, −0.042 ± 0.143: no different).
* ``shedder`` as here (``PASS_AT=11, MAX_JUMP=12``) **1.817 ± 0.212** (N=60, paired v ``hoarder`` −0.108 ±
  0.220); its first setting (``PASS_AT=9, MAX_JUMP=4``: passing on a Queen or a jump of five) 2.240 ± 0.346
  (N=24), ``PASS_AT=11`` alone 1.823 ± 0.290, ``MAX_JUMP=12`` alone 2.198 ± 0.380, ``END_AT=9`` 2.073 ± 0.339,
  ``MAX_JUMP=6`` 1.854 ± 0.324, shedding only pairs below 9s (``SHED_BELOW=6``) 1.865 ± 0.362 (each N=24).
"""

from __future__ import annotations

from collections.abc import Callable

from tests.bench.yardsticks.president_base import CountsPlayer

Move = tuple[int, int] | None


def _strength(rev: bool) -> Callable[[int], int]:
    return (lambda r: 12 - r) if rev else (lambda r: r)


def _unbeatable(unseen: list[int], strength: Callable[[int], int]) -> Callable[[int, int], bool]:
    def check(r: int, c: int) -> bool:
        return not any(unseen[x] >= c for x in range(13) if strength(x) > strength(r))

    return check


class HoarderPlayer(CountsPlayer):
    """Keeps Aces and 2s for the end (see the module docstring)."""

    HIGH = 11  # ranks this strong or stronger (11: Aces and 2s) are hoarded
    SPEND_GROUPS = 1  # the hoard comes out once this many groups of lower cards (or fewer) are left
    BREAK_BELOW = 6  # following, a group of a rank weaker than this (6: a 9) is broken rather than pass
    COUNT = 1  # counts the cards: at the end it cashes a group nobody can beat first
    BLOCK = 1  # stops a player on their last card

    def decide(self, h: list[int], unseen: list[int], k: int, t: int, rev: bool, short: int) -> Move:
        strength = _strength(rev)
        unbeatable = _unbeatable(unseen, strength)
        groups = sorted((r for r in range(13) if h[r]), key=strength)
        low = [r for r in groups if strength(r) < self.HIGH]
        end = len(low) <= self.SPEND_GROUPS
        if not k:
            if len(groups) == 1:
                return groups[0], h[groups[0]]
            if end:
                if self.COUNT:
                    for r in reversed(groups):
                        if unbeatable(r, h[r]):
                            return r, h[r]
                if len(groups) > len(low):  # the hoard, from the top: the lead should come back
                    r = groups[-1]
                    return r, h[r]
            if self.BLOCK and short == 1:
                multi = [r for r in groups if h[r] > 1]
                r = multi[0] if multi else groups[-1]
                return r, h[r]
            r = low[0] if low else groups[0]
            return r, h[r]
        options = [r for r in groups if h[r] >= k and strength(r) > strength(t)]
        if not options:
            return None
        if sum(h) == k:
            return options[0], k
        if self.BLOCK and short == 1 and k == 1:
            return options[-1], k
        usable = options if end else [r for r in options if strength(r) < self.HIGH]
        for r in usable:
            if h[r] == k:
                return r, k
        for r in usable:
            if strength(r) < self.BREAK_BELOW or end:
                return r, k
        return None


class ShedderPlayer(CountsPlayer):
    """Sheds pairs first and passes early (see the module docstring)."""

    SHED_BELOW = 9  # leads sets of ranks weaker than this (9: a Queen) before any single
    PASS_AT = 11  # while the hand is long, follows only with ranks weaker than this (11: no Aces or 2s)...
    MAX_JUMP = 12  # ...and no more than this many ranks above the play to beat (12: any)
    END_AT = 6  # from this many cards on: the lowest match, groups broken if need be
    COUNT = 1  # counts the cards: a sure way out is taken
    BLOCK = 1  # stops a player on their last card

    def decide(self, h: list[int], unseen: list[int], k: int, t: int, rev: bool, short: int) -> Move:
        strength = _strength(rev)
        unbeatable = _unbeatable(unseen, strength)
        groups = sorted((r for r in range(13) if h[r]), key=strength)
        total = sum(h)

        def sure(rest: list[int]) -> bool:
            return sum(1 for r in rest if not unbeatable(r, h[r])) <= 1

        if not k:
            if len(groups) == 1:
                return groups[0], h[groups[0]]
            if self.COUNT and sure(groups):
                for r in reversed(groups):
                    if unbeatable(r, h[r]):
                        return r, h[r]
            if self.BLOCK and short == 1:
                multi = [r for r in groups if h[r] > 1]
                r = multi[0] if multi else groups[-1]
                return r, h[r]
            sets = [r for r in groups if h[r] > 1 and strength(r) < self.SHED_BELOW]
            r = sets[0] if sets else groups[0]
            return r, h[r]
        options = [r for r in groups if h[r] >= k and strength(r) > strength(t)]
        if not options:
            return None
        if total == k:
            return options[0], k
        exact = [r for r in options if h[r] == k]
        if self.COUNT:
            for r in exact:
                if unbeatable(r, k) and sure([x for x in groups if x != r]):
                    return r, k
        if self.BLOCK and short == 1 and k == 1:
            return options[-1], k
        if total <= self.END_AT:
            return (exact or options)[0], k
        for r in exact:
            if strength(r) < self.PASS_AT and strength(r) - strength(t) <= self.MAX_JUMP:
                return r, k
        return None
