"""Stockpile look-ahead for Hard: how a turn's end position plays out over the next players' turns.

A *world* deals the cards this seat cannot see (other hands, the face-down stock cards, the draw pile) at
random from the unseen cards, consistent with the view. From a candidate end of our turn, every later seat
and then we ourselves play one turn with a fast, sensible policy (:func:`sim_turn`: stock card first, the
cheapest chain of discard tops and hand cards up to it, loose numbers that do not open the next player's stock
card, the highest number discarded tidily). The candidate is worth our stock cards played minus theirs, with a
win or a loss counting as ``WIN`` stock cards, or (Hard's default, ``race``) the race standing after the round on
a curve (:func:`race_value`) that prefers a spread of outcomes when we trail and a sure thing when we lead. All
candidates see the same worlds (common random numbers), so their comparison is paired: the world loop is the
shared search's (:func:`logic.search.mean_values`, through :class:`LookaheadSpec`).

Partner tables where partners share piles are not modelled here (the bot falls back to its one-turn planner
there). Where each partner keeps to their own piles (the house rule), every seat plays its own turn as here, so
:func:`team_rollout` counts the partner's stock cards with ours and a deal as won only when a whole team is out.
"""

from __future__ import annotations

import math
import random
from typing import Any

from logic import search
from logic.stockpile import actions as A
from logic.stockpile.bot_common import WILD, unseen_pool
from logic.stockpile.view_types import StockpileView
from logic.view_types import viewer_seat

TOP = A.TOP
HAND_SIZE = A.HAND_SIZE
WIN = 8.0  # a deal won or lost, in stock cards
OPPONENT = 1.0  # weight of an opponent's stock card against one of ours
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


_VAL = {c: i for i, c in enumerate(A.CODES)}


def sample_world(view: StockpileView, rng: random.Random) -> World:
    """Deal the unseen cards at random: other hands (their sizes are public), stock cards under the tops, the
    draw pile. Cards cleared from finished piles stay out (they come back only on a reshuffle)."""
    me = view["seat"]
    n = view["players"]
    pool = unseen_pool(view)
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for o in range(n):
        if o == me:
            hands.append([_VAL[c] for c in view["hand"]])
        else:
            k = min(view["seats"][o]["cards"], len(pool))
            hands.append(pool[len(pool) - k:])
            del pool[len(pool) - k:]
    stocks: list[list[int]] = []
    for o in range(n):
        st = view["stocks"][o]
        top = st["top"]
        if not st["count"] or top is None:  # (the top is shown exactly when the stock has cards)
            stocks.append([])
            continue
        k = min(st["count"] - 1, len(pool))
        under = pool[len(pool) - k:]
        del pool[len(pool) - k:]
        stocks.append(under + [_VAL[top]])
    k = min(view["draw_count"], len(pool))
    draw = pool[len(pool) - k:]
    builds = [b["size"] for b in view["build"]]
    piles = [[[_VAL[c] for c in p] for p in ps] for ps in view["discards"]]
    return World(builds, hands, stocks, piles, draw)


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
            for src, v, cb in chain:
                if src < 0:
                    hand.remove(v)
                else:
                    piles[src].pop()
                put_on_build(builds, cb)
            if not hand:
                refill_hand(w, hand)
            continue
        if not hand:
            if not w.draw:
                break
            refill_hand(w, hand)
            continue
        if not is_loose(builds, hand, piles, next_top):
            break
        if not hand:
            refill_hand(w, hand)
            if not hand:
                break
    if hand:
        discard_one(hand, piles)
    return played


def is_loose(builds: list[int], hand: list[int], piles: list[list[int]], next_top: int) -> bool:
    """Play numbers that fit from discard tops and hand (no wilds) unless they open ``next_top``."""
    moved = False
    again = True
    while again:
        again = False
        for b in range(4):
            need = builds[b] + 1
            if need + 1 == next_top:
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


def rollout(w: World, me: int, n: int, continue_first: bool, turns: int = 2) -> float:
    """Value for ``me`` of the world after our candidate turn: our stock cards minus theirs over the next ``turns``
    turns (2: the next player's and then ours, at two players). ``continue_first``: our hand was just emptied, so
    five new cards come and our turn goes on first."""
    score = 0.0
    order: list[int] = [me] if continue_first else []
    order.extend((me + k) % n for k in range(1, turns + 1))
    for s in order:
        r = sim_turn(w, s, stock_top(w, (s + 1) % n))
        if s == me:
            if r < 0:
                return score + WIN
            score += r
        else:
            if r < 0:
                return score - WIN
            score -= OPPONENT * r
    return score


def team_rollout(w: World, me: int, n: int, team: frozenset[int], continue_first: bool, turns: int) -> float:
    """:func:`rollout` for partners who each play only from their own piles: stock cards played by our team count
    for us, the others' against us, and a deal is won or lost (``WIN``) when every stock of one team is empty. A
    seat whose stock is already empty sits its turn out here (its help to the partner is not modelled)."""
    score = 0.0
    order: list[int] = [me] if continue_first else []
    order.extend((me + k) % n for k in range(1, turns + 1))
    for s in order:
        before = len(w.stocks[s])
        if not before:
            continue
        sim_turn(w, s, stock_top(w, (s + 1) % n))
        played = before - len(w.stocks[s])
        ours = s in team
        score += played if ours else -OPPONENT * played
        if not w.stocks[s] and all(not w.stocks[o] for o in range(n) if (o in team) == ours):
            return score + (WIN if ours else -WIN)
    return score


def apply_candidate(w: World, me: int, builds: list[int], hand: tuple[int, ...], depths: list[int],
                    discard: tuple[int, int] | None) -> None:
    """Put our end of turn into ``w``: build sizes, the hand left, our discard piles cut to ``depths`` (cards played
    off them), and the discard (value, pile) if any."""
    w.builds = list(builds)
    w.hands[me] = list(hand)
    ps = w.piles[me]
    for p in range(4):
        del ps[p][depths[p]:]
    if discard is not None:
        c, p = discard
        w.hands[me].remove(c)
        ps[p].append(c)


def race_value(w: World, me: int, lead_now: int, scale: float, team: frozenset[int] | None = None) -> float:
    """The race after a rollout, in stock cards: ``scale * tanh(lead / scale)`` (lead = the shortest other stock
    minus ours, a win or loss at the ends), divided by the slope at ``lead_now`` so one stock card near the
    current lead still counts about one. The curve makes the bot risk-seeking when it trails and careful when
    it leads; a linear count is indifferent to the spread of outcomes. With ``team``: the other team's stock cards
    minus our team's."""
    mine, theirs = _standing([len(st) for st in w.stocks], me, team)
    if not mine:
        t = 1.0
    elif not theirs:
        t = -1.0
    else:
        t = math.tanh((theirs - mine) / scale)
    slope = 1.0 - math.tanh(lead_now / scale) ** 2
    return scale * t / max(slope, 0.05)


def _standing(counts: list[int], me: int, team: frozenset[int] | None) -> tuple[int, int]:
    """(ours, theirs) stock cards: ours and the shortest other stock, or each team's total."""
    if team is None:
        return counts[me], min(c for o, c in enumerate(counts) if o != me)
    return sum(counts[o] for o in team), sum(c for o, c in enumerate(counts) if o not in team)


class LookaheadSpec:
    """The look-ahead as the shared search (:mod:`logic.search`) sees it: worlds from :func:`sample_world`, a
    candidate end of turn (builds, hand, depths, discard, goes on) put in by :func:`apply_candidate`, and the
    rollout valued as stock cards gained or (``race``) by :func:`race_value`."""

    def __init__(self, view: StockpileView, turns: int, race: float | None,
                 team: frozenset[int] | None = None) -> None:
        self.n = view["players"]
        self.turns = turns
        self.race = race
        self.team = team
        mine, theirs = _standing([st["count"] for st in view["stocks"]], viewer_seat(view), team)
        self.lead_now = theirs - mine

    def sample(self, view: StockpileView, rng: random.Random) -> World:
        return sample_world(view, rng)

    def clone(self, w: World) -> World:
        return w.copy()

    def apply(self, w: World, seat: int, candidate: tuple[list[int], tuple[int, ...], list[int], Any, bool]) -> None:
        builds, hand, depths, discard, goes_on = candidate
        apply_candidate(w, seat, builds, hand, depths, discard)
        w.goes_on = goes_on

    def rollout(self, w: World, seat: int, rng: random.Random) -> float:
        """(The simulated turns use no chance: ``rng`` is not needed.)"""
        if self.team is not None:
            r = team_rollout(w, seat, self.n, self.team, w.goes_on, self.turns)
        else:
            r = rollout(w, seat, self.n, w.goes_on, self.turns)
        return r if self.race is None else race_value(w, seat, self.lead_now, self.race, self.team)


def evaluate(view: StockpileView, candidates: list[tuple[list[int], tuple[int, ...], list[int], Any, bool]],
             rng: random.Random, max_worlds: int, min_worlds: int = 4, budget_s: float | None = None,
             turns: int = 2, race: float | None = None, team: frozenset[int] | None = None) -> list[float]:
    """Mean rollout value of each candidate (builds, hand, depths, discard, goes on) over the same up to
    ``max_worlds`` sampled worlds (fewer once ``budget_s`` has passed, see :func:`logic.search.mean_values`).
    With ``race`` the value is :func:`race_value` with that scale instead of the stock cards gained; with ``team``
    (our seat and our partner's, partners on their own piles) it is :func:`team_rollout`'s."""
    spec = LookaheadSpec(view, turns, race, team)
    return search.mean_values(spec, view, candidates, rng, seat=viewer_seat(view), budget_s=budget_s,
                              max_worlds=max_worlds, min_worlds=min_worlds)
