"""One server per data folder: a second server on a folder in use exits at once with one line naming the folder and
who holds it; the lock dies with its process (SIGKILL included), so a crash never blocks the next start."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from storage.folder_lock import FolderInUse, is_locked, lock_folder, read_holder

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_cmd(data: Path, port: int) -> list[str]:
    return [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data), "--port", str(port),
            "--host", "127.0.0.1", "--no-mdns"]


def clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTEST_CURRENT_TEST", "NICEGUI_USER_SIMULATION")}


def wait_listening(proc: subprocess.Popen[bytes], port: int, timeout: float = 40) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the first server exited"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("the server did not start")


def start_second(data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(server_cmd(data, free_port()), cwd=ROOT, env=clean_env(), capture_output=True,
                          text=True, timeout=60, check=False)


def test_a_second_server_on_the_folder_is_refused_and_a_killed_one_leaves_no_lock(tmp_path: Path) -> None:
    data = tmp_path / "data"
    port = free_port()
    first = subprocess.Popen(server_cmd(data, port), cwd=ROOT, env=clean_env(), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    try:
        wait_listening(first, port)
        second = start_second(data)
        lines = [line for line in (second.stdout + second.stderr).splitlines() if line.strip()]
        assert second.returncode != 0
        assert len(lines) == 1 and "Traceback" not in second.stderr, lines
        assert str(data.resolve()) in lines[0]
        assert f"process {first.pid}" in lines[0] and f"port {port}" in lines[0], lines[0]
        assert first.poll() is None  # the first keeps running, untouched
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            pass
        assert is_locked(data)
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(10)
    assert not is_locked(data)  # the kernel dropped it with the process
    port = free_port()
    third = subprocess.Popen(server_cmd(data, port), cwd=ROOT, env=clean_env(), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    try:
        wait_listening(third, port)
        assert read_holder(data).pid == third.pid and read_holder(data).port == port
    finally:
        third.terminate()
        third.wait(15)


HOLDER = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from storage.folder_lock import close_inherited_locks, lock_folder
    lock_folder(Path(sys.argv[1]), port=1234, host="127.0.0.1")
    let_go, told = os.pipe()
    child = os.fork()
    if child == 0:  # a forked pool worker: lets go of what it inherited, then outlives its parent a while
        close_inherited_locks()
        os.write(told, b"x")
        time.sleep(5)
        os._exit(0)
    os.read(let_go, 1)  # (on a loaded machine the worker may not have run yet: the test waits for it, not a timer)
    print(child, flush=True)
    time.sleep(60)
""")


def test_a_forked_worker_does_not_keep_the_lock_after_its_server_dies(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout is not None
    child = int(proc.stdout.readline())
    try:
        with pytest.raises(FolderInUse) as refused:
            lock_folder(tmp_path)
        assert refused.value.holder.pid == proc.pid and refused.value.holder.port == 1234
        proc.kill()
        proc.wait(10)
        os.kill(child, 0)  # the worker is still alive ...
        assert not is_locked(tmp_path)  # ... and holds nothing
    finally:
        proc.kill()
        try:
            os.kill(child, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_the_lock_file_is_no_proof_only_the_lock_is(tmp_path: Path) -> None:
    (tmp_path / "server.lock").write_text('{"pid": 999999, "port": 8080}')  # left by a crashed server
    assert not is_locked(tmp_path)
    assert read_holder(tmp_path).port == 8080
    (tmp_path / "server.lock").write_text("garbage")
    assert read_holder(tmp_path).pid is None


def test_a_process_holds_one_folder_at_a_time(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.mkdir()
    second.mkdir()
    lock_folder(first, port=1)
    lock_folder(first, port=2)  # again: only who holds it changes
    assert read_holder(first).port == 2 and is_locked(first)
    lock_folder(second)  # a test process starting the app on a new folder lets go of the last one
    assert is_locked(second)
    probe = subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                            "from storage.folder_lock import is_locked; print(is_locked(Path(sys.argv[1])))",
                            str(first)], cwd=ROOT, capture_output=True, text=True, check=True)
    assert probe.stdout.strip() == "False"
