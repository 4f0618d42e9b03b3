"""Rummy's scores line above the piles (NiceGUI `user` fixture)."""

from __future__ import annotations

from nicegui.testing import User

from tests.ui.helpers import eventually, table_attr, with_testid
from tests.ui.test_lobby_user import with_player
from ui.server.runtime import runtime


async def test_rummy_scores_are_written_the_viewers_way(user: User) -> None:
    """The scores line above the piles writes numbers as the viewer's language does ("1.234" in German)."""
    await user.open("/?lang=de")
    await user.open("/new/rummy?players=2&bots=1&seed=7&speed=0")
    table = runtime().hub.registry.tables_of(with_player(user)).pop()
    await table_attr(user, "data-phase", "play", timeout=5)

    def set_scores(t, _now: float) -> None:  # noqa: ANN001
        t.state.scores = [1234, -5]
        t.touch()

    runtime().hub.run(table, set_scores)
    await eventually(lambda: "1.234" in " ".join(e.text for e in with_testid(user, "scores")))
