"""President's runs (house rule ``runs``): three or more cards of one suit in a row, jokers (house rule ``jokers``)
filling gaps and, left over, going at the end the player names (``Play.end``: "low" below the lowest card, "high"
or None above the top card; None goes below at the 2). Cards and masks as in actions.py."""

from __future__ import annotations

from logic.game import IllegalMove
from logic.messages import t_msg

from .actions import ALL_CARDS, CODES, JK1, JK2, JOKER_MASK, Play, parse_cards


def parse_run(cards: tuple[str, ...], end: str | None = None) -> tuple[int, int, int] | None:
    """(mask, lowest rank, highest rank) of three or more cards of one suit in consecutive ranks (3 ... 2, no
    wrapping), or None when the cards are not such a run (IllegalMove for junk codes, or for an ``end`` with no
    room for the joker left over). Jokers (house rule) may fill gaps inside a run, whose lowest and highest cards
    are ordinary ones."""
    if len(cards) < 3:
        return None
    mask, ints = parse_cards(cards)
    natural = [c for c in ints if c < 52]
    if len(natural) < 2:
        return None
    suit = natural[0] & 3
    if any(c & 3 != suit for c in natural):
        return None
    ranks = sorted(c >> 2 for c in natural)
    if len(set(ranks)) != len(ranks) or ranks[-1] - ranks[0] + 1 > len(ints):
        return None  # one suit, no rank twice, and jokers enough for the gaps (none at all without jokers)
    lo, hi = run_span(mask, end)
    if lo < 0:
        raise IllegalMove(t_msg("There is no room below this run for the joker"))
    if hi > 12:
        raise IllegalMove(t_msg("There is no room above this run for the joker"))
    return mask, lo, hi


def run_span(mask: int, end: str | None = None) -> tuple[int, int]:
    """(lowest, highest) rank of a run: its ordinary cards with the jokers in the gaps, and the jokers left over
    at ``end``: "low" below the lowest card, "high" above the top card (either may leave the ranks 3 ... 2: the
    caller refuses that), None above the top card or, past the 2, below the lowest."""
    lo, hi = mask_span(mask)
    extra = mask.bit_count() - (hi - lo + 1)
    if extra > 0:
        if end == "low":
            return lo - extra, hi
        hi += extra
        if hi > 12 and end is None:
            lo, hi = lo - (hi - 12), 12
    return lo, hi


def both_ends(mask: int) -> bool:
    """A run with a joker left over that could stand below it or above it: the player chooses (``Play.end``)."""
    lo, hi = mask_span(mask)
    extra = mask.bit_count() - (hi - lo + 1)
    return extra > 0 and lo - extra >= 0 and hi + extra <= 12


def mask_span(mask: int) -> tuple[int, int]:
    """(lowest, highest) rank of the ordinary cards of a mask (jokers aside)."""
    mask &= ALL_CARDS
    return ((mask & -mask).bit_length() - 1) >> 2, (mask.bit_length() - 1) >> 2


def run_plays(h: int, length: int = 0) -> list[Play]:
    """Every run in a hand (or only those of ``length``), by suit then lowest rank then length; then, with jokers,
    the runs whose gaps the jokers fill (the first joker held first)."""
    out: list[Play] = []
    for suit in range(4):
        for lo in range(11):
            hi = lo
            while hi < 13 and h >> (hi * 4 + suit) & 1:
                hi += 1
                n = hi - lo
                if n >= 3 and (not length or n == length):
                    out.append(Play(tuple(CODES[r * 4 + suit] for r in range(lo, hi))))
    if h & JOKER_MASK:
        out.extend(_joker_runs(h, length))
    return out


def _joker_runs(h: int, length: int) -> list[Play]:
    """Runs with one or two jokers: in their gaps, and left over above the top card (run_span); where they could
    also stand below the lowest card, that run again with ``end="low"``."""
    jokers = [CODES[c] for c in (JK1, JK2) if h >> c & 1]
    out: list[Play] = []
    for suit in range(4):
        held = [r for r in range(13) if h >> (r * 4 + suit) & 1]
        for i, lo in enumerate(held):
            for hi in held[i + 1 :]:
                inside = [r for r in held if lo <= r <= hi]
                gaps = hi - lo + 1 - len(inside)
                for used in range(max(gaps, 1), len(jokers) + 1):
                    n = len(inside) + used
                    if n >= 3 and (not length or n == length):
                        play = Play(tuple(CODES[r * 4 + suit] for r in inside) + tuple(jokers[:used]))
                        out.append(play)
                        if used > gaps and both_ends(codes_mask(play.cards)):
                            out.append(Play(play.cards, end="low"))
    return out


def codes_mask(cards: tuple[str, ...]) -> int:
    return parse_cards(cards)[0]


def joker_end_choice(cards: tuple[str, ...]) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The two places of a run whose joker left over could stand below it or above it — ((lowest, highest) with
    the joker below, the same with it above) — or None when the cards leave no such choice (not a run, no joker
    left over, or no room at one end)."""
    try:
        run = parse_run(cards)
    except ValueError:
        return None
    if run is None or not both_ends(run[0]):
        return None
    return run_span(run[0], "low"), run_span(run[0], "high")
