"""Stats, history, charts and sharing after a finished game of every game (NiceGUI `user` tests)."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from nicegui.testing import User
from PIL import Image

from logic.registry import all_games
from storage.archive import FinishedGame
from storage.stats import head_to_head, history, results_over_time, summaries
from tests.ui.helpers import find, open_with_status, with_testid
from tests.ui.stats_helpers import finish_game, player_of
from ui.components.scorecard_png import render_scorecard, round_scores, scorecard_size
from ui.components.share import share_text
from ui.pages.stats import MIN_CHART_GAMES
from ui.server.runtime import runtime

GAMES = [g.key for g in all_games()]


def texts(user: User, testid: str) -> str:
    with user:
        return " ".join(getattr(e, "text", "") for el in with_testid(user, testid) for e in [el, *el.descendants()])


@pytest.mark.parametrize("game_key", GAMES)
async def test_a_finished_game_shows_in_stats_history_chart_and_share(user: User, game_key: str) -> None:
    await user.open("/profile")
    pid, name, _emoji = player_of(user)
    code = finish_game(game_key, pid, name)
    record = runtime().finished.find(code)
    assert record is not None and record.practice is True

    await user.open("/stats")
    await find(user, f"stats-{game_key}")
    assert texts(user, f"stat-{game_key}-games") == "1"
    assert texts(user, "stat-all-games") == "1"
    seat = next(i for i, p in enumerate(record.players) if p.player_id == pid)
    won = seat in record.winners
    assert texts(user, f"stat-{game_key}-wins") == ("1" if won else "0")
    assert texts(user, f"stat-{game_key}-score") == str(record.scores[seat])
    few = texts(user, "chart-results-few")  # one game: a sentence, not a chart of a lone dot
    assert few.startswith("1 game so far, " + ("1 win (100%)" if won else "0 wins (0%)")), few
    assert not with_testid(user, "chart-results")
    await find(user, f"history-{code}")
    await find(user, "h2h-empty")  # practice games do not count head to head

    await user.open(f"/stats/game/{code}")
    await find(user, "round-table")
    await find(user, "btn-share-png")
    rounds = round_scores(record)
    assert rounds and rounds[-1] == record.scores  # the last hand's running totals are the final scores
    # a line per seat over the rounds; one round (Stockpile's single deal) has its numbers and no chart of lone dots
    assert bool(with_testid(user, "round-chart")) == (len(rounds) > 1), (game_key, len(rounds))
    (await find(user, "btn-share-text")).click()
    await find(user, "share-text")
    with user:
        area = with_testid(user, "share-text")[0]
        assert name in area.value and "pts" in area.value
    assert share_text(record) == area.value

    png = render_scorecard(record)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.size == scorecard_size(len(rounds), len(record.players))


async def test_the_results_page_of_a_finished_table_offers_sharing(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    code = finish_game("president", pid, name)
    await user.open(f"/table/{code}")
    await find(user, "standings")
    await find(user, "btn-share-text")
    await find(user, "btn-share-png")


async def test_games_someone_else_played_are_not_in_my_stats(create_user: Callable[[], User]) -> None:
    me_user, other = create_user(), create_user()
    await me_user.open("/profile")
    await other.open("/profile")
    finish_game("beanie", player_of(other)[0], "Other")
    await me_user.open("/stats")
    await find(me_user, "stats-empty")


async def test_an_unknown_game_page_says_so(user: User) -> None:
    await open_with_status(user, "/stats/game/NOPE99", 404)
    await user.should_see("No finished game with code NOPE99")


def _record(code: str, me: str, other: dict, winners: list[int], when: datetime, game: str = "rummy",
            practice: bool = False) -> FinishedGame:
    return FinishedGame.model_validate({
        "code": code, "game": game, "finished_at": when.isoformat(), "practice": practice, "seed": None,
        "players": [{"player_id": me, "name": "Me", "emoji": "🙂", "bot": None}, other],
        "scores": [10, 5], "places": [1 if 0 in winners else 2, 1 if 1 in winners else 2], "winners": winners,
        "options": {}, "log": []})


def test_figures_streaks_and_head_to_head_from_records() -> None:
    t0 = datetime(2025, 1, 1, tzinfo=UTC)
    ann = {"player_id": "ann", "name": "Ann", "emoji": "🦊", "bot": None}
    bot = {"player_id": "bot-1", "name": "Kit", "emoji": "🤖", "bot": "hard"}
    records = [
        _record("A1", "me", ann, [0], t0),
        _record("A2", "me", ann, [0], t0 + timedelta(hours=1)),
        _record("A3", "me", ann, [1], t0 + timedelta(hours=2)),
        _record("A4", "me", ann, [0, 1], t0 + timedelta(hours=3), game="beanie"),
        _record("B1", "me", bot, [0], t0 + timedelta(hours=4)),
        _record("P1", "me", ann, [1], t0 + timedelta(hours=5), practice=True),  # not head to head
        _record("X1", "someone", ann, [0], t0),  # not mine
    ]
    figures = summaries(records, "me")
    assert figures["all"].games == 6 and figures["all"].wins == 4  # the shared win counts as a win
    assert figures["rummy"].games == 5 and figures["rummy"].best_streak == 2
    assert figures["all"].best_streak == 2  # A1, A2 won; A3 lost; A4 (shared), B1 won; P1 lost
    assert round(figures["rummy"].win_rate, 2) == 0.6
    h2h = {h.opponent: h for h in head_to_head(records, "me")}
    assert (h2h["Ann"].wins, h2h["Ann"].losses, h2h["Ann"].draws) == (2, 1, 1)
    assert h2h["Ann"].by_game == {"rummy": [2, 1, 0], "beanie": [0, 0, 1]}
    assert h2h["Kit"].bot and h2h["Kit"].wins == 1
    rows = history(records, "me")
    assert [r.code for r in rows] == ["P1", "B1", "A4", "A3", "A2", "A1"]
    assert rows[0].result == "2nd of 2" and rows[2].result == "Shared win"
    over = results_over_time(records, "me")
    assert [v for _, v in over["all"]] == [100.0, 100.0, 66.7, 75.0, 80.0, 66.7]


async def test_head_to_head_table_lists_friends(user: User) -> None:
    await user.open("/profile")
    pid, _, _ = player_of(user)
    main = runtime().hub.main
    ann = {"player_id": "ann", "name": "Ann", "emoji": "🦊", "bot": None}
    main.add_finished(_record("H2H001", pid, ann, [0], datetime.now(UTC)))
    await user.open("/stats")
    await find(user, "h2h-0")
    assert "Ann" in texts(user, "h2h-0")
    await find(user, "history-H2H001")
    await user.open("/stats/game/H2H001")
    await user.should_see("This game cannot be replayed round by round.")  # no seed/log: no chart, no crash


async def test_a_finished_table_no_longer_offers_im_back(user: User) -> None:
    """The computer played the last hands for this player (auto-play): once the game is over there is nothing to
    come back to, so the table shows the standings without the "I'm back" prompt."""
    await user.open("/profile")
    pid, name, _emoji = player_of(user)
    code = finish_game("president", pid, name)
    await user.open(f"/table/{code}")
    await user.should_see("wins")
    await user.should_not_see("I'm back")


async def test_the_win_rate_chart_counts_games_once_there_are_enough(user: User) -> None:
    await user.open("/profile")
    pid, _, _ = player_of(user)
    ann = {"player_id": "ann", "name": "Ann", "emoji": "🦊", "bot": None}
    t0 = datetime(2025, 1, 1, tzinfo=UTC)
    main = runtime().hub.main
    for i in range(MIN_CHART_GAMES):
        main.add_finished(_record(f"WR{i:04d}", pid, ann, [0 if i % 2 == 0 else 1], t0 + timedelta(minutes=i)))
    await user.open("/stats")
    await find(user, "chart-results")
    assert not with_testid(user, "chart-results-few")
    with user:
        options = with_testid(user, "chart-results")[0].props["options"]
    x_axis = options["xAxis"]  # games played, 1 to 5: clean whole numbers, not times of day
    assert (x_axis["type"], x_axis["min"], x_axis["max"], x_axis["minInterval"]) == ("value", 1, MIN_CHART_GAMES, 1)
    overall = options["series"][0]
    assert overall["name"] == "All games"
    assert overall["data"] == [[1, 100.0], [2, 50.0], [3, 66.7], [4, 50.0], [5, 60.0]]
