"""Lines of the rules layer kept as messages across saves, and records saved before they were messages.

A line (:class:`logic.messages.Said`) is its English text — what views, the seat API, logs and older code read —
carrying its message; a snapshot keeps the message (its JSON, under ``message``) so a restored table speaks every
viewer's language again. A snapshot saved before holds the English line: it loads, and its line is shown as it was
written (tests/logic/records/OLDREC.json, saved by an older release). The same for a review stored before its
texts were messages."""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path

import pytest

from logic.game import IllegalMove
from logic.messages import Said, message_of, said, seat_msg, t_msg, verbatim
from logic.registry import get_game
from logic.review import DecisionReview
from logic.table.model import new_table
from logic.table.record import from_record, to_record
from ui.i18n.viewer import speaking
from ui.table.seat_wording import with_names

RECORDS = Path(__file__).parent / "records"


def _played(key: str, moves: int, seed: int = 3):
    game = get_game(key)
    state = game.new_game(game.make_config(players=3), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        movers = game.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return game, state


def test_a_line_reads_as_its_english_and_keeps_its_message() -> None:
    line = said(t_msg("{player} drew from the stock.", player=seat_msg(1)))
    assert line == "Player 2 drew from the stock." and isinstance(line, str)
    assert message_of(line).params["player"] == seat_msg(1)
    for again in (copy.copy(line), copy.deepcopy(line), pickle.loads(pickle.dumps(line))):
        assert isinstance(again, Said) and again.message == line.message
    assert json.dumps({"m": line}) == '{"m": "Player 2 drew from the stock."}'  # the seat API's JSON is unchanged
    assert message_of("an older line") == verbatim("an older line")


@pytest.mark.parametrize("key", ["rummy", "beanie"])
def test_a_snapshot_brings_the_line_back_as_a_message(key: str) -> None:
    game, state = _played(key, 12)
    assert isinstance(state.message, Said)
    data = json.loads(json.dumps(game.snapshot(state)))  # as a save stores it
    back = game.restore(data)
    assert isinstance(back.message, Said) and back.message == state.message
    assert back.message.message == state.message.message
    assert isinstance(data["message"], dict)  # the message itself, not its English


@pytest.mark.parametrize("key", ["rummy", "beanie"])
def test_a_snapshot_saved_before_lines_were_messages_loads_and_shows_its_english(key: str) -> None:
    game, state = _played(key, 12)
    data = json.loads(json.dumps(game.snapshot(state)))
    data["message"] = str(state.message)  # as an older release saved it: the English line
    back = game.restore(data)
    assert back.message == state.message and not isinstance(back.message, Said)
    assert message_of(back.message) == verbatim(str(state.message))
    assert game.view(back, 0)["message"] == str(state.message)
    seat = game.to_move(back)[0]
    game.apply(back, seat, game.legal_actions(back, seat)[0])  # the game goes on; the next line is a message again
    assert isinstance(game.view(back, 0)["message"], (Said, type(None)))


def test_a_table_record_keeps_the_line_as_a_message() -> None:
    t = new_table("beanie", "ABCD", "host", {"players": 3}, seed=4, now=0.0)
    game, state = _played("beanie", 5, seed=4)
    t.state = state
    back = from_record(json.loads(json.dumps(to_record(t, 0.0, 0.0))), 0.0, 0.0)
    assert isinstance(back.state.message, Said) and back.state.message.message == state.message.message


def test_a_review_stored_before_its_texts_were_messages_still_loads() -> None:
    old = {"step": 4, "seat": 1, "chosen": {"kind": "pass"}, "chosen_words": "pass",
           "best": {"kind": "play", "cards": ["2S"]}, "best_words": "a single 2", "chosen_value": 0.5,
           "best_value": 1.0, "cost": 0.5, "stderr": 0.1, "worlds": 48, "flagged": True,
           "why": "Playing a single 2 goes out at once.", "currency": "points"}
    d = DecisionReview.model_validate(old)
    assert d.messages == {} and d.why == old["why"]


def test_a_refusal_is_a_message_with_its_parameters() -> None:
    game, state = _played("rummy", 0)
    mover = game.to_move(state)[0]
    with pytest.raises(IllegalMove) as refused:
        game.apply(state, (mover + 1) % 3, game.legal_actions(state, mover)[0])
    assert refused.value.message.text == "It is not your turn." and str(refused.value) == "It is not your turn."


def test_an_older_release_s_table_loads_its_english_line_and_speaks_german_after_the_next_move() -> None:
    record = json.loads((RECORDS / "OLDREC.json").read_text())["table"]["1"]
    t = from_record(record, 0.0, record["saved_at"])
    names = [s.name for s in t.seats]
    line = t.game.view(t.state, 1)["message"]
    assert line == "Hand 1 dealt; player 1 goes first." and not isinstance(line, Said)
    with speaking("de"):
        assert with_names(line, names, 1) == "Hand 1 dealt; Hanna goes first."  # shown as it was written
    rng = random.Random(2)
    for _ in range(40):  # play on: the next line the game says is a message again
        seat = t.game.to_move(t.state)[0]
        t.game.apply(t.state, seat, rng.choice(t.game.legal_actions(t.state, seat)))
        if isinstance(t.state.message, Said):
            break
    assert isinstance(t.state.message, Said) and isinstance(t.game.snapshot(t.state)["message"], dict)
