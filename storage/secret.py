"""The ``storage_secret`` NiceGUI needs for ``app.storage.user``: made once, kept in the data dir."""

from __future__ import annotations

import logging
import os
import secrets
from pathlib import Path

from storage.atomic_json import atomic_write_text

log = logging.getLogger("cardnight.storage")

SECRET_FILE = "storage_secret.txt"


def load_or_create_secret(data_dir: Path) -> str:
    """Return the secret in ``<data_dir>/storage_secret.txt``, creating it (mode 0600) on first start.

    An empty or unreadable-as-text file is replaced by a new secret, with a warning (players'
    browser sessions then start afresh).
    """
    path = Path(data_dir) / SECRET_FILE
    try:
        secret = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        secret = ""
    except (UnicodeDecodeError, ValueError):
        log.warning("Secret file %s is not text; making a new secret", path)
        secret = ""
    if len(secret) >= 16:
        try:
            os.chmod(path, 0o600)
        except OSError:  # e.g. a file owned by someone else; reading it was enough
            pass
        return secret
    if path.exists():
        log.warning("Secret file %s is empty or too short; making a new secret", path)
    secret = secrets.token_urlsafe(32)
    atomic_write_text(path, secret + "\n")
    os.chmod(path, 0o600)
    return secret
