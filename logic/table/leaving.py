"""Leaving a table: a person who goes in the lobby or during play, the host's choice of what follows, passing
the host role on, and ending a game early."""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.game import IllegalMove
from logic.messages import Message, t_msg, verbatim
from logic.table import turns
from logic.table.chat import notice
from logic.table.identity import computer_seat
from logic.table.seats import STATUS_CLOSED, STATUS_LOBBY, STATUS_PLAYING, Seat

if TYPE_CHECKING:
    from logic.table.model import Table


def leave(t: Table, player_id: str, now: float) -> None:
    seat = t.seat_of(player_id)
    if seat is None:
        return
    name = t.seats[seat].name
    if t.status == STATUS_LOBBY:
        t.seats[seat] = Seat()
        notice(t, t_msg("{name} left the table.", name=name))
        if player_id == t.host_id:
            pass_host(t, exclude=player_id)
        t.touch()
        return
    if t.status != STATUS_PLAYING:
        return
    t.seats[seat].left = True
    t.seats[seat].player_id = f"gone-{seat}"
    if player_id == t.host_id:
        pass_host(t, exclude=player_id)
    if t.host_id and t.seat_of(t.host_id) is not None:
        t.pending_leave.append(seat)
        notice(t, t_msg("{name} left. The host decides: a computer player takes the seat, or the game ends.",
                        name=name), "warning")
    else:
        replace_with_bot(t, seat)
    turns.after_change(t, now)


def resolve_leave(t: Table, by: str, seat: int, choice: str, now: float) -> None:
    if not t.is_host(by):
        raise IllegalMove(t_msg("Only the host decides that."))
    if seat not in t.pending_leave:
        raise IllegalMove(t_msg("Nobody left from that seat."))
    t.pending_leave.remove(seat)
    if choice == "bot":
        replace_with_bot(t, seat)
        notice(t, t_msg("A computer player took over seat {number}.", number=seat + 1))
        turns.after_change(t, now)
    elif choice == "end":
        t.pending_leave.clear()
        end_early(t, t_msg("The host ended the game."), now)
    else:
        raise IllegalMove(t_msg("Choose a computer player or ending the game."))


def replace_with_bot(t: Table, seat: int) -> None:
    s = t.seats[seat]
    level = t.game.bot_levels[min(1, len(t.game.bot_levels) - 1)]
    # the seat keeps its emoji (unique at the table), so melds and scores marked with it stay recognisable
    name, emoji = computer_seat(t, seat, f"{s.name} (bot)", s.emoji)
    t.seats[seat] = Seat(player_id=f"bot-{seat}", name=name, emoji=emoji, bot=level)


def pass_host(t: Table, exclude: str) -> None:
    others = [t.seats[i].player_id for i in t.humans() if t.seats[i].player_id != exclude]
    t.host_id = others[0] if others and others[0] is not None else ""
    new = t.seat_of(t.host_id) if t.host_id else None
    if new is not None:
        notice(t, t_msg("{name} is now the host.", name=t.seats[new].name))


def end_early(t: Table, reason: Message | str, now: float) -> None:
    """The table closes without a result; ``reason`` is told to everyone (a plain string is shown as written)."""
    t.status = STATUS_CLOSED
    t.finished_at = now
    t.turn_deadline = t.commit_deadline = None
    notice(t, reason if isinstance(reason, Message) else verbatim(reason), "warning")
    t.touch()
