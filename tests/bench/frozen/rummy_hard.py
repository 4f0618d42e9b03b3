"""Frozen copy of Rummy's bots (logic/rummy/bots.py) as it stood before commit 1c02cf1 froze it
(a yardstick for tests/bench/arena.py: do not improve it).

Computer players for Rummy. They decide ONLY from the seat's view and the legal actions.

Meld planning lives in ``bot_plan`` (``plan_play``); what a bot has seen, hand evaluation and
discard risk live in ``bot_eval`` (``Seen``, ``evaluate``).

Levels:

* easy: melds and lays off everything, takes the top discard only when it can play it at once,
  never digs deeper, keeps pairs/near-runs and throws the highest other card; the one danger it
  avoids is discarding a card that fits a meld on the table.
* medium: also weighs every pickup (top card or deep) by the hand it leads to one step ahead,
  including future potential, and remembers which ranks/suits opponents picked up or melded so it
  does not feed them.
* hard: also tracks the exact cards each opponent holds from their pickups, counts which cards
  are still live, refuses discards that hand someone a free meld (with their known cards or
  straight out of the discard pile), and shifts its risk appetite with the match score and how
  close opponents are to going out.
"""

from __future__ import annotations

import random
from typing import Any

from logic.rummy.actions import COMMIT, DRAW_STOCK, NEXT, UNDO, Discard, LayOff, Meld, TakeDiscard
from logic.rummy.melds import CODE, POINTS, RANK, SUIT, parse_code
from tests.bench.frozen.rummy_hard_eval import Params, Seen, _connected, _discard_choice, _live, _risk, evaluate
from tests.bench.frozen.rummy_hard_plan import plan_play

LEVELS = ("easy", "medium", "hard")


# --- the bot ---------------------------------------------------------------------------------


class RummyBot:
    def __init__(self, level: str):
        if level not in LEVELS:
            raise ValueError(f"No Rummy bot level {level!r}")
        self.level = level
        self.p = Params(level)

    def choose(self, view: dict[str, Any], legal: list[Any], rng: random.Random) -> Any:
        if not legal:
            raise ValueError("No legal actions to choose from")
        if len(legal) == 1:  # added to the frozen copy: new single-action phases (first draw)
            return legal[0]
        kinds = {a.kind for a in legal}
        if "next" in kinds:
            return NEXT
        if "commit" in kinds:
            return COMMIT
        seen = Seen(view)
        if seen.stage == "draw" or "draw" in kinds or "take" in kinds:
            return self._draw(seen, legal)
        return self._play(seen, legal)

    # before drawing
    def _draw(self, seen: Seen, legal: list[Any]) -> Any:
        p = self.p
        takes = [a for a in legal if a.kind == "take"]
        can_stock = any(a.kind == "draw" for a in legal)
        if not takes:
            return DRAW_STOCK
        top = seen.discard[-1]
        risk = _risk(seen, p)
        if not p.lookahead:
            base, _s, _l = plan_play(seen.hand, seen.melds)
            with_top, _s, _l = plan_play(seen.hand + [top], seen.melds)
            if with_top > base or not can_stock:
                return TakeDiscard(CODE[top])
            return DRAW_STOCK
        live = _live(seen, p)
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
                pts2, _s, left2 = plan_play(hand2, seen.melds)
                if not _s and _discard_choice(seen, p, left2, risk, live, hand2) == c:
                    continue
            v = evaluate(seen.hand + taken, seen, p, risk, live, must)
            options.append((v, a))
        if not can_stock:
            return max(options, key=lambda t: t[0])[1] if options else takes[0]
        # expected value of a blind draw
        pool = [c for c in live if c not in seen.discard] or list(live) or [top]
        ranks = {RANK[c] for c in seen.hand}
        suitpos = {(SUIT[c], RANK[c]) for c in seen.hand}
        accepts = set()
        for m in seen.melds:
            accepts.update(m[7])
        base = evaluate(seen.hand, seen, p, risk, live)
        total = 0.0
        for u in pool:
            if _connected(u, ranks, suitpos, accepts):
                total += evaluate(seen.hand + [u], seen, p, risk, live - {u})
            else:
                total += base - risk * POINTS[u] + (0.0 if len(seen.hand) > 1 else 0.0)
        stock_v = total / len(pool)
        best_v, best_a = stock_v, DRAW_STOCK
        for v, a in options:
            # a visible pickup tells the table what we collect: small tax
            v -= 1.0
            if v > best_v:
                best_v, best_a = v, a
        return best_a

    # after drawing
    def _play(self, seen: Seen, legal: list[Any]) -> Any:
        p = self.p
        _pts, steps, left = plan_play(seen.hand, seen.melds, seen.must_use)
        if _pts < 0:
            return UNDO if any(a.kind == "undo" for a in legal) else legal[0]
        if steps:
            step = steps[0]
            if step[0] == "meld":
                return Meld(tuple(CODE[c] for c in step[1]))
            return LayOff(step[1], (CODE[step[2][0]],))
        discards = [parse_code(a.card) for a in legal if a.kind == "discard"]
        if not discards:
            return UNDO if any(a.kind == "undo" for a in legal) else legal[0]
        cands = [c for c in left if c in discards] or discards
        risk = _risk(seen, p)
        live = _live(seen, p)
        return Discard(CODE[_discard_choice(seen, p, cands, risk, live)])


def make_bot(level: str) -> RummyBot:
    return RummyBot(level)


def easy_discard(view: dict[str, Any], discards: list[Any]) -> Any:
    """The easy bot's discard among ``discards`` (used for turn timeouts)."""
    seen = Seen(view)
    p = Params("easy")
    cands = [parse_code(a.card) for a in discards]
    return Discard(CODE[_discard_choice(seen, p, cands, 0.6, set())])


PLAYERS = {"hard": lambda: RummyBot("hard"), "medium": lambda: RummyBot("medium"), "easy": lambda: RummyBot("easy")}
