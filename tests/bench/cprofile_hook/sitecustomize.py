"""Loaded by the server's Python when ``bench_latency.py`` puts this folder on PYTHONPATH. Between SIGUSR1 and SIGUSR2
(the moves of a round) it counts the cycle collector's runs and time by generation, written as JSON to
``$CARDNIGHT_GC_TIMES``, and with ``$CARDNIGHT_CPROFILE`` it runs cProfile on the main thread (by its CPU time; the
event loop: every page update and move) and writes its stats there. Call counts are exact whatever the machine's
load, so two commits can be compared by what they do per move, not only by how long it took; the collector's time is
where a commit that keeps more objects alive pays for them (it lands in whatever function allocates, so a profile
spreads it thin). With ``$CARDNIGHT_GC_SLOW_MS`` every collection that takes longer is printed to stderr (the
server's log)."""

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

    # by the main thread's CPU time: under a CPU quota the wall clock charges the quota's stalls to whatever function
    # was running when they struck (``CARDNIGHT_CPROFILE_CLOCK=wall`` for the wall clock)
    _clock = time.perf_counter if os.environ.get("CARDNIGHT_CPROFILE_CLOCK") == "wall" else time.thread_time
    _profile = cProfile.Profile(_clock) if _profile_to else None
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


# With ``$CARDNIGHT_STALL_MS`` (the server only): a watchdog thread looks at the main thread every 20 ms; when the
# event loop has been away from its ``select`` (busy, or runnable but not given the CPU) for longer, it prints the
# main thread's stack every quarter second of that stretch and, at its end, how long it lasted, with how much of
# that the process's cgroup spent throttled (its CPU quota used up: by the pool workers too, which share it).
_stall_ms = float(os.environ.get("CARDNIGHT_STALL_MS") or 0)


def _cgroup_throttled_ns() -> int:
    try:
        for line in open("/proc/self/cgroup", encoding="utf-8"):
            _id, controllers, path = line.rstrip("\n").split(":", 2)
            if "cpu" in controllers.split(",") or controllers == "":
                base = "/sys/fs/cgroup/" + ("cpu,cpuacct" if controllers else "")
                for name in (f"{base}{path}/cpu.stat", f"/sys/fs/cgroup/cpu{path}/cpu.stat"):
                    if os.path.exists(name):
                        stat = dict(row.split() for row in open(name, encoding="utf-8"))
                        return int(stat.get("throttled_time", 0)) or int(stat.get("throttled_usec", 0)) * 1000
    except (OSError, ValueError):
        pass
    return 0


def _watch_stalls() -> None:
    import threading
    import traceback

    main_id = threading.main_thread().ident
    state = {"since": 0.0, "next_dump": 0.0, "throttled": 0}

    def idle(frame: object) -> bool:
        code = getattr(frame, "f_code", None)
        if code is None:
            return False
        if code.co_name == "run" and code.co_filename.endswith("runners.py"):
            return True  # uvloop: waiting (or running its own C code) below asyncio.Runner.run, no Python frame above
        return code.co_name in ("select", "poll") and "selectors" in code.co_filename

    def watch() -> None:
        while True:
            time.sleep(0.02)
            frame = sys._current_frames().get(main_id)
            now = time.monotonic()
            if frame is None or idle(frame):
                if state["since"] and (now - state["since"]) * 1000 >= _stall_ms:
                    throttled = (_cgroup_throttled_ns() - state["throttled"]) / 1e6
                    print(f"stall: ended at {time.strftime('%H:%M:%S')}, {(now - state['since']) * 1000:.0f} ms away "
                          f"from select, cgroup throttled {throttled:.0f} ms of it", file=sys.stderr, flush=True)
                state["since"] = 0.0
                continue
            if not state["since"]:
                state.update(since=now, next_dump=now + _stall_ms / 1000, throttled=_cgroup_throttled_ns())
            elif now >= state["next_dump"]:
                state["next_dump"] = now + 0.25
                stack = "".join(traceback.format_stack(frame)[-12:])
                print(f"stall: {(now - state['since']) * 1000:.0f} ms at {time.strftime('%H:%M:%S')}, main thread:\n"
                      f"{stack}", file=sys.stderr, flush=True)

    threading.Thread(target=watch, name="stall-watch", daemon=True).start()


if _stall_ms and sys.argv and sys.argv[0].endswith("main.py"):
    _watch_stalls()


# With ``$CARDNIGHT_GARBAGE_EVERY`` = S (the server only): the cycle collector keeps what it finds unreachable
# (gc.DEBUG_SAVEALL), and every S seconds a thread prints what kinds of object that garbage was, most first, then
# lets it go: what makes the server's full collections long.
_garbage_every = float(os.environ.get("CARDNIGHT_GARBAGE_EVERY") or 0)


def _garbage_census() -> None:
    import collections
    import threading

    gc.set_debug(gc.DEBUG_SAVEALL)

    def census() -> None:
        while True:
            time.sleep(_garbage_every)
            found = list(gc.garbage)
            gc.set_debug(0)
            del gc.garbage[:]
            kinds = collections.Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in found)
            del found
            gc.collect()
            gc.set_debug(gc.DEBUG_SAVEALL)
            print(f"garbage: {sum(kinds.values())} in {_garbage_every:.0f} s; "
                  + ", ".join(f"{k} {n}" for k, n in kinds.most_common(40)), file=sys.stderr, flush=True)

    threading.Thread(target=census, name="garbage-census", daemon=True).start()


if _garbage_every and sys.argv and sys.argv[0].endswith("main.py"):
    _garbage_census()
