"""load_or_create_secret: made once, kept private, reused."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from storage.secret import load_or_create_secret


def test_secret_is_created_once_and_reused(data_dir: Path) -> None:
    first = load_or_create_secret(data_dir)
    path = data_dir / "storage_secret.txt"
    assert path.read_text().strip() == first and len(first) >= 40
    assert load_or_create_secret(data_dir) == first
    assert load_or_create_secret(Path(str(data_dir))) == first
    assert load_or_create_secret(data_dir.parent / "other") != first


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_secret_file_is_private(data_dir: Path) -> None:
    load_or_create_secret(data_dir)
    path = data_dir / "storage_secret.txt"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.chmod(0o644)
    load_or_create_secret(data_dir)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_empty_secret_file_is_replaced(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / "storage_secret.txt").write_text("\n")
    secret = load_or_create_secret(data_dir)
    assert len(secret) >= 40 and load_or_create_secret(data_dir) == secret


@pytest.mark.parametrize(("junk", "why"), [(b"\x89PNG\r\n\x1a\n\x00\x00binary", "not text"),
                                           (b"\x00" * 64, "control characters"),
                                           (b"abc", "shorter than 16"),
                                           ("good-looking-secret\u202e-with-a-flip".encode(), "control characters")])
def test_a_damaged_secret_is_kept_aside_logged_and_told_to_the_host(data_dir: Path, junk: bytes, why: str,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    import logging

    from storage.health import HEALTH

    HEALTH.reset()
    data_dir.mkdir()
    (data_dir / "storage_secret.txt").write_bytes(junk)
    with caplog.at_level(logging.WARNING, logger="cardnight.storage"):
        secret = load_or_create_secret(data_dir)
    assert len(secret) >= 40 and load_or_create_secret(data_dir) == secret
    [kept] = data_dir.glob("storage_secret.txt.damaged-*")
    assert kept.read_bytes() == junk  # the damaged file itself, untouched, for the host to look at or put back
    [line] = [r.getMessage() for r in caplog.records if "storage_secret.txt" in r.getMessage()]
    assert why in line and kept.name in line and "new player" in line
    [notice] = HEALTH.notices
    assert notice.kind == "secret" and kept.name in notice.text
    HEALTH.reset()


def test_a_good_secret_is_never_moved(data_dir: Path) -> None:
    data_dir.mkdir()
    (data_dir / "storage_secret.txt").write_text("  a-secret-a-host-chose-1234  \n")
    assert load_or_create_secret(data_dir) == "a-secret-a-host-chose-1234"
    assert not list(data_dir.glob("*.damaged-*"))
