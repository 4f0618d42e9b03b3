"""Addresses other devices on the home network can open, and QR codes for them."""

from __future__ import annotations

import ipaddress
from functools import lru_cache

import ifaddr
import segno


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine other than loopback, private ranges first."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue
            addr = ipaddress.ip_address(ip.ip)
            if addr.is_loopback or addr.is_link_local:
                continue
            found.append(ip.ip)
    found.sort(key=lambda a: (not ipaddress.ip_address(a).is_private, a))
    return found


def base_urls(port: int, host: str = "0.0.0.0") -> list[str]:
    if host not in ("0.0.0.0", "::", ""):
        return [f"http://{host}:{port}"]
    return [f"http://{a}:{port}" for a in lan_addresses()] or [f"http://localhost:{port}"]


@lru_cache(maxsize=32)
def qr_data_uri(text: str) -> str:
    """An SVG QR code as a data URI (made here, no network). Kept: making one took some 10 ms of the event loop,
    and the home page shows one on every view (issue 47, page-view floods)."""
    return segno.make(text, error="m").svg_data_uri(scale=4, border=2, dark="#1b1b1b", light="#ffffff")
