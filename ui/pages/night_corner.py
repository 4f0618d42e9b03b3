"""The night's standings in a corner of a table's TV (``/tv/<CODE>``) while the table plays, when the night's host
switched it on (``Night.tv_corner``): the night's name and its first five players (three at a table of five or six,
whose seats need the room), under the seats in their column — never over the cards, the play or the turn timer.
Matches held back (a table with the same deals still plays them) stay out, as on the night's page. The corner follows
the night by itself (a light check every second)."""

from __future__ import annotations

from collections.abc import Hashable

from nicegui import ui

from logic.night import standings
from logic.table import STATUS_PLAYING, Table
from ui.components.region import Region
from ui.i18n import _
from ui.pages.night_data import held_of, night_points
from ui.server.duplicate import Duplicates
from ui.server.hub import Hub

CORNER_ROWS = 5
CROWDED_ROWS = 3  # at a table of five or six
FOLLOW_SECONDS = 1.0


class NightCorner:
    def __init__(self, hub: Hub, table: Table, duplicates: Duplicates | None = None) -> None:
        self.hub, self.table, self.duplicates = hub, table, duplicates

    def rows(self) -> int:
        return CROWDED_ROWS if len(self.table.seats) >= 5 else CORNER_ROWS

    def key(self) -> Hashable:
        night = self.hub.nights.night_of_table(self.table.code)
        if night is None or not night.tv_corner or self.table.status != STATUS_PLAYING:
            return None
        return night.code, night.version, held_of(night, self.hub.registry, self.duplicates), self.rows()

    def draw(self) -> None:
        night = self.hub.nights.night_of_table(self.table.code)
        if self.key() is None or night is None:
            return
        rows = standings(night, held=held_of(night, self.hub.registry, self.duplicates))[:self.rows()]
        with ui.element("div").classes("tv-night-corner").props(
                f"data-testid=tv-night-corner data-night={night.code}"):
            ui.label(night.name).classes("tv-corner-title")
            if not rows:
                ui.label(_("No match finished yet: the standings start with the first one.")).classes("tv-corner-empty")
            for i, s in enumerate(rows):
                with ui.element("div").classes("tv-corner-row") as row:
                    row.props.update({"data-testid": f"tv-night-corner-{i}", "data-rank": str(s.rank),
                                      "data-points": str(night_points(s.average)), "data-name": s.name,
                                      "data-matches": str(s.matches)})
                    ui.label(f"{s.rank}.")
                    # a computer player marked as in the TV's lobby: the corner is narrow
                    ui.label(f"{s.emoji} {s.name}".strip() + (" 🤖" if s.computer else "")).classes("tv-corner-name")
                    ui.label(str(night_points(s.average))).classes("tv-corner-points")


def night_corner(hub: Hub, table: Table, duplicates: Duplicates | None = None) -> Region:
    """The corner's region on a table's TV page (drawn when the night asks for it), following the night."""
    ui.add_head_html('<link rel="stylesheet" href="/assets/tv_night.css">')
    corner = NightCorner(hub, table, duplicates)
    region = Region(corner.draw, corner.key, "tv-night-corner")
    ui.timer(FOLLOW_SECONDS, region.update)
    return region
