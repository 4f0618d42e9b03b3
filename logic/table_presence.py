"""The presence half of a table: away and back, pause, leaving, ending early and chat (who is connected and
watchers: logic/table_away.py, logic/table_watch.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.game import IllegalMove
from logic.table_away import TableAway
from logic.table_common import CHAT_LIMIT, MAX_CHAT, STATUS_CLOSED, STATUS_LOBBY, STATUS_PLAYING, Seat, clean_text
from logic.table_watch import TableWatch

if TYPE_CHECKING:
    from typing import Any

    from logic.game import Game
    from logic.tables import Settings


class TablePresence(TableAway, TableWatch):
    """Mixin for ``Table``: presence operations. Holds only methods; the fields live on ``Table``."""

    if TYPE_CHECKING:  # provided by Table
        host_id: str
        seats: list[Seat]
        settings: Settings
        status: str
        turn_deadline: float | None
        paused_left: float | None
        paused: bool
        commit_deadline: float | None
        bot_ready_at: float | None
        pending_leave: list[int]
        chat: list[dict[str, Any]]
        finished_at: float | None

        @property
        def game(self) -> Game: ...
        def seat_of(self, player_id: str | None) -> int | None: ...
        def is_host(self, player_id: str | None) -> bool: ...
        def humans(self) -> list[int]: ...
        def notice(self, text: str, kind: str = ..., seats: list[int] | None = ...) -> None: ...
        def _touch(self) -> None: ...
        def _after_change(self, now: float) -> None: ...

    # ----------------------------------------------------------------------------- away and pause
    def im_back(self, player_id: str, now: float) -> None:
        seat = self.seat_of(player_id)
        if seat is None or not self.seats[seat].autoplay:
            return
        self._seat_back(seat, now)

    def dismiss_timeout(self, player_id: str) -> None:
        """"Got it" on the "turn timed out" notice."""
        seat = self.seat_of(player_id)
        if seat is None or not self.seats[seat].timed_out:
            return
        self.seats[seat].timed_out = False
        self._touch()

    def pause(self, by: str, now: float) -> None:
        if not self.is_host(by):
            raise IllegalMove("Only the host can pause.")
        if self.status != STATUS_PLAYING or self.paused:
            return
        self.paused = True
        self.paused_left = None if self.turn_deadline is None else max(0.0, self.turn_deadline - now)
        self.turn_deadline = None
        self.notice("The host paused the game.")
        self._touch()

    def resume(self, by: str, now: float) -> None:
        if not self.is_host(by):
            raise IllegalMove("Only the host can resume.")
        if not self.paused:
            return
        self.paused = False
        if self.paused_left is not None:
            self.turn_deadline = now + self.paused_left
        self.paused_left = None
        self.bot_ready_at = now + self.settings.bot_delay
        if self.commit_deadline is not None:
            self.commit_deadline = max(self.commit_deadline, now)
        self.notice("The game goes on.")
        self._touch()

    # ----------------------------------------------------------------------------- leaving
    def leave(self, player_id: str, now: float) -> None:
        seat = self.seat_of(player_id)
        if seat is None:
            return
        name = self.seats[seat].name
        if self.status == STATUS_LOBBY:
            self.seats[seat] = Seat()
            self.notice(f"{name} left the table.")
            if player_id == self.host_id:
                self._pass_host(exclude=player_id)
            self._touch()
            return
        if self.status != STATUS_PLAYING:
            return
        self.seats[seat].left = True
        self.seats[seat].player_id = f"gone-{seat}"
        if player_id == self.host_id:
            self._pass_host(exclude=player_id)
        if self.host_id and self.seat_of(self.host_id) is not None:
            self.pending_leave.append(seat)
            self.notice(f"{name} left. The host decides: a computer player takes the seat, or the game ends.",
                        "warning")
        else:
            self._replace_with_bot(seat)
        self._after_change(now)

    def resolve_leave(self, by: str, seat: int, choice: str, now: float) -> None:
        if not self.is_host(by):
            raise IllegalMove("Only the host decides that.")
        if seat not in self.pending_leave:
            raise IllegalMove("Nobody left from that seat.")
        self.pending_leave.remove(seat)
        if choice == "bot":
            self._replace_with_bot(seat)
            self.notice(f"A computer player took over seat {seat + 1}.")
            self._after_change(now)
        elif choice == "end":
            self.pending_leave.clear()
            self.end_early("The host ended the game.", now)
        else:
            raise IllegalMove("Choose a computer player or ending the game.")

    def _replace_with_bot(self, seat: int) -> None:
        s = self.seats[seat]
        level = self.game.bot_levels[min(1, len(self.game.bot_levels) - 1)]
        self.seats[seat] = Seat(player_id=f"bot-{seat}", name=f"{s.name} (bot)", emoji="🤖", bot=level)

    def _pass_host(self, exclude: str) -> None:
        others = [self.seats[i].player_id for i in self.humans() if self.seats[i].player_id != exclude]
        self.host_id = others[0] if others else ""
        if others:
            new = self.seats[self.seat_of(others[0])].name
            self.notice(f"{new} is now the host.")

    def end_early(self, reason: str, now: float) -> None:
        self.status = STATUS_CLOSED
        self.finished_at = now
        self.turn_deadline = self.commit_deadline = None
        self.notice(reason, "warning")
        self._touch()

    # ----------------------------------------------------------------------------- chat
    def say(self, player_id: str, text: str, now: float) -> None:
        seat = self.seat_of(player_id)
        if seat is None:
            raise IllegalMove("Only players at this table can chat here.")
        clean = clean_text(text, CHAT_LIMIT)
        if not clean:
            raise IllegalMove("Type a message first.")
        s = self.seats[seat]
        self.chat.append({"seat": seat, "name": s.name, "emoji": s.emoji, "text": clean, "at": now})
        del self.chat[:-MAX_CHAT]
        self._touch()
