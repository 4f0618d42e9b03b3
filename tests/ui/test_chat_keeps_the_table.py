"""A chat message changes the chat, not the game: Stockpile's board is not redrawn under a finger, and a Rummy
hint stays until the next move (NiceGUI `user` fixture)."""

from __future__ import annotations

from nicegui.testing import User

from tests.ui.helpers import eventually, find, table_attr, with_testid
from tests.ui.test_lobby_user import with_player
from tests.ui.test_watch_user import drawn
from ui.server.runtime import runtime


def say(user: User, table, text: str) -> None:  # noqa: ANN001
    runtime().hub.run(table, lambda t, now: t.say(with_player(user), text, now))


def board_selected(user: User) -> str:
    boards = with_testid(user, "stockpile-board")
    return str(boards[0].props.get("data-selected", "")) if boards else ""


def hint(user: User) -> str:
    return " ".join(e.text for e in with_testid(user, "hint"))


async def test_a_chat_message_keeps_the_board_and_the_pick(user: User) -> None:
    await user.open("/new/stockpile?players=2&bots=1&seed=3&speed=0&stock_size=short")
    table = runtime().hub.registry.tables_of(with_player(user)).pop()
    await table_attr(user, "data-phase", "play", timeout=5)
    await table_attr(user, "data-turn", "0", timeout=5)  # the human's turn (seat 0)
    (await find(user, "hand-card-0")).click()
    await eventually(lambda: board_selected(user) == "hand:0" and "the " in hint(user))  # the hint names the card
    before, moves = drawn(user), len(table.log)

    say(user, table, "nice one")
    await eventually(lambda: len(table.chat) == 1)
    await eventually(lambda: str(table.version) == str(with_testid(user, "table")[0].props.get("data-version")))
    after = drawn(user)
    gone = {testid for el_id, testid in before.items() if el_id not in after}
    assert gone <= {""}, f"redrawn on a chat message: {gone}"
    assert board_selected(user) == "hand:0" and len(table.log) == moves  # the pick survives the message

    # a move still redraws the board and clears the pick; the kept hand shows no stale selection
    (await find(user, "hand-card-0")).click()  # a second tap unpicks it
    await eventually(lambda: board_selected(user) == "")
    with user:
        cards = [e for e in user.current_layout.descendants() if str(e.props.get("data-testid", "")).startswith(
            "hand-card-")]
        assert cards and not any("selected" in e.classes for e in cards)


async def test_a_rummy_hint_stays_through_a_chat_message_and_goes_with_the_next_move(user: User) -> None:
    await user.open("/new/rummy?players=2&bots=1&seed=7&speed=0")
    table = runtime().hub.registry.tables_of(with_player(user)).pop()
    await table_attr(user, "data-phase", "play", timeout=5)
    await table_attr(user, "data-turn", "0", timeout=5)
    (await find(user, "btn-hint")).click()
    await find(user, "hint")
    say(user, table, "what now?")
    await eventually(lambda: str(table.version) == str(with_testid(user, "table")[0].props.get("data-version")))
    assert with_testid(user, "hint"), "the hint went away with a chat message"
    kept = drawn(user)
    say(user, table, "and again")
    await eventually(lambda: str(table.version) == str(with_testid(user, "table")[0].props.get("data-version")))
    after = drawn(user)
    gone = {testid for el_id, testid in kept.items() if el_id not in after}
    assert not gone & {"rummy-middle", "pile-stock", "pile-discard", "melds", "hint"}, gone
    (await find(user, "btn-draw")).click()  # draw: a move
    await eventually(lambda: not with_testid(user, "hint"))
