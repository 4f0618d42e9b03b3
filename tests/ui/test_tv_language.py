"""The TV's own language (issue 51): ``?lang=`` on a TV's address, or the language menu in its lobby, and the TV's
browser keeps the choice for the TV's later pages; the "Show on a TV" dialog tells the host how."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui
from nicegui.testing import User

from logic.messages import t_msg
from tests.ui.helpers import find, table_attr, with_testid
from tests.ui.test_i18n_pages_walk import has_text
from ui.i18n.render import render
from ui.server.runtime import runtime

JOIN = t_msg("Join on your phone")


async def test_the_tv_keeps_the_language_chosen_on_it(user: User) -> None:
    table = runtime().hub.create("president", "someone-else", "Zed", "🦓", options={"players": 4}, practice=False)
    other = runtime().hub.create("rummy", "someone-else", "Zed", "🦓", options={"players": 2}, practice=False)
    await user.open(f"/tv/{table.code}?lang=ja")
    assert has_text(user, render(JOIN, "ja")) and has_text(user, "大富豪")
    await user.open(f"/tv/{other.code}")  # no ?lang=: the TV's browser kept Japanese (the next game's TV, say)
    assert has_text(user, render(JOIN, "ja")) and has_text(user, "ラミー")
    with user:
        picker = with_testid(user, "language")[0]
        assert isinstance(picker, ui.select) and picker.value == "ja"
        picker.set_value("pl")  # the TV's own menu
    await user.open(f"/tv/{other.code}")
    assert has_text(user, render(JOIN, "pl")) and has_text(user, "Remik")
    assert not has_text(user, render(JOIN, "ja"))


async def test_the_tv_dialog_says_how_the_tv_gets_its_language(create_user: Callable[[], User]) -> None:
    host = create_user()
    await host.open("/new/rummy?friends=1&lang=de")
    await table_attr(host, "data-phase", "lobby")
    (await find(host, "btn-lobby-tv")).click()
    await find(host, "tv-dialog")
    with host:
        help_text = str(getattr(with_testid(host, "tv-language-help")[0], "text", ""))
    assert "?lang=de" in help_text and help_text == render(t_msg(
        "The TV speaks the language of its own browser. To change it, pick one on the TV's join screen, or add "
        "{example} to its address: the TV keeps it for the next games.", example="?lang=de"), "de")
