"""The ``storage_secret`` NiceGUI needs for ``app.storage.user``: made once, kept in the data dir.

A damaged secret file (not text, control characters in it, or too short) is never silently replaced: it is kept
aside as ``<name>.damaged-<UTC time>`` (put it back to restore everyone's identity), a new one is made, and the
log and the host console say so."""

from __future__ import annotations

import logging
import os
import secrets
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from storage.atomic_json import atomic_write_text
from storage.health import HEALTH

log = logging.getLogger("cardnight.storage")

SECRET_FILE = "storage_secret.txt"


def load_or_create_secret(data_dir: Path) -> str:
    """Return the secret in ``<data_dir>/storage_secret.txt``, creating it (mode 0600) on first start.

    A damaged file is kept aside and replaced by a new secret, with a warning in the log and the host console
    (players' browsers then start afresh: they are new players to this server)."""
    return load_or_create_private_text(Path(data_dir) / SECRET_FILE, lambda: secrets.token_urlsafe(32), 16, "Secret",
                                       consequence="every browser starts as a new player (names, seats and stats "
                                                   "of before are no longer theirs)")


def damage_of(raw: bytes, min_length: int) -> str | None:
    """Why the bytes of a secret file are not a usable secret (None when they are one)."""
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return "it is not text"
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co") for ch in text):
        return "it holds control characters"
    if len(text) < min_length:
        return "it is empty" if not text else f"it is shorter than {min_length} characters"
    return None


def keep_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``<name>.damaged-<UTC time>`` beside it; the new name, or None if that failed."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError:
        log.exception("Could not keep the damaged file %s aside", path)
        return None
    return target


def load_or_create_private_text(path: Path, make: Callable[[], str], min_length: int, what: str, *,
                                consequence: str = "the old one no longer works") -> str:
    """The text kept in ``path`` (readable by the server's user only), or a new one from ``make()`` written there
    when the file is missing or damaged (not text, control characters, shorter than ``min_length``): a damaged
    file is renamed aside first, and the log and the host console say so."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raw = None
    problem = None if raw is None else damage_of(raw, min_length)
    if raw is not None and problem is None:
        try:
            os.chmod(path, 0o600)
        except OSError:  # e.g. a file owned by someone else; reading it was enough
            pass
        return raw.decode("utf-8").strip()
    if raw is not None:
        kept = keep_aside(path)
        where = f"kept as {kept.name}" if kept is not None else "could not be kept"
        log.warning("%s file %s was damaged (%s): %s; made a new one, so %s. To undo, stop the server and rename "
                    "the kept file back.", what, path, problem, where, consequence)
        HEALTH.notice("secret", f"The {what.lower()} file {path.name} was damaged ({problem}) and was replaced: "
                                f"{consequence}. The damaged file is {where} in the data folder.")
    text = make()
    atomic_write_text(path, text + "\n")
    os.chmod(path, 0o600)
    return text
