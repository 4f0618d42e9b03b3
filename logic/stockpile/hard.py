"""Stockpile Hard: every line of the turn, the promising ends of turn played out over the next players' turns.

1. A stock card that goes straight down goes down.
2. Every order of plays from hand and discard tops is searched (memoised on the position). A line that gets
   a stock card down is taken at once (cheapest first: fewest wilds, most cards shed on the pile the stock card
   goes on); the stock card under it and the five cards drawn after emptying the hand are new information, so
   the bot plans again then. Plays on other piles before the stock card goes down count against a line
   (``LOOSE_FIRST``): they can wait until the next stock card shows. That alone lifted Hard from 55% to about
   69% against ``frozen:hard`` (N=400); the one-turn planner and the frozen Hard shed loose cards first.
3. Otherwise every end of the turn is a candidate: a position with its discard, or a position with the hand
   just emptied (five new cards, the turn goes on). A cheap score (cards shed, wilds kept, a tidy discard,
   the sampled chance that the next players reach their stock card) keeps the most promising few, and each
   of those is played out in sampled worlds over the next players' turns and our next turn
   (:mod:`logic.stockpile.reply`), each world valued as the race it leaves (``RACE``: stock cards left, ours
   against theirs, on a tanh curve, so Hard takes chances when it trails and plays safe when it leads; heads-up
   only: at three or more players it made Hard no better than Medium, 25.5% v 24.5% a seat, N=200 short deals,
   where the linear count has 29.0% v 21.0%). The best mix of both scores is chosen.

Partner tables: steps 1 and 2 as above (our own or our partner's stock card, ``PARTNER_LINES``); with no stock
card in reach the one-turn planner decides (:class:`logic.stockpile.turn_plan.TurnPlanBot`; the look-ahead does
not model teams that share piles). Before, the planner decided every move there and shed loose cards first: the
stock-card lines lifted Hard at four players, partners, stock 30, from 51.7% ± 3.1 to 63.8% ± 3.0 against
``frozen:hard`` (N=1000 each, teams swapped every deal). Where partners keep to their own piles (the house rule)
every seat plays its own turn as the look-ahead simulates it, so step 3 runs there, with the team's score
(``TEAM_LOOK``).
"""

from __future__ import annotations

import random
import time
from typing import Any

from logic.stockpile import actions as A
from logic.stockpile import reply
from logic.stockpile.bot_common import WILD, TurnFacts, by_kind, common_move, direct_stock_play, keep_legal, pile_fit
from logic.stockpile.turn_plan import STOCK_PLAY, TurnPlanBot
from logic.stockpile.view_types import StockpileView

# 12 ends of turn in 128 worlds, not 8 in 32: 70.3% v 65.7% against frozen:hard on the same 300 deals (seeds
# 20000-20299); think mean 30 ms, p95 94 ms, where 7 and 20 ms
CANDIDATES = 12  # ends of turn played out
WORLDS = 128  # sampled worlds per decision (fewer when the time budget runs out)
MIN_WORLDS = 8
TURNS = 0  # extra turns played out after a full round (the other players' turns and then ours again)
LOOKAHEAD = 30.0  # one stock card of the look-ahead, in cheap-score points
CHEAP = 0.3  # weight of the cheap score next to the look-ahead
LOOSE_FIRST: float | None = -1.0  # a play off the stock card's pile before it goes down (None: as any play)
BRIDGE = 0.8  # keep a card that bridges a building pile to a stock card
RACE: float | None = 8.0  # heads-up: scale of the race value in the look-ahead, stock cards (None: linear)
# A discard-pile top played for its own sake, in Hard's lines: worth nothing, it waits there for a use (1.2, the
# one-turn planner's weight: 49.8% ± 4.4 against the calibrated planner yardstick; 0: 57.0% ± 4.3, N=500 each on
# seeds 10000-10499)
DISCARD_PLAY_LINES = 0.0
PARTNER_LINES = True  # partner tables: a line to our or our partner's stock card is played as at heads-up
# Partners on their own piles (house rule): every seat plays its own turn, so the look-ahead models the table with
# the partner's stock cards counted with ours (``reply.team_rollout``) instead of the one-turn planner. The Hard team
# against the planner yardstick's team, on the same deals as with it off: +7.5 ± 6.3 points (N=400, tuning seeds),
# +4.7 ± 7.3 (N=300, fresh seeds: 51.0% v 46.3%); docs/performance.md (issue 52, house8; only those tables use it)
TEAM_LOOK = True
# At such tables a seat whose stock is empty still plays its hand and discard piles, for its partner or against it:
# the look-ahead plays those turns (``reply.helper_turn``) instead of skipping them (a knob, ``team_empty``). Off: the
# Hard team v the planner yardstick's team, paired with it off on the same 400 tuning deals, -0.2 ± 6.3 points
# (docs/performance.md, issue 52, house9)
TEAM_EMPTY = False
TEAM_BUDGET = 0.05  # s, the look-ahead's time at such tables (three turns of others to play out; 0.3 s was too slow)
# At such tables a deal is won only when both partners are out, late and beyond one round: turns played out after
# the round in the team look-ahead (a knob, ``team_turns``; 4: a second round at four seats). Off: the Hard team v
# the planner yardstick's team, paired with it off on the same 300 tuning deals, -6.0 ± 7.7 points
# (docs/performance.md, issue 52, house10)
TEAM_TURNS = 0


class _Line:
    """A stop of the turn search: the position reached and the plays that lead there (first move first)."""

    __slots__ = ("builds", "hand", "dl", "moves", "gain", "drawn")

    def __init__(self, builds: list[int], hand: tuple[int, ...], dl: tuple[int, ...], moves: tuple[Any, ...],
                 gain: float, drawn: bool) -> None:
        self.builds, self.hand, self.dl, self.moves, self.gain, self.drawn = builds, hand, dl, moves, gain, drawn


class HardBot(TurnPlanBot):
    """Turn search plus a look-ahead over the next turns (see the module docstring)."""

    level = "hard"

    def __init__(self, budget_s: float | None = 0.3, max_nodes: int = 30000, max_worlds: int = WORLDS,
                 min_worlds: int = MIN_WORLDS, candidates: int = CANDIDATES, **weights: float) -> None:
        super().__init__(budget_s=1e9 if budget_s is None else budget_s, max_nodes=max_nodes, **weights)
        self.search_budget = budget_s
        self.max_worlds = int(max_worlds)
        self.min_worlds = int(min_worlds)
        self.candidates = int(candidates)
        self.lookahead = weights.get("lookahead", LOOKAHEAD)
        self.cheap = weights.get("cheap", CHEAP)
        self.extra_turns = int(weights.get("extra_turns", TURNS))
        self.loose_first = weights.get("loose_first", LOOSE_FIRST)
        self.race = weights.get("race", RACE) or None
        self.partner_lines = bool(weights.get("partner_lines", PARTNER_LINES))
        self.line_discard_play = weights.get("discard_play", DISCARD_PLAY_LINES)
        self.team_look = bool(weights.get("team_look", TEAM_LOOK))
        self.team_budget = weights.get("team_budget", TEAM_BUDGET)
        self.team_empty = bool(weights.get("team_empty", TEAM_EMPTY))
        self.team_turns = int(weights.get("team_turns", TEAM_TURNS))
        self.team_race = weights.get("team_race") or None  # own-piles tables: a race curve of team totals (a knob)

    def choose(self, view: StockpileView, legal: list[Any], rng: random.Random) -> Any:
        return keep_legal(view, legal, self._choose(view, legal, rng))

    def _choose(self, view: StockpileView, legal: list[Any], rng: random.Random) -> Any:
        if view["seat"] is None:
            return super().choose(view, legal, rng)
        if view["partners"] and not self.partner_lines:
            return super().choose(view, legal, rng)
        a = common_move(view, legal)
        if a is not None:
            return a
        t0 = time.perf_counter()
        turn = self._begin(view, rng)
        a = direct_stock_play(turn, legal, lambda b: self._board(turn, b))
        if a is not None:
            return a
        stock_lines, ends, draws = self._lines(turn)
        if stock_lines:
            best = max(stock_lines, key=lambda ln: ln.gain)
            return self._action(view, turn, best.moves[0])
        team = self._own_piles_team(view)
        if view["partners"] and team is None:
            return super().choose(view, legal, rng)  # no stock card in reach: the one-turn planner
        cands = self._candidates(turn, ends, draws)
        if not cands:
            plays = by_kind(legal, A.Play)
            return plays[0] if plays else legal[0]
        if len(cands) > 1:
            budget = self.search_budget
            if budget is not None:
                if team is not None:
                    budget = min(budget, self.team_budget)
                budget = max(0.0, t0 + budget - time.perf_counter())
            looks = reply.evaluate(view, [c[2] for c in cands], rng, self.max_worlds, self.min_worlds, budget,
                                   view["players"] + self.extra_turns + (self.team_turns if team else 0),
                                   self.race if view["players"] == 2 else self.team_race if team else None, team,
                                   self.team_empty)
            pick = max(range(len(cands)), key=lambda i: (self.lookahead * looks[i] + self.cheap * cands[i][0], -i))
        else:
            pick = 0
        _, line, (_, _, _, discard, _) = cands[pick]
        if line.moves:
            return self._action(view, turn, line.moves[0])
        assert discard is not None
        c, p = discard
        return A.DISCARD[turn.hand.index(c)][int(p)]

    def _own_piles_team(self, view: StockpileView) -> frozenset[int] | None:
        """Our seat and our partner's where partners keep to their own piles and ``team_look`` is on, else None."""
        seat, partner = view["seat"], view["partner"]
        if (not self.team_look or not view["partners"] or seat is None or partner is None
                or view["my_sources"] != [seat]):
            return None
        return frozenset((seat, partner))

    # --- the turn search ------------------------------------------------------------------------

    def _lines(self, turn: TurnFacts) -> tuple[list[_Line], list[_Line], list[_Line]]:
        """Lines that get a stock card down, ends of turn with cards in hand, and lines that empty the hand."""
        targets = [t for _, t in turn.targets if t is not None]
        srcs = turn.sources
        can_draw = turn.can_draw
        dp, hp, wu, d5 = self.line_discard_play, self.hand_play, self.wild_use, self.draw_five
        seen: set[Any] = set()
        stock_lines: list[_Line] = []
        ends: list[_Line] = []
        draws: list[_Line] = []
        stack = [_Line(turn.builds[:], tuple(sorted(turn.hand)), tuple(len(v) for _, _, v in srcs), (), 0.0, False)]
        while stack:
            ln = stack.pop()
            builds, hand, dl = ln.builds, ln.hand, ln.dl
            key = (tuple(sorted(builds)), hand, dl, ln.drawn)
            if key in seen:
                continue
            seen.add(key)
            if ln.moves and any(t == WILD or (t - 1) in builds for t in targets):
                if not ln.drawn and self.loose_first is not None:
                    ln.gain = self._chain_gain(ln, targets)
                ln.gain += STOCK_PLAY + (d5 if ln.drawn else 0.0) + 0.3 * self._board(turn, builds)
                stock_lines.append(ln)
                continue
            if not ln.drawn:
                if hand or not can_draw:
                    ends.append(ln)
                else:
                    draws.append(ln)
            if len(seen) >= self.max_nodes:
                continue
            for si in range(len(srcs)):
                k = dl[si]
                if not k:
                    continue
                c = srcs[si][2][k - 1]
                ndl = dl[:si] + (k - 1,) + dl[si + 1:]
                gain = ln.gain + dp + (wu if c == WILD else 0.0)
                for b in _fits(builds, c):
                    stack.append(_Line(_put(builds, b), hand, ndl, ln.moves + (("d", si, b, c),), gain, ln.drawn))
            prev = None
            for i, c in enumerate(hand):
                if c == prev:
                    continue
                prev = c
                nh = hand[:i] + hand[i + 1:]
                gain = ln.gain + hp + (wu if c == WILD else 0.0)
                drawn = ln.drawn or (not nh and can_draw)
                for b in _fits(builds, c):
                    stack.append(_Line(_put(builds, b), nh, dl, ln.moves + (("h", c, b, c),), gain, drawn))
        return stock_lines, ends, draws

    def _chain_gain(self, ln: _Line, targets: list[int]) -> float:
        """Gain of a line that reaches a stock card without drawing, where plays on piles the stock card does not
        go on count ``loose_first`` each: they can wait until the next stock card is seen."""
        chain = {b for b, size in enumerate(ln.builds) if size + 1 in targets}
        loose = self.loose_first
        assert loose is not None  # only asked when the weight is set
        gain = 0.0
        for kind, _, b, c in ln.moves:
            if b in chain:
                played = self.hand_play if kind == "h" else self.line_discard_play
                gain += played + (self.wild_use if c == WILD else 0.0)
            else:
                gain += loose + (self.wild_use if c == WILD else 0.0)
        return gain

    def _candidates(self, turn: TurnFacts, ends: list[_Line], draws: list[_Line]) -> list[tuple[float, _Line, Any]]:
        """The most promising ends of turn by the cheap score: (score, line, reply candidate)."""
        scored: list[tuple[float, _Line, Any]] = []
        stock_tops = [t for _, t in turn.targets if t is not None and t != WILD]
        for ln in ends:
            depths = self._depths(turn, ln.dl)
            base = ln.gain + self._board(turn, ln.builds)
            if not ln.hand:
                if not ln.moves:
                    continue  # an empty hand with nothing to draw: the turn goes on while a card fits
                scored.append((base, ln, (ln.builds, ln.hand, depths, None, False)))
                continue
            piles = [turn.piles[p][: depths[p]] for p in range(4)]
            empties = sum(1 for p in piles if not p)
            for c in set(ln.hand):
                bridge = BRIDGE * sum(1 for t in stock_tops if any(b + 1 <= c < t for b in ln.builds))
                first_empty = True
                for p in range(4):
                    if not piles[p]:
                        if not first_empty:
                            continue
                        first_empty = False
                    s = pile_fit(c, piles[p], empties)
                    s += 2 * self.wild_use if c == WILD else 0.12 * c - bridge
                    scored.append((base + s, ln, (ln.builds, ln.hand, depths, (c, p), False)))
        for ln in draws:
            depths = self._depths(turn, ln.dl)
            scored.append((ln.gain + self.draw_five + self._board(turn, ln.builds), ln,
                           (ln.builds, (), depths, None, True)))
        scored.sort(key=lambda x: -x[0])
        scored = self._with_setup(turn, scored[: 3 * self.candidates + 4]) + scored[3 * self.candidates + 4:]
        keep = scored[: self.candidates]
        for extra in (next((x for x in scored if not x[1].moves), None), next((x for x in scored if x[2][4]), None)):
            if extra is not None and all(extra is not k for k in keep):
                keep.append(extra)  # always compare with stopping now and with the best way to draw five
        return keep

    def _with_setup(self, turn: TurnFacts, scored: list[tuple[float, _Line, Any]]) -> list[tuple[float, _Line, Any]]:
        """Add the sampled chance that we reach our own stock card next turn with what we keep (the board as we
        leave it), re-sorted."""
        my_top = next((t for o, t in turn.targets if o == turn.seat), None)
        if my_top is None or my_top == WILD or not self.setup:
            return scored
        out = []
        for score, ln, (builds, hand, depths, discard, cont) in scored:
            if not cont:
                piles = [turn.piles[p][: depths[p]] for p in range(4)]
                kept = list(hand)
                if discard is not None:
                    kept.remove(discard[0])
                    piles[discard[1]] = piles[discard[1]] + [discard[0]]
                score += self.setup * self._reach.own_chance(builds, my_top, kept, piles)
            out.append((score, ln, (builds, hand, depths, discard, cont)))
        out.sort(key=lambda x: -x[0])
        return out

    @staticmethod
    def _depths(turn: TurnFacts, dl: tuple[int, ...]) -> list[int]:
        depths = [len(p) for p in turn.piles]
        for si, (_, p, _) in enumerate(turn.sources):
            depths[p] = dl[si]
        return depths

    @staticmethod
    def _action(view: StockpileView, turn: TurnFacts, move: tuple[str, int, int, int]) -> A.Play:
        kind, x, b, _ = move
        if kind == "h":
            return A.PLAY_HAND[turn.hand.index(x)][b]
        owner, p, _ = turn.sources[x]
        return A.PLAY_DISCARD[owner][p][b]


def _fits(builds: list[int], c: int) -> list[int]:
    """Building piles ``c`` may go on, one per distinct size."""
    out, sizes = [], set()
    for b, size in enumerate(builds):
        if (c == WILD or size + 1 == c) and size not in sizes:
            sizes.add(size)
            out.append(b)
    return out


def _put(builds: list[int], b: int) -> list[int]:
    nb = builds[:]
    nb[b] = (nb[b] + 1) % A.TOP
    return nb
