"""Parts of the table drawn as one element of HTML (issue 50: President's trick and message row, a seat's chips): a
card in them is the same card as an element card draws, and every word in them is escaped."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from nicegui import ui
from nicegui.testing import User

from ui.components.cards import card, card_markup, still_cards
from ui.games.president.screen import labels_markup, plays_markup


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.words.append(data)


def parsed(markup: str) -> _Tags:
    parser = _Tags()
    parser.feed(markup)
    return parser


@pytest.mark.parametrize(("code", "small"),
                         [("QS", False), ("10H", True), ("2D", False), ("JK1", True), ("JK2", False)])
async def test_a_card_in_markup_is_the_card_an_element_draws(user: User, code: str, small: bool) -> None:
    drawn: list[ui.element] = []

    @ui.page("/markup-card-test")
    def page() -> None:
        with still_cards():
            drawn.append(card(code, small=small))

    await user.open("/markup-card-test")
    el = drawn[0]
    [(tag, attrs)] = parsed(card_markup(code, small=small)).tags
    assert tag == "div"
    assert set(str(attrs["class"]).split()) == set(el.classes)
    for name in ("data-card", "role", "aria-label"):
        assert attrs[name] == el.props[name], name
    assert "tabindex" not in attrs  # a picture: the keyboard does not stop on it


def test_names_and_messages_in_markup_are_escaped() -> None:
    evil = '<img src=x onerror="alert(1)">&'
    plays = plays_markup([(["3S", "3H"], evil, True), (["4S", "4C"], "Ana", False)])
    tags = parsed(plays)
    assert not any(tag == "img" for tag, _ in tags.tags)
    assert evil in tags.words and "Ana" in tags.words
    assert [a["data-card"] for _t, a in tags.tags if "data-card" in a] == ["3S", "3H", "4S", "4C"]
    stacks = [a["class"] for _t, a in tags.tags if "play-stack" in str(a.get("class"))]
    assert stacks == ["play-stack old", "play-stack"]
    labels = parsed(labels_markup([("chip", "suit-lock", evil), ("text-sm", "message", "Ana passed.")]))
    assert not any(tag == "img" for tag, _ in labels.tags)
    assert labels.words == [evil, "Ana passed."]
    assert [a["data-testid"] for _t, a in labels.tags] == ["suit-lock", "message"]
