"""Program seats: a seat played from outside through the seat API with a secret token.

Only the token's hash is kept (``Seat.program_hash``); the UI layer makes tokens and hashes them, so this module
stays free of randomness. A program seat is seated like a person: it gets the same turn timer and timeout move.
"""

from __future__ import annotations

import hmac
from typing import TYPE_CHECKING

from logic.game import IllegalMove
from logic.messages import t_msg
from logic.table.away import seat_back
from logic.table.identity import computer_seat
from logic.table.lobby import require_host_lobby
from logic.table.seats import Seat

if TYPE_CHECKING:
    from logic.table.model import Table

PROGRAM_NAME = "Program"
PROGRAM_EMOJI = "💻"


def add_program(t: Table, by: str, seat: int, token_hash: str) -> None:
    """The host marks an open lobby seat as played by a program holding the token hashed as ``token_hash``."""
    require_host_lobby(t, by)
    if not 0 <= seat < len(t.seats) or not t.seats[seat].empty:
        raise IllegalMove(t_msg("That seat is not free."))
    if len(token_hash) != 64:
        raise IllegalMove(t_msg("A program seat needs a token hash."))
    name, emoji = computer_seat(t, seat, f"{PROGRAM_NAME} {seat + 1}", PROGRAM_EMOJI)  # unique at the table
    t.seats[seat] = Seat(player_id=f"program-{seat}-{token_hash[:12]}", name=name, emoji=emoji,
                         program_hash=token_hash)
    t.touch()


def program_seat(t: Table, token_hash: str) -> int | None:
    """The seat whose token hashes to ``token_hash`` (compared in constant time against every seat)."""
    found = None
    for i, s in enumerate(t.seats):
        stored = s.program_hash or "0" * 64
        if hmac.compare_digest(stored.encode(), token_hash.encode()) and s.program_hash is not None:
            found = i
    return found


def program_back(t: Table, seat: int, now: float) -> None:
    """A program that acts is present again: the computer stops playing for it after a timeout."""
    s = t.seats[seat]
    if not s.is_program or not s.autoplay:
        return
    seat_back(t, seat, now)
