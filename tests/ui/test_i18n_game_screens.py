"""The four game screens speak the viewer's language (NiceGUI `user` fixture): each game's table, at the viewer's
turn and after a first step (a draw, a pick), in German and in Japanese, shows none of the game screen's English
words — on buttons, in hints and reasons, tooltips, labels and accessible names — and its main buttons say what a
player of that language says ("Passen", "パス").

Texts the rules layer makes (the table's message line, the round label, Rummy's hint sentence, a refusal it still
words as a plain English sentence) are left out while they are English: they are the rules layer's (logic/), not the
screens'."""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

import pytest
from nicegui import ui
from nicegui.testing import User

from logic.beanie.actions import PROPOSE
from logic.beanie.actions import Discard as BeanieDiscard
from logic.game import IllegalMove
from logic.messages import VERBATIM_CONTEXT
from logic.president.actions import Play
from logic.president.state import deal_hand
from logic.rummy.actions import Discard as RummyDiscard
from logic.table import Table, timers
from tests.ui.helpers import eventually, find, table_attr, with_testid
from tests.ui.test_i18n_pages_walk import TEXT_PROPS
from tests.ui.test_waiting import practice, tap_card
from ui.server.runtime import runtime

# English words of the game screens (whole words, case as written); "Hand", "Partner", "Team" and "Beanies" are
# German too
GAME_WORDS = ("Play", "Pass", "Meld", "Melds", "Lay off", "Lay set", "Discard", "Draw", "Hand", "Round", "Your turn",
              "Stock", "Take", "Undo", "Done", "Hint", "Waiting", "Select", "Tap", "pile", "Steal", "Scorecard",
              "Cancel", "Give", "wild", "card", "cards", "turn", "trick", "Deck", "top", "next", "empty", "Partner",
              "Team", "Total", "Beanies", "Show buttons", "Hide buttons", "No melds", "No sets")
SAME_WORD = {"de": {"Hand", "Partner", "Team", "Beanies"}, "ja": set()}
FROM_THE_RULES = {"round-label", "message", "hint-text"}  # drawn from logic/'s English sentences for now
WORD_RE = {w: re.compile(r"(?<![A-Za-z])" + re.escape(w) + r"(?![A-Za-z])") for w in GAME_WORDS}
GAMES = {  # game -> practice query: the viewer's turn comes at once
    "president": "players=4&bots=3&seed=21",
    "rummy": "players=2&bots=1&seed=7",
    "beanie": "players=3&bots=2&seed=7",
    "stockpile": "players=2&bots=1&seed=3&stock_size=short",
}
BUTTONS = {  # testid -> what it says, per language
    "de": {"btn-give": "Abgeben", "btn-play": "Spielen", "btn-pass": "Passen", "btn-draw": "Ziehen",
           "btn-undo": "Rückgängig", "btn-meld": "Auslegen", "btn-layoff": "Anlegen", "btn-discard": "Abwerfen",
           "btn-lay": "Auslegen"},
    "ja": {"btn-give": "渡す", "btn-play": "出す", "btn-pass": "パス", "btn-draw": "引く", "btn-undo": "取り消す",
           "btn-meld": "メルド", "btn-layoff": "付ける", "btn-discard": "捨てる", "btn-lay": "組を出す"},
}


def screen_texts(user: User) -> list[str]:
    """Every text on the page a person reads or hears, except the rules layer's own sentences."""
    texts: list[str] = []

    def walk(element: ui.element) -> None:
        if element.props.get("data-testid") in FROM_THE_RULES:
            return
        text = getattr(element, "text", None)
        if isinstance(text, str) and text.strip():
            texts.append(text)
        texts.extend(str(element.props[p]) for p in TEXT_PROPS if isinstance(element.props.get(p), str))
        for child in element.default_slot.children:
            walk(child)
        for name, slot in element.slots.items():
            if name != "default":
                for child in slot.children:
                    walk(child)

    with user:
        walk(user.current_layout)
    return texts


def rules_still_english(table: Table, seat: int, actions: list[Any]) -> set[str]:
    """The refusals the rules layer would give for these moves that are still plain English sentences."""
    found = set()
    for action in actions:
        try:
            table.game.apply(table.game.clone(table.state), seat, action)
        except IllegalMove as exc:
            if exc.message.context == VERBATIM_CONTEXT:
                found.add(exc.message.english())
    return found


def english_left(user: User, lang: str, *names: str, skip: Collection[str] = ()) -> list[str]:
    found = []
    for text in screen_texts(user):
        if text in skip:
            continue
        rest = text
        for name in names:  # the players' names are theirs, in any language
            rest = rest.replace(name, "")
        words = [w for w, pattern in WORD_RE.items() if w not in SAME_WORD[lang] and pattern.search(rest)]
        if words:
            found.append(f"{text!r}: {words}")
    return found


def button_text(user: User, testid: str) -> str:
    with user:
        found = with_testid(user, testid)
        return str(getattr(found[0], "text", "")) if found else ""


async def check(user: User, lang: str, names: list[str], skip: Collection[str] = ()) -> None:
    try:
        await eventually(lambda: not english_left(user, lang, *names, skip=skip))
    except AssertionError:
        left = english_left(user, lang, *names, skip=skip)
        assert not left, "\n".join(left)
    for testid, words in BUTTONS[lang].items():
        shown = button_text(user, testid)
        assert not shown or words in shown, (testid, shown)


@pytest.mark.parametrize("lang", ["de", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
async def test_the_game_screen_speaks_the_viewers_language(user: User, game: str, lang: str) -> None:
    table, seat, _pid = await practice(user, game, GAMES[game] + f"&lang={lang}")
    names = [s.name for s in table.seats if s.name]
    await table_attr(user, "data-turn", str(seat))
    await check(user, lang, names)
    drawing = game in ("rummy", "beanie") and table.game.view(table.state, seat)["turn_stage"] == "draw"
    first = {"president": "btn-play", "stockpile": "btn-undo"}.get(game, "btn-draw" if drawing else "btn-discard")
    assert button_text(user, first) == BUTTONS[lang][first]
    # a first step: the reasons, hints and buttons of the next stage
    if drawing:
        (await find(user, "pile-stock")).click()
        await eventually(lambda: table.game.view(table.state, seat)["turn_stage"] != "draw")
        await find(user, "btn-discard")
    hand = table.game.view(table.state, seat)["hand"]
    if game == "stockpile":
        (await find(user, "hand-card-0")).click()
    else:
        tap_card(user, hand[-1], delegated=game == "president")
    await table_attr(user, "data-version", str(table.version))
    tried = {"president": [Play((hand[-1],))], "rummy": [RummyDiscard(hand[-1])],
             "beanie": [PROPOSE, BeanieDiscard(hand[-1])], "stockpile": []}[game]
    skip = rules_still_english(table, seat, tried)
    await check(user, lang, names, skip)
    if game == "beanie":
        (await find(user, "btn-scorecard")).click()
        await find(user, "scorecard-dialog")
        await check(user, lang, names, skip)


@pytest.mark.parametrize(("lang", "role", "give"), [("de", "Du bist Präsident.", "Abgeben"),
                                                   ("ja", "あなたは大富豪です。", "渡す")])
async def test_presidents_exchange_speaks_the_viewers_language(user: User, lang: str, role: str, give: str) -> None:
    await user.open("/")
    await user.open(f"/new/president?players=4&bots=3&seed=4&speed=2&lang={lang}")
    await table_attr(user, "data-phase", "play", timeout=10)
    table = runtime().hub.registry.get(next(iter(runtime().hub.registry.tables)))
    assert table is not None
    timers.pause(table, table.host_id, runtime().hub.clock())  # the computers wait
    s = table.state
    s.prev_finish = [0, 1, 3, 2]  # the person (seat 0) finished first: the President gets two cards and gives two
    deal_hand(s, 2)
    table.touch()
    runtime().hub.changed(table)
    await find(user, "exchange")
    await eventually(lambda: any(role in t for t in screen_texts(user)))
    assert button_text(user, "btn-give") == give
    await check(user, lang, [s.name for s in table.seats if s.name])
