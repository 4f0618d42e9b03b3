"""The hub: the one way a live table changes, and the one server-side ticker (timeouts, grace periods, lobby expiry,
computer players).

Every change follows the same path: apply -> persist -> notify. :meth:`Hub.run` applies a change to a table held by
the registry (:mod:`ui.server.registry`), then :meth:`Hub.changed` hands it to the save pipeline
(:mod:`ui.server.saving`: its pages are told once its newest version has landed, so no browser is ever shown a move a
crash of the server could lose), to the archiver once its game is over (:mod:`ui.server.archiver`, which hands it on
to the review runner, :mod:`ui.server.reviews`), and wakes its computer players (:mod:`ui.server.bots`). The parts
are made and wired in one place: :func:`ui.server.runtime.build_hub`.

While saving fails (a full, read-only or broken disk: :data:`storage.health.HEALTH`), tables play on in memory,
finished games are archived once the disk takes writes again (the ticker's disk pass) and new tables are refused
(:class:`ui.server.saving.SavesFailing`). Every page says so; when space comes back everything is written.

Time: the tables run on ``clock``, a monotonic clock, so a step of the wall clock (an NTP correction, a board
without a clock battery) neither freezes nor fires their timers; ``wall`` (the wall clock) only dates things for
people. What a restart keeps is the time each timer had left (logic/table/record.py).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from nicegui import background_tasks

from logic.cards import derive_rng
from logic.game import IllegalMove
from logic.registry import get_game
from logic.table import STATUS_CLOSED, STATUS_OVER, STATUS_PLAYING, Settings, Table, Timer, bot_identity, new_table
from logic.table import lobby as table_lobby
from logic.table import program as table_program
from logic.table import record as table_record
from logic.table import timers as table_timers
from storage.archive import MainStore
from storage.disk_check import write_test
from storage.health import HEALTH, RETRY_SECONDS
from storage.practice_starts import StartStore
from ui.server.archiver import Archiver, wall_date
from ui.server.bots import BotRunner, Change
from ui.server.nights import NightKeeper
from ui.server.practice import table_from_state
from ui.server.presence import Presence
from ui.server.registry import TableRegistry
from ui.server.reviews import ReviewRunner
from ui.server.saving import SavePipeline, refuse_new_tables_while_failing

log = logging.getLogger("cardnight.hub")

FINISHED_KEEP_SECONDS = 24 * 3600
CLOSED_KEEP_SECONDS = 600
TICK_SECONDS = 0.1


class Hub:
    def __init__(self, registry: TableRegistry, saves: SavePipeline, archiver: Archiver, reviews: ReviewRunner, *,
                 main: MainStore, starts: StartStore, data_dir: Path, clock: Callable[[], float],
                 wall: Callable[[], float], inline_bots: bool, nights: NightKeeper) -> None:
        """Made by :func:`ui.server.runtime.build_hub`. The hub makes the two parts that change tables through
        :meth:`run` themselves: the computer players (``bots``) and who is present (``presence``)."""
        self.registry, self.saves, self.archiver, self.reviews = registry, saves, archiver, reviews
        self.main = main  # finished games, profiles, link codes (storage/archive.py)
        self.starts = starts  # where tables started from a position began (ui/server/practice.py)
        self.nights = nights  # game nights and their standings, fed by the archiver (ui/server/nights.py)
        self.data_dir = data_dir
        self.clock = clock  # monotonic: deadlines, pacing, every time kept on a table
        self.wall = wall  # dates for people only
        self.bots = BotRunner(self.run, saves.until_saved, registry.tables.get, clock, inline_bots)
        self.presence = Presence(registry, self.run, saves.saved)  # which pages are connected at each table
        self.ticker_lag: list[float] = []
        self.next_disk_try = 0.0
        self.stopping = False

    # ----------------------------------------------------------------------------- life cycle
    def load(self) -> int:
        """Load every saved table; a record that cannot be read is logged and skipped."""
        now, wall = self.clock(), self.wall()
        for record in self.saves.store.load_all():
            code = str(record.get("code", "?"))
            try:
                table = table_record.from_record(record, now, wall)  # nobody's page is connected yet
            except Exception as exc:  # a bad record must never stop the server
                log.warning("Skipping saved table %s: %s", code, exc)
                continue
            if self.expired(table, now):
                self.saves.store.delete(table.code)
                continue
            self.registry.adopt(table)
            self.saves.mark_saved(table)  # it is on disk as it is: computers may move on
        log.info("Loaded %d tables, %d game nights", len(self.registry.tables), self.nights.load())
        return len(self.registry.tables)

    def stop(self) -> None:
        """Shutting down: no more ticks or computer moves; running computer players are stopped (their next move
        is made after the restart, from the saved table)."""
        self.stopping = True
        self.reviews.stop()
        self.bots.stop()
        self.saves.stop()

    def save_all(self) -> None:
        """Save every table now (on shutdown; see :meth:`SavePipeline.save_all`)."""
        self.saves.save_all(list(self.registry.tables.values()))

    @staticmethod
    def expired(table: Table, now: float) -> bool:
        if table.status == STATUS_OVER and table.finished_at and now - table.finished_at > FINISHED_KEEP_SECONDS:
            return True
        return table.status == STATUS_CLOSED and now - (table.finished_at or table.created_at) > CLOSED_KEEP_SECONDS

    # ----------------------------------------------------------------------------- creation
    def create(self, game_key: str, host_id: str, host_name: str, host_emoji: str, *, options: dict[str, Any],
               practice: bool, level: str | None = None, bots: int | None = None, seed: int | None = None,
               speed: float | None = None, program_hash: str | None = None, address: str | None = None,
               turn_seconds: int | None = None) -> Table:
        """A new table with the host seated. Practice tables fill the other seats with bots and start.
        With ``program_hash`` the last seat is a program seat holding the token with that hash. ``address``: where
        the request came from, for the caps on new tables (:class:`TooManyTables`); ``turn_seconds`` sets the turn
        timer before the game starts, so the first turn is timed too."""
        refuse_new_tables_while_failing()  # a table nobody could save: refused until saving works again
        self.registry.may_open(host_id, address)
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
        table = new_table(game_key, self.registry.new_code(), host_id, options, seed, now, practice, settings)
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
        self.registry.add(table, address)
        self.changed(table)
        return table

    def create_from_state(self, game_key: str, host_id: str, host_name: str, host_emoji: str, *,
                          address: str | None = None, **kwargs: Any) -> Table:
        """A practice table that begins from a given game state ("play from here"; the arguments of
        :func:`ui.server.practice.table_from_state`): made, its start kept, then saved and told like any new table."""
        refuse_new_tables_while_failing()
        self.registry.may_open(host_id, address)
        table, snapshot = table_from_state(self.registry.new_code(), self.clock(), game_key, host_id, host_name,
                                           host_emoji, **kwargs)
        self.starts.put(table.code, game_key, snapshot, kwargs.get("source"))  # kept before the table's first save
        self.registry.add(table, address)
        self.changed(table)
        return table

    # ----------------------------------------------------------------------------- changes
    def run(self, table: Table, fn: Change) -> Any:
        """Apply a change (raising IllegalMove untouched), then persist and notify."""
        before = table.version
        self.saves.started(table.code)
        result = fn(table, self.clock())
        if table.version != before:
            self.changed(table)
            if not self.bots.inline:  # computer players answer at once, not at the next tick
                self.bots.kick(table, self.clock())
        return result

    def changed(self, table: Table) -> None:
        """Save the table; its pages are told once the save has landed (ui/server/saving.py)."""
        self.registry.index_programs(table)
        self.saves.persist(table)
        if table.status == STATUS_PLAYING:
            self.reviews.warm_soon()  # (once: the pool's workers load the judges while the first game is played)
        self.archiver.changed(table)

    def remove(self, code: str) -> None:
        """Forget a table and delete its file; anything waiting for its saves is let go."""
        self.registry.forget(code)
        self.archiver.forget(code)
        self.saves.forget(code)

    # ----------------------------------------------------------------------------- clocks
    def wall_of(self, moment: float | None) -> float:
        """A moment on the tables' clock (None: now) as a wall-clock date, for people."""
        return wall_date(self.clock, self.wall, moment)

    def seconds_left(self, table: Table, timer: Timer = "turn") -> float | None:
        """Seconds left on a table's turn timer, lobby or pending move (None: not running)."""
        return table_timers.seconds_left(table, self.clock(), timer)

    # ----------------------------------------------------------------------------- the ticker
    def start_ticker(self) -> None:
        """Start :meth:`run_ticker` in the background (at app start; NiceGUI cancels it at shutdown)."""
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
        for table in list(self.registry.tables.values()):
            try:
                self.tick_table(table, started)
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
        if not (HEALTH.failing or self.archiver.waiting):
            return
        now = time.monotonic()
        if now < self.next_disk_try:
            return
        self.next_disk_try = now + RETRY_SECONDS
        if HEALTH.failing and not HEALTH.waiting_tables() and write_test(self.data_dir) is None:
            HEALTH.forget_files()
        self.archiver.retry()

    def tick_table(self, table: Table, now: float) -> None:
        """A table's timers, its removal once expired, and its computer players."""
        before = table.version
        table_timers.tick(table, now)
        if table.version != before:
            self.changed(table)
        if self.expired(table, now):
            self.remove(table.code)
            return
        self.bots.kick(table, now)
