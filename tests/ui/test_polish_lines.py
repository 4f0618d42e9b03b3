"""Move lines a native player would write (issue 51), Polish first: Polish changes a word after a number ("para
dziewiątek", "trójka waletów", "kareta asów"), so a set of cards names its rank in a context of its own ("ranks in a
set", one text per rank, logic/president/words.py); and Polish past tenses change with the player's gender, which a
line cannot know, so the move lines say what happens in the present ("Ania zagrywa", "Ania pasuje", "Ania dobiera
kartę") instead of hedging "zagrał(a)". Italian's "è uscito" (gendered) reads "chiude" likewise."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from logic.messages import t_msg, verbatim
from logic.president.lines import play_msg
from logic.president.words import rank_msg
from logic.review.president import move_msg
from ui.i18n.render import render

LOCALE = Path(__file__).resolve().parents[2] / "ui" / "i18n" / "locale"
NINE, JACK, ACE = 6, 8, 11  # President's ranks: 3 is 0
HEDGE = re.compile(r"\w\(-?\w{1,5}\)")  # "zagrał(a)", "wyszedł(-ła)", "wziął(-ęła)", "gotów(-owa)"


def test_a_set_names_its_rank_the_way_its_count_asks() -> None:
    played = t_msg("{line}.", line=t_msg("{player} played {cards}", player=verbatim("Ania"),
                                         cards=rank_msg(NINE, 2)))
    assert played.english() == "Ania played a pair of 9s."
    assert render(played, "pl") == "Ania zagrywa: para dziewiątek."
    assert render(rank_msg(JACK, 3), "pl") == "trójka waletów"
    assert render(rank_msg(ACE, 4), "pl") == "kareta asów"
    assert render(rank_msg(NINE, 2), "de") == "ein Paar 9er"  # other languages say it as before
    assert render(rank_msg(JACK, 2), "fr") == "une paire de Valets"
    assert render(move_msg((ACE, 4), capital=True), "pl") == "Kareta asów"  # the review's words too
    assert render(move_msg((NINE, 2)), "pl") == "para dziewiątek"


@pytest.mark.parametrize("code", ["pl", "it"])
def test_no_move_line_hedges_the_players_gender(code: str) -> None:
    """No line about a move (the rules layer's, the replay's and the log's) writes a gendered past with "(a)"."""
    with (LOCALE / code / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalogue = read_po(f)
    hedged = []
    for m in catalogue:
        where = {path for path, _line in m.locations}
        moves = any(p.startswith("logic/") or p.endswith(("replay.py", "seats.py")) for p in where)
        texts = m.string if isinstance(m.string, tuple) else (m.string,)
        if moves and any(HEDGE.search(t or "") or " è uscito" in (t or "") for t in texts):
            hedged.append((m.id, m.string))
    assert not hedged, "\n".join(map(str, hedged))


def test_play_msg_keeps_its_english() -> None:
    assert play_msg(0b11 << (4 * NINE)).english() == "a pair of 9s"


MASCULINE_YOU = re.compile(r"\b\w+łeś\b")  # "odrzuciłeś": a past that takes "you" for a man


def test_no_polish_text_hedges_a_gender() -> None:
    """Nor does any other Polish text, nor does it take "you" for a man: a line about a player says what happens now
    ("Ania bierze", "Ania zgłasza gotowość"), a text to "you" says what is done ("W tej turze karta jest już
    dobrana") instead of "dobrałeś(-aś)" or "dobrałeś"."""
    with (LOCALE / "pl" / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalogue = read_po(f)
    gendered = [(m.id, m.string) for m in catalogue if m.id and any(
        HEDGE.search(t or "") or MASCULINE_YOU.search(t or "")
        for t in (m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert not gendered, "\n".join(map(str, gendered))
