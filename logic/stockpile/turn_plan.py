"""Stockpile's one-turn planner (Hard's move at partner tables when no stock card is in reach).

It decides from the view and the legal list only.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

from logic.stockpile import actions as A
from logic.stockpile.bot_common import (
    WILD,
    ReachModel,
    TurnFacts,
    by_kind,
    common_move,
    direct_stock_play,
    pile_fit,
)
from logic.stockpile.view_types import StockpileView

# --- hard --------------------------------------------------------------------------------------

STOCK_PLAY = 100.0
WILD_USE = -9.0
HAND_PLAY = 1.5
DISCARD_PLAY = 1.2
DRAW_FIVE = 7.0
BLOCK = 30.0  # cost of the next player getting their stock card down next turn (times the chance)
SETUP = 8.0  # worth of our own stock card being in reach next turn (times the chance), for the discard
REACH_SAMPLES = 24  # hands dealt to the next players to estimate that chance
FAR_OPPONENT = 0.3  # danger weight for opponents who are not next (the board changes before they play)


class TurnPlanBot:
    """Memoised search over the play orders of one turn.

    Plans the whole turn from the view (hand, discard tops, the four building piles): stock cards
    first, wilds kept back unless they free a stock card. Emptying the hand draws five and the turn
    goes on, so a line that empties the hand keeps being searched with the discard tops and the stock.
    Boards at the end of the turn are valued by the chance that each later player gets their stock card
    down next turn (hands dealt at random from the unseen cards, ``ReachModel``), and the discard by
    how tidy it keeps the piles and the chance that we reach our own stock card next turn."""

    level = "hard"

    def __init__(self, budget_s: float = 0.4, max_nodes: int = 30000, **weights: float) -> None:
        self.budget_s = budget_s
        self.max_nodes = max_nodes
        self.danger = weights.get("danger", 1.0)
        self.draw_five = weights.get("draw_five", DRAW_FIVE)
        self.hand_play = weights.get("hand_play", HAND_PLAY)
        self.discard_play = weights.get("discard_play", DISCARD_PLAY)
        self.wild_use = weights.get("wild_use", WILD_USE)
        self.far = weights.get("far", FAR_OPPONENT)
        self.block = weights.get("block", BLOCK)
        self.samples = int(weights.get("samples", REACH_SAMPLES))
        self.setup = weights.get("setup", SETUP)

    # board score for the seats after us (danger) and our partner (help)
    def _board(self, turn: TurnFacts, builds: list[int] | tuple[int, ...]) -> float:
        key = tuple(sorted(builds))
        got = self._board_memo.get(key)
        if got is not None:
            return got
        score = 0.0
        for dist, chance in self._reach.chances(key):
            score -= (1.0 if dist == 1 else self.far) * self.danger * self.block * chance
        needs = [b + 1 for b in key]
        for top in turn.partner_tops:
            if top is not None and top != WILD and top in needs:
                score += 3.0
        self._board_memo[key] = score
        return score

    def _end_score(self, turn: TurnFacts, hand: tuple[int, ...]) -> float:
        """Best discard for the cards left (and what holding them is worth)."""
        if not hand:
            return 0.0
        piles = turn.piles
        empties = sum(1 for p in piles if not p)
        best = -1e9
        wilds = hand.count(WILD)
        seen: set[int] = set()
        for c in hand:
            if c in seen:
                continue
            seen.add(c)
            for p in range(4):
                s = pile_fit(c, piles[p], empties)
                if c == WILD:
                    s += WILD_USE
                else:
                    s += 0.12 * c
                if s > best:
                    best = s
        return best + 0.5 * (wilds - (1 if all(c == WILD for c in hand) else 0))

    def _begin(self, view: StockpileView, rng: random.Random) -> TurnFacts:
        """The turn as the view shows it, with this decision's memo and reach model made fresh."""
        turn = TurnFacts(view)
        self._board_memo: dict[Any, float] = {}
        self._reach = ReachModel(view, turn, random.Random(rng.getrandbits(64)), self.samples)
        return turn

    def choose(self, view: StockpileView, legal: list[A.StockpileAction], rng: random.Random) -> A.StockpileAction:
        a = common_move(view, legal)
        if a is not None:
            return a
        plays = by_kind(legal, A.Play)
        if not plays:
            return self._discard(view, rng) if view["hand"] else legal[0]
        turn = self._begin(view, rng)
        a = direct_stock_play(turn, legal, lambda b: self._board(turn, b))
        if a is not None:
            return a
        deadline = time.perf_counter() + self.budget_s
        memo: dict[Any, float] = {}
        nodes = [0]
        targets = [t for _, t in turn.targets if t is not None]
        srcs = turn.sources
        can_draw = turn.can_draw
        dp, hp, wu, d5 = self.discard_play, self.hand_play, self.wild_use, self.draw_five

        def value(builds: list[int], hand: tuple[int, ...], dl: tuple[int, ...]) -> float:
            """Best score obtainable from this position till the end of the turn."""
            for t in targets:
                if t == WILD or (t - 1) in builds:
                    return STOCK_PLAY + self._board(turn, builds) * 0.3
            key = (tuple(sorted(builds)), hand, dl)
            got = memo.get(key)
            if got is not None:
                return got
            nodes[0] += 1
            best = self._board(turn, builds) + self._end_score(turn, hand)
            if nodes[0] < self.max_nodes and (nodes[0] & 63 or time.perf_counter() < deadline):
                for nb, nh, ndl, gain in _moves(builds, hand, dl):
                    if not nh and can_draw and hand:
                        v = gain + d5 + value(nb, (), ndl)  # five new cards and the turn goes on
                    else:
                        v = gain + value(nb, nh, ndl)
                    if v > best:
                        best = v
            memo[key] = best
            return best

        def _moves(builds: list[int], hand: tuple[int, ...],
                   dl: tuple[int, ...]) -> Iterator[tuple[list[int], tuple[int, ...], tuple[int, ...], float]]:
            for si in range(len(srcs)):
                k = dl[si]
                if not k:
                    continue
                c = srcs[si][2][k - 1]
                done: set[int] = set()
                for b in range(4):
                    if (c == WILD or builds[b] + 1 == c) and builds[b] not in done:
                        done.add(builds[b])
                        nb = builds[:]
                        nb[b] = (nb[b] + 1) % A.TOP
                        yield nb, hand, dl[:si] + (k - 1,) + dl[si + 1 :], dp + (wu if c == WILD else 0)
            prev = None
            for i, c in enumerate(hand):
                if c == prev:
                    continue
                prev = c
                done = set()
                for b in range(4):
                    if (c == WILD or builds[b] + 1 == c) and builds[b] not in done:
                        done.add(builds[b])
                        nb = builds[:]
                        nb[b] = (nb[b] + 1) % A.TOP
                        yield nb, hand[:i] + hand[i + 1 :], dl, hp + (wu if c == WILD else 0)

        hand0 = tuple(sorted(turn.hand))
        dl0 = tuple(len(v) for _, _, v in srcs)
        best_score = self._board(turn, turn.builds) + self._end_score(turn, hand0)
        best_act: A.Play | None = None
        for a in plays:
            kind, owner, idx = A.parse_source(a.source)
            if kind == A.SRC_STOCK:
                continue
            nb = turn.builds[:]
            nb[a.build] = (nb[a.build] + 1) % A.TOP
            if kind == A.SRC_HAND:
                c = turn.hand[idx]
                h = list(hand0)
                h.remove(c)
                nh = tuple(h)
                gain = hp
                ndl = dl0
            else:
                si = next(j for j, (o, p, _) in enumerate(srcs) if o == owner and p == idx)
                c = srcs[si][2][-1]
                nh = hand0
                ndl = dl0[:si] + (dl0[si] - 1,) + dl0[si + 1 :]
                gain = dp
            if c == WILD:
                gain += wu
            if not nh and can_draw and hand0:
                v = gain + d5 + value(nb, (), ndl)  # five new cards and the turn goes on
            else:
                v = gain + value(nb, nh, ndl)
            if v > best_score + 1e-9:
                best_score, best_act = v, a
        if best_act is not None:
            return best_act
        if view["hand"]:
            return self._discard(view, rng)
        return plays[0]

    def _discard(self, view: StockpileView, rng: random.Random) -> A.Discard:
        turn = TurnFacts(view)
        piles = turn.piles
        reach = ReachModel(view, turn, random.Random(rng.getrandbits(64)), self.samples)
        my_top = next((t for o, t in turn.targets if o == turn.seat), None)
        empties = sum(1 for p in piles if not p)
        stock_tops = [t for _, t in turn.targets if t is not None and t != WILD]
        best = None
        for i, c in enumerate(turn.hand):
            for p in range(4):
                s = pile_fit(c, piles[p], empties)
                if c == WILD:
                    s += WILD_USE * 2
                else:
                    s += 0.12 * c
                    # keep cards that bridge a building pile to our stock card
                    for t in stock_tops:
                        if any(b + 1 <= c < t for b in turn.builds):
                            s -= 0.8
                if my_top is not None and my_top != WILD and self.setup:
                    kept = turn.hand[:i] + turn.hand[i + 1 :]
                    new_piles = [q + [c] if j == p else q for j, q in enumerate(piles)]
                    s += self.setup * reach.own_chance(turn.builds, my_top, kept, new_piles)
                if best is None or s > best[0]:
                    best = (s, i, p)
        assert best is not None
        return A.DISCARD[best[1]][best[2]]
