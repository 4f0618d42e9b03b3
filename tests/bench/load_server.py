"""The app as main.py wires it, plus a keeper that holds N computer-only tables live (used by load_tables.py).

    python tests/bench/load_server.py --port 8090 --data-dir /tmp/load --tables 200

Finished tables are counted and replaced at once; ``GET /bench/stats`` returns JSON figures: finished games,
live tables, stalled tables (playing but no move for 60 s), moves, ticker lag.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--tables", type=int, default=200)
    args = parser.parse_args()
    data_dir = Path(args.data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("NICEGUI_STORAGE_PATH", str((data_dir / "nicegui").resolve()))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    from nicegui import app, ui

    from logic.registry import all_games
    from logic.table import STATUS_PLAYING
    from storage.secret import load_or_create_secret
    from tests.bench.crash_restart import computer_table
    from ui.pages import register_pages
    from ui.server.runtime import Runtime, build_hub, set_runtime

    hub = build_hub(data_dir)
    hub.load()
    set_runtime(Runtime(hub=hub, data_dir=data_dir, host="127.0.0.1", port=args.port))
    register_pages()
    app.on_startup(hub.start_ticker)
    app.on_shutdown(hub.save_all)

    keys = [g.key for g in all_games()]
    rng = random.Random(7)
    mine: dict[str, tuple[int, float]] = {}  # code -> (log length, when it last grew)
    stats = {"finished": 0, "created": 0, "finished_by_game": {k: 0 for k in keys}}

    def keep() -> None:
        now = time.time()
        for code in list(mine):
            table = hub.registry.tables.get(code)
            if table is None or table.status != STATUS_PLAYING:
                if table is not None:
                    stats["finished"] += 1
                    stats["finished_by_game"][table.game_key] += 1
                    hub.remove(code)
                mine.pop(code)
                continue
            if len(table.log) != mine[code][0]:
                mine[code] = (len(table.log), now)
        while len(mine) < args.tables:
            key = keys[stats["created"] % len(keys)]
            table = computer_table(key, hub.registry.new_code(), rng.randrange(1 << 30))
            hub.registry.tables[table.code] = table
            hub.changed(table)
            mine[table.code] = (0, now)
            stats["created"] += 1

    app.timer(0.5, keep)
    loop_lag: list[float] = []

    async def probe() -> None:
        """How late the event loop wakes a 50 ms sleeper: what every page's answer waits for too."""
        import asyncio

        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(0.05)
            loop_lag.append(time.perf_counter() - t0 - 0.05)
            del loop_lag[:-400]

    app.on_startup(probe)

    @app.get("/bench/stats")
    def bench_stats() -> dict:
        now = time.time()
        lag = sorted(hub.ticker_lag[-200:]) or [0.0]
        late = sorted(loop_lag) or [0.0]
        return {**stats, "live": len(mine), "all_tables": len(hub.registry.tables),
                "stalled": sum(1 for _, (_, t) in mine.items() if now - t > 60),
                "moves_live": sum(n for n, _ in mine.values()),
                "tick_p50": lag[len(lag) // 2], "tick_max": lag[-1],
                "loop_late_p50": late[len(late) // 2], "loop_late_max": late[-1]}

    ui.run(host="127.0.0.1", port=args.port, title="Card Night load", reload=False, show=False,
           storage_secret=load_or_create_secret(data_dir), reconnect_timeout=10.0)


if __name__ == "__main__":
    main()
