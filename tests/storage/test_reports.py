"""Problem reports: stored with everything needed to replay the table to the moment of the report; damaged files
are skipped with a log line."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from logic.registry import get_game
from logic.replay import Replay
from storage.reports import ReportStore, app_version
from tests.replay_support import play_out


def test_a_report_made_mid_game_replays_to_the_state_at_that_moment(data_dir: Path) -> None:
    game = get_game("rummy")
    config, _final, full_log = play_out("rummy", 5)
    moment = len(full_log) // 2
    at_moment = game.new_game(config, 5)
    for seat, data in full_log[:moment]:
        game.apply(at_moment, seat, game.decode_action(data))
    store = ReportStore(data_dir)
    made = store.add(words="The discard pile looked wrong", code="ABCD23", game="rummy",
                     options=config.model_dump(mode="json"), seed=5, log=full_log[:moment], seat=1,
                     players=[{"name": "Dex"}, {"name": "Ada"}], user_agent="TestBrowser/1.0")
    got = ReportStore(data_dir).get(made.id)
    assert got is not None and got.words == "The discard pile looked wrong" and got.seat == 1
    assert got.app_version == app_version() != "unknown" and got.user_agent == "TestBrowser/1.0"
    replay = Replay(game, got.log, config=game.make_config(**got.options), seed=got.seed)
    assert replay.steps == moment
    assert game.snapshot(replay.state_at(moment)) == game.snapshot(at_moment)
    assert game.view(replay.state_at(moment), 1) == game.view(at_moment, 1)


def test_reports_list_newest_first_and_delete(data_dir: Path) -> None:
    store = ReportStore(data_dir)
    first = store.add(words="one", code="ABCD23", game="president", options={"players": 4}, seed=1, log=[],
                      seat=0, players=[], user_agent="")
    second = store.add(words="two", code="ABCD23", game="president", options={"players": 4}, seed=1, log=[],
                       seat=None, players=[], user_agent="")
    assert [r.id for r in store.all()][:2] in ([second.id, first.id], [first.id, second.id])
    assert store.delete(first.id) and not store.delete(first.id)
    assert [r.id for r in store.all()] == [second.id]
    assert store.get("../../etc/passwd") is None and not store.delete("../x")


@pytest.mark.parametrize("words", ["", "   ", "x" * 2001])
def test_a_report_without_words_or_too_long_is_refused_with_a_reason(data_dir: Path, words: str) -> None:
    with pytest.raises(ValueError, match="words|too long"):
        ReportStore(data_dir).add(words=words, code="ABCD23", game="president", options={}, seed=1, log=[],
                                  seat=0, players=[], user_agent="")


def test_a_corrupt_report_file_is_skipped_with_a_log_line(data_dir: Path, caplog: pytest.LogCaptureFixture) -> None:
    store = ReportStore(data_dir)
    good = store.add(words="fine", code="ABCD23", game="president", options={}, seed=1, log=[], seat=0,
                     players=[], user_agent="")
    (store.dir / "RBADBAD22.json").write_text('{"schema": 1, "id": "RBADBAD22", "words": ')  # cut short
    (store.dir / "RWRONG222.json").write_text(json.dumps({**good.dump(), "id": "RWRONG222", "seat": "left"}))
    with caplog.at_level(logging.WARNING, "cardnight.storage"):
        assert [r.id for r in store.all()] == [good.id]
        assert store.get("RBADBAD22") is None
    assert sum("Skipping unreadable report" in r.getMessage() for r in caplog.records) == 2
