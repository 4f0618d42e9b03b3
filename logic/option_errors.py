"""Why a game's options were refused, as a :class:`~logic.messages.Message` each viewer reads in their language.

A game's ``Config`` validators raise :class:`OptionError` with the reason as a message ("A match is 4 or 8 hands");
pydantic's own refusals (``target=abc``: not a whole number) are put in our words here. ``Game.make_config`` turns
pydantic's ``ValidationError`` into one ``OptionError`` holding every reason: ``str()`` is the English (logs, the seat
API's ``detail``), ``message`` is for the person (a ``/new`` link's error page, the lobby's notice).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from logic.messages import Message, t_msg, t_pmsg, verbatim


class OptionError(ValueError):
    """A game option a config refuses; ``message`` is for the person, in their language."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.english())
        self.message = message


def _one(err: Any) -> Message:
    """One of pydantic's errors in our words: the option's own reason when a validator gave one."""
    where = ".".join(str(p) for p in err.get("loc", ()) if p != "__root__")
    option = verbatim(where or "?")
    given = getattr((err.get("ctx") or {}).get("error"), "message", None)
    if isinstance(given, Message):
        return given
    kind = str(err.get("type", ""))
    if kind.startswith("int_") or kind in ("float_parsing", "float_type"):
        return t_msg("{option} must be a whole number", option=option)
    if kind.startswith("bool_"):
        return t_msg("{option} is true or false", option=option)
    if kind in ("literal_error", "enum"):
        expected = str((err.get("ctx") or {}).get("expected", ""))
        return t_msg("{option} must be one of {choices}", option=option, choices=verbatim(expected))
    text = str(err.get("msg", "invalid value")).removeprefix("Value error, ")  # a reason not yet in our words
    return verbatim(f"{where}: {text}" if where else text)


def option_message(exc: ValidationError) -> Message:
    """Every reason pydantic gave, in our words, one after the other ("…; …")."""
    parts = [_one(err) for err in exc.errors()]
    message = parts[-1]
    for part in reversed(parts[:-1]):
        message = t_pmsg("reasons", "{first}; {second}", first=part, second=message)
    return message
