"""The TV's seats follow every move: a badge per seat, redrawn only when what it shows changes, its turn frame,
``data-turn`` and count of cards set in place (ui/pages/tv.py; the TV was the server's largest cost per move on a
Pi-class host when it redrew every seat at every move)."""

from __future__ import annotations

import random

from nicegui.testing import User

from logic.table import Table, lobby
from tests.ui.helpers import act, eventually, with_testid
from ui.server.runtime import runtime

PEOPLE = ("p-ann", "p-bea", "p-cy", "p-dee")


def tv_seats(user: User) -> list[tuple[str, str, str]]:
    """Each TV badge's (data-turn, turn frame, count of cards)."""
    out = []
    for i in range(4):
        badge = with_testid(user, f"seat-{i}")[0]
        cards = with_testid(user, f"seat-{i}-cards")
        out.append((badge.props.get("data-turn"), "turn" if "turn" in badge.classes else "",
                    cards[0].text if cards else ""))
    return out


def expected(t: Table) -> list[tuple[str, str, str]]:
    view = t.game.view(t.state, None)
    movers = t.to_move()
    return [("true" if i in movers else "false", "turn" if i in movers and not t.paused else "",
             f"🂠 {view['seats'][i]['cards']}") for i in range(4)]


async def test_the_tv_seats_follow_each_move(user: User) -> None:
    hub = runtime().hub
    t = hub.create("president", PEOPLE[0], "Ann", "🦊", options={"players": 4}, practice=False, seed=11)
    t.settings.turn_seconds = 0

    def fill(tb: Table, now: float) -> None:
        for pid, name in zip(PEOPLE[1:], ("Bea", "Cy", "Dee"), strict=True):
            lobby.join(tb, pid, name, "🐻", now)
        lobby.start(tb, tb.host_id, now)

    hub.run(t, fill)
    await user.open(f"/tv/{t.code}")
    await eventually(lambda: tv_seats(user) == expected(t))
    badges = [with_testid(user, f"seat-{i}")[0].id for i in range(4)]
    rng = random.Random(3)
    for _ in range(12):  # plays and passes: counts and the turn move round the table
        seat = t.to_move()[0]
        act(t, PEOPLE[seat], rng.choice(t.game.legal_actions(t.state, seat)))
        await eventually(lambda: tv_seats(user) == expected(t))
    assert [with_testid(user, f"seat-{i}")[0].id for i in range(4)] == badges  # patched in place, not redrawn
