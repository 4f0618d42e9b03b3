"""``/replay/<CODE>`` for a finished game of every game, and clear messages for codes that do not replay."""

from __future__ import annotations

import pytest
from nicegui.testing import User

from logic.registry import all_games
from tests.ui.helpers import find, open_with_status, with_testid
from tests.ui.stats_helpers import finish_game, player_of
from ui.components.words import count
from ui.server.runtime import runtime

GAMES = [g.key for g in all_games()]


def root_attr(user: User, name: str) -> str:
    with user:
        return str(with_testid(user, "replay")[0].props.get(name))


@pytest.mark.parametrize("game_key", GAMES)
async def test_the_replay_of_a_finished_game_steps_through_every_move(user: User, game_key: str) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    code = finish_game(game_key, pid, name)
    record = runtime().finished.find(code)
    await user.open(f"/replay/{code}")
    await find(user, "replay")
    assert root_attr(user, "data-steps") == str(len(record.log))
    assert root_attr(user, "data-step") == "0"
    seats = len(record.players)
    for s in range(seats):  # every hand face up
        await find(user, f"still-hand-{s}")
    (await find(user, "btn-replay-next")).click()
    assert root_attr(user, "data-step") == "1"
    await find(user, "replay-move-1")
    (await find(user, "btn-replay-prev")).click()
    assert root_attr(user, "data-step") == "0"


async def test_the_replay_opens_from_the_history_the_scores_and_the_final_standings(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    code = finish_game("president", pid, name)
    await user.open("/stats")
    (await find(user, f"history-replay-{code}")).click()
    await find(user, "replay")
    await user.open(f"/stats/game/{code}")
    (await find(user, "btn-replay")).click()
    await find(user, "replay")
    await user.open(f"/table/{code}")
    await find(user, "standings")
    (await find(user, "btn-replay")).click()
    await find(user, "replay")


async def test_a_code_that_does_not_replay_gets_a_clear_message(user: User) -> None:
    await open_with_status(user, "/replay/NOSUCH", 404)
    await user.should_see("No finished game with code NOSUCH")
    await open_with_status(user, "/replay/%3Cb%3Ehi", 404)
    await find(user, "error")
    await user.open("/profile")
    pid, name, _ = player_of(user)
    code = finish_game("rummy", pid, name)
    record = runtime().finished.find(code)
    record.log = record.log[:3] + [[0, {"kind": "meld", "cards": ["ZZ"]}]]  # damaged (the cache is the source)
    await open_with_status(user, f"/replay/{code}", 404)
    await user.should_see("cannot be replayed")
    await user.open("/stats")  # the server is fine
    await find(user, f"history-{code}")


async def test_the_last_step_shows_the_final_standings_and_the_link_can_be_shared(user: User) -> None:
    await user.open("/profile")
    pid, name, _ = player_of(user)
    code = finish_game("stockpile", pid, name)
    record = runtime().finished.find(code)
    await user.open(f"/replay/{code}")
    await find(user, "replay")
    assert not with_testid(user, "replay-standings")
    with user:
        stepper_root = with_testid(user, "replay")[0]
    (await find(user, f"replay-move-{len(record.log)}")).click()  # a single deal: its moves are all listed
    assert stepper_root.props["data-step"] == str(len(record.log))
    await find(user, "replay-standings")
    for seat, score in enumerate(record.scores):
        with user:
            [row] = with_testid(user, f"replay-standing-{seat}")
        assert row.text.endswith(f"— {count(score, 'pt')}") and f"{record.places[seat]}." in row.text
    (await find(user, "btn-replay-share")).click()
    with user:
        assert with_testid(user, "replay-link")[0].value.endswith(f"/replay/{code}")
