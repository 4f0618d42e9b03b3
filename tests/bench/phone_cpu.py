"""Pages on a slow phone: each of the bench's Chromium renderers in a cgroup of its own with a share of one core.

Why not only the DevTools protocol's ``Emulation.setCPUThrottlingRate`` (``bench_latency.py --throttle``)? On Linux
Chromium throttles a renderer by stopping its main thread with a signal and *spinning* in the handler for the time
taken away, so a page throttled 4x burns about a core's worth of CPU while it waits. Eight throttled pages on this
2-core machine then wait for a core most of the time (measured 2026-12-05: the pages' main threads used 3.4 s of CPU
per action, against 0.07 s unthrottled), and the figures say more about the machine than the pages.

A cgroup (v1 ``cpu`` controller, as root) instead gives each renderer process SHARE of one core with a short CFS
period (4 ms: a 20 ms burst of work takes about 80 ms at SHARE 0.25, as on a phone four times slower than one core
of this machine), and what it does not get is free for the others. The renderer's compositor and raster threads
are in the process and slowed alike; Chromium's GPU process is not (a phone has its own GPU).
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.bench.latency_report import descendants

CPU_CGROUPS = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 4000
RT_RUNTIME_US = 20000  # of each second, for the audio thread of a page that plays sounds


class PhoneCpu:
    """Confines every Chromium renderer started by this process (directly or not) to SHARE of one core each."""

    def __init__(self, share: float) -> None:
        self.share = share
        self.groups: list[Path] = []

    @staticmethod
    def why_not() -> str:
        """Why the pages cannot be confined here ('' when they can)."""
        if os.geteuid() != 0:
            return "pages NOT confined: not root (the cgroups need root)"
        if not (CPU_CGROUPS / "cpu.cfs_quota_us").exists():
            return "pages NOT confined: no cgroup v1 cpu controller at /sys/fs/cgroup/cpu"
        return ""

    def confine_renderers(self) -> int:
        """Put each renderer not yet confined in a group of its own; returns how many are confined in all."""
        for pid in sorted(descendants(os.getpid())):
            try:
                comm = Path(f"/proc/{pid}/comm").read_text()
                cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if "chrom" not in comm or b"--type=renderer" not in cmdline:
                continue
            group = CPU_CGROUPS / f"cn-phone-{pid}"
            if group in self.groups:
                continue
            group.mkdir(exist_ok=True)
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(max(1000, int(PERIOD_US * self.share))))
            if (group / "cpu.rt_runtime_us").exists():  # a page playing a sound has a real-time audio thread, and a
                (group / "cpu.rt_runtime_us").write_text(str(RT_RUNTIME_US))  # group without real-time time refuses it
            try:
                (group / "cgroup.procs").write_text(str(pid))
            except OSError:  # the renderer ended meanwhile
                group.rmdir()
                continue
            self.groups.append(group)
        return len(self.groups)

    def throttled(self) -> str:
        """How often the quota held the pages back (summed over the groups)."""
        periods = throttled = 0
        nanos = 0
        for group in self.groups:
            try:
                stat = dict(line.split() for line in (group / "cpu.stat").read_text().splitlines())
            except OSError:
                continue
            periods += int(stat.get("nr_periods", 0))
            throttled += int(stat.get("nr_throttled", 0))
            nanos += int(stat.get("throttled_time", 0))
        return (f"{len(self.groups)} renderers at {self.share:.0%} of one core each: held back in {throttled} of "
                f"{periods} CPU periods ({nanos / 1e9:.1f} s)")

    def remove(self) -> None:
        """Remove the groups (their renderers have ended with the browser; a group still in use is left)."""
        for group in self.groups:
            try:
                group.rmdir()
            except OSError:
                pass
        self.groups.clear()
