"""Less waiting (NiceGUI `user` fixture): cards picked while the others play are still picked when your turn comes
(in every game, also after drawing), and President's "Pass for this trick" passes for you as the trick comes round.

The computer players are held (a huge pacing delay) and moved by the test, so "while the others play" is exact."""

from __future__ import annotations

from typing import Any

from nicegui import ui
from nicegui.testing import User
from nicegui.testing.user_interaction import UserInteraction

from logic.table import Table
from tests.ui.helpers import eventually, find, table_attr, with_testid
from tests.ui.test_lobby_user import with_player
from ui.server.runtime import runtime

HELD = 1e6  # seconds a computer waits before it moves: the test moves it


async def practice(user: User, game: str, query: str) -> tuple[Table, int, str]:
    """A practice table at the person's turn in play, with the computers held from now on."""
    await user.open(f"/new/{game}?{query}&speed=0")
    hub = runtime().hub
    pid = with_player(user)
    table = hub.registry.tables_of(pid).pop()
    seat = table.seat_of(pid)
    assert seat is not None
    await eventually(lambda: seat in table.to_move() and table.phase() == "play" and table.code not in hub.bots.busy,
                     timeout=10)
    table.settings.bot_delay = HELD
    return table, seat, pid


def run(table: Table, change: Any) -> None:
    runtime().hub.run(table, change)


def land_pending(table: Table) -> bool:
    """A move in its grace period (Rummy's discard, Stockpile's) lands now; True if there was one."""
    if table.commit_deadline is None:
        return False
    run(table, lambda t, now: t.tick(max(now, t.commit_deadline or now)))
    return True


def end_my_turn(table: Table, seat: int, pid: str) -> None:
    """The person's turn, played by the rules' timeout move (as the server would)."""
    while seat in table.to_move():
        if not land_pending(table):
            action = table.game.timeout_action(table.state, seat)
            run(table, lambda t, now, a=action: t.act(pid, a, now))
    land_pending(table)


def others_play_until_my_turn(table: Table, seat: int) -> int:
    """The computers move, one move at a time, until the person is to move again. Returns their moves."""
    moves = 0
    while seat not in table.to_move():
        assert table.phase() in ("play", "pending"), "the hand ended: pick another seed"
        if land_pending(table):
            continue
        other = table.to_move()[0]
        action = table.game.timeout_action(table.state, other)
        run(table, lambda t, now, s=other, a=action: t.act_for(s, a, now))
        moves += 1
    land_pending(table)
    return moves


def hand_el(user: User) -> ui.element:
    return with_testid(user, "hand")[0]


def picked(user: User) -> set[str]:
    """The cards shown selected in the person's hand."""
    with user:
        return {str(e.props["data-card"]) for e in hand_el(user).descendants()
                if e.props.get("data-card") and "selected" in e.classes}


def tap_card(user: User, code: str, delegated: bool) -> None:
    """A tap on a hand card: a hand with one click listener for its cards gets the card's code (as the page's
    script sends it); else the card's own listener."""
    with user:
        hand = hand_el(user)
        if delegated:
            UserInteraction(user, {hand}, None).trigger("click", code)
            return
        cards = [e for e in hand.descendants() if e.props.get("data-card") == code]
        UserInteraction(user, set(cards[:1]), None).click()


async def pick_while_others_play(user: User, game: str, query: str, delegated: bool) -> tuple[Table, int, str, str]:
    table, seat, pid = await practice(user, game, query)
    end_my_turn(table, seat, pid)
    assert seat not in table.to_move()
    await table_attr(user, "data-version", str(table.version))
    code = table.game.view(table.state, seat)["hand"][-1]
    tap_card(user, code, delegated)
    await eventually(lambda: picked(user) == {code})
    assert others_play_until_my_turn(table, seat) > 0
    await table_attr(user, "data-version", str(table.version))
    await table_attr(user, "data-turn", str(seat))
    assert picked(user) == {code}, "the pick is gone when the turn comes"
    return table, seat, pid, code


async def test_president_keeps_the_pick_while_others_play(user: User) -> None:
    table, seat, _pid, code = await pick_while_others_play(user, "president", "players=4&bots=3&seed=21", True)
    if table.game.view(table.state, seat)["can_pass"]:
        (await find(user, "btn-pass")).click()  # passing keeps it too
        await eventually(lambda: seat not in table.to_move())
        assert picked(user) == {code}


async def test_rummy_keeps_the_pick_while_others_play_and_after_the_draw(user: User) -> None:
    table, seat, _pid, code = await pick_while_others_play(user, "rummy", "players=2&bots=1&seed=7", False)
    (await find(user, "pile-stock")).click()
    await eventually(lambda: table.game.view(table.state, seat)["turn_stage"] == "play")
    await table_attr(user, "data-version", str(table.version))
    assert code in picked(user)


async def test_beanie_keeps_the_pick_while_others_play_and_after_the_draw(user: User) -> None:
    table, seat, _pid, code = await pick_while_others_play(user, "beanie", "players=3&bots=2&seed=7", False)
    (await find(user, "pile-stock")).click()
    await eventually(lambda: table.game.view(table.state, seat)["turn_stage"] != "draw")
    await table_attr(user, "data-version", str(table.version))
    assert code in picked(user)


async def test_president_pass_for_this_trick(user: User) -> None:
    table, seat, pid = await practice(user, "president", "players=4&bots=3&seed=21")
    toggle = with_testid(user, "btn-pass-trick")[0]
    for _ in range(12):  # until a trick comes round to the seat after the button was pressed
        end_my_turn(table, seat, pid)
        await table_attr(user, "data-version", str(table.version))
        await eventually(lambda: toggle.enabled)
        assert toggle.props.get("aria-pressed") == "false" and toggle.props.get("data-on") == "false"
        (await find(user, "btn-pass-trick")).click()
        await eventually(lambda: table.state.passing == 1 << seat)
        await eventually(lambda: toggle.props.get("aria-pressed") == "true" and toggle.props.get("data-on") == "true")
        await user.should_see("passing")  # the chip on the seat's badge
        await user.should_see("Passing until this trick ends")
        before = len(table.state.history)
        while table.state.passing:  # the others play on; the game passes for the seat whenever the trick reaches it
            assert seat not in table.to_move()
            other = table.to_move()[0]
            action = table.game.timeout_action(table.state, other)
            run(table, lambda t, now, s=other, a=action: t.act_for(s, a, now))
        await table_attr(user, "data-version", str(table.version))
        await eventually(lambda: toggle.props.get("data-on") == "false")  # off with the end of the trick
        if (seat, 0) in table.state.history[before:]:  # passed for the seat, which did not move itself
            return
        others_play_until_my_turn(table, seat)
    raise AssertionError("no trick came round to the seat")


async def test_president_pass_for_this_trick_is_off_on_your_turn(user: User) -> None:
    table, seat, pid = await practice(user, "president", "players=4&bots=3&seed=21")
    await table_attr(user, "data-version", str(table.version))
    toggle = with_testid(user, "btn-pass-trick")[0]
    await eventually(lambda: not toggle.enabled and "your turn" in str(toggle.props.get("data-reason")))
    end_my_turn(table, seat, pid)
    await eventually(lambda: toggle.enabled)
    (await find(user, "btn-pass-trick")).click()
    await eventually(lambda: table.state.passing == 1 << seat and toggle.props.get("data-on") == "true")
    (await find(user, "btn-pass-trick")).click()  # taken back before the turn comes
    await eventually(lambda: table.state.passing == 0 and toggle.props.get("data-on") == "false")


def board_pick(user: User) -> str:
    boards = with_testid(user, "stockpile-board")
    return str(boards[0].props.get("data-selected", "")) if boards else ""


async def test_stockpile_keeps_the_pick_while_others_play(user: User) -> None:
    table, seat, pid = await practice(user, "stockpile", "players=2&bots=1&seed=3&stock_size=short")
    end_my_turn(table, seat, pid)
    await table_attr(user, "data-version", str(table.version))
    code = table.game.view(table.state, seat)["hand"][0]
    (await find(user, "hand-card-0")).click()  # picked while the computer plays
    await eventually(lambda: board_pick(user) == "hand:0")
    await user.should_see("stays picked for your turn")
    assert others_play_until_my_turn(table, seat) > 0
    await table_attr(user, "data-version", str(table.version))
    await table_attr(user, "data-turn", str(seat))
    assert table.game.view(table.state, seat)["hand"][0] == code
    assert board_pick(user) == "hand:0", "the pick is gone when the turn comes"
    with user:
        card = with_testid(user, "hand-card-0")[0]
        assert "selected" in card.classes


async def test_stockpile_pick_goes_when_its_card_leaves_the_place(user: User) -> None:
    table, seat, pid = await practice(user, "stockpile", "players=2&bots=1&seed=3&stock_size=short")
    end_my_turn(table, seat, pid)
    await table_attr(user, "data-version", str(table.version))
    with user:
        assert not with_testid(user, "btn-pass-trick")  # President's alone
    (await find(user, f"stock-{seat}")).click()  # the stock's top, picked while the computer plays
    await eventually(lambda: board_pick(user) == f"stock:{seat}")
    others_play_until_my_turn(table, seat)
    await table_attr(user, "data-turn", str(seat))
    await eventually(lambda: board_pick(user) == f"stock:{seat}")  # the same card is still on top
    view = table.game.view(table.state, seat)
    play = next((b for b, info in enumerate(view["build"]) if f"stock:{seat}" in info["playable"]), None)
    if play is not None:  # played: the pick is over
        (await find(user, f"build-{play}")).click()
        await eventually(lambda: board_pick(user) == "" and len(table.log) > 0)
