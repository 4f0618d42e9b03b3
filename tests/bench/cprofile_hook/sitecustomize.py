"""Loaded by the server's Python when ``bench_latency.py`` puts this folder on PYTHONPATH. Between SIGUSR1 and
SIGUSR2 (the moves of a round) it counts the cycle collector's runs and time by generation, written as JSON to
``$CARDNIGHT_GC_TIMES``, and with ``$CARDNIGHT_CPROFILE`` it runs cProfile on the main thread (the event loop: every
page update and move) and writes its stats there. Call counts are exact whatever the machine's load, so two commits
can be compared by what they do per move, not only by how long it took; the collector's time is where a commit that
keeps more objects alive pays for them (it lands in whatever function allocates, so a profile spreads it thin).
With ``$CARDNIGHT_GC_SLOW_MS`` every collection that takes longer is printed to stderr (the server's log)."""

from __future__ import annotations

import gc
import json
import os
import signal
import sys
import time

_profile_to = os.environ.get("CARDNIGHT_CPROFILE")
_gc_to = os.environ.get("CARDNIGHT_GC_TIMES")
_slow_ms = float(os.environ.get("CARDNIGHT_GC_SLOW_MS") or 0)  # print each collection that takes longer
_runs = {"runs": [0, 0, 0], "seconds": [0.0, 0.0, 0.0], "on": False, "started": 0.0}


def _on_gc(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _runs["started"] = time.perf_counter()
        return
    spent = time.perf_counter() - _runs["started"]
    if _slow_ms and spent * 1000 >= _slow_ms:
        print(f"gc: generation {info['generation']} took {spent * 1000:.0f} ms, {info['collected']} collected, "
              f"{len(gc.get_objects())} tracked, {gc.get_freeze_count()} frozen", file=sys.stderr, flush=True)
    if _runs["on"]:
        _runs["runs"][info["generation"]] += 1
        _runs["seconds"][info["generation"]] += spent


if _slow_ms:
    gc.callbacks.append(_on_gc)


def _census(_signum: int, _frame: object) -> None:
    """SIGUSR1 without a profile or collector timing asked for: the kinds of object the collector tracks, most first,
    and which modules' classes they are (what a server that grew is made of)."""
    import collections

    kinds = collections.Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects())
    print(f"census: {sum(kinds.values())} tracked; " + ", ".join(f"{k} {n}" for k, n in kinds.most_common(25)),
          file=sys.stderr, flush=True)


if _slow_ms and not (_profile_to or _gc_to):
    signal.signal(signal.SIGUSR1, _census)
if _profile_to or _gc_to:
    import cProfile

    _profile = cProfile.Profile() if _profile_to else None
    if not _slow_ms:
        gc.callbacks.append(_on_gc)

    def _start(_signum: int, _frame: object) -> None:
        _runs.update(runs=[0, 0, 0], seconds=[0.0, 0.0, 0.0], on=True)
        if _profile is not None:
            _profile.enable()

    def _stop(_signum: int, _frame: object) -> None:
        _runs["on"] = False
        if _profile is not None and _profile_to:
            _profile.disable()
            _profile.dump_stats(_profile_to)
        if _gc_to:
            with open(_gc_to, "w", encoding="utf-8") as out:
                json.dump({"runs": _runs["runs"], "seconds": _runs["seconds"],
                           "tracked": len(gc.get_objects()), "frozen": gc.get_freeze_count()}, out)

    signal.signal(signal.SIGUSR1, _start)
    signal.signal(signal.SIGUSR2, _stop)
