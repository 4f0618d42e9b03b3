"""Timeouts speak to the person whose seat it is, and the page shows one status at a time (NiceGUI `user` tests):
a `/new…&timer=20` table times the first turn when a person moves first; after a timeout that hands the seat to
the computer, the person's own page says "You ran out of time — the computer is playing for you." with I'm back
(no "Your turn", no "Waiting for your turn"), the others are told in the third person; between hands nobody sees
"Your turn"."""

from __future__ import annotations

import asyncio

from nicegui.testing import User

from tests.ui.helpers import eventually, find, table_attr, with_testid
from ui.server.runtime import runtime

FIRST_MOVER = "/new/president?players=4&bots=3&seed=4&speed=2&timer=20"  # seed 4: seat 0 (the person) leads


def texts(user: User) -> str:
    with user:
        return " | ".join(str(getattr(e, "text", "")) for e in user.current_layout.descendants())


async def open_first_mover(user: User):  # noqa: ANN201
    await user.open("/")
    await user.open(FIRST_MOVER)
    assert await table_attr(user, "data-turn", "0", timeout=10) == "0"
    code = next(iter(runtime().hub.registry.tables))
    table = runtime().hub.registry.get(code)
    assert table is not None
    return table


async def test_the_first_turn_is_timed_when_a_person_moves_first(user: User) -> None:
    table = await open_first_mover(user)
    left = table.seconds_left(runtime().hub.clock())
    assert table.settings.turn_seconds == 20 and left is not None and 18 <= left <= 20
    clock = (await find(user, "countdown")).elements.pop()
    await eventually(lambda: clock.props.get("data-seconds") in {"18", "19", "20"}, timeout=3)


async def test_a_timeout_speaks_to_the_seat_and_leaves_one_status(user: User) -> None:
    table = await open_first_mover(user)
    assert with_testid(user, "your-turn")
    hub = runtime().hub
    table.turn_deadline = hub.clock() - 1  # the clock ran out
    await hub.tick()
    assert table.seats[0].autoplay
    await user.should_see("You ran out of time — the computer is playing for you.")
    assert with_testid(user, "btn-im-back") and with_testid(user, "autoplay-notice")
    page = texts(user)
    assert "Your turn" not in page and "Waiting for your turn" not in page, page
    assert "ran out of time; the computer plays for them" not in page  # third person: for the others only
    told = [n for n in table.notices if "ran out of time" in n["text"]]
    assert told and told[-1]["seats"] == [1, 2, 3]

    (await find(user, "btn-im-back")).click()
    await eventually(lambda: not table.seats[0].autoplay)
    await eventually(lambda: not with_testid(user, "autoplay-notice"))


async def test_between_hands_nobody_is_told_it_is_their_turn(user: User) -> None:
    await user.open("/")
    await user.open("/new/beanie?players=2&bots=1&level=easy&seed=3&speed=0&rounds=2")
    hub = runtime().hub
    table = hub.registry.get(next(iter(hub.registry.tables)))
    assert table is not None
    deadline = asyncio.get_running_loop().time() + 30
    while table.phase() != "hand-over":  # the person's seat makes the out-of-time move; the computer plays on
        assert asyncio.get_running_loop().time() < deadline, "the round did not end"
        if 0 in table.to_move() and table.code not in hub.bots.busy:
            hub.run(table, lambda t, now: t.act_for(0, t.game.timeout_action(t.state, 0), now))
        await asyncio.sleep(0.02)
    assert 0 in table.to_move()  # the summary waits for the person's "Next round"
    assert await table_attr(user, "data-phase", "hand-over") == "hand-over"
    await find(user, "btn-next-hand")
    await user.should_see("Next round")  # Beanie's rounds are rounds
    assert not with_testid(user, "your-turn")
    assert "Next hand" not in texts(user)
