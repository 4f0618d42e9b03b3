"""Connections: how many one address may hold, and how long a request may take to arrive.

A request that never finishes arriving (half-sent headers, a body that trickles) held its connection, and so one of
the process's open files, for ever: 1,100 of them from one address made every new request fail, the seat API
included. The server's HTTP protocol (``ui/nicegui_internals/http.py``, :func:`guarded_http_protocol`) asks this guard:

- when a connection is made: may this address open one more? At most ``per_address`` connections per address
  (websockets included), and at most as many in all as the open-file limit allows with ``reserve_files`` kept for
  the server's own files (a table's save must never fail for want of a file). A connection over a cap is answered
  ``503`` and closed at once, so it holds no file.
- how long the headers of a request may take (``header_seconds``, from the first byte of the request; a connection
  that sends nothing at all counts too), and its body (``body_seconds``, from the end of the headers). A late
  request gets ``408`` (headers) or is cut off (body).

Connections from a trusted reverse proxy (uvicorn's ``FORWARDED_ALLOW_IPS``, by default ``127.0.0.1`` and ``::1``:
the addresses whose ``X-Forwarded-For`` the server believes) are not capped per address here: every visitor of the
proxy comes from that one address, and the proxy limits its own connections. They still count in the total and are
timed like any other. Everything is logged at most once a minute per cause.

Settings (environment): ``CARDNIGHT_CONNECTIONS_PER_ADDRESS`` (100), ``CARDNIGHT_HEADER_SECONDS`` (10),
``CARDNIGHT_BODY_SECONDS`` (30), ``CARDNIGHT_RESERVE_FILES`` (100).
"""

from __future__ import annotations

import ipaddress
import logging
import os
import resource
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from ui.nicegui_internals import guarded_http_protocol

log = logging.getLogger("cardnight.connections")

LOG_EVERY = 60.0  # seconds between two log lines of one cause


class Closable(Protocol):
    def is_closing(self) -> bool: ...


def _env_number(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, "") or default)
    except ValueError:
        return default


def open_file_limit() -> int:
    """The process's soft limit on open files (descriptors)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def raise_open_file_limit() -> int:
    """Raise the soft open-file limit to the hard one (Python leaves it at the soft default, often 1,024); the new
    soft limit. A unit's ``LimitNOFILE`` sets both."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (ValueError, OSError):
            return open_file_limit()
    return open_file_limit()


@dataclass
class Limits:
    per_address: int = 100  # connections one address may hold (a browser holds a few; ten tabs about 60)
    header_seconds: float = 10.0  # from a request's first byte (or the connection) to the end of its headers
    body_seconds: float = 30.0  # from the end of the headers to the end of the body (bodies here are small)
    reserve_files: int = 100  # open files kept for the server itself (tables, logs, the worker pool)

    @classmethod
    def from_env(cls) -> Limits:
        return cls(per_address=int(_env_number("CARDNIGHT_CONNECTIONS_PER_ADDRESS", cls.per_address)),
                   header_seconds=_env_number("CARDNIGHT_HEADER_SECONDS", cls.header_seconds),
                   body_seconds=_env_number("CARDNIGHT_BODY_SECONDS", cls.body_seconds),
                   reserve_files=int(_env_number("CARDNIGHT_RESERVE_FILES", cls.reserve_files)))


def trusted_proxies(text: str | None = None) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network] | None:
    """The trusted proxies of uvicorn's ``FORWARDED_ALLOW_IPS`` (None: ``*``, every address)."""
    text = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1") if text is None else text
    found = []
    for part in (p.strip() for p in text.split(",")):
        if part == "*":
            return None
        try:
            found.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            continue  # a name or a unix socket path: never a peer address we see
    return found


@dataclass
class RateLog:
    """At most one log line a minute per cause, with how many happened since the last line."""

    counts: dict[str, int] = field(default_factory=dict)
    last: dict[str, float] = field(default_factory=dict)

    def note(self, cause: str, message: str, *args: Any) -> None:
        self.counts[cause] = self.counts.get(cause, 0) + 1
        now = time.monotonic()
        if now - self.last.get(cause, -LOG_EVERY) >= LOG_EVERY:
            log.warning(message + " (%d since the last such line)", *args, self.counts[cause])
            self.last[cause] = now
            self.counts[cause] = 0


class ConnectionGuard:
    """Open connections per address. Connections are remembered by their transport and forgotten once it closes
    (a websocket's connection is handed to another protocol, so it is not told when it ends: the guard looks)."""

    def __init__(self, limits: Limits | None = None, proxies: str | None = None) -> None:
        self.limits = limits or Limits.from_env()
        self.proxies = trusted_proxies(proxies)
        self.by_address: dict[str, set[Closable]] = {}
        self.total_cap = max(64, open_file_limit() - self.limits.reserve_files)
        self._total = 0
        self._swept = 0.0
        self.refused = 0
        self.timed_out = 0
        self.rate_log = RateLog()

    def is_trusted_proxy(self, address: str) -> bool:
        if self.proxies is None:
            return True
        try:
            ip = ipaddress.ip_address(address.split("%")[0])
        except ValueError:
            return False
        return any(ip in net for net in self.proxies)

    def _sweep(self) -> None:
        """Forget closed connections (at most once a second, or when a cap is reached)."""
        self._swept = time.monotonic()
        total = 0
        for address in list(self.by_address):
            live = {t for t in self.by_address[address] if not t.is_closing()}
            if live:
                self.by_address[address] = live
                total += len(live)
            else:
                del self.by_address[address]
        self._total = total

    def admit(self, transport: Closable, address: str | None) -> bool:
        """A new connection from ``address``: True to serve it, False to refuse it (over a cap)."""
        address = address or "?"
        if time.monotonic() - self._swept > 1.0:
            self._sweep()
        mine = self.by_address.setdefault(address, set())
        capped = not self.is_trusted_proxy(address)
        if capped and len(mine) >= self.limits.per_address:
            mine.difference_update([t for t in mine if t.is_closing()])
        if self._total >= self.total_cap:
            self._sweep()
            mine = self.by_address.setdefault(address, set())
        if capped and len(mine) >= self.limits.per_address:
            self.refused += 1
            self.rate_log.note("address", "Refused connections from %s: it holds %d (the most one address may)",
                               address, len(mine))
            return False
        if self._total >= self.total_cap:
            self.refused += 1
            self.rate_log.note("total", "Refused connections: %d open (the most the open-file limit leaves)",
                               self._total)
            return False
        mine.add(transport)
        self._total += 1
        return True

    def release(self, transport: Closable, address: str | None) -> None:
        """A connection of ``address`` ended."""
        mine = self.by_address.get(address or "?")
        if mine is not None and transport in mine:
            mine.discard(transport)
            self._total = max(0, self._total - 1)
            if not mine:
                del self.by_address[address or "?"]

    def timed_out_request(self, address: str | None, what: str) -> None:
        self.timed_out += 1
        self.rate_log.note("slow-" + what, "Closed a request from %s whose %s took too long", address or "?", what)

    def open_count(self, address: str | None = None) -> int:
        self._sweep()
        if address is None:
            return self._total
        return len(self.by_address.get(address, ()))


def server_options(guard: ConnectionGuard) -> dict[str, Any]:
    """What ``ui.run`` passes on to uvicorn for the server's ``guard`` (main.py; kept on the runtime): the guarded
    HTTP protocol. Also raises the soft open-file limit to the hard one, so the caps above are what refuses
    connections, not the kernel."""
    raise_open_file_limit()
    guard.total_cap = max(64, open_file_limit() - guard.limits.reserve_files)
    parser = os.environ.get("CARDNIGHT_HTTP_PARSER", "auto")  # httptools or h11 (tests: both are checked)
    return {"http": guarded_http_protocol(guard, parser if parser in ("httptools", "h11") else "auto")}
