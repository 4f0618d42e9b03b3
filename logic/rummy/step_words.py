"""One line per Rummy move for a replay, with the verbs of the turn summary the table's log shows
(``state.turn_text``: "drew from the stock", "took the 9♠ from the discard pile", "melded …", "laid off …",
"discarded the …", "went out discarding the …") and that the review uses ("draw", "take", "meld", "lay off",
"discard"). A replay shows each move on its own line and no turn summary besides, so nothing is listed twice.

During play a turn is private until it is committed (the table's log has only the summary, ``describe``); a replay
comes after the game, so it may name every card.
"""

from __future__ import annotations

from typing import Any

from logic.messages import said, t_msg
from logic.rummy.melds import PRETTY, parse_code, pretty
from logic.rummy.state import RummyState, discard_msg, took_msg

TURN_DONE = said(t_msg("ended the turn"))


def took_words(discard: list[int], card: str) -> str:
    """"took the 9♠ from the discard pile", or "took 3 cards from the discard pile (down to the 9♠)"."""
    c = parse_code(card)
    n = len(discard) - discard.index(c) if c in discard else 1
    return said(took_msg(n, c))


def step_words(state: RummyState, seat: int, action: Any) -> str | None:
    """The line for ``action`` by ``seat`` in ``state`` (before it); None for a move this does not word."""
    kind = getattr(action, "kind", None)
    if kind == "draw":
        return said(t_msg("drew from the stock"))
    if kind == "take":
        return took_words(list(state.discard), action.card)
    if kind == "meld":
        return said(t_msg("melded {cards}", cards=pretty([parse_code(c) for c in action.cards])))
    if kind == "layoff":
        return said(t_msg("laid off {cards}", cards=pretty([parse_code(c) for c in action.cards])))
    if kind == "discard":
        return said(discard_msg(parse_code(action.card), len(state.hands[seat]) == 1))
    if kind == "commit":
        return TURN_DONE
    if kind == "rummy":  # house rule "Rummy!": a call out of turn
        card = PRETTY[parse_code(action.card)]
        if action.meld is not None:
            return said(t_msg("called Rummy! on the {card} and laid it off", card=card))
        return said(t_msg("called Rummy! on the {card} and melded it with {cards}", card=card,
                          cards=pretty([parse_code(c) for c in action.cards])))
    if kind == "rummy-close":
        return said(t_msg("the Rummy! window closed"))
    return None
