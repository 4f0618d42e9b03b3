"""Refused game options carry their reasons as messages (logic/option_errors.py): the English is what it was (logs,
the seat API's ``detail``), each reason a message a page renders in its viewer's language."""

from __future__ import annotations

import pytest

from logic.game import IllegalMove
from logic.messages import Message
from logic.option_errors import OptionError
from logic.registry import get_game


@pytest.mark.parametrize(("game", "options", "english"), [
    ("rummy", {"target": "abc"}, "target must be a whole number"),
    ("rummy", {"target": 42}, "The target score must be 100, 200, 300 or 500 (or 0 for no limit)"),
    ("rummy", {"top_card_only": True, "keep_dug_card": True}, "Keeping a dug card needs digging"),
    ("president", {"revolution": "maybe"}, "revolution is true or false"),
    ("president", {"players": 3, "hands": 5}, "President is played by 4 or 5 players; A match is 4 or 8 hands"),
    ("beanie", {"rounds": 0}, "rounds must be between 1 and 13"),
    ("stockpile", {"players": 7}, "Stockpile is for 2 to 6 players, not 7"),
    ("stockpile", {"players": 3, "partners": True}, "Partners need 4 or 6 players"),
])
def test_a_refused_option_is_a_message(game: str, options: dict, english: str) -> None:
    with pytest.raises(OptionError) as caught:
        get_game(game).make_config(**options)
    assert isinstance(caught.value, ValueError) and english in str(caught.value)
    message = caught.value.message
    assert isinstance(message, Message) and message.english() == str(caught.value)
    assert "{" not in message.english()
    assert IllegalMove.of(caught.value).message == message  # the lobby's refusal keeps it
