"""President's jokers (house rule ``jokers``): two more cards, codes ``JK1``/``JK2`` (cards 52 and 53, so
``card >> 2`` is ``JOKER_RANK``), how a play with jokers is read, and the plays with jokers a hand can make.

How jokers play (HOUSE_RULES.md; the rest is on the rules page under "Choices we made"):

* a lone joker beats any single in every order (its ``top_rank`` is ``JOKER_RANK``); only the 3♠ alone beats it,
  and that ends the trick (its player leads);
* in a set a joker takes the set's rank (9♠ + joker is a pair of 9s); a set of jokers only is a set of the
  highest rank in effect when it is played; a set holds at most four cards;
* a play with a joker in it never sets a suit lock; under a lock a joker fits any suit.
"""

from __future__ import annotations

from logic.game import IllegalMove
from logic.messages import t_msg

from .actions import (
    ALL_CARDS,
    JOKER_CODES,
    JOKER_MASK,
    JOKER_RANK,
    POP4,
    RANK_LABELS,
    SUBSET_PLAYS,
    SUIT_LETTERS,
    SUIT_LOCK,
    THREE_OF_SPADES,
    Play,
    parse_cards,
)
from .state import PresidentState
from .trick import beating_ranks

MAX_SET = 4  # a set of one rank holds at most four cards, jokers included
SPADE_THREE_MASK = 1 << THREE_OF_SPADES


def jokers_in(mask: int) -> int:
    """How many jokers a mask holds."""
    return POP4[mask >> 52 & 3]


def top_in_effect(s: PresidentState) -> int:
    """The highest rank in the order in effect (what a set of jokers only stands for)."""
    return 0 if s.rev else 12


def parse_set(cards: tuple[str, ...]) -> tuple[int, int, int, int]:
    """(mask, rank, count, jokers) of a set: ordinary cards all of one rank plus any jokers; the rank is
    ``JOKER_RANK`` when there are only jokers. IllegalMove otherwise."""
    if not cards:
        raise IllegalMove(t_msg("Choose at least one card to play"))
    mask, ints = parse_cards(cards)
    natural = [c for c in ints if c < 52]
    rank = natural[0] >> 2 if natural else JOKER_RANK
    if any(c >> 2 != rank for c in natural):
        raise IllegalMove(t_msg("All the cards you play together must have the same rank (a joker takes "
                                "the rank of the others)"))
    if len(ints) > MAX_SET:
        raise IllegalMove(t_msg("A set has at most four cards, jokers included"))
    return mask, rank, len(ints), len(ints) - len(natural)


def effective_rank(s: PresidentState, rank: int, count: int) -> int:
    """The rank a set plays as: a set of jokers only is the highest rank in effect; a lone joker stays
    ``JOKER_RANK``."""
    if rank == JOKER_RANK and count > 1:
        return top_in_effect(s)
    return rank


def check_on_lone_joker(mask: int) -> None:
    """Only the 3♠ alone may be played on a lone joker."""
    if mask != SPADE_THREE_MASK:
        raise IllegalMove(t_msg("Only the 3♠ beats a lone joker: play it or pass"))


def fits_lock(mask: int, rank: int, lock: int) -> bool:
    """A play with jokers fits a suit lock when its ordinary cards are of the locked suits (the jokers stand for
    the rest). A lone joker fits any lock."""
    if rank == JOKER_RANK:
        return True
    nat = mask >> (rank << 2) & 15
    return nat & ~lock == 0


def _joker_codes(h: int) -> tuple[str, ...]:
    return tuple(JOKER_CODES[i] for i in range(2) if h >> (52 + i) & 1)


def _first_suits(nib: int, n: int) -> int:
    """The first ``n`` suits (S, H, D, C order) of a nibble."""
    out = 0
    for i in range(4):
        if n and nib >> i & 1:
            out |= 1 << i
            n -= 1
    return out


def _codes(rank: int, nib: int) -> tuple[str, ...]:
    return tuple(RANK_LABELS[rank] + SUIT_LETTERS[i] for i in range(4) if nib >> i & 1)


def _naturals(rank: int, nib: int, n: int, every_suit: bool) -> list[tuple[str, ...]]:
    """The choices of ``n`` ordinary cards of ``rank`` among the suits ``nib``: every choice under suit lock (the
    suits matter), else one (suits never matter)."""
    if POP4[nib] < n:
        return []
    if every_suit:
        return [p.cards for p in SUBSET_PLAYS[rank][nib][n]]
    return [_codes(rank, _first_suits(nib, n))]


def joker_plays(s: PresidentState, h: int) -> list[Play]:
    """The legal plays of hand ``h`` that use jokers (the caller lists the others), when the play to beat is not
    a lone joker or a run. The two jokers are alike, so a play uses the first one held."""
    jokers = _joker_codes(h)
    nj = len(jokers)
    if not nj:
        return []
    every_suit = bool(s.house & SUIT_LOCK)
    k = s.top_count
    out: list[Play] = []
    top = top_in_effect(s)
    if not k:
        out.append(Play(jokers[:1]))
        if nj == 2:
            out.append(Play(jokers))
        for r in range(13):
            nib = h >> (r << 2) & 15
            for j in range(1, nj + 1):
                for n in range(1, min(POP4[nib], MAX_SET - j) + 1):
                    out.extend(Play(nat + jokers[:j]) for nat in _naturals(r, nib, n, every_suit))
        return out
    if k == 1:
        return [Play(jokers[:1])]
    ranks = beating_ranks(s)
    lock = s.lock
    for r in ranks:
        nib = h >> (r << 2) & 15
        if lock:
            nib &= lock
        for j in range(1, min(nj, k - 1) + 1):
            # under a lock the suits are already fixed: one choice of the locked suits does
            out.extend(Play(nat + jokers[:j]) for nat in _naturals(r, nib, k - j, every_suit and not lock))
        if r == top and nj >= k:
            out.append(Play(jokers[:k]))
    return out


def four_burn_count(s: PresidentState, rank: int) -> int:
    """Cards of ``rank`` played in the current trick, the jokers standing for it included (four-burn)."""
    total = 0
    top = top_in_effect(s)
    for _, m in s.trick:
        nat = m & ALL_CARDS
        if nat:
            if ((nat & -nat).bit_length() - 1) >> 2 == rank:
                total += POP4[m >> (rank << 2) & 15] + jokers_in(m)
        elif rank == top and m & JOKER_MASK and m.bit_count() > 1:
            total += m.bit_count()
    return total
