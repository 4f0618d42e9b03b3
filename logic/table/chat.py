"""What a table says: the chat of players (and of watchers when the host lets them) and the short notices
everyone sees."""

from __future__ import annotations

from typing import TYPE_CHECKING

from logic.game import IllegalMove
from logic.table.seats import CHAT_LIMIT, MAX_CHAT, clean_name, clean_text

if TYPE_CHECKING:
    from logic.table.model import Table

MAX_NOTICES = 40


def notice(t: Table, text: str, kind: str = "info", seats: list[int] | None = None) -> None:
    """A short toast for everyone (or only ``seats``)."""
    t.notice_seq += 1
    t.notices.append({"seq": t.notice_seq, "text": text, "kind": kind, "seats": seats})
    del t.notices[:-MAX_NOTICES]


def say(t: Table, player_id: str, text: str, now: float) -> None:
    seat = t.seat_of(player_id)
    if seat is None:
        raise IllegalMove("Only players at this table can chat here.")
    clean = clean_text(text, CHAT_LIMIT)
    if not clean:
        raise IllegalMove("Type a message first.")
    s = t.seats[seat]
    t.chat.append({"seat": seat, "name": s.name, "emoji": s.emoji, "text": clean, "at": now})
    del t.chat[:-MAX_CHAT]
    t.touch()


def watcher_may_read(t: Table) -> bool:
    return t.settings.watcher_chat in ("read", "write")


def watcher_say(t: Table, player_id: str, name: str, emoji: str, text: str, now: float) -> None:
    """A watcher's chat message (only when the host chose "read and write")."""
    if t.seat_of(player_id) is not None:
        raise IllegalMove("You sit at this table: chat as a player.")
    if t.settings.watcher_chat != "write":
        raise IllegalMove("Watchers cannot write in this table's chat.")
    clean = clean_text(text, CHAT_LIMIT)
    if not clean:
        raise IllegalMove("Type a message first.")
    t.chat.append({"seat": None, "name": clean_name(name), "emoji": emoji or "👀", "text": clean, "at": now,
                   "watcher": True})
    del t.chat[:-MAX_CHAT]
    t.touch()
