"""Applying a Beanie move: the phase and turn checks, then the move's own function (``plays.py`` for plays on
the table, ``turn.py`` for the rest)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from logic.game import PHASE_HAND_OVER, PHASE_OVER, IllegalMove
from logic.messages import t_msg

from .actions import Add, Agree, BeanieAction, Discard, Draw, Lay, NextHand, Propose, Star, Steal, Withdraw
from .plays import add, lay, star, steal
from .state import BeanieState
from .turn import agree, discard, draw, next_hand, propose, withdraw

_HANDLERS: dict[type, Callable[[BeanieState, int, Any], None]] = {
    Draw: draw,
    Lay: lay,
    Add: add,
    Star: star,
    Steal: steal,
    Discard: discard,
    Propose: propose,
    Agree: agree,
    Withdraw: withdraw,
}


def apply(state: BeanieState, seat: int, action: BeanieAction) -> None:
    """Apply ``action`` by ``seat``; IllegalMove (nothing changed) when the rules refuse it."""
    handler = _HANDLERS.get(type(action))
    if handler is None and type(action) is not NextHand:
        raise IllegalMove(t_msg("That is not a Beanie move."))
    if state.phase == PHASE_OVER:
        raise IllegalMove(t_msg("The game is over."))
    if state.phase == PHASE_HAND_OVER:
        if type(action) is not NextHand:
            raise IllegalMove(t_msg("The round is over: confirm to go on to the next round."))
        if not 0 <= seat < state.players:
            raise IllegalMove(t_msg("There is no such seat."))
        if state.confirmed[seat]:
            raise IllegalMove(t_msg("You are already ready for the next round."))
        next_hand(state, seat)
        return
    if seat != state.turn:
        if type(action) is Withdraw and 0 <= seat < state.players:
            withdraw(state, seat, action)
            return
        raise IllegalMove(t_msg("It is not your turn."))
    if handler is None:  # NextHand
        raise IllegalMove(t_msg("The round is still being played."))
    handler(state, seat, action)
