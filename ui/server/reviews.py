"""The review runner: every finished game reviewed once, seat by seat, in the computer players' worker pool.

When the hub archives a finished game (``Hub._archive``) it hands the game here (:meth:`ReviewRunner.game_finished`).
One task works through the queue, one seat at a time: the people's seats of every game that finished (or that
someone opened) first, then those games' computer seats (which give way between two chunks to people's seats that
come meanwhile), then the backlog. A seat's decisions are listed (``logic.review.decision_points``), then judged a
few at a time (``review_points``), from the game's last decision back to its first (``review_order``: the first
costly ones are found soonest that way), in the process pool that the searching computer players use, one chunk at
a time and each chunk sized to take about :data:`CHUNK_SECONDS`, so the pool always has a worker free for the
computer players and their tables keep their pace (and at a low priority there: ``ui/server/quiet.py``). Until the
game's first costly decision shows, all its seats take turns chunk by chunk (the first :data:`FIRST_MARKS_SECONDS` of it
at the normal priority), so the first marks come within seconds, also on a busy machine and when the person made no
costly decision. A seat's finished review is kept in the :class:`storage.reviews.ReviewStore` (computed once, also
across a restart); at start the last finished games without one are queued again, behind anything that finishes
meanwhile.

Pages follow the progress: :meth:`ReviewRunner.subscribe` calls them after every chunk with the game's
:class:`GameReview` (decisions judged / total per seat, the verdicts so far). Games with no person at the table
are not reviewed by themselves; opening their review (:meth:`ReviewRunner.want`) queues them first in line.

Under NiceGUI's user simulation (``Hub(inline_bots=True)``) nothing runs by itself: a test awaits
:meth:`ReviewRunner.drain`, which does the same work in-process. ``CARDNIGHT_REVIEW_BUDGET=<n>`` caps the sampled
deals per decision (tests: quick, rougher reviews); ``CARDNIGHT_WARM_POOL=0`` leaves the worker pool to start when
work comes instead of at a server's first game (tests: most of their servers never review a game nor run a
searching computer player, and each warmed worker is about a second of CPU).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from logic.review import DecisionReview, SeatReview, SeatSummary, assemble, decision_points, review_order
from storage.reviews import ReviewStore
from ui.server.listeners import add_listener
from ui.server.quiet import review_points_quietly

if TYPE_CHECKING:
    from logic.table import Table
    from ui.server.hub import Hub

log = logging.getLogger("cardnight.reviews")

RNG_SEED = 0  # every review is made with the same seed: the same game gives the same verdicts
CHUNK_SECONDS = 0.5  # a pool call judges about this long, so computer players wait at most that for a worker
FIRST_MARKS_SECONDS = 2.0  # a game's seats are judged at normal priority this long at most, before its first mark
MAX_CHUNK = 8
BACKLOG_GAMES = 30  # at start: the last finished games without a review are queued again (newest first)
BACKLOG_DELAY = 5.0  # ...a few seconds after start, so the first pages and computer moves come first
WARM_DELAY = 1.0  # the pool's workers load the judges this long after the first game starts
POOL_WORKERS = os.cpu_count() or 1  # NiceGUI's process pool has one worker per core
KEEP_GAMES = 64  # reviews kept in memory for pages (besides those running)

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


def warm_up() -> int:
    """In a worker process: import every game's rules, computer players and judge ahead of the first review."""
    from logic.registry import all_games
    from logic.review.review import judge_for

    return sum(1 for game in all_games() if judge_for(game.key) is not None)


class ReviewRunner:
    def __init__(self, hub: Hub, *, budget: int | None = None) -> None:
        self.hub = hub
        self.inline = hub.inline_bots  # tests: nothing runs by itself, :meth:`drain` does the work in-process
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
            self._store = ReviewStore(self.hub.data_dir)
        return self._store

    def start(self) -> None:
        """At app start: run the queue from now on, and a few seconds later queue the last finished games still
        without a review."""
        self.started = True
        loop = asyncio.get_running_loop()
        self._bg(loop, self._backlog_soon())
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
            from nicegui import run

            await asyncio.gather(*(run.cpu_bound(warm_up) for _ in range(POOL_WORKERS)))
        except Exception:  # only a head start: the work itself reports its own errors
            log.warning("reviews: warming the worker pool failed", exc_info=True)

    async def _backlog_soon(self) -> None:
        if not self.inline:
            await asyncio.sleep(BACKLOG_DELAY)
        await self._queue_backlog()

    def stop(self) -> None:
        """Shutting down: the seat being reviewed is made again after the restart (nothing half is kept)."""
        self.stopping = True
        for task in [self._task, *self._background]:
            if task is not None:
                task.cancel()

    # ----------------------------------------------------------------------------- queueing
    def game_finished(self, table: Table) -> None:
        """The hub archived ``table``'s finished game: review it (unless nobody at it was a person)."""
        people = [s.bot is None and not s.empty for s in table.seats]
        start = self.hub.starts.get(table.code)
        self.jobs[table.code] = Job(table.code, table.game_key, dict(table.options), int(table.seed), list(table.log),
                                    people, start.snapshot if start is not None else None)
        self._progress_for(self.jobs[table.code])
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

    async def _queue_backlog(self) -> None:
        """The last finished games with a person at the table and a seat without a current review."""
        try:
            records = await self._io(self.hub.main.finished_games)
            summaries = await self.summaries()
        except Exception:
            log.exception("reviews: cannot list the finished games")
            return
        for record in records[:BACKLOG_GAMES]:
            code, players = str(record.get("code")), record.get("players") or []
            if not any(p.get("bot") is None for p in players):
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
            stored = await self._io(self.store.for_game, code)
            review = self.games.get(code)  # (made meanwhile?)
            if review is None:
                review = GameReview(code, game, {s: SeatProgress(s, person) for s, person in enumerate(people)})
                for seat, seat_review in stored.items():
                    if seat in review.seats:
                        self._done(code, review.seats[seat], seat_review)
                review.finished = all(p.state == DONE for p in review.seats.values())
                review.checked_store = True
                self._keep(review)
        if not review.finished and code != self.current:
            self.want(code)
        self._notify(review)
        return review

    async def summaries(self) -> dict[tuple[str, int], SeatSummary]:
        """Every stored review's summary by (code, seat) (read once, then kept up to date)."""
        if self._summaries is None:
            found = await self._io(self.store.summaries)
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
            code = next((c for c in queue if self._wants_marks(c)), queue[0]) if people_only else queue[0]
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
        record = await self._io(self.hub.main.finished_game, code)
        if record is None:
            return None
        start = self.hub.starts.get(code)
        players = record.get("players") or []
        return Job(code, str(record["game"]), dict(record.get("options") or {}), int(record["seed"]),
                   list(record.get("log") or []), [p.get("bot") is None for p in players],
                   start.snapshot if start is not None else None)

    def _progress_for(self, job: Job) -> GameReview:
        review = self.games.get(job.code)
        if review is None:
            review = GameReview(job.code, job.game, {s: SeatProgress(s, person) for s, person in enumerate(job.people)})
            self._keep(review)
        return review

    async def _review(self, code: str, people_only: bool = False) -> str:
        """Review the game's seats (only people's with ``people_only``); DONE, PAUSED (people's seats of another
        game are waiting) or STOPPED."""
        job = await self._job(code)
        if job is None:
            log.warning("reviews: no finished game %s", code)
            return FAILED
        self.jobs[code] = job
        review = self._progress_for(job)
        if not review.checked_store:  # (once: seats reviewed before a restart are not made again)
            stored = await self._io(self.store.for_game, code)
            for seat, seat_review in stored.items():
                if seat in review.seats and review.seats[seat].state != DONE:
                    self._done(code, review.seats[seat], seat_review)
            review.checked_store = True
        if people_only:
            outcome = await self._first_marks(job, review)
            if outcome != DONE:
                return outcome
        for seat in review.order():
            progress = review.seats[seat]
            if progress.state == DONE or (people_only and not progress.person):
                continue
            outcome = await self._review_seat(job, review, progress, people_only)
            if outcome != DONE:
                return outcome
        review.finished = all(p.state == DONE for p in review.seats.values())
        self._notify(review)
        return DONE

    async def _first_marks(self, job: Job, review: GameReview) -> str:
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
                outcome = await self._review_seat(job, review, progress, True, chunks=1)
                if outcome not in (DONE, TURN):
                    return outcome
                if review.first_mark_at is not None:
                    break
            if review.first_mark_at is None and any(self._wants_marks(c) for c in self.fresh):
                return PAUSED  # games that ended meanwhile take turns for their first marks with this one
        return DONE

    def _wants_marks(self, code: str) -> bool:
        """Game ``code`` has no first mark yet (reviewed since this start, or not begun)."""
        review = self.games.get(code)
        return review is None or (review.first_mark_at is None and not review.finished)

    async def _review_seat(self, job: Job, review: GameReview, progress: SeatProgress, people_only: bool,
                           chunks: int | None = None) -> str:
        """One seat, chunk by chunk, from where it was left (a seat that gave way goes on where it stopped); with
        ``chunks`` only that many (then TURN, unless the seat is done; :meth:`_first_marks`)."""
        if progress.points is None or progress.state != RUNNING:
            progress.state, progress.done, progress.judged, progress.skipped, progress.chunk = RUNNING, 0, [], 0, 1
            self._notify(review)
            points = await self._cpu(decision_points, job.game, job.options, job.seed, job.log, progress.seat,
                                     start=job.start)
            if points is None:
                return STOPPED
            progress.points, progress.total = review_order(points), len(points)  # the last decision first
            self._notify(review)
        points = progress.points
        began_seat = time.monotonic()
        size = progress.chunk  # the first chunk is one decision (the game's last): the first marks show early
        turn = 0  # chunks done in this turn: people's seats of several games take turns, one chunk each
        while progress.done < len(points):
            if chunks is None and any(self._wants_marks(c) for c in self.fresh):
                return PAUSED  # a game that just ended is waiting for its first marks: it goes first
            if self.fresh and (turn or not people_only):
                return PAUSED  # people's seats of a game that just ended go first, or take turns with these
            chunk = points[progress.done:progress.done + size]
            began = time.monotonic()
            # the turns for the first marks run at normal priority (at first): on a machine busy with computer tables
            # a quiet chunk gets a tenth of a core, and the first marks would wait many times longer than the work
            loud = chunks is not None and review.loud < FIRST_MARKS_SECONDS
            verdicts = await self._cpu(review_points_quietly, job.game, chunk, rng_seed=RNG_SEED,
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
            self._notify(review)
            size = progress.chunk = max(1, min(MAX_CHUNK, int(CHUNK_SECONDS * len(chunk) / took)))
            if chunks is not None and turn >= chunks and progress.done < len(points):
                return TURN
        seat_review = assemble(job.game, progress.seat, progress.judged, progress.skipped, rng_seed=RNG_SEED,
                               budget=self.budget)
        try:
            await self._io(self.store.put, job.code, seat_review)
        except OSError:  # the disk is full or read-only: shown now, made again after a restart
            log.exception("reviews: cannot save the review of game %s seat %d", job.code, progress.seat)
        self._done(job.code, progress, seat_review)
        self._notify(review)
        log.info("reviewed %s seat %d: %d decisions in %.1f s (%.1f s after the game ended)", job.code, progress.seat,
                 len(points), time.monotonic() - began_seat, time.monotonic() - review.queued_at)
        return DONE

    def _done(self, code: str, progress: SeatProgress, seat_review: SeatReview) -> None:
        progress.review, progress.state, progress.points = seat_review, DONE, None
        progress.total = progress.done = seat_review.summary.decisions + seat_review.summary.skipped
        progress.judged, progress.skipped = [], seat_review.summary.skipped
        if self._summaries is not None:
            self._summaries[(code, progress.seat)] = seat_review.summary

    def _keep(self, review: GameReview) -> None:
        self.games[review.code] = review
        if len(self.games) > KEEP_GAMES:
            for old in list(self.games)[:len(self.games) - KEEP_GAMES]:
                if not self.queued(old) and not self.listeners.get(old):
                    del self.games[old]

    # ----------------------------------------------------------------------------- where the work runs
    async def _cpu(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn`` in the worker pool (in-process under user simulation: then one step and a yield)."""
        if self.inline:
            result = fn(*args, **kwargs)
            await asyncio.sleep(0)
            return result
        from nicegui import run

        return await run.cpu_bound(fn, *args, **kwargs)

    async def _io(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Reading or writing the stores off the event loop (in-process under user simulation)."""
        if self.inline:
            return fn(*args)
        return await asyncio.to_thread(fn, *args)
