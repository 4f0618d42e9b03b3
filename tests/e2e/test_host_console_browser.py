"""The host console from another device, for real: the server listens on every interface and the test connects
to a non-loopback address of this machine, so the server sees a remote client. A forged X-Forwarded-For header
must not make it local. Set CN_SHOTS=<dir> to keep a screenshot."""

from __future__ import annotations

import os
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server, free_port


def lan_address() -> str | None:
    """This machine's address on its network (no packet is sent), or None if it only has loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.123", 9))
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


LAN = lan_address()
pytestmark = pytest.mark.skipif(LAN is None, reason="no non-loopback address here to connect from (the trust "
                                "decision itself is tested in tests/ui/test_host_access.py)")


@pytest.fixture
def lan_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "data", free_port(), host="0.0.0.0")
    srv.start()
    yield srv
    srv.stop()
    assert not srv.errors(), "server logged errors:\n" + "\n".join(srv.errors())


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=60) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_remote_needs_the_password_and_forged_headers_do_not_help(lan_server: Server, browser: Browser) -> None:
    remote = f"http://{LAN}:{lan_server.port}"
    forged = {"X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1", "Forwarded": "for=127.0.0.1"}
    status, body = get(f"{remote}/host", forged)
    assert status == 200 and b"host-password" in body and b"host-console" not in body
    assert get(f"{remote}/host/backup.zip", forged)[0] == 403
    assert get(f"{remote}/host/backup.zip?token=guess", forged)[0] == 403
    status, body = get(f"{remote}/host/report/RABCDEFGH", forged)
    assert status == 200 and b"host-password" in body and b"No report" not in body
    # the server's own machine, but asked for by another name (a re-pointed web page): no free pass either
    assert get(f"{lan_server.url}/host/backup.zip", {"Host": "evil.example"})[0] == 403
    status, body = get(f"{lan_server.url}/host")  # the server's own machine: no password
    assert status == 200 and b"host-console" in body

    password = (lan_server.data_dir / "host_password.txt").read_text().strip()
    page = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True).new_page()
    page.goto(f"{remote}/host")
    page.get_by_test_id("host-password").fill("not-the-password")
    page.get_by_test_id("btn-host-login").click()
    expect(page.get_by_test_id("host-status")).to_have_text("That is not the console password.", timeout=15_000)
    page.get_by_test_id("host-password").fill(password)
    page.get_by_test_id("btn-host-login").click()  # waits its turn (slowed after the wrong one), then opens
    expect(page.get_by_test_id("host-console")).to_be_visible(timeout=20_000)
    page.reload()  # remembered for this browser
    expect(page.get_by_test_id("host-console")).to_be_visible(timeout=15_000)
    if os.environ.get("CN_SHOTS"):
        page.screenshot(path=str(Path(os.environ["CN_SHOTS"]) / "host-laptop.png"), full_page=True)
    with page.expect_download(timeout=60_000) as download:
        page.get_by_test_id("btn-backup").click()
    assert download.value.suggested_filename.endswith(".zip")
    page.context.close()
    lan_server.stop()
    log = lan_server.log.read_text()
    assert f"Wrong host console password from {LAN}" in log
