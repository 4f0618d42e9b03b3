"""Beanie in the browser (NiceGUI `user` tests): the vote buttons let any voter take their vote back, also while
someone else plays, and everyone's banner follows; a first timeout shows the timed-out player a notice that stays
until "Got it", the others a brief one, and the seat stays theirs."""

from __future__ import annotations

from collections.abc import Callable

from nicegui.testing import User

from logic.beanie.actions import DRAW_STOCK, Discard
from logic.beanie.sets import CODES
from logic.table import Table, lobby, timers
from tests.ui.helpers import act, eventually, find, open_in_play, table_attr, with_testid
from tests.ui.stats_helpers import player_of
from ui.server.runtime import runtime

THIRD = "third-player"  # a person without a page open in these tests


def player_id(user: User) -> str:
    return player_of(user)[0]


async def beanie_table(create_user: Callable[[], User]) -> tuple[Table, User, User]:
    """Three people at a Beanie table: two with pages open (seats 0 and 1) and a third."""
    a, b = create_user(), create_user()
    await a.open("/")
    await b.open("/")
    hub = runtime().hub
    pa, pb = player_id(a), player_id(b)
    assert pa != pb
    t = hub.create("beanie", pa, "Ann", "🦊", options={"players": 3}, practice=False, seed=5)
    t.settings.turn_seconds = 0  # the test moves the clock itself

    def fill(tb: Table, now: float) -> None:
        lobby.join(tb, pb, "Bea", "🐻", now)
        lobby.join(tb, THIRD, "Cy", "🐸", now)
        lobby.start(tb, tb.host_id, now)

    hub.run(t, fill)
    await open_in_play(t.code, a, b)
    return t, a, b


def discard_last(t: Table, pid: str, seat: int) -> None:
    act(t, pid, Discard(CODES[t.state.hands[seat][-1]]))


def banner(user: User) -> str:
    found = with_testid(user, "vote-banner")
    return found[0].text if found else ""


def button(user: User, testid: str):  # noqa: ANN201
    found = with_testid(user, testid)
    return found[0] if found else None


async def test_every_voter_can_take_their_vote_back_out_of_turn(create_user: Callable[[], User]) -> None:
    t, a, b = await beanie_table(create_user)
    pa, pb = player_id(a), player_id(b)
    (await find(a, "btn-end-round")).click()  # seat 0 starts the round in its play step
    await eventually(lambda: t.state.proposer == 0)
    discard_last(t, pa, 0)
    act(t, pb, DRAW_STOCK)
    await eventually(lambda: button(b, "btn-agree") is not None and button(b, "btn-agree").enabled)
    (await find(b, "btn-agree")).click()
    await eventually(lambda: t.state.agreed == [True, True, False])
    discard_last(t, pb, 1)
    act(t, THIRD, DRAW_STOCK)  # now the third player is to move
    await eventually(lambda: "Agreed: Bea" in banner(a))
    mine = await find(b, "btn-withdraw")
    await eventually(lambda: button(b, "btn-withdraw").text == "Cancel my agreement"
                     and button(b, "btn-withdraw").enabled)
    mine.click()  # out of turn
    await eventually(lambda: t.state.agreed == [True, False, False])
    assert t.state.proposer == 0 and t.log[-1] == (1, {"kind": "withdraw"})
    await eventually(lambda: "Agreed" not in banner(a) and "want to end the round" in banner(a))
    await eventually(lambda: button(b, "btn-agree") is not None)  # Bea may agree again, on her turn
    assert "your turn" in str(button(b, "btn-agree").props.get("data-reason", ""))
    await eventually(lambda: button(a, "btn-withdraw") is not None and button(a, "btn-withdraw").enabled)
    assert button(a, "btn-withdraw").text == "Cancel end-round vote"
    (await find(a, "btn-withdraw")).click()  # the proposer, out of turn: the vote is over
    await eventually(lambda: t.state.proposer == -1)
    await eventually(lambda: not with_testid(b, "vote-banner") and not with_testid(a, "vote-banner"))
    await table_attr(a, "data-turn", "2")  # the third player's turn goes on


async def test_a_first_timeout_shows_a_notice_until_got_it_and_keeps_the_seat(
        create_user: Callable[[], User]) -> None:
    t, a, b = await beanie_table(create_user)
    discard_last(t, player_id(a), 0)  # Bea (seat 1) is to move
    await table_attr(b, "data-turn", "1")
    hub = runtime().hub

    def run_out(tb: Table, now: float) -> None:
        tb.turn_deadline = now - 1
        timers.tick(tb, now)

    hub.run(t, run_out)
    assert t.to_move() == (2,) and not t.seats[1].autoplay
    notice = await find(b, "timeout-notice")
    await b.should_see("Turn timed out")
    brief = t.notices[-1]  # the others get a brief toast (which pages show it: tests/logic/test_table_timeouts.py)
    assert "Bea ran out of time" in str(brief.message) and brief.seats == (0, 2)
    assert not with_testid(a, "timeout-notice")
    assert not with_testid(b, "btn-im-back")  # the seat is still Bea's
    assert notice is not None
    act(t, THIRD, DRAW_STOCK)  # play goes on; the notice stays
    discard_last(t, THIRD, 2)
    await table_attr(b, "data-turn", "0")
    assert with_testid(b, "timeout-notice")
    (await find(b, "btn-timeout-ok")).click()
    await eventually(lambda: not with_testid(b, "timeout-notice"))
    assert not t.seats[1].timed_out
