"""The language of the person looking at a page, and the functions that translate for them.

Chosen once per page (NiceGUI client): ``?lang=`` in the page's address (kept as the browser's choice), else the
browser's saved choice (Settings, the home page), else its ``Accept-Language`` header, else English. Everything
drawn for that page — its build, its event handlers and the redraws another player's move causes — reads it through
the page's client, so at one table each page speaks its own viewer's language.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from typing import Any

from babel.numbers import format_percent
from nicegui import context

from logic.messages import Message, Param
from ui.i18n.languages import DEFAULT, LANGUAGES, PSEUDO, known
from ui.i18n.negotiate import negotiate
from ui.i18n.render import date_text, number, render
from ui.shell.identity import pref, set_pref

CLIENT_KEY = "language"  # in the client's own storage (one page)
PREF_KEY = "language"  # in the browser's preferences (every page of that browser)
_speaking: ContextVar[str | None] = ContextVar("speaking", default=None)  # a language chosen outside any page
_drawing: list[str] = []  # the languages of the pages being drawn right now, innermost last (see drawing_in)


@contextmanager
def speaking(code: str | None) -> Iterator[None]:
    """Texts made inside speak ``code`` (an unknown one: English): for answers drawn outside a page, such as the
    scorecard image, whose address carries the page's language."""
    token = _speaking.set((known(code) if code else None) or DEFAULT)
    try:
        yield
    finally:
        _speaking.reset(token)


@contextmanager
def drawing_in(code: str) -> Iterator[None]:
    """Texts made inside speak ``code`` without looking for their page: for a page's redraw after a move, which
    otherwise finds its page through NiceGUI's slot stack for every text (some 90 texts a move at a table of four).
    Only for code that runs through without awaiting: a plain list, not a context variable, so nothing scheduled
    from inside (``call_soon``, a task: they copy context variables) inherits it — another page's redraw scheduled
    by this one keeps its own language."""
    _drawing.append(code)
    try:
        yield
    finally:
        _drawing.pop()


def viewer_language() -> str:
    """The current page's language (English outside any page)."""
    forced = _speaking.get()
    if forced is not None:
        return forced
    if _drawing:
        return _drawing[-1]
    try:
        client = context.client
    except RuntimeError:
        return DEFAULT
    cached = client.storage.get(CLIENT_KEY)
    if isinstance(cached, str):
        return cached
    code = choose_language(client)
    client.storage[CLIENT_KEY] = code
    return code


def choose_language(client: Any) -> str:
    try:
        request = getattr(client, "request", None)
    except RuntimeError:  # a client without a request (the auto-index page in tests)
        request = None
    asked = request.query_params.get("lang") if request is not None else None
    if asked:
        code = known(asked)
        if code is not None:
            if code != pref(PREF_KEY, None):
                set_pref(PREF_KEY, code)
            return code
    saved = pref(PREF_KEY, None)
    if isinstance(saved, str) and (saved in LANGUAGES or saved == PSEUDO):
        return saved
    return negotiate(request.headers.get("accept-language") if request is not None else None)


def choose(code: str) -> None:
    """This browser chose ``code`` (Settings, the home page): kept with its preferences; the page reloads to show it."""
    found = known(code)
    if found is None:
        raise ValueError(f"Unknown language {code!r}")
    set_pref(PREF_KEY, found)
    context.client.storage[CLIENT_KEY] = found


def _(text: str, /, **params: Param) -> str:
    """``text`` in the viewer's language, with ``{name}`` placeholders filled."""
    return render(Message(text, params), viewer_language())


def ngettext(singular: str, plural: str, n: int, /, **params: Param) -> str:
    """The form of ``singular``/``plural`` that ``n`` takes in the viewer's language (``{n}`` is filled)."""
    return render(Message(singular, {"n": n, **params}, plural=plural, count="n"), viewer_language())


def pgettext(context_: str, text: str, /, **params: Param) -> str:
    """``text`` in the sense ``context_`` gives it ("Pass" the button, "Pass" a move in the log)."""
    return render(Message(text, params, context=context_), viewer_language())


def N_(text: str) -> str:  # noqa: N802 - gettext's name for it
    """Marks a text kept in a table or constant for the catalogues; it is translated where it is shown (``_(x)``)."""
    return text


def tr(message: Message) -> str:
    """A stored message (a notice, a log line, a refusal) in the viewer's language."""
    return render(message, viewer_language())


def reason(exc: BaseException) -> str:
    """Why something was refused, in the viewer's language: the refusal's ``message`` (an ``IllegalMove``, an
    ``OptionError``, a ``Refused``), else its text as it is (already in the viewer's language)."""
    message = getattr(exc, "message", None)
    return tr(message) if isinstance(message, Message) else str(exc)


def date(value: datetime, with_time: bool = False) -> str:
    """A date (and time) written the viewer's way."""
    return date_text(value, viewer_language(), with_time)


def num(value: int | float, pattern: str | None = None) -> str:
    """A number written the viewer's way ("1.234,5" in German; ``pattern`` "0.0": always one decimal)."""
    return number(value, viewer_language(), pattern)


def percent(share: float) -> str:
    """0.42 → "42%" as the viewer writes it ("42 %" in French and German)."""
    code = viewer_language()
    return format_percent(share, locale=DEFAULT if code == PSEUDO else code)
