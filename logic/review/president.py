"""President's judge: a play or a pass, valued in points for this hand plus what the title is worth next hand.

The sampled deals and the playouts are the Expert's (``bot_search.PresidentSpec``: steady players who keep
their Aces and 2s while their hands are long, unless the history shows otherwise). Candidates are the Expert's
own: every distinct (rank, count) play and the pass, only whole groups and singles when leading from a big hand.
The card exchange is not judged (the Expert does not search it either).
"""

from __future__ import annotations

from typing import Any

from logic.president.actions import RANK_PLURAL, RANK_SINGULAR, Give, Pass, Play
from logic.president.bot_info import BotInfo, play_key
from logic.president.bot_policy import ACE_STRENGTH, strength
from logic.president.bot_search import STEADY_KEEP, PresidentSpec, place_value
from logic.president.bots import action_map, normal_choice
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
    if move is None:
        return "pass"
    r, k = move
    if k == 1:
        return f"a single {RANK_SINGULAR[r]}"
    if k == 2:
        return f"a pair of {RANK_PLURAL[r]}"
    return f"{'three' if k == 3 else 'four'} {RANK_PLURAL[r]}"


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
        return evidence(best, chosen, achieved="finished first",
                        hit=place_value(spec.n, 0, spec.hands_left))


def why(info: BotInfo, c: Move, b: Move) -> str:
    """One sentence on why move ``b`` beats move ``c`` (the chosen one), from simple patterns."""
    total = sum(info.h)
    rev = info.rev
    bw = move_words(b)
    Bw = bw[:1].upper() + bw[1:]  # noqa: N806 - the same words at the start of a sentence
    if b is not None and b[1] == total:
        return f"Playing {bw} goes out at once."
    if b is None and c is not None:
        r, k = c
        if strength(r, rev) >= ACE_STRENGTH:
            return f"Passing keeps your {RANK_PLURAL[r]} to win the lead back when it matters."
        if k < info.h[r]:
            return f"Passing keeps your {RANK_PLURAL[r]} together for a later trick."
        return "Passing saves your cards for a trick worth winning."
    if c is None and b is not None:
        return f"Playing {bw} sheds cards while the trick is still cheap."
    assert c is not None and b is not None
    (cr, ck), (br, bk) = c, b
    if ck < info.h[cr] and bk == info.h[br]:
        return f"{Bw} goes whole instead of breaking up your {RANK_PLURAL[cr]}."
    if not info.k:
        if strength(cr, rev) > strength(br, rev):
            return f"Leading {bw} gets rid of low cards and keeps your {RANK_PLURAL[cr]} to take a lead later."
        if bk > ck:
            return f"Leading {bw} gets more cards out of your hand at once."
        if strength(br, rev) > strength(cr, rev):
            if not beatable(info, b):
                return f"Nobody can beat {bw} with the cards still out: you win the trick and lead again."
            return f"Leading {bw} is harder to beat than {move_words(c)}: you keep the lead more often."
        return f"Leading {bw} first leaves you a stronger hand for the end."
    if strength(cr, rev) > strength(br, rev):
        if strength(cr, rev) >= ACE_STRENGTH:
            return f"{Bw} does the job and keeps your {RANK_PLURAL[cr]} to win the lead back."
        return f"{Bw} is the cheaper play and keeps your {RANK_PLURAL[cr]} for later."
    if not beatable(info, b):
        return f"Nobody can beat {bw} with the cards still out: it wins the trick and gives you the lead."
    return f"{Bw} is harder to beat than {move_words(c)}: it wins the trick, and the lead, more often."


def beatable(info: BotInfo, move: Move) -> bool:
    """Whether the cards this seat has not seen could still beat ``move`` (as many of a stronger rank)."""
    if move is None:
        return True
    r, k = move
    return any(info.unseen[x] >= k and strength(x, info.rev) > strength(r, info.rev) for x in range(13))

JUDGE = PresidentJudge()
