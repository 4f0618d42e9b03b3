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
