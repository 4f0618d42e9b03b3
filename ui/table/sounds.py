"""Short sounds at a table (your turn, a play, a win, a chat message), for every game alike.

The table page asks its :class:`TableSounds` after each change it draws. The browser plays a sound only
when the player has sounds on and has tapped or typed on the page once (``cnSound`` in ui/shell/identity.py);
the files are made by ``assets/sounds/make_sounds.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.table import STATUS_OVER, LogEntry

if TYPE_CHECKING:
    from nicegui import ui

    from ui.table.context import TableContext

SOUNDS = ("win", "turn", "message", "play")  # most important first: one sound per change


@dataclass(frozen=True)
class Seen:
    moves: int
    my_turn: bool
    over: bool
    won: bool
    others_chat: int  # chat messages by other seats
    movers: tuple[int, ...] = ()  # seats to move


def seen(ctx: TableContext) -> Seen:
    t = ctx.table
    won = False
    if t.status == STATUS_OVER and t.state is not None and ctx.seat is not None:
        outcome = t.game.outcome(t.state)
        won = outcome is not None and ctx.seat in outcome.winners
    others = sum(1 for m in t.chat if m.seat != ctx.seat)
    return Seen(len(t.log), ctx.my_turn, t.status == STATUS_OVER, won, others, tuple(t.to_move()))


def played_in_turn(log: Sequence[LogEntry], before: Seen, after: Seen) -> bool:
    """A seat that was to move made one of the new moves: a switch flipped out of turn (President's "Pass for this
    trick", Beanie's vote taken back) is no play, and chimes at nobody."""
    return any(entry.seat in before.movers for entry in log[before.moves:after.moves])


def sound_for(before: Seen, after: Seen, played: bool | None = None) -> str | None:
    """The one sound a change deserves, or None. ``played``: a move was made in turn (default: any new move)."""
    if after.over and not before.over:
        return "win" if after.won else "play"
    if after.my_turn and not before.my_turn:
        return "turn"
    if after.others_chat > before.others_chat:
        return "message"
    if after.moves > before.moves if played is None else played:
        return "play"
    return None


class TableSounds:
    """What one page has seen, so the next change can chime."""

    def __init__(self) -> None:
        self.last: Seen | None = None
        self.count = 0  # a new value of data-sound plays even the same sound again

    def update(self, ctx: TableContext, root: ui.element | None) -> str | None:
        """Play the sound for what changed since this page last looked (call inside the page's context)."""
        now = seen(ctx)
        before, self.last = self.last, now
        if before is None:
            return None
        name = sound_for(before, now, played_in_turn(ctx.table.log, before, now))
        if name is None or not bool(ctx.pref("sounds", True)):
            return None
        if root is not None:  # travels with the change itself; a script in the page plays it (ui/shell/identity.py)
            self.count += 1
            root.props["data-sound"] = f"{name} {self.count}"
        return name
