"""From the old layout, one TinyDB file ``<data_dir>/reviews.json`` holding every review, to one file per game.

Crash-safe and idempotent: every game's file is written whole (``atomic_write_text``) before the old file is renamed
to ``reviews.json.migrated`` (kept, never deleted), so a crash half-way leaves the old file in place and the next start
goes through it again. A seat already in a game's file (written by an earlier, cut-off migration) is kept as it is.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from storage.atomic_json import fsync_dir, quarantine, salvage
from storage.tables import check_code

log = logging.getLogger("cardnight.storage")

LEGACY_NAME = "reviews.json"
MIGRATED_SUFFIX = ".migrated"

# (code, seat records by seat) -> write the game's file, keeping the seats it already holds; True if it wrote
Merge = Callable[[str, dict[int, dict[str, Any]]], bool]


def legacy_records(path: Path) -> dict[str, dict[int, dict[str, Any]]]:
    """The records of the old file by game code and seat (of two for a seat, the later one); a damaged file gives
    what can be salvaged from it (and a copy is kept aside)."""
    raw = path.read_bytes()
    text = raw.decode("utf-8", errors="replace")
    try:
        data: Any = json.loads(raw.decode("utf-8")) if raw.strip() else {}
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        data = salvage(text)
        quarantine(path, f"unreadable JSON: {exc}; salvaged {sum(len(t) for t in data.values())} review(s)")
    table = data.get("reviews") if isinstance(data, dict) else None
    out: dict[str, dict[int, dict[str, Any]]] = {}
    if not isinstance(table, dict):
        return out

    def order(item: tuple[str, Any]) -> int:
        return int(item[0]) if str(item[0]).isdigit() else 0

    for _doc_id, doc in sorted(table.items(), key=order):  # later documents replace earlier ones of a seat
        if not isinstance(doc, dict) or not isinstance(doc.get("seat"), int):
            continue
        try:
            code = check_code(doc.get("code"))
        except ValueError:
            log.warning("Migrating reviews: skipping a record with a bad game code %r", doc.get("code"))
            continue
        out.setdefault(code, {})[doc["seat"]] = doc
    return out


def migrated_name(path: Path) -> Path:
    """``reviews.json.migrated`` (or ``...migrated-<n>`` if an earlier migration's file is there: never replaced)."""
    target = path.with_name(path.name + MIGRATED_SUFFIX)
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}{MIGRATED_SUFFIX}-{n}")
        n += 1
    return target


def migrate(data_dir: Path, merge: Merge) -> int:
    """Split ``<data_dir>/reviews.json`` into per-game files through ``merge``, then rename it; the number of games
    whose file was written (0 if there is no old file). Raises OSError if a file cannot be written (the old file
    then stays, and the next start tries again)."""
    path = Path(data_dir) / LEGACY_NAME
    if not path.is_file():
        return 0
    records = legacy_records(path)
    written = sum(1 for code, seats in records.items() if merge(code, seats))
    target = migrated_name(path)
    os.replace(path, target)
    fsync_dir(path.parent)
    log.info("Reviews: moved %d game(s) from %s to one file per game; the old file is kept as %s",
             len(records), path, target.name)
    return written
