"""A game-agnostic table: seats, host, options, lobby expiry, turn deadlines, pause, auto-play, leaving, who is
here, watchers, program seats, chat, notices and the action log.

Pure logic: time comes in as ``now`` and nothing here does I/O. The hub in the UI layer owns the clock (a
monotonic one), persistence and notifying pages; bots run there too (they may be slow).

Modules: ``model`` (the ``Table`` and its fields), ``seats``, ``settings``, and the jobs as functions over a
table: ``lobby``, ``turns``, ``timers``, ``away``, ``leaving``, ``watch``, ``chat``, ``program``, ``record``,
``identity`` (every seat's name and emoji unique). Callers call the jobs' functions directly
(``from logic.table import lobby`` ... ``lobby.join(table, ...)``); constants and types are gathered here.
"""

from logic.table.away import AWAY, CONNECTED, RECONNECT_SECONDS, RECONNECTING, away_text
from logic.table.chat import ChatLine, Notice, NoticeKind
from logic.table.identity import EMOJI_CHOICES, Clash, bot_identity, clash
from logic.table.model import Presence, Table, Timer, new_table
from logic.table.program import PROGRAM_EMOJI, PROGRAM_NAME
from logic.table.record import SCHEMA, TableRecord, migrate_record
from logic.table.seats import (
    CHAT_LIMIT,
    MAX_CHAT,
    NAME_LIMIT,
    STATUS_CLOSED,
    STATUS_LOBBY,
    STATUS_OVER,
    STATUS_PLAYING,
    Seat,
    clean_name,
    clean_text,
)
from logic.table.settings import (
    AWAY_GRACES,
    AWAY_NEVER,
    BOT_DELAYS,
    LOBBY_MINUTES,
    NEXT_HAND_CHOICES,
    WATCHER_CHAT,
    Settings,
)
from logic.table.turns import LogEntry

__all__ = [
    "AWAY", "AWAY_GRACES", "AWAY_NEVER", "BOT_DELAYS", "CHAT_LIMIT", "CONNECTED", "EMOJI_CHOICES", "ChatLine", "Clash",
    "LogEntry", "Notice", "NoticeKind", "Presence", "TableRecord",
    "LOBBY_MINUTES", "MAX_CHAT", "NEXT_HAND_CHOICES", "NAME_LIMIT", "PROGRAM_EMOJI", "PROGRAM_NAME", "RECONNECTING",
    "RECONNECT_SECONDS", "SCHEMA", "STATUS_CLOSED", "STATUS_LOBBY", "STATUS_OVER", "STATUS_PLAYING",
    "WATCHER_CHAT", "Seat", "Settings", "Table", "Timer", "away_text", "bot_identity", "clash", "clean_name",
    "clean_text", "migrate_record", "new_table",
]
