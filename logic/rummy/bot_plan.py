"""Meld planning for the Rummy bots: the best melds and lay-offs to put down from a hand.

* ``plan_play``: exact search for the melds/lay-offs that put down the most points while keeping
  one card to discard (and, after a deep pickup, using the card that must be played).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from logic.rummy.melds import POINTS, SET, card_of, hand_melds

# --- planning melds --------------------------------------------------------------------------

NEG = -(10**9)


def _candidates(hand: list[int], melds: Sequence[Sequence[Any]],
                wrap: bool = False) -> list[tuple[int, int, tuple[Any, ...]]]:
    """(mask, points, step) for every meld in hand and every lay-off chain onto table melds (``wrap``: runs may
    turn the corner, K-A-2)."""
    hs = set(hand)
    out: list[tuple[int, int, tuple[Any, ...]]] = []
    for cards in hand_melds(hand, wrap):
        mask = 0
        pts = 0
        for c in cards:
            mask |= 1 << c
            pts += POINTS[c]
        out.append((mask, pts, ("meld", cards)))
    for m in melds:
        mid, kind, key, lo, hi = m[0], m[2], m[3], m[4], m[5]
        if kind == SET:
            for c in m[7]:
                if c in hs:
                    out.append((1 << c, POINTS[c], ("lay", mid, (c,))))
            continue
        # chains of the suit's next cards up from the top and down from the bottom (the ace ends a run once; when
        # runs wrap, a run grows round the corner up to the whole suit)
        if wrap:
            chains = (range(hi + 1, lo + 13), range(lo - 1, hi - 13, -1))
        else:
            chains = (range(hi + 1, 14 if lo == 1 else 15), range(lo - 1, 1 if hi == 14 else 0, -1))
        for ranks in chains:
            chain: list[int] = []
            mask = pts = 0
            for p in ranks:
                c = card_of(key, p)
                if c not in hs:
                    break
                chain.append(c)
                mask |= 1 << c
                pts += POINTS[c]
                out.append((mask, pts, ("lay", mid, tuple(chain))))
    return out


def plan_play(hand: list[int], melds: Sequence[Sequence[Any]],
              must_use: int = -1, wrap: bool = False) -> tuple[int, list[tuple[Any, ...]], list[int]]:
    """Best (points, steps, leftover) keeping >= 1 card; ``must_use`` must be played; ``wrap``: runs may turn
    the corner (K-A-2).

    Returns points -1 and no steps if no plan satisfies ``must_use``."""
    if len(hand) <= 1:
        return 0, [], list(hand)
    cands = _candidates(hand, melds, wrap)
    if not cands:
        if must_use >= 0:
            return -1, [], list(hand)
        return 0, [], list(hand)
    by_card: dict[int, list[int]] = {}
    for i, (mask, _p, _s) in enumerate(cands):
        m = mask
        while m:
            low = m & -m
            c = low.bit_length() - 1
            by_card.setdefault(c, []).append(i)
            m ^= low
    full = 0
    for c in hand:
        full |= 1 << c
    must_bit = (1 << must_use) if must_use >= 0 else 0
    memo: dict[tuple[int, bool], tuple[int, int]] = {}
    budget = [6000]

    def f(mask: int, need_dead: bool) -> tuple[int, int]:
        """(best points, choice) for cards in mask; choice -1 = lowest card is deadwood."""
        if mask == 0:
            return (NEG, -2) if need_dead else (0, -2)
        key = (mask, need_dead)
        r = memo.get(key)
        if r is not None:
            return r
        budget[0] -= 1
        low = mask & -mask
        c = low.bit_length() - 1
        best = NEG
        choice = -2
        if low != must_bit:
            v = f(mask ^ low, False)[0]
            if v > best:
                best, choice = v, -1
        if budget[0] > 0 or best == NEG:
            for i in by_card.get(c, ()):
                cm, pts, _s = cands[i]
                if cm & mask == cm:
                    v = f(mask ^ cm, need_dead)[0]
                    if v > NEG and v + pts > best:
                        best, choice = v + pts, i
        r = (best, choice)
        memo[key] = r
        return r

    best, _ = f(full, True)
    if best <= NEG // 2:
        return -1, [], list(hand)
    steps = []
    mask = full
    need = True
    while mask:
        _v, choice = f(mask, need)
        low = mask & -mask
        if choice == -1:
            mask ^= low
            need = False
        elif choice >= 0:
            cm, _p, step = cands[choice]
            steps.append(step)
            mask ^= cm
        else:
            break
    played = set()
    for st in steps:
        played.update(st[1] if st[0] == "meld" else st[2])
    leftover = [c for c in hand if c not in played]
    return best, steps, leftover
