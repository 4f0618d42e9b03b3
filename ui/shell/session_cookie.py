"""The browser's session cookie (who this browser is: its name and seats) survives a step back of the wall clock.

Starlette signs the cookie with the time it was signed and turns away a cookie whose age is negative, as if it were
forged. When a host's clock steps back (an NTP correction, a laptop waking with a wrong clock), every cookie signed
since the step's target time would look "from the future" for as long as the step, and each browser that reloads
would lose its seat. Our signature is still checked in full; only a negative age is allowed (the 14-day age limit
still holds). ``ui.nicegui_internals.sign_session_cookies_with`` puts this signer in the running app.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime
from typing import Literal, overload

import itsdangerous
from itsdangerous.exc import SignatureExpired

from ui.nicegui_internals import sign_session_cookies_with

log = logging.getLogger(__name__)


class ClockStepTolerantSigner(itsdangerous.TimestampSigner):
    """A ``TimestampSigner`` that takes a cookie signed "later than now": the wall clock has stepped back since."""

    @overload
    def unsign(self, signed_value: str | bytes, max_age: int | None = None,
               return_timestamp: Literal[False] = False) -> bytes: ...

    @overload
    def unsign(self, signed_value: str | bytes, max_age: int | None = None,
               return_timestamp: Literal[True] = True) -> tuple[bytes, datetime]: ...

    def unsign(self, signed_value: str | bytes, max_age: int | None = None,
               return_timestamp: bool = False) -> tuple[bytes, datetime] | bytes:
        value, signed_at = super().unsign(signed_value, max_age=None, return_timestamp=True)  # signature checked
        if max_age is not None and time.time() - signed_at.timestamp() > max_age:
            raise SignatureExpired(f"signature older than {max_age} seconds", payload=value, date_signed=signed_at)
        return (value, signed_at) if return_timestamp else value


def use_tolerant_signer() -> None:
    """At the app's startup (its middleware stack is built by then), sign session cookies with our signer."""
    if sign_session_cookies_with(ClockStepTolerantSigner) != 1:
        log.warning("session cookies keep Starlette's signer: a step back of the clock may sign browsers out")
