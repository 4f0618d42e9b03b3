"""Watchers: people at a table's page without a seat. They chat if the host lets them, and take a seat that a
computer holds: in the lobby any computer or open seat, during play a computer seat the host offered."""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.game import IllegalMove
from logic.table_common import CHAT_LIMIT, MAX_CHAT, STATUS_LOBBY, STATUS_PLAYING, Seat, clean_name, clean_text

if TYPE_CHECKING:
    from typing import Any

    from logic.tables import Settings

WATCHER_CHAT = ("off", "read", "write")  # the host's choice: no chat for watchers, read only, read and write


class TableWatch:
    """Mixin for ``Table``: watcher chat and taking seats. The fields live on ``Table``."""

    if TYPE_CHECKING:  # provided by Table
        host_id: str
        seats: list[Seat]
        settings: Settings
        status: str
        chat: list[dict[str, Any]]
        offered_seats: list[int]
        present_ids: set[str]

        def seat_of(self, player_id: str | None) -> int | None: ...
        def is_host(self, player_id: str | None) -> bool: ...
        def notice(self, text: str, kind: str = ..., seats: list[int] | None = ...) -> None: ...
        def _touch(self) -> None: ...
        def _after_change(self, now: float) -> None: ...

    def watcher_may_read(self) -> bool:
        return self.settings.watcher_chat in ("read", "write")

    def watcher_say(self, player_id: str, name: str, emoji: str, text: str, now: float) -> None:
        """A watcher's chat message (only when the host chose "read and write")."""
        if self.seat_of(player_id) is not None:
            raise IllegalMove("You sit at this table: chat as a player.")
        if self.settings.watcher_chat != "write":
            raise IllegalMove("Watchers cannot write in this table's chat.")
        clean = clean_text(text, CHAT_LIMIT)
        if not clean:
            raise IllegalMove("Type a message first.")
        self.chat.append({"seat": None, "name": clean_name(name), "emoji": emoji or "👀", "text": clean, "at": now,
                          "watcher": True})
        del self.chat[:-MAX_CHAT]
        self._touch()

    def offer_seat(self, by: str, seat: int, offered: bool = True) -> None:
        """The host offers a computer's seat to watchers during play (or takes the offer back)."""
        if not self.is_host(by):
            raise IllegalMove("Only the host can offer a seat.")
        if self.status != STATUS_PLAYING:
            raise IllegalMove("Seats are offered during play; in the lobby anyone can take a free seat.")
        if not 0 <= seat < len(self.seats) or self.seats[seat].bot is None:
            raise IllegalMove("Only a computer player's seat can be offered.")
        if offered and seat not in self.offered_seats:
            self.offered_seats.append(seat)
            self.notice(f"The host offers {self.seats[seat].name}'s seat to whoever is watching.")
        elif not offered and seat in self.offered_seats:
            self.offered_seats.remove(seat)
        else:
            return
        self._touch()

    def can_take_seat(self, player_id: str | None, seat: int) -> bool:
        if player_id is None or self.seat_of(player_id) is not None or not 0 <= seat < len(self.seats):
            return False
        s = self.seats[seat]
        if self.status == STATUS_LOBBY:
            return s.empty or s.bot is not None
        return self.status == STATUS_PLAYING and s.bot is not None and seat in self.offered_seats

    def take_seat(self, player_id: str, name: str, emoji: str, seat: int, now: float) -> None:
        """A watcher sits down in a computer's (or, in the lobby, an open) seat; the game goes on from there."""
        if not self.can_take_seat(player_id, seat):
            raise IllegalMove("That seat is not free to take.")
        before = self.seats[seat]
        self.seats[seat] = Seat(player_id=player_id, name=clean_name(name), emoji=emoji or "🙂")
        if seat in self.offered_seats:
            self.offered_seats.remove(seat)
        gone = f" from {before.name}" if before.bot is not None else ""
        self.notice(f"{self.seats[seat].name} took seat {seat + 1}{gone}.")
        if self.status == STATUS_PLAYING:
            self._after_change(now)  # deadlines for a person now, if a turn timer runs
        else:
            self._touch()
