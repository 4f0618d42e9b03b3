""""At this table": the table's options that differ from the game's standard, in a short list (label and value from
the game's option sheet). Shown in the lobby to everyone, on the TV in the lobby and during play, and in the
table's ⓘ rules dialog (one tap away during play)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from nicegui import ui

from logic.rule_cards import Difference, differences
from ui.components.options import value_label
from ui.i18n.viewer import _, tr

if TYPE_CHECKING:
    from logic.table import Table


def table_differences(table: Table) -> list[Difference]:
    game = table.game
    return differences(game.config_model, table.options, game.table_defaults)


def differences_key(table: Table) -> Hashable:
    return tuple((d.name, d.value) for d in table_differences(table))


def value_text(d: Difference) -> str:
    """An option's value as the list shows it."""
    return value_label(d.value, dict(d.names))


def rules_link(table: Table) -> str:
    return f"/rules/{table.game_key}?table={table.code}"


def at_this_table(table: Table, *, classes: str = "", link: bool = True, item_classes: str = "") -> None:
    """The list, or nothing when the table plays the standard rules. ``link``: a "Read these rules" link to the rules
    page with this table's house rules."""
    found = table_differences(table)
    if not found:
        return
    with ui.element("div").classes(f"at-this-table {classes}").props(
            f"data-testid=at-this-table data-count={len(found)}"):
        ui.label(_("At this table")).classes("font-bold").props("data-testid=at-this-table-heading")
        with ui.element("ul").classes("list-disc q-pl-lg"):
            for d in found:
                item = ui.element("li").classes(item_classes)
                item.props.update({"data-testid": f"at-this-table-{d.name}", "data-option": d.name,
                                   "data-value": str(d.value).lower()})
                with item:
                    ui.label(_("{label}: {value}", label=tr(d.label), value=value_text(d)))
        if link:
            ui.link(_("Read these rules"), rules_link(table), new_tab=True).classes("text-sm").props(
                "data-testid=at-this-table-rules")


def house_rules_button(table: Table, open_rules: Callable[[], None]) -> None:
    """A small button in a watcher's top bar when the table plays house rules: it opens the rules dialog, with "At
    this table" at its top (a watcher who arrives during play is shown that the rules differ)."""
    found = table_differences(table)
    if not found:
        return
    label = _("House rules at this table")
    button = ui.button(icon="tune", on_click=open_rules).props(
        f"flat round dense color=white data-testid=house-rules-button data-count={len(found)}")
    button.props["aria-label"] = label
    button.tooltip(label)
