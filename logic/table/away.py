"""Who is here: each seat's connection, the away grace and handing an away seat to a computer.

The hub tells the table which players have a page open (plain data: their player ids) and the time; everything
else is computed here from the times stored on the table. A seat whose pages all closed is *reconnecting* for
``RECONNECT_SECONDS``, then *away*. When an away person is to move and another person at the table is here, the
computer plays for the away seat once the host's grace has passed (counted from when they left), and they get the
seat back the moment a page of theirs connects again (or they press "I'm back").

Connections are not saved with the table, only how long each away seat had been gone: after a restart every
person counts as just gone until their page reconnects (pages reload by themselves when the server comes back),
and a seat that was already away keeps the time it had been away.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.game import IllegalMove
from logic.messages import Message, said, t_msg, t_pmsg
from logic.table import turns
from logic.table.chat import notice
from logic.table.seats import STATUS_LOBBY, STATUS_PLAYING
from logic.table.settings import AWAY_NEVER

if TYPE_CHECKING:
    from logic.table.model import Table

CONNECTED, RECONNECTING, AWAY = "connected", "reconnecting", "away"
RECONNECT_SECONDS = 15.0  # a page lost this recently is probably coming back (a blip, a reload)


def away_text(seconds: float) -> str:
    """ "away 2 min" (whole minutes; under a minute: "away"), with its message (each page shows it in its
    viewer's language)."""
    minutes = int(seconds // 60)
    return said(t_msg("away {n} min", n=minutes) if minutes >= 1 else t_pmsg("presence", "away"))


# ----------------------------------------------------------------------------- what the hub tells us
def update_presence(t: Table, present: set[str], now: float) -> bool:
    """``present``: the player ids with a connected page at this table now. True if a seat came or went or the
    number of watchers changed: ``presence.version`` counts those. Presence is not part of the saved table, so
    it does not change ``version``, unless the computer lets go of a returning player's seat (a real change)."""
    watchers_before = watchers(t)
    changed = False
    t.presence.present_ids = set(present)
    t.presence.seen_ids |= present
    for i, seat in enumerate(t.seats):
        if not seat.is_human:
            changed |= t.presence.gone_since.pop(i, None) is not None
        elif seat.player_id in present:
            if t.presence.gone_since.pop(i, None) is not None:
                changed = True
                if t.seats[i].away:  # the computer lets go of an away seat at once
                    seat_back(t, i, now)
        elif i not in t.presence.gone_since:
            t.presence.gone_since[i] = now
            changed = True
    if changed or watchers(t) != watchers_before:
        t.presence.version += 1
        return True
    return False


def mark_unseen(t: Table, now: float, gone_for: dict[int, float] | None = None) -> None:
    """After loading: nobody's page is connected yet; each person counts as gone from now, or for the seconds
    in ``gone_for`` (the seats that were away when the table was saved)."""
    gone_for = gone_for or {}
    t.presence.present_ids = set()
    t.presence.gone_since = {i: now - max(0.0, gone_for.get(i, 0.0)) for i in t.humans()}
    t.presence.version += 1


def gone_for(t: Table, now: float) -> dict[int, float]:
    """Seconds each absent person has been gone (what a restart keeps of presence)."""
    return {i: max(0.0, now - since) for i, since in t.presence.gone_since.items() if t.seats[i].is_human}


def watchers(t: Table) -> int:
    seated = {s.player_id for s in t.seats if s.is_human}
    return len(t.presence.present_ids - seated)


# ----------------------------------------------------------------------------- reading it
def presence(t: Table, seat: int, now: float) -> tuple[str, float]:
    """``(connected|reconnecting|away, seconds gone)`` for a seat; computer players are always connected."""
    gone = t.presence.gone_since.get(seat)
    if gone is None or not t.seats[seat].is_human:
        return CONNECTED, 0.0
    seconds = max(0.0, now - gone)
    return (RECONNECTING if seconds < RECONNECT_SECONDS * t.presence.scale else AWAY), seconds


def not_here_yet(t: Table, seat: int) -> bool:
    """A person seated in a lobby (by a game night's next game, say) whose page has not connected to it yet: they
    are not "reconnecting", they have not come."""
    player = t.seats[seat]
    return (t.status == STATUS_LOBBY and player.is_human and player.player_id not in t.presence.present_ids
            and player.player_id not in t.presence.seen_ids)


def is_here(t: Table, seat: int | None) -> bool:
    return seat is not None and t.seats[seat].is_human and seat not in t.presence.gone_since


def can_hand_to_computer(t: Table, by: str | None, seat: int) -> bool:
    """The host may hand a person's seat to a computer while they are gone; if the host is gone (or not seated),
    any person who is here may."""
    if t.status != STATUS_PLAYING or not 0 <= seat < len(t.seats):
        return False
    target = t.seats[seat]
    if not target.is_human or seat not in t.presence.gone_since or target.autoplay:
        return False
    mine = t.seat_of(by)
    if mine is None or mine == seat or not is_here(t, mine):
        return False
    host_seat = t.seat_of(t.host_id)
    return by == t.host_id or not is_here(t, host_seat)


# ----------------------------------------------------------------------------- acting on it
def hand_to_computer(t: Table, by: str, seat: int, now: float) -> None:
    if not can_hand_to_computer(t, by, seat):
        raise IllegalMove(t_msg("Only the host (or, while the host is away, a player who is here) can hand the "
                                "seat of an away player to the computer."))
    play_for_away(t, seat, t_msg("{name} is away; the computer plays for them until they return.",
                                  name=t.seats[seat].name))
    turns.after_change(t, now)


def away_autoplay(t: Table, now: float) -> bool:
    """Called by the ticker: the computer takes over an away seat that is to move once the grace has passed.
    Only while another person is here (nobody waits at a table everyone left). True if it changed the table."""
    grace = t.settings.away_grace
    if t.status != STATUS_PLAYING or t.paused or grace == AWAY_NEVER or not t.presence.gone_since:
        return False
    if not any(is_here(t, i) for i in t.humans()):
        return False
    limit = grace * t.settings.grace_scale * t.presence.scale
    due = [s for s in t.to_move() if s in t.presence.gone_since and not t.computer_controls(s)
           and now - t.presence.gone_since[s] >= limit]
    for seat in due:
        play_for_away(t, seat, t_msg("{name} has been away a while; the computer plays for them until they return.",
                                     name=t.seats[seat].name))
    if due:
        turns.after_change(t, now)
    return bool(due)


def play_for_away(t: Table, seat: int, message: Message) -> None:
    s = t.seats[seat]
    s.autoplay = True
    s.away = True
    notice(t, message, "warning")


def im_back(t: Table, player_id: str, now: float) -> None:
    seat = t.seat_of(player_id)
    if seat is None or not t.seats[seat].autoplay:
        return
    seat_back(t, seat, now)


def seat_back(t: Table, seat: int, now: float) -> None:
    """The seat's own player (a person or a program) plays it again: the computer lets go, the count of timeouts
    in a row starts over, and everyone is told. (I'm back, a page that reconnects, a program that acts.)"""
    s = t.seats[seat]
    s.autoplay = s.away = False
    s.timeouts = 0
    notice(t, t_msg("{name} is back.", name=s.name))
    if t.status == STATUS_PLAYING:
        turns.after_change(t, now)
    else:
        t.touch()
