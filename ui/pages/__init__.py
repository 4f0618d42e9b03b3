"""Page registration."""

from __future__ import annotations


def register_pages() -> None:
    from ui.components import share  # issue 6
    from ui.pages import home, link, new, profile, rules, stats, table

    home.register()
    new.register()
    profile.register()
    rules.register()
    table.register()
    link.register()  # issue 6: link a device, stats and history, shared scorecards
    stats.register()
    share.register()
