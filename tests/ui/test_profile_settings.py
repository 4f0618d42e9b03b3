"""Profile and settings: saved the moment they change, kept per browser; coins and cosmetics."""

from __future__ import annotations

from datetime import date, timedelta

from nicegui import app, storage
from nicegui.testing import User

from storage.profiles import DAILY_COINS, ITEMS, profile
from tests.ui.helpers import eventually, find, with_testid
from tests.ui.stats_helpers import finish_game, player_of
from ui.server.runtime import runtime
from ui.shell.identity import CLIENT_JS, PREF_DEFAULTS, prefs_js


def stored_prefs(user: User) -> dict:
    token = storage.request_contextvar.set(user.client.request)
    try:
        return dict(app.storage.user.get("prefs", {}))
    finally:
        storage.request_contextvar.reset(token)


def text_of(user: User, testid: str) -> str:
    with user:
        return with_testid(user, testid)[0].text


async def test_switches_save_at_once_and_stay(user: User) -> None:
    await user.open("/profile")
    for key in ("sounds", "show_buttons", "animations"):  # on by default
        with user:
            assert with_testid(user, f"pref-{key}")[0].value is True
        (await find(user, f"pref-{key}")).click()
        await eventually(lambda k=key: stored_prefs(user).get(k) is False)
    for key in ("chat_opens", "distraction_free", "four_colour"):  # off by default
        (await find(user, f"pref-{key}")).click()
        await eventually(lambda k=key: stored_prefs(user).get(k) is True)
    await user.open("/profile")  # a reload shows what was saved
    with user:
        assert with_testid(user, "pref-sounds")[0].value is False
        assert with_testid(user, "pref-chat_opens")[0].value is True


async def test_card_back_and_emoji_apply_to_this_browser(user: User) -> None:
    await user.open("/profile")
    with user:
        back = with_testid(user, "pref-card_back")[0]
        assert set(back.options) == {i.value for i in ITEMS.values() if i.kind == "card_back" and i.price == 0}
        back.set_value("#9b2b2b")
        with_testid(user, "profile-emoji")[0].set_value("🦉")
    assert stored_prefs(user)["card_back"] == "#9b2b2b"
    assert player_of(user)[2] == "🦉"
    await user.open("/")
    await user.should_see("🦉")  # the header shows the emoji on every page


def test_browser_side_settings_script() -> None:
    js = prefs_js({**PREF_DEFAULTS, "card_back": "#9b2b2b", "sounds": False})
    assert '"card_back": "#9b2b2b"' in js and '"sounds": false' in js
    assert "unlocked" in CLIENT_JS  # sounds wait for the first tap or key


async def test_daily_check_in_gives_coins_once_a_day(user: User) -> None:
    await user.open("/profile")
    pid = player_of(user)[0]
    assert text_of(user, "coins") == "🪙 0 coins"
    (await find(user, "btn-checkin")).click()
    await eventually(lambda: text_of(user, "coins") == f"🪙 {DAILY_COINS} coins")
    with user:
        assert not with_testid(user, "btn-checkin")[0].enabled
    assert profile(runtime().hub.main, pid)["coins"] == DAILY_COINS


async def test_coins_buy_cosmetics_that_become_choices(user: User) -> None:
    await user.open("/profile")
    pid = player_of(user)[0]
    main = runtime().hub.main
    with user:
        assert not with_testid(user, "btn-buy-back-gold")[0].enabled  # 0 coins
    data = profile(main, pid)
    data.update(coins=30, last_checkin=(date.today() - timedelta(days=1)).isoformat())
    main.put_profile(pid, data)
    await user.open("/profile")
    (await find(user, "btn-checkin")).click()  # a new day: 30 + 50 = 80, still short of 100
    await eventually(lambda: text_of(user, "coins") == "🪙 80 coins")
    with user:
        assert not with_testid(user, "btn-buy-back-gold")[0].enabled
    data = profile(main, pid)
    data.update(coins=130)
    main.put_profile(pid, data)
    await user.open("/profile")
    (await find(user, "btn-buy-back-gold")).click()
    await find(user, "owned-back-gold")
    assert text_of(user, "coins") == "🪙 30 coins"
    with user:
        back = with_testid(user, "pref-card_back")[0]
        assert "#b8860b" in back.options
        back.set_value("#b8860b")
    assert stored_prefs(user)["card_back"] == "#b8860b"


async def test_games_never_cost_or_win_coins(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    (await find(user, "btn-checkin")).click()
    await eventually(lambda: profile(runtime().hub.main, pid)["coins"] == DAILY_COINS)
    finish_game("president", pid, name)
    finish_game("stockpile", pid, name)
    assert profile(runtime().hub.main, pid)["coins"] == DAILY_COINS
