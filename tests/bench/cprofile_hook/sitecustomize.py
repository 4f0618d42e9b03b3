"""Loaded by the server's Python when ``bench_latency.py --cprofile`` puts this folder on PYTHONPATH: SIGUSR1 starts
cProfile on the main thread (the event loop: every page update and move), SIGUSR2 stops it and writes the stats to
``$CARDNIGHT_CPROFILE``. Call counts are exact whatever the machine's load, so two commits can be compared by what
they do per move, not only by how long it took."""

from __future__ import annotations

import cProfile
import os
import signal

_target = os.environ.get("CARDNIGHT_CPROFILE")
if _target:
    _profile = cProfile.Profile()

    def _start(_signum: int, _frame: object) -> None:
        _profile.enable()

    def _stop(_signum: int, _frame: object) -> None:
        _profile.disable()
        _profile.dump_stats(_target)

    signal.signal(signal.SIGUSR1, _start)
    signal.signal(signal.SIGUSR2, _stop)
