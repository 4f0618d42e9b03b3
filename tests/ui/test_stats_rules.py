"""Stats filtered by rules (issue 52): a match under house rules counts under "Any rules", not under "Standard
rules only"."""

from __future__ import annotations

from nicegui.testing import User

from storage.archive import FinishedGame
from tests.ui.helpers import find, with_testid
from tests.ui.stats_helpers import finish_game, player_of
from tests.ui.test_stats_games import texts
from ui.pages.stats_rules import played_standard


def record(**fields: object) -> FinishedGame:
    return FinishedGame.model_validate({"code": "ABCD", "finished_at": "2026-01-01T10:00:00Z", **fields})


def test_played_standard_reads_a_records_options() -> None:
    assert played_standard(record(game="president", options={"players": 5, "hands": 4}))
    assert played_standard(record(game="president"))  # a record from before options were kept
    assert not played_standard(record(game="president", options={"revolution": True}))
    assert played_standard(record(game="rummy", options={"first_draw": True}))  # a new table's own standard
    assert not played_standard(record(game="no_such_game", options={}))


async def test_stats_by_rules(user: User) -> None:
    await user.open("/profile")
    pid, name, _emoji = player_of(user)
    finish_game("president", pid, name, seed=5)
    house = finish_game("president", pid, name, seed=6, options={"revolution": True})
    await user.open("/stats")
    await find(user, "stats-rules")
    assert texts(user, "stat-president-games") == "2"
    await find(user, f"history-{house}")
    await user.open("/stats?rules=standard")
    assert texts(user, "stat-president-games") == "1"
    assert not with_testid(user, f"history-{house}")
    await user.open("/stats?rules=nonsense")  # an unknown choice: every game
    assert texts(user, "stat-president-games") == "2"


async def test_no_standard_games_says_so(user: User) -> None:
    await user.open("/profile")
    pid, name, _emoji = player_of(user)
    finish_game("president", pid, name, seed=6, options={"revolution": True})
    await user.open("/stats?rules=standard")
    await find(user, "stats-empty-standard")
