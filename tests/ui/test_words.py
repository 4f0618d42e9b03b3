"""Counts agree with their number: "1 pt", "0 pts", "2 cards"."""

from ui.components.words import count, plural


def test_one_is_singular_and_every_other_count_plural() -> None:
    assert count(1, "pt") == "1 pt"
    assert count(0, "pt") == "0 pts"
    assert count(-1, "pt") == "-1 pt"
    assert count(105, "pt") == "105 pts"
    assert count(2, "card") == "2 cards"
    assert plural(1, "hand") == "hand" and plural(3, "hand") == "hands"
    assert count(2, "child", "children") == "2 children"
