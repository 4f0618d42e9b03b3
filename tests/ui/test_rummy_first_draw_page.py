"""Rummy's draw for the first deal on the page (NiceGUI `user` tests): the deck to tap, the cards turning up,
the computer drawing by itself; ``speed=0`` links skip to the result."""

from __future__ import annotations

from nicegui.testing import User

from tests.ui.helpers import eventually, find, table_attr, with_testid


def card_in(user: User, testid: str) -> str:
    found = with_testid(user, testid)
    return str(found[0].props.get("data-card-draw", "")) if found else ""


def hand_cards(user: User) -> int:
    with user:
        return sum(1 for hand in with_testid(user, "hand") for el in hand.descendants() if el.props.get("data-card"))


async def test_tap_the_deck_and_the_computer_draws_by_itself(user: User) -> None:
    await user.open("/new/rummy?players=2&bots=1&seed=7&speed=0.5")
    await table_attr(user, "data-phase", "first-draw")
    assert await table_attr(user, "data-turn") in ("0,1", "0")
    await eventually(lambda: card_in(user, "first-draw-1") != "", timeout=5)  # the computer drew after its delay
    assert card_in(user, "first-draw-0") == "" and hand_cards(user) == 0  # nothing of hand 1 in sight yet
    assert with_testid(user, "first-draw-countdown")
    (await find(user, "btn-first-draw")).click()
    await table_attr(user, "data-phase", "play", timeout=5)
    mine, theirs = card_in(user, "first-draw-0"), card_in(user, "first-draw-1")
    assert mine and theirs and mine != theirs  # both cards stay in sight, the winner is named
    await user.should_see("drew the highest card")
    await eventually(lambda: hand_cards(user) > 0)


async def test_speed_0_links_skip_to_the_result(user: User) -> None:
    await user.open("/new/rummy?players=2&bots=1&seed=7&speed=0")
    await table_attr(user, "data-phase", "play")
    assert card_in(user, "first-draw-0") and card_in(user, "first-draw-1")
