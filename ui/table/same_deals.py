"""Duplicate deals on the table page: how each seat did against the seat that held the same cards at another table
(a small panel in the hand-over and results screens, only for deals both tables have finished), the note for a
person who has seen the other table's play, and the challenge link of a finished practice game."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from nicegui import ui

from logic.duplicate import SeatComparison, seat_totals
from logic.table import STATUS_LOBBY, STATUS_OVER
from ui.components.dialog import named_dialog
from ui.i18n.viewer import _, ngettext
from ui.shell.frame import frame

if TYPE_CHECKING:
    from logic.table import Table
    from ui.server.duplicate import Duplicates
    from ui.server.services import Links, TableServices
    from ui.table.context import TableContext

MARKS = {1: "▲", 0: "=", -1: "▼"}


def region_key(ctx: TableContext, services: TableServices) -> Hashable:
    """The key of the table page's ``same-deals`` region: the comparisons and the challenge link."""
    return panel_key(ctx, services.duplicates), may_challenge(ctx, services)


def draw_region(ctx: TableContext, services: TableServices) -> None:
    same_deals_panel(ctx, services.duplicates)
    challenge_button(ctx, services)


def panel_key(ctx: TableContext, duplicates: Duplicates) -> Hashable:
    """What the panel shows, as a plain value: nothing outside the hand-over and results screens."""
    t = ctx.table
    if t.state is None or not (t.phase() in ("hand-over", "over") or t.status == STATUS_OVER):
        return None
    if not duplicates.in_group(t):
        return None
    return ctx.seat, duplicates.comparison_key(t)


def same_deals_panel(ctx: TableContext, duplicates: Duplicates) -> None:
    """The comparison with every other table of the group (the ``same-deals`` region of the table page)."""
    if panel_key(ctx, duplicates) is None:
        return
    t = ctx.table
    names = [s.name for s in t.seats]
    for comp in duplicates.comparisons(t):
        with ui.card().classes("w-full max-w-xl self-center text-black q-pa-sm").props(
                f"data-testid=same-deals data-other={comp.other_code} data-waiting={str(comp.waiting).lower()}"):
            ui.label(_("The same deals at table {code}", code=comp.other_code)).classes("font-bold")
            last = max((r.deal for r in comp.rows), default=0)
            if comp.waiting:
                ui.label(_("That table is still playing a deal you have finished: how you compare with it shows "
                           "here once it has finished it too.")).classes("text-sm").props(
                    "data-testid=same-deals-waiting")
            if last:
                _deal_rows(ctx, comp.other_names, names, [r for r in comp.rows if r.deal == last], last)
                _totals(ctx, list(comp.rows))
            elif not comp.waiting:
                ui.label(_("No deal finished at both tables yet.")).classes("text-sm")


def _deal_rows(ctx: TableContext, theirs: tuple[str, ...], names: list[str], rows: list[SeatComparison],
               deal: int) -> None:
    ui.label(_("Deal {n}: the same cards, seat by seat", n=deal)).classes("text-sm")
    with ui.element("table").classes("w-full text-left text-sm").props(
            f"data-testid=same-deals-deal data-deal={deal}"):
        with ui.element("tr"):
            for text in (_("Player"), _("Here"), _("There"), ""):
                with ui.element("th").classes("text-left"):
                    ui.label(text)
        for row in rows:
            mine = row.seat == ctx.seat
            with ui.element("tr").classes("font-bold" if mine else "").props(
                    f"data-testid=same-deals-row-{row.seat} data-better={row.better}"):
                with ui.element("td"):
                    ui.label(names[row.seat] if row.seat < len(names) else str(row.seat + 1))
                with ui.element("td"):
                    ui.label(_("{points} pts · place {place}", points=row.points, place=row.place))
                with ui.element("td"):
                    other = theirs[row.seat] if row.seat < len(theirs) else ""
                    ui.label(_("{name}: {points} pts · place {place}", name=other, points=row.other_points,
                               place=row.other_place))
                with ui.element("td"):
                    ui.label(MARKS[row.better]).props(f'aria-label="{_better_words(row.better)}"')


def _better_words(better: int) -> str:
    return {1: _("better"), 0: _("the same"), -1: _("worse")}[better]


def _totals(ctx: TableContext, rows: list[SeatComparison]) -> None:
    if ctx.seat is None:
        return
    better, same, worse = seat_totals(rows, ctx.seat)
    deals = better + same + worse
    ui.label(ngettext("Over {n} deal: better {better}, the same {same}, worse {worse}.",
                      "Over {n} deals: better {better}, the same {same}, worse {worse}.", deals,
                      n=deals, better=better, same=same, worse=worse)).classes("text-sm").props(
        "data-testid=same-deals-totals")


# ----------------------------------------------------------------------------------------------- before a seat
def lobby_note_key(ctx: TableContext) -> Hashable:
    return ctx.table.same_deals_as, ctx.table.deals_taken, ctx.seat is None


def lobby_note(ctx: TableContext, duplicates: Duplicates) -> None:
    """In a duplicate's lobby: whose deals it plays (its rules are that table's) and, for a person without a seat
    who has seen another table of the group play, a word before they sit (they may still)."""
    t = ctx.table
    if t.status == STATUS_LOBBY and t.deals_taken:  # the first table of a night's next game scored by same deals
        ui.label(_("This table plays the same deals as another one, so its rules stay as they are.")).classes(
            "w-full max-w-xl self-center bg-white text-black rounded q-pa-sm text-sm").props(
            "data-testid=same-deals-taken")
    if t.status != STATUS_LOBBY or t.same_deals_as is None:
        return
    ui.label(_("This table plays the same deals as table {code}, with its rules.", code=t.same_deals_as)).classes(
        "w-full max-w-xl self-center bg-white text-black rounded q-pa-sm text-sm").props(
        f"data-testid=same-deals-of data-source={t.same_deals_as}")
    if ctx.seat is None and duplicates.has_seen(t, ctx.me.player_id):
        ui.label(_("You have seen these deals played at another table. You may still take a seat, but you know "
                   "the cards: tell the others.")).classes(
            "w-full max-w-xl self-center bg-amber-2 text-black rounded q-pa-sm text-sm").props(
            "data-testid=same-deals-seen")


def held_back(duplicates: Duplicates, code: str, player_id: str | None, title: str | None = None) -> bool:
    """Whether table ``code``'s play is held back from ``player_id`` (they still play the same deals at another
    table); if so, says so on the page (inside a frame with ``title``, or plain for the TV)."""
    own = duplicates.held_back_by(code, player_id)
    if own is None:
        return False
    if title is None:
        with ui.column().classes("q-pa-lg"):
            held_back_page(code, own)
    else:
        with frame(title):
            held_back_page(code, own)
    return True


def tv_held_back(code: str) -> None:
    """The TV of a table whose deals another table still plays: a room sees a TV, so it waits for every table."""
    with ui.column().classes("q-pa-lg"):
        ui.label(_("Table {code} plays the same deals as another table that is still playing them. The TV shows it "
                   "once every table has finished.", code=code)).classes("text-lg").props(
            "data-testid=same-deals-held-back")


def held_back_page(code: str, own: str) -> None:
    """A table of the group that this viewer may not watch now (they still play the same deals at ``own``)."""
    ui.label(_("Table {code} plays the same deals as your table {own}. You can watch it once your game there is "
               "over.", code=code, own=own)).classes("text-lg").props("data-testid=same-deals-held-back")
    ui.button(_("Back to my table"), on_click=lambda: ui.navigate.to(f"/table/{own}")).props("color=primary")


# ----------------------------------------------------------------------------------------------- challenge
def challenge_url(t: Table, links: Links) -> str:
    return f"{links.base()}/new/{t.game_key}?same_deals={t.code}"


def may_challenge(ctx: TableContext, services: TableServices) -> bool:
    """A finished practice game against computer players only, begun from a deal, seen from its person's seat."""
    t = ctx.table
    if not t.practice or t.status != STATUS_OVER or ctx.seat is None or t.state is None:
        return False
    return not any(s.program_hash for s in t.seats) and services.hub.starts.get(t.code) is None


def challenge_button(ctx: TableContext, services: TableServices) -> None:
    """At the end of a practice game against the computer: a link that lets a friend play the same deals against
    the same computer players, and compare."""
    t = ctx.table
    if not may_challenge(ctx, services):
        return

    def show() -> None:
        url = challenge_url(t, services.links)
        with ctx.overlays or ui.context.slot.parent, named_dialog(_("Challenge a friend")) as dialog, ui.card(
                ).classes("min-w-[300px]").props("data-testid=challenge-dialog"):
            ui.label(_("Challenge a friend")).classes("text-lg font-bold")
            ui.label(_("Whoever opens this link plays your deals against the same computer players; at the end you "
                       "both see who did better with the same cards.")).classes("text-sm")
            box = ui.input(value=url).props("readonly outlined dense data-testid=challenge-link").classes("w-full")
            ui.button(_("Done"), on_click=dialog.close).props("flat")
        dialog.open()
        box.run_method("select")

    ui.button(_("Challenge a friend: play my deals"), icon="group", on_click=show).props(
        "outline no-caps color=white data-testid=btn-challenge").classes("self-center")
