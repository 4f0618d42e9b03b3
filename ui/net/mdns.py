"""Announcing the server on the home network with multicast DNS (python-zeroconf): the host name
``<name>.local`` and an ``_http._tcp`` service "Card Night" that network browsers list.

Started and stopped by main.py (NiceGUI's startup and shutdown). It never stops the server: where multicast
is not possible (no network, a firewall, a container without multicast) it logs one line and gives up.
"""

from __future__ import annotations

import argparse
import ipaddress
import logging
import re
import socket
from typing import Any

from ui.net.lan import lan_addresses

log = logging.getLogger("cardnight.mdns")

SERVICE_TYPE = "_http._tcp.local."
DEFAULT_NAME = "cardnight"
LABEL_RE = re.compile(r"^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$")


def host_label(text: str) -> str:
    """``--name``: one DNS label (letters, digits, hyphens; not starting or ending with a hyphen), lower case."""
    name = text.strip().lower().removesuffix(".local")
    if not LABEL_RE.match(name):
        raise argparse.ArgumentTypeError(f"{text!r} cannot be a network name: use letters, digits and hyphens "
                                         "(up to 63), e.g. cardnight-2")
    return name


def service_title(name: str) -> str:
    """The service name network browsers list: "Card Night", or "Card Night (cardnight-2)" for a second server."""
    return "Card Night" if name == DEFAULT_NAME else f"Card Night ({name})"


def announced_addresses(host: str) -> list[str]:
    """The IPv4 addresses the name stands for: the LAN addresses when listening on all of them, else ``host``
    itself. Empty when the server listens on loopback only (nobody else could reach it)."""
    if host in ("0.0.0.0", "::", ""):
        return lan_addresses()
    try:
        addr = ipaddress.ip_address(host)
    except ValueError:
        return []
    return [] if addr.is_loopback or addr.version != 4 else [host]


class Announcer:
    """One server's announcement. ``url`` is set while it stands (the home page shows it)."""

    def __init__(self, name: str, port: int, host: str) -> None:
        self.name, self.port, self.host = name, port, host
        self.url: str | None = None
        self._zc: Any = None
        self._info: Any = None

    @property
    def host_name(self) -> str:
        return f"{self.name}.local"

    async def start(self) -> bool:
        """Register the host name and the service; False (after one log line) when that is not possible."""
        addresses = announced_addresses(self.host)
        if not addresses:
            log.info("mDNS: not announcing %s: the server listens on %s only", self.host_name, self.host)
            return False
        try:
            from zeroconf import IPVersion, ServiceInfo
            from zeroconf.asyncio import AsyncZeroconf

            self._info = ServiceInfo(SERVICE_TYPE, f"{service_title(self.name)}.{SERVICE_TYPE}", port=self.port,
                                     addresses=[socket.inet_aton(a) for a in addresses],
                                     server=f"{self.host_name}.", properties={"path": "/"})
            self._zc = AsyncZeroconf(interfaces=addresses, ip_version=IPVersion.V4Only)
            await (await self._zc.async_register_service(self._info, allow_name_change=True))
        except Exception as exc:  # noqa: BLE001  (whatever the network says, the game goes on)
            log.warning("mDNS: could not announce %s on this network (%s: %s); open the numeric address instead",
                        self.host_name, type(exc).__name__, exc)
            await self._close()
            return False
        self.url = f"http://{self.host_name}" + ("" if self.port == 80 else f":{self.port}")
        log.info("mDNS: announced %s (service %r) at %s", self.url, self._info.name, ", ".join(addresses))
        return True

    async def stop(self) -> None:
        """Withdraw the announcement (goodbye packets, so other devices forget the name at once)."""
        if self._zc is not None and self.url is not None:
            try:
                await self._zc.async_unregister_all_services()
            except Exception as exc:  # noqa: BLE001
                log.warning("mDNS: could not withdraw %s (%s)", self.host_name, exc)
        self.url = None
        await self._close()

    async def _close(self) -> None:
        zc, self._zc = self._zc, None
        if zc is not None:
            try:
                await zc.async_close()
            except Exception:  # noqa: BLE001
                pass


def install(app: Any, name: str, port: int, host: str) -> Announcer:
    """Announce at startup (in the background: it takes a second or two of probing) and withdraw at shutdown."""
    announcer = Announcer(name, port, host)

    def on_startup() -> None:
        from nicegui import background_tasks

        background_tasks.create(announcer.start(), name="mdns announce")

    app.on_startup(on_startup)
    app.on_shutdown(announcer.stop)
    return announcer
