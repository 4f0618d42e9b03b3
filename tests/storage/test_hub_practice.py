"""Play from here at the hub: a practice table made from a step of a finished game saves, restores and replays
from the position it began at; its finished game is marked practice and replays from there too; the review
runner reviews finished games seat by seat, people first, once."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from logic.bot_worker import choose_bot_action
from logic.registry import get_game
from logic.replay import Replay
from logic.review import practice_start
from logic.table import Table
from storage.archive import FinishedGame
from storage.practice_starts import StartSource, StartStore
from tests.table_play import play_out
from ui.server.bots import bot_inputs
from ui.server.hub import Hub
from ui.server.practice import first_state
from ui.server.reviews import DONE
from ui.server.runtime import build_hub

QUICK = {"president": {"players": 4}, "rummy": {"target": 100}, "beanie": {"rounds": 2},
         "stockpile": {"stock_size": "short"}}


def play(hub: Hub, table: Table, moves: int = 100_000) -> None:
    """Computers play every seat (the person's too) for up to ``moves`` moves, straight at the table."""
    for seat in range(len(table.seats)):
        table.seats[seat].autoplay = True
    play_out(table, lambda seat: choose_bot_action(*bot_inputs(table, seat)), hub.clock, moves=moves)
    hub.changed(table)


def finished(hub: Hub, game_key: str, seed: int = 3) -> FinishedGame:
    game = get_game(game_key)
    table = hub.create(game_key, "me", "Me", "🙂", options=QUICK[game_key], practice=True,
                       level=game.bot_levels[0], speed=0, seed=seed)
    play(hub, table)
    assert table.status == "over"
    record = hub.main.finished_game(table.code)
    assert record is not None
    return record


def from_step(hub: Hub, record: FinishedGame, step: int, seat: int, exact: bool) -> Table:
    game = get_game(record.game)
    start = practice_start(record.game, record.options, record.seed, record.log, step, seat,
                           exact=exact, rng=random.Random(9))
    return hub.create_from_state(game.key, "me", "Me", "🙂", config=start.config, state=start.state, seat=seat,
                                 level=game.bot_levels[0], speed=0,
                                 source=StartSource(code=record.code, step=step, seat=seat, exact=exact))


@pytest.mark.parametrize("game_key", ["president", "rummy", "beanie", "stockpile"])
def test_a_table_from_a_step_saves_restores_and_replays_from_where_it_began(data_dir: Path, game_key: str) -> None:
    hub = build_hub(data_dir)
    record = finished(hub, game_key)
    game = get_game(game_key)
    step = len(record.log) // 2
    source_state = Replay(game, record.log, config=game.make_config(**record.options),
                          seed=record.seed).state_at(step)
    table = from_step(hub, record, step, 1, exact=True)
    assert table.practice and table.status == "playing"
    assert table.seat_of("me") == 1 and all(s.bot for i, s in enumerate(table.seats) if i != 1)
    assert game.snapshot(table.state) == game.snapshot(source_state)  # the exact deal, as it was
    assert game.view(table.state, 1) == game.view(source_state, 1)
    begun = hub.starts.get(table.code)
    assert begun is not None and begun.source.step == step and begun.snapshot == game.snapshot(source_state)

    play(hub, table, moves=15)  # a few moves on, then a restart
    hub.saves.flush_writes()
    hub.saves.writer.close()
    again = build_hub(data_dir)
    again.load()
    loaded = again.registry.tables[table.code]
    assert game.snapshot(loaded.state) == game.snapshot(table.state)
    assert loaded.seat_of("me") == 1
    begun = FinishedGame(code=loaded.code, game=game_key, finished_at=datetime.now(UTC))  # (what first_state reads)
    replay = Replay(game, loaded.log, start=first_state(again.starts, begun))
    assert game.snapshot(replay.final) == game.snapshot(loaded.state)  # the log replays from where it began

    play(again, loaded)  # to the end: archived as practice, and it replays from its start too
    done = again.main.finished_game(loaded.code)
    assert done is not None and done.practice is True
    replay = Replay(game, done.log, start=first_state(again.starts, done))
    assert game.outcome(replay.final) == game.outcome(loaded.state)
    again.saves.writer.close()


def test_a_new_deal_behind_the_seat_keeps_its_view(data_dir: Path) -> None:
    hub = build_hub(data_dir)
    record = finished(hub, "rummy")
    game = get_game("rummy")
    step = 12
    source_state = Replay(game, record.log, config=game.make_config(**record.options),
                          seed=record.seed).state_at(step)
    table = from_step(hub, record, step, 0, exact=False)
    assert game.view(table.state, 0)["hand"] == game.view(source_state, 0)["hand"]
    hub.saves.writer.close()


def test_a_finished_position_cannot_be_played_from(data_dir: Path) -> None:
    hub = build_hub(data_dir)
    record = finished(hub, "president")
    with pytest.raises(ValueError, match="already over"):
        from_step(hub, record, len(record.log), 0, exact=True)
    hub.saves.writer.close()


def test_a_damaged_start_file_means_no_start(data_dir: Path) -> None:
    store = StartStore(data_dir)
    store.put("ABCD", "president", {"x": 1})
    assert StartStore(data_dir).get("ABCD").snapshot == {"x": 1}
    store.path("ABCD").write_text("{not json")
    assert StartStore(data_dir).get("ABCD") is None
    assert StartStore(data_dir).get("../etc") is None


async def test_finished_games_are_reviewed_once_people_first(data_dir: Path) -> None:
    hub = build_hub(data_dir, inline_bots=True)
    hub.reviews.budget = 4
    record = finished(hub, "president")
    review = hub.reviews.progress(record.code)
    assert review is not None and review.order()[0] == 0  # the person's seat first
    seen: list[tuple[int, str]] = []
    hub.reviews.subscribe(record.code, lambda r: seen.append((r.seats[0].done, r.seats[0].state)))
    await hub.reviews.drain()
    assert all(p.state == DONE for p in review.seats.values())
    assert review.finished and seen[-1][1] == DONE
    assert any(state == "running" and done > 0 for done, state in seen)  # progress on the way
    stored = hub.reviews.store.for_game(record.code)
    assert set(stored) == {0, 1, 2, 3}
    assert stored[0].summary == review.seats[0].summary

    again = build_hub(data_dir, inline_bots=True)  # a restart: the review is read, not made again
    loaded = await again.reviews.load(record.code, "president", [True, False, False, False])
    assert loaded.finished and loaded.seats[2].summary == review.seats[2].summary
    assert not again.reviews.fresh
    again.reviews.stop()
    hub.saves.writer.close()
    again.saves.writer.close()
    await asyncio.sleep(0)


async def test_peoples_seats_of_every_finished_game_come_before_the_computers(data_dir: Path) -> None:
    """Computers' seats go first only while their game waits for its first mark (its seats take turns for it)."""
    hub = build_hub(data_dir, inline_bots=True)
    hub.reviews.budget = 2
    first = finished(hub, "president", seed=3).code
    second = finished(hub, "president", seed=4).code
    started: list[tuple[str, int]] = []
    marked_when_started: dict[tuple[str, int], bool] = {}

    def note(review) -> None:  # noqa: ANN001
        for seat, p in review.seats.items():
            if p.state == "running" and (review.code, seat) not in started:
                started.append((review.code, seat))
                marked_when_started[(review.code, seat)] = review.first_mark_at is not None

    hub.reviews.subscribe(first, note)
    hub.reviews.subscribe(second, note)
    await hub.reviews.drain()
    assert started[0] == (first, 0)
    assert sorted(started) == sorted([(c, s) for c in (first, second) for s in range(4)])
    for code in (first, second):  # a game's own person first
        assert all(started.index((code, 0)) < started.index((code, s)) for s in (1, 2, 3))
    people_done = max(started.index((first, 0)), started.index((second, 0)))
    for code, seat in started[:people_done]:  # before both people's seats began: only for a game's first marks
        assert seat == 0 or not marked_when_started[(code, seat)]
    hub.saves.writer.close()


async def test_a_game_played_from_a_position_is_reviewed_from_that_position(data_dir: Path) -> None:
    hub = build_hub(data_dir, inline_bots=True)
    hub.reviews.budget = 2
    record = finished(hub, "president")
    table = from_step(hub, record, len(record.log) // 2, 2, exact=False)
    play(hub, table)
    assert table.status == "over"
    await hub.reviews.drain()
    review = hub.reviews.progress(table.code)
    assert review is not None and review.finished
    game = get_game("president")
    begun = FinishedGame(code=table.code, game="president", finished_at=datetime.now(UTC))  # (what first_state reads)
    replay = Replay(game, table.log, start=first_state(hub.starts, begun))
    steps = {d.step for p in review.seats.values() for d in p.decisions()}
    assert steps and max(steps) < len(table.log) == replay.steps  # judged on this table's own log
    hub.saves.writer.close()


async def test_after_a_restart_finished_games_without_a_review_are_queued(data_dir: Path) -> None:
    hub = build_hub(data_dir)  # no review made here (the runner never started)
    code = finished(hub, "president").code
    hub.saves.flush_writes()
    hub.saves.writer.close()
    again = build_hub(data_dir, inline_bots=True)
    again.reviews.budget = 2
    again.reviews.start()
    await asyncio.sleep(0.05)
    assert list(again.reviews.backlog) == [code]
    await again.reviews.drain()
    assert set(again.reviews.store.for_game(code)) == {0, 1, 2, 3}
    third = build_hub(data_dir, inline_bots=True)  # reviewed once: nothing queued the next time
    third.reviews.start()
    await asyncio.sleep(0.05)
    assert not third.reviews.backlog
    for h in (again, third):
        h.reviews.stop()
        h.saves.writer.close()


def test_the_scores_by_round_of_a_game_played_from_a_position_start_there(data_dir: Path) -> None:
    from ui.components.scorecard_png import round_scores
    from ui.server.practice import start_snapshot

    hub = build_hub(data_dir)
    record = finished(hub, "president")
    table = from_step(hub, record, len(record.log) // 2, 1, exact=True)
    play(hub, table)
    assert table.status == "over"
    done = hub.main.finished_game(table.code)
    start = start_snapshot(hub.starts, table.code)
    assert start is not None
    rounds = round_scores(done, start)  # the caller hands the component where the game began
    assert rounds and rounds[-1] == list(done.scores)
    hub.saves.writer.close()
