"""Process-wide things the pages share: the hub and its parts, made and wired here (:func:`build_hub`), and how
the server was started."""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from logic.replay import Replay
from logic.table import Table
from storage.archive import MainStore
from storage.health import HEALTH
from storage.nights import NightStore
from storage.practice_starts import StartStore
from storage.tables import TableStore
from ui.guards.code_guard import CodeGuard
from ui.guards.connection_guard import ConnectionGuard
from ui.seat_api.auth import Reveals
from ui.server.archiver import Archiver, wall_date
from ui.server.duplicate import Duplicates
from ui.server.finished import FinishedGames
from ui.server.hub import Hub
from ui.server.nights import NightKeeper
from ui.server.registry import TableRegistry
from ui.server.reviews import ReviewRunner
from ui.server.same_deals_book import SameDealsBook
from ui.server.saving import SavePipeline
from ui.server.services import Links, TableServices


def build_hub(data_dir: Path, clock: Callable[[], float] = time.monotonic, inline_bots: bool = False,
              wall: Callable[[], float] = time.time) -> Hub:
    """The live-table server's parts, wired: the registry of live tables, the save pipeline (which tells the
    registry's pages once a version has landed), the review runner, the archiver (which hands finished games to the
    review runner and to the game nights' keeper), and the hub that changes tables through them. ``inline_bots``:
    NiceGUI's user simulation (the computer players move and the reviews run in the caller)."""
    HEALTH.reset()  # a new server: nothing waits yet
    registry = TableRegistry(clock)
    saves = SavePipeline(TableStore(data_dir), clock, wall, registry.watched, registry.tell)
    main, starts = MainStore(data_dir), StartStore(data_dir)
    reviews = ReviewRunner(main, starts, data_dir, inline=inline_bots)
    wall_of = partial(wall_date, clock, wall)
    nights = NightKeeper(NightStore(data_dir), wall, wall_of)

    def finished(table: Table) -> None:  # an archived game: its night's standings, then its review
        nights.game_finished(table)
        reviews.game_finished(table)

    archiver = Archiver(main, wall_of, finished)
    return Hub(registry, saves, archiver, reviews, main=main, starts=starts, data_dir=data_dir, clock=clock,
               wall=wall, inline_bots=inline_bots, nights=nights)


@dataclass
class Runtime:
    hub: Hub
    data_dir: Path
    host: str = "0.0.0.0"
    port: int = 8080
    seed: int | None = None  # --seed: fixed seeds for new tables (testers)
    console_password_always: bool = False  # --console-password-always: the host console asks every browser
    seed_counter: list[int] = field(default_factory=lambda: [0])
    code_guard: CodeGuard = field(default_factory=CodeGuard)  # join-code guesses per address
    # connections per address and slow requests (ui/guards/connection_guard.py; made from the environment)
    connection_guard: ConnectionGuard = field(default_factory=ConnectionGuard)
    # CARDNIGHT_TEST_HOOKS=1: routes for tests only (ui/pages/test_hooks.py), e.g. redraw a table's pages now
    test_hooks: bool = field(default_factory=lambda: os.environ.get("CARDNIGHT_TEST_HOOKS") == "1")
    redraw_hooks: dict[str, list[Callable[[], None]]] = field(default_factory=dict)  # code -> pages' force-redraw

    # what pages and routes keep between requests, fresh with every server (and every test's): no module-level stores
    finished: FinishedGames = field(init=False)  # finished records, cached (ui/server/finished.py)
    program_reveals: Reveals = field(default_factory=dict)  # ui/seat_api/auth.py
    host_fails: dict[str, tuple[int, float]] = field(default_factory=dict)  # ui/pages/host_access.py
    link_failures: deque[float] = field(default_factory=deque)  # ui/pages/link.py
    replays: dict[tuple[str, int], Replay] = field(default_factory=dict)  # ui/pages/replay.py
    same_deals: SameDealsBook = field(default_factory=SameDealsBook)  # ui/server/duplicate.py
    backup_tokens: dict[str, float] = field(default_factory=dict)  # ui/pages/host.py: one-time download tokens
    backup_lock: threading.Lock = field(default_factory=threading.Lock)  # ui/pages/host.py: one backup at a time
    mdns_url: Callable[[], str | None] = lambda: None  # the announced name's URL (ui/net/mdns.py), set by main.py

    def __post_init__(self) -> None:
        self.finished = FinishedGames(self.hub.main, self.hub.starts)

    @property
    def links(self) -> Links:
        """Where this server is reached (its announced name read at each use: main.py sets it after start)."""
        return Links(self.host, self.port, lambda: self.mdns_url())

    def table_services(self) -> TableServices:
        """What a live table page's parts use of the server (handed to the page by its entry point)."""
        return TableServices(self.hub, self.links, self.finished, self.duplicates(), self.program_reveals,
                             self.data_dir, self.on_forced_redraw if self.test_hooks else None)

    def duplicates(self) -> Duplicates:
        """Duplicate deals on this server (ui/server/duplicate.py), for a page's entry point to hand on."""
        return Duplicates(self.hub, self.finished, self.same_deals)

    def on_forced_redraw(self, code: str, redraw: Callable[[], None]) -> Callable[[], None]:
        """With test hooks on: ``redraw`` runs when a test asks to redraw the pages of table ``code``."""
        hooks = self.redraw_hooks.setdefault(code, [])
        hooks.append(redraw)
        return lambda: hooks.remove(redraw) if redraw in hooks else None

    def next_seed(self) -> int | None:
        """With --seed, tables get seed, seed+1, ... in creation order; otherwise random."""
        if self.seed is None:
            return None
        value = self.seed + self.seed_counter[0]
        self.seed_counter[0] += 1
        return value


_runtime: Runtime | None = None


def set_runtime(rt: Runtime) -> None:
    global _runtime
    _runtime = rt


def runtime() -> Runtime:
    assert _runtime is not None, "main.py sets the runtime before pages are served"
    return _runtime
