"""The race to the target for the Rummy bots: what ending the hand now would do to the match.

With a target, a hand that pushes anybody's total to it ends the match and the highest total wins, so
going out is not always good: a player who is behind in that hand's count should keep playing (hold a
card back) rather than hand the match to the leader. ``going_out_loses`` answers that from the view;
``hold_back_plan`` finds the best melds that keep two cards in hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from logic.rummy.bot_eval import Seen
from logic.rummy.bot_plan import plan_play
from logic.rummy.melds import POINTS


def expected_held(seen: Seen, seat: int) -> float:
    """Points an opponent probably holds: its known cards exactly, the rest at the unseen average."""
    known = [c for c in seen.known[seat]]
    rest = max(0, seen.counts[seat] - len(known))
    pool = [c for c in seen.unseen if all(c not in seen.known[o] for o in seen.opponents())]
    avg = sum(POINTS[c] for c in pool) / len(pool) if pool else 8.0
    return sum(POINTS[c] for c in known) + rest * avg


def melded_before_this_turn(seen: Seen) -> bool:
    for h in seen.history:
        if h["seat"] == seen.seat and (h["melded"] or h["laid_off"]):
            return True
    return False


def going_out_loses(seen: Seen, plan_points: int) -> bool:
    """True when going out this turn (putting ``plan_points`` more down) would end the match with an
    opponent ahead of us (or level)."""
    if not seen.target:
        return False
    melded = seen.pts[seen.seat] + plan_points
    if not melded_before_this_turn(seen):
        melded *= 2
    mine = seen.scores[seen.seat] + melded
    finals = [seen.scores[o] + seen.pts[o] - expected_held(seen, o) for o in seen.opponents()]
    if max([mine, *finals]) < seen.target:
        return False
    return max(finals) >= mine


def hold_back_plan(hand: list[int], melds: Sequence[Sequence[Any]],
                   must_use: int, wrap: bool = False) -> tuple[int, list[tuple[Any, ...]], list[int]] | None:
    """The best plan that keeps at least two cards (one held back beyond the discard), or None."""
    best = None
    for x in hand:
        if x == must_use:
            continue
        rest = [c for c in hand if c != x]
        pts, steps, left = plan_play(rest, melds, must_use, wrap)
        if pts < 0 or (must_use >= 0 and must_use in left):
            continue
        if best is None or pts > best[0]:
            best = (pts, steps, left + [x])
    return best
