"""Table chat for every game: unread badge while closed, messages kept with the table, the "open the chat on
a new message" setting, and the sounds a table asks the browser to play."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from nicegui import app, storage, ui
from nicegui.testing import User

from logic.registry import all_games
from tests.ui.helpers import eventually, find, table_attr, with_testid
from tests.ui.stats_helpers import player_of
from ui.server.runtime import build_hub, runtime
from ui.table import sounds


def badge(user: User) -> ui.badge:
    with user:
        return next(e for e in with_testid(user, "btn-chat")[0].descendants() if isinstance(e, ui.badge))


def set_stored_pref(user: User, key: str, value: object) -> None:
    token = storage.request_contextvar.set(user.client.request)
    try:
        prefs = dict(app.storage.user.get("prefs", {}))
        prefs[key] = value
        app.storage.user["prefs"] = prefs
    finally:
        storage.request_contextvar.reset(token)


async def two_player_table(host: User, guest: User, game_key: str) -> str:
    await host.open("/profile")
    await guest.open("/profile")
    hid, hname, hemoji = player_of(host)
    gid, gname, gemoji = player_of(guest)
    hub = runtime().hub
    game = next(g for g in all_games() if g.key == game_key)
    table = hub.create(game_key, hid, hname, hemoji, options={}, practice=False, speed=0)
    table.join(gid, gname, gemoji, hub.clock())
    for seat in table.open_seats():
        table.add_bot(hid, seat, game.bot_levels[0], f"Bot{seat}", "🤖")
    table.start(hid, hub.clock())
    hub.changed(table)
    await host.open(f"/table/{table.code}")
    await guest.open(f"/table/{table.code}")
    await table_attr(guest, "data-status", "playing")
    return table.code


async def say(user: User, text: str) -> None:
    (await find(user, "btn-chat")).click()
    (await find(user, "chat-input")).type(text)
    (await find(user, "chat-send")).click()


@pytest.mark.parametrize("game_key", [g.key for g in all_games()])
async def test_unread_badge_and_messages_kept_with_the_table(create_user: Callable[[], User], game_key: str) -> None:
    host, guest = create_user(), create_user()
    code = await two_player_table(host, guest, game_key)
    assert not badge(host).visible
    await say(guest, "hello <b>there</b>")
    await eventually(lambda: badge(host).visible and badge(host).text == "1")
    await say(guest, "second")
    await eventually(lambda: badge(host).text == "2")
    (await find(host, "btn-chat")).click()
    await find(host, "chat-dialog")
    await host.should_see("hello <b>there</b>")  # shown as text, never HTML
    assert not badge(host).visible

    again = build_hub(runtime().data_dir)  # what a restarted server finds on disk
    again.load()
    assert [m["text"] for m in again.registry.get(code).chat] == ["hello <b>there</b>", "second"]
    again.main.close()


async def quiet(code: str) -> None:
    """Wait until the computers have moved and every page has drawn the saved table: the next change is ours
    alone (changes that land together make one sound, the most important: see ui/table/sounds.py)."""
    hub = runtime().hub
    table = hub.registry.tables[code]
    await eventually(lambda: not table.bots_to_move(hub.clock()) and hub.saves.saved(code) == table.version)
    await asyncio.sleep(0.1)


async def test_chat_opens_on_a_new_message_when_asked(create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    code = await two_player_table(host, guest, "president")
    set_stored_pref(host, "chat_opens", True)
    await quiet(code)
    before = await table_attr(host, "data-sound")
    await say(guest, "your move!")
    await find(host, "chat-dialog")
    await host.should_see("your move!")
    after = await table_attr(host, "data-sound")
    assert after != before and after.split()[0] == "message"  # the host's page asked for the chat chime


async def test_the_chat_stays_closed_by_default(create_user: Callable[[], User]) -> None:
    host, guest = create_user(), create_user()
    await two_player_table(host, guest, "president")
    await say(guest, "psst")
    await eventually(lambda: badge(host).text == "1")
    assert not with_testid(host, "chat-dialog")


def test_which_sound_a_change_gets() -> None:
    s = sounds.Seen
    assert sounds.sound_for(s(3, False, False, False, 0), s(4, True, False, False, 0)) == "turn"
    assert sounds.sound_for(s(3, True, False, False, 0), s(4, False, False, False, 0)) == "play"
    assert sounds.sound_for(s(3, True, False, False, 0), s(4, False, True, True, 0)) == "win"
    assert sounds.sound_for(s(3, True, False, False, 0), s(4, False, True, False, 0)) == "play"
    assert sounds.sound_for(s(3, True, False, False, 0), s(3, True, False, False, 1)) == "message"
    assert sounds.sound_for(s(3, True, False, False, 0), s(3, True, False, False, 0)) is None


def test_a_switch_flipped_out_of_turn_chimes_at_nobody() -> None:
    """President's "Pass for this trick" set by seat 2 while seat 0 is to move is a logged move, not a play."""
    s = sounds.Seen
    before, after = s(3, False, False, False, 0, (0,)), s(4, False, False, False, 0, (0,))
    log: list[list[object]] = [[0, "a"], [1, "b"], [2, "c"], [2, {"kind": "pass_trick", "on": True}]]
    assert not sounds.played_in_turn(log, before, after)
    assert sounds.sound_for(before, after, sounds.played_in_turn(log, before, after)) is None
    log[3][0] = 0  # the seat to move played
    assert sounds.sound_for(before, after, sounds.played_in_turn(log, before, after)) == "play"


def test_sound_files_are_short_wavs() -> None:
    import wave
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "assets" / "sounds"
    for name in ("turn", "play", "win", "message"):
        with wave.open(str(folder / f"{name}.wav")) as w:
            assert w.getnchannels() == 1 and w.getframerate() == 22050
            assert 0.03 < w.getnframes() / w.getframerate() < 1.0
