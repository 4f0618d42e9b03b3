"""Watchers taking seats: in the lobby any computer or open seat, during play a computer seat the host offered."""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.game import IllegalMove
from logic.messages import t_msg
from logic.table import turns
from logic.table.chat import notice
from logic.table.identity import seat_person
from logic.table.seats import STATUS_LOBBY, STATUS_PLAYING

if TYPE_CHECKING:
    from logic.table.model import Table


def offer_seat(t: Table, by: str, seat: int, offered: bool = True) -> None:
    """The host offers a computer's seat to watchers during play (or takes the offer back)."""
    if not t.is_host(by):
        raise IllegalMove(t_msg("Only the host can offer a seat."))
    if t.status != STATUS_PLAYING:
        raise IllegalMove(t_msg("Seats are offered during play; in the lobby anyone can take a free seat."))
    if not 0 <= seat < len(t.seats) or t.seats[seat].bot is None:
        raise IllegalMove(t_msg("Only a computer player's seat can be offered."))
    if offered and seat not in t.offered_seats:
        t.offered_seats.append(seat)
        notice(t, t_msg("The host offers {name}'s seat to whoever is watching.", name=t.seats[seat].name))
    elif not offered and seat in t.offered_seats:
        t.offered_seats.remove(seat)
    else:
        return
    t.touch()


def can_take_seat(t: Table, player_id: str | None, seat: int) -> bool:
    if player_id is None or t.seat_of(player_id) is not None or not 0 <= seat < len(t.seats):
        return False
    s = t.seats[seat]
    if t.status == STATUS_LOBBY:
        return s.empty or s.bot is not None
    return t.status == STATUS_PLAYING and s.bot is not None and seat in t.offered_seats


def take_seat(t: Table, player_id: str, name: str, emoji: str, seat: int, now: float) -> None:
    """A watcher sits down in a computer's (or, in the lobby, an open) seat; the game goes on from there."""
    if not can_take_seat(t, player_id, seat):
        raise IllegalMove(t_msg("That seat is not free to take."))
    before = t.seats[seat]
    seat_person(t, seat, player_id, name, emoji)  # a unique name and emoji; computer players give way
    if seat in t.offered_seats:
        t.offered_seats.remove(seat)
    if before.bot is not None:
        notice(t, t_msg("{name} took seat {number} from {before}.", name=t.seats[seat].name, number=seat + 1,
                        before=before.name))
    else:
        notice(t, t_msg("{name} took seat {number}.", name=t.seats[seat].name, number=seat + 1))
    if t.status == STATUS_PLAYING:
        turns.after_change(t, now)  # deadlines for a person now, if a turn timer runs
    else:
        t.touch()
