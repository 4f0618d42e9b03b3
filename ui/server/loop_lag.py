"""How late the event loop runs what is ready: the measure of a stall (issue 47: "during a flood of big texts the
event loop's lag stays at p99 <= 5 ms").

A task asks to wake every ``every`` seconds and records how much later than asked it woke: the time the loop was
busy with something else (a page being built, a big message decoded) plus the machine's own scheduling. Every
request, move and socket message on the loop waits about as long. Runs only with ``CARDNIGHT_TEST_HOOKS=1``; the
abuse bench reads and resets the figures through ``GET /test/loop-lag`` (ui/pages/test_hooks.py) around each flood.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import dataclass, field

MAX_SAMPLES = 200_000  # about an hour at 50 a second; older ones go first


def percentile(ordered: list[float], q: float) -> float:
    """The ``q`` quantile of sorted values (nearest rank); 0 for none."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


@dataclass
class LoopLag:
    every: float = 0.02  # seconds between two wake-ups asked for
    samples: deque[float] = field(default_factory=lambda: deque(maxlen=MAX_SAMPLES))  # ms late, oldest first
    since: float = field(default_factory=time.monotonic)

    async def run(self) -> None:
        """Sample for ever (a background task; cancelled at shutdown)."""
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.every)
            self.samples.append(max(0.0, (time.perf_counter() - asked - self.every) * 1000))

    def figures(self, reset: bool = False) -> dict[str, float]:
        """Samples since the last reset: how many, over how many seconds, p50/p95/p99/max ms late."""
        ordered = sorted(self.samples)
        found = {"n": float(len(ordered)), "seconds": round(time.monotonic() - self.since, 1),
                 **{f"p{round(q * 100)}": round(percentile(ordered, q), 2) for q in (0.5, 0.95, 0.99)},
                 "max": round(ordered[-1], 2) if ordered else 0.0}
        if reset:
            self.samples.clear()
            self.since = time.monotonic()
        return found
