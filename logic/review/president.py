"""President's judge: a play or a pass, valued in points for this hand plus what the title is worth next hand.

The sampled deals and the playouts are the Expert's model (``bot_search.PresidentSpec``) with steady players who
keep their Aces and 2s while their hands are long, unless the history shows otherwise (the Expert itself models
hoarders at standard rules since issue 54; the judge keeps the steadier model, the same at every table). Candidates
are the Expert's own: every distinct (rank, count) play and the pass, only whole groups and singles when leading
from a big hand. The card exchange is not judged (the Expert does not search it either).
"""

from __future__ import annotations

from typing import Any

from logic.messages import Message, said, t_msg, t_pmsg, verbatim
from logic.president.actions import RANK_PLURAL, RANK_SINGULAR, Give, Pass, Play
from logic.president.bot_info import BotInfo, play_key
from logic.president.bot_policy import ACE_STRENGTH, strength
from logic.president.bot_search import STEADY_KEEP, PresidentSpec, place_value
from logic.president.bots import action_map, normal_choice
from logic.president.words import SET_RANKS
from logic.registry import get_game

from .model import Budget
from .words import PLACE_POINTS, evidence

Move = tuple[int, int] | None


def key_of(action: Any) -> Move:
    """(rank, count) of a play, None for a pass (a set with jokers: its rank; jokers alone: rank 13)."""
    if type(action) is Play:
        return play_key(action.cards)
    return None


def move_words(move: Move) -> str:
    return said(move_msg(move))


NAMED_ONE = {"Jack": t_pmsg("rank", "Jack"), "Queen": t_pmsg("rank", "Queen"), "King": t_pmsg("rank", "King"),
             "Ace": t_pmsg("rank", "Ace")}
NAMED_MANY = {"Jacks": t_pmsg("ranks", "Jacks"), "Queens": t_pmsg("ranks", "Queens"),
              "Kings": t_pmsg("ranks", "Kings"), "Aces": t_pmsg("ranks", "Aces")}


def rank_one(r: int) -> Message:
    """A rank as one card is named ("Jack", "7")."""
    return NAMED_ONE.get(RANK_SINGULAR[r]) or verbatim(RANK_SINGULAR[r])


def ranks(r: int) -> Message:
    """A rank in the plural ("Jacks", "7s")."""
    return NAMED_MANY.get(RANK_PLURAL[r]) or t_pmsg("ranks", "{rank}s", rank=RANK_SINGULAR[r])


def move_msg(move: Move, capital: bool = False) -> Message:
    """A play as words ("a pair of 9s"; "A pair of 9s" with ``capital``, to begin a sentence)."""
    if move is None:
        return t_pmsg("move", "Pass") if capital else t_pmsg("move", "pass")
    r, k = move
    if k == 1:
        return t_msg("A single {rank}", rank=rank_one(r)) if capital else t_msg("a single {rank}", rank=rank_one(r))
    many = SET_RANKS[r]  # (the words a set of cards is named with: "para dziewiątek")
    if k == 2:
        return t_msg("A pair of {ranks}", ranks=many) if capital else t_msg("a pair of {ranks}", ranks=many)
    if k == 3:
        return t_msg("Three {ranks}", ranks=many) if capital else t_msg("three {ranks}", ranks=many)
    return t_msg("Four {ranks}", ranks=many) if capital else t_msg("four {ranks}", ranks=many)


class PresidentJudge:
    low_wins = False
    currency = PLACE_POINTS
    # The least cost worth a player's attention: a quarter of a place-point a hand (4 players score 3-2-1-0 a
    # hand), i.e. one hand in four finishing a place lower. Below that a "mistake" is a matter of taste, and a
    # beginners' game used to collect 30 of them (0.15 flagged 0.17-point differences).
    floor = 0.25
    budget = Budget(min_worlds=48, max_worlds=192, step=48, max_candidates=10)

    def candidates(self, view: Any, legal: list[Any], chosen: Any,
                   limit: int) -> list[tuple[Any, Any]] | None:
        if type(chosen) not in (Play, Pass) or any(type(a) is Give for a in legal):
            return None
        info = BotInfo(view)
        amap = action_map(legal)
        mine = key_of(chosen)
        keys = [k for k in amap if k != mine]
        if not info.k and len(keys) > 14:  # many leads: whole groups and singles, as the Expert
            keys = [k for k in keys if k is not None and (k[1] == info.h[k[0]] or k[1] == 1)]
        if len(keys) + 1 > limit:
            rule = normal_choice(info)
            rev = info.rev
            keys.sort(key=lambda k: (k != rule, k is not None, -1 if k is None else strength(k[0], rev)))
            keys = keys[: limit - 1]
        return [(chosen, mine)] + [(amap[k], k) for k in keys]

    def spec(self, view: Any) -> PresidentSpec:
        return PresidentSpec(get_game("president"), view, BotInfo(view), keep=STEADY_KEEP, adapt=True)

    def words(self, view: Any, action: Any) -> str:
        return move_words(key_of(action))

    def why(self, view: Any, chosen: Any, best: Any) -> str:
        return why(BotInfo(view), key_of(chosen), key_of(best))

    def evidence(self, view: Any, best_words: str, chosen_words: str, best: list[float],
                 chosen: list[float]) -> str:
        spec = self.spec(view)
        return evidence(best, chosen, achieved=said(t_msg("finished first")),
                        hit=place_value(spec.n, 0, spec.hands_left))


def why(info: BotInfo, c: Move, b: Move) -> str:
    """One sentence on why move ``b`` beats move ``c`` (the chosen one), from simple patterns."""
    return said(why_msg(info, c, b))


def why_msg(info: BotInfo, c: Move, b: Move) -> Message:
    total = sum(info.h)
    rev = info.rev
    bw, Bw = move_msg(b), move_msg(b, capital=True)  # noqa: N806 - the same words at the start of a sentence
    if b is not None and b[1] == total:
        return t_msg("Playing {move} goes out at once.", move=bw)
    if b is None and c is not None:
        r, k = c
        if strength(r, rev) >= ACE_STRENGTH:
            return t_msg("Passing keeps your {ranks} to win the lead back when it matters.", ranks=ranks(r))
        if k < info.h[r]:
            return t_msg("Passing keeps your {ranks} together for a later trick.", ranks=ranks(r))
        return t_msg("Passing saves your cards for a trick worth winning.")
    if c is None and b is not None:
        return t_msg("Playing {move} sheds cards while the trick is still cheap.", move=bw)
    assert c is not None and b is not None
    (cr, ck), (br, bk) = c, b
    if ck < info.h[cr] and bk == info.h[br]:
        return t_msg("{move} goes whole instead of breaking up your {ranks}.", move=Bw, ranks=ranks(cr))
    if not info.k:
        if strength(cr, rev) > strength(br, rev):
            return t_msg("Leading {move} gets rid of low cards and keeps your {ranks} to take a lead later.", move=bw,
                         ranks=ranks(cr))
        if bk > ck:
            return t_msg("Leading {move} gets more cards out of your hand at once.", move=bw)
        if strength(br, rev) > strength(cr, rev):
            if not beatable(info, b):
                return t_msg("Nobody can beat {move} with the cards still out: you win the trick and lead again.",
                             move=bw)
            return t_msg("Leading {move} is harder to beat than {other}: you keep the lead more often.", move=bw,
                         other=move_msg(c))
        return t_msg("Leading {move} first leaves you a stronger hand for the end.", move=bw)
    if strength(cr, rev) > strength(br, rev):
        if strength(cr, rev) >= ACE_STRENGTH:
            return t_msg("{move} does the job and keeps your {ranks} to win the lead back.", move=Bw, ranks=ranks(cr))
        return t_msg("{move} is the cheaper play and keeps your {ranks} for later.", move=Bw, ranks=ranks(cr))
    if not beatable(info, b):
        return t_msg("Nobody can beat {move} with the cards still out: it wins the trick and gives you the lead.",
                     move=bw)
    return t_msg("{move} is harder to beat than {other}: it wins the trick, and the lead, more often.", move=Bw,
                 other=move_msg(c))


def beatable(info: BotInfo, move: Move) -> bool:
    """Whether the cards this seat has not seen could still beat ``move`` (as many of a stronger rank)."""
    if move is None:
        return True
    r, k = move
    return any(info.unseen[x] >= k and strength(x, info.rev) > strength(r, info.rev) for x in range(13))

JUDGE = PresidentJudge()
