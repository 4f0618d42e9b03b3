"""The multicast DNS announcement's parts that need no network: the --name check, which addresses are announced,
and one clear log line (not a crash) where multicast sockets cannot be opened. The announcement on a real network
interface: tests/e2e/test_mdns_server.py."""

from __future__ import annotations

import argparse
import logging

import pytest

from ui.net.lan import lan_addresses
from ui.net.mdns import Announcer, announced_addresses, host_label, service_title


def test_the_name_is_one_dns_label() -> None:
    assert host_label("cardnight") == "cardnight"
    assert host_label("CardNight-2") == "cardnight-2"
    assert host_label("kitchen.local") == "kitchen"
    for bad in ("", "-x", "x-", "two words", "a.b", "x" * 64, "café"):
        with pytest.raises(argparse.ArgumentTypeError):
            host_label(bad)
    assert service_title("cardnight") == "Card Night" and service_title("attic") == "Card Night (attic)"


def test_only_addresses_others_can_reach_are_announced() -> None:
    assert announced_addresses("127.0.0.1") == [] and announced_addresses("::1") == []
    assert announced_addresses("192.168.1.20") == ["192.168.1.20"]
    assert announced_addresses("0.0.0.0") == lan_addresses()
    assert announced_addresses("myhost") == []


async def test_no_multicast_gives_one_clear_log_line_and_no_announcement(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="cardnight.mdns")
    announcer = Announcer("cn-unit", 8080, "203.0.113.7")  # an address no interface of this machine has
    assert await announcer.start() is False
    assert announcer.url is None
    lines = [r for r in caplog.records if r.name == "cardnight.mdns"]
    assert len(lines) == 1 and lines[0].levelno == logging.WARNING
    assert "could not announce cn-unit.local" in lines[0].getMessage()
    await announcer.stop()  # and stopping what never started is harmless


async def test_a_loopback_only_server_is_not_announced(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="cardnight.mdns")
    announcer = Announcer("cn-unit", 8080, "127.0.0.1")
    assert await announcer.start() is False
    assert "listens on 127.0.0.1 only" in caplog.text
