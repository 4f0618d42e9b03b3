"""Computer players for Rummy. They decide ONLY from the seat's view and the legal actions.

Meld planning lives in ``bot_plan`` (``plan_play``); what a bot has seen, hand evaluation and
discard risk live in ``bot_eval`` (``Seen``, ``evaluate``).

Levels:

* easy: melds and lays off everything, takes the top discard only when it can play it at once,
  never digs deeper, keeps pairs/near-runs and throws the highest other card; the one danger it
  avoids is discarding a card that fits a meld on the table.
* medium: weighs every pickup (top card or deep) by the hand it leads to one step ahead, including
  future potential; tracks the cards each opponent is known to hold from their pickups and which
  ranks/suits they collect, refuses discards that hand someone a free meld (with their known cards or
  straight out of the discard pile), shifts its risk appetite with the match score and how close
  opponents are to going out, and never throws back the card it just took.
* hard: medium's judgement, plus determinized playouts (``bot_search``) for the choices that decide
  the race: which of medium's best discards hands the next player least over the rest of the hand,
  whether to go out now or hold a card back when going out would hand the match to a leader, and each
  meld or lay-off its planner makes against holding the rest back this turn (a meld on the table takes the
  opponents' lay-offs), left only for a gain the playouts clearly show. Checking it against the other melds
  the rules allow too (``step_candidates``) was measured weaker: the best of many near-equal moves wins its
  test by chance.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, TypeVar

from logic.rummy.actions import (
    COMMIT,
    DISCARD,
    DRAW_STOCK,
    NEXT,
    PASS_CALL,
    UNDO,
    CallRummy,
    Discard,
    LayOff,
    Meld,
    RummyAction,
    TakeDiscard,
)
from logic.rummy.bot_eval import Params, Seen, discard_choice, discard_risk, evaluate, is_connected, live_cards
from logic.rummy.bot_plan import plan_play
from logic.rummy.bot_race import going_out_loses, hold_back_plan
from logic.rummy.bot_search import RummySpec, TurnPlan
from logic.rummy.melds import CODE, POINTS, RANK, SUIT, parse_code
from logic.rummy.view_types import RummyView
from logic.search import SearchStats, clear_gain, search_choose

LEVELS = ("easy", "medium", "hard")


# --- the bot ---------------------------------------------------------------------------------


C = TypeVar("C")  # a candidate: a move, or a plan for the turn


class RummyBot:
    """``budget_s`` / ``max_worlds``: the Hard level's search budget per decision (``budget_s=None``: only
    the worlds cap counts, so the move does not depend on the machine's speed); ``discard_candidates``: how many of
    the heuristic's best discards the search compares (all of them was measured: no stronger); ``step_candidates`` /
    ``hold_candidates`` / ``step_gain_z``: how many other melds and lay-offs, and discards that hold back, a
    planned meld or lay-off is checked against, and by how many standard errors an alternative must win."""

    def __init__(self, level: str, budget_s: float | None = 0.1, max_worlds: int = 32, min_worlds: int = 8,
                 discard_candidates: int = 4, step_candidates: int = 0, hold_candidates: int = 2,
                 step_gain_z: float = 2.5, gin_worlds: int = 0, gin_gain_z: float = 1.0):
        if level not in LEVELS:
            raise ValueError(f"No Rummy bot level {level!r}")
        self.level = level
        self.p = Params(level)
        self.budget_s = budget_s
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds
        self.discard_candidates = discard_candidates
        self.step_candidates = step_candidates
        self.hold_candidates = hold_candidates
        self.step_gain_z = step_gain_z
        self.gin_worlds = gin_worlds
        self.gin_gain_z = gin_gain_z
        self._view: Mapping[str, Any] = {}
        self._rng = random.Random(0)

    def choose(self, view: RummyView, legal: list[RummyAction], rng: random.Random) -> RummyAction:
        if not legal:
            raise ValueError("No legal actions to choose from")
        if len(legal) == 1:  # also covers phases this bot does not know (e.g. a first-deal draw)
            return legal[0]
        kinds = {a.kind for a in legal}
        if "next" in kinds:
            return NEXT
        if "commit" in kinds:
            return COMMIT
        seen = Seen(view)
        self._view, self._rng = view, rng
        if "rummy" in kinds:  # house rule "Rummy!": the discard in the window may be called
            call = self._call(seen, legal)
            if call is not None or "rummy-pass" in kinds:
                return call if call is not None else PASS_CALL
        if seen.stage == "draw" or "draw" in kinds or "take" in kinds:
            return self._draw(seen, legal)
        return self._play(seen, legal)

    def _search(self, seen: Seen, cands: list[C], prefer: C, gain_z: float | None = None) -> C:
        """Hard: the candidate with the best match value over sampled deals (determinized playouts); with ``gain_z``,
        ``prefer`` unless the best beats it by that many standard errors (``clear_gain``)."""
        if len(cands) == 1:
            return cands[0]
        stats = SearchStats()
        pick = search_choose(RummySpec(seen), self._view, cands, self._rng, seat=seen.seat, budget_s=self.budget_s,
                             max_worlds=self.max_worlds, min_worlds=self.min_worlds, candidates=cands, prefer=prefer,
                             stats=stats)
        chosen: C = pick if gain_z is None else clear_gain(stats, cands, prefer, gain_z)
        return chosen

    def _call(self, seen: Seen, legal: list[RummyAction]) -> CallRummy | None:
        """The best "Rummy!" call, or None to let the card go. Easy only notices a card that fits a meld on the
        table; the others also meld it with their own cards, and call only when the hand left is worth more (points
        put down plus what the rest of the hand still promises) than keeping those cards."""
        calls = [a for a in legal if isinstance(a, CallRummy)]
        if self.level == "easy":
            return next((a for a in calls if a.meld is not None), None)
        p = self.p
        risk = discard_risk(seen, p)
        live = live_cards(seen, p)
        best: tuple[float, CallRummy | None] = (evaluate(seen.hand, seen, p, risk, live), None)
        for a in calls:
            own = {parse_code(c) for c in a.cards}
            gain = POINTS[parse_code(a.card)] + sum(POINTS[c] for c in own)
            v = gain + evaluate([c for c in seen.hand if c not in own], seen, p, risk, live)
            if v > best[0] + 0.5:
                best = (v, a)
        return best[1]

    # before drawing
    def _draw(self, seen: Seen, legal: list[RummyAction]) -> RummyAction:
        p = self.p
        takes = [a for a in legal if a.kind == "take"]
        can_stock = any(a.kind == "draw" for a in legal)
        if not takes:
            return DRAW_STOCK
        top = seen.discard[-1]
        risk = discard_risk(seen, p)
        if not p.lookahead:
            without, _s, _l = plan_play(seen.hand, seen.melds, wrap=seen.wrap)
            with_top, _s, _l = plan_play(seen.hand + [top], seen.melds, wrap=seen.wrap)
            if with_top > without or not can_stock:
                return TakeDiscard(CODE[top])
            return DRAW_STOCK
        live = live_cards(seen, p)
        options = []
        for a in takes:
            c = parse_code(a.card)
            i = seen.discard.index(c)
            taken = seen.discard[i:]
            if len(taken) > 1 and not p.deep:
                continue
            must = c if len(taken) > 1 else -1
            if must < 0:
                # taking the top card only to throw it straight back is a wasted turn
                hand2 = seen.hand + taken
                pts2, _s, left2 = plan_play(hand2, seen.melds, wrap=seen.wrap)
                if not _s and discard_choice(seen, p, left2, risk, live, hand2) == c:
                    continue
            v = evaluate(seen.hand + taken, seen, p, risk, live, must)
            if v > -1000.0:  # (a dig whose card the planner cannot use would only be undone again)
                options.append((v, a))
        if not can_stock:
            top_take = next((a for a in takes if parse_code(a.card) == top), takes[0])
            return max(options, key=lambda t: t[0])[1] if options else top_take
        # expected value of a blind draw
        pool = [c for c in live if c not in seen.discard] or list(live) or [top]
        ranks = {RANK[c] for c in seen.hand}
        suitpos = {(SUIT[c], RANK[c]) for c in seen.hand}
        accepts: set[int] = set()
        for m in seen.melds:
            accepts.update(m[7])
        base = evaluate(seen.hand, seen, p, risk, live)
        total = 0.0
        for u in pool:
            if is_connected(u, ranks, suitpos, accepts):
                total += evaluate(seen.hand + [u], seen, p, risk, live - {u})
            else:
                total += base - risk * POINTS[u] + (0.0 if len(seen.hand) > 1 else 0.0)
        stock_v = total / len(pool)
        # a visible pickup tells the table what we collect: small tax
        scored = [(stock_v, DRAW_STOCK)] + [(v - 1.0, a) for v, a in options]
        # (searching this choice too was measured: the playouts' plain pickup policy misjudges digs and
        # Hard got weaker, so the draw stays with the heuristic)
        return max(scored, key=lambda t: t[0])[1]

    # after drawing
    def _play(self, seen: Seen, legal: list[RummyAction]) -> RummyAction:
        p = self.p
        out = _going_out(seen, legal)
        if out is not None:
            return out
        _pts, steps, left = plan_play(seen.hand, seen.melds, seen.must_use, seen.wrap)
        if _pts < 0:
            return UNDO if any(a.kind == "undo" for a in legal) else legal[0]
        if p.race and len(left) == 1:
            held = hold_back_plan(seen.hand, seen.melds, seen.must_use, seen.wrap)
            if held is not None and self._hold_back(seen, steps, left[0], held):
                _pts, steps, left = held
        if steps:
            # the step that uses a dug-up card goes first: once it is down no later plan can fail for want of it
            step = next((st for st in steps if seen.must_use in (st[1] if st[0] == "meld" else st[2])), steps[0])
            move: RummyAction = Meld(tuple(CODE[c] for c in step[1])) if step[0] == "meld" else LayOff(step[1],
                                                                                             (CODE[step[2][0]],))
            if p.search and seen.must_use < 0:
                move = self._search_step(seen, legal, move, left)
            return move
        gin_search = not p.search and self.gin_worlds > 0 and seen.top_only
        ranked = self._ranked_discards(seen, legal, left, self.discard_candidates if p.search or gin_search else 1)
        if not ranked:
            return UNDO if any(a.kind == "undo" for a in legal) else legal[0]
        if gin_search:
            return self._gin_search(seen, ranked)
        if not p.search:
            return ranked[0]
        return self._search(seen, ranked, ranked[0])

    def _gin_search(self, seen: Seen, ranked: list[Discard]) -> Discard:
        """Medium at a top-card-only table: its best discards compared over a few sampled deals (a fixed number,
        so the move does not depend on the machine's speed), the heuristic's choice kept unless another clearly
        wins."""
        stats = SearchStats()
        search_choose(RummySpec(seen), self._view, ranked, self._rng, seat=seen.seat, budget_s=None,
                      max_worlds=self.gin_worlds, min_worlds=self.gin_worlds, candidates=ranked, prefer=ranked[0],
                      stats=stats)
        chosen: Discard = clear_gain(stats, ranked, ranked[0], self.gin_gain_z)
        return chosen

    def _ranked_discards(self, seen: Seen, legal: list[RummyAction], left: list[int], count: int) -> list[Discard]:
        """The heuristic's ``count`` best discards, best first (from the cards its plan leaves, when it can)."""
        p = self.p
        discards = [parse_code(a.card) for a in legal if a.kind == "discard"]
        cands = [c for c in left if c in discards] or discards
        if p.lookahead and len(cands) > 1 and seen.took_top in cands:
            cands.remove(seen.took_top)  # never throw back the card just taken
        risk = discard_risk(seen, p)
        live = live_cards(seen, p)
        ranked: list[Any] = []
        while cands and len(ranked) < count:
            d = discard_choice(seen, p, cands, risk, live)
            ranked.append(DISCARD[d])
            cands = [c for c in cands if c != d]
        return ranked

    def _search_step(self, seen: Seen, legal: list[RummyAction], move: RummyAction, left: list[int]) -> RummyAction:
        """Hard: the planner's next meld or lay-off, checked against holding the rest back this turn (discarding at
        once; a meld on the table takes everyone's lay-offs) and ``step_candidates`` other melds and lay-offs. It
        leaves the planner's move only for a gain the playouts clearly show (paired over the same deals)."""
        steps = [a for a in legal if a.kind in ("meld", "layoff") and a != move][: self.step_candidates]
        holds = self._ranked_discards(seen, legal, left, self.hold_candidates)
        return self._search(seen, [move, *steps, *holds], move, self.step_gain_z)

    def _hold_back(self, seen: Seen, steps: list[Any], last: int, held: tuple[Any, ...]) -> bool:
        """Going out is possible: is keeping a card back better for the match?"""
        loses = going_out_loses(seen, sum(POINTS[c] for c in seen.hand if c != last))
        if not self.p.search or not loses:
            return loses  # going out that does not lose the match is taken without a search
        _pts, h_steps, h_left = held
        risk, live = discard_risk(seen, self.p), live_cards(seen, self.p)
        h_disc = discard_choice(seen, self.p, [c for c in h_left if c != seen.must_use] or h_left, risk, live)
        out, hold = TurnPlan(tuple(steps), last), TurnPlan(tuple(h_steps), h_disc)
        return self._search(seen, [out, hold], out) is hold


def _going_out(seen: Seen, legal: list[RummyAction]) -> RummyAction | None:
    """House rule "go out without a discard": a legal meld or lay-off of every card left in the hand (the rules
    offer one only under that rule) goes out at once."""
    n = len(seen.hand)
    for a in legal:
        if isinstance(a, (Meld, LayOff)) and len(a.cards) == n:
            return a
    return None


def make_bot(level: str, **search: Any) -> RummyBot:
    """``search``: ``budget_s`` / ``max_worlds`` / ``min_worlds`` / ``discard_candidates`` for the Hard level's
    search."""
    return RummyBot(level, **search)


def easy_discard(view: RummyView, discards: list[Discard]) -> Discard:
    """The easy bot's discard among ``discards`` (used for turn timeouts)."""
    seen = Seen(view)
    p = Params("easy")
    cands = [parse_code(a.card) for a in discards]
    return Discard(CODE[discard_choice(seen, p, cands, 0.6, set())])
