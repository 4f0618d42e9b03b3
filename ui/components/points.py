"""Points as a player reads them. Most games count up to a win; Beanie's points are penalties, so the fewest win.
Wherever a score shows (the TV, the standings, the results, the scorecard, the share text) the same words say so:
"Fewest points wins" once, and the lowest score marked "11 pts (lowest)" (issue 48)."""

from __future__ import annotations

from collections.abc import Sequence

from nicegui import ui

from logic.registry import get_game
from ui.i18n import _, ngettext, pgettext


def lower_wins(game_key: str) -> bool:
    """The game's fewest points win (an unknown game: the most)."""
    try:
        return get_game(game_key).lower_is_better
    except ValueError:
        return False


def fewest_wins() -> str:
    """The rule in three words, shown once beside a list of scores where the fewest points win."""
    return _("Fewest points wins")


def points_text(n: int, lowest: bool = False) -> str:
    """"11 pts", or "11 pts (lowest)" for the best score where the fewest points win."""
    if lowest:
        return ngettext("{n} pt (lowest)", "{n} pts (lowest)", n)
    return ngettext("{n} pt", "{n} pts", n)


def lowest_mark() -> str:
    """The mark beside the best score where the fewest points win."""
    return pgettext("score", "(lowest)")


def score_at_row_end(score: int, lowest: bool) -> None:
    """A row's points, right-aligned at its end so every row's numbers share one column; the best score where the
    fewest win is marked just before its number ("(lowest) 76 pts"), not after it, which pushed "76" out of line."""
    if lowest:
        ui.label(lowest_mark()).classes("num-mark q-ml-auto")
    ui.label(points_text(score)).classes("num font-bold" if lowest else "num font-bold q-ml-auto")


def lowest_seats(scores: Sequence[int], lower: bool) -> set[int]:
    """The seats whose score is the lowest where the fewest points win; none while everyone has the same score
    (at the start every seat has 0: no one leads)."""
    if not lower or not scores or min(scores) == max(scores):
        return set()
    return {i for i, s in enumerate(scores) if s == min(scores)}


def score_texts(scores: Sequence[int], lower: bool) -> list[str]:
    """Each seat's score in words, the lowest marked where the fewest points win."""
    low = lowest_seats(scores, lower)
    return [points_text(s, i in low) for i, s in enumerate(scores)]
