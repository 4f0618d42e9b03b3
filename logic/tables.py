"""A game-agnostic table: seats, host, options, lobby expiry, turn deadlines, pause, auto-play, leaving,
chat, notices and the action log.

Pure logic: time comes in as ``now`` (seconds, wall clock) and nothing here does I/O. The hub in the UI
layer owns the clock, persistence and notifying pages; bots run there too (they may be slow).
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from logic.game import PHASE_HAND_OVER, Game, IllegalMove
from logic.registry import get_game
from logic.table_common import (  # noqa: F401  (re-exported: other modules import these from here)
    BOT_DELAYS,
    CHAT_LIMIT,
    LOBBY_MINUTES,
    MAX_CHAT,
    NAME_LIMIT,
    STATUS_CLOSED,
    STATUS_LOBBY,
    STATUS_OVER,
    STATUS_PLAYING,
    Seat,
    clean_name,
    clean_text,
)
from logic.table_lobby import TableLobby
from logic.table_presence import TablePresence
from logic.table_program import TableProgram

SCHEMA = 2  # 2: seats may be program seats (``program_hash``); schema 1 records load unchanged otherwise
MAX_NOTICES = 40
HAND_OVER_SECONDS = 30
# not saved as they are: seats and settings become dicts below, presence is not saved at all (table_away.py)
UNSAVED = ("state", "seats", "settings", "present_ids", "gone_since", "presence_version")
MAX_TIMEOUT_STEPS = 12  # at timed tables, the summary waits at most this long for a slow reader


@dataclass
class Settings:
    turn_seconds: int = 0
    lobby_minutes: int = 15
    bot_delay: float = 1.0  # pacing of computer players, seconds; 0 in tests
    public: bool = True  # listed under "Live tables"
    auto_start: bool = False  # start by itself as soon as every seat is taken
    grace_scale: float = 1.0  # multiplies grace periods (tests shorten them)
    away_grace: int = 120  # seconds before the computer plays for an away player's turn; 0: never (table_away.py)
    watcher_chat: str = "read"  # off | read | write: what watchers may do in the chat (table_watch.py)


@dataclass
class Table(TableLobby, TablePresence, TableProgram):
    code: str
    game_key: str
    options: dict[str, Any]
    seed: int
    host_id: str
    practice: bool
    created_at: float
    seats: list[Seat]
    settings: Settings = field(default_factory=Settings)
    status: str = STATUS_LOBBY
    lobby_deadline: float | None = None
    turn_deadline: float | None = None
    paused_left: float | None = None  # seconds left on the turn timer while paused
    paused: bool = False
    commit_deadline: float | None = None
    bot_ready_at: float | None = None
    pending_leave: list[int] = field(default_factory=list)
    log: list[list[Any]] = field(default_factory=list)  # [seat, action_json]
    chat: list[dict[str, Any]] = field(default_factory=list)
    notices: list[dict[str, Any]] = field(default_factory=list)
    notice_seq: int = 0
    version: int = 0
    finished_at: float | None = None
    next_code: str | None = None  # "play again": the table that follows this one
    offered_seats: list[int] = field(default_factory=list)  # computer seats the host offers to watchers
    present_ids: set[str] = field(default_factory=set)  # not saved: players with a page connected (table_away.py)
    gone_since: dict[int, float] = field(default_factory=dict)  # not saved: seat -> when its last page went
    presence_version: int = 0  # not saved: changes when a seat's connection or the number of watchers does
    state: Any = None  # live game state (not a dataclass field for persistence: see to_record)

    # ----------------------------------------------------------------------------- basics
    @property
    def game(self) -> Game:
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
        if self.state is None:
            return "over"
        if self.status == STATUS_CLOSED:
            return "over"
        return self.game.phase(self.state)

    def computer_controls(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.bot is not None or s.autoplay or s.left

    def notice(self, text: str, kind: str = "info", seats: list[int] | None = None) -> None:
        """A short toast for everyone (or only ``seats``)."""
        self.notice_seq += 1
        self.notices.append({"seq": self.notice_seq, "text": text, "kind": kind, "seats": seats})
        del self.notices[:-MAX_NOTICES]

    def _touch(self) -> None:
        self.version += 1

    # ----------------------------------------------------------------------------- play
    def act(self, player_id: str, action: Any, now: float) -> None:
        """A person's move: the seat must be theirs and it must be their turn."""
        seat = self.seat_of(player_id)
        if seat is None:
            raise IllegalMove("You are watching this table, not playing at it.")
        self._check_can_act(seat, action)
        self._apply(seat, action, now)
        self.seats[seat].timeouts = 0  # a move of their own: the next timeout is a first one again

    def act_for(self, seat: int, action: Any, now: float) -> None:
        """A computer move (bot, auto-play, timeout)."""
        self._check_can_act(seat, action)
        self._apply(seat, action, now)

    def _check_can_act(self, seat: int, action: Any = None) -> None:
        if self.status != STATUS_PLAYING:
            raise IllegalMove("The game is not running.")
        if self.paused:
            raise IllegalMove("The game is paused.")
        if seat not in self.to_move() and action not in self.game.off_turn_actions(self.state, seat):
            raise IllegalMove("It is not your turn.")

    def _apply(self, seat: int, action: Any, now: float) -> None:
        game = self.game
        movers = self.to_move()
        kept = self.turn_deadline, self.bot_ready_at
        game.apply(self.state, seat, action)  # raises IllegalMove and changes nothing
        self.log.append([seat, game.encode_action(action)])
        self._after_change(now)
        if seat not in movers and self.to_move() == movers:
            self.turn_deadline, self.bot_ready_at = kept  # a move out of turn does not restart the mover's clock

    def _after_change(self, now: float) -> None:
        """Deadlines and status after any move."""
        game = self.game
        if game.outcome(self.state) is not None:
            self.status = STATUS_OVER
            self.finished_at = now
            self.turn_deadline = self.commit_deadline = None
            self._touch()
            return
        pending = game.pending_commit(self.state)
        if pending is None:
            self.commit_deadline = None
        else:  # the grace period is for people (undo, privacy); a computer's turn ends at once
            delay = 0.0 if self.computer_controls(pending[1]) else pending[0] * self.settings.grace_scale
            self.commit_deadline = now + delay
        movers = self.to_move()
        humans_to_move = [s for s in movers if not self.computer_controls(s)]
        phase_seconds = game.phase_timeout(self.state)
        if humans_to_move and phase_seconds is not None:
            self.turn_deadline = now + phase_seconds * self.settings.grace_scale
        elif humans_to_move and self.settings.turn_seconds:
            seconds = self.settings.turn_seconds
            if game.phase(self.state) == PHASE_HAND_OVER:
                seconds = max(seconds, HAND_OVER_SECONDS)
            self.turn_deadline = now + seconds
        else:
            self.turn_deadline = None
        self.bot_ready_at = now + self.settings.bot_delay
        self._touch()

    def bots_to_move(self, now: float) -> list[int]:
        """Computer-controlled seats that should move now (after pacing)."""
        if self.status != STATUS_PLAYING or self.paused or self.commit_deadline is not None:
            return []
        if self.bot_ready_at is not None and now < self.bot_ready_at:
            return []
        return [s for s in self.to_move() if self.computer_controls(s)]

    def bot_level_for(self, seat: int) -> str:
        s = self.seats[seat]
        return s.bot or self.game.bot_levels[min(1, len(self.game.bot_levels) - 1)]

    def tick(self, now: float) -> list[tuple[int, Any]]:
        """Advance time: lobby expiry, grace periods and turn timeouts. Returns the timeout moves made."""
        made: list[tuple[int, Any]] = []
        if self.status == STATUS_LOBBY and self.lobby_deadline is not None and now >= self.lobby_deadline:
            self.status = STATUS_CLOSED
            self.notice("The lobby closed because the game did not start in time.", "warning")
            self._touch()
            return made
        if self.status != STATUS_PLAYING or self.paused:
            return made
        self.away_autoplay(now)
        game = self.game
        if self.commit_deadline is not None and now >= self.commit_deadline:
            pending = game.pending_commit(self.state)
            self.commit_deadline = None
            if pending is not None:
                self.act_for(pending[1], pending[2], now)
                made.append((pending[1], pending[2]))
            else:
                self._touch()
        if self.turn_deadline is not None and now >= self.turn_deadline:
            self.turn_deadline = None
            # no seat goes to the computer for a slow "next hand" or a timed phase (Game.phase_timeout)
            phase = game.phase(self.state)
            no_takeover = phase == PHASE_HAND_OVER or game.phase_timeout(self.state) is not None
            for seat in list(self.to_move()):
                if self.computer_controls(seat) or self.status != STATUS_PLAYING or game.phase(self.state) != phase:
                    continue
                for _ in range(MAX_TIMEOUT_STEPS):  # finish the turn: e.g. draw, then discard that card
                    action = game.timeout_action(self.state, seat)
                    self.act_for(seat, action, now)
                    made.append((seat, action))
                    if (self.status != STATUS_PLAYING or seat not in self.to_move() or self.commit_deadline is not None
                            or game.phase(self.state) != phase):  # e.g. the hand ended, or the first draw did
                        break
                if not no_takeover:
                    self._timed_out(seat)
            if made:
                self._touch()
        return made

    def _timed_out(self, seat: int) -> None:
        """After a timeout move: the computer takes the seat once the game's number of timeouts in a row is
        reached; before that the seat stays theirs, they get a notice to dismiss and the others a brief one."""
        s = self.seats[seat]
        s.timeouts += 1
        if s.timeouts >= self.game.timeouts_before_autoplay:
            s.autoplay, s.timed_out = True, False
            self.notice(f"{s.name} ran out of time; the computer plays for them.", "warning")
            return
        s.timed_out = True
        others = [i for i in range(len(self.seats)) if i != seat]
        self.notice(f"{s.name} ran out of time; the game made their move.", "info", seats=others)

    # ----------------------------------------------------------------------------- persistence
    def to_record(self, now: float) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in UNSAVED}
        data["seats"] = [asdict(seat) for seat in self.seats]
        data["settings"] = asdict(self.settings)
        data["log"] = list(self.log)  # entries are never changed after they are written
        data["chat"] = [dict(m) for m in self.chat]
        data["notices"] = [dict(n) for n in self.notices]
        data["options"] = dict(self.options)
        data["pending_leave"] = list(self.pending_leave)
        data["offered_seats"] = list(self.offered_seats)
        data["schema"] = SCHEMA
        data["saved_at"] = now
        data["snapshot"] = None if self.state is None else self.game.snapshot(self.state)
        return data

    @classmethod
    def from_record(cls, data: dict[str, Any], now: float) -> Table:
        """Load a saved table. Deadlines are shifted so every timer resumes with the time it had left."""
        data = migrate_record(data)
        fields = {k: v for k, v in data.items() if k not in ("schema", "saved_at", "snapshot")}
        fields["seats"] = [Seat(**s) for s in fields["seats"]]
        fields["settings"] = Settings(**fields["settings"])
        table = cls(**fields)
        shift = max(0.0, now - float(data.get("saved_at", now)))
        for name in ("lobby_deadline", "turn_deadline", "commit_deadline", "bot_ready_at"):
            value = getattr(table, name)
            if value is not None:
                setattr(table, name, value + shift)
        if data.get("snapshot") is not None:
            table.state = table.game.restore(data["snapshot"])
        return table

    def replay_state(self) -> Any:
        """The game state rebuilt from config + seed + action log (must equal the snapshot)."""
        game = self.game
        return game.replay(game.make_config(**self.options), self.seed, [(s, a) for s, a in self.log])


def migrate_record(data: dict[str, Any]) -> dict[str, Any]:
    """An older table record brought up to :data:`SCHEMA` (a copy); a record of an unknown schema is refused."""
    schema = data.get("schema")
    if schema == 1:  # before program seats: every seat is a person, a computer player or empty
        data = {**data, "schema": 2, "seats": [{**s, "program_hash": None} for s in data.get("seats", [])]}
        schema = 2
    if schema != SCHEMA:
        raise ValueError(f"unsupported table schema {schema!r}")
    return data


def new_table(game_key: str, code: str, host_id: str, options: dict[str, Any], seed: int, now: float,
              practice: bool = False, settings: Settings | None = None) -> Table:
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


BOT_NAMES = ("Ada", "Basil", "Cleo", "Dex", "Edie", "Finn", "Gus", "Hana", "Ivo", "Juno", "Kit", "Lola",
             "Milo", "Nell", "Otto", "Pip", "Quin", "Rosa", "Sol", "Tess", "Uma", "Vik", "Wren", "Yara")
BOT_EMOJI = ("🦊", "🐻", "🐼", "🐨", "🦉", "🐸", "🐙", "🦁", "🐯", "🐧", "🦄", "🐢")


def bot_identity(rng: random.Random, taken: set[str]) -> tuple[str, str]:
    """A random friendly name and emoji for a computer player, not already at the table."""
    names = [n for n in BOT_NAMES if n not in taken] or list(BOT_NAMES)
    return rng.choice(names), rng.choice(BOT_EMOJI)
