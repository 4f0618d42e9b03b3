"""Starting on a data folder the server cannot write: one clear line (which folder, why, what to do), a non-zero
exit and no traceback, whether the folder is empty or holds data. Uses a real read-only tmpfs when run as root
(skipped otherwise; the sentence itself is tested in tests/storage/test_save_faults.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def read_only_disk(tmp_path: Path) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.skip("mounting a read-only tmpfs needs root")
    mount = tmp_path / "ro"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def start(data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_CURRENT_TEST", "NICEGUI_USER_SIMULATION")}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "--data-dir", str(data_dir), "--port", "1",
                           "--host", "127.0.0.1", "--no-mdns"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60, check=False)


@pytest.mark.parametrize("with_data", [False, True])
def test_a_read_only_data_folder_stops_the_start_with_one_line(read_only_disk: Path, with_data: bool) -> None:
    data = read_only_disk / "data"
    if with_data:
        (data / "tables").mkdir(parents=True)
        (data / "tables" / "ABCD23.json").write_text('{"table": {}}')
        (data / "storage_secret.txt").write_text("x" * 43)
    subprocess.run(["mount", "-o", "remount,ro", str(read_only_disk)], check=True)
    done = start(data)
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert done.returncode != 0
    assert len(lines) == 1 and "Traceback" not in done.stderr, lines
    assert str(data.resolve()) in lines[0] and "read-only" in lines[0] and "start it again" in lines[0]
    if with_data:
        assert (data / "tables" / "ABCD23.json").read_text() == '{"table": {}}'  # nothing touched
