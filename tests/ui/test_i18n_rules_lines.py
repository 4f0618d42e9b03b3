"""The rules layer's lines and refusals in a German viewer's language (issue 51): random play of Rummy, Beanie and
Stockpile, and at every step the last move's line, the round label, the hand's summary, the log line of the move
and the refusals of moves out of turn are rendered for a German page. None may still read as its English text
(nor show a placeholder), and a seat reads as the player's name."""

from __future__ import annotations

import random
from typing import Any

import pytest

from logic.game import IllegalMove
from logic.messages import VERBATIM_CONTEXT, Message, Said, message_of
from logic.registry import get_game
from logic.rummy.hints import hint
from ui.i18n.render import render
from ui.i18n.viewer import speaking
from ui.table.seat_wording import with_names

NAMES = ["Ana", "Ben", "Cleo"]
STEPS = 300


def _german(text: str, viewer: int | None) -> str:
    with speaking("de"):
        return with_names(text, NAMES, viewer)


def _check_line(text: Any, viewer: int | None, where: str) -> None:
    assert isinstance(text, Said), f"{where}: {text!r} is a plain English string, not a message"
    german = _german(text, viewer)
    assert german != str(text) and "{" not in german, f"{where}: {german!r} (English {str(text)!r})"
    assert "Player " not in german and "Seat " not in german, f"{where}: a seat without its name: {german!r}"


def _check_refusal(message: Message, where: str) -> None:
    assert message.context != VERBATIM_CONTEXT, f"{where}: {message.english()!r} is not a message"
    german = render(message, "de")
    assert german != message.english() and "{" not in german, f"{where}: {german!r}"


@pytest.mark.parametrize("key", ["rummy", "beanie", "stockpile"])
def test_random_play_speaks_german_to_a_german_viewer(key: str) -> None:
    game = get_game(key)
    state = game.new_game(game.make_config(players=3), 5)
    rng = random.Random(7)
    lines = refusals = 0
    for step in range(STEPS):
        movers = game.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        legal = game.legal_actions(state, seat)
        action = rng.choice(legal)
        for other in range(3):  # the same move from a seat that is not to move is refused
            if other in movers:
                continue
            try:
                game.apply(game.clone(state), other, action)
            except IllegalMove as exc:
                _check_refusal(exc.message, f"{key} step {step} refusal")
                refusals += 1
        said = game.describe(state, seat, action)
        if said is not None:
            _check_line(said, seat, f"{key} step {step} log line")
            lines += 1
        game.apply(state, seat, action)
        view = game.view(state, seat)
        texts = {"message": view["message"], "round_label": view["round_label"]}
        if view["summary"] is not None:
            texts["summary"] = view["summary"]["title"]
            texts.update({f"column {k}": label for k, label in view["summary"]["columns"]})
        if key == "rummy" and game.to_move(state):  # the hint for the player to move
            texts["hint"] = hint(game.view(state, game.to_move(state)[0]))["text"]
        for name, text in texts.items():
            if text:
                _check_line(text, seat, f"{key} step {step} {name}")
                lines += 1
    assert lines > STEPS and refusals > 10


def test_a_seat_is_the_players_name_and_english_keeps_you() -> None:
    game = get_game("beanie")
    state = game.new_game(game.make_config(players=3), 1)
    line = game.view(state, 0)["message"]  # "Round 1: Aces are wild. Player 1 starts."
    assert "Ana" in _german(line, 0) and "Ana" in _german(line, 1)
    assert with_names(line, NAMES, 0).endswith("You start.") and with_names(line, NAMES, 1).endswith("Ana starts.")


@pytest.mark.parametrize("key", ["president", "rummy", "beanie", "stockpile"])
def test_a_review_verdict_reads_in_german(key: str) -> None:
    from tests.logic.review_support import POSITIONS, judge

    make, moves = POSITIONS[key]
    state, seat = make()
    verdict = judge(key, state, seat, moves(state, seat)[0], rng_seed=1)
    assert verdict is not None and set(verdict.messages) == {"chosen", "best", "why"}
    for part, english in (("chosen", verdict.chosen_words), ("best", verdict.best_words), ("why", verdict.why)):
        message = Message.from_json(verdict.messages[part])
        assert message.english() == english  # the model's strings stay the English
        german = render(message, "de")
        assert german != english and "{" not in german, f"{key} {part}: {german!r}"


@pytest.mark.parametrize("key", ["rummy", "beanie", "stockpile"])
def test_replay_lines_and_chapters_are_messages(key: str) -> None:
    from logic.replay import Replay

    game = get_game(key)
    config = game.make_config(players=3)
    state = game.new_game(config, 2)
    rng = random.Random(3)
    log = []
    for _ in range(120):
        movers = game.to_move(state)
        if not movers:
            break
        seat = movers[0]
        action = rng.choice(game.legal_actions(state, seat))
        log.append((seat, game.encode_action(action)))
        game.apply(state, seat, action)
    replay = Replay(game, log, config=config, seed=2)
    assert all(isinstance(m.words, Said) for m in replay.moves)
    for _step, label in replay.hand_starts():
        _check_line(label, None, f"{key} chapter")
    for move in replay.moves:
        german = render(message_of(move.words), "de")
        assert german != move.words and "{" not in german, german
