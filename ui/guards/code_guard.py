"""Slowing down people who guess table codes, per client address (the home join box and /table/<CODE>).

After a miss, every further try from that address waits before the code is even looked up, longer after each
miss, and tries wait in line one after another, so guessing in parallel is no faster. A right code does not
reset the count (else a guesser could mix in the code of their own table); misses are forgotten after a quiet
spell.
"""

from __future__ import annotations

from nicegui import ui

from ui.i18n.viewer import N_
from ui.shell.identity import me

MISS_FORGET_SECONDS = 600.0
MISS_QUEUE_LIMIT = 60.0
# (a marker as well as the refusal: compared as it is, translated where it is shown)
TOO_MANY = N_("Too many wrong codes from this device. Wait a minute, then try again.")


def guard_key() -> str:
    """The address of the browser on the current page (its player id when the address is unknown)."""
    return ui.context.client.ip or me().player_id


class CodeGuard:
    """Misses and passes per address (one per server, held by the runtime; a test makes a fresh one)."""

    def __init__(self) -> None:
        self.misses: dict[str, tuple[int, float]] = {}  # address -> (misses, when its last queued try is answered)
        self.passes: dict[str, str] = {}  # address -> a code it may open once without waiting again (it waited)

    def miss_wait(self, key: str, now: float) -> float | None:
        """Seconds this try waits before the code is looked up; None when the address has queued too many tries."""
        count, due = self.misses.get(key, (0, 0.0))
        if count and now - due > MISS_FORGET_SECONDS:
            count, due = 0, 0.0
            self.misses.pop(key, None)
        if not count:
            return 0.0
        answer_at = max(now, due) + min(5.0, 0.25 * 2.0 ** min(count, 5))
        if answer_at - now > MISS_QUEUE_LIMIT:
            return None
        self.misses[key] = (count, answer_at)
        return answer_at - now

    def record_miss(self, key: str, now: float) -> None:
        count, due = self.misses.get(key, (0, 0.0))
        self.misses[key] = (count + 1, max(due, now))

    def grant_pass(self, key: str, code: str) -> None:
        """``key`` found ``code`` after waiting its turn: opening that table next does not wait again."""
        self.passes[key] = code

    def take_pass(self, key: str, code: str) -> bool:
        """True (once) if ``key`` was granted a pass for ``code``."""
        if self.passes.get(key) == code:
            del self.passes[key]
            return True
        return False
