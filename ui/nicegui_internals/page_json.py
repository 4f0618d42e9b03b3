"""A page's first answer escaped for HTML at the speed of ``str.replace``.

NiceGUI writes every element of a new page as JSON into the HTML it answers, escaped with
``elements.translate(HTML_ESCAPE_TABLE)``: ``str.translate`` with a table looks every character up, about 1.7 ms of a
home page visit on this machine and several times that on a Pi-class host (issue 50). The table has five entries; five
``replace`` calls give the same string some fifty times faster. ``Client.build_response`` gets its JSON from the
``json`` it imported: here that ``json``'s ``dumps`` answers a string whose ``translate`` with that very table does
the replaces; with any other table, and everywhere else, it is a plain string.

Breaks on upgrade: tests/ui/test_page_json.py (``nicegui.client.json``, ``HTML_ESCAPE_TABLE`` and the call in
``Client.build_response``).
"""

from __future__ import annotations

from typing import Any

from nicegui import client as client_module


def replaces_for(table: dict[int, Any]) -> list[tuple[str, str]] | None:
    """The table as ``(character, entity)`` replaces, ``&`` first; None where replaces in order could differ from
    ``translate`` (a replacement holding a character replaced after it, or an entry that is not text)."""
    pairs = [(chr(code), entity) for code, entity in table.items()]
    if not all(isinstance(entity, str) for _, entity in pairs):
        return None
    pairs.sort(key=lambda pair: pair[0] != "&")
    for i, (_, entity) in enumerate(pairs):
        if any(later in entity for later, _ in pairs[i + 1:]):
            return None
    return pairs


class PageJson(str):
    """``json.dumps``' answer inside ``nicegui.client``: translated for HTML by replaces."""

    __slots__ = ()
    replaces: list[tuple[str, str]] = []

    def translate(self, table: Any) -> str:
        if table is client_module.HTML_ESCAPE_TABLE:
            out = str(self)
            for char, entity in self.replaces:
                out = out.replace(char, entity)
            return out
        return str.translate(self, table)


class ClientJson:
    """Stands in for the ``json`` module inside ``nicegui.client``: its ``dumps`` answers a :class:`PageJson`."""

    def __init__(self, base: Any) -> None:
        self.base = base

    def dumps(self, *args: Any, **kwargs: Any) -> PageJson:
        return PageJson(self.base.dumps(*args, **kwargs))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.base, name)


def install() -> bool:
    """Put :class:`ClientJson` in place (once per app start); False (and NiceGUI left as it is) where its table
    cannot be done by replaces."""
    if isinstance(client_module.json, ClientJson):
        return True
    replaces = replaces_for(client_module.HTML_ESCAPE_TABLE)
    if replaces is None:
        return False
    PageJson.replaces = replaces
    client_module.json = ClientJson(client_module.json)  # type: ignore[assignment]
    return True
