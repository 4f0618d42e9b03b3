"""A dialog with a name: screen readers announce it when it opens (axe-core's ``aria-dialog-name``)."""

from __future__ import annotations

from nicegui import ui


def named_dialog(name: str, props: str = "") -> ui.dialog:
    """``ui.dialog`` whose dialog element carries ``aria-label=name`` (Quasar puts it on the ``role=dialog`` box)."""
    dialog = ui.dialog().props(props)
    dialog.props["aria-label"] = name
    return dialog
