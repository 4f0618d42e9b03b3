"""A toast covers nothing a player needs: "Guest joined." shows in the header band (the app's name and navigation),
not over the open chat's title, the table's top bar or its seats (assets/cardnight.css)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server, shared_server_fixture

pytestmark = pytest.mark.e2e
server = shared_server_fixture()
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)


VISIBLE_PARTS = """els => els.map(e => {  // the part of each toast its list does not clip
  const r = e.getBoundingClientRect(), c = e.parentElement.getBoundingClientRect();
  const top = Math.max(r.top, c.top), bottom = Math.min(r.bottom, c.bottom);
  return {x: r.left, y: top, width: r.width, height: bottom - top};
})"""


def overlaps(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_a_late_join_toast_covers_neither_the_chat_title_nor_the_table(browser: Browser, server: Server) -> None:
    host = browser.new_context(**PHONE).new_page()
    host.goto(server.url)
    host.click("[data-testid=friends-president]")
    expect(host).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    code = host.url.rstrip("/").split("/")[-1]
    host.get_by_test_id("btn-chat").click()
    title = host.get_by_test_id("chat-dialog").get_by_text("Table chat", exact=True)
    expect(title).to_be_visible()

    for name in ("Guest", "Gwen"):  # two late arrivals: two toasts at once
        guest = browser.new_context(**PHONE).new_page()
        guest.goto(f"{server.url}/table/{code}")
        guest.fill("[data-testid=join-name]", name)
        guest.click("[data-testid=btn-join]")
        expect(host.locator(".q-notification", has_text=f"{name} joined.")).to_have_count(1, timeout=10_000)
    host.wait_for_timeout(400)  # (their entrance is over)
    header = host.get_by_test_id("header").bounding_box()
    assert header is not None
    shown = host.locator(".q-notification").evaluate_all(VISIBLE_PARTS)
    assert len(shown) == 2
    for box in shown:
        if box["height"] <= 0:
            continue  # (wholly out of the band)
        assert box["y"] + box["height"] <= header["y"] + header["height"] + 1, (box, header)  # in the header band
        assert not overlaps(box, title.bounding_box()), (box, title.bounding_box())
        for part in (".top-bar", "[data-testid^=seat-]"):
            for other in host.locator(part).all():
                if other.is_visible():
                    assert not overlaps(box, other.bounding_box()), (part, box, other.bounding_box())
