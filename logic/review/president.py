"""President's judge: a play or a pass, valued in points for this hand plus what the title is worth next hand.

The sampled deals and the playouts are the Expert's (``bot_search.PresidentSpec``: steady players who keep
their Aces and 2s while their hands are long, unless the history shows otherwise). Candidates are the Expert's
own: every distinct (rank, count) play and the pass, only whole groups and singles when leading from a big hand.
The card exchange is not judged (the Expert does not search it either).
"""

from __future__ import annotations

from typing import Any

from logic.president.actions import RANK_PLURAL, RANK_SINGULAR, Give, Pass, Play, parse_play
from logic.president.bot_info import _Info
from logic.president.bot_policy import ACE_STRENGTH, strength
from logic.president.bot_search import STEADY_KEEP, PresidentSpec
from logic.president.bots import _action_map, _normal_choice
from logic.registry import get_game

from .model import Budget

Move = tuple[int, int] | None


def key_of(action: Any) -> Move:
    """(rank, count) of a play, None for a pass."""
    if type(action) is Play:
        _, r, k = parse_play(action.cards)
        return r, k
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
    currency = "points"
    floor = 0.15
    budget = Budget(min_worlds=48, max_worlds=192, step=48, max_candidates=10)

    def candidates(self, view: Any, legal: list[Any], chosen: Any,
                   limit: int) -> list[tuple[Any, Any]] | None:
        if type(chosen) not in (Play, Pass) or any(type(a) is Give for a in legal):
            return None
        info = _Info(view)
        amap = _action_map(legal)
        mine = key_of(chosen)
        keys = [k for k in amap if k != mine]
        if not info.k and len(keys) > 14:  # many leads: whole groups and singles, as the Expert
            keys = [k for k in keys if k is not None and (k[1] == info.h[k[0]] or k[1] == 1)]
        if len(keys) + 1 > limit:
            rule = _normal_choice(info)
            rev = info.rev
            keys.sort(key=lambda k: (k != rule, k is not None, -1 if k is None else strength(k[0], rev)))
            keys = keys[: limit - 1]
        return [(chosen, mine)] + [(amap[k], k) for k in keys]

    def spec(self, view: Any) -> PresidentSpec:
        return PresidentSpec(get_game("president"), view, _Info(view), keep=STEADY_KEEP, adapt=True)

    def words(self, view: Any, action: Any) -> str:
        return move_words(key_of(action))

    def why(self, view: Any, chosen: Any, best: Any) -> str:
        return why(_Info(view), key_of(chosen), key_of(best))


def why(info: _Info, c: Move, b: Move) -> str:
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
            return f"Leading {bw} now should win the trick and let you lead again."
        return f"Leading {bw} first leaves you a stronger hand for the end."
    if strength(cr, rev) > strength(br, rev):
        if strength(cr, rev) >= ACE_STRENGTH:
            return f"{Bw} does the job and keeps your {RANK_PLURAL[cr]} to win the lead back."
        return f"{Bw} is the cheaper play and keeps your {RANK_PLURAL[cr]} for later."
    return f"{Bw} takes the trick and leaves you better placed in most deals."

JUDGE = PresidentJudge()
