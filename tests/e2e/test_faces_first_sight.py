"""Card faces on first sight (issue 48): a page that shows cards as it opens (a rules page's examples, a replay) asks
for the faces while the browser reads its head, so the first card drawn finds its face already on its way, not
fetched only once the card is there (it showed blank for a moment)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import Server, free_port, running
from tests.replay_support import write_finished

pytestmark = pytest.mark.e2e

# from before the page's first script: when the first face card is put into the page, and which face it wears
FIRST_CARD_JS = """(() => {
  window.__cnFirstCard = null;
  const seen = new MutationObserver(() => {
    const card = document.querySelector('.pcard.face[data-card]');
    if (!card) return;
    seen.disconnect();
    window.__cnFirstCard = {at: performance.now(), url: getComputedStyle(card).backgroundImage};
  });
  seen.observe(document, {subtree: true, childList: true});
})()"""
# when the browser started to fetch that face, and when it had read the page (its scripts draw the cards after that)
FETCHED_JS = """() => {
  const first = window.__cnFirstCard;
  const url = first && (first.url.match(/url\\("?([^")]+)"?\\)/) || [])[1];
  const entry = url && performance.getEntriesByName(url)[0];
  const nav = performance.getEntriesByType('navigation')[0];
  return {url, at: first && first.at, started: entry ? entry.startTime : null, read: nav.domInteractive};
}"""


@pytest.fixture(scope="module")
def faces_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("faces") / "data"
    data.mkdir()
    write_finished(data, "rummy", "FACES1", seed=3)
    yield from running(Server(data, free_port()))


@pytest.mark.parametrize("path", ["/rules/president", "/replay/FACES1"])
def test_the_first_cards_find_their_faces_on_the_way(browser: Browser, faces_server: Server, path: str) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()  # (its own cache: nothing kept)
    page.add_init_script(FIRST_CARD_JS)
    page.goto(faces_server.url + path)
    page.wait_for_function("() => window.__cnFirstCard !== null")
    page.wait_for_load_state("load")
    seen = page.evaluate(FETCHED_JS)
    assert seen["url"] and "/cards/" in seen["url"], seen
    # asked for while the browser still read the page, before any script drew a card (without the preload it was
    # asked for only once the card was there, after the page was read)
    assert seen["started"] is not None and seen["started"] < seen["read"], seen
