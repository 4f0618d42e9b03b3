"""The host console's password, for opening ``/host`` from another device: made once, kept in the data dir
(``host_password.txt``, readable by the server's user only), printed when the server starts."""

from __future__ import annotations

import secrets
from pathlib import Path

from storage.secret import load_or_create_private_text

PASSWORD_FILE = "host_password.txt"
ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # easy to read aloud and type on a phone: no 0/o, 1/l/i
MIN_LENGTH = 12


def new_password() -> str:
    """Four groups of four, e.g. ``k7qd-m3px-2hrt-9fwa`` (about 79 bits)."""
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(4)) for _ in range(4))


def load_or_create_host_password(data_dir: Path) -> str:
    """The password in ``<data_dir>/host_password.txt``, made (mode 0600) when missing or too short. A host may
    put a password of their own in the file (at least 12 characters)."""
    return load_or_create_private_text(Path(data_dir) / PASSWORD_FILE, new_password, MIN_LENGTH, "Host password")
