"""Who is here: each seat's connection, the away grace and handing an away seat to a computer.

The hub tells the table which players have a page open (plain data: their player ids) and the time; everything
else is computed here from the times stored on the table. A seat whose pages all closed is *reconnecting* for
``RECONNECT_SECONDS``, then *away*. When an away person is to move and another person at the table is here, the
computer plays for the away seat once the host's grace has passed (counted from when they left), and they get the
seat back the moment a page of theirs connects again (or they press "I'm back").

Presence is not saved with the table: after a restart every person counts as just gone until their page
reconnects (pages reload by themselves when the server comes back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.game import IllegalMove
from logic.table_common import STATUS_PLAYING, Seat

if TYPE_CHECKING:
    from logic.tables import Settings

CONNECTED, RECONNECTING, AWAY = "connected", "reconnecting", "away"
RECONNECT_SECONDS = 15.0  # a page lost this recently is probably coming back (a blip, a reload)
AWAY_GRACES = (30, 120, 0)  # seconds the table waits for an away player to move; 0: never (the lobby's choices)
AWAY_NEVER = 0


def away_text(seconds: float) -> str:
    """ "away 2 min" (whole minutes; under a minute: "away")."""
    minutes = int(seconds // 60)
    return f"away {minutes} min" if minutes >= 1 else "away"


class TableAway:
    """Mixin for ``Table``: connections and the away rules. The fields live on ``Table``."""

    if TYPE_CHECKING:  # provided by Table
        host_id: str
        seats: list[Seat]
        settings: Settings
        status: str
        paused: bool
        present_ids: set[str]
        gone_since: dict[int, float]
        presence_version: int

        def seat_of(self, player_id: str | None) -> int | None: ...
        def humans(self) -> list[int]: ...
        def to_move(self) -> tuple[int, ...]: ...
        def computer_controls(self, seat: int) -> bool: ...
        def notice(self, text: str, kind: str = ..., seats: list[int] | None = ...) -> None: ...
        def _touch(self) -> None: ...
        def _after_change(self, now: float) -> None: ...

    # ----------------------------------------------------------------------------- what the hub tells us
    def update_presence(self, present: set[str], now: float) -> bool:
        """``present``: the player ids with a connected page at this table now. True if a seat came or went or the
        number of watchers changed: ``presence_version`` counts those. Presence is not part of the saved table, so
        it does not change ``version``, unless the computer lets go of a returning player's seat (a real change)."""
        watchers_before = self.watchers
        changed = False
        self.present_ids = set(present)
        for i, seat in enumerate(self.seats):
            if not seat.is_human:
                changed |= self.gone_since.pop(i, None) is not None
            elif seat.player_id in present:
                if self.gone_since.pop(i, None) is not None:
                    changed = True
                    self._returned(i, now)
            elif i not in self.gone_since:
                self.gone_since[i] = now
                changed = True
        if changed or self.watchers != watchers_before:
            self.presence_version += 1
            return True
        return False

    def mark_unseen(self, now: float) -> None:
        """After loading: nobody's page is connected yet; each person counts as gone from now."""
        self.present_ids = set()
        self.gone_since = {i: now for i in self.humans()}
        self.presence_version += 1

    @property
    def watchers(self) -> int:
        """People with a page open at this table who do not sit at it."""
        seated = {s.player_id for s in self.seats if s.is_human}
        return len(self.present_ids - seated)

    # ----------------------------------------------------------------------------- reading it
    def presence(self, seat: int, now: float) -> tuple[str, float]:
        """``(connected|reconnecting|away, seconds gone)`` for a seat; computer players are always connected."""
        gone = self.gone_since.get(seat)
        if gone is None or not self.seats[seat].is_human:
            return CONNECTED, 0.0
        seconds = max(0.0, now - gone)
        return (RECONNECTING if seconds < RECONNECT_SECONDS else AWAY), seconds

    def is_here(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].is_human and seat not in self.gone_since

    def can_hand_to_computer(self, by: str | None, seat: int) -> bool:
        """The host may hand a person's seat to a computer while they are gone; if the host is gone (or not seated),
        any person who is here may."""
        if self.status != STATUS_PLAYING or not 0 <= seat < len(self.seats):
            return False
        target = self.seats[seat]
        if not target.is_human or seat not in self.gone_since or target.autoplay:
            return False
        mine = self.seat_of(by)
        if mine is None or mine == seat or not self.is_here(mine):
            return False
        host_seat = self.seat_of(self.host_id)
        return by == self.host_id or not self.is_here(host_seat)

    # ----------------------------------------------------------------------------- acting on it
    def hand_to_computer(self, by: str, seat: int, now: float) -> None:
        if not self.can_hand_to_computer(by, seat):
            raise IllegalMove("Only the host (or, while the host is away, a player who is here) can hand the seat "
                              "of an away player to the computer.")
        self._play_for_away(seat, f"{self.seats[seat].name} is away; the computer plays for them until they return.")
        self._after_change(now)

    def away_autoplay(self, now: float) -> bool:
        """Called by the ticker: the computer takes over an away seat that is to move once the grace has passed.
        Only while another person is here (nobody waits at a table everyone left). True if it changed the table."""
        grace = self.settings.away_grace
        if self.status != STATUS_PLAYING or self.paused or grace == AWAY_NEVER or not self.gone_since:
            return False
        if not any(self.is_here(i) for i in self.humans()):
            return False
        limit = grace * self.settings.grace_scale
        due = [s for s in self.to_move() if s in self.gone_since and not self.computer_controls(s)
               and now - self.gone_since[s] >= limit]
        for seat in due:
            self._play_for_away(seat, f"{self.seats[seat].name} has been away a while; the computer plays for them "
                                      "until they return.")
        if due:
            self._after_change(now)
        return bool(due)

    def _play_for_away(self, seat: int, text: str) -> None:
        s = self.seats[seat]
        s.autoplay = True
        s.away = True
        self.notice(text, "warning")

    def _returned(self, seat: int, now: float) -> None:
        """A page of the seat's player connected again: the computer let go of an away seat at once."""
        if self.seats[seat].away:
            self._seat_back(seat, now)

    def _seat_back(self, seat: int, now: float) -> None:
        """The seat's own player (a person or a program) plays it again: the computer lets go, the count of timeouts
        in a row starts over, and everyone is told. (I'm back, a page that reconnects, a program that acts.)"""
        s = self.seats[seat]
        s.autoplay = s.away = False
        s.timeouts = 0
        self.notice(f"{s.name} is back.")
        if self.status == STATUS_PLAYING:
            self._after_change(now)
        else:
            self._touch()
