"""The review runner: every finished game reviewed once, seat by seat, in the computer players' worker pool.

The archiver (ui/server/archiver.py) hands each finished game here (:meth:`ReviewRunner.game_finished`). One task
works through the queue, one seat at a time: the people's seats of every game that finished (or that someone
opened) first, then those games' computer seats (which give way between two chunks to people's seats that come
meanwhile), then the backlog. The work on a game's seats (listed, then judged chunk by chunk from the last decision
back, the first marks first) is ui/server/review_work.py. A seat's finished review is kept in the
:class:`storage.reviews.ReviewStore` (computed once, also across a restart); at start the last finished games
without one are queued again, behind anything that finishes meanwhile.

Pages follow the progress: :meth:`ReviewRunner.subscribe` calls them after every chunk with the game's
:class:`GameReview` (decisions judged / total per seat, the verdicts so far). Games with no person at the table
are not reviewed by themselves; opening their review (:meth:`ReviewRunner.want`) queues them first in line.

Under NiceGUI's user simulation (``inline``) nothing runs by itself: a test awaits :meth:`ReviewRunner.drain`,
which does the same work in-process. ``CARDNIGHT_REVIEW_BUDGET=<n>`` caps the sampled deals per decision (tests:
quick, rougher reviews); ``CARDNIGHT_WARM_POOL=0`` leaves the worker pool to start when work comes instead of at a
server's first game (tests: most of their servers never review a game nor run a searching computer player, and
each warmed worker is about a second of CPU).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nicegui import run

from logic.review import SeatReview, SeatSummary, assemble
from logic.table import Table
from storage.archive import MainStore
from storage.practice_starts import StartStore
from storage.reviews import ReviewStore
from ui.server.listeners import add_listener
from ui.server.quiet import warm_up
from ui.server.review_progress import (
    DONE,
    FAILED,
    PAUSED,
    QUEUED,
    RUNNING,
    GameReview,
    Job,
    Listener,
    SeatProgress,
    off_loop,
    wants_marks,
)
from ui.server.review_work import RNG_SEED, Judging

__all__ = ["DONE", "FAILED", "QUEUED", "RUNNING", "GameReview", "ReviewRunner", "SeatProgress"]

log = logging.getLogger("cardnight.reviews")

BACKLOG_GAMES = 30  # at start: the last finished games without a review are queued again (newest first)
BACKLOG_DELAY = 5.0  # ...a few seconds after start, so the first pages and computer moves come first
WARM_DELAY = 1.0  # the pool's workers load the judges this long after the first game starts
POOL_WORKERS = os.cpu_count() or 1  # NiceGUI's process pool has one worker per core
KEEP_GAMES = 8  # games' reviews kept in memory for pages (besides those queued or watched); the rest are read again

class ReviewRunner:
    def __init__(self, main: MainStore, starts: StartStore, data_dir: Path, *, inline: bool = False,
                 budget: int | None = None) -> None:
        """``main``: the finished games; ``starts``: where games started from a position began; ``data_dir``: where
        the reviews are kept."""
        self.main, self.starts, self.data_dir = main, starts, data_dir
        self.inline = inline  # tests: nothing runs by itself, :meth:`drain` does the work in-process
        env = os.environ.get("CARDNIGHT_REVIEW_BUDGET")
        self.budget = budget if budget is not None else (int(env) if env and env.isdigit() else None)
        self.warm_pool = os.environ.get("CARDNIGHT_WARM_POOL", "1").strip() != "0"
        self._store: ReviewStore | None = None
        self.games: dict[str, GameReview] = {}
        self.fresh: deque[str] = deque()  # people's seats of games finished just now, or wanted by someone looking
        self.later: deque[str] = deque()  # the computers' seats of those games
        self.backlog: deque[str] = deque()  # found without a review at start
        self.wanted: set[str] = set()
        self.jobs: dict[str, Job] = {}  # queued games whose data is at hand (the rest are read from the archive)
        self.listeners: dict[str, list[Listener]] = {}
        self._summaries: dict[tuple[str, int], SeatSummary] | None = None
        self._task: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[None]] = set()
        self.started = False
        self.warming = False  # the pool's workers have been asked to load the judges (once, at the first game)
        self.stopping = False
        self.current: str | None = None

    # ----------------------------------------------------------------------------- life cycle
    @property
    def store(self) -> ReviewStore:
        """Opened at first use (a server that never finishes a game has no reviews file)."""
        if self._store is None:
            self._store = ReviewStore(self.data_dir)
        return self._store

    def start(self) -> None:
        """At app start: run the queue from now on, and a few seconds later queue the last finished games still
        without a review."""
        self.started = True
        loop = asyncio.get_running_loop()
        self._bg(loop, self._queue_backlog(0.0 if self.inline else BACKLOG_DELAY))
        self._kick()

    def warm_soon(self) -> None:
        """A game has started: have the pool's workers load every game's judge now, while it is played. A fresh
        worker spends about a second on imports, which would otherwise delay the first marks of the first game that
        ends. Not at app start: a server that only shows its pages (or a test's) never starts the workers."""
        if self.warming or self.inline or not self.started or self.stopping or not self.warm_pool:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # a change made off the event loop (a script, a thread): the next one warms
            return
        self.warming = True
        self._bg(loop, self._warm())

    def _bg(self, loop: asyncio.AbstractEventLoop, coro: Any) -> None:
        task = loop.create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _warm(self) -> None:
        await asyncio.sleep(WARM_DELAY)  # the game's first pages and moves come first
        try:
            await asyncio.gather(*(run.cpu_bound(warm_up) for _ in range(POOL_WORKERS)))
        except Exception:  # only a head start: the work itself reports its own errors
            log.warning("reviews: warming the worker pool failed", exc_info=True)

    def stop(self) -> None:
        """Shutting down: the seat being reviewed is made again after the restart (nothing half is kept)."""
        self.stopping = True
        for task in [self._task, *self._background]:
            if task is not None:
                task.cancel()

    # ----------------------------------------------------------------------------- queueing
    def game_finished(self, table: Table) -> None:
        """The archiver archived ``table``'s finished game: review it (unless nobody at it was a person)."""
        people = [s.bot is None and not s.empty for s in table.seats]
        start = self.starts.get(table.code)
        self.jobs[table.code] = Job(table.code, table.game_key, dict(table.options), int(table.seed), list(table.log),
                                    people, start.snapshot if start is not None else None)
        self._progress_for(table.code, table.game_key, people)
        if any(people):
            self._enqueue(table.code, front=False)
        else:
            self.jobs.pop(table.code, None)

    def want(self, code: str) -> None:
        """Someone opened this game's review: make it next (if it is not done or running already)."""
        review = self.games.get(code)
        if review is not None and review.finished:
            return
        self.wanted.add(code)
        for queue in (self.backlog, self.later):
            if code in queue:
                queue.remove(code)
        self._enqueue(code, front=True)

    def queued(self, code: str) -> bool:
        return code == self.current or code in self.fresh or code in self.later or code in self.backlog

    def _enqueue(self, code: str, *, front: bool) -> None:
        if code == self.current or code in self.fresh:
            return
        if front:
            self.fresh.appendleft(code)
        else:
            self.fresh.append(code)
        self._kick()

    def _kick(self) -> None:
        """Start working through the queue (once the app has started; never by itself under user simulation)."""
        if self.inline or not self.started or self.stopping or (self._task is not None and not self._task.done()):
            return
        if not (self.fresh or self.later or self.backlog):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._run(), name="reviews")

    async def drain(self) -> None:
        """Review everything queued now, in this process (tests under user simulation)."""
        await self._run()

    async def _queue_backlog(self, delay: float) -> None:
        """After ``delay`` seconds (the first pages and computer moves come first): the last finished games with a
        person at the table and a seat without a current review."""
        await asyncio.sleep(delay)
        try:
            records = await off_loop(self.inline, self.main.finished_games)
            summaries = await self.summaries()
        except Exception:
            log.exception("reviews: cannot list the finished games")
            return
        for record in records[:BACKLOG_GAMES]:
            code, players = record.code, record.players
            if not any(p.bot is None for p in players):
                continue
            if all((code, seat) in summaries for seat in range(len(players))):
                continue
            if not self.queued(code):
                self.backlog.append(code)
        self._kick()

    # ----------------------------------------------------------------------------- pages
    def subscribe(self, code: str, listener: Listener) -> Callable[[], None]:
        """``listener(review)`` after every step of game ``code``'s review; returns the unsubscribe."""
        return add_listener(self.listeners, code, listener)

    def _notify(self, review: GameReview) -> None:
        for listener in list(self.listeners.get(review.code, [])):
            try:
                listener(review)
            except Exception:  # one broken page must not stop the review
                log.exception("review listener failed for game %s", review.code)

    def progress(self, code: str) -> GameReview | None:
        """The review of ``code`` as far as this process knows it (None: not loaded; see :meth:`load`)."""
        return self.games.get(code)

    async def load(self, code: str, game: str, people: list[bool]) -> GameReview:
        """The review of finished game ``code``: in memory, or read from the store; a game not (fully) reviewed
        is queued first in line."""
        review = self.games.get(code)
        if review is None:
            stored = await off_loop(self.inline, self.store.for_game, code)
            review = self.games.get(code)  # (made meanwhile?)
            if review is None:
                review = self._progress_for(code, game, people)
                for seat, seat_review in stored.items():
                    if seat in review.seats:
                        self._done(code, review.seats[seat], seat_review)
                review.finished = all(p.state == DONE for p in review.seats.values())
                review.checked_store = True
        if not review.finished and code != self.current:
            self.want(code)
        self._notify(review)
        return review

    async def summaries(self) -> dict[tuple[str, int], SeatSummary]:
        """Every stored review's summary by (code, seat) (read once, then kept up to date)."""
        if self._summaries is None:
            found = await off_loop(self.inline, self.store.summaries)
            if self._summaries is None:
                self._summaries = found
        return self._summaries

    # ----------------------------------------------------------------------------- the work
    async def _run(self) -> None:
        """People's seats of every game finished (or wanted) first, then their computers' seats, then the backlog.
        A computer's seat (or a backlog game) gives way between two chunks to people's seats that come meanwhile,
        and goes on where it was afterwards."""
        while not self.stopping and (self.fresh or self.later or self.backlog):
            queue = self.fresh or self.later or self.backlog
            people_only = queue is self.fresh
            code = next((c for c in queue if wants_marks(self.games, c)), queue[0]) if people_only else queue[0]
            queue.remove(code)  # (a game still waiting for its first marks goes before the others)
            self.current = code
            outcome = FAILED
            try:
                outcome = await self._review(code, people_only)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reviews: game %s could not be reviewed", code)
                review = self.games.get(code)
                if review is not None:
                    for p in review.seats.values():
                        if p.state != DONE:
                            p.state = FAILED
                    self._notify(review)
            finally:
                self.current = None
            review = self.games.get(code)
            if outcome == PAUSED:  # people's seats take turns chunk by chunk; the rest waits at the front
                if queue is self.fresh:
                    queue.append(code)
                else:
                    queue.appendleft(code)
            elif review is not None and not review.finished and people_only and not self.stopping:
                if code in self.wanted:
                    self.later.appendleft(code)
                else:
                    self.later.append(code)
            else:
                self.jobs.pop(code, None)
                self.wanted.discard(code)

    async def _job(self, code: str) -> Job | None:
        job = self.jobs.get(code)
        if job is not None:
            return job
        record = await off_loop(self.inline, self.main.finished_game, code)
        if record is None:
            return None
        start = self.starts.get(code)
        if record.seed is None:
            raise ValueError(f"finished game {code} keeps no seed")
        return Job(code, record.game, dict(record.options), record.seed, list(record.log or []),
                   [p.bot is None for p in record.players],
                   start.snapshot if start is not None else None)

    def _progress_for(self, code: str, game: str, people: list[bool]) -> GameReview:
        """The review of ``code`` kept in memory (made now if there is none; the oldest idle ones are let go)."""
        review = self.games.get(code)
        if review is not None:
            return review
        review = self.games[code] = GameReview(code, game, {s: SeatProgress(s, p) for s, p in enumerate(people)})
        if len(self.games) > KEEP_GAMES:
            for old in list(self.games)[:len(self.games) - KEEP_GAMES]:
                if not self.queued(old) and not self.listeners.get(old):
                    del self.games[old]
        return review

    async def _review(self, code: str, people_only: bool = False) -> str:
        """Review the game's seats (only people's with ``people_only``); DONE, PAUSED (people's seats of another
        game are waiting) or STOPPED."""
        job = await self._job(code)
        if job is None:
            log.warning("reviews: no finished game %s", code)
            return FAILED
        self.jobs[code] = job
        review = self._progress_for(job.code, job.game, job.people)
        if not review.checked_store:  # (once: seats reviewed before a restart are not made again)
            stored = await off_loop(self.inline, self.store.for_game, code)
            for seat, seat_review in stored.items():
                if seat in review.seats and review.seats[seat].state != DONE:
                    self._done(code, review.seats[seat], seat_review)
            review.checked_store = True
        judging = Judging(self.inline, self.budget, self.fresh, self.games, self._notify, self._finish_seat)
        if people_only:
            outcome = await judging.first_marks(job, review)
            if outcome != DONE:
                return outcome
        for seat in review.order():
            progress = review.seats[seat]
            if progress.state == DONE or (people_only and not progress.person):
                continue
            outcome = await judging.seat(job, review, progress, people_only)
            if outcome != DONE:
                return outcome
        review.finished = all(p.state == DONE for p in review.seats.values())
        self._notify(review)
        return DONE

    async def _finish_seat(self, job: Job, review: GameReview, progress: SeatProgress, began: float) -> None:
        """A seat's decisions are all judged: its review is assembled, kept and shown."""
        seat_review = assemble(job.game, progress.seat, progress.judged, progress.skipped, rng_seed=RNG_SEED,
                               budget=self.budget)
        try:
            await off_loop(self.inline, self.store.put, job.code, seat_review)
        except OSError:  # the disk is full or read-only: shown now, made again after a restart
            log.exception("reviews: cannot save the review of game %s seat %d", job.code, progress.seat)
        self._done(job.code, progress, seat_review)
        self._notify(review)
        log.info("reviewed %s seat %d: %d decisions in %.1f s (%.1f s after the game ended)", job.code, progress.seat,
                 progress.total or 0, time.monotonic() - began, time.monotonic() - review.queued_at)

    def _done(self, code: str, progress: SeatProgress, seat_review: SeatReview) -> None:
        progress.review, progress.state, progress.points = seat_review, DONE, None
        progress.total = progress.done = seat_review.summary.decisions + seat_review.summary.skipped
        progress.judged, progress.skipped = [], seat_review.summary.skipped
        if self._summaries is not None:
            self._summaries[(code, progress.seat)] = seat_review.summary
