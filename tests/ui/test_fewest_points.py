"""Beanie's points are penalties: wherever its scores show (the TV, the standings, the results page, the replay's last
step, the scorecard, the share text) the page says the fewest points win and marks the lowest score; games that
count up say neither (issue 48)."""

from __future__ import annotations

from typing import Any

import pytest
from nicegui.testing import User

from logic.table import timers
from tests.ui.helpers import find, with_testid
from tests.ui.stats_helpers import finish_game, play_with_computers, player_of
from ui.components.points import lower_wins, points_text, score_texts
from ui.components.share import share_text
from ui.server.runtime import runtime


def text_of(user: User, testid: str) -> str:
    with user:
        [el] = with_testid(user, testid)
        return " ".join(str(getattr(e, "text", "")) for e in [el, *el.descendants()]).strip()


def test_the_lowest_score_is_marked_only_where_the_fewest_points_win() -> None:
    assert lower_wins("beanie") and not lower_wins("rummy") and not lower_wins("no-such-game")
    assert score_texts([30, 11, 11, 42], True) == ["30 pts", "11 pts (lowest)", "11 pts (lowest)", "42 pts"]
    assert score_texts([30, 11], False) == ["30 pts", "11 pts"]
    assert score_texts([0, 0, 0], True) == ["0 pts"] * 3  # before anyone scores, no one leads
    assert points_text(1, lowest=True) == "1 pt (lowest)"


async def finished_game(user: User, game: str) -> tuple[str, Any]:
    """A game of ``game`` the user played, finished by the computer: its code and its finished record."""
    await user.open("/profile")
    pid, name, _emoji = player_of(user)
    code = finish_game(game, pid, name)
    record = runtime().finished.find(code)
    assert record is not None
    return code, record


async def test_beanie_results_say_the_fewest_points_win(user: User) -> None:
    code, record = await finished_game(user, "beanie")
    best = min(record.scores)
    lowest = [s for s, score in enumerate(record.scores) if score == best]

    await user.open(f"/table/{code}")  # the final standings
    await find(user, "standings")
    assert text_of(user, "standings-fewest-wins") == "Fewest points wins"
    for seat, score in enumerate(record.scores):  # the number ends the row; the mark just before it, so they line up
        row = text_of(user, f"standing-{seat}")
        assert row.endswith(points_text(score)) and ("(lowest)" in row) == (seat in lowest), row

    await user.open(f"/stats/game/{code}")  # the finished game's page
    assert text_of(user, "final-fewest-wins") == "Fewest points wins"
    assert text_of(user, f"final-{lowest[0]}").endswith(f"(lowest) {best} pts")
    text = share_text(record)
    assert "Fewest points wins" in text and f"{best} pts (lowest)" in text

    await user.open(f"/replay/{code}")  # the replay's last step
    await find(user, "replay")
    with user:
        hands = with_testid(user, "replay-hands")[0]
        hands.set_value(max(hands.options))  # the last round's moves listed
    (await find(user, f"replay-move-{len(record.log)}")).click()
    assert text_of(user, "replay-fewest-wins") == "Fewest points wins"
    assert text_of(user, f"replay-standing-{lowest[0]}").endswith(f"— {best} pts (lowest)")


async def test_a_game_that_counts_up_says_nothing_of_the_kind(user: User) -> None:
    code, record = await finished_game(user, "rummy")
    await user.open(f"/table/{code}")
    await find(user, "standings")
    with user:
        assert not with_testid(user, "standings-fewest-wins")
    text = share_text(record)
    assert "Fewest" not in text and "lowest" not in text


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_tv_of_a_beanie_table_says_it_and_marks_the_leader(user: User, lang: str) -> None:
    hub = runtime().hub
    table = hub.create("beanie", "someone-else", "Zed", "🦓", options={"rounds": 3}, practice=True, level="easy",
                       speed=0, seed=5)
    table.seats[0].autoplay = True
    play_with_computers(table, stop=lambda t: len(t.state.scorecard) >= 1 and min(t.state.totals) < max(t.state.totals))
    timers.pause(table, "someone-else", hub.clock())  # (the computer players wait: the TV shows these scores)
    hub.changed(table)
    totals = list(table.state.totals)
    await user.open(f"/tv/{table.code}?lang={lang}")
    await find(user, "tv-fewest-wins")
    assert text_of(user, "tv-fewest-wins") == {"en": "Fewest points wins", "de": "Die wenigsten Punkte gewinnen"}[lang]
    mark = {"en": "(lowest)", "de": "(am wenigsten)"}[lang]
    for seat, score in enumerate(totals):
        shown = text_of(user, f"tv-score-{seat}")
        assert shown.split(" ")[0] == str(score) and shown.endswith(mark) == (score == min(totals)), (seat, shown)
