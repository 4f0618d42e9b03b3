"""What a page is made of beyond NiceGUI's public API: its own language for Quasar and ``<html lang>``, the
session cookie's signer, the page heading element, and assets/islands.js's replacement here (``islands.js``,
which wraps nicegui.js's ``renderRecursively``) served at its old URL.
Breaks on upgrade: tests/ui/test_i18n_pages.py, tests/ui/test_session_cookie.py, tests/e2e/test_clock_step.py,
tests/e2e/test_islands.py, tests/ui/test_nicegui_hooks.py.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import itsdangerous
from nicegui import Client, app, ui
from nicegui.elements.mixins.text_element import TextElement
from starlette.middleware.sessions import SessionMiddleware

ISLANDS_JS = Path(__file__).with_name("islands.js")
ISLANDS_URL = "/assets/islands.js"  # its URL from before it moved here (pages and the tests load it by this)


class PageHeading(TextElement):
    """The page's ``<h1>``: NiceGUI has no heading element, and its text element base class lives deep in
    ``nicegui.elements.mixins`` (tests/ui/test_nicegui_hooks.py)."""

    def __init__(self, text: str) -> None:
        super().__init__(tag="h1", text=text)


def serve_islands() -> None:
    """Serve ``islands.js`` at :data:`ISLANDS_URL` and load it on every page (before the other scripts: motion.js
    hooks where it sees a change arrive). Call before ``/assets`` is mounted, which would shadow the URL.
    (tests/e2e/test_islands.py fails when an upgrade changes nicegui.js's ``renderRecursively``)"""
    app.add_static_file(local_file=ISLANDS_JS, url_path=ISLANDS_URL)
    ui.add_body_html(f'<script defer src="{ISLANDS_URL}"></script>', shared=True)


def set_page_language(client: Client, quasar_pack: str) -> None:
    """Give this page (client) its own language for Quasar and ``<html lang>``, whatever its route's ``ui.page``
    says. Called while the page is built, before NiceGUI writes its HTML."""
    page = getattr(client, "page", None)
    if page is None or not hasattr(page, "language"):
        raise RuntimeError("nicegui Client.page.language is gone: see ui/nicegui_internals/")
    if getattr(page, "language", None) == quasar_pack:
        return
    own = copy.copy(page)
    own.language = quasar_pack
    client.page = own


def sign_session_cookies_with(signer_type: type[itsdangerous.TimestampSigner]) -> int:
    """Give the running app's session middleware a signer of ``signer_type`` (same secret); how many were changed.

    NiceGUI adds Starlette's ``SessionMiddleware`` itself (``ui.run(storage_secret=...)``) and neither takes a signer,
    so this walks the app's built middleware stack (``app.middleware_stack``, each layer's ``.app``) and replaces
    the instance's private ``signer``. Call it at startup: Starlette builds the stack before the startup handlers run.
    (tests/ui/test_session_cookie.py, tests/e2e/test_clock_step.py)"""
    changed = 0
    layer: Any = app.middleware_stack
    while layer is not None:
        if isinstance(layer, SessionMiddleware):
            secret = layer.signer.secret_keys[-1]
            layer.signer = signer_type(secret)
            changed += 1
        layer = getattr(layer, "app", None)
    return changed
