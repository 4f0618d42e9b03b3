"""The live-table registry: holds every table in process, persists after each change, runs the one
server-side ticker (timeouts, grace periods, lobby expiry, computer players) and tells subscribed pages.

Every change follows the same path: apply -> persist -> notify. Records are serialised on the event loop (a
consistent snapshot) and written by :class:`storage.writer.TableWriter`'s thread; pages hear of a change only
once the table's newest version has replaced its file, so no browser is ever shown a move a crash of the server
could lose (a second thread then flushes the file to the disk against a power cut). Computer players wait for
their previous move to be saved before making the next one.

While saving fails (a full, read-only or broken disk: :data:`storage.health.HEALTH`), tables play on in memory:
each change is published at once, the writer keeps the newest record of every table and tries again every few
seconds, finished games are archived once the disk takes writes again, and new tables are refused
(:class:`SavesFailing`). Every page says so; when space comes back everything is written and the notice goes.

Time: the tables run on ``clock``, a monotonic clock, so a step of the wall clock (an NTP correction, a board
without a clock battery) neither freezes nor fires their timers; ``wall`` (the wall clock) only dates things for
people. What a restart keeps is the time each timer had left (logic/table/record.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from logic.bot_worker import choose_bot_action
from logic.cards import derive_rng
from logic.game import IllegalMove
from logic.registry import get_game
from logic.table import (
    STATUS_CLOSED,
    STATUS_LOBBY,
    STATUS_OVER,
    STATUS_PLAYING,
    Settings,
    Table,
    Timer,
    bot_identity,
    new_table,
    turns,
)
from logic.table import lobby as table_lobby
from logic.table import program as table_program
from logic.table import record as table_record
from logic.table import timers as table_timers
from logic.view_types import TableView
from storage.archive import MainStore
from storage.disk_check import write_test
from storage.health import HEALTH, RETRY_SECONDS, is_disk_fault
from storage.practice_starts import StartStore
from storage.tables import TableStore
from storage.writer import TableWriter
from ui.guards.table_caps import TableCaps, TooManyTables
from ui.server.listeners import add_listener
from ui.server.presence import Presence
from ui.server.reviews import ReviewRunner
from ui.server.save_timing import SaveTiming

log = logging.getLogger("cardnight.hub")
__all__ = ["Hub", "TooManyTables", "choose_bot_action"]

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L
CODE_LENGTH = 6
FINISHED_KEEP_SECONDS = 24 * 3600
CLOSED_KEEP_SECONDS = 600
TICK_SECONDS = 0.1

Listener = Callable[[Table], None]


class SavesFailing(ValueError):
    """A new table is refused while saving fails; the message is for players."""


class Hub:
    def __init__(self, data_dir: Path, clock: Callable[[], float] = time.monotonic, inline_bots: bool = False,
                 wall: Callable[[], float] = time.time) -> None:
        self.data_dir = data_dir
        self.clock = clock  # monotonic: deadlines, pacing, every time kept on a table
        self.wall = wall  # dates for people only
        self.inline_bots = inline_bots
        HEALTH.reset()  # a new server: nothing waits yet
        self.health = HEALTH
        self.store = TableStore(data_dir)
        self.main = MainStore(data_dir)
        self.tables: dict[str, Table] = {}
        self.listeners: dict[str, list[Listener]] = {}
        self.busy: set[str] = set()
        self.ticker_lag: list[float] = []
        self._archived_codes: set[str] | None = None
        self.writer = TableWriter(self.store, self._saved_in_thread, self._failed_in_thread)
        self._unarchived: dict[str, Table] = {}  # finished games whose archiving waits for the disk
        self._next_disk_try = 0.0
        self.saved_versions: dict[str, int] = {}
        self._save_waiters: dict[str, list[tuple[int, asyncio.Future[None]]]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._bot_tasks: set[asyncio.Task[None]] = set()
        self.stopping = False
        self.timing = SaveTiming.from_env()
        self.presence = Presence(self)  # which pages are connected at each table
        self.starts = StartStore(data_dir)  # where tables started from a position began (ui/server/practice.py)
        self.reviews = ReviewRunner(self)  # finished games reviewed in the worker pool (ui/server/reviews.py)
        self.caps = TableCaps(clock=clock)  # tables one address or browser may open (ui/guards/table_caps.py)
        self.last_visit: dict[str, float] = {}  # code -> when a page or program last came (ui/server/idle_tables.py)
        self._programs: dict[str, str] = {}  # a program seat's token hash -> its table's code
        self._programs_of: dict[str, set[str]] = {}  # code -> its program seats' token hashes

    # ----------------------------------------------------------------------------- life cycle
    def load(self) -> int:
        """Load every saved table; a record that cannot be read is logged and skipped."""
        now, wall = self.clock(), self.wall()
        for record in self.store.load_all():
            code = str(record.get("code", "?"))
            try:
                table = table_record.from_record(record, now, wall)  # nobody's page is connected yet
            except Exception as exc:  # a bad record must never stop the server
                log.warning("Skipping saved table %s: %s", code, exc)
                continue
            if self._expired(table, now):
                self.store.delete(table.code)
                continue
            self.tables[table.code] = table
            self.saved_versions[table.code] = table.version  # it is on disk as it is: computers may move on
            self.last_visit[table.code] = now
            self.caps.opened_by[table.code] = ("", table.host_id)
            self._index_programs(table)
        log.info("Loaded %d tables", len(self.tables))
        return len(self.tables)

    def stop(self) -> None:
        """Shutting down: no more ticks or computer moves; running computer players are stopped (their next move
        is made after the restart, from the saved table)."""
        self.stopping = True
        self.reviews.stop()
        for task in list(self._bot_tasks):
            task.cancel()
        for code in list(self._save_waiters):
            for _, future in self._save_waiters.pop(code):
                if not future.done():
                    future.cancel()

    def save_all(self) -> None:
        """Save every table now (on shutdown: the time each timer has left is what a restart resumes with).
        While saving fails, one last try is made and what could not be written is logged (the server cannot wait
        for space)."""
        for table in self.tables.values():
            self._persist(table)
        if HEALTH.failing:
            self.writer.close(RETRY_SECONDS + 1)
        else:
            self.flush_writes()

    def flush_writes(self, timeout: float = 30.0) -> bool:
        """Block until every queued table record is on disk."""
        return self.writer.flush(timeout)

    def _expired(self, table: Table, now: float) -> bool:
        if table.status == STATUS_OVER and table.finished_at and now - table.finished_at > FINISHED_KEEP_SECONDS:
            return True
        return table.status == STATUS_CLOSED and now - (table.finished_at or table.created_at) > CLOSED_KEEP_SECONDS

    # ----------------------------------------------------------------------------- creation
    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def create(self, game_key: str, host_id: str, host_name: str, host_emoji: str, *, options: dict[str, Any],
               practice: bool, level: str | None = None, bots: int | None = None, seed: int | None = None,
               speed: float | None = None, program_hash: str | None = None, address: str | None = None,
               turn_seconds: int | None = None) -> Table:
        """A new table with the host seated. Practice tables fill the other seats with bots and start.
        With ``program_hash`` the last seat is a program seat holding the token with that hash. ``address``: where
        the request came from, for the caps on new tables (:class:`TooManyTables`); ``turn_seconds`` sets the turn
        timer before the game starts, so the first turn is timed too."""
        if HEALTH.failing:  # a table nobody could save: refused until saving works again
            raise SavesFailing(HEALTH.message)
        self.may_open(host_id, address)
        game = get_game(game_key)
        now = self.clock()
        seed = secrets.randbits(31) if seed is None else int(seed)
        settings = Settings(turn_seconds=0 if practice else game.default_turn_seconds)
        if turn_seconds is not None:
            settings.turn_seconds = int(turn_seconds)
        if speed is not None:
            settings.bot_delay = max(0.0, float(speed))
            if settings.bot_delay == 0:
                settings.grace_scale = 0.0
        table = new_table(game_key, self.new_code(), host_id, options, seed, now, practice, settings)
        table_lobby.join(table, host_id, host_name, host_emoji, now)
        if program_hash is not None:
            table_program.add_program(table, host_id, len(table.seats) - 1, program_hash)
        if practice:
            table.settings.public = False
            level = level or game.bot_levels[min(1, len(game.bot_levels) - 1)]
            count = len(table.seats) - 1 if bots is None else bots
            rng = derive_rng(seed, "bots")
            for seat in table.open_seats()[:count]:
                name, emoji = bot_identity(rng, {s.name for s in table.seats}, {s.emoji for s in table.seats})
                table_lobby.add_bot(table, host_id, seat, level, name, emoji)
            if not table.open_seats():
                table_lobby.start(table, host_id, now)
        self.tables[table.code] = table
        self.opened(table, address)
        self.changed(table)
        return table

    def may_open(self, host_id: str, address: str | None) -> None:
        """Raise :class:`TooManyTables` if this browser or address may not open another table now."""
        self.caps.check(host_id, address, self._is_open)

    def opened(self, table: Table, address: str | None) -> None:
        """A visitor opened ``table``: it counts for their caps, and as visited now."""
        self.caps.opened(table.code, table.host_id, address)
        self.last_visit[table.code] = self.clock()

    def _is_open(self, code: str) -> bool:
        table = self.tables.get(code)
        return table is not None and table.status in (STATUS_LOBBY, STATUS_PLAYING)

    def visited(self, code: str) -> None:
        """A page of table ``code`` is open, came or went, or its program called: it is not idle."""
        if code in self.tables:
            self.last_visit[code] = self.clock()

    # ----------------------------------------------------------------------------- program seats by token
    def _index_programs(self, table: Table) -> None:
        hashes = {s.program_hash for s in table.seats if s.program_hash is not None}
        old = self._programs_of.get(table.code, set())
        if hashes == old:
            return
        for gone in old - hashes:
            if self._programs.get(gone) == table.code:
                del self._programs[gone]
        for new in hashes:
            self._programs[new] = table.code
        if hashes:
            self._programs_of[table.code] = hashes
        else:
            self._programs_of.pop(table.code, None)

    def program_home(self, token_hash: str) -> tuple[Table, int] | None:
        """The table and seat a program token (by its hash) plays, looked up by the hash, not by a scan."""
        table = self.tables.get(self._programs.get(token_hash, ""))
        if table is None:
            return None
        seat = table_program.program_seat(table, token_hash)  # compared in constant time with the table's seats
        return None if seat is None else (table, seat)

    def create_from_state(self, game_key: str, host_id: str, host_name: str, host_emoji: str,
                          **kwargs: Any) -> Table:
        """A practice table that begins from a given game state ("play from here"): ui/server/practice.py."""
        from ui.server.practice import table_from_state

        return table_from_state(self, game_key, host_id, host_name, host_emoji, **kwargs)

    def get(self, code: str) -> Table | None:
        return self.tables.get((code or "").strip().upper())

    # ----------------------------------------------------------------------------- changes
    def run(self, table: Table, fn: Callable[[Table, float], Any]) -> Any:
        """Apply a change (raising IllegalMove untouched), then persist and notify."""
        before = table.version
        if self.timing:
            self.timing.started(table.code)
        result = fn(table, self.clock())
        if table.version != before:
            self.changed(table)
            if not self.inline_bots:  # computer players answer at once, not at the next tick
                self._kick_bots(table, self.clock())
        return result

    def changed(self, table: Table) -> None:
        """Save the table; its pages are told once the save has landed (see :meth:`_saved`)."""
        self._index_programs(table)
        self._persist(table)
        if table.status == STATUS_PLAYING:
            self.reviews.warm_soon()  # (once: the pool's workers load the judges while the first game is played)
        if table.status == STATUS_OVER and not getattr(table, "_archived", False):
            self._archive(table)

    def _persist(self, table: Table) -> None:
        record = json.dumps(table_record.to_record(table, self.clock(), self.wall()), separators=(",", ":"))
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (scripts, start-up): write at once
            self._loop = None
        if self._loop is None:
            try:
                self.store.save_json(table.code, record)
            except OSError as exc:
                if not is_disk_fault(exc):
                    raise
                self.writer.save(table.code, record, table.version)  # retried by the writer's thread
            self._saved(table.code, table.version)
        elif HEALTH.failing:  # the writer retries every few seconds; the table plays on in memory meanwhile
            self.writer.save(table.code, record, table.version)
            self._saved(table.code, table.version)
        elif self.listeners.get(table.code):  # people are watching: write now, tell them at once
            if self.writer.write_now(table.code, record, table.version):
                if self.timing:
                    self.timing.written(table.code)
                self._saved(table.code, table.version)
            elif HEALTH.failing:  # this very write found the disk full: play on in memory (queued for retries)
                self._saved(table.code, table.version)
        else:  # computer players only: the writer thread keeps the loop free
            self.writer.save(table.code, record, table.version)

    def _failed_in_thread(self, code: str, version: int) -> None:
        """The writer could not write ``version`` of ``code`` (the disk): go on in memory, as if it were saved."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._saved, code, version)
            except RuntimeError:  # the loop closed meanwhile (shutdown)
                pass

    def _saved_in_thread(self, code: str, version: int) -> None:
        if self.timing:
            self.timing.written(code)
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._saved, code, version)
            except RuntimeError:  # the loop closed meanwhile (shutdown)
                pass

    def _saved(self, code: str, version: int) -> None:
        """A record of ``code`` at ``version`` is saved: wake waiting bots and, if nothing newer is
        pending, tell the table's pages."""
        if version > self.saved_versions.get(code, -1):
            self.saved_versions[code] = version
        saved = self.saved_versions[code]
        waiters = self._save_waiters.get(code)
        if waiters:
            still = []
            for wanted, future in waiters:
                if wanted <= saved:
                    if not future.done():
                        future.set_result(None)
                else:
                    still.append((wanted, future))
            if still:
                self._save_waiters[code] = still
            else:
                del self._save_waiters[code]
        table = self.tables.get(code)
        if table is None or table.version > saved:
            return  # a newer version is on its way to the disk; its save will notify
        if self.timing:
            self.timing.told(code, version)
        for listener in list(self.listeners.get(code, [])):
            try:
                listener(table)
            except Exception:  # one broken page must not stop the others
                log.exception("listener failed for table %s", code)

    async def until_saved(self, table: Table) -> None:
        """Wait until the table's current version is saved (its file replaced)."""
        wanted = table.version
        if self.saved_versions.get(table.code, -1) >= wanted:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._save_waiters.setdefault(table.code, []).append((wanted, future))
        await future

    def _archive(self, table: Table) -> None:
        table._archived = True  # type: ignore[attr-defined]
        outcome = table.game.outcome(table.state)
        if outcome is None:
            return
        if self._archived_codes is None:  # read (and validate) the finished games once, not at every game's end
            self._archived_codes = {str(g.get("code")) for g in self.main.finished_games()}
        if table.code in self._archived_codes:
            return
        self._archived_codes.add(table.code)
        try:
            self._add_finished(table, outcome)
        except OSError as exc:
            if not is_disk_fault(exc):
                raise
            self._archived_codes.discard(table.code)
            self._unarchived[table.code] = table  # archived once the disk takes writes again (see tick)
            return
        self._unarchived.pop(table.code, None)

    def _add_finished(self, table: Table, outcome: Any) -> None:
        self.main.add_finished({
            "code": table.code, "game": table.game_key, "practice": table.practice,
            "finished_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.wall_of(table.finished_at))),
            "players": [{"player_id": s.player_id, "name": s.name, "emoji": s.emoji, "bot": s.bot}
                        for s in table.seats],
            "scores": list(outcome.scores), "places": list(outcome.places), "winners": list(outcome.winners),
            "options": table.options, "seed": table.seed, "log": table.log,
        })
        self.reviews.game_finished(table)  # reviewed in the worker pool, people's seats first

    def wall_of(self, moment: float | None) -> float:
        """A moment on the tables' clock (None: now) as a wall-clock date, for people."""
        now = self.clock()
        return self.wall() - (now - (now if moment is None else moment))

    def seconds_left(self, table: Table, timer: Timer = "turn") -> float | None:
        """Seconds left on a table's turn timer, lobby or pending move (None: not running)."""
        return table_timers.seconds_left(table, self.clock(), timer)

    def remove(self, code: str) -> None:
        """Forget a table and delete its file; anything waiting for its saves is let go."""
        self.tables.pop(code, None)
        self.saved_versions.pop(code, None)
        self.last_visit.pop(code, None)
        for token_hash in self._programs_of.pop(code, set()):
            if self._programs.get(token_hash) == code:
                del self._programs[token_hash]
        for _, future in self._save_waiters.pop(code, []):
            if not future.done():
                future.set_result(None)
        if not self.listeners.get(code):
            self.listeners.pop(code, None)
        self.writer.delete(code)

    def subscribe(self, code: str, listener: Listener) -> Callable[[], None]:
        return add_listener(self.listeners, code, listener)

    # ----------------------------------------------------------------------------- the ticker
    def start_ticker(self) -> None:
        """Start :meth:`run_ticker` in the background (at app start; NiceGUI cancels it at shutdown)."""
        from nicegui import background_tasks

        background_tasks.create(self.run_ticker(), name="ticker")

    async def run_ticker(self, interval: float = TICK_SECONDS) -> None:
        """The one server-side ticker: :meth:`tick` every ``interval`` seconds until the hub stops, paced by the
        event loop's monotonic clock. (NiceGUI's timers time their callback with the wall clock: a step back
        during a tick would hold the next tick back by as much, and every table with it.)"""
        loop = asyncio.get_running_loop()
        while not self.stopping:
            started = loop.time()
            try:
                await self.tick()
            except Exception:  # the ticker must outlive any one failure
                log.exception("tick failed")
            await asyncio.sleep(max(0.0, interval - (loop.time() - started)))

    async def tick(self) -> None:
        """One pass over every table. Called by the app-wide timer."""
        if self.stopping:
            return
        self.disk_tick()
        started = self.clock()
        for table in list(self.tables.values()):
            try:
                self._tick_table(table, started)
            except IllegalMove as exc:
                log.error("table %s: automatic move refused: %s", table.code, exc)
            except Exception:
                log.exception("table %s: tick failed", table.code)
        self.ticker_lag.append(self.clock() - started)
        del self.ticker_lag[:-1000]

    def disk_tick(self) -> None:
        """While saving fails: a log line a minute, and every few seconds a small write test when only one-off files
        wait (tables are retried by the writer), then the finished games whose archiving waits."""
        HEALTH.remind()
        if not (HEALTH.failing or self._unarchived):
            return
        now = time.monotonic()
        if now < self._next_disk_try:
            return
        self._next_disk_try = now + RETRY_SECONDS
        if HEALTH.failing and not HEALTH.waiting_tables() and write_test(self.data_dir) is None:
            HEALTH.forget_files()
        for table in list(self._unarchived.values()):
            self._archive(table)

    def _tick_table(self, table: Table, now: float) -> None:
        before = table.version
        table_timers.tick(table, now)
        if table.version != before:
            self.changed(table)
        if self._expired(table, now):
            self.remove(table.code)
            return
        self._kick_bots(table, now)

    def _kick_bots(self, table: Table, now: float) -> None:
        """Start computer players' moves for this table unless they are already running."""
        if self.stopping or table.code in self.busy or not turns.bots_to_move(table, now):
            return
        self.busy.add(table.code)
        if self.inline_bots:
            try:
                self._bot_moves_sync(table)
            finally:
                self.busy.discard(table.code)
        else:
            from nicegui import background_tasks

            task = background_tasks.create(self._bot_moves(table), name=f"bots-{table.code}")
            self._bot_tasks.add(task)
            task.add_done_callback(partial(self._bot_task_done, code=table.code))

    def _bot_task_done(self, task: asyncio.Task[None], code: str) -> None:
        """Also when a task is cancelled before it ever ran (its own ``finally`` would not run then)."""
        self._bot_tasks.discard(task)
        self.busy.discard(code)

    @staticmethod
    def _bot_inputs(table: Table, seat: int) -> tuple[str, str, TableView, list[Any], str]:
        """Everything a bot may know: its seat's view and the legal actions (never the state)."""
        game = table.game
        rng_key = f"{table.seed}:bot:{len(table.log)}:{seat}"
        return game.key, turns.bot_level_for(table, seat), game.view(table.state, seat), \
            game.legal_actions(table.state, seat), rng_key

    def _bot_moves_sync(self, table: Table) -> None:
        for _ in range(10_000):
            seats = turns.bots_to_move(table, self.clock())
            if not seats:
                return
            action = choose_bot_action(*self._bot_inputs(table, seats[0]))
            self.run(table, bot_move(seats[0], turns.checked_bot_action(table, seats[0], action)))

    async def _bot_moves(self, table: Table) -> None:
        """Let computer players move until a person is due (or pacing asks us to wait)."""
        from nicegui import run

        while not self.stopping:
            await self.until_saved(table)  # a move is made only on top of a saved one
            seats = turns.bots_to_move(table, self.clock())
            if not seats or self.tables.get(table.code) is not table:
                return
            seat = seats[0]
            inputs = self._bot_inputs(table, seat)
            version = table.version
            if inputs[1] == table.game.bot_levels[-1]:  # search bots think in another process
                action = await run.cpu_bound(choose_bot_action, *inputs)
                if action is None:  # shutting down
                    return
            else:
                action = choose_bot_action(*inputs)
            if version != table.version or seat not in turns.bots_to_move(table, self.clock()):
                continue  # the table moved on while we were thinking
            try:
                self.run(table, bot_move(seat, turns.checked_bot_action(table, seat, action)))
            except IllegalMove as exc:
                log.error("table %s: bot move refused (%s); using a fallback", table.code, exc)
                legal = table.game.legal_actions(table.state, seat)
                self.run(table, bot_move(seat, legal[0]))

    # ----------------------------------------------------------------------------- queries
    def tables_of(self, player_id: str) -> list[Table]:
        mine = [t for t in self.tables.values() if t.seat_of(player_id) is not None]
        return sorted(mine, key=lambda t: -t.created_at)

    def live_tables(self) -> list[Table]:
        return sorted((t for t in self.tables.values()
                       if t.status == STATUS_LOBBY and t.settings.public and t.open_seats()),
                      key=lambda t: -t.created_at)

    def playing_count(self) -> int:
        return sum(1 for t in self.tables.values() if t.status == STATUS_PLAYING)


def bot_move(seat: int, action: Any) -> Callable[[Table, float], Any]:
    """The table change "computer player ``seat`` plays ``action``" (for :meth:`Hub.run`)."""
    return lambda t, now: turns.act_for(t, seat, action, now)
