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
from logic.stockpile.bot_common import unseen_pool
from logic.stockpile.sim_turns import (  # the simulated table (re-exported: the review's simulation uses them)
    HAND_SIZE,
    MAX_STEPS,
    TOP,
    World,
    chain_plays,
    discard_one,
    helper_turn,
    is_loose,
    put_on_build,
    refill_hand,
    sim_turn,
    stock_top,
)
from logic.stockpile.view_types import StockpileView
from logic.view_types import viewer_seat

__all__ = ["HAND_SIZE", "MAX_STEPS", "TOP", "World", "chain_plays", "discard_one", "is_loose", "put_on_build",
           "refill_hand", "sim_turn", "stock_top", "sample_world", "rollout", "team_rollout", "evaluate"]

WIN = 8.0  # a deal won or lost, in stock cards
OPPONENT = 1.0  # weight of an opponent's stock card against one of ours


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


def team_rollout(w: World, me: int, n: int, team: frozenset[int], continue_first: bool, turns: int,
                 empty_plays: bool = False) -> float:
    """:func:`rollout` for partners who each play only from their own piles: stock cards played by our team count
    for us, the others' against us, and a deal is won or lost (``WIN``) when every stock of one team is empty. A
    seat whose stock is empty sits its turn out, or (``empty_plays``) plays its hand and discard piles for its
    partner (:func:`helper_turn`), as at the table, also for the rest of the turn in which its stock empties."""
    score = 0.0
    order: list[int] = [me] if continue_first else []
    order.extend((me + k) % n for k in range(1, turns + 1))
    for s in order:
        before = len(w.stocks[s])
        nxt = stock_top(w, (s + 1) % n)
        if not before:
            if empty_plays:
                helper_turn(w, s, nxt, stock_top(w, _partner(s, n)))
            continue
        sim_turn(w, s, nxt)
        played = before - len(w.stocks[s])
        ours = s in team
        score += played if ours else -OPPONENT * played
        if not w.stocks[s]:
            if all(not w.stocks[o] for o in range(n) if (o in team) == ours):
                return score + (WIN if ours else -WIN)
            if empty_plays:
                helper_turn(w, s, nxt, stock_top(w, _partner(s, n)), fresh=False)
    return score


def _partner(seat: int, n: int) -> int:
    """The seat across the table (partners sit opposite: 0 and 2, 1 and 3)."""
    return (seat + n // 2) % n


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
                 team: frozenset[int] | None = None, empty_plays: bool = False) -> None:
        self.n = view["players"]
        self.turns = turns
        self.race = race
        self.team = team
        self.empty_plays = empty_plays
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
            r = team_rollout(w, seat, self.n, self.team, w.goes_on, self.turns, self.empty_plays)
        else:
            r = rollout(w, seat, self.n, w.goes_on, self.turns)
        return r if self.race is None else race_value(w, seat, self.lead_now, self.race, self.team)


def evaluate(view: StockpileView, candidates: list[tuple[list[int], tuple[int, ...], list[int], Any, bool]],
             rng: random.Random, max_worlds: int, min_worlds: int = 4, budget_s: float | None = None,
             turns: int = 2, race: float | None = None, team: frozenset[int] | None = None,
             empty_plays: bool = False) -> list[float]:
    """Mean rollout value of each candidate (builds, hand, depths, discard, goes on) over the same up to
    ``max_worlds`` sampled worlds (fewer once ``budget_s`` has passed, see :func:`logic.search.mean_values`).
    With ``race`` the value is :func:`race_value` with that scale instead of the stock cards gained; with ``team``
    (our seat and our partner's, partners on their own piles) it is :func:`team_rollout`'s (``empty_plays``: seats
    with an empty stock play their turns)."""
    spec = LookaheadSpec(view, turns, race, team, empty_plays)
    return search.mean_values(spec, view, candidates, rng, seat=viewer_seat(view), budget_s=budget_s,
                              max_worlds=max_worlds, min_worlds=min_worlds)
