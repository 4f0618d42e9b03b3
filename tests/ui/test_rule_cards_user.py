"""Rule cards in the lobby (NiceGUI `user` tests): "At this table" for everyone, the host's picker, saving a card,
opening its link into a new lobby, the rules page following a card or a table, and a wrong card's message."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable

import pytest
from nicegui import ui
from nicegui.testing import User

from logic.messages import t_msg
from logic.rule_cards import RuleCard
from logic.table import lobby as table_lobby
from storage.rule_cards import RuleCardStore
from tests.ui.helpers import eventually, find, open_with_status, table_attr, with_testid
from tests.ui.test_lobby_user import host_friends_table, with_player
from ui.server.runtime import runtime
from ui.server.services import rule_card_store


def cards() -> RuleCardStore:
    """The saved rule cards of the running server."""
    return rule_card_store(runtime().hub.data_dir)


def table_of(code: str):  # noqa: ANN201
    table = runtime().hub.registry.get(code)
    assert table is not None
    return table


def pick(user: User, label: str) -> None:
    """Pick the card shown as ``label`` in the host's picker, as a tap on that option does."""
    [select] = with_testid(user, "rule-card-select")
    assert isinstance(select, ui.select) and isinstance(select.options, dict)
    [value] = [v for v, text in select.options.items() if text == label]
    with user:
        select.set_value(value)


async def test_at_this_table_and_the_card_picker(create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    code = await host_friends_table(host)
    await find(host, "rule-cards")
    assert not with_testid(host, "at-this-table")  # the standard rules: nothing to list
    assert with_testid(host, "rule-card-select")[0].props["data-card"] == "standard"

    table = table_of(code)
    table_lobby.set_option(table, table.host_id, "revolution", True)
    runtime().hub.changed(table)
    await find(host, "at-this-table-revolution")
    await guest.open(f"/table/{code}")  # a visitor sees the table's own rules before taking a seat
    await find(guest, "at-this-table-revolution")
    await guest.should_see("Revolution rule: On")
    assert not with_testid(guest, "rule-cards")  # the picker is the host's

    (await find(host, "rule-card-name")).type("Grandma's President")
    (await find(host, "btn-rule-card-save")).click()
    [card] = cards().mine(table.host_id, "president")
    assert card.name.english() == "Grandma's President" and dict(card.options) == {"revolution": True}
    await eventually(lambda: with_testid(host, "rule-card-select")[0].props.get("data-card") == card.id)
    await find(host, "rule-card-link")  # saving shows the share link and QR code at once
    [link] = with_testid(host, "rule-card-link")
    assert isinstance(link, ui.input) and link.value.endswith(f"/new/president?card={card.id}")
    assert with_testid(host, "rule-card-qr")

    pick(host, "Standard rules")
    await eventually(lambda: table.options.get("revolution") is False)
    await eventually(lambda: not with_testid(guest, "at-this-table"))
    pick(host, "Grandma's President (yours)")
    await eventually(lambda: table.options.get("revolution") is True)
    await find(guest, "at-this-table-revolution")


async def test_a_cards_link_opens_a_lobby_with_its_rules(create_user: Callable[[], User]) -> None:
    maker, friend = create_user(), create_user()
    await maker.open("/")
    card = cards().save(with_player(maker), "president", "Grandma's President", {"revolution": True}, now=0)
    await friend.open(f"/new/president?card={card.id}")
    assert await table_attr(friend, "data-phase") == "lobby"  # a lobby for friends, not a practice game
    await find(friend, "at-this-table-revolution")
    [code] = [t.code for t in runtime().hub.registry.tables_of(with_player(friend))]
    table = table_of(code)
    assert table.options["revolution"] is True and not table.practice and table.host_id == with_player(friend)


async def test_a_wrong_card_gets_a_clear_message(user: User) -> None:
    await user.open("/")
    rummy = cards().save(with_player(user), "rummy", "Quick", {"target": 100}, now=0)
    await open_with_status(user, "/new/president?card=my-nothing", 400)
    await user.should_see("There is no rule card my-nothing on this server.")
    await open_with_status(user, f"/new/president?card={rummy.id}", 400)
    await user.should_see("is for Rummy, not President")
    assert not runtime().hub.registry.tables_of(with_player(user))


async def test_rules_page_follows_a_card_and_a_table(user: User) -> None:
    await user.open("/")
    card = cards().save(with_player(user), "president", "Grandma's President", {"revolution": True}, now=0)
    await user.open(f"/rules/president?card={card.id}")
    await find(user, "house-rule-revolution")
    await user.should_see("House rules: Grandma's President")
    await user.should_see("Four of a kind turns the order over: 3 becomes high and 2 low.")
    await user.open("/rules/rummy?card=rummy-easy-going")  # each switch with its step-by-step example
    await find(user, "house-example-keep_dug_card")
    await find(user, "house-example-no_final_discard")
    await user.open("/rules/president?card=my-nothing")
    await find(user, "rules-card-error")
    assert with_testid(user, "rules")  # the standard rules still follow

    await user.open("/new/president?players=4&bots=3&seed=7&speed=0&revolution=true")
    [code] = [t.code for t in runtime().hub.registry.tables_of(with_player(user))]
    (await find(user, "btn-rules")).click()  # during play, one tap away
    await find(user, "at-this-table-revolution")
    link = with_testid(user, "at-this-table-rules")[0]
    assert link.props.get("href", getattr(link, "_props", {}).get("href")) == f"/rules/president?table={code}"
    await user.open(f"/rules/president?table={code}")
    await find(user, "house-rule-revolution")
    await user.open(f"/rules/rummy?table={code}")  # another game's table: said so, the rules still shown
    await find(user, "rules-card-error")
    await user.open(f"/tv/{code}")
    await find(user, "tv-at-this-table")


def ship(monkeypatch: pytest.MonkeyPatch, *cards: RuleCard) -> None:
    """President ships ``cards`` for this test (whatever logic/president/rule_cards.py holds)."""
    module = types.ModuleType("logic.president.rule_cards")
    module.RULE_CARDS = cards  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "logic.president.rule_cards", module)


async def test_shipped_cards_come_first_and_own_cards_can_be_removed(create_user: Callable[[], User],
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    ship(monkeypatch, RuleCard("president-test", "president", t_msg("Revolutionaries"),
                               t_msg("Played wherever four of a kind is common."), {"revolution": True}))
    host = create_user()
    code = await host_friends_table(host)
    table = table_of(code)
    mine = cards().save(table.host_id, "president", "Eight hands", {"hands": 8}, now=1.0)
    await host.open(f"/table/{code}")  # the picker lists the cards when drawn: the saved one is there now
    [select] = with_testid(host, "rule-card-select")
    assert isinstance(select, ui.select) and isinstance(select.options, dict)
    assert list(select.options.values()) == ["Standard rules", "Revolutionaries", "Eight hands (yours)"]
    pick(host, "Revolutionaries")
    await eventually(lambda: table.options.get("revolution") is True)
    await find(host, "rule-card-where")
    await host.should_see("Played wherever four of a kind is common.")
    assert not with_testid(host, "btn-rule-card-remove")  # a shipped card is nobody's to remove

    pick(host, "Eight hands (yours)")
    await eventually(lambda: table.options.get("hands") == 8 and table.options.get("revolution") is False)
    (await find(host, "btn-rule-card-remove")).click()
    await eventually(lambda: cards().get(mine.id) is None)
    assert table.options["hands"] == 8  # the table keeps its options
    await eventually(lambda: with_testid(host, "rule-card-select")[0].props.get("data-card") == "custom")

    friend = create_user()
    await friend.open("/new/president?card=president-test")
    await find(friend, "at-this-table-revolution")
    await friend.open("/rules/president?card=president-test")
    await find(friend, "house-rules-where")
    await friend.should_see("House rules: Revolutionaries")


async def test_a_watcher_in_play_is_shown_the_house_rules(create_user: Callable[[], User]) -> None:
    player, watcher = create_user(), create_user()
    await player.open("/new/president?players=4&bots=3&seed=7&speed=0&revolution=true")
    [code] = [t.code for t in runtime().hub.registry.tables_of(with_player(player))]
    await watcher.open(f"/table/{code}")
    await find(watcher, "watching")
    (await find(watcher, "house-rules-button")).click()
    await find(watcher, "at-this-table-revolution")
    assert not with_testid(player, "house-rules-button")  # a player has the table's ⓘ
    await player.open("/new/president?players=4&bots=3&seed=7&speed=0")
    [standard] = [t.code for t in runtime().hub.registry.tables_of(with_player(player)) if t.code != code]
    await watcher.open(f"/table/{standard}")
    await find(watcher, "watching")
    assert not with_testid(watcher, "house-rules-button")  # the standard rules: nothing to point at
