"""The real server (``main.main()``) with two extra routes for ``bench_scale.py``. Not for production.

    python tests/bench/scale_server.py --host 127.0.0.1 --port 8123 --data-dir /tmp/x

* ``GET /bench/fill?n=200&speed=1&level=&games=president,rummy,beanie,stockpile``: ``n`` computer-only tables,
  made by the hub like practice tables (``hub.create``), then the host's seat is given to a computer player
  too. Games rotate through ``games``; ``level`` defaults to each game's practice level.
* ``GET /bench/stats?reset=1``: figures since the last reset: ``hub.ticker_lag`` (the time one ticker pass
  takes), how late each tick started (``Hub.run_ticker`` calls ``hub.tick`` every 0.1 s), event-loop lag from a
  10 ms asyncio probe, moves made, tables, and resident memory of this process and its children.

Everything else is exactly ``main.py``: same pages, ticker, hub, storage and bots.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nicegui import Client  # noqa: E402

import main as cardnight  # noqa: E402
from ui.server import hub as hub_module  # noqa: E402

TICK_STARTS: list[float] = []
LOOP_LAGS: list[float] = []
MARK = {"ticks": 0, "lags": 0, "ticker": 0, "moves": 0, "at": time.perf_counter()}
_original_tick = hub_module.Hub.tick


async def _timed_tick(self: hub_module.Hub) -> None:  # the ticker calls Hub.tick: patched before main.py starts it
    TICK_STARTS.append(time.perf_counter())
    await _original_tick(self)


hub_module.Hub.tick = _timed_tick  # type: ignore[method-assign]


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    kids.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return kids


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def install() -> None:
    from nicegui import app

    from logic.registry import get_game
    from logic.table import STATUS_PLAYING, Seat
    from ui.server.runtime import runtime

    async def probe() -> None:
        interval = 0.010
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(interval)
            LOOP_LAGS.append(time.perf_counter() - t0 - interval)
            del LOOP_LAGS[:-200_000]

    app.on_startup(lambda: asyncio.get_running_loop().create_task(probe()))

    @app.get("/bench/fill")
    def fill(n: int = 200, speed: float = 1.0, level: str = "", games: str = "president,rummy,beanie,stockpile"):
        hub = runtime().hub
        caps = hub.registry.caps
        caps.per_minute = caps.open_per_browser = caps.open_per_address = 10**9  # one bench host, many
        keys = games.split(",")
        made = []
        for i in range(n):
            key = keys[i % len(keys)]
            game = get_game(key)
            lv = level if level in game.bot_levels else game.bot_levels[min(1, len(game.bot_levels) - 1)]
            table = hub.create(key, "bench-host", "Host", "x", options={}, practice=True, level=lv, seed=1000 + i,
                               speed=speed)
            table.seats[0] = Seat(player_id="bot-0", name="Bot", emoji="x", bot=lv)
            hub.changed(table)
            made.append(table.code)
        return {"made": len(made), "tables": len(hub.registry.tables)}

    @app.get("/bench/stats")
    def stats(reset: int = 0):
        hub = runtime().hub
        now = time.perf_counter()
        ticks = TICK_STARTS[MARK["ticks"]:]
        late = [b - a - 0.1 for a, b in zip(ticks, ticks[1:], strict=False)]
        lags = LOOP_LAGS[MARK["lags"]:]
        ticker = hub.ticker_lag[-max(0, len(ticks)):] if ticks else []
        moves = sum(len(t.log) for t in hub.registry.tables.values())
        pid = os.getpid()
        kids = children(pid)
        out = {
            "seconds": now - MARK["at"], "tables": len(hub.registry.tables),
            "playing": sum(1 for t in hub.registry.tables.values() if t.status == STATUS_PLAYING),
            "moves": moves - MARK["moves"], "ticks": len(ticks),
            "ticker_p50": pct(ticker, 0.5), "ticker_p95": pct(ticker, 0.95), "ticker_max": max(ticker, default=0),
            "tick_late_p50": pct(late, 0.5), "tick_late_p95": pct(late, 0.95), "tick_late_max": max(late, default=0),
            "loop_p50": pct(lags, 0.5), "loop_p95": pct(lags, 0.95), "loop_p99": pct(lags, 0.99),
            "loop_max": max(lags, default=0),
            "clients": len(Client.instances),  # pages the server keeps (a dropped table page is kept 6 min)
            "rss_kb": rss_kb(pid), "children_rss_kb": sum(rss_kb(k) for k in kids), "children": len(kids),
        }
        if reset:
            MARK.update(ticks=len(TICK_STARTS), lags=len(LOOP_LAGS), moves=moves, at=now)
        return out


if __name__ == "__main__":
    install()
    cardnight.main()
