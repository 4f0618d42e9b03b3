"""Accessibility: axe-core (pinned in package.json, installed by test.sh with ``npm ci``) finds no serious or
critical problem on any screen, on a laptop (1280×800) and on a phone (390×844, touch): home, the lobby, profile,
stats, link and rules; every phase of every game (President: play, hand summary, card exchange, standings; Rummy:
draw for the first deal, draw stage, a card selected, the grace period after a discard, hand summary, standings;
Beanie: steal mode, the end-of-round vote, round summary, scorecard, draw stage, standings; Stockpile: a card picked,
the grace period after a discard, standings); a watcher's view; the rules, chat and menu dialogs. A test fails
with every violation it found and the elements it names.

One server for the module; the same player on a laptop page and a phone page, each screen scanned on both at once
(``tests/e2e/axe_phases.py`` says how each phase is reached).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e import axe_phases as ph
from tests.e2e.axe_phases import Pages, Scanner
from tests.e2e.conftest import ROOT, Server, serving
from tests.e2e.helpers import TABLE

pytestmark = pytest.mark.e2e

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def axe_script() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run 'npm ci' (test.sh does) to install the pinned axe-core")
    return AXE.read_text()


@pytest.fixture(scope="module")
def axe_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    yield from serving(tmp_path_factory.mktemp("axe") / "data")


@dataclass
class Site:
    """The server's URL, the player's two pages (laptop first: it drives), a watcher's two, and the table of a
    President match that plays itself to the end meanwhile."""

    url: str
    pages: Pages
    watchers: Pages
    finishing: str


@pytest.fixture(scope="module")
def site(browser: Browser, axe_server: Server) -> Iterator[Site]:
    url = axe_server.url
    laptop = browser.new_context(viewport=SIZES["laptop"])
    lead = laptop.new_page()
    lead.goto(f"{url}/new/president?{ph.PRESIDENT_FINISHING}")  # made first: it finishes while the rest is scanned
    expect(lead.locator(TABLE)).to_be_visible()
    finishing = lead.url
    # the phone is the same player (the same identity cookie), so it sees the laptop's tables from the same seat
    phone = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True,
                                storage_state=laptop.storage_state())
    contexts = [laptop, phone]
    pages = {"laptop": lead, "phone": phone.new_page()}
    watchers = {}
    for size, viewport in SIZES.items():
        phone_size = size == "phone"
        ctx = browser.new_context(viewport=viewport, has_touch=phone_size, is_mobile=phone_size)
        contexts.append(ctx)
        watchers[size] = ctx.new_page()
    for page in [*pages.values(), *watchers.values()]:
        page.set_default_timeout(20_000)
    expect.set_options(timeout=15_000)  # computer players and pages on a busy machine (two pages per screen)
    yield Site(url, pages, watchers, finishing)
    expect.set_options(timeout=None)  # Playwright's default again for the other modules
    for ctx in contexts:
        ctx.close()


@pytest.fixture
def scan() -> Iterator[Scanner]:
    scanner = Scanner(axe_script())
    yield scanner
    if scanner.problems:  # a test that stopped early: what it had found so far
        print("axe-core found serious or critical problems:\n" + "\n".join(scanner.problems))


def clean(scan: Scanner) -> None:
    assert not scan.problems, "axe-core found serious or critical problems:\n" + "\n".join(scan.problems)


def test_home_and_lobby(site: Site, scan: Scanner) -> None:
    pages, url = site.pages, site.url
    ph.visit(pages, url + "/", "[data-testid=join-code-input]")
    scan(pages, "home")
    lead = ph.driver(pages)
    lead.click("[data-testid=friends-president]")
    expect(lead.locator("[data-testid=join-code]")).to_be_visible()
    pages["phone"].goto(lead.url)
    expect(pages["phone"].locator("[data-testid=join-code]")).to_be_visible()
    scan(pages, "lobby")
    clean(scan)


def dialog(pages: Pages, scan: Scanner, opener: str, testid: str, screen: str, role: str = "dialog") -> None:
    """Open a dialog (or menu) on every page, scan it (the page behind was scanned just before), close it (Escape)."""
    for page in pages.values():
        page.click(f"[data-testid={opener}]")
        expect(page.locator(f"[data-testid={testid}]")).to_be_visible()
    scan(pages, screen, within=f"[role={role}]")
    for page in pages.values():
        page.keyboard.press("Escape")
        expect(page.locator(f"[data-testid={testid}]")).to_be_hidden()


def test_president(site: Site, scan: Scanner) -> None:
    pages = site.pages
    table = ph.open_table(pages, f"{site.url}/new/president?{ph.PRESIDENT}")
    ph.my_move(pages, "play", "our first move")
    scan(pages, "president play")
    dialog(pages, scan, "btn-rules", "rules-dialog", "rules dialog")
    dialog(pages, scan, "btn-chat", "chat-dialog", "chat dialog")
    dialog(pages, scan, "btn-menu", "btn-leave", "table menu", role="menu")
    ph.visit(site.watchers, table, "[data-testid=table][data-watching=true]")  # no seat here: they watch
    scan(site.watchers, "president, watching")
    ph.president_to_hand_over(pages)
    for page in pages.values():
        expect(page.locator("[data-testid=hand-summary]")).to_be_visible()
    scan(pages, "president hand summary")
    ph.tap(ph.driver(pages), "btn-next-hand")  # we went out first: the President chooses two cards to give back
    ph.my_move(pages, "exchange", "the exchange")
    for page in pages.values():
        expect(page.locator("[data-testid=btn-give]")).to_be_visible()
    scan(pages, "president card exchange")
    ph.open_table(pages, site.finishing)
    for page in pages.values():
        expect(page.locator(TABLE)).to_have_attribute("data-status", "over", timeout=120_000)
        expect(page.locator("[data-testid=standings]")).to_be_visible()
    scan(pages, "president standings")
    clean(scan)


def test_rummy(site: Site, scan: Scanner) -> None:
    pages = site.pages
    lead = ph.driver(pages)
    ph.open_table(pages, f"{site.url}/new/rummy?{ph.RUMMY}")
    ph.phase_is(pages, "first-draw")
    scan(pages, "rummy draw for the first deal")
    ph.tap_if_there(lead, "btn-first-draw")  # (after 15 s the game draws for us: the same card)
    ph.rummy_turn(pages, scan)  # draw stage, a card selected, the grace after the discard; the computer goes out
    ph.phase_is(pages, "hand-over")
    for page in pages.values():
        expect(page.locator("[data-testid=hand-summary]")).to_be_visible()
    scan(pages, "rummy hand summary")
    ph.open_table(pages, f"{site.url}/new/rummy?{ph.RUMMY_OVER}")
    for page in pages.values():
        expect(page.locator("[data-testid=standings]")).to_be_visible()
    scan(pages, "rummy standings")
    clean(scan)


def test_beanie(site: Site, scan: Scanner) -> None:
    pages = site.pages
    lead = ph.driver(pages)
    ph.open_table(pages, f"{site.url}/new/beanie?{ph.BEANIE}")
    ph.my_move(pages, "play", "our first turn")  # the first player's extra card counts as the draw
    for code in ph.BEANIE_LAY:
        ph.select(lead, code)
    ph.tap(lead, "btn-lay")
    ph.in_step(pages)
    for page in pages.values():  # steal mode: the hand card a Beanie on the table stands for glows
        ph.tap(page, "btn-steal")
        expect(page.locator("[data-testid=beanie-board]")).to_have_attribute("data-steal-mode", "true")
    scan(pages, "beanie steal mode")
    for page in pages.values():
        ph.tap(page, "btn-steal")  # Cancel steal
        expect(page.locator("[data-testid=beanie-board]")).to_have_attribute("data-steal-mode", "false")
    ph.tap(lead, "btn-end-round")
    for page in pages.values():
        expect(page.locator("[data-testid=vote-banner]")).to_be_visible()
    scan(pages, "beanie end-of-round vote")
    ph.beanie_discard(lead)  # the computer agrees: the round ends as a draw
    ph.phase_is(pages, "hand-over")
    for page in pages.values():
        expect(page.locator("[data-testid=hand-summary]")).to_be_visible()
    scan(pages, "beanie round summary")
    dialog(pages, scan, "btn-scorecard", "scorecard-dialog", "beanie scorecard")
    ph.tap(lead, "btn-next-hand")  # round 2: the computer starts, then we draw
    ph.my_move(pages, "play", "our turn in round 2")
    ph.wait_until(lead, lambda: ph.beanie_board(lead, "data-stage") == "draw", "the draw stage")
    scan(pages, "beanie draw stage")
    lead.click("[data-testid=pile-stock]")
    ph.wait_until(lead, lambda: ph.beanie_board(lead, "data-stage") == "play", "the play stage")
    ph.tap(lead, "btn-end-round")
    ph.beanie_discard(lead)  # the computer agrees: the last round ends
    for page in pages.values():
        expect(page.locator("[data-testid=standings]")).to_be_visible()
    scan(pages, "beanie standings")
    clean(scan)


def test_stockpile(site: Site, scan: Scanner) -> None:
    pages = site.pages
    ph.open_table(pages, f"{site.url}/new/stockpile?{ph.STOCKPILE}")
    ph.stockpile_turn(pages, scan)  # a card picked, the grace period after the discard; then the computer wins
    for page in pages.values():
        expect(page.locator("[data-testid=standings]")).to_be_visible()
    scan(pages, "stockpile standings")
    clean(scan)


def test_profile_stats_link_and_rules(site: Site, scan: Scanner) -> None:
    """Last: the games above are in the stats now (won and lost, the chart, the history)."""
    for screen, path in (("profile", "/profile"), ("stats", "/stats"), ("link", "/link"), ("rules", "/rules"),
                         ("rummy rules", "/rules/rummy")):
        ph.visit(site.pages, site.url + path, "h1")  # one level-one heading (the rules' text adds its own)
        scan(site.pages, screen)
    clean(scan)


def test_the_pinned_axe_core_is_the_one_installed() -> None:
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["axe-core"]
    installed = json.loads((Path(AXE).parents[0] / "package.json").read_text())["version"]
    assert installed == pinned

