"""Any-device resume: a one-time code from one browser makes another browser the same player."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from nicegui.testing import User

from storage.profiles import LINK_LENGTH, normalise_code, pretty_code
from tests.ui.helpers import eventually, find, with_testid
from tests.ui.stats_helpers import finish_game, player_of
from ui.server.runtime import runtime


def label_text(user: User, testid: str) -> str:
    with user:
        found = with_testid(user, testid)
        return found[0].text if found else ""


async def show_code(user: User) -> str:
    await user.open("/link")
    (await find(user, "btn-link-create")).click()
    await find(user, "link-code")
    await find(user, "link-qr")
    code = label_text(user, "link-code")
    assert len(normalise_code(code)) == LINK_LENGTH and code == pretty_code(normalise_code(code))
    return code


async def enter_code(user: User, code: str) -> None:
    await user.open("/link")
    (await find(user, "link-code-input")).clear().type(code)
    (await find(user, "btn-link-use")).click()


async def test_a_code_links_a_second_browser_to_the_same_player(create_user: Callable[[], User]) -> None:
    phone, laptop = create_user(), create_user()
    await phone.open("/profile")
    pid, name, emoji = player_of(phone)
    code = finish_game("rummy", pid, name)
    await laptop.open("/profile")
    assert player_of(laptop)[0] != pid

    shown = await show_code(phone)
    await enter_code(laptop, shown.lower().replace("-", " "))  # forgiving about case and separators
    await eventually(lambda: player_of(laptop)[0] == pid)
    assert player_of(laptop) == (pid, name, emoji)
    await laptop.should_see("Your games", retries=60)
    await find(laptop, f"history-{code}")  # their stats follow
    assert runtime().hub.registry.tables_of(pid)  # and their tables (the home page lists these)


async def test_a_code_works_once(create_user: Callable[[], User]) -> None:
    a, b, c = create_user(), create_user(), create_user()
    await a.open("/profile")
    code = await show_code(a)
    await enter_code(b, code)
    await eventually(lambda: player_of(b)[0] == player_of(a)[0])
    await c.open("/profile")
    before = player_of(c)
    await enter_code(c, code)
    await eventually(lambda: "not valid" in label_text(c, "link-message"))
    assert player_of(c) == before


async def test_a_wrong_code_is_refused_and_changes_nothing(user: User) -> None:
    await user.open("/profile")
    before = player_of(user)
    await enter_code(user, "ZZZZ-ZZZZ")
    await eventually(lambda: "not valid" in label_text(user, "link-message"))
    await enter_code(user, "AB")
    await eventually(lambda: "8 letters and digits" in label_text(user, "link-message"))
    assert player_of(user) == before


async def test_an_expired_code_is_refused(create_user: Callable[[], User]) -> None:
    a, b = create_user(), create_user()
    await a.open("/profile")
    await b.open("/profile")
    main = runtime().hub.main
    main.put_link_code("EXPRD234", player_of(a)[0], datetime.now(UTC) - timedelta(seconds=1))
    await enter_code(b, "EXPR-D234")
    await eventually(lambda: "expired" in label_text(b, "link-message"))
    assert player_of(b)[0] != player_of(a)[0]
    assert main.pop_link_code("EXPRD234") is None  # gone after the attempt


async def test_a_new_code_replaces_the_previous_one(create_user: Callable[[], User]) -> None:
    a, b = create_user(), create_user()
    await a.open("/profile")
    first = await show_code(a)
    second = await show_code(a)
    assert first != second
    await enter_code(b, first)
    await eventually(lambda: "not valid" in label_text(b, "link-message"))
    await enter_code(b, second)
    await eventually(lambda: player_of(b)[0] == player_of(a)[0])


async def test_guessing_is_limited(user: User) -> None:
    await user.open("/profile")
    for i in range(5):
        await enter_code(user, f"WRNG-CD{i + 2}{i + 2}")
        await eventually(lambda: "not valid" in label_text(user, "link-message"))
    await enter_code(user, "WRNG-CD99")
    await eventually(lambda: "Too many wrong codes" in label_text(user, "link-message"))


async def test_the_qr_link_fills_in_the_code(user: User) -> None:
    await user.open("/link?code=abcdefgh")
    with user:
        assert with_testid(user, "link-code-input")[0].value == "ABCD-EFGH"
