"""Every catalogue message that names a rank or a play in words, rendered with every value it can take, in one
language: what tests/ui/test_card_word_grammar.py reads for known bad patterns (a Polish rank after "karta", a
French "de" before "As", an Italian "i" before "Donne" …).

A message is found by its placeholders in the template (``messages.pot``), so one added later is read too: ``{rank}``
is a rank as one card is named ("King", "9"; on the President screen a card face: "K"), ``{ranks}`` a rank in the
plural ("Kings", "9s"; after "a pair of", "three", "four" the words a set uses: Polish "króli"), ``{move}`` and
``{other}`` a President play ("a single King", "a pair of 9s", "pass"), ``{set}`` a Beanie set ("the match of
Kings"), ``{suit}`` a suit's word; in Rummy's and Beanie's texts ``{card}`` (``{best}``, ``{mate}``) a card's face
("Q♥", which a reader says as "Herz-Dame", "la dame de cœur": an article before it agrees with no face), in
Stockpile's review a number or "wild". Each
placeholder takes all its values in turn, the others a neutral sample.

Run it to read them all: ``.venv/bin/python -m tests.ui.card_word_renderings pl``.
"""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.pofile import read_po

from logic.beanie.sets import MATCH, RUN, set_words
from logic.messages import Message, t_pmsg, verbatim
from logic.president.actions import RANK_LABELS
from logic.president.words import SET_RANKS, SUITS, rank_msg, run_msg
from logic.review.president import move_msg, rank_one, ranks
from ui.i18n.render import render

TEMPLATE = Path(__file__).resolve().parents[2] / "ui" / "i18n" / "locale" / "messages.pot"
WORDED = {"rank", "ranks", "move", "other", "set", "suit"}  # placeholders filled with words for cards
FACED = {"card", "best", "mate"}  # placeholders filled with a card's face ("Q♥") in Rummy's and Beanie's texts
FACES = [verbatim(face) for face in ("K♥", "Q♦", "J♠", "A♣", "10♣", "7♥")]  # (each gender a word for it has)
SETS = re.compile(r"(pair of|three|four) \{ranks\}", re.IGNORECASE)  # where {ranks} is a set's word ("para króli")
R = range(13)  # President's ranks, 3 .. A, 2
MOVES = [None, *((r, k) for r in R for k in (1, 2, 3, 4))]


def _beanie_sets(capital: bool) -> list[Message]:
    """A match of each rank and a run (as ``set_words`` names them)."""
    matches = [set_words([0, 0, MATCH, [r - 1, 12 + r, 25 + r], [r - 1, 12 + r, 25 + r]], capital)
               for r in range(1, 14)]
    return [*matches, set_words([1, 0, RUN, [4, 5, 6], [4, 5, 6]], capital)]


# where a placeholder of that name holds those words (elsewhere the same name holds something else: a rule card's
# other game, a standing's place, a Rummy turn's words)
RANK_FILES = ("logic/president/", "logic/review/president.py", "ui/games/president/", "logic/beanie/",
              "ui/games/beanie/", "logic/review/beanie.py", "ui/games/base.py")
PLAY_FILES = ("logic/review/president.py", "ui/pages/replay_review.py")
SET_FILES = ("logic/beanie/", "ui/games/beanie/")
STOCK_FILES = ("logic/review/stockpile.py",)  # a Stockpile card: a number, or "wild" (a word)
NAME_FILES = ("ui/components/cards.py",)  # a card's spoken name ("Queen of spades"): a screen reader's label
FACE_FILES = ("logic/rummy/", "logic/beanie/", "logic/review/rummy.py", "logic/review/beanie.py", "ui/games/rummy/",
              "ui/games/beanie/")


def _in(where: set[str], files: tuple[str, ...]) -> bool:
    return any(path.startswith(files) for path in where)


def values(name: str, msgid: str, where: set[str]) -> list[Message]:
    """Every value ``name`` takes in ``msgid`` (a message used in the files ``where``); none where that name holds
    other words."""
    first = msgid.lstrip().startswith("{" + name + "}")
    if name == "rank" and _in(where, RANK_FILES):
        faces = [verbatim(label) for label in RANK_LABELS]
        if msgid == "{rank}s":  # (the plural of a digit card: "7s")
            return [verbatim(label) for label in RANK_LABELS if label.isdigit()]
        words = [rank_one(r) for r in R] if _in(where, ("logic/",)) else []
        return words + (faces if _in(where, ("ui/games/",)) else [])  # (a President screen names a face: "K")
    if name == "ranks" and _in(where, RANK_FILES):
        return [SET_RANKS[r] for r in R] if SETS.search(msgid) else [ranks(r) for r in R]
    if name in ("card", "other") and _in(where, NAME_FILES):
        return [Message("{rank} of {suit}", {"rank": t_pmsg("card rank", rank), "suit": t_pmsg("card suit", suit)},
                        context="card name")
                for rank in ("Jack", "Queen", "King", "Ace") for suit in ("spades", "hearts")]
    if name in ("move", "other") and _in(where, PLAY_FILES):
        plays = [move_msg(m, capital=first) for m in MOVES]  # (capitalised to begin a sentence)
        return plays if first else plays + [rank_msg(r, k) for r in R for k in (1, 2)] + [
            run_msg(3, 5, "S", 0), run_msg(3, 5, "H", 1)]
    if name == "set" and _in(where, SET_FILES):
        return _beanie_sets(first)
    if name == "suit" and _in(where, RANK_FILES):
        return list(SUITS.values())
    if name in FACED and "{" + name + "}%" not in msgid and "{" + name + "} %" not in msgid:
        if _in(where, FACE_FILES):
            return FACES
        if _in(where, STOCK_FILES):
            return [t_pmsg("card", "wild"), verbatim("8"), verbatim("11"), verbatim("5")]
    return []


SAMPLE = {"player": verbatim("Ania"), "name": verbatim("Ania"), "card": verbatim("K♥"), "cards": verbatim("9♠ 9♥"),
          "best": verbatim("Q♦"), "mate": verbatim("J♠"),
          "n": 2, "round": 3, "hand": 2, "hands": 4, "low": verbatim("5"), "high": verbatim("7"), "line": verbatim("…")}


def _placeholders(text: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def _template() -> list[tuple[str, str | None, str | None, set[str]]]:
    """(msgid, plural, context, the files that use it) of every template message with a worded placeholder (or a
    card's face)."""
    with TEMPLATE.open("rb") as f:
        catalogue = read_po(f)
    out = []
    for m in catalogue:
        if not m.id:
            continue
        msgid, plural = (m.id, None) if isinstance(m.id, str) else (m.id[0], m.id[1])
        if (WORDED | FACED) & set(_placeholders(msgid)):
            out.append((msgid, plural, m.context, {path for path, _ in m.locations}))
    return out


def renderings(code: str) -> Iterator[tuple[str, str]]:
    """(msgid, the message in ``code``) for every worded message with each of its placeholders' values."""
    for msgid, plural, context, where in _template():
        names = _placeholders(msgid)
        base = {name: SAMPLE.get(name, verbatim("X")) for name in names}
        if _in(where, NAME_FILES):
            base.update({n: values(n, msgid, where)[0] for n in ("card", "other") if n in base})
        if _in(where, STOCK_FILES):  # (Stockpile's cards are numbers)
            base.update({name: verbatim("7") for name in FACED & set(names)})
        for name in names:
            for value in values(name, msgid, where):
                params = {**base, name: value}
                if plural is not None:
                    params.setdefault("n", 2)
                yield msgid, render(Message(msgid, params, plural, "n" if plural else None, context), code)


if __name__ == "__main__":
    for msgid, text in sorted(set(renderings(sys.argv[1]))):
        print(f"{msgid}\n    {text}")
