"""The process that thinks for the strongest computer players ends with the server, even a killed one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from logic.bot_worker import WORKER_NICE

ROOT = Path(__file__).resolve().parents[2]

SERVER_LIKE = """
import os, sys, time
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from logic.bot_worker import exit_with_parent
pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=exit_with_parent)
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(60)
"""


def nice_of(pid: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, pid)


def this_host_lowers_priority() -> bool:
    """Whether a process that asks for a lower priority gets it here (some sandboxes ignore ``nice``)."""
    child = subprocess.Popen([sys.executable, "-c", "import os, sys, time; os.nice(5); print(flush=True); "
                              "time.sleep(5)"], stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None
        child.stdout.readline()
        return nice_of(child.pid) == os.getpriority(os.PRIO_PROCESS, 0) + 5
    finally:
        child.kill()
        child.wait()


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"  # a zombie has ended; reaping it is its new parent's business


def test_worker_ends_when_the_server_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", SERVER_LIKE], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        worker = int(parent.stdout.readline())
        assert alive(worker)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 10
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not alive(worker), "the worker outlived the killed server"
    finally:
        parent.kill()


def test_no_watch_in_the_server_itself() -> None:
    from logic.bot_worker import exit_with_parent

    assert exit_with_parent() is False


def children(pid: int) -> set[int]:
    out = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        out |= {int(c) for c in (task / "children").read_text().split()}
    return out


def test_the_real_servers_pool_workers_end_when_it_is_killed(tmp_path: Path) -> None:
    """main.py as a host runs it: a table of searching computer players starts the pool; after ``kill -9`` of the
    server no worker lives on (NiceGUI's pool shares one queue among its workers, so they never see it close: each
    must watch the server itself, see ``start_pool_worker``)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = (tmp_path / "server.log").open("wb")
    server = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--host", "127.0.0.1", "--port", str(port),
                               "--data-dir", str(tmp_path / "data")], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                              env={k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"})  # not a test
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "the server did not start"
                time.sleep(0.2)
        import httpx

        answer = httpx.get(f"http://127.0.0.1:{port}/new/president?players=4&bots=3&level=expert&speed=0")
        assert answer.status_code == 303
        workers: set[int] = set()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            workers = {pid for pid in children(server.pid)
                       if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")}
            if len(workers) >= 2:
                break
            time.sleep(0.2)
        assert workers, "no pool worker started"
        if this_host_lowers_priority():  # each worker yields the CPU to the server's event loop ...
            lowered = nice_of(server.pid) + WORKER_NICE
            deadline = time.monotonic() + 30  # ... once it has started (imported, ran its initializer)
            while any(nice_of(w) != lowered for w in workers) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert {w: nice_of(w) for w in workers} == {w: lowered for w in workers}
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        deadline = time.monotonic() + 10
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(alive(w) for w in workers), "a pool worker outlived the killed server"
    finally:
        server.kill()
        server.wait(10)
