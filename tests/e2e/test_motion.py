"""Cards travel (assets/motion.js): right after another seat plays, the page runs card animations; with reduced
motion asked for, or with the player's "Animations" setting off, it runs none. Laptop and phone, one context each.

A recorder on the page notes, for every change of the table's data-version, who was to move before it and how
many card animations (id "cn-motion") run in the next animation frame, the first frame the change is shown in.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import MOTION, Server
from tests.e2e.helpers import attr, president_step

pytestmark = pytest.mark.e2e

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

RECORD_JS = """() => {
  const t = document.querySelector('[data-testid=table]');
  window.__changes = [];
  let turn = t.dataset.turn;
  new MutationObserver(() => {
    const before = turn;
    turn = t.dataset.turn;
    requestAnimationFrame(() => window.__changes.push(
      {before, anims: document.getAnimations().filter(a => a.id === 'cn-motion').length}));
  }).observe(t, {attributes: true, attributeFilter: ['data-version']});
}"""


@pytest.fixture(params=list(SIZES), scope="module")
def sized_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    phone = request.param == "phone"
    ctx = browser.new_context(viewport=SIZES[request.param], has_touch=phone, is_mobile=phone, **MOTION)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    yield page
    ctx.close()


def others_moves(page: Page, server: Server, seed: int) -> list[int]:
    """Play President at a practice table until other seats have made a few moves; the number of card animations
    running right after each of their moves."""
    page.goto(f"{server.url}/new/president?players=4&bots=3&level=beginner&seed={seed}&speed=0.3")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    page.evaluate(RECORD_JS)
    seat = attr(page, "data-seat")
    for _ in range(200):
        changes = page.evaluate("window.__changes")
        others = [c["anims"] for c in changes if c["before"] not in ("", seat)]
        if len(others) >= 6:
            return others
        if not president_step(page):
            page.wait_for_timeout(100)
    raise AssertionError(f"the other seats made too few moves: {page.evaluate('window.__changes')}")


def test_another_seats_play_animates_and_reduced_motion_stops_it(sized_page: Page, server: Server) -> None:
    page = sized_page
    page.emulate_media(reduced_motion="no-preference")
    moving = others_moves(page, server, 42)
    assert max(moving) > 0, f"no card animation ran after another seat's move: {moving}"

    page.emulate_media(reduced_motion="reduce")
    still = others_moves(page, server, 43)
    assert max(still) == 0, f"card animations ran with reduced motion asked for: {still}"
    assert page.evaluate("window.cnMotion.started") == 0  # a fresh page: nothing was started at all

    # the player's own setting: animations off on /profile (body.no-motion), motion allowed by the browser (each
    # size has a context, so a browser storage, of its own)
    page.emulate_media(reduced_motion="no-preference")
    page.goto(f"{server.url}/profile")
    toggle = page.locator("[data-testid=pref-animations]")
    expect(toggle).to_be_visible()
    toggle.click()
    expect(page.locator("body")).to_have_class(re.compile("no-motion"))
    still = others_moves(page, server, 44)
    assert max(still) == 0, f"card animations ran with the Animations setting off: {still}"


GHOSTS_JS = """() => {
  window.__ghosts = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.getAttribute('aria-hidden') === 'true' && n.classList.contains('face')) {
        window.__ghosts.push(n.style.backgroundImage);
      }
    }
  }).observe(document.body, {childList: true});
}"""

FACE_FETCHES_JS = """() => performance.getEntriesByType('resource')
  .map((e) => new URL(e.name).pathname + new URL(e.name).search)
  .filter((u) => u.startsWith('/cards/') && u.includes('.svg'))"""


def test_a_card_leaving_the_table_shows_the_face_the_page_already_has(sized_page: Page, server: Server) -> None:
    """A card that leaves for no place on this page (a cleared trick) travels as a stand-in; its face must be the very
    image the page loaded for that card (faces.css's address, with its version), or the stand-in shows blank while
    the browser fetches the same picture under another address."""
    page = sized_page
    page.emulate_media(reduced_motion="no-preference")
    page.goto(f"{server.url}/new/president?players=4&bots=3&level=beginner&seed=45&speed=0.3")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    page.evaluate(GHOSTS_JS)
    for _ in range(200):
        if len(page.evaluate("window.__ghosts")) >= 3:
            break
        if not president_step(page):
            page.wait_for_timeout(100)
    ghosts = page.evaluate("window.__ghosts")
    assert len(ghosts) >= 3, "no trick was cleared with cards on the table"
    version = re.search(r"faces\.css\?v=(\w+)", page.content()).group(1)
    assert all(re.fullmatch(rf'url\("/cards/(4/)?\w+\.svg\?v={version}"\)', g) for g in ghosts), ghosts
    fetched = page.evaluate(FACE_FETCHES_JS)
    assert fetched and all(f"?v={version}" in u for u in fetched), fetched  # no face fetched a second time elsewhere
