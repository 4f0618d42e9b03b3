"""President's exchange, as the Vice Beggar reads it (NiceGUI `user` test): the best card went to the Vice
President, and "You got back" shows what came back, never the card that went (the panel once showed the card
taken under "You got back", and said "two cards" for the Vice Beggar's one)."""

from __future__ import annotations

from nicegui.testing import User

from logic.president.actions import mask_codes
from logic.president.state import _deal
from tests.ui.helpers import table_attr
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
    table.pause(table.host_id, runtime().hub.clock())  # the computers wait: each step is seen as it is
    s = table.state
    s.prev_finish = [1, 3, 0, 2]  # seat 0 (the person) second to last: the Vice Beggar; seat 3 Vice President
    _deal(s, 2)
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
