"""Rummy's discard pile picker (ui/games/rummy/discard_picker.py): a long pile gets "All N cards", which opens a sheet
with every card bottom -> top; a tap on a takeable card there takes it as a tap in the pile does; a pile that changes
under an open sheet closes it (NiceGUI `user` fixture)."""

from __future__ import annotations

from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from tests.ui.helpers import eventually, find, table_attr, with_testid
from tests.ui.test_chat_keeps_the_table import say
from tests.ui.test_lobby_user import with_player
from ui.games.rummy.discard_picker import PILE_SHOWN
from ui.server.runtime import runtime


async def test_a_long_pile_opens_a_picker_to_dig_from(user: User) -> None:
    await user.open("/new/rummy?players=2&bots=1&seed=7&speed=0")
    table = runtime().hub.registry.tables_of(with_player(user)).pop()
    await table_attr(user, "data-phase", "play", timeout=5)
    await table_attr(user, "data-turn", "0", timeout=5)
    assert not with_testid(user, "btn-discard-picker")  # one card: no picker
    st = table.state
    moved = st.stock[-PILE_SHOWN:]  # a long pile: cards from the stock go under the top card
    del st.stock[-PILE_SHOWN:]
    st.discard[:0] = moved
    say(user, table, "look at that pile")  # a change of the table: the page draws the pile anew
    button = await find(user, "btn-discard-picker")
    count = len(st.discard)
    assert f"All {count} cards" in next(iter(button.elements)).text
    buried = [e for e in with_testid(user, "pile-discard")[0].descendants() if "rm-buried" in e.classes]
    assert len(buried) == count - PILE_SHOWN  # hidden on a phone, still in the pile's element (its contract)

    button.click()
    await find(user, "discard-picker")
    picks = {str(e.props["data-testid"])[5:]: e for e in user.current_layout.descendants()
             if str(e.props.get("data-testid", "")).startswith("pick-")}
    view = table.game.view(st, 0)
    assert list(picks) == view["discard"]  # every card, bottom -> top
    top = view["discard"][-1]
    assert picks[top].props["data-depth"] == "0" and picks[top].props["data-takeable"] == "true"
    hand_before = len(st.hands[0])
    UserInteraction(user, {picks[top]}, None).click()  # take the top card from the sheet
    await eventually(lambda: len(st.hands[0]) == hand_before + 1 and len(st.discard) == count - 1)
    await eventually(lambda: not with_testid(user, "discard-picker"))  # the sheet closed with the take


async def test_a_sheet_open_on_a_pile_that_changes_closes(user: User) -> None:
    await user.open("/new/rummy?players=2&bots=1&seed=7&speed=0")
    table = runtime().hub.registry.tables_of(with_player(user)).pop()
    await table_attr(user, "data-turn", "0", timeout=5)
    st = table.state
    moved = st.stock[-PILE_SHOWN:]
    del st.stock[-PILE_SHOWN:]
    st.discard[:0] = moved
    say(user, table, "a long pile")
    (await find(user, "btn-discard-picker")).click()
    await find(user, "discard-picker")
    st.discard.insert(0, st.stock.pop())  # the pile changes while the sheet is open
    say(user, table, "and longer")
    await eventually(lambda: not with_testid(user, "discard-picker"))
