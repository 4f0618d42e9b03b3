"""Lobby flows with several simulated users (NiceGUI `user` fixture): create, join, bots, options, start,
expiry, bad codes and bad links."""

from __future__ import annotations

from collections.abc import Callable

from nicegui.testing import User

from tests.ui.helpers import eventually, find, open_with_status, table_attr, with_testid
from ui.server.runtime import runtime


async def host_friends_table(user: User) -> str:
    await user.open("/")
    (await find(user, "friends-president")).click()
    code = await table_attr(user, "data-game", "president") and runtime().hub.registry.tables_of(
        with_player(user)).pop().code
    await user.should_see(code)
    return code


def with_player(user: User) -> str:
    with user:
        from nicegui import app

        return app.storage.user["player_id"]


async def test_two_players_fill_a_table_with_computers_and_start(create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    code = await host_friends_table(host)
    assert await table_attr(host, "data-phase") == "lobby"
    start = with_testid(host, "btn-start")[0]
    assert not start.enabled  # three seats are still empty
    await host.should_see("Waiting for 3 more players")

    await guest.open(f"/table/{code}")
    (await find(guest, "join-name")).clear().type("Gus")
    (await find(guest, "btn-join")).click()
    await host.should_see("Gus")
    assert not with_testid(guest, "btn-start")  # only the host starts
    assert all(not e.enabled for e in with_testid(guest, "opt-turn-timer"))

    (await find(host, "btn-add-bot-2")).click()
    (await find(host, "btn-add-bot-3")).click()
    await eventually(lambda: with_testid(host, "btn-start")[0].enabled)
    (await find(host, "btn-start")).click()
    assert await table_attr(host, "data-phase", "play") == "play"
    assert await table_attr(guest, "data-phase", "play") == "play"
    assert await table_attr(host, "data-seat") == "0"
    assert await table_attr(guest, "data-seat") == "1"
    table = runtime().hub.registry.get(code)
    assert table is not None and table.settings.turn_seconds == 20  # President's friends-table default


async def test_host_options_lock_at_start(create_user: Callable[[], User]) -> None:
    host = create_user()
    code = await host_friends_table(host)
    table = runtime().hub.registry.get(code)
    assert table is not None
    table.set_option(table.host_id, "hands", 8)
    for seat in (1, 2, 3):
        table.add_bot(table.host_id, seat, "beginner", f"B{seat}", "🤖")
    table.start(table.host_id, 0)
    runtime().hub.changed(table)
    assert await table_attr(host, "data-phase", "play") == "play"
    await host.should_see("Hand 1 of 8")


async def test_a_wrong_code_gets_a_clear_message(user: User) -> None:
    await user.open("/")
    (await find(user, "join-code-input")).type("ZZZZZZ")
    (await find(user, "btn-join-code")).click()
    await user.should_see("No table with code ZZZZZZ", retries=60)


async def test_unknown_table_page_explains_what_to_do(user: User) -> None:
    await open_with_status(user, "/table/NOPE42", 404)
    await user.should_see("No table with code NOPE42 — check the code or ask the host for the link.")


async def test_bad_new_links_are_refused_with_a_reason(user: User) -> None:
    await open_with_status(user, "/new/president?players=9", 400)
    await user.should_see("That link cannot start a table.")
    await open_with_status(user, "/new/president?level=godlike", 400)
    await user.should_see("level must be one of")
    await open_with_status(user, "/new/checkers", 400)
    await user.should_see("No game called")
    await open_with_status(user, "/new/president?speed=fast", 400)
    await user.should_see("must be numbers")


async def test_practice_link_starts_a_table_with_computer_players(user: User) -> None:
    await user.open("/")  # the simulated browser gets its session cookie here (a real one does on any page)
    await user.open("/new/president?players=5&bots=4&level=expert&seed=42&speed=0")
    assert await table_attr(user, "data-game", "president", timeout=10) == "president"
    assert await table_attr(user, "data-seat") == "0"
    assert await table_attr(user, "data-phase", "play") == "play"
    assert len(with_testid(user, "seat-4")) == 1


async def test_expired_lobby_sends_everyone_home(create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    code = await host_friends_table(host)
    await guest.open(f"/table/{code}")
    table = runtime().hub.registry.get(code)
    assert table is not None
    table.lobby_deadline = 0  # the clock ran out
    await runtime().hub.tick()
    await guest.should_see("did not start in time")
    await guest.should_see("Join a table")  # back on the home page


async def test_profile_changes_are_kept_and_names_are_cleaned(user: User) -> None:
    await user.open("/profile")
    (await find(user, "profile-name")).clear().type("  Zoë\x07 <i>the</i> great player of all  ")
    (await find(user, "profile-name")).trigger("blur")
    await user.open("/")
    await user.should_see("Zoë <i>the</i> great pla")  # trimmed, control characters gone, capped at 24


async def test_an_option_another_rules_out_is_greyed_with_the_reason(create_user: Callable[[], User]) -> None:
    """The lobby reads which options clash from the game's option sheet (logic/options.py): Stockpile's partners
    need 4 or 6 players, so at 2 the switch is off with the reason, and at 4 the host may turn it on."""
    host = create_user()
    await host.open("/")
    (await find(host, "friends-stockpile")).click()
    await table_attr(host, "data-game", "stockpile")
    table = runtime().hub.registry.tables_of(with_player(host)).pop()
    partners = with_testid(host, "opt-partners")[0]
    assert len(table.seats) == 2 and not partners.enabled
    assert partners.props["data-reason"] == "Partners need 4 or 6 players"
    assert with_testid(host, "opt-stock_size")[0].enabled  # the others are not touched

    table.set_option(table.host_id, "players", 4)
    runtime().hub.changed(table)
    await eventually(lambda: with_testid(host, "opt-partners")[0].enabled)
    assert "data-reason" not in with_testid(host, "opt-partners")[0].props


async def test_the_practice_form_leaves_every_option_to_choose(user: User) -> None:
    """The practice form on the home page chooses the player count beside the options: partners stays open there
    (the rules refuse partners at 2, 3 or 5 players when Play is pressed), only the lobby greys it."""
    await user.open("/")
    (await find(user, "practice-stockpile")).click()
    partners = (await find(user, "opt-partners")).elements.pop()
    assert partners.enabled and "data-reason" not in partners.props
