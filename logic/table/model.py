"""The table model: every field of a live table, declared once, and the methods callers use.

The jobs live in sibling modules as functions over a ``Table`` (lobby, turns, timers, away, leaving, watch, chat,
program, record); the methods here hand over to them, so callers keep writing ``table.join(...)``.

Time: every time on the model is on the caller's clock, passed in as ``now``. The hub passes a monotonic clock,
so a step of the wall clock changes nothing; only :mod:`logic.table.record` turns times into what survives a
restart (time left on each timer, dates for people).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from logic.game import AnyGame, IllegalMove
from logic.messages import Message
from logic.registry import get_game
from logic.table import away, chat, leaving, lobby, program, record, timers, turns, watch
from logic.table.chat import ChatLine, Notice, NoticeKind
from logic.table.seats import STATUS_CLOSED, STATUS_LOBBY, STATUS_PLAYING, Seat
from logic.table.settings import Settings
from logic.table.turns import LogEntry

Timer = Literal["turn", "lobby", "commit"]


@dataclass
class Table:
    code: str
    game_key: str
    options: dict[str, Any]
    seed: int
    host_id: str
    practice: bool
    created_at: float  # when it was made
    seats: list[Seat]
    settings: Settings = field(default_factory=Settings)
    status: str = STATUS_LOBBY
    lobby_deadline: float | None = None  # when the lobby closes if the game has not started
    turn_deadline: float | None = None  # when the people to move get their timeout move
    paused_left: float | None = None  # seconds left on the turn timer while paused
    paused: bool = False
    commit_deadline: float | None = None  # when a pending move lands by itself (the time to undo it)
    bot_ready_at: float | None = None  # computer players wait until then (pacing)
    pending_leave: list[int] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    chat: list[ChatLine] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)
    notice_seq: int = 0
    version: int = 0
    finished_at: float | None = None
    next_code: str | None = None  # "play again": the table that follows this one
    offered_seats: list[int] = field(default_factory=list)  # computer seats the host offers to watchers
    present_ids: set[str] = field(default_factory=set)  # players with a page connected (see away.py)
    gone_since: dict[int, float] = field(default_factory=dict)  # seat -> when its last page went
    presence_version: int = 0  # changes when a seat's connection or the number of watchers does; not saved
    state: Any = None  # live game state; saved as the game's snapshot

    # ----------------------------------------------------------------------------- basics
    @property
    def game(self) -> AnyGame:
        return get_game(self.game_key)

    def seat_of(self, player_id: str | None) -> int | None:
        if player_id is None:
            return None
        for i, s in enumerate(self.seats):
            if s.player_id == player_id and s.bot is None:
                return i
        return None

    def is_host(self, player_id: str | None) -> bool:
        return player_id is not None and player_id == self.host_id

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.empty]

    def to_move(self) -> tuple[int, ...]:
        if self.status != STATUS_PLAYING or self.state is None:
            return ()
        return self.game.to_move(self.state)

    def phase(self) -> str:
        if self.status == STATUS_LOBBY:
            return "lobby"
        if self.state is None or self.status == STATUS_CLOSED:
            return "over"
        return self.game.phase(self.state)

    def computer_controls(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.bot is not None or s.autoplay or s.left

    def touch(self) -> None:
        """A saved part changed: pages redraw and the hub saves."""
        self.version += 1

    def notice(self, message: Message, kind: NoticeKind = "info", seats: list[int] | None = None) -> None:
        chat.notice(self, message, kind, seats)

    # ----------------------------------------------------------------------------- lobby
    def join(self, player_id: str, name: str, emoji: str, now: float, seat: int | None = None) -> int:
        return lobby.join(self, player_id, name, emoji, now, seat)

    def set_player_count(self, by: str, count: int) -> None:
        lobby.set_player_count(self, by, count)

    def set_option(self, by: str, key: str, value: Any) -> None:
        lobby.set_option(self, by, key, value)

    def set_setting(self, by: str, key: str, value: Any, now: float) -> None:
        lobby.set_setting(self, by, key, value, now)

    def add_bot(self, by: str, seat: int, level: str, name: str, emoji: str) -> None:
        lobby.add_bot(self, by, seat, level, name, emoji)

    def remove_player(self, by: str, seat: int) -> None:
        lobby.remove_player(self, by, seat)

    def start(self, by: str, now: float) -> None:
        lobby.start(self, by, now)

    # ----------------------------------------------------------------------------- play
    def act(self, player_id: str, action: Any, now: float) -> None:
        turns.act(self, player_id, action, now)

    def act_for(self, seat: int, action: Any, now: float) -> None:
        turns.act_for(self, seat, action, now)

    def after_change(self, now: float) -> None:
        turns.after_change(self, now)

    def bots_to_move(self, now: float) -> list[int]:
        return turns.bots_to_move(self, now)

    def bot_level_for(self, seat: int) -> str:
        return turns.bot_level_for(self, seat)

    def checked_bot_action(self, seat: int, action: Any) -> Any:
        return turns.checked_bot_action(self, seat, action)

    def replay_state(self) -> Any:
        """The game state rebuilt from config + seed + action log (must equal the snapshot)."""
        return turns.replay_state(self)

    # ----------------------------------------------------------------------------- time
    def tick(self, now: float) -> list[tuple[int, Any]]:
        return timers.tick(self, now)

    def seconds_left(self, now: float, timer: Timer = "turn") -> float | None:
        return timers.seconds_left(self, now, timer)

    def pause(self, by: str, now: float) -> None:
        timers.pause(self, by, now)

    def resume(self, by: str, now: float) -> None:
        timers.resume(self, by, now)

    def dismiss_timeout(self, player_id: str) -> None:
        timers.dismiss_timeout(self, player_id)

    # ----------------------------------------------------------------------------- who is here
    def update_presence(self, present: set[str], now: float) -> bool:
        return away.update_presence(self, present, now)

    def mark_unseen(self, now: float) -> None:
        away.mark_unseen(self, now)

    @property
    def watchers(self) -> int:
        """People with a page open at this table who do not sit at it."""
        return away.watchers(self)

    def presence(self, seat: int, now: float) -> tuple[str, float]:
        return away.presence(self, seat, now)

    def is_here(self, seat: int | None) -> bool:
        return away.is_here(self, seat)

    def can_hand_to_computer(self, by: str | None, seat: int) -> bool:
        return away.can_hand_to_computer(self, by, seat)

    def hand_to_computer(self, by: str, seat: int, now: float) -> None:
        away.hand_to_computer(self, by, seat, now)

    def away_autoplay(self, now: float) -> bool:
        return away.away_autoplay(self, now)

    def im_back(self, player_id: str, now: float) -> None:
        away.im_back(self, player_id, now)

    # ----------------------------------------------------------------------------- leaving
    def leave(self, player_id: str, now: float) -> None:
        leaving.leave(self, player_id, now)

    def resolve_leave(self, by: str, seat: int, choice: str, now: float) -> None:
        leaving.resolve_leave(self, by, seat, choice, now)

    def end_early(self, reason: Message | str, now: float) -> None:
        leaving.end_early(self, reason, now)

    # ----------------------------------------------------------------------------- chat and watchers
    def say(self, player_id: str, text: str, now: float) -> None:
        chat.say(self, player_id, text, now)

    def watcher_may_read(self) -> bool:
        return chat.watcher_may_read(self)

    def watcher_say(self, player_id: str, name: str, emoji: str, text: str, now: float) -> None:
        chat.watcher_say(self, player_id, name, emoji, text, now)

    def offer_seat(self, by: str, seat: int, offered: bool = True) -> None:
        watch.offer_seat(self, by, seat, offered)

    def can_take_seat(self, player_id: str | None, seat: int) -> bool:
        return watch.can_take_seat(self, player_id, seat)

    def take_seat(self, player_id: str, name: str, emoji: str, seat: int, now: float) -> None:
        watch.take_seat(self, player_id, name, emoji, seat, now)

    # ----------------------------------------------------------------------------- program seats
    def add_program(self, by: str, seat: int, token_hash: str) -> None:
        program.add_program(self, by, seat, token_hash)

    def program_seat(self, token_hash: str) -> int | None:
        return program.program_seat(self, token_hash)

    def program_back(self, seat: int, now: float) -> None:
        program.program_back(self, seat, now)

    # ----------------------------------------------------------------------------- saving
    def to_record(self, now: float, wall: float | None = None) -> dict[str, Any]:
        """The saved form; ``wall`` is the wall clock at ``now`` (default: ``now`` is the wall clock)."""
        return record.to_record(self, now, wall)

    @classmethod
    def from_record(cls, data: dict[str, Any], now: float, wall: float | None = None) -> Table:
        """A saved table, every timer resuming with the time it had left."""
        return record.from_record(cls, data, now, wall)


def new_table(game_key: str, code: str, host_id: str, options: dict[str, Any], seed: int, now: float,
              practice: bool = False, settings: Settings | None = None) -> Table:
    """An empty table in its lobby (options checked against the game's config)."""
    game = get_game(game_key)
    opts = {**game.table_defaults, **dict(options)}
    opts.setdefault("players", game.min_players)
    try:
        config = game.make_config(**opts)
    except ValueError as exc:
        raise IllegalMove(str(exc)) from None
    opts = config.model_dump(mode="json")
    settings = settings or Settings(turn_seconds=0 if practice else game.default_turn_seconds)
    table = Table(code=code, game_key=game_key, options=opts, seed=seed, host_id=host_id, practice=practice,
                  created_at=now, seats=[Seat() for _ in range(opts["players"])], settings=settings)
    table.lobby_deadline = None if practice else now + 60 * settings.lobby_minutes
    return table
