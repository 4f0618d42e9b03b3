"""Finished games as the pages need them: the archived record (cached: it never changes) and the position it began
from. Pages and the table screen look them up here and hand them to the components (which know no server)."""

from __future__ import annotations

import re
from typing import Any

from ui.server.practice import start_snapshot
from ui.server.runtime import runtime

CODE_RE = re.compile(r"^[A-Z0-9]{4,12}$")
KEEP = 500  # archived records kept in memory (``Runtime.finished_records``)


def find_finished(code: str) -> dict[str, Any] | None:
    """The archived record of a finished table, or None (finished records never change, so they are cached)."""
    code = (code or "").strip().upper()
    if not CODE_RE.match(code):
        return None
    rt = runtime()
    records = rt.finished_records
    if code not in records:
        found = rt.hub.main.finished_game(code)
        if found is None:
            return None
        records[code] = found
        for old in list(records)[:-KEEP]:
            del records[old]
    return records[code]


def finished_start(record: dict[str, Any]) -> dict[str, Any] | None:
    """The snapshot finished game ``record`` began from (a practice table started from a position), or None for a
    game that began with a new deal."""
    return start_snapshot(runtime().hub.starts, str(record.get("code")))
