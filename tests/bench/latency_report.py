"""Accounting and report of bench_latency.py: latencies from the pages' notes, the server's save timing, CPU per
process (/proc) and per page (Chromium's Performance domain), and the printed table."""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

from playwright.async_api import CDPSession

TARGET_P95 = 0.100
TARGET_BYTES = 5 * 1024


def pct(xs: list[float], q: float) -> float:
    """The q-quantile of xs (nearest rank), NaN if there are none."""
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def read_save_timing(path: Path) -> dict[str, list[tuple[int, float, float, float]]]:
    """The server's notes (ui/server/save_timing.py): per table, (version, changed, file replaced, pages told)."""
    out: dict[str, list[tuple[int, float, float, float]]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            code, version, *times = line.split()
            out.setdefault(code, []).append((int(version), *(float(t) for t in times)))
    return out


def server_share(data: list[dict], saves: list[tuple[int, float, float, float]]) -> dict[str, list[float]]:
    """Where the time of each click went, matched to the server's note for the version it made (one clock:
    the pages' performance.timeOrigin and the server's time.time() are both wall-clock on this machine)."""
    out: dict[str, list[float]] = {" . click -> server makes the change (ms)": [],
                                   " . change -> its file replaced (ms)": [],
                                   " . file replaced -> pages told (ms)": [],
                                   " . pages told -> first ws message (ms)": []}
    parts = list(out.values())
    for i, d in enumerate(data):
        for t0, _id, v0 in d["clicks"]:
            click = t0 / 1000
            note = next((n for n in saves if n[0] > int(v0 or -1) and n[1] >= click - 0.05), None)
            if note is None:
                continue
            _v, changed, written, told = note
            firsts = [next((t / 1000 for t, _n in other["frames"] if t / 1000 >= told), None)
                      for j, other in enumerate(data) if j != i]
            firsts = [f for f in firsts if f is not None]
            for part, value in zip(parts, (changed - click, written - changed, told - written,
                                           (min(firsts) - told) if firsts else None), strict=True):
                if value is not None:
                    part.append(max(0.0, value))
    return out


def latencies(data: list[dict]) -> dict[str, list[float]]:
    """Per action: time until every other page showed a new version ("every"); per (action, other page):
    the same ("each") and the arrival of the first websocket message after the click ("frame")."""
    out: dict[str, list[float]] = {"every": [], "each": [], "frame": []}
    for i, d in enumerate(data):
        for t0, _id, v0 in d["clicks"]:
            per_page, frames = [], []
            for j, other in enumerate(data):
                if j == i:
                    continue
                seen = next((t for t, v in other["versions"] if t >= t0 - 1 and int(v) > int(v0 or -1)), None)
                if seen is not None:
                    per_page.append(max(0.0, seen - t0) / 1000)
                first = next((t for t, _n in other["frames"] if t >= t0), None)
                if first is not None and seen is not None and first <= seen + 1:
                    frames.append(max(0.0, first - t0) / 1000)
            if len(per_page) == len(data) - 1:
                out["every"].append(max(per_page))
                out["each"].extend(per_page)
                out["frame"].extend(frames)
    return out


RENDERER_METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")


async def renderer_metrics(cdp: CDPSession) -> dict[str, float]:
    """Main-thread seconds a page's renderer spent so far (Chromium's Performance domain)."""
    got = await cdp.send("Performance.getMetrics")
    return {m["name"]: m["value"] for m in got["metrics"] if m["name"] in RENDERER_METRICS}


def cpu_by_process() -> dict[str, float]:
    """CPU seconds used so far by the processes on the machine, grouped: Chromium's renderers (the pages), its
    GPU process (compositing, in software here), its browser process, audio and network services; the driver
    (Playwright's node and this script); the rest ("other", which includes the server)."""
    out = {"pages (renderers)": 0.0, "compositor (gpu process)": 0.0, "browser process": 0.0, "audio service": 0.0,
           "network service": 0.0, "driver": 0.0, "other": 0.0}
    tick = os.sysconf("SC_CLK_TCK")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            name, rest = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        fields = rest.split()
        seconds = (int(fields[11]) + int(fields[12])) / tick
        comm = name.split("(", 1)[1]
        if "chrom" in comm:
            group = ("pages (renderers)" if b"--type=renderer" in cmdline else
                     "compositor (gpu process)" if b"--type=gpu-process" in cmdline else
                     "audio service" if b"audio.mojom" in cmdline else
                     "network service" if b"network.mojom" in cmdline else "browser process")
        elif comm.startswith("node") or int(pid) == os.getpid():
            group = "driver"
        else:
            group = "other"
        out[group] += seconds
    return out


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) one process used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def print_report(args: argparse.Namespace, actions: int, elapsed: float, lat: dict[str, list[float]],
                 server_side: dict[str, list[float]], rx: int, tx: int, server_cpu: float,
                 machine0: dict[str, float], machine1: dict[str, float],
                 metrics0: list[dict[str, float]], metrics1: list[dict[str, float]]) -> None:
    """Print the table: latencies against the target, websocket bytes and CPU per action, page main-thread times."""
    per_page_rx = rx / max(1, actions) / 4
    print(f"# bench_latency: {args.tables} {args.game} friends tables x 4 pages, {actions} actions in {elapsed:.0f} s "
          f"(think {args.think} s); load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'figure':<46}{'p50':>10}{'p95':>10}{'max':>10}{'target':>10}  ok")
    every = lat["every"]
    ok = pct(every, 0.95) <= TARGET_P95
    print(f"{'click -> all 3 other pages updated (ms)':<46}{statistics.median(every) * 1000:>10.1f}"
          f"{pct(every, 0.95) * 1000:>10.1f}{max(every) * 1000:>10.1f}{TARGET_P95 * 1000:>10.0f}  "
          f"{'yes' if ok else 'NO'}  (n={len(every)})")
    for key, name in (("each", "click -> one other page updated (ms)"),
                      ("frame", "click -> first ws message at another page (ms)")):
        xs = lat[key]
        print(f"{name:<46}{statistics.median(xs) * 1000:>10.1f}{pct(xs, 0.95) * 1000:>10.1f}"
              f"{max(xs) * 1000:>10.1f}{'':>10}  (n={len(xs)})")
    for name, xs in server_side.items():
        if xs:
            print(f"{name:<46}{statistics.median(xs) * 1000:>10.1f}{pct(xs, 0.95) * 1000:>10.1f}"
                  f"{max(xs) * 1000:>10.1f}{'':>10}  (n={len(xs)})")
    print(f"{'ws bytes received per page per action':<46}{per_page_rx:>10,.0f}{'':>20}{TARGET_BYTES:>10,}  "
          f"{'yes' if per_page_rx <= TARGET_BYTES else 'NO'}")
    print(f"{'ws bytes received, all 4 pages, per action':<46}{rx / max(1, actions):>10,.0f}")
    print(f"{'ws bytes sent by the pages per action':<46}{tx / max(1, actions):>10,.0f}")
    print(f"{'server CPU per action (ms)':<46}{server_cpu / max(1, actions) * 1000:>10.1f}")
    for group in machine0:
        used = machine1[group] - machine0[group] - (server_cpu if group == "other" else 0.0)
        print(f"{'CPU per action, ' + group + ' (ms)':<46}{used / max(1, actions) * 1000:>10.1f}")
    updates = actions * 4  # every action changes the 4 pages of its table
    for name in RENDERER_METRICS:
        spent = sum(m1[name] - m0[name] for m0, m1 in zip(metrics0, metrics1, strict=True))
        print(f"{'page main thread per page update, ' + name.removesuffix('Duration') + ' (ms)':<46}"
              f"{spent / max(1, updates) * 1000:>10.1f}")
