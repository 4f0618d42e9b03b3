"""Every kind of screen once in the pseudo-language (issue 51): a text a person reads that did not pass through a
catalogue fails the test, and so does a ``data-testid`` met on the way that docs/contract.md does not name (the
tester contract is public API: tests/e2e/contract_ids.py).

The walks are tests/e2e/pseudo_screens.py's: the pages and each game from lobby to replay at 1280x800, and the
phases between turns (President's card exchange from four seats, each game's summary between hands, Rummy's
"Rummy!" window, Beanie's steal and vote, Stockpile's partners), the rules pages and the "not found" answers at
390x844 with touch. The full walk at both sizes, which lists rather than fails, is ``tests/bench/pseudo_walk.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import Server, free_port, running
from tests.e2e.contract_ids import undocumented
from tests.e2e.pseudo_phases import write_games
from tests.e2e.pseudo_screens import LAPTOP, PHONE, Walk, pages_and_games, phases_between_turns
from tests.e2e.test_tap_during_redraw import HookServer

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("pseudo") / "data"
    write_games(data)  # finished games to jump into (/practice) and to replay
    srv = HookServer(data, free_port(), seed=7, extra_args=("--no-mdns",))
    yield from running(srv)


def no_texts_left(walk: Walk) -> None:
    left = walk.left()
    assert not left, "texts that did not pass through a catalogue:\n" + "\n".join(
        f"{name}: {text!r}" for name, texts in left.items() for text in texts)
    assert len(walk.testids) > 100, sorted(walk.testids)  # (the ids were gathered)
    assert not undocumented(walk.testids), f"data-testids docs/contract.md does not name: {undocumented(walk.testids)}"


def test_pages_and_games(browser: Browser, server: Server) -> None:
    walk = Walk(server.url, browser)
    pages_and_games(walk, LAPTOP)
    assert len(walk.report) >= 30, sorted(walk.report)  # (every screen was read)
    no_texts_left(walk)


def test_phases_between_turns(browser: Browser, server: Server) -> None:
    walk = Walk(server.url, browser)
    phases_between_turns(walk, PHONE)
    assert len(walk.report) >= 19, sorted(walk.report)
    no_texts_left(walk)
