"""A step of the wall clock does not freeze a table: the real server runs under libfaketime, whose offset the test
moves an hour back and forth while the server runs (the file ``FAKETIME_TIMESTAMP_FILE``, read again at every
clock call with ``FAKETIME_NO_CACHE=1``; ``FAKETIME_DONT_FAKE_MONOTONIC=1`` leaves the monotonic clock alone, as an
NTP correction does). At a Rummy practice table with a 30 s turn timer, the person's countdown keeps its seconds
through both steps and nothing times out early; then the computers, who play every seat after the timeout, keep
moving after the clock goes back two hours, and a reload then (the browser's cookie was signed "in the future")
still finds the person in their seat.

Run alone: ``CHROMIUM_PATH=/usr/bin/chromium python -m pytest -q -m e2e -n 0 tests/e2e/test_clock_step.py``
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, free_port
from tests.e2e.helpers import attr, my_turn, saved_record

pytestmark = pytest.mark.e2e

LIBFAKETIME = Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
TIMER = 30  # seconds per turn: room for two steps of the clock (about 5 s) even on a busy machine


@pytest.fixture
def stepped_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Server, Path]]:
    """The app under libfaketime, and the file that sets its wall-clock offset ("+0", "-1h", "+1h")."""
    if not LIBFAKETIME.exists():
        pytest.skip("libfaketime is not installed (Debian package faketime)")
    offset = tmp_path / "faketime.rc"
    offset.write_text("+0\n")
    srv = Server(tmp_path / "data", free_port(), seed=1000)
    with monkeypatch.context() as env:  # only the server's process gets libfaketime, not the browser
        env.setenv("LD_PRELOAD", str(LIBFAKETIME))
        env.setenv("FAKETIME_TIMESTAMP_FILE", str(offset))
        env.setenv("FAKETIME_NO_CACHE", "1")
        env.setenv("FAKETIME_DONT_FAKE_MONOTONIC", "1")
        env.setenv("DONT_FAKE_MONOTONIC", "1")
        env.setenv("NO_FAKE_STAT", "1")  # file times stay true (the offset file is read, not faked)
        srv.start()
    yield srv, offset
    srv.stop()
    assert not srv.errors(), "server logged errors:\n" + "\n".join(srv.errors())


def seconds_shown(page: Page) -> int:
    text = page.locator("[data-testid=countdown]").inner_text()
    found = re.search(r"(\d+)s", text)
    assert found, f"no turn countdown shown: {text!r}"
    return int(found.group(1))


def server_offset(srv: Server, offset: Path, value: str) -> None:
    """Move the server's wall clock: libfaketime reads the file again at the server's next clock call."""
    offset.write_text(value + "\n")
    time.sleep(0.2)


def test_a_step_of_the_wall_clock_neither_freezes_nor_fires_the_table(
        browser: Browser, stepped_server: tuple[Server, Path]) -> None:
    srv, offset = stepped_server
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{srv.url}/new/rummy?players=3&timer={TIMER}&speed=0.5&first_draw=false", timeout=60_000)
    expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    deadline = time.monotonic() + 60
    while not my_turn(page) and time.monotonic() < deadline:  # the computers move first, at their pace
        page.wait_for_timeout(100)
    assert my_turn(page), "the person's turn never came"
    seat = attr(page, "data-seat")
    page.wait_for_timeout(1200)
    shown = [(time.monotonic(), seconds_shown(page))]
    assert 10 <= shown[0][1] <= TIMER  # time enough for two steps (a busy machine may show the turn late)

    for step, why in (("-1h", "back an hour"), ("+1h", "two hours ahead")):
        server_offset(srv, offset, step)
        page.wait_for_timeout(2000)
        shown.append((time.monotonic(), seconds_shown(page)))
        (then, before), (now, after) = shown[-2:]
        assert abs((before - after) - (now - then)) <= 2.5, f"{why}: {shown}"  # counts down as time passes
        assert my_turn(page), f"{why}: the turn timer fired early"

    now, left = shown[-1]
    deadline = now + left + 10
    while my_turn(page) and time.monotonic() < deadline:  # and runs out when the time left has passed
        page.wait_for_timeout(200)
    assert not my_turn(page), "the turn never timed out"
    assert time.monotonic() >= now + left - 2.5, "the turn timed out early"
    page.wait_for_timeout(1000)  # the computer plays for the person from now on

    server_offset(srv, offset, "-1h")  # back two hours while only computers play: they keep moving
    versions = [int(attr(page, "data-version"))]
    for _ in range(5):
        page.wait_for_timeout(1000)
        versions.append(int(attr(page, "data-version")))
    code = page.url.rsplit("/", 1)[1]
    record = saved_record(srv, code)
    assert versions[-1] >= versions[0] + 4, (versions, attr(page, "data-phase"), attr(page, "data-turn"),
                                             record["status"], record["version"], record["seats"][0])

    page.reload()  # the browser's cookie was signed an hour "later" than the server's clock now: it still names them
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-seat", seat)
