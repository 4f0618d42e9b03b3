"""Who may open the host console: the server's own browser asking directly, or anyone with the console password.

The no-password path needs all three:

- the connection itself comes from a loopback address (127.0.0.0/8, ``::1``, or ``::ffff:127.x.y.z``, which is
  how an IPv4 loopback connection looks on a dual-stack socket: the same machine), and
- the request carries no forwarding header at all (``Forwarded``, ``X-Forwarded-*``, ``X-Real-IP``, ``Via`` and
  the like). A reverse proxy on this machine connects from loopback too: the header it adds is what tells its
  visitors from the server's own browser, so any such header means the password, whatever it says (an
  ``X-Forwarded-For: 127.0.0.1`` passed through by a proxy included), and
- the ``Host`` header names this machine: a loopback name (``localhost`` with or without its final dot, 127.x,
  ``[::1]``, ``[::ffff:127.x.y.z]``) or the machine's own host name (``socket.gethostname()``: the server's own
  browser at ``http://debian:8080/host``, which Debian's ``/etc/hosts`` maps to 127.0.1.1), any port. This keeps
  out a page from elsewhere that points its own name at 127.0.0.1 (DNS rebinding): its browser sends that name. A
  LAN name (``cardnight.local``, the machine's LAN address) is asked for the password like another device.

``Host`` alone never opens the console: it only narrows the two conditions above.
``--console-password-always`` (or ``CARDNIGHT_CONSOLE_PASSWORD_ALWAYS=1``) turns the no-password path off: every
browser, the server's own included, types the password (for a proxy that cannot be made to add a header).

Wrong passwords are slowed down per address, like wrong table codes: each further try waits longer (1, 2, 4 ...
up to 30 s), tries queue behind each other, and every wrong one is logged.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging
import socket
from collections.abc import Iterable, Mapping

log = logging.getLogger("cardnight.host")

FAIL_FORGET_SECONDS = 900.0
MAX_WAIT = 30.0
Fails = dict[str, tuple[int, float]]  # address -> (wrong tries, when its last queued try is answered)

# Headers a proxy adds to say whom it speaks for. Any of them (with any value) means "not the server's own browser".
FORWARDING_HEADERS = frozenset({
    "forwarded", "x-real-ip", "via", "x-client-ip", "true-client-ip", "cf-connecting-ip", "x-cluster-client-ip",
    "fastly-client-ip", "x-original-forwarded-for", "client-ip",
})


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


def forwarding_headers(headers: Mapping[str, str] | Iterable[tuple[str, str]] | None) -> list[str]:
    """The names of the forwarding headers in ``headers`` (lower case; empty when there are none)."""
    if headers is None:
        return []
    items = headers.items() if isinstance(headers, Mapping) else headers
    found = []
    for name, _value in items:
        key = (name.decode("latin-1") if isinstance(name, bytes) else str(name)).strip().lower()
        if key in FORWARDING_HEADERS or key.startswith("x-forwarded-"):
            found.append(key)
    return found


def own_host_names() -> frozenset[str]:
    """The machine's own host name (lower case), with and without its domain: ``socket.gethostname()`` (no DNS
    lookup, so it never waits on the network)."""
    try:
        name = socket.gethostname().strip().lower().rstrip(".")
    except OSError:
        return frozenset()
    # (a ``.local`` name is answered by anyone on the network over mDNS: never trusted here)
    return frozenset(n for n in (name, name.split(".")[0]) if n and n != "localhost" and not n.endswith(".local"))


def host_is_loopback(headers: Mapping[str, str] | Iterable[tuple[str, str]] | None,
                     own_names: frozenset[str] | None = None) -> bool:
    """The request names this machine: a loopback name (``localhost`` with or without its final dot, 127.x or ::1)
    or one of ``own_names`` (default :func:`own_host_names`), with any port. A page from elsewhere that points its
    own name at 127.0.0.1 (DNS rebinding) sends that name, so it is asked for the password; this can only make the
    rule stricter, never open the console."""
    if headers is None:
        return False
    names = own_host_names() if own_names is None else own_names
    items = headers.items() if isinstance(headers, Mapping) else headers
    for name, value in items:
        key = (name.decode("latin-1") if isinstance(name, bytes) else str(name)).strip().lower()
        if key != "host":
            continue
        text = (value.decode("latin-1") if isinstance(value, bytes) else str(value)).strip().lower()
        host = text.rsplit(":", 1)[0] if text.count(":") == 1 or text.startswith("[") and "]:" in text else text
        name = host.rstrip(".")
        return name == "localhost" or name in names or is_local_address(host)
    return False


def request_is_local(peer: str | None, headers: Mapping[str, str] | Iterable[tuple[str, str]] | None, *,
                     password_always: bool = False) -> bool:
    """The no-password path: a loopback peer whose request carries no forwarding header and names this machine (a
    loopback name or its own host name; see :func:`host_is_loopback`), and the switch is off.

    ``peer`` is the address the connection came from. (Uvicorn rewrites it from ``X-Forwarded-For`` for a loopback
    peer; that header alone already means the password here, so the rewrite changes nothing.)"""
    if password_always:
        return False
    return is_local_address(peer) and not forwarding_headers(headers) and host_is_loopback(headers)


def key_of(password: str) -> str:
    """What a browser's session keeps after a right password: a hash, so the password itself is never stored
    there, and a new password (edit the file, restart) signs every device out."""
    return hashlib.sha256(("cardnight-host:" + password).encode()).hexdigest()


def password_matches(given: str, password: str) -> bool:
    return hmac.compare_digest(given.strip().encode(), password.encode())


def wait_before_check(fails: Fails, address: str, now: float) -> float:
    """Seconds this try waits before the password is even compared (0 for an address without wrong tries)."""
    count, due = fails.get(address, (0, 0.0))
    if count and now - due > FAIL_FORGET_SECONDS:
        fails.pop(address, None)
        return 0.0
    if not count:
        return 0.0
    answer_at = max(now, due) + min(MAX_WAIT, 2.0 ** (count - 1))
    fails[address] = (count, answer_at)
    return answer_at - now


def record_failure(fails: Fails, address: str, now: float) -> int:
    """Count a wrong password from ``address`` (and log it); returns the number of wrong tries so far."""
    count, due = fails.get(address, (0, 0.0))
    fails[address] = (count + 1, max(due, now))
    log.warning("Wrong host console password from %s (%d wrong tries)", address or "?", count + 1)
    return count + 1

