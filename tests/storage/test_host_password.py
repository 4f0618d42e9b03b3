"""The host console password: made once, private, reused; a too-short one is replaced."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from storage.host_password import load_or_create_host_password


def test_the_password_is_made_once_and_kept(data_dir: Path) -> None:
    data_dir.mkdir()
    first = load_or_create_host_password(data_dir)
    assert len(first) == 19 and first.count("-") == 3
    assert load_or_create_host_password(data_dir) == first
    (data_dir / "host_password.txt").write_text("my own long password\n")  # a host may choose one
    assert load_or_create_host_password(data_dir) == "my own long password"
    (data_dir / "host_password.txt").write_text("short\n")
    assert load_or_create_host_password(data_dir) not in ("short", first)


@pytest.mark.skipif(os.name == "nt", reason="POSIX permissions")
def test_the_password_file_is_private(data_dir: Path) -> None:
    data_dir.mkdir()
    load_or_create_host_password(data_dir)
    assert stat.S_IMODE((data_dir / "host_password.txt").stat().st_mode) == 0o600
