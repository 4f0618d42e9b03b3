"""The lobby half of a table: joining, seats, options, settings, computer players and starting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from logic.game import IllegalMove
from logic.table_away import AWAY_GRACES
from logic.table_common import BOT_DELAYS, LOBBY_MINUTES, STATUS_LOBBY, STATUS_PLAYING, Seat, clean_name
from logic.table_watch import WATCHER_CHAT

if TYPE_CHECKING:
    from logic.game import Game
    from logic.tables import Settings


class TableLobby:
    """Mixin for ``Table``: lobby operations. Holds only methods; the fields live on ``Table``."""

    if TYPE_CHECKING:  # provided by Table
        options: dict[str, Any]
        seed: int
        host_id: str
        practice: bool
        created_at: float
        seats: list[Seat]
        settings: Settings
        status: str
        lobby_deadline: float | None
        state: Any

        @property
        def game(self) -> Game: ...
        def seat_of(self, player_id: str | None) -> int | None: ...
        def is_host(self, player_id: str | None) -> bool: ...
        def open_seats(self) -> list[int]: ...
        def notice(self, text: str, kind: str = ..., seats: list[int] | None = ...) -> None: ...
        def _touch(self) -> None: ...
        def _after_change(self, now: float) -> None: ...

    # ----------------------------------------------------------------------------- lobby
    def join(self, player_id: str, name: str, emoji: str, now: float, seat: int | None = None) -> int:
        existing = self.seat_of(player_id)
        if existing is not None:
            return existing
        if self.status != STATUS_LOBBY:
            raise IllegalMove("This game has already started. Ask the host for a new table.")
        free = self.open_seats()
        if not free:
            raise IllegalMove("This table is full.")
        if seat is not None and seat not in free:
            raise IllegalMove("That seat is taken. Pick another one.")
        target = free[0] if seat is None else seat
        self.seats[target] = Seat(player_id=player_id, name=clean_name(name), emoji=emoji or "🙂")
        self.notice(f"{self.seats[target].name} joined.")
        self._touch()
        if self.settings.auto_start and not self.open_seats() and not self.practice:
            self.start(self.host_id, now)
        return target

    def set_player_count(self, by: str, count: int) -> None:
        self._require_host_lobby(by)
        game = self.game
        if not game.min_players <= count <= game.max_players:
            raise IllegalMove(f"{game.title} is for {game.min_players} to {game.max_players} players.")
        self._validate_options({**self.options, "players": count})
        if count < len(self.seats):
            if any(not s.empty for s in self.seats[count:]):
                raise IllegalMove("Free the last seats first: someone is sitting there.")
            del self.seats[count:]
        else:
            self.seats.extend(Seat() for _ in range(count - len(self.seats)))
        self.options["players"] = count
        self._touch()

    def set_option(self, by: str, key: str, value: Any) -> None:
        self._require_host_lobby(by)
        if key == "players":
            self.set_player_count(by, int(value))
            return
        self._validate_options({**self.options, key: value})
        self.options[key] = value
        self._touch()

    def set_setting(self, by: str, key: str, value: Any, now: float) -> None:
        self._require_host_lobby(by)
        if key == "turn_seconds":
            if int(value) not in self.game.turn_timer_choices:
                raise IllegalMove("Pick one of the offered turn timers.")
            self.settings.turn_seconds = int(value)
        elif key == "lobby_minutes":
            if int(value) not in LOBBY_MINUTES:
                raise IllegalMove("The lobby can stay open 5, 10 or 15 minutes.")
            self.settings.lobby_minutes = int(value)
            self.lobby_deadline = self.created_at + 60 * int(value)
            if self.lobby_deadline <= now:
                self.lobby_deadline = now + 5
        elif key == "bot_delay":
            if float(value) not in BOT_DELAYS:
                raise IllegalMove("Pick one of the offered computer speeds.")
            self.settings.bot_delay = float(value)
        elif key == "public":
            self.settings.public = bool(value)
        elif key == "auto_start":
            self.settings.auto_start = bool(value)
        elif key == "away_grace":
            if int(value) not in AWAY_GRACES:
                raise IllegalMove("Wait 30 seconds, 2 minutes or never for a player who is away.")
            self.settings.away_grace = int(value)
        elif key == "watcher_chat":
            if value not in WATCHER_CHAT:
                raise IllegalMove("Watchers' chat is off, read only, or read and write.")
            self.settings.watcher_chat = str(value)
        else:
            raise IllegalMove(f"Unknown setting {key!r}.")
        self._touch()

    def add_bot(self, by: str, seat: int, level: str, name: str, emoji: str) -> None:
        self._require_host_lobby(by)
        if level not in self.game.bot_levels:
            raise IllegalMove(f"Unknown level {level!r}.")
        if not 0 <= seat < len(self.seats) or not self.seats[seat].empty:
            raise IllegalMove("That seat is not free.")
        self.seats[seat] = Seat(player_id=f"bot-{seat}", name=name, emoji=emoji, bot=level)
        self._touch()

    def remove_player(self, by: str, seat: int) -> None:
        """Host frees a seat in the lobby (a computer player, or a person who wandered off)."""
        self._require_host_lobby(by)
        if not 0 <= seat < len(self.seats) or self.seats[seat].empty:
            raise IllegalMove("That seat is already empty.")
        if self.seats[seat].player_id == self.host_id:
            raise IllegalMove("The host cannot remove themselves; use Leave.")
        self.seats[seat] = Seat()
        self._touch()

    def start(self, by: str, now: float) -> None:
        self._require_host_lobby(by)
        if self.open_seats():
            raise IllegalMove("Fill every seat first: invite friends or add computer players.")
        game = self.game
        config = game.make_config(**self.options)
        self.state = game.new_game(config, self.seed)
        self.status = STATUS_PLAYING
        self.lobby_deadline = None
        self.notice("The game has started. Good luck!")
        self._after_change(now)

    def _require_host_lobby(self, by: str) -> None:
        if not self.is_host(by):
            raise IllegalMove("Only the host can do that.")
        if self.status != STATUS_LOBBY:
            raise IllegalMove("The options are locked once the game has started.")

    def _validate_options(self, options: dict[str, Any]) -> None:
        try:
            self.game.make_config(**options)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
