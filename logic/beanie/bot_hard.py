"""Beanie's Hard level: the tracking heuristic (``HeuristicHardBot``) checked by determinized playouts.

The search (``bot_search``) looks at the draw, the discard, each lay (the heuristic's set against its next-best
lays and against holding everything back this turn) and the end-round vote, at every table size: at the
end of its turn (after laying and adding) Hard compares ending the round as a draw now with playing on, and
agrees to an open vote or withdraws its own by that comparison; it proposes one by it only once the round has
stalled (``propose_after`` turns a player: the rules mean the vote for a stalemate, and an offer at every deal
would be both tiresome and refused by any sensible opponent). At 3-4 players the draw-now move stands for "if
the others agree too": a vote is only worth having when a draw now beats playing on, and Hard looks again on
its next turn (withdrawing when playing on has become clearly better). It leaves the heuristic's move only
when the playouts show a clear, significant gain (the outcome of a round swings widely).

Before, 3-4 player votes followed the heuristic's rules of thumb; the search did a little better against two
Mediums (README, Beanie strength row: the paired difference went from -14.8 to -16.2 a match, N=300 on the same
seeds, within the noise) and plays the same heads-up.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from logic.search import SearchStats, clear_gain, search_choose

from .actions import AGREE, DRAW_DISCARD, DRAW_STOCK, NEXT, PROPOSE, WITHDRAW, BeanieAction, Discard, Lay
from .bot_eval import Ctx, has_partner
from .bot_heuristic import HeuristicHardBot
from .bot_search import BeanieSpec, EndNow
from .deck import WILD
from .view_types import BeanieView

M = TypeVar("M", bound=BeanieAction)  # a kind of move


class HardBot(HeuristicHardBot):
    """``budget_s`` / ``max_worlds`` / ``min_worlds``: the search budget per decision (``budget_s=None``: only
    the worlds cap counts, so the move does not depend on the machine's speed)."""

    discard_candidates = 4
    lay_candidates = 3  # the heuristic's best lays (one per shape) weighed against holding every set back ...
    hold_candidates = 2  # ... by discarding one of its best discards instead
    min_gain = 1.0  # penalty points a searched move must gain over the heuristic's ...
    gain_z = 2.0  # ... and by this many standard errors of the paired difference
    propose_after = 8  # turns a player: a vote is for a round that stalls, not an offer at every deal

    def __init__(self, budget_s: float | None = 0.03, max_worlds: int = 48, min_worlds: int = 8):
        self.budget_s = budget_s
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds

    # the vote is searched at the end of the turn (``_vote``), not settled by the heuristic's rules of thumb
    def should_agree(self, ctx: Ctx) -> bool:
        return False

    def should_propose(self, ctx: Ctx) -> bool:
        return False

    def should_withdraw(self, ctx: Ctx) -> bool:
        return False

    def choose(self, view: BeanieView, legal: list[BeanieAction], rng: random.Random) -> BeanieAction:
        move = super().choose(view, legal, rng)
        if len(legal) <= 1 or NEXT in legal:
            return move
        ctx = Ctx(view)
        if ctx.stage == "draw":
            if DRAW_DISCARD in legal and DRAW_STOCK in legal and self._top_may_help(ctx):
                draws: list[BeanieAction] = [DRAW_STOCK, DRAW_DISCARD]
                return self._search(ctx, view, draws, move, rng)
            return move
        if type(move) is Lay:
            move = self._search_lay(ctx, view, legal, move, rng)
        if type(move) is not Discard:
            return move
        discards = [a for a in legal if type(a) is Discard]
        ranked = self.ranked_discards(ctx, discards, ctx.accepted(), self.dead_cards(ctx))
        cands = list(dict.fromkeys([move] + ranked[: self.discard_candidates]))
        pick = self._search(ctx, view, cands, move, rng)
        vote = self._vote(ctx, view, legal, pick, rng)
        return pick if vote is None else vote

    def _search_lay(self, ctx: Ctx, view: BeanieView, legal: list[BeanieAction], move: Lay,
                    rng: random.Random) -> BeanieAction:
        """The heuristic lays a set: check it against other lays and against holding everything back this turn (a
        set on the table takes the others' lay-offs and shows which Beanies they can steal)."""
        lays = [a for a in legal if type(a) is Lay]
        ranked = self.ranked_lays(ctx, lays)[: self.lay_candidates]
        discards = [a for a in legal if type(a) is Discard]
        holds = self.ranked_discards(ctx, discards, ctx.accepted(), self.dead_cards(ctx))[: self.hold_candidates]
        cands: list[BeanieAction] = list(dict.fromkeys([move, *ranked, *holds]))
        return self._search(ctx, view, cands, move, rng)

    def _vote(self, ctx: Ctx, view: BeanieView, legal: list[BeanieAction], pick: Discard,
              rng: random.Random) -> BeanieAction | None:
        """Agree, propose or withdraw when a draw now is clearly better (or worse) than playing on."""
        if AGREE in legal:  # someone proposed: agreeing ends the round now (at 3-4: once the rest agree too)
            return AGREE if self._draw_beats_play(ctx, view, EndNow(), pick, rng) else None
        if PROPOSE in legal and ctx.round_turns >= self.propose_after * ctx.n:  # decided on the other turn
            return PROPOSE if self._draw_beats_play(ctx, view, EndNow(pick), pick, rng) else None
        if WITHDRAW in legal:  # our own vote is open: keep it unless playing on is clearly better
            return WITHDRAW if self._draw_beats_play(ctx, view, pick, EndNow(pick), rng) else None
        return None

    def _draw_beats_play(self, ctx: Ctx, view: BeanieView, move: Any, other: Any, rng: random.Random) -> bool:
        """Whether ``move`` is clearly better than ``other`` over the sampled worlds."""
        cands = [other, move]
        stats = SearchStats()
        search_choose(BeanieSpec(ctx), view, cands, rng, seat=ctx.me, budget_s=self.budget_s,
                      max_worlds=self.max_worlds, min_worlds=self.min_worlds, prefer=other, stats=stats)
        return clear_gain(stats, cands, other, self.gain_z, self.min_gain) is move

    def _top_may_help(self, ctx: Ctx) -> bool:
        """A natural top card with no partner in the hand that fits no set is never worth a search."""
        top = ctx.top
        return WILD[ctx.wild][top] or top in ctx.accepted() or has_partner(top, ctx.hand)

    def _search(self, ctx: Ctx, view: BeanieView, cands: list[M], prefer: M, rng: random.Random) -> M:
        if len(cands) == 1:
            return cands[0]
        stats = SearchStats()
        search_choose(BeanieSpec(ctx), view, cands, rng, seat=ctx.me, budget_s=self.budget_s,
                      max_worlds=self.max_worlds, min_worlds=self.min_worlds, candidates=cands, prefer=prefer,
                      stats=stats)
        # a round's outcome swings widely: leave the heuristic's move only for a clear gain
        gain: M = clear_gain(stats, cands, prefer, self.gain_z, self.min_gain)
        return gain
