"""A real full disk: the server keeps its data on a 1 MB tmpfs, a game is under way in the browser, the disk is
filled to the last byte, the game goes on (every page says the server cannot save, a new table gets 503), then
space is freed: the notice goes and the table's file holds the newest move; a restart finds it. Set CN_SHOTS=<dir>
to keep a screenshot of the notice.

Needs root to mount the tmpfs (``mount -t tmpfs -o size=1m tmpfs DIR``); skipped otherwise (the same faults are
injected at the storage layer in tests/storage/test_save_faults.py and tests/ui/test_save_faults_pages.py)."""

from __future__ import annotations

import os
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server, free_port
from tests.e2e.helpers import attr, president_step, saved_record

MESSAGE = "Card Night cannot save — the disk is full. Free some space; nothing is lost while this server keeps running."


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.skip("mounting a 1 MB tmpfs needs root (the faults are also injected in tests/storage)")
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    """Fill the disk to its last byte with one file; returns it."""
    filler = disk / "filler.bin"
    with filler.open("wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError:
            pass
    return filler


def test_the_game_goes_on_through_a_full_disk_and_everything_is_written_after(small_disk: Path, tmp_path: Path,
                                                                             browser: Browser) -> None:
    server = Server(small_disk / "data", free_port(), seed=41)
    server.log = tmp_path / "server.log"  # not on the small disk: every line must reach it
    server.start()
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(f"{server.url}/new/president?players=4&bots=3&speed=0")
        expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"), timeout=20_000)
        code = page.url.rsplit("/", 1)[1]
        notice = page.get_by_test_id("save-failing")
        expect(notice).to_be_hidden()
        for _ in range(3):
            president_step(page)
        filler = fill(small_disk)
        started = time.monotonic()

        moves = 0
        deadline = time.time() + 60
        while moves < 8 and time.time() < deadline:  # play on: every move is made and shown
            if president_step(page):
                moves += 1
            else:
                page.wait_for_timeout(100)
        assert moves >= 8, "the game stalled on a full disk"
        expect(notice).to_be_visible(timeout=10_000)
        expect(notice).to_contain_text(MESSAGE)
        if os.environ.get("CN_SHOTS"):
            page.screenshot(path=str(Path(os.environ["CN_SHOTS"]) / "save-failing-table.png"))
        in_memory = int(attr(page, "data-version"))
        assert saved_record(server, code)["version"] < in_memory  # the file is as it was before the disk filled
        refused = httpx.get(f"{server.url}/new/president?players=4&bots=3", timeout=30)
        assert refused.status_code == 503 and "No new tables while Card Night cannot save" in refused.text

        filler.unlink()  # space comes back
        expect(notice).to_be_hidden(timeout=15_000)
        freed = time.monotonic() - started
        page.wait_for_timeout(500)
        assert saved_record(server, code)["version"] == int(attr(page, "data-version")) >= in_memory
        assert httpx.get(f"{server.url}/new/president?players=4&bots=3", timeout=30).status_code in (200, 303)
        version = int(attr(page, "data-version"))
        page.context.close()
    finally:
        server.stop()
    log = server.log.read_text(errors="replace")
    assert log.count("Card Night cannot save: the disk is full") == 1, log[-3000:]
    assert log.count("Saving works again") == 1
    assert "Traceback" not in log, log[-3000:]
    print(f"full disk for {freed:.0f} s: {moves} moves played, table {code} written up to version {version}")

    again = Server(small_disk / "data", free_port())  # a restart finds the newest move
    again.log = tmp_path / "again.log"
    again.start()
    try:
        page = browser.new_context().new_page()
        page.goto(f"{again.url}/table/{code}")
        expect(page.locator("[data-testid=table]")).to_have_attribute("data-version", re.compile(r"\d+"))
        assert int(attr(page, "data-version")) >= version
        page.context.close()
    finally:
        again.stop()
