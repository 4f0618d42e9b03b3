"""The host console from another device, for real, without leaving this machine: the test starts a tiny reverse
proxy on loopback that adds ``X-Forwarded-For: 198.51.100.7`` (what a proxy in front of Card Night must send), so
the server sees a visitor from another device. Set CN_SHOTS=<dir> to keep a screenshot."""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server, free_port
from tests.e2e.forwarding_proxy import ForwardingProxy

VISITOR = "198.51.100.7"


@pytest.fixture
def proxied_server(tmp_path: Path) -> Iterator[tuple[Server, ForwardingProxy]]:
    srv = Server(tmp_path / "data", free_port())
    srv.start()
    with ForwardingProxy(srv.port, VISITOR) as proxy:
        yield srv, proxy
    srv.stop()
    assert not srv.errors(), "server logged errors:\n" + "\n".join(srv.errors())


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=60) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_remote_needs_the_password_and_forged_headers_do_not_help(proxied_server: tuple[Server, ForwardingProxy],
                                                                   browser: Browser) -> None:
    server, proxy = proxied_server
    remote = proxy.url
    forged = {"X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1", "Forwarded": "for=127.0.0.1",
              "Host": "localhost"}
    status, body = get(f"{remote}/host", forged)
    assert status == 200 and b"host-password" in body and b"host-console" not in body
    assert get(f"{remote}/host/backup.zip", forged)[0] == 403
    assert get(f"{remote}/host/backup.zip?token=guess", forged)[0] == 403
    status, body = get(f"{remote}/host/report/RABCDEFGH", forged)
    assert status == 200 and b"host-password" in body and b"No report" not in body
    # the server's own machine, asking directly with a header a proxy would add: the password too
    assert get(f"{server.url}/host/backup.zip", {"X-Forwarded-For": "127.0.0.1", "Host": "localhost"})[0] == 403
    status, body = get(f"{server.url}/host")  # the server's own machine, asking directly: no password
    assert status == 200 and b"host-console" in body

    password = (server.data_dir / "host_password.txt").read_text().strip()
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
    server.stop()
    log = server.log.read_text()
    assert f"Wrong host console password from {VISITOR}" in log
