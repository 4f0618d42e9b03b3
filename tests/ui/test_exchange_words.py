"""President's exchange, as the Vice Beggar reads it (NiceGUI `user` test): the best card went to the Vice
President, and "You got back" shows what came back, never the card that went (the panel once showed the card
taken under "You got back", and said "two cards" for the Vice Beggar's one)."""

from __future__ import annotations

from nicegui.testing import User

from logic.president.actions import mask_codes
from logic.president.state import deal_hand
from logic.table import timers
from tests.ui.helpers import eventually, table_attr
from ui.server.runtime import runtime


def panel_text(user: User) -> str:
    with user:
        return " | ".join(str(getattr(e, "text", "")) for e in user.current_layout.descendants()
                          if getattr(e, "text", ""))


async def test_the_vice_beggar_sees_the_card_that_went_and_then_what_came_back(user: User) -> None:
    await user.open("/")
    await user.open("/new/president?players=4&bots=3&seed=4&speed=2")
    assert await table_attr(user, "data-phase", "play", timeout=10) == "play"
    code = next(iter(runtime().hub.registry.tables))
    table = runtime().hub.registry.get(code)
    assert table is not None
    timers.pause(table, table.host_id, runtime().hub.clock())  # the computers wait: each step is seen as it is
    s = table.state
    s.prev_finish = [1, 3, 0, 2]  # seat 0 (the person) second to last: the Vice Beggar; seat 3 Vice President
    deal_hand(s, 2)
    went = mask_codes(s.ex_gave[0])
    assert len(went) == 1
    table.touch()
    runtime().hub.changed(table)
    vp = table.seats[3].name
    await user.should_see(f"You are Vice Beggar: your best card went to {vp}.")
    text = panel_text(user)
    assert "You got back" not in text and f"Waiting for {vp} to give a card back." in text, text
    table.game.apply(s, 3, table.game.legal_actions(s, 3)[0])  # the Vice President gives one back
    assert s.phase == "exchange" and s.ex_recv[0] >= 0  # (the President has not yet)
    table.touch()
    runtime().hub.changed(table)
    back = mask_codes(s.ex_recv[0])
    await user.should_see("You got back:")
    with user:
        shown = [e.props.get("data-card") for e in user.current_layout.descendants()
                 if e.props.get("data-card") and any("exchange" == a.props.get("data-testid")
                                                     for a in e.ancestors())]
    assert shown == back and shown != went, (shown, back, went)


async def test_the_exchange_panel_says_how_many_cards_to_give_back_in_data_give(user: User) -> None:
    """``exchange``'s ``data-give``: the number of cards to select and give back now (the contract's, in any
    language: a test reads it instead of the words of ``btn-give``'s reason), 0 once given or for the other side."""
    await user.open("/new/president?players=4&bots=3&seed=4&speed=2&lang=pl")
    assert await table_attr(user, "data-phase", "play", timeout=10) == "play"
    code = next(iter(runtime().hub.registry.tables))
    table = runtime().hub.registry.get(code)
    assert table is not None
    timers.pause(table, table.host_id, runtime().hub.clock())
    s = table.state
    s.prev_finish = [0, 3, 1, 2]  # seat 0 (the person) first: the President gives back two
    deal_hand(s, 2)
    table.touch()
    runtime().hub.changed(table)

    def give() -> str:
        with user:
            found = [e for e in user.current_layout.descendants() if e.props.get("data-testid") == "exchange"]
        return str(found[0].props.get("data-give")) if found else ""

    await eventually(lambda: give() == "2")
    gift = table.game.legal_actions(s, 0)[0]
    table.game.apply(s, 0, gift)
    table.touch()
    runtime().hub.changed(table)
    await eventually(lambda: give() == "0")
