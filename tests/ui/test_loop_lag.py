"""The event loop's lag as the abuse bench reads it (ui/server/loop_lag.py): a stall shows, a quiet loop does not."""

from __future__ import annotations

import asyncio
import time

from ui.server.loop_lag import LoopLag, percentile


async def test_a_stall_of_the_loop_shows_in_the_lag_and_a_reset_starts_afresh() -> None:
    lag = LoopLag(every=0.005)
    task = asyncio.create_task(lag.run())
    deadline = time.monotonic() + 10
    while lag.figures()["n"] < 10 and time.monotonic() < deadline:  # (a loaded machine: ten samples may take long)
        await asyncio.sleep(0.05)
    quiet = lag.figures(reset=True)
    assert quiet["n"] >= 10 and quiet["p50"] < 20, quiet  # (a loaded machine wakes a few ms late now and then)
    await asyncio.sleep(0.02)
    time.sleep(0.12)  # the loop held, as a page build or a big message would hold it
    await asyncio.sleep(0.05)
    stalled = lag.figures(reset=True)
    task.cancel()
    assert stalled["max"] >= 100, stalled
    assert stalled["n"] < quiet["n"], "the samples before the reset are gone"
    assert lag.figures()["n"] <= 1


def test_percentiles_by_nearest_rank() -> None:
    ordered = [float(n) for n in range(1, 101)]
    assert percentile(ordered, 0.5) == 51 and percentile(ordered, 0.99) == 99 and percentile(ordered, 1.0) == 100
    assert percentile([], 0.5) == 0.0
