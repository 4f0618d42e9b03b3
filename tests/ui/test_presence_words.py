"""What a seat's presence chip says (ui/table/presence_badge.py): a person a game night seated in a lobby, whose page
never came, is "not here yet" in grey, not "reconnecting…" in the colour of a dropped page."""

from __future__ import annotations

from logic.table import away as table_away
from logic.table import lobby, new_table
from ui.table.presence_badge import presence_text

T0 = 3_000_000.0


def test_a_seated_person_who_never_came_is_not_here_yet_and_one_who_left_is_reconnecting() -> None:
    t = new_table("president", "PRES01", "host", {"players": 4}, seed=5, now=T0)
    lobby.join(t, "host", "Ana", "🦊", T0)
    lobby.join(t, "bea", "Bea", "🐻", T0)
    table_away.update_presence(t, {"host"}, T0)
    assert presence_text(t, 1, T0 + 1) == ("reconnecting", "not here yet")
    assert presence_text(t, 1, T0 + 60)[1] == "not here yet"
    table_away.update_presence(t, {"host", "bea"}, T0 + 61)
    assert presence_text(t, 1, T0 + 62) == ("connected", "")
    table_away.update_presence(t, {"host"}, T0 + 63)
    assert presence_text(t, 1, T0 + 64) == ("reconnecting", "reconnecting…")
