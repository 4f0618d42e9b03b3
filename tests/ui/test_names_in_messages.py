"""Messages from the rules name seats ("Seat 2 leads"); each page shows names, and "You" for its own seat."""

from __future__ import annotations

from ui.table.seat_wording import with_names

NAMES = ["Ann", "Bob", "Cy"]


def test_seats_become_names_and_the_viewer_becomes_you() -> None:
    assert with_names("Seat 1 played a pair of 7s.", NAMES, 1) == "Ann played a pair of 7s."
    assert with_names("Seat 2 played a pair of 7s.", NAMES, 1) == "You played a pair of 7s."
    assert with_names("Seat 2 passed.", NAMES, None) == "Bob passed."


def test_the_verb_after_you_agrees() -> None:
    text = "Seat 3 passed; everyone has passed, Seat 2 leads."
    assert with_names(text, NAMES, 1) == "Cy passed; everyone has passed, you lead."
    assert with_names(text, NAMES, 0) == "Cy passed; everyone has passed, Bob leads."
    assert with_names("Seat 1 has 3 cards left.", NAMES, 0) == "You have 3 cards left."
    assert with_names("Seat 1 is out.", NAMES, 0) == "You are out."
    text = "Hand 1: Seat 2 holds the 3♣ and leads."
    assert with_names(text, NAMES, 1) == "Hand 1: You hold the 3♣ and lead."
    assert with_names(text, NAMES, 0) == "Hand 1: Bob holds the 3♣ and leads."
    assert with_names("Seat 2 passed and Seat 1 leads.", NAMES, 1) == "You passed and Ann leads."
    text = "Seat 3 gave back 1 card; the exchange is done and Seat 2 (Beggar) leads."
    assert with_names(text, NAMES, 1) == "Cy gave back 1 card; the exchange is done and you (Beggar) lead."
    assert with_names(text, NAMES, 0) == "Cy gave back 1 card; the exchange is done and Bob (Beggar) leads."
    assert with_names("Seat 1 passed. Seat 2 leads.", NAMES, 1) == "Ann passed. You lead."


def test_unknown_seats_stay_as_they_are() -> None:
    assert with_names("Seat 9 left.", NAMES, 0) == "Seat 9 left."
