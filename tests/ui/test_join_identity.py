"""The lobby's join form tells a person whose emoji or name another person at the table already has, and offers a
free one (``join-taken``); a computer player holding their emoji gives it up instead (logic/table/identity.py)."""

from __future__ import annotations

from collections.abc import Callable

from nicegui import app
from nicegui.testing import User

from logic.table import lobby as table_lobby
from tests.ui.helpers import eventually, find, with_testid
from tests.ui.test_lobby_user import host_friends_table
from ui.server.runtime import runtime


def profile(user: User, name: str, emoji: str) -> None:
    with user:
        app.storage.user["name"] = name
        app.storage.user["emoji"] = emoji


def value_of(user: User, testid: str) -> object:
    return with_testid(user, testid)[0].value  # type: ignore[attr-defined]


async def test_a_guest_with_the_hosts_emoji_and_name_is_told_and_offered_others(
        create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    await host.open("/")
    profile(host, "Sam", "🐢")
    code = await host_friends_table(host)
    await guest.open("/")
    profile(guest, "Sam", "🐢")
    await guest.open(f"/table/{code}")
    note = await find(guest, "join-taken")
    await guest.should_see("Someone at this table already has 🐢")
    await guest.should_see("Someone here is already called Sam: join as “Sam 2”")
    assert note.elements.pop().visible
    offered = value_of(guest, "join-emoji")
    assert offered != "🐢" and value_of(guest, "join-name") == "Sam 2"

    (await find(guest, "join-name")).clear().type("sam")  # typed back: told again on Join, nobody sits down
    (await find(guest, "btn-join")).click()
    await eventually(lambda: value_of(guest, "join-name") == "sam 2")
    table = runtime().hub.registry.get(code)
    assert table is not None and len(table.humans()) == 1

    (await find(guest, "btn-join")).click()  # the offer taken
    await eventually(lambda: len(table.humans()) == 2)
    seat = table.seats[table.humans()[1]]
    assert (seat.name, seat.emoji) == ("sam 2", offered)
    await host.should_see(f"{offered} sam 2")
    with guest:
        assert app.storage.user["name"] == "Sam" and app.storage.user["emoji"] == "🐢"  # the profile stays theirs


async def test_a_computer_player_gives_its_emoji_to_a_person_who_joins_with_it(
        create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    await host.open("/")
    profile(host, "Sam", "🐢")
    code = await host_friends_table(host)
    table = runtime().hub.registry.get(code)
    assert table is not None
    runtime().hub.run(table, lambda t, now: table_lobby.add_bot(t, t.host_id, 1, t.game.bot_levels[0], "Wren", "🐙"))
    await guest.open("/")
    profile(guest, "Robin", "🐙")
    await guest.open(f"/table/{code}")
    await find(guest, "join-form")
    assert not with_testid(guest, "join-taken")[0].visible  # a computer is no obstacle: no message
    (await find(guest, "btn-join")).click()
    await eventually(lambda: len(table.humans()) == 2)
    guest_seat = table.seats[table.humans()[1]]
    assert (guest_seat.name, guest_seat.emoji) == ("Robin", "🐙")
    assert table.seats[1].name == "Wren" and table.seats[1].emoji not in ("🐙", table.seats[0].emoji)


async def test_the_header_shows_the_name_a_guest_joins_with_at_once(create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    await host.open("/")
    code = await host_friends_table(host)
    await guest.open("/")
    profile(guest, "Kai 51", "🐢")
    await guest.open(f"/table/{code}")
    (await find(guest, "join-name")).clear().type("Bea")
    (await find(guest, "btn-join")).click()
    table = runtime().hub.registry.get(code)
    assert table is not None
    await eventually(lambda: len(table.humans()) == 2)
    chip = with_testid(guest, "nav-profile")[0]
    await eventually(lambda: chip.text.endswith(" Bea"))  # type: ignore[attr-defined]
