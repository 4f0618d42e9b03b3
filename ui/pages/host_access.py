"""Who may open the host console: the machine the server runs on, or anyone with the console password.

The decision rests on the address the connection itself came from (``request.client.host``), never on headers a
browser can write: an ``X-Forwarded-For: 127.0.0.1`` from another device changes nothing. (Uvicorn replaces the
client address by the forwarded one only for connections from its trusted proxies, by default 127.0.0.1; a proxy
on this machine therefore makes its visitors look remote, which is the safe side.)

The browser must also have asked for this machine by a local name (``Host: localhost`` or a loopback address),
which keeps a web page that re-points its own name at 127.0.0.1 out (DNS rebinding).

Wrong passwords are slowed down per address, like wrong table codes: each further try waits longer (1, 2, 4 ...
up to 30 s), tries queue behind each other, and every wrong one is logged.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging

log = logging.getLogger("cardnight.host")

FAIL_FORGET_SECONDS = 900.0
MAX_WAIT = 30.0
_fails: dict[str, tuple[int, float]] = {}  # address -> (wrong tries, when its last queued try is answered)


def is_local_address(host: str | None) -> bool:
    """True only for a loopback address (127.0.0.0/8, ::1, or ::ffff:127.x): the server's own machine."""
    if not host:
        return False
    try:
        address = ipaddress.ip_address(host.strip("[]").split("%")[0])
    except ValueError:
        return False  # a name ("testclient", "localhost") is not an address we saw a connection come from
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback


def host_header_is_local(host_header: str | None) -> bool:
    """The ``Host`` the browser asked for names this machine directly (localhost or a loopback address). A web
    page elsewhere that makes its own name point at 127.0.0.1 ("DNS rebinding") sends its own name here, so it
    cannot use the no-password path to read the console or the backup."""
    if not host_header:
        return False
    host = host_header.strip().lower()
    if host.startswith("["):  # [::1]:8080
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host in ("localhost", "localhost.") or is_local_address(host)


def request_is_local(client_host: str | None, host_header: str | None) -> bool:
    """The no-password path: a loopback connection that asked for this machine by a local name."""
    return is_local_address(client_host) and host_header_is_local(host_header)


def key_of(password: str) -> str:
    """What a browser's session keeps after a right password: a hash, so the password itself is never stored
    there, and a new password (edit the file, restart) signs every device out."""
    return hashlib.sha256(("cardnight-host:" + password).encode()).hexdigest()


def password_matches(given: str, password: str) -> bool:
    return hmac.compare_digest(given.strip().encode(), password.encode())


def wait_before_check(address: str, now: float) -> float:
    """Seconds this try waits before the password is even compared (0 for an address without wrong tries)."""
    count, due = _fails.get(address, (0, 0.0))
    if count and now - due > FAIL_FORGET_SECONDS:
        _fails.pop(address, None)
        return 0.0
    if not count:
        return 0.0
    answer_at = max(now, due) + min(MAX_WAIT, 2.0 ** (count - 1))
    _fails[address] = (count, answer_at)
    return answer_at - now


def record_failure(address: str, now: float) -> int:
    """Count a wrong password from ``address`` (and log it); returns the number of wrong tries so far."""
    count, due = _fails.get(address, (0, 0.0))
    _fails[address] = (count + 1, max(due, now))
    log.warning("Wrong host console password from %s (%d wrong tries)", address or "?", count + 1)
    return count + 1


def reset() -> None:
    """Forget every wrong try (for tests)."""
    _fails.clear()
