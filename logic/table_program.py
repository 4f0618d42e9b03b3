"""Program seats: a seat played from outside through the seat API with a secret token.

Only the token's hash is kept (``Seat.program_hash``); the UI layer makes tokens and hashes them, so this module
stays free of randomness. A program seat is seated like a person: it gets the same turn timer and timeout move.
"""

from __future__ import annotations

import hmac
from typing import TYPE_CHECKING

from logic.game import IllegalMove
from logic.table_common import Seat

if TYPE_CHECKING:
    from logic.tables import Settings

PROGRAM_NAME = "Program"
PROGRAM_EMOJI = "💻"


class TableProgram:
    """Mixin for ``Table``: program seats. Holds only methods; the fields live on ``Table``."""

    if TYPE_CHECKING:  # provided by Table
        seats: list[Seat]
        settings: Settings
        status: str

        def _require_host_lobby(self, by: str) -> None: ...
        def notice(self, text: str, kind: str = ..., seats: list[int] | None = ...) -> None: ...
        def _touch(self) -> None: ...
        def _seat_back(self, seat: int, now: float) -> None: ...

    def add_program(self, by: str, seat: int, token_hash: str) -> None:
        """The host marks an open lobby seat as played by a program holding the token hashed as ``token_hash``."""
        self._require_host_lobby(by)
        if not 0 <= seat < len(self.seats) or not self.seats[seat].empty:
            raise IllegalMove("That seat is not free.")
        if len(token_hash) != 64:
            raise IllegalMove("A program seat needs a token hash.")
        self.seats[seat] = Seat(player_id=f"program-{seat}-{token_hash[:12]}", name=f"{PROGRAM_NAME} {seat + 1}",
                                emoji=PROGRAM_EMOJI, program_hash=token_hash)
        self._touch()

    def program_seat(self, token_hash: str) -> int | None:
        """The seat whose token hashes to ``token_hash`` (compared in constant time against every seat)."""
        found = None
        for i, s in enumerate(self.seats):
            stored = s.program_hash or "0" * 64
            if hmac.compare_digest(stored.encode(), token_hash.encode()) and s.program_hash is not None:
                found = i
        return found

    def program_back(self, seat: int, now: float) -> None:
        """A program that acts is present again: the computer stops playing for it after a timeout."""
        s = self.seats[seat]
        if not s.is_program or not s.autoplay:
            return
        self._seat_back(seat, now)
