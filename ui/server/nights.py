"""The game nights of this server: kept in memory, saved whole on every change (``storage/nights.py``), and fed by
the archiver when a table of a night finishes its match (:meth:`NightKeeper.game_finished`).

Pages read a night here and change it through :meth:`NightKeeper.change`; ``night.version`` grows with every change,
so a page redraws when it differs from what it drew. The one way a table joins a night is :meth:`add_table` (the
night's "New table" and "Next game", and duplicate-deal tables).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable

from logic.night import Night, add_table, clean_night_name, record_match
from logic.night.matches import match_of
from logic.table import Table
from storage.health import is_disk_fault
from storage.nights import Damaged, NightStore

log = logging.getLogger("cardnight.nights")

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # as tables' codes: no 0/O, 1/I/L
CODE_LENGTH = 6
MAX_NIGHTS = 2000  # nights one server keeps in memory (the newest)


class NightKeeper:
    def __init__(self, store: NightStore, wall: Callable[[], float], wall_of: Callable[[float | None], float]) -> None:
        """``wall``: now, as a wall-clock date; ``wall_of(moment)``: a moment on the tables' clock as one."""
        self.store = store
        self.wall = wall
        self.wall_of = wall_of
        self.nights: dict[str, Night] = {}
        self.damaged: list[Damaged] = []  # records that could not be read (the host console lists them)
        self.by_table: dict[str, str] = {}  # table code -> night code

    def load(self) -> int:
        nights, self.damaged = self.store.load_all()
        for night in nights[-MAX_NIGHTS:]:
            self.nights[night.code] = night
            for code in night.tables:
                self.by_table[code] = night.code
        return len(self.nights)

    def get(self, code: str) -> Night | None:
        return self.nights.get((code or "").strip().upper()[:12])

    def night_of_table(self, table_code: str) -> Night | None:
        code = self.by_table.get(table_code)
        return self.nights.get(code) if code else None

    def newest(self) -> list[Night]:
        return sorted(self.nights.values(), key=lambda n: -n.created_at)

    def create(self, name: str, host_id: str) -> Night:
        """A new night (``ValueError`` for a name with nothing in it)."""
        night = Night(code=self._new_code(), name=clean_night_name(name), host_id=host_id, created_at=self.wall())
        self.nights[night.code] = night
        self._save(night)
        return night

    def change(self, night: Night, fn: Callable[[Night], object]) -> None:
        """Change ``night`` (``fn`` raises ValueError to refuse, changing nothing) and keep it."""
        trial = night.model_copy(deep=True)
        fn(trial)  # refused: nothing changed
        if trial.version == night.version:
            return
        for name in Night.model_fields:
            setattr(night, name, getattr(trial, name))
        for code in night.tables:
            self.by_table[code] = night.code
        self._save(night)

    def add_table(self, night_code: str, table_code: str, game: str = "", group: str | None = None) -> Night:
        """Table ``table_code`` (of ``game``) belongs to night ``night_code`` from now on (``ValueError``: no such
        night, or a table of another night). The one seam for tables joining a night: the duplicate-deals tables use
        it too, with ``group`` (the code naming the tables with their deals)."""
        night = self.get(night_code)
        if night is None:
            raise ValueError(f"No game night with code {night_code[:12]}.")
        other = self.by_table.get(table_code)
        if other is not None and other != night.code:
            raise ValueError(f"Table {table_code} belongs to another night.")
        self.change(night, lambda n: add_table(n, table_code, game, group))
        return night

    def game_finished(self, table: Table) -> None:
        """The archiver's hook: a table's game is over and archived; if the table belongs to a night, its match
        counts there. Never raises (the archiver's other work must go on)."""
        night = self.night_of_table(table.code)
        if night is None:
            return
        try:
            outcome = table.game.outcome(table.state)
            if outcome is None:
                return
            match = match_of(table, outcome, self.wall_of(table.finished_at))
            self.change(night, lambda n: record_match(n, match))
        except Exception:
            log.exception("night %s: the match of table %s was not recorded", night.code, table.code)

    def _save(self, night: Night) -> None:
        try:
            self.store.save(night)
        except OSError as exc:  # a full or read-only disk: kept in memory, written with the night's next change
            if not is_disk_fault(exc):
                raise
            log.warning("night %s kept in memory only for now: %s", night.code, exc)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.nights:
                return code
