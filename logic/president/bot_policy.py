"""The President move rule shared by the Normal level and the Expert's playouts, on rank counts.

One function, :func:`rule_move`, decides from a hand's rank counts ``h`` (index 0 = 3 ... 12 = 2), the play to
beat (``k`` cards of rank ``t``; ``k == 0`` when leading), the rank order, what the other players could hold
(``is_safe``: whether a group can be beaten by anyone) and the fewest cards any other player
still in the hand holds (``short``). The rules, in order:

* go out when the whole hand can go at once;
* leading with three groups or fewer: cash a group nobody can beat (the lead comes back); otherwise lead the
  lowest group whole, except against a player on their last card (then a pair or more, or the top single);
* following: the lowest exact match (no group broken); Aces and 2s are kept while the hand is long and the
  play to beat is low, unless a player on their last card has to be stopped; a group is broken only near
  the end of the hand;
* with ``sure_out`` (the Expert's playouts, like the calibrated rule yardstick): whenever every group but one
  is unbeatable, lead (or follow with an exact match of) an unbeatable one, so the lead stays and the hand goes out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

ACE_STRENGTH = 11
KEEP_HIGH_ABOVE = 6  # hand size above which Aces and 2s are kept back...
KEEP_UNDER = 7  # ...when the play to beat is weaker than a 10
BREAK_AT = 6  # hand size at or below which a group may be broken to follow


def strength(r: int, rev: bool) -> int:
    return 12 - r if rev else r


def beat_free(r: int, c: int, rev: bool, others: Sequence[int]) -> bool:
    """Nobody else can beat ``c`` cards of rank ``r``."""
    stronger = range(r - 1, -1, -1) if rev else range(r + 1, 13)
    for x in stronger:
        if others[x] >= c:
            return False
    return True


def rule_move(
    h: list[int],
    total: int,
    k: int,
    t: int,
    rev: bool,
    is_safe: Callable[[int, int], bool],
    short: int,
    keep_above: int = KEEP_HIGH_ABOVE,
    keep_under: int = KEEP_UNDER,
    sure_out: bool = False,
) -> tuple[int, int] | None:
    """(rank, count) to play, or None to pass (see the module docstring). ``is_safe(r, c)``: nobody else can
    beat ``c`` cards of rank ``r``. ``sure_out``: play like a player who counts every card (the calibrated
    yardstick): lead, or follow with, a group nobody can beat whenever all the other groups but one are such
    groups too, so the lead stays and the hand goes out."""
    if not k:
        order = range(12, -1, -1) if rev else range(13)
        groups = [r for r in order if h[r]]
        if len(groups) == 1:
            return groups[0], total
        if sure_out:
            if _risky_groups(groups, h, is_safe, -1) <= 1:
                for r in reversed(groups):
                    if is_safe(r, h[r]):
                        return r, h[r]
        elif len(groups) <= 2:
            for r in reversed(groups):
                if is_safe(r, h[r]):
                    return r, h[r]
        if short == 1:
            for r in groups:
                if h[r] > 1:
                    return r, h[r]
            return groups[-1], 1
        r = groups[0]
        return r, h[r]
    ranks = range(t - 1, -1, -1) if rev else range(t + 1, 13)
    exact = -1
    lowest = -1
    highest = -1
    for r in ranks:
        c = h[r]
        if c >= k:
            if lowest < 0:
                lowest = r
            highest = r
            if c == k and exact < 0:
                exact = r
    if lowest < 0:
        return None
    if total == k:
        return lowest, k
    if short == 1 and k == 1:
        return highest, 1  # a player on their last card: stop a cheap single
    if sure_out and exact >= 0:
        order = range(12, -1, -1) if rev else range(13)
        groups = [r for r in order if h[r]]
        for r in ranks:
            if h[r] == k and is_safe(r, k) and _risky_groups(groups, h, is_safe, r) <= 1:
                return r, k
    if exact >= 0:
        if strength(exact, rev) >= ACE_STRENGTH and total > keep_above and strength(t, rev) < keep_under:
            return None
        return exact, k
    if total <= BREAK_AT:
        return lowest, k
    return None


def _risky_groups(groups: list[int], h: list[int], is_safe: Callable[[int, int], bool], skip: int) -> int:
    """How many of the groups (all but ``skip``) someone could beat, counting no further than 2."""
    risky = 0
    for r in groups:
        if r != skip and not is_safe(r, h[r]):
            risky += 1
            if risky > 1:
                break
    return risky
