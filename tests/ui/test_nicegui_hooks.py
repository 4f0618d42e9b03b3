"""Hooks of ui/nicegui_internals/ that have no other test: the page's ``<h1>`` element (a subclass of NiceGUI's
``TextElement``, deep in ``nicegui.elements.mixins``) and islands.js served at its old URL from beside the package.
Fails when an upgrade moves or changes the element base class."""

from __future__ import annotations

from nicegui.testing import User

from ui.nicegui_internals import PageHeading
from ui.nicegui_internals.pages import ISLANDS_JS, ISLANDS_URL


async def test_every_page_has_one_h1_with_its_title(user: User) -> None:
    await user.open("/rules")
    headings = list(user.find(kind=PageHeading).elements)
    assert len(headings) == 1
    assert headings[0].tag == "h1" and headings[0].text == "Rules"
    assert "cn-sr-only" in headings[0].classes


async def test_islands_js_is_served_at_its_old_url_and_loaded_by_every_page(user: User) -> None:
    await user.open("/rules")
    assert f'src="{ISLANDS_URL}"' in user.client.shared_body_html
    served = await user.http_client.get(ISLANDS_URL)
    assert served.status_code == 200 and served.text == ISLANDS_JS.read_text()
    assert "window.renderRecursively = function" in served.text  # the wrapper, not another assets/ file
