"""Who sits where: table statuses, text limits, the ``Seat`` record and cleaning of names and chat text."""

from __future__ import annotations

from dataclasses import dataclass

from logic import text_clean

MAX_CHAT = 200
CHAT_LIMIT = 300
NAME_LIMIT = 24

STATUS_LOBBY = "lobby"
STATUS_PLAYING = "playing"
STATUS_OVER = "over"  # finished with a result
STATUS_CLOSED = "closed"  # expired lobby or game ended early: no result


@dataclass
class Seat:
    """Who sits in a seat. ``player_id`` is None for an empty seat; computer players have ``bot`` set."""

    player_id: str | None = None
    name: str = ""
    emoji: str = ""
    bot: str | None = None  # bot level for a computer player
    autoplay: bool = False  # a human seat the computer plays after a timeout, until "I'm back"
    left: bool = False  # the human left during play; host decides what happens
    away: bool = False  # the computer plays because the person was away; they get the seat back on return
    timeouts: int = 0  # turn timeouts in a row (a move of their own resets it); see Game.timeouts_before_autoplay
    timed_out: bool = False  # the "turn timed out" notice waits for this person's "Got it"
    program_hash: str | None = None  # a program seat: sha256 of its API token, never the token

    @property
    def empty(self) -> bool:
        return self.player_id is None and self.bot is None

    @property
    def is_human(self) -> bool:
        """A person (not a computer player, not a program seat)."""
        return self.player_id is not None and self.bot is None and self.program_hash is None

    @property
    def is_program(self) -> bool:
        """Played from outside through the seat API; present whenever its token works (never "away")."""
        return self.program_hash is not None


def clean_text(text: str, limit: int) -> str:
    """Trim, drop control characters and direction overrides, keep emoji sequences whole (logic/text_clean.py),
    cap the length in visible characters. Shown as text, never HTML."""
    return text_clean.clean_text(text, limit)


def clean_name(name: str) -> str:
    return text_clean.clean_name(name, NAME_LIMIT) or "Player"
