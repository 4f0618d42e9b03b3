"""The work on one finished game's seats: their decisions listed, then judged chunk by chunk in the worker pool.

A seat's decisions are judged from the game's last back to its first (``review_order``: the first costly ones are
found soonest that way), each pool call sized to take about :data:`CHUNK_SECONDS`, so the pool always has a worker
free for the computer players (and at a low priority there: ``ui/server/quiet.py``). Until the game's first costly
decision shows, all its seats take turns chunk by chunk (the first :data:`FIRST_MARKS_SECONDS` of it at the normal
priority). Work on a seat gives way (PAUSED) to the people's seats of a game that ended meanwhile
(:class:`ReviewRunner`'s ``fresh`` queue, ui/server/reviews.py) and goes on where it stopped.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from logic.review import decision_points, review_order
from ui.server.quiet import review_points_quietly
from ui.server.review_progress import (
    DONE,
    PAUSED,
    RUNNING,
    STOPPED,
    TURN,
    GameReview,
    Job,
    SeatProgress,
    in_pool,
    wants_marks,
)

RNG_SEED = 0  # every review is made with the same seed: the same game gives the same verdicts
CHUNK_SECONDS = 0.5  # a pool call judges about this long, so computer players wait at most that for a worker
FIRST_MARKS_SECONDS = 2.0  # a game's seats are judged at normal priority this long at most, before its first mark
MAX_CHUNK = 8


@dataclass
class Judging:
    """What judging a game's seats takes from the runner: how (``inline``, ``budget``), which games wait
    (``fresh``, ``games``), whom to tell (``notify``) and what to do with a seat fully judged (``finish``)."""

    inline: bool
    budget: int | None
    fresh: deque[str]
    games: dict[str, GameReview]
    notify: Callable[[GameReview], None]
    finish: Callable[[Job, GameReview, SeatProgress, float], Awaitable[None]]

    def others_wait_for_marks(self) -> bool:
        return any(wants_marks(self.games, c) for c in self.fresh)

    async def first_marks(self, job: Job, review: GameReview) -> str:
        """Until the game's first costly decision shows, every seat takes turns, one chunk each, people's seats first,
        each from its last decision back: the first marks come from whoever made a costly decision, also when the
        person made none (the first :data:`FIRST_MARKS_SECONDS` of it at normal priority). Each seat goes on where it
        stopped afterwards (people's now, computers' in their turn). PAUSED after a round when another game that
        ended meanwhile waits for its first marks (they take turns); every other review gives way to them."""
        while review.first_mark_at is None:
            seats = [review.seats[s] for s in review.order() if review.seats[s].state != DONE]
            if not seats:
                break
            for progress in seats:
                outcome = await self.seat(job, review, progress, True, chunks=1)
                if outcome not in (DONE, TURN):
                    return outcome
                if review.first_mark_at is not None:
                    break
            if review.first_mark_at is None and self.others_wait_for_marks():
                return PAUSED  # games that ended meanwhile take turns for their first marks with this one
        return DONE

    async def seat(self, job: Job, review: GameReview, progress: SeatProgress, people_only: bool,
                   chunks: int | None = None) -> str:
        """One seat, chunk by chunk, from where it was left (a seat that gave way goes on where it stopped); with
        ``chunks`` only that many (then TURN, unless the seat is done; :meth:`first_marks`)."""
        if progress.points is None or progress.state != RUNNING:
            progress.state, progress.done, progress.judged, progress.skipped, progress.chunk = RUNNING, 0, [], 0, 1
            self.notify(review)
            points = await in_pool(self.inline, decision_points, job.game, job.options, job.seed, job.log,
                                   progress.seat, start=job.start)
            if points is None:
                return STOPPED
            progress.points, progress.total = review_order(points), len(points)  # the last decision first
            self.notify(review)
        points = progress.points
        began_seat = time.monotonic()
        size = progress.chunk  # the first chunk is one decision (the game's last): the first marks show early
        turn = 0  # chunks done in this turn: people's seats of several games take turns, one chunk each
        while progress.done < len(points):
            if chunks is None and self.others_wait_for_marks():
                return PAUSED  # a game that just ended is waiting for its first marks: it goes first
            if self.fresh and (turn or not people_only):
                return PAUSED  # people's seats of a game that just ended go first, or take turns with these
            chunk = points[progress.done:progress.done + size]
            began = time.monotonic()
            # the turns for the first marks run at normal priority (at first): on a machine busy with computer tables
            # a quiet chunk gets a tenth of a core, and the first marks would wait many times longer than the work
            loud = chunks is not None and review.loud < FIRST_MARKS_SECONDS
            verdicts = await in_pool(self.inline, review_points_quietly, job.game, chunk, rng_seed=RNG_SEED,
                                     budget=self.budget, quiet=not loud)
            if verdicts is None:
                return STOPPED
            took = max(1e-3, time.monotonic() - began)
            if loud:
                review.loud += took
            for verdict in verdicts:
                if verdict is None:
                    progress.skipped += 1
                else:
                    progress.judged.append(verdict)
                    if verdict.flagged and review.first_mark_at is None:
                        review.first_mark_at = time.monotonic()
            progress.done += len(chunk)
            turn += 1
            self.notify(review)
            size = progress.chunk = max(1, min(MAX_CHUNK, int(CHUNK_SECONDS * len(chunk) / took)))
            if chunks is not None and turn >= chunks and progress.done < len(points):
                return TURN
        await self.finish(job, review, progress, began_seat)
        return DONE
