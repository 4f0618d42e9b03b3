"""The host console calls a live table "playing" only while someone is at it; one nobody has open is "idle"."""

from __future__ import annotations

from logic.table import Settings, Table, away, new_table
from logic.table import lobby as table_lobby
from ui.pages.host_state import state_words

T0 = 2_000_000.0


def practice_table() -> Table:
    t = new_table("rummy", "PRAC01", "me", {"players": 2, "first_draw": False}, seed=5, now=T0,
                  settings=Settings(turn_seconds=0, bot_delay=0.0))
    table_lobby.join(t, "me", "Mo", "🦊", T0)
    table_lobby.add_bot(t, "me", 1, "easy", "Sol", "🐢")
    return t


def test_a_table_is_playing_while_its_person_is_there_and_idle_once_they_leave() -> None:
    t = practice_table()
    assert state_words(t) == ("idle", "lobby · nobody here")
    away.update_presence(t, {"me"}, T0)
    assert state_words(t) == ("lobby", "lobby")
    table_lobby.start(t, "me", T0)
    assert state_words(t) == ("playing", "playing")
    away.update_presence(t, set(), T0 + 5)  # the page was closed: only the computer is left
    assert state_words(t) == ("idle", "playing · nobody here")
