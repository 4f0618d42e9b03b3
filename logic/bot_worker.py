"""The one function a computer player's move goes through, light enough for a fresh worker process.

The server runs the strongest (searching) level in a process pool started with "spawn": each worker imports only
this module and the rules, not the web app.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import threading
from typing import Any

from logic.registry import get_game
from logic.view_types import TableView


def choose_bot_action(game_key: str, level: str, view: TableView, legal: list[Any], rng_key: str) -> Any:
    """The move of a ``level`` computer player that sees ``view`` and may play ``legal``."""
    if len(legal) == 1:  # nothing to think about (e.g. Rummy's draw for the first deal)
        return legal[0]
    return get_game(game_key).make_bot(level).choose(view, legal, random.Random(rng_key))


_watching = False


def exit_with_parent() -> bool:
    """In a worker process, end it when the server ends, however the server ended.

    A server killed outright (power button, `kill -9`, the OOM killer) cannot stop its pool, and a worker waiting
    for work would otherwise live on, one more after every crash: the pool's queue is shared by every worker, so
    none of them ever sees it close. Returns whether a watch was started (once per process)."""
    global _watching
    parent = multiprocessing.parent_process()
    if parent is None or _watching:
        return False
    _watching = True

    def watch() -> None:
        parent.join()  # returns once the parent's sentinel pipe closes, i.e. when it has died
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-server", daemon=True).start()
    return True


WORKER_NICE = 10


def start_pool_worker() -> None:
    """Where each worker of the server's process pool starts (NiceGUI's ``run.cpu_bound`` pool, see
    ``ui/nicegui_internals.py``): Ctrl-C is the server's to handle, and the worker ends with the server. Every
    worker runs it: the watch started when this module is imported missed the workers that ran only reviews.

    A worker also runs at a lower priority (``WORKER_NICE``): where the host has one core for everything (a
    Raspberry-Pi-class host, issue 50), a search or a review yields the CPU to the event loop every page waits on, and
    takes what the loop leaves."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()
    if hasattr(os, "nice"):  # (not on Windows)
        try:
            os.nice(WORKER_NICE)
        except OSError:
            pass


exit_with_parent()
