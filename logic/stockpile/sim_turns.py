"""The simulated table of Stockpile Hard's look-ahead (:mod:`logic.stockpile.reply`): a sampled deal (:class:`World`)
and one seat's turn played in it by a fast, sensible policy (:func:`sim_turn`), the same for every seat.

A seat whose stock is empty (partners on their own piles, the partner still racing) plays its hand and discard
piles for its partner (:func:`helper_turn`): the cheapest chain up to the partner's stock card, then loose numbers
that neither open the next player's stock card nor spoil the partner's, then the discard.
"""

from __future__ import annotations

from logic.stockpile import actions as A
from logic.stockpile.bot_common import WILD

TOP = A.TOP
HAND_SIZE = A.HAND_SIZE
MAX_STEPS = 80  # moves per simulated turn (a turn clears at most a few piles)


class World:
    """One full deal consistent with the view: build sizes, hands, stocks (top last), discard piles, draw pile."""

    __slots__ = ("builds", "hands", "stocks", "piles", "draw", "goes_on")

    def __init__(self, builds: list[int], hands: list[list[int]], stocks: list[list[int]],
                 piles: list[list[list[int]]], draw: list[int]) -> None:
        self.builds = builds
        self.hands = hands
        self.stocks = stocks
        self.piles = piles
        self.draw = draw
        self.goes_on = False  # after a candidate end of turn: our hand was emptied, so our turn goes on first

    def copy(self) -> World:
        w = World(self.builds[:], [h[:] for h in self.hands], [s[:] for s in self.stocks],
                  [[p[:] for p in ps] for ps in self.piles], self.draw[:])
        w.goes_on = self.goes_on
        return w


def refill_hand(w: World, hand: list[int]) -> None:
    draw = w.draw
    while len(hand) < HAND_SIZE and draw:
        hand.append(draw.pop())


def chain_plays(builds: list[int], top: int, hand: list[int],
                piles: list[list[int]]) -> list[tuple[int, int, int]] | None:
    """Cheapest way (fewest wilds, then fewest cards) to bring one building pile up to ``top - 1`` from discard tops
    and hand cards: a list of (source, value, build) with source -1 for the hand, else the discard pile index."""
    best: tuple[int, int] | None = None
    best_moves: list[tuple[int, int, int]] | None = None
    counts = [0] * (TOP + 1)
    for c in hand:
        counts[c] += 1
    for b, size in enumerate(builds):
        if size >= top - 1:
            continue
        hc = counts[:]
        depth = [len(p) for p in piles]
        moves: list[tuple[int, int, int]] = []
        wilds = 0
        ok = True
        for v in range(size + 1, top):
            for j, p in enumerate(piles):
                k = depth[j]
                if k and p[k - 1] == v:
                    depth[j] = k - 1
                    moves.append((j, v, b))
                    break
            else:
                if hc[v]:
                    hc[v] -= 1
                    moves.append((-1, v, b))
                    continue
                for j, p in enumerate(piles):
                    k = depth[j]
                    if k and p[k - 1] == WILD:
                        depth[j] = k - 1
                        moves.append((j, WILD, b))
                        wilds += 1
                        break
                else:
                    if hc[WILD]:
                        hc[WILD] -= 1
                        moves.append((-1, WILD, b))
                        wilds += 1
                        continue
                    ok = False
                    break
        if ok:
            cost = (wilds, len(moves))
            if best is None or cost < best:
                best, best_moves = cost, moves
    return best_moves


def put_on_build(builds: list[int], b: int) -> None:
    size = builds[b] + 1
    builds[b] = 0 if size == TOP else size


def discard_one(hand: list[int], piles: list[list[int]]) -> None:
    """Highest number (a wild only when nothing else is left) onto the tidiest pile."""
    c = max(hand, key=lambda v: v if v != WILD else -1)
    hand.remove(c)
    best_p, best_s = 0, -1e9
    for p, pile in enumerate(piles):
        if not pile:
            s = 1.0
        else:
            t = pile[-1]
            if t == WILD or c == WILD:
                s = -5.0
            elif t == c:
                s = 3.0
            elif t == c + 1:
                s = 2.5
            elif t > c:
                s = 1.5 - 0.2 * (t - c)
            else:
                s = -1.0 - 0.5 * (c - t)
        if s > best_s:
            best_p, best_s = p, s
    piles[best_p].append(c)


def sim_turn(w: World, seat: int, next_top: int) -> int:
    """Play one turn of ``seat`` in ``w`` (in place); stock cards played, or -1 when the stock emptied (a win).
    ``next_top`` is the next player's stock card (-1 if none): loose plays avoid opening it."""
    hand = w.hands[seat]
    stock = w.stocks[seat]
    piles = w.piles[seat]
    builds = w.builds
    refill_hand(w, hand)
    played = 0
    for _ in range(MAX_STEPS):
        if not stock:
            return -1
        t = stock[-1]
        b = -1
        if t == WILD:
            for q in range(4):
                if builds[q] + 2 != next_top:
                    b = q
                    break
            if b < 0:
                b = 0
        else:
            for q in range(4):
                if builds[q] == t - 1:
                    b = q
                    break
        if b >= 0:
            stock.pop()
            put_on_build(builds, b)
            played += 1
            if not stock:
                return -1
            continue
        chain = chain_plays(builds, t, hand, piles) if t > 1 else None
        if chain is not None:
            play_chain(w, chain, hand, piles)
            continue
        if not loose_step(w, hand, piles, next_top):
            break
    if hand:
        discard_one(hand, piles)
    return played


def play_chain(w: World, chain: list[tuple[int, int, int]], hand: list[int], piles: list[list[int]]) -> None:
    """Put a chain's cards (``(source, value, building pile)``, source -1 the hand, else a discard pile) on the
    building piles; an emptied hand is refilled."""
    for src, v, cb in chain:
        if src < 0:
            hand.remove(v)
        else:
            piles[src].pop()
        put_on_build(w.builds, cb)
    if not hand:
        refill_hand(w, hand)


def loose_step(w: World, hand: list[int], piles: list[list[int]], next_top: int, keep: int = -1) -> bool:
    """A turn's step with no chain to play: an empty hand draws five (while cards are left to draw), else loose
    numbers go down (:func:`is_loose`). False when the turn is over (nothing drawn or played)."""
    if not hand:
        if not w.draw:
            return False
        refill_hand(w, hand)
        return True
    if not is_loose(w.builds, hand, piles, next_top, keep):
        return False
    if not hand:
        refill_hand(w, hand)
        if not hand:
            return False
    return True


def is_loose(builds: list[int], hand: list[int], piles: list[list[int]], next_top: int, keep: int = -1) -> bool:
    """Play numbers that fit from discard tops and hand (no wilds) unless they open ``next_top`` or (``keep``, a
    partner's stock card) cover the pile that card would go on."""
    moved = False
    again = True
    while again:
        again = False
        for b in range(4):
            need = builds[b] + 1
            if need + 1 == next_top or need == keep:
                continue
            for p in piles:
                if p and p[-1] == need:
                    p.pop()
                    put_on_build(builds, b)
                    moved = again = True
                    break
            else:
                if need in hand:
                    hand.remove(need)
                    put_on_build(builds, b)
                    moved = again = True
                    if not hand:
                        return True
    return moved


def stock_top(w: World, seat: int) -> int:
    st = w.stocks[seat]
    return st[-1] if st else -1


def helper_turn(w: World, seat: int, next_top: int, partner_top: int, fresh: bool = True) -> None:
    """Play a turn (or, ``fresh`` False, the rest of one) of ``seat`` whose stock is empty, in ``w`` (in place), as
    :func:`sim_turn` plays one with ``partner_top`` (-1 if none) as the stock card to reach, which only the partner
    may play: the cheapest chain up to it, loose numbers that neither open ``next_top`` nor cover the pile it would
    go on, then a discard."""
    hand = w.hands[seat]
    piles = w.piles[seat]
    builds = w.builds
    if fresh:
        refill_hand(w, hand)
    aim = partner_top if partner_top > 1 else -1  # a wild (0) or a 1 always goes down: nothing to build
    for _ in range(MAX_STEPS):
        if aim > 0 and aim - 1 not in builds:
            chain = chain_plays(builds, aim, hand, piles)
            if chain is not None:
                play_chain(w, chain, hand, piles)
                continue
        if not loose_step(w, hand, piles, next_top, aim):
            break
    if hand:
        discard_one(hand, piles)
