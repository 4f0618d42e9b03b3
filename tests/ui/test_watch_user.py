"""The lobby's presence options and a visitor taking a computer's seat (NiceGUI `user` fixture, issue 16)."""

from __future__ import annotations

from collections.abc import Callable

from nicegui.testing import User

from tests.ui.helpers import eventually, find, with_testid
from tests.ui.test_lobby_user import host_friends_table, with_player
from ui.runtime import runtime


async def test_host_sets_the_away_grace_and_watcher_chat_and_a_visitor_takes_a_computer_seat(
        create_user: Callable[[], User]) -> None:
    host, visitor = create_user(), create_user()
    code = await host_friends_table(host)
    table = runtime().hub.get(code)
    assert table is not None and table.settings.away_grace == 120 and table.settings.watcher_chat == "read"
    with host:
        with_testid(host, "opt-away-grace")[0].set_value(30)
        with_testid(host, "opt-watcher-chat")[0].set_value("write")
    await eventually(lambda: table.settings.away_grace == 30 and table.settings.watcher_chat == "write")
    (await find(host, "btn-add-bot-1")).click()
    await eventually(lambda: table.seats[1].bot is not None)

    await visitor.open(f"/table/{code}")
    assert all(not e.enabled for e in with_testid(visitor, "opt-away-grace") + with_testid(visitor, "opt-watcher-chat"))
    assert not with_testid(host, "btn-take-seat-1")  # the host sits already
    (await find(visitor, "btn-take-seat-1")).click()
    await eventually(lambda: table.seat_of(with_player(visitor)) == 1)
    assert table.seats[1].bot is None
    await visitor.should_see("(you)")


async def test_how_to_play_tells_about_away_players_and_watching(user: User) -> None:
    await user.open("/rules")
    await user.should_see("At any table: who is here and watching")
    await user.should_see("Computer plays")
