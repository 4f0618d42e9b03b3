"""Messages as keys with parameters: English without a catalogue, JSON round trips, plural forms, old records."""

from __future__ import annotations

import pytest

from logic.messages import Message, placeholders, t_msg, t_nmsg, t_pmsg, verbatim


def test_english_fills_parameters_and_picks_the_plural_form() -> None:
    assert t_msg("{name} played {card}", name="Ana", card=t_msg("the queen")).english() == "Ana played the queen"
    assert t_nmsg("{n} card left", "{n} cards left", n=1).english() == "1 card left"
    assert t_nmsg("{n} card left", "{n} cards left", n=0).english() == "0 cards left"
    assert str(t_pmsg("move", "Pass")) == "Pass"
    with pytest.raises(ValueError):
        t_nmsg("{n} card", "{n} cards", k=2)


def test_a_missing_parameter_never_raises() -> None:
    assert t_msg("Hello {name}").english() == "Hello {name}"
    assert t_msg("broken {").english() == "broken {"


def test_json_round_trip_keeps_nested_messages_plurals_and_context() -> None:
    m = t_nmsg("{who} has {n} card", "{who} has {n} cards", n=3, who=t_pmsg("seat", "You"))
    again = Message.from_json(m.to_json())
    assert again == m and again.english() == "You has 3 cards"


def test_an_old_record_saved_as_a_sentence_is_shown_as_it_is() -> None:
    old = Message.from_json("Ana ran out of time; the computer plays for her")
    assert old == verbatim("Ana ran out of time; the computer plays for her")
    assert old.english() == "Ana ran out of time; the computer plays for her"


def test_placeholders() -> None:
    assert placeholders("{a} and {b} but not {{c}}") == {"a", "b"}


def test_illegal_move_carries_a_message_and_reads_as_english() -> None:
    from logic.game import IllegalMove

    refusal = IllegalMove(t_msg("Play a higher rank than the {rank}", rank="8s"))
    assert str(refusal) == "Play a higher rank than the 8s" and refusal.message.params == {"rank": "8s"}
    assert IllegalMove("It is not your turn").message == verbatim("It is not your turn")
    assert isinstance(refusal, ValueError)
