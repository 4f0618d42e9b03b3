"""The process that thinks for the strongest computer players ends with the server, even a killed one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

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
