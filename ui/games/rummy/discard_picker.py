"""Rummy's discard pile picker: a long pile spreads only its top cards on the table (each with a strip wide enough
for a finger), and "All N cards" opens a sheet with every card of the pile, full size and apart, to dig from: a tap
takes that card and every card above it. Cards under the spread stay in the pile's element, hidden on a phone
(assets/rummy.css), so the pile's contract (each card with ``data-card`` and ``data-depth``) holds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from nicegui import ui

from ui.components.cards import card
from ui.components.dialog import named_dialog
from ui.i18n.viewer import _, ngettext

if TYPE_CHECKING:
    from ui.table.context import Dialogs

PILE_SHOWN = 7  # a pile longer than this gets the picker; on a phone only its top PILE_SHOWN cards are spread


@dataclass
class OpenSheet:
    """The picker a page has open (kept in the page's own screen state), and the pile it shows."""

    dialog: ui.dialog | None = None
    codes: tuple[str, ...] = ()


def is_long(codes: list[str]) -> bool:
    return len(codes) > PILE_SHOWN


def picker_button(ctx: Dialogs, sheet: OpenSheet, codes: list[str], *, takeable: set[str], can_take: bool,
                  on_take: Callable[[str], None]) -> None:
    """The button under a long pile that opens the picker (nothing for a short pile). Drawn with the pile: a sheet
    still open on a pile that has changed since (another player took or discarded) closes."""
    shown = sheet.dialog
    if shown is not None and (sheet.codes != tuple(codes) or shown.is_deleted):
        sheet.dialog = None
        if not shown.is_deleted:
            shown.close()
    if not is_long(codes):
        return
    ui.button(ngettext("All {n} card", "All {n} cards", len(codes)), icon="unfold_more",
              on_click=lambda: open_picker(ctx, sheet, list(codes), takeable=set(takeable), can_take=can_take,
                                           on_take=on_take)).props(
        "dense no-caps unelevated color=white text-color=black data-testid=btn-discard-picker").classes("rm-dig")


def open_picker(ctx: Dialogs, sheet: OpenSheet, codes: list[str], *, takeable: set[str], can_take: bool,
                on_take: Callable[[str], None]) -> None:
    """The sheet: the pile bottom -> top; takeable cards (while drawing) are tappable, the others shown only."""
    with ctx.overlays or ui.context.slot.parent, named_dialog(_("Discard pile"), "position=bottom") as dialog, \
            ui.card().classes("text-black w-full max-w-3xl").props("data-testid=discard-picker"):
        with ui.row().classes("w-full items-center justify-between no-wrap"):
            ui.label(ngettext("Discard pile · {n} card", "Discard pile · {n} cards", len(codes))).classes(
                "text-lg font-bold")
            close = ui.button(icon="close", on_click=dialog.close).props(
                "flat round data-testid=btn-discard-picker-close")
            close.props["aria-label"] = _("Close")
        ui.label(_("Tap a card to take it and every card above it.") if can_take else
                 _("Bottom first, top last. When you draw, you may take a card and every card above it.")
                 ).classes("text-sm")

        def take(code: str) -> None:
            dialog.close()
            on_take(code)

        with ui.element("div").classes("rm-picker"):
            for i, code in enumerate(codes):
                depth = len(codes) - 1 - i
                ok = can_take and code in takeable
                with ui.column().classes("items-center gap-0"):
                    el = card(code, on_click=partial(take, code) if ok else None, disabled=can_take and not ok)
                    el.props.update({"data-testid": f"pick-{code}", "data-depth": str(depth),
                                     "data-takeable": "true" if ok else "false"})
                    ui.label(_("top") if depth == 0 else _("+{n} above", n=depth)).classes("text-xs text-grey-9")
    dialog.on_value_change(lambda e: None if e.value else dialog.delete())
    sheet.dialog, sheet.codes = dialog, tuple(codes)
    dialog.open()
