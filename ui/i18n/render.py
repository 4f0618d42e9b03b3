"""A :class:`logic.messages.Message` in one language: looked up in that language's catalogue, its plural form chosen
by the language's own rules, its numbers written as that language writes them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal

from logic.messages import VERBATIM_CONTEXT, Message, fill
from ui.i18n.catalogs import translations
from ui.i18n.languages import DEFAULT, PSEUDO


def number(value: int | float, code: str, pattern: str | None = None) -> str:
    """``value`` as language ``code`` writes it (``pattern``: Babel's, e.g. "0.0" for one decimal always)."""
    locale = DEFAULT if code == PSEUDO else code
    try:
        return format_decimal(value, format=pattern, locale=locale)
    except Exception:  # an unknown locale: as Python writes it
        return str(value)


def render(message: Message, code: str) -> str:
    """``message`` in language ``code``."""
    params: dict[str, Any] = {}
    for key, value in message.params.items():
        if isinstance(value, Message):
            params[key] = render(value, code)
        elif isinstance(value, bool):
            params[key] = str(value)
        elif isinstance(value, int | float):
            params[key] = number(value, code)
        else:
            params[key] = value
    if message.context == VERBATIM_CONTEXT:
        return fill(message.text, params)
    t = translations(code)
    if message.plural is not None and message.count is not None:
        n = message.params.get(message.count)
        count = int(n) if isinstance(n, int | float) else 0
        if message.context:
            text = t.npgettext(message.context, message.text, message.plural, count)
        else:
            text = t.ngettext(message.text, message.plural, count)
    elif message.context:
        text = t.pgettext(message.context, message.text)
    else:
        text = t.gettext(message.text)
    return fill(text, params)


def date_text(value: datetime, code: str, with_time: bool = False) -> str:
    """A date (and time) as language ``code`` writes it: "5 Dec 2026", "05.12.2026", "2026/12/05"."""
    if code in (DEFAULT, PSEUDO):  # as the English pages always wrote it
        return value.strftime("%d %b %Y %H:%M" if with_time else "%d %b %Y")
    try:
        if with_time:
            return format_datetime(value, "short", locale=code)
        return format_date(value, "medium", locale=code)
    except Exception:  # an unknown locale: day month year
        return value.strftime("%d %b %Y %H:%M" if with_time else "%d %b %Y")
