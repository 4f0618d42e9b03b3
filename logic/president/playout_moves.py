"""Small rules of President's playout players (bot_search.py): the modelled hoarder's keep, the next seat still in,
the President the downfall can still strike, and the playouts' random move."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .actions import titles_for
from .bot_info import BotInfo
from .view_types import PresidentView

if TYPE_CHECKING:
    from .bot_search import World

HOARD_ABOVE = 4  # a modelled hoarder keeps its Aces and 2s while it holds more cards than this (and the plan holds)


def hoarding(h: list[int], total: int, rev: bool) -> bool:
    """A hoarder with hand ``h`` keeps its Aces and 2s now: more than HOARD_ABOVE cards, and more groups below
    the Aces than one plus one for each group of Aces or 2s it holds."""
    if total <= HOARD_ABOVE:
        return False
    high = (h[0] > 0) + (h[1] > 0) if rev else (h[11] > 0) + (h[12] > 0)
    groups = 13 - h[:13].count(0)  # the ranks held (counted in C: this runs at every move of every playout)
    return groups - high > 1 + high


def next_in(w: World, seat: int, n: int) -> int:
    """The next seat after ``seat`` still in the hand."""
    q = (seat + 1) % n
    while w.out_mask >> q & 1:
        q = (q + 1) % n
    return q


def falling_president(view: PresidentView, info: BotInfo) -> int:
    """The seat the downfall can still strike (the President, from the second hand on, while nobody has gone out
    cleanly and they are still in), else -1."""
    if view.get("hand_no", 1) < 2 or info.nfinished:
        return -1
    president = titles_for(info.n)[0]
    for seat, st in enumerate(view["seats"]):
        if st.get("title") == president and not info.out_mask >> seat & 1:
            return seat
    return -1


def random_move(h: list[int], k: int, t: int, rev: bool, rng: random.Random) -> tuple[int, int] | None:
    """A playout's noise: a lead of a whole group of any rank; on a trick, a pass half the time (and when nothing
    beats it), else any rank that beats it."""
    ranks: Sequence[int]
    if not k:
        ranks = [r for r in range(13) if h[r]]
        r = rng.choice(ranks)
        return r, h[r]
    ranks = range(t - 1, -1, -1) if rev else range(t + 1, 13)
    opts = [r for r in ranks if h[r] >= k]
    if not opts or rng.random() < 0.5:
        return None
    return rng.choice(opts), k
