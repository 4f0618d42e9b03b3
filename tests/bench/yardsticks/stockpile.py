"""Stockpile yardsticks written from the rules (none of our levels), for tests/bench/arena.py.

* ``greedy``: plays its stock card whenever it fits, then anything else that fits (discard tops, then hand
  numbers; a wild only when it lets the stock card go next), and discards its highest number onto a pile
  with the same number, else an empty pile, else the pile whose top is nearest above it.
* ``planner``: plans its whole turn. When a line of plays gets its stock card down it takes the cheapest such line
  (fewest wilds, then fewest plays) and plans again once the stock card under it shows: other plays wait, the next
  stock card may want them. Otherwise it tries every order of plays from hand and discard tops (emptying the hand
  draws five, which it values as a bonus) and every discard at the end, and scores a plan by cards shed from the
  hand (a discard-pile top played for its own sake is worth nothing: it waits there for a use), wilds kept, the
  tidiness of the discard and how open it leaves the next player's stock card: by how many cards are missing
  between a building pile and it after what their face-up discard piles fill (each top, then the card under it;
  none missing: open to them; one: likely among their five hand cards; up to three: still a risk). It discards a
  card that lies between a building pile and its own stock card last.

House rules (issue 52; taught 2026-12-05, before any bot change of that session, and frozen since): a table's
switches show in the legal moves (Stockpile's view does not list them), and both players read them there. With "no
wild discards" neither ends a turn with a wild on its discard piles: the greedy player discards its highest number
that may go there (and plays a wild when only wilds are left), the planner leaves wild discards out of its plans, so
its search plays the wilds when nothing else may be discarded. "Own piles only" needs nothing: both play from their
own stock and piles only (the greedy player from what the legal moves offer, the planner always).

Calibration: ``frozen:hard`` should win 30% ± 3 against it (N=1,000, heads-up, stock 30), as it does against the
outside whole-turn planner. Arena, 2026-12-03/04: seeds 10000-10999 **28.4% ± 2.8**, seeds 20000-20999 **29.2% ±
2.8** -- reached. On the way (seeds 10000-10999): 66.3% ± 2.9 before the gap costs and the dear wilds; 47.7% with
them (gaps from the discard tops only); 45.0% ± 3.1 with whole discard piles and the bridge cards; 34.8% ± 3.0 with
the stock line first (a discard-pile top worth 0.6); 28.4% with the pile top worth nothing (-0.25: 25.0%, too
strong). No better: gap costs -30/-12/-4, -25/-6/-2, -40/-20/-8, a hand card worth 0.3 to 4, drawing five worth 10
or 12, a bonus for ending the turn near its own stock card, bridge cards at 3, the next player's reach
estimated from 32 sampled hands instead of the gap costs.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable
from typing import Any

from logic.game import Bot
from logic.stockpile import actions as A

WILD = A.WILD
_VAL = {c: i for i, c in enumerate(A.CODES)}


def _phase_move(legal: list[Any]) -> Any | None:
    for a in (A.NEXT, A.COMMIT, A.PASS):
        if a in legal:
            return a
    return None


def _tops(view: dict[str, Any]) -> tuple[int, list[int | None], list[list[int]]]:
    """(stock top or -1, build sizes, own discard piles as values)."""
    me = view["seat"]
    st = view["stocks"][me]
    stock = _VAL[st["top"]] if st["count"] else -1
    builds = [b["size"] for b in view["build"]]
    piles = [[_VAL[c] for c in p] for p in view["discards"][me]]
    return stock, builds, piles


def _discardable(view: dict[str, Any], legal: list[Any]) -> set[int]:
    """Hand values that may go on a discard pile now: every one, but a wild where the table forbids it (its
    discards are then missing from the legal moves)."""
    hand = [_VAL[c] for c in view["hand"]]
    allowed = {hand[a.hand_index] for a in legal if type(a) is A.Discard}
    return allowed if allowed or WILD not in hand else set(hand) - {WILD}


def _fit(card: int, pile: list[int]) -> float:
    """How tidy it is to put ``card`` on ``pile`` (higher is better)."""
    if not pile:
        return 1.0
    top = pile[-1]
    if card == WILD or top == WILD:
        return -5.0
    if top == card:
        return 3.0
    if top == card + 1:
        return 2.5
    if top > card:
        return 1.5 - 0.2 * (top - card)
    return -1.0 - 0.5 * (card - top)


class GreedyPlayer:
    """Plays whatever fits, stock first; discards its highest number where it sits best."""

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        phase = _phase_move(legal)
        if phase is not None:
            return phase
        stock, builds, piles = _tops(view)
        plays = [a for a in legal if type(a) is A.Play]
        for a in plays:
            if a.source.startswith("stock:"):
                return a
        for a in plays:
            if a.source.startswith("discard:"):
                return a
        hand = [_VAL[c] for c in view["hand"]]
        for a in plays:
            if a.source.startswith("hand:") and hand[int(a.source[5:])] != WILD:
                return a
        if stock > 0:
            for a in plays:
                if a.source.startswith("hand:") and builds[a.build] + 2 == stock:
                    return a  # a wild that lets the stock card go next
        ok = _discardable(view, legal)
        order = sorted((i for i in range(len(hand)) if hand[i] in ok), key=lambda i: (hand[i] == WILD, -hand[i]))
        if not order:  # no hand, or only wilds the table keeps off the discard piles
            return plays[0] if plays else legal[0]
        i = order[0]
        p = max(range(4), key=lambda q: (_fit(hand[i], piles[q]), -q))
        return A.DISCARD[i][p]


class PlannerPlayer:
    """Searches every order of plays of the turn and every final discard (see the module docstring)."""

    STOCK = 100.0
    DRAW_FIVE = 6.0
    HAND_CARD = 2.0
    PILE_CARD = 0.0  # a discard-pile top played for its own sake: worth nothing (it waits there for a use)
    WILD_SPENT = -10.0
    NEXT_STOCK_OPEN = -25.0
    GAP_COST = (-25.0, -16.0, -8.0, -3.0)  # by cards missing between a pile and the next player's stock card
    BRIDGE = 1.0  # keep a card that lies between a building pile and our own stock card
    MAX_NODES = 20_000
    STOCK_LINE_FIRST = True  # get the stock card down by the cheapest line before any other play

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        phase = _phase_move(legal)
        if phase is not None:
            return phase
        stock, builds, piles = _tops(view)
        hand = tuple(sorted(_VAL[c] for c in view["hand"]))
        n = view["players"]
        nxt_seat = (view["seat"] + 1) % n
        nxt = view["stocks"][nxt_seat]
        self.next_top = _VAL[nxt["top"]] if nxt["count"] else -1
        self.next_piles = [[_VAL[c] for c in p] for p in view["discards"][nxt_seat]]  # face up: what they can play
        self.can_draw = view["draw_count"] + view["set_aside_count"] > 0
        self.stock = stock
        self.piles = piles
        self.wild_discard = WILD in _discardable(view, legal) or WILD not in hand  # False: a house rule forbids it
        self.memo: dict[Any, tuple[float, Any]] = {}
        self.nodes = 0
        depths = tuple(len(p) for p in piles)
        first = self._stock_line(tuple(builds), hand, depths) if self.STOCK_LINE_FIRST else None
        if first is None:
            _, first = self._best(tuple(builds), hand, depths)
        return self._to_action(first, view, legal)

    def _stock_line(self, builds: tuple[int, ...], hand: tuple[int, ...], depths: tuple[int, ...]) -> Any | None:
        """The first step of the cheapest line that gets the stock card down (fewest wilds, then fewest plays), or
        None. Other plays wait: the next stock card may want them."""
        s = self.stock
        if s < 0:
            return None

        def stock_fits(bs: tuple[int, ...]) -> int | None:
            fits = [b for b in range(4) if s == WILD or bs[b] + 1 == s]
            if not fits:
                return None
            return max(fits, key=lambda b: self._board(self._after(bs, b)))

        b0 = stock_fits(builds)
        if b0 is not None:
            return ("stock", 0, b0)
        start = (builds, hand, depths)
        heap: list[tuple[int, int, int, Any, Any]] = [(0, 0, 0, start, None)]
        seen = {start}
        tie = 0
        while heap and len(seen) < self.MAX_NODES:
            wilds, plays, _, (bs, hd, dp), first = heapq.heappop(heap)
            if plays and stock_fits(bs) is not None:
                return first
            for b in range(4):
                need = bs[b] + 1
                nb = self._after(bs, b)
                steps: list[tuple[Any, Any, int]] = []
                for p, pile in enumerate(self.piles):
                    k = dp[p]
                    if k and pile[k - 1] in (need, WILD):
                        steps.append((("pile", p, b), (nb, hd, dp[:p] + (k - 1,) + dp[p + 1 :]), pile[k - 1] == WILD))
                for c in set(hd):
                    if c in (need, WILD):
                        h = list(hd)
                        h.remove(c)
                        if not h and self.can_draw:
                            continue  # five new cards: the plan ends there, the whole-turn search values it
                        steps.append((("hand", c, b), (nb, tuple(h), dp), c == WILD))
                for step, state, wild in steps:
                    if state in seen:
                        continue
                    seen.add(state)
                    tie += 1
                    heapq.heappush(heap, (wilds + wild, plays + 1, tie, state, first or step))
        return None

    @staticmethod
    def _after(builds: tuple[int, ...], b: int) -> tuple[int, ...]:
        need = builds[b] + 1
        return builds[:b] + (0 if need == A.TOP else need,) + builds[b + 1 :]

    def _best(self, builds: tuple[int, ...], hand: tuple[int, ...], depths: tuple[int, ...]) -> tuple[float, Any]:
        """Best value reachable from here and its first step: ("stock"|"hand"|"pile", x, build) or ("discard", c, p)."""
        key = (builds, hand, depths)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        best: tuple[float, Any] = (self._end_value(builds, hand), None)
        if best[1] is None and hand:
            best = self._discard_value(builds, hand)
        if self.nodes > self.MAX_NODES:
            return best
        for b in range(4):
            need = builds[b] + 1
            nb = self._after(builds, b)
            if self.stock >= 0 and (self.stock == WILD or self.stock == need):
                v = self.STOCK + self._board(nb)
                if v > best[0]:
                    best = (v, ("stock", 0, b))
            for p, pile in enumerate(self.piles):
                k = depths[p]
                if k and (pile[k - 1] == need or pile[k - 1] == WILD):
                    nd = depths[:p] + (k - 1,) + depths[p + 1 :]
                    v = self.PILE_CARD + (self.WILD_SPENT if pile[k - 1] == WILD else 0) + self._best(nb, hand, nd)[0]
                    if v > best[0]:
                        best = (v, ("pile", p, b))
            for c in set(hand):
                if c == need or c == WILD:
                    h = list(hand)
                    h.remove(c)
                    nh = tuple(h)
                    gain = self.HAND_CARD + (self.WILD_SPENT if c == WILD else 0)
                    if not nh and self.can_draw:
                        v = gain + self.DRAW_FIVE + self._board(nb)
                    else:
                        v = gain + self._best(nb, nh, depths)[0]
                    if v > best[0]:
                        best = (v, ("hand", c, b))
        self.memo[key] = best
        return best

    def _board(self, builds: tuple[int, ...]) -> float:
        """The next player's stock card: open (a pile needs it) costs most; a short gap their face-up discard tops
        fill, or one or two cards their hand may hold, costs less."""
        t = self.next_top
        if t < 0 or t == WILD:
            return 0.0 if t < 0 else self.NEXT_STOCK_OPEN
        worst = 0.0
        for b in builds:
            if b + 1 > t:
                continue
            missing = self._missing(b + 1, t)
            cost = self.GAP_COST[missing] if missing < len(self.GAP_COST) else 0.0
            worst = min(worst, cost)
        return worst

    def _missing(self, need: int, t: int) -> int:
        """Cards the next player lacks to climb from ``need`` to ``t`` with their discard piles (each top, then the
        card under it), wilds last."""
        piles = [list(p) for p in self.next_piles]
        missing = 0
        while need < t:
            pile = next((p for p in piles if p and p[-1] == need), None)
            if pile is None:
                pile = next((p for p in piles if p and p[-1] == WILD), None)
            if pile is None:
                missing += 1
            else:
                pile.pop()
            need += 1
        return missing

    def _end_value(self, builds: tuple[int, ...], hand: tuple[int, ...]) -> float:
        return -1e9 if hand else self._board(builds)

    def _discard_value(self, builds: tuple[int, ...], hand: tuple[int, ...]) -> tuple[float, Any]:
        best: tuple[float, Any] = (-1e9, None)
        s = self.stock
        for c in set(hand):
            if c == WILD and not self.wild_discard:
                continue
            keep = -self.BRIDGE if 0 < s != WILD and c != WILD and any(b < c < s for b in builds) else 0.0
            for p in range(4):
                v = _fit(c, self.piles[p]) + (-3.0 if c == WILD else 0.1 * c) + keep
                if v > best[0]:
                    best = (v, ("discard", c, p))
        return best[0] + self._board(builds), best[1]

    def _to_action(self, step: Any, view: dict[str, Any], legal: list[Any]) -> Any:
        me = view["seat"]
        hand = [_VAL[c] for c in view["hand"]]
        if step is not None:
            kind, x, target = step
            if kind == "discard":
                return A.DISCARD[hand.index(x)][target]
            if kind == "stock":
                act = A.Play(f"stock:{me}", target)
            elif kind == "pile":
                act = A.Play(f"discard:{me}:{x}", target)
            else:
                act = A.Play(f"hand:{hand.index(x)}", target)
            if act in legal:
                return act
        plays = [a for a in legal if type(a) is A.Play]
        return plays[0] if plays else legal[0]


PLAYERS: dict[str, Callable[[], Bot]] = {"greedy": GreedyPlayer, "planner": PlannerPlayer}
