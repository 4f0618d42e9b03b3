"""The TV's middle follows every move but redraws only the part a move changed, as a table page does (the trick is
not drawn again for a pass: the whole middle redrawn at every move was the TV's largest cost on a Pi-class host)."""

from __future__ import annotations

import random

from nicegui.testing import User

from logic.president.actions import Pass
from logic.table import Table
from tests.ui.helpers import FRIENDS, act, card_codes, eventually, four_friends_playing_president, with_testid

PEOPLE = tuple(pid for pid, _name in FRIENDS)


def tv_trick(user: User) -> list[str]:
    """The card codes the TV's trick shows, in order."""
    trick = with_testid(user, "trick")
    if not trick:
        return []
    return card_codes(trick[0])


def expected_trick(t: Table) -> list[str]:
    trick = t.game.view(t.state, None)["trick"] or []
    return [code for play in trick[-3:] for code in play["cards"]]


async def test_the_tv_middle_follows_each_move_and_a_pass_leaves_the_trick_alone(user: User) -> None:
    """The trick is one element, drawn once: a play gives it new HTML (the browser morphs it in), a pass that does
    not end the trick sends it nothing."""
    t = four_friends_playing_president(seed=5)
    await user.open(f"/tv/{t.code}")
    await eventually(lambda: tv_trick(user) == expected_trick(t))
    trick_id = with_testid(user, "trick")[0].id
    rng = random.Random(4)
    passes = plays = 0
    for _ in range(16):
        seat = t.to_move()[0]
        legal = t.game.legal_actions(t.state, seat)
        action = rng.choice(legal)
        trick_before = repr(t.game.view(t.state, None)["trick"])
        content_before = with_testid(user, "trick")[0].props["innerHTML"]
        act(t, PEOPLE[seat], action)
        await eventually(lambda: with_testid(user, "tv")[0].props.get("data-version") == str(t.version))
        assert tv_trick(user) == expected_trick(t)
        [trick] = with_testid(user, "trick")
        assert trick.id == trick_id  # the same element all along
        if isinstance(action, Pass) and repr(t.game.view(t.state, None)["trick"]) == trick_before:
            passes += 1
            assert trick.props["innerHTML"] == content_before  # the message changed, the trick did not
        elif not isinstance(action, Pass):
            plays += 1
            assert trick.props["innerHTML"] != content_before
    assert passes and plays  # (both kinds of move were seen)
