"""Opt-in timing of the way from a change to the pages (for tests/bench/bench_latency.py).

Set ``CARDNIGHT_SAVE_TIMING=<file>`` and the hub appends one line per change its pages are told of:
``code version started written told`` (wall-clock seconds): when the change was made, when its record had
replaced the table's file (writer thread) and when the pages were told (event loop). Off by default.
"""

from __future__ import annotations

import os
import time
from typing import TextIO


class SaveTiming:
    def __init__(self, out: TextIO) -> None:
        self.out = out
        self._started: dict[str, float] = {}
        self._written: dict[str, float] = {}

    @classmethod
    def from_env(cls) -> SaveTiming | None:
        path = os.environ.get("CARDNIGHT_SAVE_TIMING")
        return cls(open(path, "a", buffering=1, encoding="utf-8")) if path else None  # noqa: SIM115

    def started(self, code: str) -> None:
        self._started[code] = time.time()

    def written(self, code: str) -> None:  # called from the writer thread
        self._written[code] = time.time()

    def told(self, code: str, version: int) -> None:
        started, written = self._started.pop(code, None), self._written.get(code)
        if started is not None and written is not None:
            self.out.write(f"{code} {version} {started:.4f} {written:.4f} {time.time():.4f}\n")
