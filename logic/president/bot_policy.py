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

Jokers (house rule; ``h[13]``, :func:`joker_move`): the rule above plays the ordinary cards; a joker is kept for a
trick that matters: a single it stops when someone is about to go out, or one that gives the lead back when only a
few cards are left; a hand of one rank plus jokers goes out at once; jokers alone are played last.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

ACE_STRENGTH = 11
KEEP_HIGH_ABOVE = 6  # hand size above which Aces and 2s are kept back...
KEEP_UNDER = 7  # ...when the play to beat is weaker than a 10
BREAK_AT = 6  # hand size at or below which a group may be broken to follow


JOKER = 13  # the jokers' index in rank counts (actions.JOKER_RANK)
JOKER_USE_SHORT = 2  # a joker stops a single when another player holds this many cards or fewer...
JOKER_USE_LEFT = 3  # ...or when it leaves this many ordinary cards or fewer (the lead back, then out)


def strength(r: int, rev: bool) -> int:
    if r == JOKER:
        return JOKER
    return 12 - r if rev else r


def beat_free(r: int, c: int, rev: bool, others: Sequence[int]) -> bool:
    """Nobody else can beat ``c`` cards of rank ``r`` (a joker someone may hold beats any single)."""
    if c == 1 and len(others) > JOKER and others[JOKER] > 0:
        return False
    stronger = range(r - 1, -1, -1) if rev else range(r + 1, 13)
    for x in stronger:
        if others[x] >= c:
            return False
    return True


def joker_move(
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
    """:func:`rule_move` for a hand that may hold jokers (``h[13]``; see the module docstring). (13, c): c jokers
    alone; (r, c) with fewer than c cards of rank r: the jokers make up the set."""
    if k and t == JOKER:
        return None  # a lone joker on top: only the 3 of spades beats it, and that is a choice for the search
    j = h[JOKER] if len(h) > JOKER else 0
    if not j:
        return rule_move(h, total, k, t, rev, is_safe, short, keep_above, keep_under, sure_out)
    natural = total - j
    if not natural:
        if not k:
            return JOKER, j
        if k == 1:
            return JOKER, 1
        top = 0 if rev else 12
        return (JOKER, k) if j >= k and strength(top, rev) > strength(t, rev) else None
    if total <= 4:  # one rank and the jokers: out at once
        held = [r for r in range(13) if h[r]]
        if len(held) == 1 and (not k or (k == total and strength(held[0], rev) > strength(t, rev))):
            return held[0], total
    move = rule_move(h, natural, k, t, rev, is_safe, short, keep_above, keep_under, sure_out)
    if move is None and k == 1 and (short <= JOKER_USE_SHORT or natural <= JOKER_USE_LEFT):
        return JOKER, 1
    return move


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
