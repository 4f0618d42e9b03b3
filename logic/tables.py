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

SCHEMA = 1
LOBBY_MINUTES = (5, 10, 15)
BOT_DELAYS = (0.0, 0.5, 1.0, 2.0)  # seconds a computer player waits before moving
MAX_CHAT = 200
MAX_NOTICES = 40
CHAT_LIMIT = 300
NAME_LIMIT = 24
HAND_OVER_SECONDS = 30
MAX_TIMEOUT_STEPS = 12  # at timed tables, the summary waits at most this long for a slow reader

STATUS_LOBBY = "lobby"
STATUS_PLAYING = "playing"
STATUS_OVER = "over"  # finished with a result
STATUS_CLOSED = "closed"  # expired lobby or game ended early: no result


@dataclass
class Seat:
    """Who sits in a seat. ``player_id`` is None for an empty seat; computer players have ``bot`` set."""

    player_id: str | None = None
    name: str = ""
    emoji: str = ""
    bot: str | None = None  # bot level for a computer player
    autoplay: bool = False  # a human seat the computer plays after a timeout, until "I'm back"
    left: bool = False  # the human left during play; host decides what happens

    @property
    def empty(self) -> bool:
        return self.player_id is None and self.bot is None

    @property
    def is_human(self) -> bool:
        return self.player_id is not None and self.bot is None


@dataclass
class Settings:
    turn_seconds: int = 0
    lobby_minutes: int = 15
    bot_delay: float = 1.0  # pacing of computer players, seconds; 0 in tests
    public: bool = True  # listed under "Live tables"
    auto_start: bool = False  # start by itself as soon as every seat is taken
    grace_scale: float = 1.0  # multiplies grace periods (tests shorten them)


@dataclass
class Table:
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

    # ----------------------------------------------------------------------------- play
    def act(self, player_id: str, action: Any, now: float) -> None:
        """A person's move: the seat must be theirs and it must be their turn."""
        seat = self.seat_of(player_id)
        if seat is None:
            raise IllegalMove("You are watching this table, not playing at it.")
        self._check_can_act(seat)
        self._apply(seat, action, now)

    def act_for(self, seat: int, action: Any, now: float) -> None:
        """A computer move (bot, auto-play, timeout)."""
        self._check_can_act(seat)
        self._apply(seat, action, now)

    def _check_can_act(self, seat: int) -> None:
        if self.status != STATUS_PLAYING:
            raise IllegalMove("The game is not running.")
        if self.paused:
            raise IllegalMove("The game is paused.")
        if seat not in self.to_move():
            raise IllegalMove("It is not your turn.")

    def _apply(self, seat: int, action: Any, now: float) -> None:
        game = self.game
        game.apply(self.state, seat, action)  # raises IllegalMove and changes nothing
        self.log.append([seat, game.encode_action(action)])
        self._after_change(now)

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
        if humans_to_move and self.settings.turn_seconds:
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
            hand_over = game.phase(self.state) == PHASE_HAND_OVER
            for seat in list(self.to_move()):
                if self.computer_controls(seat) or self.status != STATUS_PLAYING:
                    continue
                for _ in range(MAX_TIMEOUT_STEPS):  # finish the turn: e.g. draw, then discard that card
                    action = game.timeout_action(self.state, seat)
                    self.act_for(seat, action, now)
                    made.append((seat, action))
                    if (self.status != STATUS_PLAYING or seat not in self.to_move() or self.commit_deadline is not None
                            or game.phase(self.state) == PHASE_HAND_OVER):
                        break
                if not hand_over:
                    self.seats[seat].autoplay = True
                    self.notice(f"{self.seats[seat].name} ran out of time; the computer plays for them.", "warning")
            if made:
                self._touch()
        return made

    def im_back(self, player_id: str, now: float) -> None:
        seat = self.seat_of(player_id)
        if seat is None or not self.seats[seat].autoplay:
            return
        self.seats[seat].autoplay = False
        self.notice(f"{self.seats[seat].name} is back.")
        if self.status == STATUS_PLAYING:
            self._after_change(now)
        else:
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

    # ----------------------------------------------------------------------------- persistence
    def to_record(self, now: float) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("state", "seats", "settings")}
        data["seats"] = [asdict(seat) for seat in self.seats]
        data["settings"] = asdict(self.settings)
        data["log"] = list(self.log)  # entries are never changed after they are written
        data["chat"] = [dict(m) for m in self.chat]
        data["notices"] = [dict(n) for n in self.notices]
        data["options"] = dict(self.options)
        data["pending_leave"] = list(self.pending_leave)
        data["schema"] = SCHEMA
        data["saved_at"] = now
        data["snapshot"] = None if self.state is None else self.game.snapshot(self.state)
        return data

    @classmethod
    def from_record(cls, data: dict[str, Any], now: float) -> Table:
        """Load a saved table. Deadlines are shifted so every timer resumes with the time it had left."""
        if data.get("schema") != SCHEMA:
            raise ValueError(f"unsupported table schema {data.get('schema')!r}")
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


def new_table(game_key: str, code: str, host_id: str, options: dict[str, Any], seed: int, now: float,
              practice: bool = False, settings: Settings | None = None) -> Table:
    game = get_game(game_key)
    opts = dict(options)
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


def clean_text(text: str, limit: int) -> str:
    """Trim, drop control characters and cap length. Shown as text, never HTML."""
    cleaned = "".join(" " if ch.isspace() else ch for ch in str(text)  # a line break becomes a space
                      if ch.isspace() or (ch.isprintable() and ch not in "\u202e\u202d"))
    return " ".join(cleaned.split())[:limit]


def clean_name(name: str) -> str:
    return clean_text(name, NAME_LIMIT) or "Player"
