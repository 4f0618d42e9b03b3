"""Counts in words that agree with their number: "1 pt", "2 pts", "1 card", "3 hands"."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``word`` when ``n`` is 1 (or -1), else ``many`` (default: ``word`` + "s")."""
    if abs(n) == 1:
        return word
    return many if many is not None else word + "s"


def count(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word that goes with it: ``count(1, "pt")`` is "1 pt", ``count(0, "pt")`` "0 pts"."""
    return f"{n} {plural(n, word, many)}"
