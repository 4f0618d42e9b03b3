"""Parts of bench_pi_host.py: the server confined like a Raspberry Pi, and the light clients that play and watch.

- :class:`Confinement`: cgroup (v1) groups that hold the server and every process it starts: ``cpu`` (a share of
  one core through the CFS quota), ``cpuset`` (that one core) and ``blkio`` (writes to the data folder's disk
  throttled in bytes and operations a second, like an SD card). Only root can make them; :func:`confine` says why
  it runs unconfined otherwise. In cgroup v1 the block I/O limit counts the writes the server's own threads issue
  (its fsyncs after every saved move), not the kernel's background write-back of what they left in the page cache.
- :func:`program_seat`: a seat played by a program over the seat API (long-poll ``/events``, ``/legal``,
  ``/actions``), ``think`` seconds before each move.
- :class:`SocketPage`: a page without a browser (a TV's ``/tv/<CODE>``): its HTML, then its socket with NiceGUI's
  handshake, noting when each new ``data-version`` arrives.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.exceptions import ConnectionClosed

from tests.bench.abuse_socket import stranger

CGROUPS = Path("/sys/fs/cgroup")
VERSION_RE = re.compile(r'"data-version":"(\d+)"')


@dataclass
class Log:
    """What one table's clients saw: moves made (when, the version before, who) and versions seen by each."""

    moves: list[tuple[float, int, str]] = field(default_factory=list)
    seen: dict[str, list[tuple[float, int]]] = field(default_factory=dict)

    def saw(self, who: str, version: int, at: float) -> None:
        versions = self.seen.setdefault(who, [])
        if not versions or version > versions[-1][1]:
            versions.append((at, version))

    def latencies(self) -> dict[str, list[float]]:
        """Seconds from each move until every other client showed a later version ("every"), and per client kind
        ("page", "seat", "tv": the name's start)."""
        out: dict[str, list[float]] = {"every": []}
        for t0, before, mover in self.moves:
            worst: float | None = 0.0
            for who, versions in self.seen.items():
                if who == mover:
                    continue
                at = next((t for t, v in versions if v > before and t >= t0 - 0.002), None)
                if at is None:
                    worst = None
                    continue
                out.setdefault(who.split("-")[0], []).append(max(0.0, at - t0))
                if worst is not None:
                    worst = max(worst, at - t0)
            if worst is not None:
                out["every"].append(max(0.0, worst))
        return out


class Confinement:
    """cgroup v1 groups for the server: a share of one core, that core only, throttled writes to one disk."""

    def __init__(self, name: str, cpu_share: float, write_bps: int, write_iops: int, data_dir: Path,
                 period_ms: float = 100.0) -> None:
        """``period_ms``: the CFS period over which the share is given. The kernel's default, 100 ms, lets a burst
        run at full speed and then stalls everything for the rest of the period (up to 75 ms at 25%); a slow core
        has no such stalls, and a short period (10 ms) is closer to it."""
        self.dirs: list[Path] = []
        self.note = ""
        cpu = self._make("cpu", name)
        period_us = int(period_ms * 1000)
        (cpu / "cpu.cfs_period_us").write_text(str(period_us))
        (cpu / "cpu.cfs_quota_us").write_text(str(int(period_us * cpu_share)))
        cpuset = self._make("cpuset", name)
        (cpuset / "cpuset.cpus").write_text("0")
        (cpuset / "cpuset.mems").write_text((CGROUPS / "cpuset" / "cpuset.mems").read_text().strip() or "0")
        self.acct = self._make("cpuacct", name)  # (cgroup v1 here: cpuacct mounted apart from cpu)
        blkio = self._make("blkio", name)
        self.blkio = blkio
        disk = whole_disk(data_dir)
        (blkio / "blkio.throttle.write_bps_device").write_text(f"{disk} {write_bps}")
        (blkio / "blkio.throttle.write_iops_device").write_text(f"{disk} {write_iops}")
        self.note = (f"server confined (cgroup v1 as root): {cpu_share:.0%} of one core (CFS quota over "
                     f"{period_ms:g} ms periods), cpuset 0, "
                     f"writes to disk {disk} throttled to {write_bps / 2**20:.1f} MB/s and {write_iops} ops/s")

    def _make(self, controller: str, name: str) -> Path:
        path = CGROUPS / controller / name
        path.mkdir(exist_ok=True)
        self.dirs.append(path)
        return path

    def join(self) -> None:
        """Put the calling process in every group (a child's ``preexec_fn``, before the server starts)."""
        for path in self.dirs:
            (path / "cgroup.procs").write_text(str(os.getpid()))

    def throttled(self) -> str:
        """The CPU quota's effect so far: periods throttled and for how long."""
        stat = dict(line.split() for line in (self.dirs[0] / "cpu.stat").read_text().splitlines())
        written = sum(int(line.split()[2]) for line in (self.blkio / "blkio.throttle.io_service_bytes")
                      .read_text().splitlines() if len(line.split()) == 3 and line.split()[1] == "Write")
        return (f"throttled {stat.get('nr_throttled', '?')} of {stat.get('nr_periods', '?')} CPU periods, "
                f"{int(stat.get('throttled_time', 0)) / 1e9:.1f} s; {written / 2**20:.1f} MB written through the "
                f"block I/O limit")

    def cpu_seconds(self) -> float:
        """CPU used so far by everything in the groups: the server and its pool workers."""
        return int((self.acct / "cpuacct.usage").read_text()) / 1e9

    def remove(self) -> None:
        for path in reversed(self.dirs):
            for _ in range(50):  # the server's pool workers leave a moment after it
                try:
                    path.rmdir()
                    break
                except OSError:
                    time.sleep(0.1)


def whole_disk(path: Path) -> str:
    """MAJOR:MINOR of the disk that holds ``path`` (a partition's parent disk: the throttle takes disks only)."""
    dev = os.stat(path).st_dev
    sys_dev = Path(f"/sys/dev/block/{os.major(dev)}:{os.minor(dev)}")
    if (sys_dev / "partition").exists():
        return (sys_dev.resolve().parent / "dev").read_text().strip()
    return f"{os.major(dev)}:{os.minor(dev)}"


def confine(name: str, cpu_share: float, write_bps: int, write_iops: int, data_dir: Path,
            period_ms: float = 100.0) -> tuple[Confinement | None, str]:
    """The confinement, or None and why the server runs unconfined."""
    if os.geteuid() != 0:
        return None, "server UNCONFINED: not root (the cgroups need root)"
    try:
        return Confinement(name, cpu_share, write_bps, write_iops, data_dir, period_ms), ""
    except OSError as exc:
        return None, f"server UNCONFINED: cannot make the cgroups ({exc})"


async def program_seat(http: httpx.AsyncClient, code: str, token: str, who: str, log: Log, think: float,
                       stop: asyncio.Event, seed: int) -> int:
    """Play one seat over the seat API until ``stop`` or the table ends: a random legal action ``think`` seconds
    after the turn came. Notes every version the seat sees and every move it makes; answers its moves."""
    rng = random.Random(seed)
    auth = {"Authorization": f"Bearer {token}"}
    base = f"/api/v1/tables/{code}"
    after, moves = -1, 0
    while not stop.is_set():
        answer = await http.get(f"{base}/events", params={"after": after, "wait": 2}, headers=auth)
        if answer.status_code == 410:
            break
        if answer.status_code == 429:
            await asyncio.sleep(float(answer.headers.get("Retry-After", "1")))
            continue
        answer.raise_for_status()
        view = answer.json()
        after = view["version"]
        log.saw(who, after, time.time())
        if view["status"] != "playing" or not view["your_turn"]:
            continue
        await asyncio.sleep(think)
        legal = (await http.get(f"{base}/legal", headers=auth)).json()
        if not legal or stop.is_set():
            continue
        started = time.time()
        done = await http.post(f"{base}/actions", json=rng.choice(legal), headers=auth)
        if done.status_code == 200:
            log.moves.append((started, after, who))
            moves += 1
            after = done.json()["version"]
            log.saw(who, after, time.time())
    return moves


class SocketPage:
    """A page opened without a browser (e.g. ``/tv/<CODE>``), read on a thread of its own: the versions it is
    sent, with the time each arrived."""

    def __init__(self, url: str, path: str, who: str, log: Log) -> None:
        self.url, self.path, self.who, self.log = url, path, who, log
        self.bytes = 0
        self.stopped = threading.Event()
        self.ready = threading.Event()  # its page was built and its socket joined (or it failed)
        self.error = ""
        self.thread = threading.Thread(target=self._run, name=f"socket-{who}", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(5)

    def _run(self) -> None:
        try:
            html = httpx.get(self.url + self.path, timeout=30).text
            found = re.search(r"'client_id': '([0-9a-f-]+)'", html)
            if found is None:
                raise RuntimeError(f"no client id in {self.path}")
            for m in VERSION_RE.finditer(html):
                self.log.saw(self.who, int(m.group(1)), time.time())
            with stranger(self.url, "127.0.0.1") as ws:
                ws.send("420" + json.dumps(["handshake", {"client_id": found.group(1), "tab_id": f"tab-{self.who}",
                                                           "document_id": f"doc-{self.who}"}]))
                self.ready.set()
                while not self.stopped.is_set():
                    try:
                        message = str(ws.recv(timeout=0.5))
                    except TimeoutError:
                        continue
                    arrived = time.time()
                    self.bytes += len(message)
                    if message == "2":
                        ws.send("3")
                        continue
                    for m in VERSION_RE.finditer(message):
                        self.log.saw(self.who, int(m.group(1)), arrived)
        except (OSError, RuntimeError, ConnectionClosed, httpx.HTTPError) as exc:
            self.error = f"{type(exc).__name__}: {exc}"
        finally:
            self.ready.set()
