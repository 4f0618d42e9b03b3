"""Beanie's judge: a draw, a lay, an add, a steal or a discard, valued in penalty points against the field.

The sampled deals and playouts are the Hard level's (``bot_search.BeanieSpec``): a round's value is the others'
average penalty minus ours, so a move that costs 5 leaves us 5 penalty points worse off against the field. After
a candidate move the rest of our own turn is played by the Hard level's heuristics (from our view of the world,
so it sees nothing we could not), then the round by the playout policy. Candidates: both draws, and every move at
the play step when there are few; else the chosen move, the heuristics' move and their best discards. End-round
votes are not judged.
"""

from __future__ import annotations

import random
from typing import Any

from logic.beanie import GAME
from logic.beanie.actions import Add, Discard, Draw, Lay, Star, Steal
from logic.beanie.bot_eval import Ctx, has_partner
from logic.beanie.bot_heuristic import HeuristicHardBot
from logic.beanie.bot_search import BeanieSpec
from logic.beanie.sets import is_wild, parse_code, points, rank_plural
from logic.beanie.state import STAGE_PLAY, BeanieState
from logic.game import PHASE_PLAY
from logic.messages import Message, said, t_msg, t_pmsg, verbatim
from logic.replay import pretty_card

from .model import Budget
from .words import PENALTY, evidence

JUDGED = (Draw, Lay, Add, Star, Steal, Discard)
PLAYS = (Lay, Add, Star, Steal, Discard)
HEURISTIC = HeuristicHardBot()


def card_words(code: str) -> str:
    return pretty_card(code) or code


def action_words(action: Any) -> str:
    return said(action_msg(action))


def action_msg(action: Any) -> Message:
    t = type(action)
    if t is Draw:
        return t_pmsg("advice", "draw from the stock") if action.source == "stock" else t_pmsg("advice",
                                                                                              "take the discard")
    if t is Lay:
        return t_pmsg("advice", "lay {cards}", cards=" ".join(card_words(c) for c in action.cards))
    if t is Add:
        return t_pmsg("advice", "add the {card}", card=card_words(action.card))
    if t is Star:
        return t_pmsg("advice", "place the Beanie {card}", card=card_words(action.card))
    if t is Steal:
        return t_pmsg("advice", "steal a Beanie with the {card}", card=card_words(action.card))
    if t is Discard:
        return t_pmsg("advice", "discard the {card}", card=card_words(action.card))
    return verbatim(getattr(action, "kind", "move"))


class FieldSpec(BeanieSpec):
    """Hard's worlds and playouts; after the root move our turn is finished by Hard's heuristics."""

    def apply(self, state: BeanieState, seat: int, action: Any) -> None:
        super().apply(state, seat, action)
        rng = random.Random(0)
        for _ in range(12):  # a turn has a few lays and adds at most
            if state.phase != PHASE_PLAY or state.turn != seat or state.stage != STAGE_PLAY:
                return
            legal = [a for a in GAME.legal_actions(state, seat) if type(a) in PLAYS]
            if not legal:
                return
            move = HEURISTIC.choose(GAME.view(state, seat), legal, rng)
            if type(move) not in PLAYS:
                move = next((a for a in legal if type(a) is Discard), legal[0])
            GAME.apply(state, seat, move)


class BeanieJudge:
    low_wins = True  # the lowest score wins a hand
    currency = PENALTY
    # The least cost worth a player's attention: 3 penalty points against the field, a low card left in hand at
    # the round's end (cards cost 1-10, a Beanie 10 or 25).
    floor = 3.0
    budget = Budget(min_worlds=24, max_worlds=72, step=24, max_candidates=5)

    def candidates(self, view: Any, legal: list[Any], chosen: Any,
                   limit: int) -> list[tuple[Any, Any]] | None:
        if type(chosen) not in JUDGED:
            return None
        out: list[Any]
        if type(chosen) is Draw:
            out = [chosen] + [a for a in legal if type(a) is Draw and a != chosen]
        elif len([a for a in legal if type(a) in PLAYS]) <= limit:  # few moves: all of them
            out = [chosen] + [a for a in legal if type(a) in PLAYS and a != chosen]
        else:
            plays = [a for a in legal if type(a) in PLAYS]
            ctx = Ctx(view)
            pick = HEURISTIC.choose(view, plays, random.Random(0))
            discards = [a for a in plays if type(a) is Discard]
            ranked = HEURISTIC.ranked_discards(ctx, discards, ctx.accepted(), HEURISTIC.dead_cards(ctx))
            out = [chosen, pick, *ranked[:3]]
        out = list(dict.fromkeys(out))[:limit]
        return [(a, a) for a in out]

    def spec(self, view: Any) -> FieldSpec:
        return FieldSpec(Ctx(view))

    def words(self, view: Any, action: Any) -> str:
        return action_words(action)

    def why(self, view: Any, chosen: Any, best: Any) -> str:
        return why(Ctx(view), chosen, best)

    def evidence(self, view: Any, best_words: str, chosen_words: str, best: list[float],
                 chosen: list[float]) -> str:
        return evidence(best, chosen,
                        achieved=said(t_msg("ended the round with fewer penalty points than the others")), hit=0.5)


def why(ctx: Ctx, chosen: Any, best: Any) -> str:
    """One sentence on why ``best`` beats ``chosen``, from simple patterns."""
    return said(why_msg(ctx, chosen, best))


def why_msg(ctx: Ctx, chosen: Any, best: Any) -> Message:
    tc, tb = type(chosen), type(best)
    if tb is Draw and tc is Draw:
        shown = pretty_card(ctx.view.get("discard_top") or "")
        if best.source == "discard":
            if shown is None:
                return t_msg("The top card goes with your hand: a sure card beats a blind draw.")
            return t_msg("The {card} goes with your hand: a sure card beats a blind draw.", card=shown)
        if shown is None:
            return t_msg("Taking the top card showed what you collect and did not help enough.")
        return t_msg("Taking the {card} showed what you collect and did not help enough.", card=shown)
    if tb in (Lay, Add, Star, Steal) and tc is Discard:
        if tb is Steal:
            return t_msg("Stealing that Beanie gives you a wild card and sheds a natural one.")
        return t_msg("Better to {move} now: those points leave your hand before the round ends.",
                     move=action_msg(best))
    if tc is Lay and tb is Discard:
        return t_msg("Laying that set now gave the others a place to add their cards; holding it a turn was better.")
    if tc is Discard and tb is Discard:
        c, b = parse_code(chosen.card), parse_code(best.card)
        if is_wild(c, ctx.wild):
            return t_msg("Throwing away a Beanie ({ranks} are wild) hands the next player a wild card.",
                         ranks=rank_plural(ctx.wild))
        if c in ctx.accepted():
            return t_msg("The {card} fits a set on the table: the next player could add it.",
                         card=card_words(chosen.card))
        rest = [x for x in ctx.hand if x != b and not is_wild(x, ctx.wild)]
        if has_partner(c, rest) and not has_partner(b, [x for x in ctx.hand if x != b]):
            return t_msg("Discarding the {best} keeps the {card}, which goes with your other cards.",
                         best=card_words(best.card), card=card_words(chosen.card))
        if points(b, ctx.wild, ctx.bv) > points(c, ctx.wild, ctx.bv):
            return t_msg("Discarding the {card} gets more penalty points out of your hand.", card=card_words(best.card))
        return t_msg("Discarding the {card} gave the next player less to work with.", card=card_words(best.card))
    # (what it achieved in the deals follows: ``evidence``)
    return t_msg("Better to {move} here.", move=action_msg(best))


JUDGE = BeanieJudge()
