"""A step of the wall clock does not freeze a table: the real server runs under libfaketime, whose offset the test
moves an hour back and forth while the server runs (the file ``FAKETIME_TIMESTAMP_FILE``, read again a second
after the last read with ``FAKETIME_CACHE_DURATION=1``: ``FAKETIME_NO_CACHE=1``, a read at every clock call, made
the server about eight times slower and its first page took 14 s on a busy machine; ``FAKETIME_DONT_FAKE_MONOTONIC=1``
leaves the monotonic clock alone, as an NTP correction does). At a President practice table with a 20 s turn timer
(the shortest a game offers; Rummy's is 30 s, and the test waits the timer out), the person's countdown keeps its
seconds through both steps and nothing times out early; then the computers, who play every seat after the timeout,
keep moving after the clock goes back two hours, and a reload then (the browser's cookie was signed "in the
future") still finds the person in their seat.

Run alone: ``CHROMIUM_PATH=/usr/bin/chromium python -m pytest -q -m e2e -n 0 tests/e2e/test_clock_step.py``
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import Server, free_port
from tests.e2e.helpers import attr, my_turn, president_step, saved_record

pytestmark = pytest.mark.e2e

LIBFAKETIME = Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
TIMER = 20  # seconds per turn: room for two steps of the clock (about 5 s) even on a busy machine


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
        env.setenv("FAKETIME_CACHE_DURATION", "1")
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
    """Move the server's wall clock: libfaketime reads the file again at the server's first clock call a second
    after its last read (``FAKETIME_CACHE_DURATION=1``)."""
    offset.write_text(value + "\n")
    time.sleep(1.2)


def test_a_step_of_the_wall_clock_neither_freezes_nor_fires_the_table(
        browser: Browser, stepped_server: tuple[Server, Path]) -> None:
    srv, offset = stepped_server
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    # the home page first: this server sends its scripts and styles slowly (each file takes some 0.3-0.7 s under
    # libfaketime), and the table's first turn should not start while the browser is still fetching them
    page.goto(srv.url, timeout=60_000)
    page.goto(f"{srv.url}/new/president?players=4&timer={TIMER}&speed=0.5", timeout=60_000)
    expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # a turn of the person's whose countdown has just begun
        if my_turn(page):
            left = page.locator("[data-testid=countdown]").get_attribute("data-seconds") or ""
            if left.isdigit() and int(left) >= TIMER - 4:
                break
            if left.isdigit() and int(left) >= 3:  # a turn that began while the page was loading (a slow
                president_step(page)  # server under libfaketime): played, and the next one is waited for
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
    try:  # four moves within five seconds (the page's own check: no sleeping through the time they take)
        page.wait_for_function("(v) => +document.querySelector('[data-testid=table]').dataset.version >= v",
                               arg=versions[0] + 4, polling=100, timeout=5000)
    except PlaywrightTimeout:
        pass  # the assert below says what was seen
    versions.append(int(attr(page, "data-version")))
    code = page.url.rsplit("/", 1)[1]
    record = saved_record(srv, code)
    assert versions[-1] >= versions[0] + 4, (versions, attr(page, "data-phase"), attr(page, "data-turn"),
                                             record["status"], record["version"], record["seats"][0])

    page.reload()  # the browser's cookie was signed an hour "later" than the server's clock now: it still names them
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-seat", seat)
