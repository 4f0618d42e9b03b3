"""Who is here, in real browsers: a seat's presence on the others' badges, the computer playing for a player who
closed the page on their turn (after the host's 30-second grace), the player back in the seat when they reopen the
link; the "Reconnecting…" banner while the server is down and the pages back by themselves after its restart;
watching from the home page's Watch button, the Copy watch link, and forged events from a watcher's page.

The grace's test runs on a server whose presence times are shortened (``CARDNIGHT_TEST_PRESENCE_SCALE``, a
test-only setting: "reconnecting" for 6 s instead of 15, the 30 s grace 12 s): the same steps in the same order,
without half a minute of waiting. tests/logic/test_table_presence.py checks the real times."""

from __future__ import annotations

import json
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import Server, free_port, running
from tests.e2e.helpers import attr, hand_codes, my_turn, president_step, saved_record
from tests.e2e.test_forged_input import forge, listeners, snapshot_of
from tests.e2e.test_president_friends import came_back_by_itself
from tests.e2e.test_rummy_friends import choose, draw_for_first_deal, open_friends_table, rummy_step

TABLE = "[data-testid=table]"
SCALE = 0.4  # the grace test's server: presence's times (reconnecting 15 s, a grace of 30 s) times this


@pytest.fixture
def quick_presence_server(tmp_path: Path) -> Iterator[Server]:
    """A server whose presence times are ``SCALE`` of the real ones (a test-only setting)."""
    yield from running(Server(tmp_path / "data", free_port(), seed=1000,
                              env={"CARDNIGHT_TEST_PRESENCE_SCALE": str(SCALE)}))


def wait_until(check, timeout: float = 20.0, page: Page | None = None) -> None:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "condition not met in time"
        if page is not None:
            page.wait_for_timeout(100)
        else:
            time.sleep(0.1)


def host_and_guest_playing(browser: Browser, server: Server,
                           away_grace: str) -> tuple[Page, str, BrowserContext, Page]:
    """A Rummy friends table with no turn timer: the host's laptop page and Gus's phone page, the game started."""
    host, code = open_friends_table(browser, server)
    choose(host, "opt-turn-timer", "Off")
    choose(host, "opt-away-grace", away_grace)
    guest_ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    guest = guest_ctx.new_page()
    guest.goto(f"{server.url}/table/{code}")
    guest.fill("[data-testid=join-name]", "Gus")
    guest.click("[data-testid=btn-join]")
    expect(guest.locator(TABLE)).to_have_attribute("data-seat", "1")
    expect(host.locator("[data-testid=btn-start]")).to_be_enabled()
    host.click("[data-testid=btn-start]")
    draw_for_first_deal([host, guest])
    return host, code, guest_ctx, guest


def test_away_player_computer_takes_over_then_back_and_server_restart(browser: Browser,
                                                                     quick_presence_server: Server) -> None:
    server = quick_presence_server
    host, code, guest_ctx, guest = host_and_guest_playing(browser, server, "Computer after 30 s")
    expect(host.locator("[data-testid=seat-1]")).to_have_attribute("data-presence", "connected")
    assert saved_record(server, code)["settings"]["away_grace"] == 30  # saved with the table
    deadline = time.monotonic() + 30
    while not (my_turn(guest) and attr(guest, "data-phase") == "play"):  # the host plays up to Gus's turn
        assert time.monotonic() < deadline, "Gus's turn did not come"
        if not rummy_step(host):
            host.wait_for_timeout(100)

    steps_before = len(saved_record(server, code)["log"])
    guest.close()  # on their turn
    closed = time.monotonic()
    badge = host.locator("[data-testid=seat-1]")
    expect(badge).to_have_attribute("data-presence", "reconnecting", timeout=10_000)
    expect(badge).to_have_attribute("data-presence", "away", timeout=30_000)
    expect(host.locator("[data-testid=seat-1-presence]")).to_contain_text("away")
    expect(host.locator("[data-testid=btn-seat-to-computer-1]")).to_be_visible()  # the host could at once
    assert attr(host, "data-turn") == "1"  # the table waits for them during the grace
    expect(host.locator(TABLE)).to_have_attribute("data-turn", "0", timeout=40_000)  # then the computer moved
    assert time.monotonic() - closed >= 30 * SCALE - 1  # not before the grace (scaled on this server)
    record = saved_record(server, code)
    assert any(seat == 1 for seat, _ in record["log"][steps_before:]), "the computer did not move for seat 1"
    assert record["seats"][1]["autoplay"] and record["seats"][1]["away"]
    expect(badge).to_contain_text("auto-play")

    guest = guest_ctx.new_page()  # Gus reopens the link
    guest.goto(f"{server.url}/table/{code}")
    expect(guest.locator(TABLE)).to_have_attribute("data-seat", "1")
    expect(badge).to_have_attribute("data-presence", "connected", timeout=10_000)
    expect(badge).not_to_contain_text("auto-play")
    assert not saved_record(server, code)["seats"][1]["autoplay"]
    expect(guest.locator("[data-testid=hand] [data-card]")).to_have_count(len(hand_codes(guest)))

    # the server is killed: both pages say so, then come back by themselves to the same seat and hand
    before = {p: (sorted(hand_codes(p)), attr(p, "data-seat"), attr(p, "data-turn")) for p in (host, guest)}
    for page in (host, guest):
        page.evaluate("() => { window.cnBeforeRestart = true; }")
    server.stop(signal.SIGKILL)
    for page in (host, guest):
        banner = page.locator("[data-testid=reconnecting]")
        expect(banner).to_be_visible(timeout=10_000)
        expect(banner).to_contain_text("Reconnecting")
        expect(page.locator("#popup")).to_be_hidden()  # NiceGUI's own popup gives way to ours
    server.start()
    for page in (host, guest):
        assert came_back_by_itself(page), "the page did not come back by itself"
        expect(page.locator(TABLE)).to_have_attribute("data-seat", before[page][1])
        wait_until(lambda p=page: sorted(hand_codes(p)) == before[p][0], page=page)
        assert attr(page, "data-turn") == before[page][2]
        expect(page.locator("[data-testid=reconnecting]")).to_be_hidden()
    expect(host.locator("[data-testid=seat-1]")).to_have_attribute("data-presence", "connected", timeout=10_000)


def test_the_banner_offers_a_reload_when_the_server_stays_away(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{server.url}/new/president?players=4&speed=0&seed=3")
    expect(page.locator(TABLE)).to_have_attribute("data-seat", "0")
    page.clock.install()  # from here the page's timers run on a clock the test moves
    server.stop(signal.SIGKILL)
    page.clock.run_for(2_000)
    banner = page.locator("[data-testid=reconnecting]")
    expect(banner).to_be_visible(timeout=10_000)
    expect(page.locator("[data-testid=btn-reload]")).to_be_hidden()
    page.clock.run_for(31_000)
    expect(banner).to_contain_text("Can't reach the table")
    expect(page.locator("[data-testid=btn-reload]")).to_be_visible()


def test_watching_from_home_and_forged_events_from_the_watcher_change_nothing(browser: Browser,
                                                                              server: Server) -> None:
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    host_ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    host = host_ctx.new_page()
    host.goto(server.url)
    host.click("[data-testid=friends-president]")
    expect(host).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    code = host.locator("[data-testid=join-code]").inner_text().strip()
    choose(host, "opt-turn-timer", "Off")
    choose(host, "opt-bot-speed", "At once")
    for seat in (1, 2, 3):
        host.click(f"[data-testid=btn-add-bot-{seat}]")
        expect(host.locator(f"[data-testid=btn-add-bot-{seat}]")).to_have_count(0)
    host.click("[data-testid=btn-start]")
    expect(host.locator(TABLE)).to_have_attribute("data-phase", "play")

    # the clipboard is missing on a plain-HTTP LAN address: the watcher's page is made like that
    watcher_ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    watcher_ctx.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    watcher = watcher_ctx.new_page()
    watcher.goto(server.url)
    watcher.click(f"[data-testid=watch-{code}]")
    table = watcher.locator(TABLE)
    expect(table).to_have_attribute("data-watching", "true")
    assert attr(watcher, "data-seat") == ""
    expect(watcher.locator("[data-testid=watching]")).to_be_visible()
    expect(watcher.locator("[data-testid=hand]")).to_have_count(0)
    expect(host.locator(TABLE)).to_have_attribute("data-watchers", "1")
    expect(host.locator("[data-testid=watchers]")).to_contain_text("1")
    assert attr(host, "data-watching") == "false"

    # Copy watch link: copied where there is a clipboard, else shown to copy by hand
    host.bring_to_front()  # (Chromium lets only a focused page write to the clipboard)
    host.click("[data-testid=btn-menu]")
    host.click("[data-testid=btn-copy-watch-link]")
    expect(host.get_by_text("Watch link copied.")).to_be_visible()
    assert host.evaluate("() => navigator.clipboard.readText()").endswith(f"/table/{code}")
    watcher.click("[data-testid=btn-menu]")
    watcher.click("[data-testid=btn-copy-watch-link]")
    expect(watcher.locator("[data-testid=watch-link]")).to_have_value(re.compile(f"/table/{code}$"))
    watcher.keyboard.press("Escape")

    # chat is read only for watchers by default: no box to write in
    watcher.click("[data-testid=btn-chat]")
    expect(watcher.locator("[data-testid=chat-dialog]")).to_be_visible()
    expect(watcher.locator("[data-testid=chat-input]")).to_have_count(0)
    watcher.keyboard.press("Escape")

    # wait for the host's turn (the table waits for a person), then forge from the watcher's page
    wait_until(lambda: my_turn(host) and attr(host, "data-phase") == "play", page=host)
    host.wait_for_timeout(300)
    host.click("[data-testid=btn-chat]")  # (the host's chat box and send button exist while it is open)
    expect(host.locator("[data-testid=chat-send]")).to_be_visible()
    before = snapshot_of(server, code)
    chat_before = json.dumps(saved_record(server, code)["chat"])
    host_controls = [ev for ev in listeners(host) if re.match(
        r"btn-(play|pass|pause|offer-seat-\d|seat-to-computer-\d)|chat-send|card-", ev["testid"]) or ev["disabled"]]
    assert any(ev["testid"] in ("btn-play", "btn-pass") for ev in host_controls)
    assert any(ev["testid"].startswith("btn-offer-seat-") for ev in host_controls)
    assert any(ev["testid"] == "chat-send" for ev in host_controls)
    forge(watcher, host_controls)
    forge(watcher, host_controls, args=[json.dumps("hello")])
    host.keyboard.press("Escape")
    assert snapshot_of(server, code) == before, "a forged event from the watcher changed the table"
    assert json.dumps(saved_record(server, code)["chat"]) == chat_before
    assert my_turn(host)

    # the host offers a computer's seat: the watcher takes it and plays from there
    host.click("[data-testid=btn-offer-seat-2]")
    take = watcher.locator("[data-testid=btn-take-seat-2]")
    expect(take).to_be_visible()
    take.click()
    expect(table).to_have_attribute("data-seat", "2")
    expect(table).to_have_attribute("data-watching", "false")
    expect(watcher.locator("[data-testid=hand] [data-card]").first).to_be_visible()
    expect(host.locator(TABLE)).to_have_attribute("data-watchers", "0")
    assert saved_record(server, code)["seats"][2]["bot"] is None
    for _ in range(40):  # and the game goes on with a person in seat 2
        if not (president_step(host) or president_step(watcher)):
            host.wait_for_timeout(100)
    assert saved_record(server, code)["version"] > before[0]


def test_a_page_asleep_for_longer_comes_back_without_a_reload(browser: Browser, server: Server) -> None:
    """A phone that locks stops answering the server's pings; the server drops its socket and shows the seat away.
    When it wakes, the same document reconnects to the same page (kept for minutes, not NiceGUI's 10 seconds) and
    catches up with what happened meanwhile: no reload."""
    host, code, guest_ctx, guest = host_and_guest_playing(browser, server, "Wait for them")
    badge = host.locator("[data-testid=seat-1]")
    expect(badge).to_have_attribute("data-presence", "connected")
    guest.evaluate("() => { window.cnSameDocument = true; }")
    guest_ctx.set_offline(True)  # the phone locks: its Wi-Fi sleeps
    expect(badge).to_have_attribute("data-presence", "away", timeout=45_000)  # dropped, and > 10 s ago
    while attr(host, "data-turn") == "0":  # the table goes on meanwhile
        if not rummy_step(host):
            host.wait_for_timeout(100)
    missed = attr(host, "data-version")
    guest_ctx.set_offline(False)
    expect(badge).to_have_attribute("data-presence", "connected", timeout=30_000)
    expect(guest.locator(TABLE)).to_have_attribute("data-version", missed, timeout=10_000)
    assert guest.evaluate("() => window.cnSameDocument === true"), "the page was reloaded"
    expect(guest.locator("[data-testid=reconnecting]")).to_be_hidden()
    assert my_turn(guest)  # the host's move put the turn to Gus: his woken page plays it
    assert rummy_step(guest), "the woken page could not move"
    expect(host.locator(TABLE)).not_to_have_attribute("data-version", missed, timeout=10_000)
