"""NiceGUI's per-browser storage outside a request: a browser's ``app.storage.user`` from a background task, and
every storage file written again once a full disk takes writes. Reads NiceGUI's private ``Storage._users`` and
``_general``. Breaks on upgrade: tests/ui/test_profile_settings.py, tests/ui/test_save_faults_pages.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nicegui import app
from nicegui.persistence.file_persistent_dict import FilePersistentDict
from nicegui.storage import Storage


def storage_dir() -> Path:
    """The folder NiceGUI keeps each browser's storage file in (``Storage.path``, set from its environment)."""
    return Path(Storage.path)


def session_store(session_id: object) -> Any | None:
    """``app.storage.user`` of the browser with this session id, or None. Pages redraw in background tasks
    (another player's move) without a request; NiceGUI keeps the same dicts in ``app.storage._users``."""
    users = app.storage._users  # noqa: SLF001
    return users.get(session_id) if session_id in users else None


def rewrite_user_storage() -> int:
    """Write NiceGUI's per-browser storage files (``app.storage.user`` of every browser seen, and the general
    storage) once more, e.g. after a full disk refused their writes: NiceGUI writes a file only when it changes.
    Reads NiceGUI's private ``Storage._users`` and ``_general``."""
    stores = [*app.storage._users.values(), app.storage._general]  # noqa: SLF001
    count = 0
    for store in stores:
        if isinstance(store, FilePersistentDict) and store:
            store.backup()
            count += 1
    return count
