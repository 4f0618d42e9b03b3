"""The archiver of finished games: a table whose game is over is added once to the finished games
(:class:`storage.archive.MainStore`) and handed on to be reviewed.

Which tables it has seen over is kept here (by code), not on the table. While the disk refuses the write the game
waits here and :meth:`Archiver.retry` (the ticker's disk pass) tries again once the disk takes writes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from logic.table import STATUS_OVER, Table
from storage.archive import MainStore
from storage.health import is_disk_fault


def wall_date(clock: Callable[[], float], wall: Callable[[], float], moment: float | None) -> float:
    """A moment on the tables' ``clock`` (None: now) as a wall-clock date, for people."""
    now = clock()
    return wall() - (now - (now if moment is None else moment))


class Archiver:
    def __init__(self, main: MainStore, wall_of: Callable[[float | None], float],
                 finished: Callable[[Table], None]) -> None:
        """``wall_of(moment)``: a moment on the tables' clock as a wall-clock date; ``finished(table)``: called once
        a game is archived (the review runner's ``game_finished``)."""
        self.main = main
        self.wall_of = wall_of
        self._finished = finished
        self._seen: set[str] = set()  # tables whose end was handled (archived, already archived, or no outcome)
        self._archived_codes: set[str] | None = None  # every archived code (read once, at the first game's end)
        self.waiting: dict[str, Table] = {}  # finished games whose archiving waits for the disk

    def changed(self, table: Table) -> None:
        """After any saved change: archive the table's game if it is over now and has not been handled."""
        if table.status == STATUS_OVER and table.code not in self._seen:
            self._archive(table)

    def retry(self) -> None:
        """The disk may take writes again: archive the games that waited for it."""
        for table in list(self.waiting.values()):
            self._archive(table)

    def forget(self, code: str) -> None:
        """A table is removed (expired): a new table could get its code."""
        self._seen.discard(code)

    def _archive(self, table: Table) -> None:
        self._seen.add(table.code)
        outcome = table.game.outcome(table.state)
        if outcome is None:
            return
        if self._archived_codes is None:  # read (and validate) the finished games once, not at every game's end
            self._archived_codes = {g.code for g in self.main.finished_games()}
        if table.code in self._archived_codes:
            return
        self._archived_codes.add(table.code)
        try:
            self._add_finished(table, outcome)
        except OSError as exc:
            if not is_disk_fault(exc):
                raise
            self._archived_codes.discard(table.code)
            self.waiting[table.code] = table  # archived once the disk takes writes again (see retry)
            return
        self.waiting.pop(table.code, None)

    def _add_finished(self, table: Table, outcome: Any) -> None:
        self.main.add_finished({
            "code": table.code, "game": table.game_key, "practice": table.practice,
            "finished_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.wall_of(table.finished_at))),
            "players": [{"player_id": s.player_id, "name": s.name, "emoji": s.emoji, "bot": s.bot}
                        for s in table.seats],
            "scores": list(outcome.scores), "places": list(outcome.places), "winners": list(outcome.winners),
            "options": table.options, "seed": table.seed, "log": table.log,
            **({"same_deals_as": table.same_deals_as} if table.same_deals_as else {}),  # duplicate deals
        })
        self._finished(table)  # reviewed in the worker pool, people's seats first
