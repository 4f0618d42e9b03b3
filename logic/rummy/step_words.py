"""One line per Rummy move for a replay, with the verbs of the turn summary the table's log shows
(``state.turn_text``: "drew from the stock", "took the 9♠ from the discard pile", "melded …", "laid off …",
"discarded the …", "went out discarding the …") and that the review uses ("draw", "take", "meld", "lay off",
"discard"). A replay shows each move on its own line and no turn summary besides, so nothing is listed twice.

During play a turn is private until it is committed (the table's log has only the summary, ``describe``); a replay
comes after the game, so it may name every card.
"""

from __future__ import annotations

from typing import Any

from logic.rummy.melds import PRETTY, parse_code, pretty
from logic.rummy.state import RummyState

TURN_DONE = "ended the turn"


def took_words(discard: list[int], card: str) -> str:
    """"took the 9♠ from the discard pile", or "took 3 cards from the discard pile (down to the 9♠)"."""
    c = parse_code(card)
    n = len(discard) - discard.index(c) if c in discard else 1
    if n <= 1:
        return f"took the {PRETTY[c]} from the discard pile"
    return f"took {n} cards from the discard pile (down to the {PRETTY[c]})"


def step_words(state: RummyState, seat: int, action: Any) -> str | None:
    """The line for ``action`` by ``seat`` in ``state`` (before it); None for a move this does not word."""
    kind = getattr(action, "kind", None)
    if kind == "draw":
        return "drew from the stock"
    if kind == "take":
        return took_words(list(state.discard), action.card)
    if kind == "meld":
        return f"melded {pretty([parse_code(c) for c in action.cards])}"
    if kind == "layoff":
        return f"laid off {pretty([parse_code(c) for c in action.cards])}"
    if kind == "discard":
        card = PRETTY[parse_code(action.card)]
        out = len(state.hands[seat]) == 1
        return f"went out discarding the {card}" if out else f"discarded the {card}"
    if kind == "commit":
        return TURN_DONE
    if kind == "rummy":  # house rule "Rummy!": a call out of turn
        card = PRETTY[parse_code(action.card)]
        if action.meld is not None:
            return f"called Rummy! on the {card} and laid it off"
        return f"called Rummy! on the {card} and melded it with {pretty([parse_code(c) for c in action.cards])}"
    if kind == "rummy-close":
        return "the Rummy! window closed"
    return None
