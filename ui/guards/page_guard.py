"""Pages whose browser never connects, and the storage files of visitors who never came back.

Every page view builds the whole page on the server and keeps it until its browser connects its socket; NiceGUI
drops a page that never connects only after 60 s, so 1,000 views in 20 s (a script, not a browser) held 400 MB.
A page waiting for its browser here goes after 30 s (``wait_seconds``), and one browser (its session cookie) or one
address keeps at most its newest 8 / 40 waiting pages (``per_browser`` / ``per_address``): an older one is dropped at
once. A real
browser connects within a second or two; a slow phone whose page was dropped meanwhile reloads it by itself
(NiceGUI's page script reloads when its page is unknown), with its files cached by then.

Every visit without a cookie gets a new browser identity, kept by NiceGUI in ``nicegui/storage-user-<id>.json``.
A file is removed when nothing would miss it: the browser holds only the identity it was given (its player id, the
name and emoji it was dealt, nothing chosen), no table has that player at a seat or as its host, and no finished
game, profile or stats names it. Such a file goes soon after its pages were dropped without ever connecting, and
any other after ``KEEP_HOURS`` without a change (at start and every hour).

Settings (environment): ``CARDNIGHT_PAGE_WAIT_SECONDS`` (30), ``CARDNIGHT_WAITING_PAGES_PER_BROWSER`` (8),
``CARDNIGHT_WAITING_PAGES_PER_ADDRESS`` (40), ``CARDNIGHT_STORAGE_KEEP_HOURS`` (24).
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger("cardnight.pages")

USER_FILE = re.compile(r"^storage-user-([0-9a-f-]{8,64})\.json$")
AUTO_NAME = re.compile(r"^(Sam|Alex|Robin|Charlie|Jamie|Kai|Noor|Rene|Sasha|Toni) \d\d$")  # ui/shell/identity.py
IDENTITY_KEYS = {"player_id", "name", "emoji"}
PRUNE_EVERY = 3600.0


def _env(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, "") or default)
    except ValueError:
        return default


@dataclass
class PageLimits:
    wait_seconds: float = 30.0
    per_browser: int = 8
    per_address: int = 40
    keep_hours: float = 24.0

    @classmethod
    def from_env(cls) -> PageLimits:
        return cls(wait_seconds=_env("CARDNIGHT_PAGE_WAIT_SECONDS", cls.wait_seconds),
                   per_browser=int(_env("CARDNIGHT_WAITING_PAGES_PER_BROWSER", cls.per_browser)),
                   per_address=int(_env("CARDNIGHT_WAITING_PAGES_PER_ADDRESS", cls.per_address)),
                   keep_hours=_env("CARDNIGHT_STORAGE_KEEP_HOURS", cls.keep_hours))


def only_given_identity(data: Any) -> bool:
    """The stored browser holds nothing but the identity it was dealt (no chosen name, no settings, no console key)."""
    if not isinstance(data, dict) or set(data) - IDENTITY_KEYS:
        return False
    name = data.get("name")
    return name is None or bool(AUTO_NAME.match(str(name)))


@dataclass
class PageGuard:
    """Waiting pages and forgotten browsers. ``known_players`` answers the player ids that must be kept (seats,
    hosts, finished games, profiles); ``in_memory`` tells whether NiceGUI still holds a browser's storage."""

    storage_dir: Path
    known_players: Callable[[], set[str]]
    in_memory: Callable[[str], bool]
    limits: PageLimits = field(default_factory=PageLimits.from_env)
    connected: set[str] = field(default_factory=set)  # ids of pages whose socket connected at least once
    dropped_sessions: dict[str, float] = field(default_factory=dict)  # session id -> when its page was dropped
    dropped_pages: int = 0
    removed_files: int = 0
    _last_sweep: float = 0.0
    _last_prune: float = 0.0

    def page_connected(self, client_id: str) -> None:
        self.connected.add(client_id)

    def sweep(self, clients: Iterable[Any], now: float | None = None) -> int:
        """Drop waiting pages that are too old or over a cap (newest kept); how many were dropped. ``clients``:
        NiceGUI's pages, each with ``id``, ``created`` (wall clock), ``request`` and ``delete()``."""
        now = time.time() if now is None else now
        self._last_sweep = time.monotonic()
        waiting, live = [], set()
        for client in clients:
            live.add(client.id)
            if client.id not in self.connected and not getattr(client, "is_deleted", False):
                waiting.append(client)
        self.connected &= live
        waiting.sort(key=lambda c: c.created, reverse=True)  # newest first
        per_browser: dict[str, int] = {}
        per_address: dict[str, int] = {}
        dropped = 0
        for client in waiting:
            session, address = _session_and_address(client)
            per_browser[session] = per_browser.get(session, 0) + 1
            per_address[address] = per_address.get(address, 0) + 1
            if (now - client.created > self.limits.wait_seconds or per_browser[session] > self.limits.per_browser
                    or per_address[address] > self.limits.per_address):
                try:
                    client.delete()
                except Exception:  # a page already going: nothing to keep
                    log.debug("page %s could not be dropped", client.id, exc_info=True)
                dropped += 1
                if session:
                    self.dropped_sessions[session] = time.monotonic()
        self.dropped_pages += dropped
        return dropped

    def sweep_due(self, every: float = 0.25) -> bool:
        return time.monotonic() - self._last_sweep >= every

    def forget_dropped_visitors(self, open_sessions: set[str]) -> int:
        """Remove the storage files of browsers whose pages were dropped without connecting, once NiceGUI no longer
        holds their storage in memory (it writes it back while it does) and nothing would miss them."""
        removed = 0
        keep: set[str] | None = None
        for session, when in list(self.dropped_sessions.items()):
            if session in open_sessions:
                continue
            if self.in_memory(session):
                if time.monotonic() - when > 600:  # a page of it lives on: the hourly prune decides later
                    del self.dropped_sessions[session]
                continue
            del self.dropped_sessions[session]
            if keep is None:
                keep = self.known_players()
            removed += self._remove_if_forgotten(self.storage_dir / f"storage-user-{session}.json", keep)
        return removed

    def prune_due(self) -> bool:
        return time.monotonic() - self._last_prune >= PRUNE_EVERY or not self._last_prune

    def prune_old(self, now: float | None = None) -> int:
        """Remove every storage file unchanged for ``keep_hours`` whose browser nothing would miss."""
        self._last_prune = time.monotonic()
        now = time.time() if now is None else now
        if not self.storage_dir.is_dir():
            return 0
        keep: set[str] | None = None
        removed = 0
        for path in self.storage_dir.iterdir():
            match = USER_FILE.match(path.name)
            if match is None or self.in_memory(match.group(1)):
                continue
            try:
                if now - path.stat().st_mtime < self.limits.keep_hours * 3600:
                    continue
            except OSError:
                continue
            if keep is None:
                keep = self.known_players()
            removed += self._remove_if_forgotten(path, keep)
        if removed:
            log.info("Removed the stored identity of %d browser(s) that never came back", removed)
        return removed

    def _remove_if_forgotten(self, path: Path, keep: set[str]) -> int:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return 0
        except (OSError, ValueError):
            return 0  # unreadable: not ours to judge
        if not only_given_identity(data) or str(data.get("player_id")) in keep:
            return 0
        try:
            path.unlink()
        except OSError:
            return 0
        self.removed_files += 1
        return 1


def _session_and_address(client: Any) -> tuple[str, str]:
    request = getattr(client, "request", None)
    try:
        session = str(request.session.get("id") or "") if request is not None else ""
    except (AssertionError, AttributeError):
        session = ""
    address = request.client.host if request is not None and request.client is not None else "?"
    return session, address
