"""President's trick is one element drawn from HTML (ui/components/markup.py): when a play comes, the browser
morphs the new HTML into the trick, so a card that stays in the trick keeps its element (no flicker, and
assets/motion.js sees that it stayed) while the new play's cards come in."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server
from tests.e2e.helpers import president_step

pytestmark = pytest.mark.e2e

RECORD_JS = """() => {
  const t = document.querySelector('[data-testid=table]');
  const cards = () => new Map([...document.querySelectorAll('[data-testid=trick] [data-card]')]
                               .map(el => [el.dataset.card, el]));
  window.__trick = {kept: 0, replaced: 0, changes: 0};
  let last = cards();
  new MutationObserver(() => requestAnimationFrame(() => {
    const now = cards();
    for (const [code, el] of now) {
      if (!last.has(code)) continue;
      if (last.get(code) === el) window.__trick.kept += 1; else window.__trick.replaced += 1;
    }
    window.__trick.changes += 1;
    last = now;
  })).observe(t, {attributes: true, attributeFilter: ['data-version']});
}"""


def test_a_card_that_stays_in_the_trick_keeps_its_element(browser: Browser, server: Server) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{server.url}/new/president?players=4&bots=3&level=beginner&seed=8&speed=0.3")
    expect(page.locator("[data-testid=table]")).to_have_attribute("data-phase", "play")
    page.evaluate(RECORD_JS)
    for _ in range(300):
        seen = page.evaluate("window.__trick")
        if seen["kept"] >= 10:
            break
        if not president_step(page):
            page.wait_for_timeout(100)
    seen = page.evaluate("window.__trick")
    assert seen["kept"] >= 10, seen  # cards stayed in the trick across changes (the check is not vacuous)
    assert seen["replaced"] == 0, seen
    page.context.close()
