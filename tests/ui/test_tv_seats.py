"""The TV's seats follow every move: a badge per seat, redrawn only when what it shows changes, its turn frame,
``data-turn`` and count of cards set in place (ui/pages/tv.py; the TV was the server's largest cost per move on a
Pi-class host when it redrew every seat at every move)."""

from __future__ import annotations

import random

from nicegui.testing import User

from logic.table import Table
from tests.ui.helpers import FRIENDS, act, eventually, four_friends_playing_president, with_testid

PEOPLE = tuple(pid for pid, _name in FRIENDS)


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
    t = four_friends_playing_president(seed=11)
    await user.open(f"/tv/{t.code}")
    await eventually(lambda: tv_seats(user) == expected(t))
    badges = [with_testid(user, f"seat-{i}")[0].id for i in range(4)]
    rng = random.Random(3)
    for _ in range(12):  # plays and passes: counts and the turn move round the table
        seat = t.to_move()[0]
        act(t, PEOPLE[seat], rng.choice(t.game.legal_actions(t.state, seat)))
        await eventually(lambda: tv_seats(user) == expected(t))
    assert [with_testid(user, f"seat-{i}")[0].id for i in range(4)] == badges  # patched in place, not redrawn
