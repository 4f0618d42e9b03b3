"""The sheet between hands is redrawn only when what it shows changes (NiceGUI `user` fixture): a chat message or any
other table change while a seat still has to press "Next round" keeps the button the finger is on (a session's
browser run once failed to press it for 30 s while the computers' changes replaced it), and the standings at the end
keep "Play again" through a chat message the same way."""

from __future__ import annotations

import asyncio

from nicegui.testing import User

from logic.table import turns
from tests.ui.helpers import eventually, find, table_attr, with_testid
from tests.ui.test_chat_keeps_the_table import say
from tests.ui.test_watch_user import drawn
from ui.server.runtime import runtime

BEANIE = "/new/beanie?players=2&bots=1&level=easy&seed=3&speed=0&rounds=2"


async def play_seat_zero_until(table, phase: str) -> None:  # noqa: ANN001
    """Seat 0 (the person) makes its out-of-time moves, the computer plays on, until the table reaches ``phase``."""
    hub = runtime().hub
    deadline = asyncio.get_running_loop().time() + 30
    while table.phase() != phase:
        assert asyncio.get_running_loop().time() < deadline, f"the table never reached {phase}"
        if 0 in table.to_move() and table.code not in hub.bots.busy:
            hub.run(table, lambda t, now: turns.act_for(t, 0, t.game.timeout_action(t.state, 0), now))
        await asyncio.sleep(0.02)


async def page_follows(user: User, table) -> None:  # noqa: ANN001
    await eventually(lambda: str(table.version) == str(with_testid(user, "table")[0].props.get("data-version")))


def ids_of(user: User, testids: set[str]) -> dict[str, int]:
    return {testid: el_id for el_id, testid in drawn(user).items() if testid in testids}


async def test_the_next_round_button_stays_through_table_changes(user: User) -> None:
    await user.open("/")
    await user.open(BEANIE)
    hub = runtime().hub
    table = hub.registry.get(next(iter(hub.registry.tables)))
    assert table is not None
    await play_seat_zero_until(table, "hand-over")
    await eventually(lambda: table.to_move() == (0,))  # the computer has pressed; the person still has to
    await table_attr(user, "data-phase", "hand-over")
    await find(user, "btn-next-hand")
    await page_follows(user, table)
    kept = {"hand-summary", "btn-next-hand"}
    before = ids_of(user, kept)
    assert before.keys() == kept
    everything = drawn(user)

    say(user, table, "good round")  # a chat message changes the table
    hub.run(table, lambda t, now: t.touch())  # and so does anything else that is saved (a setting, presence, ...)
    await page_follows(user, table)
    assert ids_of(user, kept) == before, "the sheet between rounds was drawn again under the finger"
    gone = [el_id for el_id in everything if el_id not in drawn(user)]
    assert not gone, f"{len(gone)} elements were drawn again (the countdown's clock was, every change)"

    (await find(user, "btn-next-hand")).click()  # the kept button still works, and the next round starts
    await eventually(lambda: table.phase() == "play")


async def test_play_again_stays_through_a_chat_message(user: User) -> None:
    await user.open("/")
    await user.open(BEANIE.replace("rounds=2", "rounds=1"))
    hub = runtime().hub
    table = hub.registry.get(next(iter(hub.registry.tables)))
    assert table is not None
    await play_seat_zero_until(table, "over")
    await find(user, "btn-play-again")
    await page_follows(user, table)
    kept = {"standings", "btn-play-again", "btn-home"}
    before = ids_of(user, kept)
    assert before.keys() == kept

    say(user, table, "well played")
    await page_follows(user, table)
    assert ids_of(user, kept) == before, "the standings were drawn again by a chat message"
