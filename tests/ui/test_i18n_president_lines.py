"""President's lines and refusals in a German viewer's language (issue 51): random play of whole matches — today's
game, and with jokers and every house switch on — and at every step the last move's line, the round label, the hand's
summary, the log's words for the move and the refusals of wrong moves (out of turn, and random cards from the hand of
the seat to move) are rendered for a German page. None may read as its English, keep a placeholder, name a seat
by number, or carry an English phrase inside (a word passed along untranslated)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from logic.game import IllegalMove
from logic.messages import VERBATIM_CONTEXT, Message, Said
from logic.president.actions import Play
from logic.registry import get_game
from ui.i18n.render import render
from ui.i18n.viewer import speaking
from ui.table.seat_wording import with_names

NAMES = ["Ana", "Ben", "Cleo", "Dora", "Emil"]
# English words no German line has (the players' names and card faces have none of them)
ENGLISH = re.compile(r"\b(the|played|passed|and|is|are|leads|of|with|gave|back|out|trick|order|run|pair|single|"
                     r"three|four|Seat|Player|Jacks|Queens|Kings|Aces)\b")
WORDY = re.compile(r"[A-Za-z]{3,}")  # a word, not a card face ("10", "Q")
HOUSE = {"revolution": True, "eight_cut": True, "twos_clear": True, "four_burn": True, "same_rank_skip": True,
         "jack_back": True, "suit_lock": True, "no_top_finish": True, "downfall": True, "runs": True,
         "run_revolution": True, "jokers": True}


def _verbatim_words(message: Message) -> list[str]:
    """Texts inside ``message`` passed along as they are (not looked up in any catalogue) that hold a word."""
    found = []
    if message.context == VERBATIM_CONTEXT:
        text = str(message.params.get("text", ""))
        return [text] if WORDY.search(text) else []
    for value in message.params.values():
        if isinstance(value, Message):
            found += _verbatim_words(value)
        elif isinstance(value, str) and WORDY.search(value):
            found.append(value)
    return found


def _check_line(text: Any, viewer: int | None, where: str) -> None:
    assert isinstance(text, Said), f"{where}: {text!r} is a plain English string, not a message"
    assert _verbatim_words(text.message) == [], f"{where}: English inside {str(text)!r}"
    with speaking("de"):
        german = with_names(text, NAMES, viewer)
    assert german != str(text) and "{" not in german, f"{where}: {german!r} (English {str(text)!r})"
    assert not ENGLISH.search(german), f"{where}: English in {german!r} (English {str(text)!r})"


def _check_refusal(exc: IllegalMove, where: str) -> str:
    message = exc.message
    assert message.context != VERBATIM_CONTEXT, f"{where}: {message.english()!r} is not a message"
    assert _verbatim_words(message) == [], f"{where}: English inside {message.english()!r}"
    german = render(message, "de")
    assert german != message.english() and "{" not in german, f"{where}: {german!r}"
    assert not ENGLISH.search(german), f"{where}: English in {german!r}"
    return message.text


def _wrong_plays(game: Any, state: Any, seat: int, rng: random.Random) -> list[Any]:
    """Cards from the hand of the seat to move that the rules may refuse (a rank too low, the wrong count, two
    ranks)."""
    hand = game.view(state, seat)["hand"]
    return [Play(tuple(rng.sample(hand, min(len(hand), k)))) for k in (1, 2, 3)] if hand else []


@pytest.mark.parametrize("options", [{}, HOUSE], ids=["today", "house-rules"])
@pytest.mark.parametrize("players", [4, 5])
def test_random_president_speaks_german_to_a_german_viewer(options: dict[str, bool], players: int) -> None:
    game = get_game("president")
    state = game.new_game(game.make_config(players=players, **options), 11 + players)
    rng = random.Random(players)
    lines = 0
    refused: set[str] = set()
    for step in range(1500):
        movers = game.to_move(state)
        if not movers:
            break
        seat = rng.choice(movers)
        legal = game.legal_actions(state, seat)
        action = rng.choice(legal)
        tries = [(other, action) for other in range(players) if other not in movers]
        tries += [(seat, play) for play in _wrong_plays(game, state, seat, rng)]
        for who, move in tries:
            try:
                game.apply(game.clone(state), who, move)
            except IllegalMove as exc:
                refused.add(_check_refusal(exc, f"step {step} seat {who} {move}"))
        said = game.describe(state, seat, action)
        if said is not None:
            _check_line(said, seat, f"step {step} log words of {action}")
            lines += 1
        game.apply(state, seat, action)
        for viewer in (seat, None):
            view = game.view(state, viewer)
            texts = {"message": view["message"], "round_label": view["round_label"]}
            if view["summary"] is not None:
                texts["summary"] = view["summary"]["title"]
                texts.update({f"column {k}": label for k, label in view["summary"]["columns"]})
                texts.update({f"title of {row['seat']}": row["title"] for row in view["summary"]["rows"]})
            for name, text in texts.items():
                if text:
                    _check_line(text, viewer, f"step {step} {name}")
                    lines += 1
    assert game.to_move(state) == (), "the match did not end"
    assert lines > 1000 and len(refused) >= 6, (lines, sorted(refused))


def test_the_english_lines_read_as_before() -> None:
    """The English of a line is what views, the seat API and logs have always read; a seat is "You" on its own
    page in English and the player's name in German."""
    game = get_game("president")
    state = game.new_game(game.make_config(players=4), 3)
    line = game.view(state, 0)["message"]
    assert re.fullmatch(r"Hand 1: Seat \d holds the 3♣ and leads\.", line)
    starter = int(line.split()[3]) - 1
    assert with_names(line, NAMES[:4], starter) == "Hand 1: You hold the 3♣ and lead."
    with speaking("de"):
        german = with_names(line, NAMES[:4], starter)
    assert german == f"Hand 1: {NAMES[starter]} hat die Kreuz-3 und spielt aus."
    assert game.view(state, 0)["round_label"] == "Hand 1 of 4"
    low = game.view(state, starter)["hand"][0]
    assert game.describe(state, starter, Play((low,))).startswith("played a single ")


def test_every_house_rule_line_and_play_has_its_words() -> None:
    """The lines random play may not reach (a revolution, the 3♠ on a joker, runs with jokers), one by one."""
    from logic.messages import said
    from logic.president import lines
    from logic.president.words import run_msg

    game = get_game("president")
    state = game.new_game(game.make_config(players=4, **HOUSE), 1)
    state.lock = 0b0011
    base = lines.play_msg(0b1111 << 20)  # four 8s
    effects = ["lock", "jack", "jack-off", "cut", "clear", "burn", "joker", "spade3", "skip:1", "down:2", "lead:3"]
    messages = [lines.house_msg(base, state, [effect]) for effect in effects]
    messages += [lines._revolution(base, rev, playing) for rev in (True, False) for playing in (True, False)]
    messages += [run_msg(2, 5, "H", jokers) for jokers in (0, 1, 2)]
    messages += [lines.joker_msg(mask) for mask in (1 << 52, 3 << 52, 1 << 52 | 1 << 28, 3 << 52 | 3 << 28)]
    messages += [lines.lock_msg(0)]
    for message in messages:
        _check_line(said(message), 0, message.english())
    assert len({m.english() for m in messages}) == len(messages)
