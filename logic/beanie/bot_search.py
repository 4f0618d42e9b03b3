"""Determinized playouts for Beanie's Hard level (see ``logic/search.py``).

``BeanieSpec`` deals the cards the seat cannot see, consistently with its view: an opponent still holds
every card it was seen taking (from the discard pile, or a stolen Beanie) and has not laid or thrown since;
the rest of its hand and the stock come at random from the cards nobody has seen. The discard pile is
rebuilt from the public discards. Each candidate (a draw or a discard) is applied to the world, then the
round is played out by ``RoundPlayout`` for every seat and valued for the searching seat as the others'
average penalty minus its own (points it gains on the field this round).

The end-round vote is searched the same way: ``EndNow`` is a root move only the search knows (the round
ends as a draw on the spot, after an optional discard and the next seat's draw), compared with playing on.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from logic.game import PHASE_PLAY

from . import GAME
from .actions import Discard
from .bot_eval import Ctx
from .bot_playout import RoundPlayout
from .state import STAGE_DRAW, STAGE_PLAY, BeanieState
from .turn import end_round
from .view_types import BeanieView


def public_pile(ctx: Ctx) -> list[int]:
    """The discard pile as the public history shows it (its top card last)."""
    pile = [c for x in ctx.thrown for c in x]
    for x in ctx.taken:
        for c in x:
            if c in pile:
                pile.remove(c)
    if ctx.top >= 0:
        if ctx.top in pile:
            pile.remove(ctx.top)
        pile.append(ctx.top)
    return pile


def _taken_kept(ctx: Ctx, seat: int, table: set[int]) -> list[int]:
    return [c for c in dict.fromkeys(ctx.taken[seat]) if c not in table and c not in ctx.thrown[seat]]


def held_known(ctx: Ctx, seat: int) -> list[int]:
    """Cards ``seat`` was seen taking and has not laid or thrown since (at most its hand size).

    A Beanie one seat took and laid and another then stole from the table is in both seats' ``taken``: it is known
    for neither (the sample deals it from the unseen cards), and never for a seat when it is in our own hand."""
    table = {c for s in ctx.sets for c in s[3]}
    elsewhere = set(ctx.hand)
    for o in range(ctx.n):
        if o != seat and o != ctx.me:
            elsewhere.update(_taken_kept(ctx, o, table))
    out = [c for c in _taken_kept(ctx, seat, table) if c not in elsewhere]
    return out[: ctx.counts[seat]]


@dataclass(frozen=True)
class EndNow:
    """Search-only root move: ``discard`` (if any) is made, then the round ends as a draw. With a discard,
    the next seat draws from the stock first (it can only agree on its own play step)."""

    discard: Discard | None = None


def end_as_draw(state: BeanieState, seat: int, move: EndNow) -> None:
    if move.discard is not None:
        GAME.apply(state, seat, move.discard)
        if state.phase != PHASE_PLAY:
            return  # the discard went out
        nxt = state.turn
        if state.stock:
            state.hands[nxt].append(state.stock.pop())
    end_round(state, -1)


class BeanieSpec:
    """Sampling, playout and value for Beanie (the search's ``rollout`` hook plays the whole round)."""

    game = GAME

    def __init__(self, ctx: Ctx, max_turns: int = 40):
        self.ctx = ctx
        self.playout = RoundPlayout(max_turns)
        pile = public_pile(ctx)
        known = [held_known(ctx, o) if o != ctx.me else [] for o in range(ctx.n)]
        seen = set(ctx.hand) | set(pile) | {c for k in known for c in k}
        for s in ctx.sets:
            seen.update(s[3])
        self.pile = pile
        self.known = known
        self.unseen = [c for c in range(ctx.deck_size) if c not in seen]
        self.turns_done = [0 if "first turn" in st["status"] else 1 for st in ctx.view["seats"]]

    # --- worlds ------------------------------------------------------------------------------
    def sample(self, view: BeanieView, rng: random.Random) -> BeanieState:
        ctx = self.ctx
        pool = list(self.unseen)
        rng.shuffle(pool)
        hands = []
        for o in range(ctx.n):
            if o == ctx.me:
                hands.append(list(ctx.hand))
                continue
            need = max(0, ctx.counts[o] - len(self.known[o]))
            hands.append(self.known[o] + pool[:need])
            del pool[:need]
        st = BeanieState.__new__(BeanieState)
        st.players = ctx.n
        st.rounds = view["rounds"]
        st.beanie_value = ctx.bv
        st.reclaim_own = view["options"]["reclaim_own"]
        st.seed = rng.getrandbits(32)
        st.round = view["round"]
        st.phase = PHASE_PLAY
        st.turn = ctx.me
        st.stage = STAGE_DRAW if ctx.stage == "draw" else STAGE_PLAY
        st.hands = hands
        st.stock = pool
        st.discard = list(self.pile)
        st.sets = [[s[0], s[1], s[2], list(s[3]), list(s[4])] for s in ctx.sets]
        st.next_set_id = max((s[0] for s in ctx.sets), default=0) + 1
        st.laid = list(ctx.laid_all)
        st.turns_done = list(self.turns_done)
        st.drawn = ctx.drawn
        st.proposer = -1
        st.agreed = [False] * ctx.n
        st.proposed = False
        st.round_turns = ctx.round_turns
        st.reshuffles = 0
        st.taken = [list(x) for x in ctx.taken]
        st.thrown = [list(x) for x in ctx.thrown]
        st.totals = list(view["scores"])
        st.scorecard = []
        st.confirmed = [False] * ctx.n
        st.result = None
        st.message = None
        st.last_turns = view["options"]["last_turns"]
        st.ace_high_runs = view["options"]["ace_high_runs"]
        st.jokers = view["options"]["jokers"]
        st.out_seat = next((i for i, x in enumerate(view["seats"]) if "went out" in x["status"]), -1)
        return st

    def clone(self, state: BeanieState) -> BeanieState:
        return GAME.clone(state)

    def apply(self, state: BeanieState, seat: int, action: Any) -> None:
        if type(action) is EndNow:
            end_as_draw(state, seat, action)
        else:
            GAME.apply(state, seat, action)

    # --- playout and value -----------------------------------------------------------------------
    def rollout(self, state: BeanieState, seat: int, rng: random.Random) -> float:
        if state.phase != PHASE_PLAY:  # the root move ended the round
            assert state.result is not None
            pts = state.result[1]
        else:
            pts = self.playout.play_round(state, rng)
        others = [p for i, p in enumerate(pts) if i != seat]
        return float(sum(others) / len(others) - pts[seat])

