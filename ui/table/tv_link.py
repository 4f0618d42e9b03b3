""""Show on a TV": the table's TV address by number (and by name where the network knows .local names), with a
QR code to open it on a smart TV, or on a laptop or stick plugged into one. Opened from the lobby and the menu."""

from __future__ import annotations

from nicegui import ui

from ui.components.dialog import named_dialog
from ui.i18n import _, viewer_language
from ui.i18n.languages import LANGUAGES
from ui.net.lan import qr_data_uri
from ui.server.services import Links


def open_tv_dialog(code: str, overlays: ui.element | None, links: Links) -> None:
    by_number, by_name = links.tv(code)
    with overlays or ui.context.slot.parent, named_dialog(_("Show this table on a TV")) as dialog, ui.card().classes(
            "items-center text-black").style("max-width: 28rem").props("data-testid=tv-dialog"):
        ui.label(_("Show this table on a TV")).classes("text-lg font-bold")
        ui.label(_("Open this address on the TV's browser, or on a laptop connected to the TV. It shows the table "
                   "for everyone; nobody's cards.")).classes("text-sm text-center")
        qr = ui.element("img").style("width: 12rem; height: 12rem")
        qr.props.update({"src": qr_data_uri(by_number), "alt": _("QR code for {url}", url=by_number),
                "data-testid": "tv-link-qr"})
        ui.label(by_number).classes("font-mono text-sm").props("data-testid=tv-link")
        if by_name:
            ui.label(_("or by name: {url}", url=by_name)).classes("font-mono text-xs text-grey-8").props(
                "data-testid=tv-link-name")
        ui.label(_("The TV speaks the language of its own browser. To change it, pick one on the TV's join screen, "
                   "or add {example} to its address: the TV keeps it for the next games.",
                   example=f"?lang={tv_example()}")).classes("text-xs text-center text-grey-8").props(
            "data-testid=tv-language-help")
        with ui.row().classes("gap-2"):
            ui.button(_("Open here"), icon="tv", on_click=lambda: ui.navigate.to(f"/tv/{code}", new_tab=True)).props(
                "outline no-caps data-testid=btn-open-tv")
            ui.button(_("Done"), on_click=dialog.close).props("flat")
    dialog.open()


def tv_example() -> str:
    """A language code for the help's example: the viewer's own (the pseudo-language's readers get German)."""
    code = viewer_language()
    return code if code in LANGUAGES and code != "en" else "de"
