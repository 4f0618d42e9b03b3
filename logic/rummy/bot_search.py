"""Determinized playouts for Rummy's strongest level (see ``logic/search.py``).

``RummySpec`` deals the cards the seat cannot see (an opponent holds every card it was seen picking
up and not playing since; the rest of its hand and the stock come at random from the unseen cards),
plays each candidate move and then the rest of the hand with a fast playout policy for every seat, and
values the end of the hand for the whole match: with a target, a hand that ends the match is worth 1
(won), 0.5 (tie) or 0 (lost); otherwise the lead in the totals counts, squashed to 0..1.

Candidates are ordinary actions (a draw or a discard) or a whole rest-of-turn plan
``TurnPlan(steps, discard)`` (used to compare going out now with holding a card back).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from logic.rummy import GAME
from logic.rummy.actions import COMMIT, DISCARD, DRAW_STOCK, TAKE, layoff_action, meld_action
from logic.rummy.bot_eval import Seen
from logic.rummy.bot_plan import plan_play
from logic.rummy.melds import POINTS, RANK, SUIT, can_use_buried, parse_code
from logic.rummy.state import DRAW, HAND_OVER, HOUSE_OPTIONS, PENDING, PLAY, RummyState, set_call_fields
from logic.rummy.view_types import RummyTurn, RummyView
from logic.search import GameSpec

PLAYOUT_TURNS = 40  # a playout that runs this many turns is valued as it stands


@dataclass(frozen=True)
class TurnPlan:
    """The rest of a turn: melds/lay-offs (``plan_play`` steps), then ``discard`` (a card int)."""

    steps: tuple[Any, ...]
    discard: int


def step_action(step: tuple[Any, ...]) -> Any:
    if step[0] == "meld":
        return meld_action(tuple(step[1]))
    return layoff_action(step[1], step[2][0])


def apply_steps(st: RummyState, seat: int, steps: Iterable[tuple[Any, ...]]) -> None:
    for step in steps:
        if step[0] == "meld":
            GAME.apply(st, seat, meld_action(tuple(step[1])))
        else:
            for c in step[2]:
                GAME.apply(st, seat, layoff_action(step[1], c))


def plan_melds(st: RummyState) -> list[tuple[Any, ...]]:
    """The table melds in the shape ``plan_play`` reads (accepts at index 7, as in ``Seen``)."""
    return [(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[8]) for m in st.melds]


def _partner(c: int, hand: list[int]) -> bool:
    r, s = RANK[c], SUIT[c]
    for x in hand:
        if x != c and (RANK[x] == r or (SUIT[x] == s and abs(RANK[x] - r) <= 2)):
            return True
    return False


def playout_discard(hand: list[int], accepts: set[int], avoid: int) -> int:
    """The playout policy's discard: the highest card with no partner that fits no table meld."""
    best, best_key = hand[0], None
    for c in hand:
        key = (c != avoid, c not in accepts, not _partner(c, hand), POINTS[c], RANK[c], c)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


class RummySpec(GameSpec):
    """Sampling, playout policy and match-aware value for Rummy."""

    game = GAME

    def __init__(self, seen: Seen):
        self.seen = seen

    # --- worlds ----------------------------------------------------------------------------
    def sample(self, view: RummyView, rng: random.Random) -> RummyState:
        seen = self.seen
        me, n = seen.seat, seen.n
        hidden_known = [sorted(seen.known[o]) if o != me else [] for o in range(n)]
        taken_by_known = {c for k in hidden_known for c in k}
        pool = [c for c in seen.unseen if c not in taken_by_known]
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for o in range(n):
            if o == me:
                hands.append(list(seen.hand))
                continue
            k = hidden_known[o][: seen.counts[o]]
            need = seen.counts[o] - len(k)
            hands.append(k + pool[:need])
            del pool[:need]
        st = RummyState()
        st.n, st.target, st.seed = n, seen.target, rng.getrandbits(32)
        st.hand_no, st.first_seat, st.current = view["hand_no"], view["first_seat"], me
        st.stage = PLAY if view["turn_stage"] == "play" else DRAW
        st.hands = hands
        st.stock = pool[: seen.stock_count]
        st.discard = list(seen.discard)
        st.melds = [[m[0], m[1], m[2], m[3], m[4], m[5], list(m[6]), [], m[7]] for m in seen.melds]
        st.next_id = max((m[0] for m in seen.melds), default=0) + 1
        st.scores = list(seen.scores)
        st.pts = list(seen.pts)
        st.turn_start_pts = sum(POINTS[c] for h in seen.history if h["seat"] == me
                                for c in _codes_played(h))
        st.must_use = seen.must_use
        st.drew = 1 if st.stage == PLAY else 0
        st.undo, st.frozen, st.history = [], None, []
        st.rebuilds, st.stall = 0, 0
        st.confirmed = [False] * n
        st.summary = None
        st.first_draw, st.first_drawn, st.first_draw_winner, st.message = [], [True] * st.n, 0, None
        on = set(view["house_rules"])
        for option, field in HOUSE_OPTIONS:
            setattr(st, field, option in on)
        set_call_fields(st)  # the playouts leave "Rummy!" calls out (nobody knows who could call)
        return st

    # --- moves -----------------------------------------------------------------------------
    def apply(self, state: RummyState, seat: int, action: Any) -> None:
        if isinstance(action, TurnPlan):
            apply_steps(state, seat, action.steps)
            GAME.apply(state, seat, DISCARD[action.discard])
            GAME.apply(state, seat, COMMIT)
            return
        GAME.apply(state, seat, action)
        if state.stage == PENDING:
            GAME.apply(state, seat, COMMIT)

    def play_turn(self, st: RummyState, rng: random.Random) -> None:
        """One whole turn of the playout policy for the seat to move (from its draw or its play stage)."""
        seat = st.current
        hand = st.hands[seat]
        took = -1
        if st.stage == DRAW:
            took = self._draw(st, seat, hand)
        pts, steps, _left = plan_play(hand, plan_melds(st), st.must_use, st.wrap)
        if pts < 0:  # cannot use a buried card after all: the engine forbids that dig, so this is rare
            steps = []
        apply_steps(st, seat, steps)
        if st.must_use >= 0 and st.must_use in st.hands[seat]:
            st.must_use = -1  # give up the obligation in the playout rather than stall it
        accepts: set[int] = set()
        for m in st.melds:
            accepts.update(m[8])
        d = playout_discard(st.hands[seat], accepts, took)
        GAME.apply(st, seat, DISCARD[d])
        GAME.apply(st, seat, COMMIT)

    def _draw(self, st: RummyState, seat: int, hand: list[int]) -> int:
        disc = st.discard
        if not disc:
            GAME.apply(st, seat, DRAW_STOCK)
            return -1
        top = disc[-1]
        melds = plan_melds(st)
        base = plan_play(hand, melds, wrap=st.wrap)[0]
        if plan_play(hand + [top], melds, wrap=st.wrap)[0] > base or not st.stock:
            GAME.apply(st, seat, TAKE[top])
            return top
        # dig when a buried card (among the last few) melds at once and the pickup pays (never at a top-card-only
        # table)
        for i in range(len(disc) - 2, max(-1, len(disc) - 7) if not st.top_only else len(disc) - 2, -1):
            c = disc[i]
            taken = disc[i:]
            if can_use_buried(c, hand + taken, len(hand) + len(taken), st.melds, st.wrap):
                gain = plan_play(hand + taken, melds, c, st.wrap)[0]
                if gain - base > 0.5 * sum(POINTS[x] for x in taken):
                    GAME.apply(st, seat, TAKE[c])
                    return -1
        GAME.apply(st, seat, DRAW_STOCK)
        return -1

    def rollout(self, st: RummyState, seat: int, rng: random.Random) -> float:
        turns = 0
        while st.stage <= PENDING and turns < PLAYOUT_TURNS:
            if st.stage == PENDING:
                GAME.apply(st, st.current, COMMIT)
                continue
            self.play_turn(st, rng)
            turns += 1
        return self.evaluate(st, seat)

    # --- value -----------------------------------------------------------------------------
    def evaluate(self, st: RummyState, seat: int) -> float:
        if st.stage >= HAND_OVER:
            totals = list(st.scores)
        else:  # cut off: value the hand as if it stopped now
            totals = [st.scores[s] + st.pts[s] - sum(POINTS[c] for c in st.hands[s]) for s in range(st.n)]
        mine = totals[seat]
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        if st.target and max(totals) >= st.target and st.stage >= HAND_OVER:
            return 1.0 if mine > best_other else (0.5 if mine == best_other else 0.0)
        scale = max(40.0, 0.5 * st.target) if st.target else 60.0
        return 0.5 + 0.5 * math.tanh((mine - best_other) / scale)

    def done(self, state: RummyState, start: Any) -> bool:
        return state.stage > PENDING


def _codes_played(h: RummyTurn) -> Iterator[int]:
    for cards in h["melded"]:
        yield from (parse_code(c) for c in cards)
    for lay in h["laid_off"]:
        yield from (parse_code(c) for c in lay["cards"])
