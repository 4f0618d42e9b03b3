"""The ``storage_secret`` NiceGUI needs for ``app.storage.user``: made once, kept in the data dir."""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import Callable
from pathlib import Path

from storage.atomic_json import atomic_write_text

log = logging.getLogger("cardnight.storage")

SECRET_FILE = "storage_secret.txt"


def load_or_create_secret(data_dir: Path) -> str:
    """Return the secret in ``<data_dir>/storage_secret.txt``, creating it (mode 0600) on first start.

    An empty or unreadable-as-text file is replaced by a new secret, with a warning (players'
    browser sessions then start afresh).
    """
    return load_or_create_private_text(Path(data_dir) / SECRET_FILE, lambda: secrets.token_urlsafe(32), 16, "Secret")


def load_or_create_private_text(path: Path, make: Callable[[], str], min_length: int, what: str) -> str:
    """The text kept in ``path`` (readable by the server's user only), or a new one from ``make()`` written there
    when the file is missing, not text or shorter than ``min_length`` (with a warning in the last two cases)."""
    try:
        text = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        text = ""
    except (UnicodeDecodeError, ValueError):
        log.warning("%s file %s is not text; making a new one", what, path)
        text = ""
    if len(text) >= min_length:
        try:
            os.chmod(path, 0o600)
        except OSError:  # e.g. a file owned by someone else; reading it was enough
            pass
        return text
    if path.exists():
        log.warning("%s file %s is empty or too short; making a new one", what, path)
    text = make()
    atomic_write_text(path, text + "\n")
    os.chmod(path, 0o600)
    return text
