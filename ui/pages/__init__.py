"""Page registration."""

from __future__ import annotations


def register_pages() -> None:
    from ui.pages import home, new, profile, rules, table

    home.register()
    new.register()
    profile.register()
    rules.register()
    table.register()
