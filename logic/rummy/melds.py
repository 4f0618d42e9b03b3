"""Card numbers, points and meld geometry for Rummy (500-style).

Inside the engine a card is an int ``0..51``: ``suit_index * 13 + (rank - 2)`` with suits in
the order S, H, D, C and ranks 2..14 (ace = 14). Codes like ``"10H"`` only appear at the edges
(actions, views, snapshots).

Runs use *positions* 1..14: a 2 is position 2, a king 13, and an ace is position 1 (A-2-3) or
14 (Q-K-A), never both in one run, so runs never wrap around. At a table playing the house rule *K-A-2 wraps*
(``wrap`` True) a run may turn the corner: such a run keeps counting up past 14 (15 is the 2, 16 the 3, ...), so
K-A-2 is ``lo`` 13, ``hi`` 15. A position ``p`` names rank ``(p - 2) % 13 + 2`` (position 1 is the ace).

A meld on the table is a small list (fast to copy, plain data)::

    [id, owner, kind, key, lo, hi, cards, layoffs, accepts]

``kind`` is SET or RUN; ``key`` the rank of a set or the suit index of a run; ``lo``/``hi`` the
run's end positions (0 for sets); ``cards`` in display order; ``layoffs`` a list of
``[seat, card]`` for every card added after the meld was made; ``accepts`` the cards that could
be laid off on it right now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations
from typing import Any, Literal

from logic.cards import SUIT_SYMBOL, SUITS, rank_label

SET = 0
RUN = 1
KIND_NAME: tuple[Literal["set", "run"], ...] = ("set", "run")

CARDS = tuple(range(52))
RANK = tuple(c % 13 + 2 for c in CARDS)  # 2..14
SUIT = tuple(c // 13 for c in CARDS)  # 0..3 = S, H, D, C
POINTS = tuple(15 if r == 14 else 10 if r >= 10 else 5 for r in RANK)
CODE = tuple(f"{rank_label(RANK[c])}{SUITS[SUIT[c]]}" for c in CARDS)
PRETTY = tuple(f"{rank_label(RANK[c])}{SUIT_SYMBOL[SUITS[SUIT[c]]]}" for c in CARDS)
CODE_TO_CARD: dict[str, int] = {code: c for c, code in enumerate(CODE)}
# first-deal draw: rank first, then spades > hearts > diamonds > clubs
DRAW_KEY = tuple(RANK[c] * 4 + (3 - SUIT[c]) for c in CARDS)


def card_of(suit: int, pos: int) -> int:
    """Card at run position ``pos`` of ``suit`` (1..14; past 14 or below 1 a wrapping run's, counted round)."""
    return suit * 13 + (pos - 2) % 13


def _below(rank: int) -> int:
    """The rank under ``rank`` when runs wrap (the ace is under the 2 and the king under the ace)."""
    return 14 if rank == 2 else rank - 1


def wrap_shape(ranks: set[int]) -> tuple[int, int] | None:
    """``(lo, hi)`` of a run made of these distinct ranks (2..14) when runs wrap, or None when they are not one
    unbroken stretch round the corner. A run that need not wrap keeps its usual positions (A-2-3 is 1..3, Q-K-A
    12..14, the whole suit 1..13)."""
    n = len(ranks)
    if n == 13:
        return 1, 13
    starts = [r for r in ranks if _below(r) not in ranks]
    if len(starts) != 1:
        return None
    s = starts[0]
    return (1, n) if s == 14 else (s, s + n - 1)


def parse_code(code: object) -> int:
    """Card int from a code; raises ValueError on nonsense."""
    if isinstance(code, str):
        c = CODE_TO_CARD.get(code)
        if c is not None:
            return c
        t = code.strip().upper()
        if t.startswith("T"):
            t = "10" + t[1:]
        c = CODE_TO_CARD.get(t)
        if c is not None:
            return c
    raise ValueError(f"{code!r} is not a card")


def pretty(cards: Iterable[int]) -> str:
    return " ".join(PRETTY[c] for c in cards)


def points(cards: Iterable[int]) -> int:
    p = POINTS
    return sum(p[c] for c in cards)


def _runs_for_mask(mask: int) -> tuple[tuple[int, ...], ...]:
    """All runs (3+ cards, as rank indexes 0..12) inside one suit's 13-bit rank mask."""
    present = [False] * 15
    for k in range(13):
        if mask >> k & 1:
            present[k + 2] = True
    present[1] = present[14]
    out = []
    for lo in range(1, 13):
        if not present[lo]:
            continue
        hi = lo
        while hi + 1 <= 14 and present[hi + 1]:
            hi += 1
            if hi - lo >= 2 and not (lo == 1 and hi == 14):
                out.append(tuple((14 if p == 1 else p) - 2 for p in range(lo, hi + 1)))
    return tuple(out)


# rank-index tuples of every run available in each possible one-suit holding
RUNS_FOR_MASK: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_runs_for_mask(m) for m in range(1 << 13))


@cache
def wrap_runs_for_mask(mask: int) -> tuple[tuple[int, ...], ...]:
    """Like ``RUNS_FOR_MASK[mask]`` when runs wrap (K-A-2): every unbroken stretch round the 13 ranks, as rank
    indexes (0 = the 2 ... 12 = the ace) in display order."""
    if mask == (1 << 13) - 1:
        out = [tuple((k + j) % 13 for j in range(n)) for k in range(13) for n in range(3, 13)]
        out.append((12,) + tuple(range(12)))  # the whole suit, ace first (as without wrapping)
        return tuple(out)
    have = [bool(mask >> k & 1) for k in range(13)]
    out = []
    for k in range(13):
        if have[k] and not have[(k - 1) % 13]:  # the start of a stretch
            length = 0
            while have[(k + length) % 13]:
                length += 1
            for i in range(length - 2):
                for n in range(3, length - i + 1):
                    out.append(tuple((k + i + j) % 13 for j in range(n)))
    return tuple(out)


_RIDX = tuple(c % 13 for c in CARDS)
_SBIT = tuple(1 << (c % 13) for c in CARDS)


def hand_melds(hand: Iterable[int], wrap: bool = False) -> list[tuple[int, ...]]:
    """Every set (3 or 4 cards) and every run (3+ cards) that can be made from ``hand`` (``wrap``: runs may turn
    the corner, K-A-2).

    Deterministic order: sets by rank, then runs by suit and position."""
    masks = [0, 0, 0, 0]
    ridx = _RIDX
    sbit = _SBIT
    rank_mask = 0
    multi = 0
    triple = 0
    for c in hand:
        masks[c // 13] |= sbit[c]
        b = sbit[c]
        if multi & b:
            triple |= b
        elif rank_mask & b:
            multi |= b
        rank_mask |= b
    out: list[tuple[int, ...]] = []
    if triple:
        for r in range(13):
            if triple >> r & 1:
                lst = sorted(c for c in hand if ridx[c] == r)
                if len(lst) == 3:
                    out.append(tuple(lst))
                elif len(lst) == 4:
                    out.extend(combinations(lst, 3))
                    out.append(tuple(lst))
    runs = RUNS_FOR_MASK
    for s in range(4):
        m = masks[s]
        if m:
            rs = wrap_runs_for_mask(m) if wrap else runs[m]
            if rs:
                base = s * 13
                for run in rs:
                    out.append(tuple([base + k for k in run]))
    return out


def classify(cards: Sequence[int], wrap: bool = False) -> tuple[int, int, int, int] | None:
    """``(kind, key, lo, hi)`` if ``cards`` (distinct ints) form a legal new meld, else None (``wrap``: runs may
    turn the corner, K-A-2)."""
    if len(cards) < 3:
        return None
    r0 = cards[0] % 13
    if all(c % 13 == r0 for c in cards):
        return (SET, r0 + 2, 0, 0) if len(cards) <= 4 else None
    s0 = cards[0] // 13
    if any(c // 13 != s0 for c in cards):
        return None
    if wrap:
        rank_set = {c % 13 + 2 for c in cards}
        shape = wrap_shape(rank_set) if len(rank_set) == len(cards) else None
        return None if shape is None else (RUN, s0, shape[0], shape[1])
    ranks = sorted(c % 13 + 2 for c in cards)
    n = len(ranks)
    if ranks[-1] - ranks[0] == n - 1:  # consecutive with the ace high (or no ace)
        if ranks[-1] == 14 and ranks[0] == 2:  # the whole suit: call the ace low
            return (RUN, s0, 1, 13)
        return (RUN, s0, ranks[0], ranks[-1])
    if ranks[-1] == 14:  # try the ace low
        low = [1] + ranks[:-1]
        if low[-1] - low[0] == n - 1:
            return (RUN, s0, 1, low[-1])
    return None


def run_cards(suit: int, lo: int, hi: int) -> list[int]:
    return [card_of(suit, p) for p in range(lo, hi + 1)]


def accepts_for(kind: int, key: int, lo: int, hi: int, cards: Sequence[int], wrap: bool = False
                ) -> tuple[int, ...]:
    """Cards that could be laid off on a meld right now (``wrap``: runs may turn the corner, K-A-2)."""
    if kind == SET:
        if len(cards) >= 4:
            return ()
        have = {c // 13 for c in cards}
        return tuple(s * 13 + key - 2 for s in range(4) if s not in have)
    if wrap:
        if hi - lo >= 12:
            return ()
        below, above = card_of(key, lo - 1), card_of(key, hi + 1)
        return (below,) if below == above else (below, above)
    out = []
    if lo > 1 and not (lo - 1 == 1 and hi == 14):
        out.append(card_of(key, lo - 1))
    if hi < 14 and not (hi + 1 == 14 and lo == 1):
        c = card_of(key, hi + 1)
        if c not in out:
            out.append(c)
    return tuple(out)


def new_meld(mid: int, owner: int, cards: Sequence[int], shape: tuple[int, int, int, int],
             wrap: bool = False) -> list[Any]:
    kind, key, lo, hi = shape
    if kind == SET:
        shown = sorted(cards, key=lambda c: c // 13)
    else:
        shown = run_cards(key, lo, hi)
    return [mid, owner, kind, key, lo, hi, shown, [], accepts_for(kind, key, lo, hi, shown, wrap)]


def extend(meld: list[Any], cards: Sequence[int], wrap: bool = False) -> tuple[int, int, list[int]] | None:
    """New ``(lo, hi, shown_cards)`` after laying off ``cards`` on ``meld``, or None if illegal (``wrap``: runs
    may turn the corner, K-A-2).

    Does not mutate the meld."""
    kind, key, lo, hi, shown = meld[2], meld[3], meld[4], meld[5], meld[6]
    if kind == SET:
        if len(shown) + len(cards) > 4:
            return None
        suits = {c // 13 for c in shown}
        for c in cards:
            if c % 13 + 2 != key or c // 13 in suits:
                return None
            suits.add(c // 13)
        return 0, 0, sorted(list(shown) + list(cards), key=lambda c: c // 13)
    rest = list(cards)
    for c in rest:
        if c // 13 != key:
            return None
    if wrap:  # every card new, and the run grown at its ends into one unbroken stretch
        ranks = {c % 13 + 2 for c in shown}
        ranks.update(c % 13 + 2 for c in rest)
        if len(ranks) != len(shown) + len(rest):
            return None
        shape = wrap_shape(ranks)
        return None if shape is None else (shape[0], shape[1], run_cards(key, shape[0], shape[1]))
    while rest:
        progress = False
        for c in rest:
            r = c % 13 + 2
            if r == 14:
                if lo == 2 and hi != 14:
                    lo = 1
                elif hi == 13 and lo != 1:
                    hi = 14
                else:
                    continue
            elif r == lo - 1:
                lo = r
            elif r == hi + 1:
                hi = r
            else:
                continue
            rest.remove(c)
            progress = True
            break
        if not progress:
            return None
    return lo, hi, run_cards(key, lo, hi)


def can_use_buried(card: int, available: Sequence[int], hand_after: int, melds: Sequence[Sequence[Any]],
                   wrap: bool = False) -> bool:
    """Could ``card`` (just taken from deep in the discard pile) be melded or laid off this turn,
    keeping at least one card in hand for the discard? ``available`` = hand incl. taken cards."""
    for m in melds:
        if card in m[8]:
            return True
    if wrap:
        return _can_use_buried_wrapping(card, available, hand_after, melds)
    avail = set(available)
    r = card % 13
    s = card // 13
    if hand_after >= 4:
        if sum(1 for c in avail if c % 13 == r) >= 3:
            return True
        positions = (1, 14) if r == 12 else (r + 2,)
        for p in positions:
            lo = p
            while lo - 1 >= 1 and card_of(s, lo - 1) in avail and not (lo - 1 == 1 and p == 14):
                lo -= 1
            hi = p
            while hi + 1 <= 14 and card_of(s, hi + 1) in avail and not (hi + 1 == 14 and lo == 1):
                hi += 1
            if hi - lo >= 2:
                return True
    # chain: lay off the gap cards on a run of the same suit, then this card
    for m in melds:
        if m[2] != RUN or m[3] != s:
            continue
        lo, hi = m[4], m[5]
        for p in ((1, 14) if r == 12 else (r + 2,)):
            if p > hi:
                gap = range(hi + 1, p)
                if p == 14 and lo == 1:
                    continue
            elif p < lo:
                gap = range(p + 1, lo)
                if p == 1 and hi == 14:
                    continue
            else:
                continue
            if hand_after >= len(gap) + 2 and all(card_of(s, q) in avail for q in gap):
                return True
    return False


def _can_use_buried_wrapping(card: int, available: Sequence[int], hand_after: int,
                             melds: Sequence[Sequence[Any]]) -> bool:
    """``can_use_buried`` when runs wrap (K-A-2), past the direct lay-off: a new meld with it, or a chain of
    lay-offs from the hand that reaches it along a run of its suit."""
    if hand_after >= 4 and any(card in cards for cards in hand_melds(available, wrap=True)):
        return True
    avail = set(available)
    s = card // 13
    for m in melds:
        if m[2] != RUN or m[3] != s or card in m[6]:
            continue
        for start, step in ((m[5], 1), (m[4], -1)):
            gap = 0
            p = start + step
            while card_of(s, p) not in m[6]:
                c = card_of(s, p)
                if c == card:
                    if hand_after >= gap + 2:
                        return True
                    break
                if c not in avail:
                    break
                gap += 1
                p += step
    return False
