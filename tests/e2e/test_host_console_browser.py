"""The host console from another device, for real, without leaving this machine: the test starts a tiny reverse
proxy on loopback that adds ``X-Forwarded-For: 198.51.100.7`` (what a proxy in front of Card Night must send), so
the server sees a visitor from another device. Set CN_SHOTS=<dir> to keep a screenshot."""

from __future__ import annotations

import http.server
import os
import socket
import threading
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


def test_no_other_page_can_frame_the_console_and_the_machines_name_opens_it(server: Server, browser: Browser) -> None:
    """Issue 47: a page on another localhost port framed the console (two clicks ended a table); and the server's
    own browser at http://<hostname>:8080/host got the password form."""
    status, body = get(f"{server.url}/host", {"Host": f"{socket.gethostname()}:{server.port}"})
    assert status == 200 and b"host-console" in body  # (the same machine by its own name: no password)
    evil = (f'<p>win a prize</p><iframe src="{server.url}/host" width="900" height="600"></iframe>').encode()

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(evil)

        def log_message(self, *args: object) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Evil)  # another site on this machine
    threading.Thread(target=site.serve_forever, daemon=True).start()
    try:
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{site.server_address[1]}/prize")
        page.wait_for_timeout(2500)
        framed = [f for f in page.frames if f is not page.main_frame]
        assert framed and not framed[0].url.startswith(server.url), framed[0].url  # blocked: an error page instead
        assert framed[0].query_selector("[data-testid=host-console]") is None
    finally:
        site.shutdown()


def test_on_a_phone_each_rows_buttons_and_links_keep_to_its_right_edge(server: Server, browser: Browser) -> None:
    """At 390 px a live table's row wraps: its TV and End buttons still end the row at its right edge (inside its
    padding), not wherever the wrap left them."""
    page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    codes = []
    for query in ("president?players=4&bots=3&seed=3", "beanie?players=2&bots=1&seed=3"):
        page.goto(f"{server.url}/new/{query}")
        page.wait_for_url("**/table/**")
        codes.append(page.url.split("/table/")[1][:6])
    page.goto(f"{server.url}/host")
    for code in codes:
        row = page.get_by_test_id(f"host-table-{code}")
        end = page.get_by_test_id(f"btn-host-end-{code}")
        expect(end).to_be_visible()
        right = row.bounding_box()
        box = end.bounding_box()
        assert right and box and abs((right["x"] + right["width"]) - (box["x"] + box["width"])) < 8, (right, box)
