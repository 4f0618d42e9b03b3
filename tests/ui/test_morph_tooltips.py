"""A region's redraw keeps its elements' ids (ui/components/morph.py): a tooltip, which NiceGUI's
``element.tooltip()`` draws beside its element and ties to it by id (``target="#c12"``), names the id its element has
after the redraw, so Quasar finds it (else the browser logs "Anchor: target ... not found" and the reason never
shows). Breaks if NiceGUI changes how ``tooltip()`` names its element (ui/nicegui_internals/adoption.py,
``retarget_tooltip``)."""

from __future__ import annotations

from nicegui import ui
from nicegui.testing import User

from tests.ui.test_region_morph import by_testid, region_page
from ui.components.region import Region


def tooltip_of(region: Region) -> ui.element:
    return next(el for el in region.box.descendants() if el.tag == "q-tooltip")


async def test_a_redrawn_tooltip_names_its_element_by_the_id_it_keeps(user: User) -> None:
    reason = ["Select a card first"]

    def draw() -> None:
        ui.button("Play").props("data-testid=btn-play").tooltip(reason[0])

    region = await region_page(user, "/morph-tooltip", draw)
    client = region.box.client
    for words in ("Play a pair or higher", "Play a pair or higher", "Wait for your turn"):
        reason[0] = words
        client.outbox.updates.clear()  # as if the page had been sent
        region.refresh()
        button = by_testid(region, "btn-play")
        tip = tooltip_of(region)
        assert tip.props["target"] == f"#{button.html_id}"
        assert client.elements[button.id] is button  # the id it names is on the page, this button's
        assert tip.text == words


async def test_an_unchanged_tooltip_is_not_sent_again(user: User) -> None:
    def draw() -> None:
        ui.button("Pass").props("data-testid=btn-pass").tooltip("Nothing to beat yet")

    region = await region_page(user, "/morph-tooltip-same", draw)
    client = region.box.client
    client.outbox.updates.clear()
    region.refresh()
    button = by_testid(region, "btn-pass")
    tip = tooltip_of(region)
    assert tip.props["target"] == f"#{button.html_id}"
    assert tip.id not in client.outbox.updates and button.id not in client.outbox.updates


async def test_a_tooltip_is_not_kept_for_another_element_drawn_new(user: User) -> None:
    """Another button with its tooltip in the same place (Beanie's Lay set, then Steal): the button is drawn new, and
    so is its tooltip, after it; a tooltip kept ahead of its new button named it before the browser had it."""
    which = ["btn-lay"]

    def draw() -> None:
        ui.button("Why not").props(f"data-testid={which[0]}").tooltip("Not now")

    region = await region_page(user, "/morph-tooltip-other", draw)
    old_tip = tooltip_of(region)
    which[0] = "btn-steal"
    region.refresh()
    tip = tooltip_of(region)
    assert tip.props["target"] == f"#{by_testid(region, 'btn-steal').html_id}"
    assert tip.id != old_tip.id
