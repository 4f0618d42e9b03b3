"""A table's settings (the host's choices in the lobby) and the values each may take."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from logic.game import AnyGame, IllegalMove
from logic.messages import t_msg

LOBBY_MINUTES = (5, 10, 15)
BOT_DELAYS = (0.0, 0.5, 1.0, 2.0)  # seconds a computer player waits before moving
AWAY_GRACES = (30, 120, 0)  # seconds the table waits for an away player to move; 0: never
AWAY_NEVER = 0
WATCHER_CHAT = ("off", "read", "write")  # the host's choice: no chat for watchers, read only, read and write
NEXT_HAND_CHOICES = (15, 30, 60, 0)  # seconds the summary between hands waits for the slowest reader; 0: for all


@dataclass
class Settings:
    turn_seconds: int = 0
    lobby_minutes: int = 15
    bot_delay: float = 1.0  # pacing of computer players, seconds; 0 in tests
    public: bool = True  # listed under "Live tables"
    auto_start: bool = False  # start by itself as soon as every seat is taken
    grace_scale: float = 1.0  # multiplies grace periods (tests shorten them)
    away_grace: int = 120  # seconds before the computer plays for an away player's turn; 0: never
    watcher_chat: str = "read"  # off | read | write: what watchers may do in the chat
    # seconds from the end of a hand until the next one starts for everyone (at once when all are ready); 0: it
    # waits until every person has pressed "Next hand"
    next_hand_seconds: int = 30


def change_setting(settings: Settings, game: AnyGame, key: str, value: Any) -> None:
    """Check ``value`` against the offered choices and store it; IllegalMove with a reason otherwise."""
    if key == "turn_seconds":
        if int(value) not in game.turn_timer_choices:
            raise IllegalMove(t_msg("Pick one of the offered turn timers."))
        settings.turn_seconds = int(value)
    elif key == "lobby_minutes":
        if int(value) not in LOBBY_MINUTES:
            raise IllegalMove(t_msg("The lobby can stay open 5, 10 or 15 minutes."))
        settings.lobby_minutes = int(value)
    elif key == "bot_delay":
        if float(value) not in BOT_DELAYS:
            raise IllegalMove(t_msg("Pick one of the offered computer speeds."))
        settings.bot_delay = float(value)
    elif key == "public":
        settings.public = bool(value)
    elif key == "auto_start":
        settings.auto_start = bool(value)
    elif key == "away_grace":
        if int(value) not in AWAY_GRACES:
            raise IllegalMove(t_msg("Wait 30 seconds, 2 minutes or never for a player who is away."))
        settings.away_grace = int(value)
    elif key == "watcher_chat":
        if value not in WATCHER_CHAT:
            raise IllegalMove(t_msg("Watchers' chat is off, read only, or read and write."))
        settings.watcher_chat = str(value)
    elif key == "next_hand_seconds":
        if int(value) not in NEXT_HAND_CHOICES:
            raise IllegalMove(t_msg("The next hand starts after 15, 30 or 60 seconds, or when everyone is ready."))
        settings.next_hand_seconds = int(value)
    else:
        raise IllegalMove(t_msg("Unknown setting {key}.", key=repr(key)))
