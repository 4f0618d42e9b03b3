"""The table model: every field of a live table, declared once.

The jobs live in sibling modules as functions over a ``Table``: ``lobby`` (joining, options, computer players,
the start), ``turns`` (moves and the action log), ``timers``, ``away`` (who is here), ``leaving``, ``watch``,
``chat`` (chat and notices), ``program`` (program seats) and ``record`` (the saved form). Callers call them
directly (``lobby.join(table, ...)``, ``turns.act(table, ...)``); the class holds the fields and the few
questions every job asks (``seat_of``, ``phase``, ``to_move`` ...), no forwarders (``tests/test_architecture.py``).

What is saved and what is not are told apart by type: :class:`Presence` (which pages are connected) lives only
in memory; :func:`logic.table.record.to_record` gives the saved form, a :class:`logic.table.record.TableRecord`.

Time: every time on the model is on the caller's clock, passed in as ``now``. The hub passes a monotonic clock,
so a step of the wall clock changes nothing; only :mod:`logic.table.record` turns times into what survives a
restart (time left on each timer, dates for people).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from logic.game import AnyGame, IllegalMove
from logic.registry import get_game
from logic.table.chat import ChatLine, Notice
from logic.table.seats import STATUS_CLOSED, STATUS_LOBBY, STATUS_PLAYING, Seat
from logic.table.settings import Settings
from logic.table.turns import LogEntry

Timer = Literal["turn", "lobby", "commit"]


@dataclass
class Presence:
    """Who has a page open at a table (see ``away.py``): never saved; after a restart everyone counts as just gone
    (``away.mark_unseen``)."""

    present_ids: set[str] = field(default_factory=set)  # players with a page connected
    seen_ids: set[str] = field(default_factory=set)  # players who had a page connected since the table was loaded
    gone_since: dict[int, float] = field(default_factory=dict)  # seat -> when its last page went
    version: int = 0  # changes when a seat's connection or the number of watchers does (pages redraw the seats)
    # multiplies the reconnecting window and the away grace: 1 except on a test server that shortens them
    # (CARDNIGHT_TEST_PRESENCE_SCALE, ui/server/presence.py)
    scale: float = 1.0


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
    # duplicate deals (logic/duplicate.py): the code of the table whose deals this one plays (its seed is that
    # table's, its options locked to them); None for an ordinary table
    same_deals_as: str | None = None
    # another lobby took this table's deals before it started (a game night's next game): its options stay too
    deals_taken: bool = False
    presence: Presence = field(default_factory=Presence)  # not saved
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


def new_table(game_key: str, code: str, host_id: str, options: dict[str, Any], seed: int, now: float,
              practice: bool = False, settings: Settings | None = None) -> Table:
    """An empty table in its lobby (options checked against the game's config)."""
    game = get_game(game_key)
    opts = {**game.table_defaults, **dict(options)}
    opts.setdefault("players", game.min_players)
    try:
        config = game.make_config(**opts)
    except ValueError as exc:
        raise IllegalMove.of(exc) from None
    opts = config.model_dump(mode="json")
    settings = settings or Settings(turn_seconds=0 if practice else game.default_turn_seconds)
    table = Table(code=code, game_key=game_key, options=opts, seed=seed, host_id=host_id, practice=practice,
                  created_at=now, seats=[Seat() for _ in range(opts["players"])], settings=settings)
    table.lobby_deadline = None if practice else now + 60 * settings.lobby_minutes
    return table
