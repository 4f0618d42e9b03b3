"""Beanie house rule "Q-K-A runs" (``ace_high_runs``, issue 52): the ace may also sit above the King in a run.

A run stays one suit in rank order and never turns the corner: it lies within ace-low positions 1..13 (A-2-3 ...)
or within 2..14, where position 14 is the ace above the King (... Q-K-A). A run's ``reps`` keep the card each place
stands for, so an ace at the end of a run of two or more cards is the high ace (:func:`run_span`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from logic.game import IllegalMove

from .deck import RANK, SUIT, WILD

Side = Any  # "low" / "high" / None (sets.Side; kept loose here to avoid a cycle)


def rank_at(pos: int) -> int:
    """The rank at run position ``pos`` (14 is the ace above the King)."""
    return 1 if pos == 14 else pos


def run_span(reps: list[int]) -> tuple[int, int]:
    """``(lo, hi)`` positions of a run from the cards its places stand for (an ace last is the high ace)."""
    lo, hi = RANK[reps[0]], RANK[reps[-1]]
    if hi == 1 and len(reps) > 1:
        hi = 14
    return lo, hi


def run_starts(nat: list[int], n_wild: int, ace_high: bool) -> dict[Side, tuple[int, int]]:
    """Where a run of ``nat`` (natural cards of one suit) and ``n_wild`` Beanies can lie: ``{end: (start, top)}``
    with ``end`` None when no Beanie is left over for an end, else the end the extra Beanies go to; ``top`` is the
    position of the ace when there is one (13 or 14: the window the run lies in)."""
    out: dict[Side, tuple[int, int]] = {}
    windows = ((1, 13), (2, 14)) if ace_high else ((1, 13),)
    for wlo, whi in windows:
        ps = sorted(whi if (RANK[c] == 1 and whi == 14) else RANK[c] for c in nat)
        if len(set(ps)) != len(ps):
            continue
        lo, hi = ps[0], ps[-1]
        gaps = hi - lo + 1 - len(ps)
        if gaps > n_wild:
            continue
        extras = n_wild - gaps
        if extras == 0:
            out.setdefault(None, (lo, whi))
            continue
        if extras <= lo - wlo:
            out.setdefault("low", (lo - extras, whi))
        if extras <= whi - hi:
            out.setdefault("high", (lo, whi))
    return out


def place_run(nat: list[int], wilds: list[int], start: int, top: int) -> tuple[list[int], list[int]]:
    """``(placed cards, reps)`` of the run of ``nat`` and ``wilds`` from position ``start`` (ace at ``top``'s
    end when 14)."""
    s0 = SUIT[nat[0]]
    by_pos = {(14 if (RANK[c] == 1 and top == 14) else RANK[c]): c for c in nat}
    it = iter(wilds)
    n = len(nat) + len(wilds)
    placed = [by_pos[p] if p in by_pos else next(it) for p in range(start, start + n)]
    return placed, [s0 * 13 + rank_at(p) - 1 for p in range(start, start + n)]


def choose_start(options: dict[Side, tuple[int, int]], end: str | None) -> tuple[int, int]:
    """The one layout of ``options`` that ``end`` picks (IllegalMove when it must be chosen or does not fit)."""
    if None in options:
        return options[None]
    ends = [e for e in ("low", "high") if e in options]
    if end is None:
        if len(ends) == 2:
            raise IllegalMove("Choose the end of the run for the extra Beanie: low or high.")
        return options[ends[0]]
    if end not in options:
        raise IllegalMove(f"There is no room at the {end} end of this run for the Beanie.")
    return options[end]


def run_options(hand: list[int], wild: int) -> list[tuple[tuple[int, ...], Any, Any]]:
    """Every distinct run a hand can lay when aces may be high too: ``(cards, as_type, end)`` as ``lay_options``
    gives them (``as_type`` "run" where the cards could be a match too, ``end`` where the extra Beanies could go
    either way)."""
    w_of = WILD[wild]
    nat = sorted(c for c in hand if not w_of[c])
    wl = tuple(sorted(c for c in hand if w_of[c]))
    by_suit: dict[int, list[int]] = {}
    for c in nat:
        by_suit.setdefault(SUIT[c], []).append(c)
    out: list[tuple[tuple[int, ...], Any, Any]] = []
    seen: set[tuple[tuple[int, ...], Any, Any]] = set()
    for s in sorted(by_suit):
        cs = by_suit[s]
        for k in range(1, len(cs) + 1):
            for base in combinations(cs, k):
                for w in range(max(0, 3 - k), len(wl) + 1):
                    options = run_starts(list(base), w, True)
                    if not options:
                        continue
                    at = "run" if (k == 1 and 2 <= w <= 3) else None
                    ends = [None] if (None in options or len(options) == 1) else ["low", "high"]
                    for ws in combinations(wl, w):
                        for e in ends:
                            item = (base + ws, at, e)
                            if item not in seen:
                                seen.add(item)
                                out.append(item)
    return out
