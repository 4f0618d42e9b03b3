"""Seat API tokens: making them, hashing them, per-token rate limits and showing a new token once.

A token is 32 random bytes (URL-safe text). Only its SHA-256 goes into the table's file; the token itself is
shown to the host once, on the page that asked for it, and kept nowhere else.
"""

from __future__ import annotations

import hashlib
import math
import re
import secrets
import time
from dataclasses import dataclass, field

RATE_PER_SECOND = 40.0  # steady requests per token (a bot at a fast table makes 2-3 per move)
RATE_BURST = 80  # requests a token may make at once before it has to slow down
MAX_TOKEN_LENGTH = 200


def new_token() -> tuple[str, str]:
    """A fresh token and its hash."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


# "Bearer", one or more spaces, the token (RFC 6750's b64token) and nothing after it: a second word is refused rather
# than guessed at (a token is compared exactly, as it was shown). Spaces and tabs around the whole value are not part
# of it (RFC 9110, 5.5): some servers strip them before we see the header and some do not, so we strip them too.
BEARER_RE = re.compile(r"(?i:bearer) +([A-Za-z0-9\-._~+/]+=*)")


def bearer_token(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, or None (also for anything after the token but
    the whitespace that ends a header's value)."""
    if not header:
        return None
    match = BEARER_RE.fullmatch(header.strip(" \t"))
    if match is None or len(match.group(1)) > MAX_TOKEN_LENGTH:
        return None
    return match.group(1)


@dataclass
class Bucket:
    tokens: float
    at: float


@dataclass
class RateLimiter:
    """A token bucket per key (a token's hash): ``rate`` requests a second, bursts of ``burst``."""

    rate: float = RATE_PER_SECOND
    burst: int = RATE_BURST
    buckets: dict[str, Bucket] = field(default_factory=dict)

    def take(self, key: str, now: float | None = None) -> float:
        """Spend one request for ``key``: 0 if allowed, else the seconds to wait before the next one."""
        now = time.monotonic() if now is None else now
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / self.rate

    @staticmethod
    def retry_after(wait: float) -> str:
        """The ``Retry-After`` header value (whole seconds, at least 1)."""
        return str(max(1, math.ceil(wait)))


Reveals = dict[tuple[str, str], dict[int, str]]  # (code, player id) -> seat -> token (``Runtime.program_reveals``)


def keep_for_reveal(reveals: Reveals, code: str, player_id: str, seat: int, token: str) -> None:
    """A token made for a practice table at /new/<game>?program=1, to be shown once on its creator's table page."""
    reveals.setdefault((code, player_id), {})[seat] = token


def take_reveal(reveals: Reveals, code: str, player_id: str) -> dict[int, str]:
    """The new tokens of table ``code`` for ``player_id`` (seat -> token), forgotten once taken."""
    return reveals.pop((code, player_id), {})
