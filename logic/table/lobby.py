"""The lobby: joining, seats, options, settings, computer players and starting the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from logic.game import IllegalMove
from logic.messages import Message, t_msg
from logic.table import turns
from logic.table.chat import notice
from logic.table.identity import computer_seat, seat_person
from logic.table.seats import STATUS_LOBBY, STATUS_PLAYING, Seat
from logic.table.settings import change_setting

if TYPE_CHECKING:
    from logic.table.model import Table

def join(t: Table, player_id: str, name: str, emoji: str, now: float, seat: int | None = None) -> int:
    existing = t.seat_of(player_id)
    if existing is not None:
        return existing
    if t.status != STATUS_LOBBY:
        raise IllegalMove(t_msg("This game has already started. Ask the host for a new table."))
    free = t.open_seats()
    if not free:
        raise IllegalMove(t_msg("This table is full."))
    if seat is not None and seat not in free:
        raise IllegalMove(t_msg("That seat is taken. Pick another one."))
    target = free[0] if seat is None else seat
    seat_person(t, target, player_id, name, emoji)  # a unique name and emoji; computer players give way
    notice(t, t_msg("{name} joined.", name=t.seats[target].name))
    t.touch()
    if t.settings.auto_start and not t.open_seats() and not t.practice:
        start(t, t.host_id, now)
    return target


def set_player_count(t: Table, by: str, count: int) -> None:
    require_host_lobby(t, by)
    require_own_deals(t)
    game = t.game
    if not game.min_players <= count <= game.max_players:
        raise IllegalMove(t_msg("{game} is for {low} to {high} players.", game=Message(game.title, context="game name"),
                                low=game.min_players, high=game.max_players))
    validate_options(t, {**t.options, "players": count})
    if count < len(t.seats):
        if any(not s.empty for s in t.seats[count:]):
            raise IllegalMove(t_msg("Free the last seats first: someone is sitting there."))
        del t.seats[count:]
    else:
        t.seats.extend(Seat() for _ in range(count - len(t.seats)))
    t.options["players"] = count
    t.touch()


def set_option(t: Table, by: str, key: str, value: Any) -> None:
    require_host_lobby(t, by)
    require_own_deals(t)
    if key == "players":
        set_player_count(t, by, int(value))
        return
    validate_options(t, {**t.options, key: value})
    t.options[key] = value
    t.touch()


def set_setting(t: Table, by: str, key: str, value: Any, now: float) -> None:
    require_host_lobby(t, by)
    minutes = t.settings.lobby_minutes
    change_setting(t.settings, t.game, key, value)
    if key == "lobby_minutes":  # counted from when the table was made, but at least a few seconds from now
        opened = t.created_at if t.lobby_deadline is None else t.lobby_deadline - 60 * minutes
        t.lobby_deadline = opened + 60 * t.settings.lobby_minutes
        if t.lobby_deadline <= now:
            t.lobby_deadline = now + 5
    t.touch()


def add_bot(t: Table, by: str, seat: int, level: str, name: str, emoji: str) -> None:
    require_host_lobby(t, by)
    if level not in t.game.bot_levels:
        raise IllegalMove(t_msg("Unknown level {level}.", level=repr(level)))
    if not 0 <= seat < len(t.seats) or not t.seats[seat].empty:
        raise IllegalMove(t_msg("That seat is not free."))
    name, emoji = computer_seat(t, seat, name, emoji)  # never a name or emoji already at the table
    t.seats[seat] = Seat(player_id=f"bot-{seat}", name=name, emoji=emoji, bot=level)
    t.touch()


def remove_player(t: Table, by: str, seat: int) -> None:
    """Host frees a seat in the lobby (a computer player, or a person who wandered off)."""
    require_host_lobby(t, by)
    if not 0 <= seat < len(t.seats) or t.seats[seat].empty:
        raise IllegalMove(t_msg("That seat is already empty."))
    if t.seats[seat].player_id == t.host_id:
        raise IllegalMove(t_msg("The host cannot remove themselves; use Leave."))
    t.seats[seat] = Seat()
    t.touch()


def start(t: Table, by: str, now: float) -> None:
    require_host_lobby(t, by)
    if t.open_seats():
        raise IllegalMove(t_msg("Fill every seat first: invite friends or add computer players."))
    game = t.game
    config = game.make_config(**t.options)
    t.state = game.new_game(config, t.seed)
    t.status = STATUS_PLAYING
    t.lobby_deadline = None
    notice(t, t_msg("The game has started. Good luck!"))
    turns.after_change(t, now)


def require_host_lobby(t: Table, by: str) -> None:
    if not t.is_host(by):
        raise IllegalMove(t_msg("Only the host can do that."))
    if t.status != STATUS_LOBBY:
        raise IllegalMove(t_msg("The options are locked once the game has started."))


def require_own_deals(t: Table) -> None:
    """A table with the same deals as another plays that table's options, and a table whose deals another lobby
    took keeps its own: they cannot change."""
    if t.same_deals_as is not None or t.deals_taken:
        raise IllegalMove(t_msg("This table plays the same deals as another one, so its rules stay as they are."))


def validate_options(t: Table, options: dict[str, Any]) -> None:
    try:
        t.game.make_config(**options)
    except ValueError as exc:
        raise IllegalMove.of(exc) from None
