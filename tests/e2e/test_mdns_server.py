"""The server announces its name on the network with multicast DNS while it runs (python-zeroconf as the client,
on this machine): ``<name>.local`` and the ``_http._tcp`` service resolve to its address and port, the home page
shows the name, and both are gone once it stopped. ``--no-mdns`` announces nothing.

Multicast DNS sends packets on this machine's network, so the announcement test runs only when asked
(``CN_NETWORK_TESTS=1``); every HTTP request of these tests goes to loopback. The parts that need no network are
in tests/test_mdns.py."""

from __future__ import annotations

import concurrent.futures
import os
import time
from pathlib import Path

import httpx
import pytest
from zeroconf import AddressResolverIPv4, IPVersion, Zeroconf

from tests.e2e.conftest import Server, free_port
from ui.net.lan import lan_addresses
from ui.net.mdns import SERVICE_TYPE, service_title


def resolve(name: str, wait_ms: int = 3000) -> tuple[list[str], tuple[list[str], int] | None]:
    """What a fresh client on this machine finds: the host name's addresses, and the service's (addresses, port).
    In a thread of its own: zeroconf's blocking calls refuse to run where an event loop runs (Playwright's, when
    the browser tests run in the same session)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(_resolve, name, wait_ms).result()


def _resolve(name: str, wait_ms: int) -> tuple[list[str], tuple[list[str], int] | None]:
    zc = Zeroconf(ip_version=IPVersion.V4Only)
    try:
        host = AddressResolverIPv4(f"{name}.local.")
        host.request(zc, wait_ms)
        info = zc.get_service_info(SERVICE_TYPE, f"{service_title(name)}.{SERVICE_TYPE}", timeout=wait_ms)
        return host.parsed_addresses(), (info.parsed_addresses(), info.port) if info else None
    finally:
        zc.close()


def wait_for_log(server: Server, text: str, timeout: float = 20) -> None:
    deadline = time.time() + timeout
    while text not in server.log.read_text(errors="replace"):
        assert time.time() < deadline, f"no {text!r} in the server log"
        time.sleep(0.2)


@pytest.mark.skipif(not os.environ.get("CN_NETWORK_TESTS"),
                    reason="multicast DNS goes out on the machine's network; set CN_NETWORK_TESTS=1 to run it")
def test_the_name_and_the_service_resolve_while_the_server_runs(tmp_path: Path) -> None:
    addresses = lan_addresses()
    assert addresses, "this machine has no network interface besides loopback: nothing to announce on"
    name = f"cn-test-{os.getpid()}"
    server = Server(tmp_path / "data", free_port(), host="0.0.0.0", extra_args=("--name", name))
    server.start()
    try:
        wait_for_log(server, "mDNS: announced")
        found, service = resolve(name)
        assert found and set(found) <= set(addresses), found
        assert service is not None and service[1] == server.port and set(service[0]) <= set(addresses)
        home = httpx.get(f"{server.url}/", timeout=30)
        assert home.status_code == 200 and f"http://{name}.local:{server.port}" in home.text
        assert f"http://{name}.local:{server.port}" in server.log.read_text()  # printed at start too
    finally:
        server.stop()
    assert resolve(name, 1500) == ([], None)  # withdrawn at shutdown
    assert not server.errors(), server.errors()


def test_no_mdns_announces_nothing(tmp_path: Path) -> None:
    name = f"cn-off-{os.getpid()}"
    server = Server(tmp_path / "data", free_port(), host="0.0.0.0", extra_args=("--name", name, "--no-mdns"))
    server.start()
    try:
        assert httpx.get(f"{server.url}/", timeout=30).status_code == 200
        time.sleep(1.0)  # the announcement would be logged by now
        assert "mDNS" not in server.log.read_text()
    finally:
        server.stop()
