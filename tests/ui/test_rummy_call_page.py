"""Rummy's "Rummy!" window on the page (house rule, issue 52; NiceGUI `user` tests): every person sees the discard and
the countdown, only the one who can use the card gets ``btn-rummy``, and its tap makes the call out of turn."""

from __future__ import annotations

from collections.abc import Callable

from nicegui.testing import User

from logic.rummy.actions import COMMIT, Discard, DrawStock
from logic.rummy.melds import parse_code
from logic.rummy.state import DRAW
from logic.table import Table, lobby
from tests.ui.helpers import act, eventually, find, open_in_play, with_testid
from tests.ui.stats_helpers import player_of
from ui.server.runtime import runtime

THIRD = "third-player"  # a person without a page open: seat 2, whose discard opens the window


def ints(codes: str) -> list[int]:
    return [parse_code(c) for c in codes.split()]


async def call_table(create_user: Callable[[], User]) -> tuple[Table, User, User]:
    """Three people at a "Rummy!" table (10-second window): Ann (seat 0, can call the 8♥), Bea (seat 1, cannot)
    and a third; the third player is to draw."""
    a, b = create_user(), create_user()
    await a.open("/")
    await b.open("/")
    hub = runtime().hub
    pa, pb = player_of(a)[0], player_of(b)[0]
    t = hub.create("rummy", pa, "Ann", "🦊", options={"players": 3, "rummy_call": True, "rummy_call_seconds": 10,
                                                     "first_draw": False}, practice=False, seed=5)
    t.settings.turn_seconds = 0

    def fill(tb: Table, now: float) -> None:
        lobby.join(tb, pb, "Bea", "🐻", now)
        lobby.join(tb, THIRD, "Cy", "🐸", now)
        lobby.start(tb, tb.host_id, now)
        st = tb.state
        st.stage, st.current = DRAW, 2
        st.hands = [ints("9H 10H 3C 5S"), ints("2D 4H 8C JD"), ints("8H 4S QC KD")]
        st.stock, st.discard, st.melds = ints("10C 2H 9S 6D"), ints("7C"), []

    hub.run(t, fill)
    await open_in_play(t.code, a, b)
    return t, a, b


async def test_the_window_shows_everyone_and_only_the_caller_gets_the_button(create_user: Callable[[], User]) -> None:
    t, a, b = await call_table(create_user)
    for action in (DrawStock(), Discard("8H"), COMMIT):
        act(t, THIRD, action)
    assert t.commit_deadline is not None  # the window's timer (the table's "commit" timer)
    for user in (a, b):
        panel = await find(user, "rummy-call")
        await eventually(lambda u=user: bool(with_testid(u, "rummy-call-clock")))
        assert panel.elements.pop().props["data-card"] == "8H"
    assert with_testid(a, "btn-rummy") and not with_testid(b, "btn-rummy")  # only Ann can use the 8♥
    (await find(a, "btn-rummy")).click()
    await eventually(lambda: t.state.call_card == -1 and len(t.state.melds) == 1)
    assert t.state.melds[0][1] == 0 and t.log[-1].action["kind"] == "rummy" and t.state.current == 0
    await eventually(lambda: not with_testid(b, "rummy-call"))
    await b.should_see("called Rummy!")
