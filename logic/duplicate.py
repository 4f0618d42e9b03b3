"""Duplicate deals: tables that play the same cards, deal for deal, and how each seat did against the seat that
held the same cards at the other table.

**Why the table's seed is the deal seed.** Every game already derives each deal's shuffle from the table's seed
and the deal's number only (``derive_rng(seed, <game's tag>, deal_no)``: President's ``president-deal``, Rummy's
``deal``, Beanie's round, Stockpile's deal), never from what happened in earlier deals, and deals seat by seat in
seat order. So two tables with the same game, options and seed get the same deck order at the start of every deal,
whatever was played before: a duplicate table simply takes its source's seed (on the server: a seed is never in a
URL, a view, a page or an API answer). Old saved games keep the seed and dealing they always had, so they replay
as they were (nothing in the dealing changed; ``tests/logic/test_duplicate.py`` checks both).

**Comparing.** :func:`deal_results` replays a table's log and notes, for each deal that has ended, each seat's
points in that deal and its place among the seats on them. :func:`compare` pairs two tables' results for the
deals *both* have finished, and nothing else: a deal one table is still playing is never in it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from logic.game import PHASE_HAND_OVER, PHASE_OVER, AnyGame, Outcome

ENDS = (PHASE_HAND_OVER, PHASE_OVER)
LOWER_IS_BETTER = frozenset({"beanie"})  # games whose lower points are better (their Outcome says so at the end)


@dataclass(frozen=True)
class DealResult:
    """One finished deal at one table: each seat's points in it and its place by them (1 = best; ties share)."""

    deal: int  # 1 = the first deal
    points: tuple[int, ...]
    places: tuple[int, ...]


@dataclass(frozen=True)
class SeatComparison:
    """One seat's deal at two tables that dealt it the same cards."""

    deal: int
    seat: int
    points: int  # at this table
    place: int
    other_points: int  # the same seat at the other table
    other_place: int
    better: int  # 1: did better here, -1: worse, 0: the same


@dataclass
class DealTracker:
    """One table's finished deals, read from its log as it grows (only entries not read yet are applied), so a
    live table's comparison costs its new moves, not its whole game."""

    game: AnyGame
    state: Any
    applied: int = 0
    results: list[DealResult] = field(default_factory=list)
    before: list[int] = field(default_factory=list)
    in_deal: bool = True

    @classmethod
    def start(cls, game: AnyGame, state: Any) -> DealTracker:
        """From the state before the first action (it is played on: pass a copy of a state still in use)."""
        return cls(game, state, 0, [], list(game.view(state, None)["scores"]), game.phase(state) not in ENDS)

    def advance(self, log: Sequence[Sequence[Any]]) -> list[DealResult]:
        """Apply the entries of ``log`` not applied yet; the finished deals so far. A deal counts as finished when
        the game shows its summary (the hand-over, or the end of the match)."""
        game, state = self.game, self.state
        lower = game.key in LOWER_IS_BETTER
        for seat, data in log[self.applied:]:
            game.apply(state, int(seat), game.decode_action(dict(data)))
            self.applied += 1
            phase = game.phase(state)
            if phase in ENDS and self.in_deal:
                scores = list(game.view(state, None)["scores"])
                points = [now - was for now, was in zip(scores, self.before, strict=True)]
                places = Outcome.from_scores(points, lower_is_better=lower).places
                self.results.append(DealResult(len(self.results) + 1, tuple(points), places))
                self.before = scores
            self.in_deal = phase not in ENDS
        return list(self.results)


def deal_results(game: AnyGame, log: Sequence[Sequence[Any]], start: Callable[[], Any]) -> list[DealResult]:
    """Each finished deal's points and places, from the state before the first action (``start()``) and the
    action log ``[(seat, action_json), ...]``."""
    return DealTracker.start(game, start()).advance(log)


def compare(mine: Sequence[DealResult], other: Sequence[DealResult], lower_is_better: bool = False
            ) -> list[SeatComparison]:
    """Seat by seat, each deal both tables have finished (the shorter list decides: a deal the other table has
    not finished is left out whole)."""
    rows: list[SeatComparison] = []
    sign = -1 if lower_is_better else 1
    for a, b in zip(mine, other, strict=False):
        for seat, (pts, place) in enumerate(zip(a.points, a.places, strict=True)):
            if seat >= len(b.points):
                break
            diff = sign * (pts - b.points[seat])
            rows.append(SeatComparison(a.deal, seat, pts, place, b.points[seat], b.places[seat],
                                       (diff > 0) - (diff < 0)))
    return rows


def seat_totals(rows: Sequence[SeatComparison], seat: int) -> tuple[int, int, int]:
    """Deals a seat did better, the same and worse than its counterpart, over ``rows``."""
    mine = [r.better for r in rows if r.seat == seat]
    return mine.count(1), mine.count(0), mine.count(-1)


def same_deals_root(source_code: str, source_root: str | None) -> str:
    """The table a duplicate's group is named by: its source's own source when the source is a duplicate too, so
    every table with the same deals compares with every other."""
    return source_root or source_code
