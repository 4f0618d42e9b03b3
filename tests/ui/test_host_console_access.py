"""Who gets the host console and its backup without the password, over the app's real routes (NiceGUI `user`
tests: the simulated browser connects from 127.0.0.1, like a browser on the server's own machine).

A reverse proxy on the same machine also connects from loopback; the forwarding header it adds is what tells
its visitors apart, whatever ``Host`` it passes on. The switch ``console_password_always`` asks everybody."""

from __future__ import annotations

import socket

import pytest
from nicegui.testing import User

from tests.ui.helpers import as_remote_device, find, with_testid
from ui.server.runtime import runtime

PROXIED = [
    {"X-Forwarded-For": "127.0.0.1"},
    {"Forwarded": "for=127.0.0.1"},
    {"X-Real-IP": "127.0.0.1"},
    {"X-Forwarded-For": "127.0.0.1", "Forwarded": "for=127.0.0.1;host=localhost", "X-Real-IP": "127.0.0.1"},
    {"X-Forwarded-Host": "localhost"},
    {"X-Forwarded-For": "192.168.1.44"},
    {"Via": "1.1 caddy"},
]
HOSTS = ["localhost", "localhost:8080", "localhost.", "127.0.0.1", "[::1]:8080", "[::ffff:127.0.0.1]:8080"]


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("headers", PROXIED)
async def test_through_a_proxy_on_this_machine_the_console_asks_for_the_password(
        user: User, headers: dict[str, str], host: str) -> None:
    sent = {"Host": host, **headers}
    page = await user.http_client.get("/host", headers=sent)
    assert page.status_code == 200 and "host-password" in page.text and "host-console" not in page.text
    backup = await user.http_client.get("/host/backup.zip", headers=sent)
    assert backup.status_code == 403 and not backup.content.startswith(b"PK")
    report = await user.http_client.get("/host/report/RABCDEFGH", headers=sent)
    assert "host-password" in report.text and "No report" not in report.text


async def test_the_servers_own_browser_opens_it_without_a_password(user: User) -> None:
    for host in HOSTS:  # this machine by a loopback name
        backup = await user.http_client.get("/host/backup.zip", headers={"Host": host})
        assert backup.status_code == 200 and backup.content.startswith(b"PK"), host
    for host in ("cardnight.local:8080", "192.168.1.20:8080", "rebound.example:8080"):  # DNS rebinding, or a proxy
        backup = await user.http_client.get("/host/backup.zip", headers={"Host": host})
        assert backup.status_code == 403, host
    await user.open("/host")
    await find(user, "host-console")
    assert not with_testid(user, "host-password")


async def test_with_the_switch_on_the_servers_own_browser_types_the_password_too(user: User) -> None:
    runtime().console_password_always = True
    try:
        assert (await user.http_client.get("/host/backup.zip", headers={"Host": "localhost"})).status_code == 403
        await user.open("/host")
        await find(user, "host-password")
        assert not with_testid(user, "host-console")
        password = (runtime().data_dir / "host_password.txt").read_text().strip()
        with user:
            with_testid(user, "host-password")[0].set_value(password)
        (await find(user, "btn-host-login")).click()
        await find(user, "host-console", timeout=5)
    finally:
        runtime().console_password_always = False


async def test_another_device_needs_the_password_even_asking_for_localhost(user: User) -> None:
    as_remote_device(user, "192.168.1.44")
    assert (await user.http_client.get("/host/backup.zip", headers={"Host": "localhost"})).status_code == 403
    page = await user.http_client.get("/host", headers={"Host": "localhost"})
    assert "host-password" in page.text and "host-console" not in page.text


async def test_the_servers_own_browser_by_the_machines_host_name_opens_it(user: User) -> None:
    name = socket.gethostname()
    backup = await user.http_client.get("/host/backup.zip", headers={"Host": f"{name}:8080"})
    assert backup.status_code == 200 and backup.content.startswith(b"PK"), name


@pytest.mark.parametrize("path", ["/", "/host", "/profile", "/table/NOPE42", "/tv/NOPE42", "/rules/president",
                                  "/assets/cardnight.css", "/api/v1/tables/NOPE42", "/docs"])
async def test_no_page_may_be_framed(user: User, path: str) -> None:
    """Issue 47: a page on another port framed the console, and two clicks ended a table."""
    answer = await user.http_client.get(path, headers={"Host": "localhost"})
    assert answer.headers.get("x-frame-options") == "DENY", (path, answer.status_code)
    assert "frame-ancestors 'none'" in answer.headers.get("content-security-policy", ""), path
