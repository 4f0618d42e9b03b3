"""A finished game's review as far as it has got (seat by seat), what reviewing it needs, and where the work runs.

The runner (ui/server/reviews.py) fills these in; the review pages read them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nicegui import run

from logic.review import DecisionReview, SeatReview, SeatSummary

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
PAUSED, STOPPED, TURN = "paused", "stopped", "turn"  # what a turn of the work can end with besides DONE
Listener = Callable[["GameReview"], None]


@dataclass
class SeatProgress:
    """One seat's review as far as it has got."""

    seat: int
    person: bool
    state: str = QUEUED
    total: int | None = None  # decisions to look at (None until they are listed)
    done: int = 0  # decisions looked at so far
    judged: list[DecisionReview] = field(default_factory=list)
    skipped: int = 0
    review: SeatReview | None = None
    points: list[Any] | None = field(default=None, repr=False)  # its decisions, while it is under way
    chunk: int = 1  # decisions per pool call: sized to take about CHUNK_SECONDS

    @property
    def summary(self) -> SeatSummary | None:
        return self.review.summary if self.review is not None else None

    def decisions(self) -> list[DecisionReview]:
        """The verdicts so far (all of them once done), in log order."""
        return list(self.review.decisions) if self.review is not None else sorted(self.judged, key=lambda d: d.step)

    def costly(self) -> list[DecisionReview]:
        return [d for d in self.decisions() if d.flagged]


@dataclass
class GameReview:
    """A finished game's review, seat by seat; ``queued_at`` / ``first_mark_at`` (monotonic) for the bench."""

    code: str
    game: str
    seats: dict[int, SeatProgress]
    queued_at: float = field(default_factory=time.monotonic)
    first_mark_at: float | None = None
    loud: float = 0.0  # seconds of its review run at normal priority (for the first marks)
    finished: bool = False
    checked_store: bool = False  # the seats already in the ReviewStore are known

    def order(self) -> list[int]:
        """People's seats first, then the computers', each in seat order."""
        return sorted(self.seats, key=lambda s: (not self.seats[s].person, s))

    def costly(self, seat: int | None = None) -> list[DecisionReview]:
        """The costly decisions found so far (of one seat, or of everyone), in log order."""
        found = [d for s, p in self.seats.items() if seat is None or s == seat for d in p.costly()]
        return sorted(found, key=lambda d: (d.step, d.seat))


@dataclass
class Job:
    """What reviewing a game needs: the game, its options, seed and log, who was a person, where it began."""

    code: str
    game: str
    options: dict[str, Any]
    seed: int
    log: list[Any]
    people: list[bool]
    start: dict[str, Any] | None = None


def wants_marks(games: dict[str, GameReview], code: str) -> bool:
    """Game ``code`` has no first mark yet (reviewed since this start, or not begun)."""
    review = games.get(code)
    return review is None or (review.first_mark_at is None and not review.finished)


async def in_pool(inline: bool, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn`` in the worker pool (in-process under user simulation: then one step and a yield)."""
    if inline:
        result = fn(*args, **kwargs)
        await asyncio.sleep(0)
        return result
    return await run.cpu_bound(fn, *args, **kwargs)


async def off_loop(inline: bool, fn: Callable[..., Any], *args: Any) -> Any:
    """Reading or writing the stores off the event loop (in-process under user simulation)."""
    if inline:
        return fn(*args)
    return await asyncio.to_thread(fn, *args)
