"""Rummy's judge: a draw, a meld, a lay-off or a discard, valued in points this hand against the table.

The sampled deals and playouts are the Hard level's (``bot_search.RummySpec``: an opponent holds every card it
was seen picking up and has not played); the end of the hand is valued as the points we gain minus the average
the others gain (a hand cut off by the playout's turn cap counts what is down minus what is held). Candidates:
every draw, and every move at the play stage when there are few; else the chosen move, the planner's next meld
or lay-off and the Medium level's best discards.
"""

from __future__ import annotations

from typing import Any

from logic.messages import Message, said, t_msg, t_nmsg, t_pmsg, verbatim
from logic.rummy import GAME
from logic.rummy.actions import COMMIT, DISCARD, Discard, DrawStock, LayOff, Meld, TakeDiscard
from logic.rummy.bot_eval import Params, Seen, discard_choice, discard_risk, live_cards
from logic.rummy.bot_plan import plan_play
from logic.rummy.bot_search import RummySpec, apply_steps, plan_melds, step_action
from logic.rummy.melds import POINTS, PRETTY, RANK, SUIT, parse_code
from logic.rummy.state import HAND_OVER, PLAY, RummyState

from .model import Budget
from .words import TABLE_POINTS, evidence

JUDGED = (DrawStock, TakeDiscard, Meld, LayOff, Discard)


class PointsSpec(RummySpec):
    """The Hard level's worlds and playouts, valued in points: what we gain this hand minus the others' average.

    After a candidate move the rest of our own turn is played well in every world (the planner's melds, then the
    Medium level's discard), not by the plainer playout policy: a meld is judged with a sensible discard after
    it, as a discard is."""

    def __init__(self, seen: Seen):
        super().__init__(seen)
        self.p = Params("medium")
        self.risk, self.live = discard_risk(seen, self.p), live_cards(seen, self.p)

    def apply(self, state: RummyState, seat: int, action: Any) -> None:
        super().apply(state, seat, action)
        if state.current == seat and state.stage == PLAY:
            took = parse_code(action.card) if type(action) is TakeDiscard else self.seen.took_top
            self.finish_turn(state, seat, took)

    def finish_turn(self, st: RummyState, seat: int, took: int) -> None:
        """Meld what the planner finds, then discard as the Medium level would (in the world, from our hand)."""
        pts, steps, _left = plan_play(st.hands[seat], plan_melds(st), st.must_use, st.wrap)
        apply_steps(st, seat, steps if pts >= 0 else [])
        if st.stage != PLAY or st.current != seat or not st.hands[seat]:
            return
        if st.must_use >= 0 and st.must_use in st.hands[seat]:
            st.must_use = -1  # as the playout policy: give the obligation up rather than stall
        hand = st.hands[seat]
        cands = [c for c in hand if c != took] or list(hand)
        d = discard_choice(self.seen, self.p, cands, self.risk, self.live, list(hand))
        GAME.apply(st, seat, DISCARD[d])
        GAME.apply(st, seat, COMMIT)

    def evaluate(self, st: RummyState, seat: int) -> float:
        start = self.seen.scores
        if st.stage >= HAND_OVER:
            totals = list(st.scores)
        else:  # cut off: what is down counts, what is held counts against
            totals = [st.scores[s] + st.pts[s] - sum(POINTS[c] for c in st.hands[s]) for s in range(st.n)]
        gains = [totals[s] - start[s] for s in range(st.n)]
        others = [g for s, g in enumerate(gains) if s != seat]
        return gains[seat] - sum(others) / len(others)


def cards_words(codes: tuple[str, ...] | list[str]) -> str:
    return " ".join(PRETTY[parse_code(c)] for c in codes)


def action_words(action: Any, discard: list[int] | None = None) -> str:
    """The move in the verbs of the table's log and the replay (``logic/rummy/step_words.py``), as advice."""
    return said(action_msg(action, discard))


def action_msg(action: Any, discard: list[int] | None = None) -> Message:
    if type(action) is DrawStock:
        return t_pmsg("advice", "draw from the stock")
    if type(action) is TakeDiscard:
        pile = discard or []
        c = parse_code(action.card)
        n = len(pile) - pile.index(c) if c in pile else 1
        if n <= 1:
            return t_pmsg("advice", "take the {card} from the discard pile", card=PRETTY[c])
        return t_nmsg("take {n} card from the discard pile (down to the {card})",
                      "take {n} cards from the discard pile (down to the {card})", n=n, card=PRETTY[c])
    if type(action) is Meld:
        return t_pmsg("advice", "meld {cards}", cards=cards_words(action.cards))
    if type(action) is LayOff:
        return t_pmsg("advice", "lay off {cards}", cards=cards_words(action.cards))
    if type(action) is Discard:
        return t_pmsg("advice", "discard the {card}", card=PRETTY[parse_code(action.card)])
    return verbatim(getattr(action, "kind", "move"))


class RummyJudge:
    low_wins = False
    currency = TABLE_POINTS
    # The least cost worth a player's attention: 5 points against the table, the value of one low card caught in
    # hand when someone goes out. Smaller gaps are within what a different draw changes anyway.
    floor = 5.0
    # A hand's points vary a lot from deal to deal (two moves' outcomes differ by about 50 points of standard
    # deviation): up to 96 deals when a cost is near the floor, so a clear mistake (15 points and more) is told
    # from the noise.
    budget = Budget(min_worlds=24, max_worlds=96, step=24, max_candidates=5)

    def candidates(self, view: Any, legal: list[Any], chosen: Any,
                   limit: int) -> list[tuple[Any, Any]] | None:
        if type(chosen) not in JUDGED:
            return None
        out = [chosen]
        kinds = {getattr(a, "kind", "") for a in legal}
        moves = [a for a in legal if type(a) in JUDGED]
        if "draw" in kinds or "take" in kinds or len(moves) <= limit:  # few moves: all of them
            out += [a for a in moves if a != chosen]
        else:
            out += self._play_options(Seen(view), legal, chosen)
        out = list(dict.fromkeys(out))[:limit]
        return [(a, a) for a in out]

    @staticmethod
    def _play_options(seen: Seen, legal: list[Any], chosen: Any) -> list[Any]:
        """The planner's next meld or lay-off, then the Medium level's best discards."""
        out = []
        pts, steps, _left = plan_play(seen.hand, seen.melds, seen.must_use, seen.wrap)
        if pts >= 0 and steps:
            step = step_action(steps[0])
            if step in legal:
                out.append(step)
        discards = [parse_code(a.card) for a in legal if type(a) is Discard]
        p = Params("medium")
        risk, live = discard_risk(seen, p), live_cards(seen, p)
        while discards and len(out) < 4:
            d = discard_choice(seen, p, discards, risk, live)
            out.append(DISCARD[d])
            discards.remove(d)
        return [a for a in out if a != chosen]

    def spec(self, view: Any) -> PointsSpec:
        return PointsSpec(Seen(view))

    def words(self, view: Any, action: Any) -> str:
        return action_words(action, Seen(view).discard)

    def why(self, view: Any, chosen: Any, best: Any) -> str:
        return why(Seen(view), chosen, best)

    def evidence(self, view: Any, best_words: str, chosen_words: str, best: list[float],
                 chosen: list[float]) -> str:
        return evidence(best, chosen, achieved=said(t_msg("came out of the hand ahead of the table")),
                        hit=0.5)


def _partner(c: int, hand: list[int]) -> int | None:
    for x in hand:
        if x != c and (RANK[x] == RANK[c] or (SUIT[x] == SUIT[c] and abs(RANK[x] - RANK[c]) <= 2)):
            return x
    return None


def why(seen: Seen, chosen: Any, best: Any) -> str:
    """One sentence on why ``best`` beats ``chosen``, from simple patterns."""
    return said(why_msg(seen, chosen, best))


def why_msg(seen: Seen, chosen: Any, best: Any) -> Message:
    if type(best) is TakeDiscard and type(chosen) is DrawStock:
        return t_msg("The {card} fits your hand: a sure card beats a blind draw.", card=PRETTY[parse_code(best.card)])
    if type(best) is DrawStock and type(chosen) is TakeDiscard:
        n = len(seen.discard) - seen.discard.index(parse_code(chosen.card))
        if n > 1:
            return t_nmsg("Taking {n} card from the pile leaves you holding points you may not get down.",
                          "Taking {n} cards from the pile leaves you holding points you may not get down.", n=n)
        return t_msg("That card did not help enough: a blind draw keeps your plans hidden.")
    if type(best) is TakeDiscard and type(chosen) is TakeDiscard:
        return t_msg("Taking the pile down to the {card} gave you the better hand.", card=PRETTY[parse_code(best.card)])
    if type(best) in (Meld, LayOff) and type(chosen) is Discard:
        return t_msg("Putting down {cards} now banks the points before someone goes out.",
                     cards=cards_words(best.cards))
    if type(chosen) in (Meld, LayOff) and type(best) is Discard:
        return t_msg("Holding {cards} back kept your options open; discarding was enough this turn.",
                     cards=cards_words(chosen.cards))
    if type(chosen) is Discard and type(best) is Discard:
        c, b = parse_code(chosen.card), parse_code(best.card)
        accepts = {x for m in seen.melds for x in m[7]}
        if c in accepts:
            return t_msg("The {card} fits a meld on the table: the next player could lay it off.", card=PRETTY[c])
        mate = _partner(c, [x for x in seen.hand if x != b])
        if mate is not None and _partner(b, seen.hand) is None:
            return t_msg("Discarding the {best} keeps the {card} that goes with your {mate}.", best=PRETTY[b],
                         card=PRETTY[c], mate=PRETTY[mate])
        if POINTS[b] > POINTS[c]:
            return t_msg("Discarding the {card} gets more points out of your hand in case someone goes out.",
                         card=PRETTY[b])
        return t_msg("Discarding the {card} gave the next player less to work with.", card=PRETTY[b])
    # (what it achieved in the deals follows: ``evidence``)
    return t_msg("Better to {move} here.", move=action_msg(best, seen.discard))


JUDGE = RummyJudge()
