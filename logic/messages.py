"""Messages for people as keys with parameters, rendered later in each viewer's language.

The rules layer, the table and storage never hold a finished sentence in one language: a notice, a log line or a
refusal is a :class:`Message` — the English text (which is also the catalogue's key, as gettext does it) and its
parameters — and each page renders it in its own viewer's language (``ui/i18n``). Stored as JSON
(:meth:`Message.to_json`) it replays in any language, today's or one added later.

``t_msg``, ``t_nmsg`` and ``t_pmsg`` ("translatable message") are also what ``pybabel extract`` looks for (its
keywords: ``tools/i18n.sh``), so a string written with them is in the catalogues from the day it exists.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

Param: TypeAlias = "str | int | float | Message"


@dataclass(frozen=True, slots=True)
class Message:
    """``text`` with ``{name}`` placeholders filled from ``params``; ``plural`` (with ``count``, the parameter that
    chooses the form) for a message that depends on a number; ``context`` where one English text has two meanings
    ("Pass" the button, "Pass" a move in the log). A parameter may itself be a message (a card's name)."""

    text: str
    params: Mapping[str, Param] = field(default_factory=dict)
    plural: str | None = None
    count: str | None = None
    context: str | None = None

    def english(self) -> str:
        """The message in English, without any catalogue (logs, the seat API's ``detail``, tests)."""
        chosen = self.text
        if self.plural is not None and self.count is not None and self.params.get(self.count) != 1:
            chosen = self.plural
        if "{" not in chosen:  # (the rules layer says a line on every move: the common cases stay cheap)
            return chosen
        values = {k: v.english() if isinstance(v, Message) else v for k, v in self.params.items()}
        try:
            return chosen.format(**values)
        except (KeyError, ValueError, IndexError, AttributeError):
            return fill(chosen, values)

    def __str__(self) -> str:
        return self.english()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text}
        if self.params:
            out["params"] = {k: v.to_json() if isinstance(v, Message) else v for k, v in self.params.items()}
        for key in ("plural", "count", "context"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Message:
        """A stored message; a plain string (a record saved before messages existed) becomes a message that is
        shown as it is in every language."""
        if isinstance(data, str):
            return verbatim(data)
        raw = dict(data.get("params") or {})
        params = {k: cls.from_json(v) if isinstance(v, Mapping) else v for k, v in raw.items()}
        return cls(str(data["text"]), params, data.get("plural"), data.get("count"), data.get("context"))


VERBATIM_CONTEXT = "verbatim"  # a text kept as it was written (a name, an old record): never looked up


def verbatim(text: str) -> Message:
    return Message("{text}", {"text": text}, context=VERBATIM_CONTEXT)


def t_msg(text: str, /, **params: Param) -> Message:
    return Message(text, params)


def t_nmsg(singular: str, plural: str, /, count: str = "n", **params: Param) -> Message:
    """A message with a singular and a plural English form; ``params[count]`` picks the form in each language
    (by that language's own plural rules: Polish has three)."""
    if count not in params:
        raise ValueError(f"t_nmsg needs the count parameter {count!r}")
    return Message(singular, params, plural=plural, count=count)


def t_pmsg(context: str, text: str, /, **params: Param) -> Message:
    return Message(text, params, context=context)


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of a message text (catalogue checks compare them across languages)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def fill(text: str, params: Mapping[str, Any]) -> str:
    """``text`` with its placeholders filled; a placeholder without a value stays as written (never an error in
    front of a player: a catalogue check finds it first)."""
    try:
        return text.format_map(_Keep(params))
    except (ValueError, IndexError, AttributeError):
        return text


class _Keep(dict[str, Any]):
    def __init__(self, params: Mapping[str, Any]) -> None:
        super().__init__(params)

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


SEAT_CONTEXT = "seat"  # a seat named by its number ("Player 2"): each page puts the player's name in its place


@functools.cache  # (immutable, and made on every move: one per seat and word)
def seat_msg(seat: int, word: str = "Player") -> Message:
    """Seat ``seat`` (0-based) as the rules layer names it: "Player 2" (``word`` "player", "Seat", "seat" keep
    the English the messages have always had). A page replaces it with the player's name (``ui/table/seat_wording``)."""
    n = seat + 1
    if word == "player":
        return t_pmsg("seat", "player {n}", n=n)
    if word == "Seat":
        return t_pmsg("seat", "Seat {n}", n=n)
    if word == "seat":
        return t_pmsg("seat", "seat {n}", n=n)
    return t_pmsg("seat", "Player {n}", n=n)  # (the context is SEAT_CONTEXT: written out for the catalogues)


def seat_list(seats: Sequence[int], word: str = "Player") -> Message:
    """Seats named one after the other: "Player 1 and Player 3" (each a :func:`seat_msg`)."""
    return both([seat_msg(s, word) for s in seats])


def both(items: Sequence[Param]) -> Message:
    """"A and B and C" (a tie's winners): each language's own "and" between each two."""
    if len(items) == 1:
        only = items[0]
        return only if isinstance(only, Message) else verbatim(str(only))
    return t_msg("{first} and {second}", first=both(items[:-1]), second=items[-1])


def listing(items: Sequence[Message]) -> Message:
    """"A, B and C" (the parts of a turn): commas, and the language's "and" before the last."""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return t_pmsg("moves", "{first} and {second}", first=items[0], second=items[1])
    return t_pmsg("moves", "{first}, {rest}", first=items[0], rest=listing(items[1:]))


def seat_of(message: Message) -> int | None:
    """The seat (0-based) a :func:`seat_msg` names, else None."""
    n = message.params.get("n")
    return n - 1 if message.context == SEAT_CONTEXT and isinstance(n, int) else None


class Said(str):
    """A line the rules layer says, as its English text (so it reads, compares and saves as the plain string it has
    always been: views, the seat API, logs, tests) that also carries its :class:`Message`, for each page to render
    in its viewer's language. Concatenating it gives a plain string: build the whole line as one message."""

    message: Message

    def __new__(cls, message: Message) -> Said:
        self = super().__new__(cls, message.english())
        self.message = message
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles keep the message
        return (Said, (self.message,))


def said(message: Message) -> Said:
    return Said(message)


def message_of(text: str) -> Message:
    """The message behind a line: a :class:`Said`'s own, else the plain (older, or not yet moved) English line shown
    as it is."""
    return text.message if isinstance(text, Said) else verbatim(text)


def said_to_json(text: str | None) -> dict[str, Any] | str | None:
    """A line as a snapshot keeps it: a :class:`Said` as its message (JSON), so it comes back in every viewer's
    language; a plain line (or None) as it is."""
    return text.message.to_json() if isinstance(text, Said) else text


def said_from_json(data: Any) -> str | None:
    """A line restored from a snapshot (``said_to_json``); a snapshot saved before lines were messages holds the
    English line, which comes back as it is (shown as written in every language)."""
    if isinstance(data, Mapping):
        return Said(Message.from_json(data))
    return data if isinstance(data, str) else None


class Refused(ValueError):
    """A refusal a person reads (a purchase, a link code, a report, a merge): ``message`` is rendered in their
    language where it is shown (``ui/i18n/viewer.reason``); ``str()`` is its English, for logs."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.english())
        self.message = message
