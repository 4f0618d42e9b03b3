"""Rule cards in real Chromium: a host turns a house rule on, saves it as a card, and a second browser opens the
card's link into a new lobby of its own and sees "At this table"; the card exported as a file and imported again
by the second host (and a wrong file refused)."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import Server
from tests.e2e.test_president_friends import choose


def test_a_saved_cards_link_opens_a_lobby_with_its_rules(browser: Browser, server: Server, tmp_path) -> None:  # noqa: ANN001
    host = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True).new_page()
    host.goto(server.url)
    host.click("[data-testid=friends-president]")
    expect(host).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    expect(host.locator("[data-testid=rule-card-select]")).to_have_attribute("data-card", "standard")
    choose(host, "opt-revolution", "On")
    expect(host.locator("[data-testid=at-this-table-revolution]")).to_contain_text("Revolution rule: On")
    host.fill("[data-testid=rule-card-name]", "Grandma's President")
    host.click("[data-testid=btn-rule-card-save]")
    link = host.locator("[data-testid=rule-card-link]")
    expect(link).to_have_value(re.compile(r"/new/president\?card=my-"))
    expect(host.locator("[data-testid=rule-card-qr]")).to_be_visible()
    path = urlsplit(link.input_value()).path + "?" + urlsplit(link.input_value()).query
    host.click("[data-testid=btn-rule-card-share-close]")
    with host.expect_download() as info:
        host.click("[data-testid=btn-rule-card-export]")
    card_file = tmp_path / "card.json"
    info.value.save_as(card_file)
    assert json.loads(card_file.read_text())["options"] == {"revolution": True}

    friend = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
    friend.goto(server.url + path)  # the shared link, on this machine's own address
    expect(friend).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"))
    expect(friend.locator("[data-testid=table]")).to_have_attribute("data-phase", "lobby")
    expect(friend.locator("[data-testid=at-this-table]")).to_contain_text("At this table")
    expect(friend.locator("[data-testid=at-this-table-revolution]")).to_contain_text("Revolution rule: On")

    # the friend, host of the new lobby, plays standard and then imports the card file: the rule is back on
    choose(friend, "rule-card-select", "Standard rules")
    expect(friend.locator("[data-testid=at-this-table]")).to_have_count(0)
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"format": "something else"}')
    friend.locator("[data-testid=rule-card-import] input[type=file]").set_input_files(wrong)
    expect(friend.get_by_text("This file is not a Card Night rule card.")).to_be_visible()
    expect(friend.locator("[data-testid=at-this-table]")).to_have_count(0)  # nothing changed
    with friend.expect_file_chooser() as chooser:  # the Import button opens the device's file chooser
        friend.click("[data-testid=btn-rule-card-import]")
    chooser.value.set_files(card_file)
    expect(friend.locator("[data-testid=at-this-table-revolution]")).to_be_visible()
    expect(friend.locator("[data-testid=rule-card-select]")).to_have_attribute("data-card", re.compile(r"^my-"))
