"""Stockpile candidates as whole lines of the turn, from the Hard level's own turn search.

A single play means little on its own in Stockpile: it is the first step of a line (a chain to the stock card, a
hand emptied to draw five, a few loose plays and a discard). So every first move is judged with the best line
the Hard level's search finds that starts with it (best by Hard's own cheap score), up to the point where a new
card shows (the stock card goes down or five cards are drawn); from there each world finishes the turn with the
playout policy. The chosen move is always among them; when no line of the search starts with it, it is judged
as a single move.
"""

from __future__ import annotations

import random
from typing import Any

from logic.stockpile import actions as A
from logic.stockpile.hard import HardBot

from .stockpile_sim import equivalence, move_of

STOCK_FIRST = 1e6  # lines that reach a stock card rank above every other end of turn (as the Hard level plays)


def _world_moves(turn: Any, moves: tuple[Any, ...]) -> tuple[Any, ...]:
    """Hard's line moves as world moves: ("h", value, build) or ("d", owner, pile, build)."""
    out: list[tuple[Any, ...]] = []
    for kind, x, b, _c in moves:
        if kind == "h":
            out.append(("h", x, b))
        else:
            owner, pile, _ = turn.sources[x]
            out.append(("d", owner, pile, b))
    return tuple(out)


def line_candidates(view: Any, legal: list[Any], chosen: Any, limit: int) -> list[tuple[Any, Any]]:
    """``(legal action, world move or line)`` pairs, the chosen move first, one per distinct first move."""
    bot = HardBot(budget_s=None)
    turn = bot._begin(view, random.Random(0))
    entries: list[tuple[float, Any, Any]] = []  # (score, first action, world line)
    for a in legal:
        if type(a) is A.Play and a.source.startswith("stock:"):
            entries.append((2 * STOCK_FIRST, a, move_of(view, a)))
    stock_lines, ends, draws = bot._lines(turn)
    for ln in stock_lines:
        entries.append((STOCK_FIRST + ln.gain, bot._action(view, turn, ln.moves[0]),
                        ("line", _world_moves(turn, ln.moves), None, "stock")))
    for score, ln, (_b, _h, _d, discard, cont) in bot._candidates(turn, ends, draws):
        entries.append((score, *_end(view, turn, bot, ln, discard, cont)))
    best: dict[tuple[Any, ...], tuple[float, Any, Any]] = {}
    for score, action, line in entries:
        key = equivalence(view, move_of(view, action))
        if key not in best or score > best[key][0]:
            best[key] = (score, action, line)
    mine = equivalence(view, move_of(view, chosen))
    if mine not in best:
        found = _chosen_line(view, turn, bot, chosen, stock_lines, ends, draws)
        best[mine] = (0.0, chosen, found if found is not None else move_of(view, chosen))
    first = (chosen, best.pop(mine)[2])
    rest = sorted(best.values(), key=lambda e: -e[0])
    return [first] + [(a, line) for _, a, line in rest[: limit - 1]]


def _end(view: Any, turn: Any, bot: HardBot, ln: Any, discard: Any, cont: bool) -> tuple[Any, Any]:
    """(first action, world line) of an end of turn: its plays, then the discard or the five cards drawn."""
    moves = _world_moves(turn, ln.moves)
    if ln.moves:
        first = bot._action(view, turn, ln.moves[0])
    else:
        c, p = discard
        first = A.DISCARD[turn.hand.index(c)][p]
    return first, ("line", moves, discard, "draw" if cont else "end")


def _chosen_line(view: Any, turn: Any, bot: HardBot, chosen: Any, stock_lines: list[Any], ends: list[Any],
                 draws: list[Any]) -> Any:
    """The best line (by the search's gain) starting with the chosen move, or None."""
    mine = equivalence(view, move_of(view, chosen))
    if type(chosen) is A.Discard:
        return None  # a discard with nothing played first is a single move
    for group, mode in ((stock_lines, "stock"), (draws, "draw"), (ends, "end")):
        lines = [ln for ln in group if ln.moves
                 and equivalence(view, move_of(view, bot._action(view, turn, ln.moves[0]))) == mine]
        if lines:
            ln = max(lines, key=lambda x: x.gain)
            if mode == "end":
                return None  # its discard is not chosen yet: the playout policy finishes the turn
            return ("line", _world_moves(turn, ln.moves), None, mode)
    return None
