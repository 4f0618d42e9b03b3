"""Forged input: a browser that sends NiceGUI events by hand (page.evaluate -> window.socket.emit) for disabled
controls, host-only controls, another page's controls and out-of-turn moves gets nothing, and the table goes on.
Join codes are random, not countable."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import Server, free_port
from tests.e2e.helpers import attr, my_turn, president_step, saved_record

LISTENERS_JS = """() => Object.entries(mounted_app.elements).flatMap(([id, el]) => (el.events || []).map(ev => ({
    id: Number(id), listener: ev.listener_id, type: ev.type, testid: (el.props || {})['data-testid'] || '',
    disabled: !!(el.props || {}).disable})))"""

EMIT_JS = """(evs) => { for (const ev of evs) {
    window.socket.emit('event', {id: ev.id, client_id: window.clientId, listener_id: ev.listener, args: ev.args});
} return evs.length; }"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """The usual server; afterwards its log (up to the shutdown) must hold no error and no traceback, and the forged
    events of another page's controls must have been dropped with a one-line note (ui/guards/socket_guard.py)."""
    srv = Server(tmp_path / "data", free_port(), seed=1000)
    srv.start()
    yield srv
    lines = srv.log.read_text(errors="replace").splitlines()  # the log of the run, read before shutting down
    srv.stop()
    assert not [ln for ln in lines if " ERROR " in ln or ln.startswith("Traceback")], "\n".join(lines[-40:])
    assert any("Dropped an event: unknown listener" in ln for ln in lines)


def listeners(page: Page) -> list[dict]:
    return page.evaluate(LISTENERS_JS)


def forge(page: Page, events: list[dict], args: list[str] | None = None) -> int:
    sent = [{**ev, "args": args if args is not None else []} for ev in events]
    n = page.evaluate(EMIT_JS, sent)
    page.wait_for_timeout(600)  # give the server time to (not) act
    return n


def snapshot_of(server: Server, code: str) -> tuple:
    r = saved_record(server, code)
    return (r["version"], len(r["log"]), json.dumps(r["seats"]), json.dumps(r["options"]), r["status"],
            json.dumps(r["settings"]))


def test_forged_events_change_nothing(browser: Browser, server: Server) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    guest = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    host.goto(server.url)
    host.click("[data-testid=friends-president]")
    expect(host.locator("[data-testid=table]")).to_have_attribute("data-phase", "lobby", timeout=15_000)
    code = (host.locator("[data-testid=join-code]").inner_text()).strip()
    assert re.fullmatch(r"[A-Z0-9]{6,}", code), code
    guest.goto(f"{server.url}/table/{code}")
    guest.fill("[data-testid=join-name] input", "Mallory") if guest.locator(
        "[data-testid=join-name] input").count() else guest.fill("[data-testid=join-name]", "Mallory")
    guest.click("[data-testid=btn-join]")
    expect(guest.locator("[data-testid=table]")).to_have_attribute("data-seat", "1", timeout=10_000)
    host.wait_for_timeout(500)

    # lobby: the guest fires every disabled control it has (the host's options), with and without values
    before = snapshot_of(server, code)
    disabled = [ev for ev in listeners(guest) if ev["disabled"]]
    assert any(ev["testid"].startswith("opt-") for ev in disabled), disabled
    forge(guest, disabled)
    forge(guest, disabled, args=[json.dumps({"value": 8, "label": "8"})])
    forge(guest, disabled, args=[json.dumps(5)])
    # host-only controls exist only on the host's page: their ids and listener ids sent from the guest's page
    host_only = [ev for ev in listeners(host) if re.match(r"btn-start|btn-add-bot-\d|btn-remove-\d|opt-", ev["testid"])]
    assert any(ev["testid"] == "btn-start" for ev in host_only) and any(
        ev["testid"].startswith("btn-add-bot-") for ev in host_only)
    forge(guest, host_only)
    forge(guest, host_only, args=[json.dumps(8)])
    # malformed messages: no client id, not an object, arguments that are not JSON, unknown log levels
    own = listeners(guest)[0]
    guest.evaluate("""(ev) => {
        window.socket.emit('event', {id: ev.id});
        window.socket.emit('event', 'junk');
        window.socket.emit('event', {id: ev.id, client_id: window.clientId, listener_id: ev.listener, args: 'x'});
        window.socket.emit('event', {id: ev.id, client_id: window.clientId, listener_id: ev.listener,
                                     args: ['{not json']});
        window.socket.emit('log', {client_id: window.clientId, level: 'critical', message: 'x'});
        window.socket.emit('log', {level: 'error'});
    }""", own)
    guest.wait_for_timeout(300)
    assert snapshot_of(server, code) == before, "a forged event changed the lobby"
    expect(guest.locator("[data-testid=table]")).to_have_attribute("data-phase", "lobby")

    # the host fills the table and starts
    for seat in (2, 3):
        host.click(f"[data-testid=btn-add-bot-{seat}]")
        host.wait_for_timeout(300)
    expect(host.locator("[data-testid=btn-start]")).to_be_enabled(timeout=10_000)
    host.click("[data-testid=btn-start]")
    expect(guest.locator("[data-testid=table]")).to_have_attribute("data-phase", re.compile("play|exchange"),
                                                                     timeout=15_000)
    # the host's page may show the start a moment after the guest's: the loop below stops at a status other than
    # "playing", so it must not read the host's page while it still says "lobby"
    expect(host.locator("[data-testid=table]")).to_have_attribute("data-status", "playing", timeout=15_000)

    # play until it is the host's turn (the table waits for a person), then the guest forges out of turn
    forged_rounds = 0
    for _ in range(400):
        if attr(host, "data-status") != "playing" or forged_rounds >= 3:
            break
        if my_turn(host) and not my_turn(guest) and attr(host, "data-phase") == "play":
            host.wait_for_timeout(300)
            before = snapshot_of(server, code)
            evs = [ev for ev in listeners(guest) if ev["disabled"] or ev["testid"] in ("btn-play", "btn-pass",
                                                                                         "btn-give", "btn-next-hand")]
            assert any(ev["testid"] in ("btn-play", "btn-pass") for ev in evs), [e["testid"] for e in evs]
            forge(guest, evs)
            # the host's own play/pass buttons, fired from the guest's page
            forge(guest, [ev for ev in listeners(host) if ev["testid"] in ("btn-play", "btn-pass")])
            assert snapshot_of(server, code) == before, "a forged event moved out of turn"
            assert my_turn(host)
            forged_rounds += 1
        if not (president_step(host) or president_step(guest)):
            host.wait_for_timeout(100)
    assert forged_rounds >= 1
    # the table goes on
    version = saved_record(server, code)["version"]
    for _ in range(200):
        if saved_record(server, code)["version"] > version + 2 or attr(host, "data-status") != "playing":
            break
        if not (president_step(host) or president_step(guest)):
            host.wait_for_timeout(100)
    assert saved_record(server, code)["version"] > version


def test_join_codes_are_random_and_not_countable(tmp_path: Path) -> None:
    from ui.server.registry import CODE_ALPHABET
    from ui.server.runtime import build_hub

    hub = build_hub(tmp_path)
    codes = [hub.registry.new_code() for _ in range(3000)]
    assert len(set(codes)) == len(codes)
    assert all(len(c) >= 6 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert len(CODE_ALPHABET) ** 6 > 500_000_000  # guessing one of a few live tables takes ages at seconds a try
    # consecutive codes share no structure: about 1 in 31 positions match by chance, like unrelated codes
    same = sum(a[i] == b[i] for a, b in zip(codes, codes[1:], strict=False) for i in range(6))
    assert same < 6 * len(codes) / 10
