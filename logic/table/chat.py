"""What a table says: the chat of players (and of watchers when the host lets them) and the short notices
everyone sees.

Both are typed records. A notice holds a :class:`~logic.messages.Message` (a key and its parameters), so each
page shows it in its own viewer's language; a chat line holds what a person wrote, as written. Their saved form
is JSON (``to_json``/``from_json``); a notice saved before messages existed (``"text"``: an English sentence)
loads as a verbatim message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from logic.game import IllegalMove
from logic.messages import Message, t_msg
from logic.table.seats import CHAT_LIMIT, MAX_CHAT, clean_name, clean_text

if TYPE_CHECKING:
    from logic.table.model import Table

MAX_NOTICES = 40
NoticeKind = Literal["info", "warning"]


@dataclass(frozen=True, slots=True)
class Notice:
    """A short toast: ``seq`` counts up per table (a page shows the ones after the last it showed); ``seats``
    None means everyone, else only those seats."""

    seq: int
    message: Message
    kind: NoticeKind = "info"
    seats: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "message": self.message.to_json(), "kind": self.kind,
                "seats": None if self.seats is None else list(self.seats)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Notice:
        message = Message.from_json(data["message"] if "message" in data else str(data.get("text", "")))
        seats = data.get("seats")
        kind: NoticeKind = "warning" if data.get("kind") == "warning" else "info"
        return cls(int(data["seq"]), message, kind, None if seats is None else tuple(int(s) for s in seats))


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One chat message: who wrote it (``seat`` None for a watcher) and what, as written; ``at`` is on the
    table's clock (a wall-clock date in the saved form)."""

    seat: int | None
    name: str
    emoji: str
    text: str
    at: float
    watcher: bool = False

    def to_json(self, at: float | None) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "name": self.name, "emoji": self.emoji, "text": self.text, "at": at}
        if self.watcher:
            out["watcher"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any], at: float) -> ChatLine:
        seat = data.get("seat")
        return cls(None if seat is None else int(seat), str(data.get("name", "")), str(data.get("emoji", "")),
                   str(data.get("text", "")), at, bool(data.get("watcher", False)))


def notice(t: Table, message: Message, kind: NoticeKind = "info", seats: list[int] | None = None) -> None:
    """A short toast for everyone (or only ``seats``)."""
    t.notice_seq += 1
    t.notices.append(Notice(t.notice_seq, message, kind, None if seats is None else tuple(seats)))
    del t.notices[:-MAX_NOTICES]


def say(t: Table, player_id: str, text: str, now: float) -> None:
    seat = t.seat_of(player_id)
    if seat is None:
        raise IllegalMove(t_msg("Only players at this table can chat here."))
    clean = clean_text(text, CHAT_LIMIT)
    if not clean:
        raise IllegalMove(t_msg("Type a message first."))
    s = t.seats[seat]
    t.chat.append(ChatLine(seat, s.name, s.emoji, clean, now))
    del t.chat[:-MAX_CHAT]
    t.touch()


def watcher_may_read(t: Table) -> bool:
    return t.settings.watcher_chat in ("read", "write")


def watcher_say(t: Table, player_id: str, name: str, emoji: str, text: str, now: float) -> None:
    """A watcher's chat message (only when the host chose "read and write")."""
    if t.seat_of(player_id) is not None:
        raise IllegalMove(t_msg("You sit at this table: chat as a player."))
    if t.settings.watcher_chat != "write":
        raise IllegalMove(t_msg("Watchers cannot write in this table's chat."))
    clean = clean_text(text, CHAT_LIMIT)
    if not clean:
        raise IllegalMove(t_msg("Type a message first."))
    t.chat.append(ChatLine(None, clean_name(name), emoji or "👀", clean, now, watcher=True))
    del t.chat[:-MAX_CHAT]
    t.touch()
