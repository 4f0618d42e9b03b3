"""Short sounds at a table (your turn, a play, a win, a chat message), for every game alike.

The table page calls :func:`table_sounds` after each change it draws. The browser plays a sound only
when the player has sounds on and has tapped or typed on the page once (``cnSound`` in ui/shell/identity.py);
the files are made by ``assets/sounds/make_sounds.py``.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.tables import STATUS_OVER
from ui.shell.identity import pref

if TYPE_CHECKING:
    from ui.table.page import TablePage

SOUNDS = ("win", "turn", "message", "play")  # most important first: one sound per change


@dataclass(frozen=True)
class Seen:
    moves: int
    my_turn: bool
    over: bool
    won: bool
    others_chat: int  # chat messages by other seats


def seen(page: TablePage) -> Seen:
    t = page.table
    won = False
    if t.status == STATUS_OVER and t.state is not None and page.seat is not None:
        outcome = t.game.outcome(t.state)
        won = outcome is not None and page.seat in outcome.winners
    others = sum(1 for m in t.chat if m.get("seat") != page.seat)
    return Seen(len(t.log), page.my_turn, t.status == STATUS_OVER, won, others)


def sound_for(before: Seen, after: Seen) -> str | None:
    """The one sound a change deserves, or None."""
    if after.over and not before.over:
        return "win" if after.won else "play"
    if after.my_turn and not before.my_turn:
        return "turn"
    if after.others_chat > before.others_chat:
        return "message"
    if after.moves > before.moves:
        return "play"
    return None


_last: weakref.WeakKeyDictionary[Any, Seen] = weakref.WeakKeyDictionary()
_count: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()  # a new value plays even the same sound
played: list[str] = []  # what was asked of browsers (tests read it)


def table_sounds(page: TablePage) -> str | None:
    """Play the sound for what changed since this page last looked (call inside the page's context)."""
    now = seen(page)
    before = _last.get(page)
    _last[page] = now
    if before is None:
        return None
    name = sound_for(before, now)
    if name is None or not bool(pref("sounds", True)):
        return None
    played.append(name)
    del played[:-50]
    if page.root is not None:  # travels with the change itself; a script in the page plays it (ui/shell/identity.py)
        _count[page] = _count.get(page, 0) + 1
        page.root.props["data-sound"] = f"{name} {_count[page]}"
    return name
