"""The lobby's presence options and a visitor taking a computer's seat (NiceGUI `user` fixture)."""

from __future__ import annotations

from collections.abc import Callable

from nicegui.testing import User

from tests.ui.helpers import eventually, find, table_attr, with_testid
from tests.ui.test_lobby_user import host_friends_table, with_player
from ui.server.runtime import runtime


async def test_host_sets_the_away_grace_and_watcher_chat_and_a_visitor_takes_a_computer_seat(
        create_user: Callable[[], User]) -> None:
    host, visitor = create_user(), create_user()
    code = await host_friends_table(host)
    table = runtime().hub.registry.get(code)
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


def drawn(user: User) -> dict[int, str]:
    """Every element on the user's page: id -> its data-testid ('' for none)."""
    return {el.id: str(el.props.get("data-testid", "")) for el in user.client.elements.values()}


async def test_who_is_here_changing_redraws_only_what_shows_it(create_user: Callable[[], User]) -> None:
    """A watcher arriving (like a seat reconnecting) changes only who is here: the badges and the watcher count are
    brought up to date in place and nothing else is drawn again, so a tap at that moment lands."""
    player, watcher = create_user(), create_user()
    await player.open("/new/rummy?players=2&bots=1&seed=7&speed=0")
    await table_attr(player, "data-phase", "play")
    table = runtime().hub.registry.tables_of(with_player(player)).pop()
    await eventually(lambda: with_player(player) in table.present_ids)
    version, before = table.version, drawn(player)
    assert any(el.props.get("data-card") for el in player.client.elements.values())

    await watcher.open(f"/table/{table.code}")
    await table_attr(watcher, "data-watching", "true")
    await eventually(lambda: table.watchers == 1)
    await table_attr(player, "data-watchers", "1")
    assert table.version == version  # nothing but presence changed
    after = drawn(player)
    gone = {testid for el_id, testid in before.items() if el_id not in after}
    assert gone <= {""}, f"redrawn on a presence change: {gone}"
    assert len(set(before) - set(after)) <= 2  # the watcher chip's empty box at most
    with player:
        assert with_testid(player, "watchers")  # the count shows


async def test_a_guest_dropping_from_the_lobby_redraws_nothing_of_the_hosts_lobby(
        create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    code = await host_friends_table(host)
    table = runtime().hub.registry.get(code)
    assert table is not None
    await guest.open(f"/table/{code}")
    (await find(guest, "join-name")).clear().type("Gus")
    (await find(guest, "btn-join")).click()
    await eventually(lambda: table.seat_of(with_player(guest)) == 1 and with_player(guest) in table.present_ids)
    await eventually(lambda: presence_of(host) == ["connected", "connected"])
    before = drawn(host)
    guest.client.delete()  # the guest's page is gone
    await eventually(lambda: presence_of(host) == ["connected", "reconnecting"])
    gone = {testid for el_id, testid in before.items() if el_id not in drawn(host)}
    assert gone <= {""}, f"redrawn on a presence change: {gone}"


def presence_of(user: User) -> list[str]:
    """The lobby rows' data-presence, in seat order."""
    with user:
        return [str(el.props["data-presence"]) for el in user.client.elements.values() if el.props.get("data-presence")]
