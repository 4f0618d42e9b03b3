"""The parts of a game night's page, drawn from what they are handed (``ui/pages/night_data.py`` gathers it): the
standings, the tables of the night, the matches played, and the night's summary with its share text."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from nicegui import ui

from logic.night import Night, NightMatch, Standing, match_points
from logic.night.moments import Moment
from logic.table import STATUS_CLOSED, STATUS_LOBBY, STATUS_OVER, STATUS_PLAYING
from ui.components.region import Region
from ui.i18n import N_, _, ngettext
from ui.i18n.names import game_name
from ui.pages.night_data import NightTable, held_of, night_points
from ui.server.duplicate import Duplicates
from ui.server.hub import Hub
from ui.table.help import HOW_DUPLICATE
from ui.table.seat_wording import in_language

STATE_TEXT = {STATUS_LOBBY: N_("in the lobby"), STATUS_PLAYING: N_("playing"), STATUS_OVER: N_("finished"),
              STATUS_CLOSED: N_("ended early: not counted")}
HOW_POINTS = N_("Each match gives 0 to 100 night points: the share of the other players at your table you beat "
                "(a tie counts half). The standings rank by the average over your matches.")
HOW = {"places": HOW_POINTS, "duplicate": HOW_DUPLICATE}
ENDED_EARLY = N_("A table that ended early, or that everyone left, counts for nobody.")
HELD_BACK = N_("Waiting for the table with the same deals to finish")


def how_points(night: Night) -> str:
    """How the night's matches give night points, in the viewer's language."""
    return _(HOW.get(night.scoring, HOW_POINTS))


def who(name: str, emoji: str, computer: bool) -> str:
    text = f"{emoji} {name}".strip()
    return _("{name} (computer)", name=text) if computer else text


def standings_block(rows: Sequence[Standing], testid: str = "night-standings", held: int = 0) -> None:
    """The standings: rank, player, average night points, matches, wins; under them how many finished matches wait
    for the table with the same deals (``held``), so a TV with empty standings does not look stuck."""
    with ui.element("table").classes("night-standings w-full").props(f"data-testid={testid}"):
        with ui.element("tr"):
            for head in ("#", _("Player"), _("Points"), _("Matches"), _("Wins")):
                with ui.element("th"):
                    ui.label(head)
        for i, s in enumerate(rows):
            with ui.element("tr") as row:
                row.props.update({"data-testid": f"{testid.removesuffix('s')}-{i}", "data-rank": str(s.rank),
                                  "data-points": str(night_points(s.average)), "data-matches": str(s.matches),
                                  "data-name": s.name, "data-computer": str(s.computer).lower()})
                for text in (str(s.rank), who(s.name, s.emoji, s.computer), str(night_points(s.average)),
                             str(s.matches), str(s.wins)):
                    with ui.element("td"):
                        ui.label(text)
    if not rows:
        # grey on the page, white on the TV (assets/night.css: a colour class of Quasar's would win on the TV)
        ui.label(_("No match finished yet: the standings start with the first one.")).classes(
            "night-empty").props(f"data-testid={testid}-empty")
    if held:
        ui.label(ngettext("{n} finished match counts once the table with the same deals finishes.",
                          "{n} finished matches count once the tables with the same deals finish.", held)
                 ).classes("night-empty").props(f"data-testid={testid}-held data-count={held}")


def tables_block(rows: Sequence[NightTable], open_table: Callable[[str], None],
                 same_deals: Callable[[NightTable], None] | None = None) -> None:
    """The night's tables, newest first, with their state; a table still on opens in one tap; a table under way or
    finished can be played again at another table with the same deals (``same_deals``)."""
    with ui.column().classes("w-full gap-1").props("data-testid=night-tables"):
        if not rows:
            ui.label(_("No table yet. Start one with New table.")).classes("text-grey-8")
        for t in rows:
            with ui.row().classes("w-full items-center gap-2 q-pa-xs rounded-borders bg-grey-2 no-wrap").props(
                    f"data-testid=night-table-{t.code}") as row:
                row.props["data-state"] = t.state
                with ui.column().classes("grow gap-0 night-shrink"):
                    line = f"{game_name(t.game) if t.game else '?'} · {t.code} · {_(STATE_TEXT[t.state])}"
                    if t.round_label:
                        line += f" · {in_language(t.round_label)}"
                    ui.label(line).classes("font-bold text-sm")
                    ui.label(", ".join(t.people)).classes("text-xs text-grey-8 ellipsis")
                if same_deals is not None and t.game and t.state in (STATUS_PLAYING, STATUS_OVER):
                    ui.button(_("Same deals"), on_click=lambda t=t: same_deals(t)).classes("whitespace-nowrap").props(
                        f"dense flat no-caps color=primary data-testid=btn-night-same-deals-{t.code}").tooltip(
                        _("Another table plays these deals: the same cards, seat for seat"))
                if t.state in (STATUS_LOBBY, STATUS_PLAYING):
                    ui.button(_("Open"), on_click=lambda c=t.code: open_table(c)).props(
                        f"dense outline color=primary data-testid=btn-night-open-{t.code}")


def matches_block(night: Night, host: bool, toggle: Callable[[str, bool], None],
                  held: frozenset[str] = frozenset()) -> None:
    """The matches played, newest first: who took which place and the night points it gave (a match ``held`` back
    while a table with the same deals still plays them shows only who played). The host can take a match out of
    the standings and put it back."""
    with ui.column().classes("w-full gap-1").props("data-testid=night-matches"):
        if not night.matches:
            ui.label(_("Finished matches show up here.")).classes("text-grey-8")
        for match in reversed(night.matches):
            counted = match.code not in night.removed
            waiting = match.code in held
            with ui.row().classes("w-full items-center gap-2 q-pa-xs rounded-borders no-wrap " +
                                  ("bg-grey-2" if counted else "bg-orange-1")).props(
                    f"data-testid=night-match-{match.code}") as row:
                row.props.update({"data-counted": str(counted).lower(), "data-held-back": str(waiting).lower()})
                with ui.column().classes("grow gap-0 night-shrink"):
                    title = f"{game_name(match.game)} · {match.code}"
                    ui.label(title if counted else _("{match} (not counted)", match=title)).classes(
                        "font-bold text-sm")
                    if waiting:  # who played, and nothing of how it went
                        people = ", ".join(who(s.name, s.emoji, s.kind != "person") for s in match.seats)
                        ui.label(f"{_(HELD_BACK)} · {people}").classes("text-xs text-grey-9").props(
                            f"data-testid=night-match-held-{match.code}")
                    else:
                        ui.label(placings(night, match)).classes("text-xs text-grey-9")
                if host:
                    if counted:
                        ui.button(_("Remove"), on_click=lambda c=match.code: toggle(c, False)).props(
                            f"dense flat no-caps color=negative data-testid=btn-night-remove-{match.code}")
                    else:
                        ui.button(_("Count again"), on_click=lambda c=match.code: toggle(c, True)).props(
                            f"dense flat no-caps color=primary data-testid=btn-night-restore-{match.code}")


def placings(night: Night, match: NightMatch) -> str:
    """A match's seats by place, each with the night points it gave: "1. 🦊 Ana +100 · 2. …"."""
    points = match_points(night, match)
    parts = []
    for i in sorted(range(len(match.seats)), key=lambda i: (match.seats[i].place, i)):
        seat = match.seats[i]
        gained = f" +{night_points(points[i])}" if i in points else ""
        parts.append(f"{seat.place}. {who(seat.name, seat.emoji, seat.kind != 'person')}{gained}")
    return " · ".join(parts)


def moment_text(moment: Moment, name: str) -> str:
    """A player's best moment of the night, as one sentence about them."""
    game = game_name(moment.game)
    if moment.kind == "win":
        return ngettext("{name} won {game} by {n} point", "{name} won {game} by {n} points", moment.value,
                        name=name, game=game)
    if moment.kind == "revolution":
        return ngettext("{name} started a revolution in {game}", "{name} started {n} revolutions in {game}",
                        moment.value, name=name, game=game)
    if moment.kind == "rummy":
        return ngettext("{name} called “Rummy!” in {game}", "{name} called “Rummy!” {n} times in {game}",
                        moment.value, name=name, game=game)
    return ngettext("{name} scored {n} point in one hand of {game}", "{name} scored {n} points in one hand of {game}",
                    moment.value, name=name, game=game)


def winners_of(rows: Sequence[Standing]) -> list[Standing]:
    return [s for s in rows if s.rank == 1]


def summary_block(night: Night, rows: Sequence[Standing], moments: dict[str, Moment], most: int = 0) -> None:
    """The night's end: the winner, and each player's best moment (``most``: of the first that many players)."""
    with ui.column().classes("w-full gap-1 night-summary").props("data-testid=night-summary"):
        top = winners_of(rows)
        if top:
            names = [who(s.name, s.emoji, s.computer) for s in top]
            text = _("🏆 {name} wins the night!", name=names[0]) if len(names) == 1 else \
                _("🏆 {names} share the night!", names=", ".join(names))
            ui.label(text).classes("text-2xl font-bold").props("data-testid=night-winner")
        else:
            ui.label(_("The night ended before any match finished.")).props("data-testid=night-winner")
        for i, s in enumerate(rows[:most] if most else rows):
            moment = moments.get(s.key)
            if moment is None:
                continue
            ui.label(moment_text(moment, who(s.name, s.emoji, s.computer))).props(f"data-testid=night-moment-{i}")


def share_text(night: Night, rows: Sequence[Standing], moments: dict[str, Moment]) -> str:
    """The night in a few lines anyone can paste into a chat (the share style of a finished game)."""
    lines = [f"Card Night · {night.name}"]
    top = winners_of(rows)
    if len(top) == 1:
        lines.append(_("🏆 {name} wins the night!", name=who(top[0].name, top[0].emoji, top[0].computer)))
    elif top:
        lines.append(_("🏆 {names} share the night!", names=", ".join(who(s.name, s.emoji, s.computer) for s in top)))
    for s in rows:
        lines.append(_("{rank}. {name} — {points} night points, {matches}", rank=s.rank,
                       name=who(s.name, s.emoji, s.computer), points=night_points(s.average),
                       matches=ngettext("{n} match", "{n} matches", s.matches)))
    lines.append(ngettext("{n} match played", "{n} matches played", len(night.counted())))
    best = [moment_text(m, who(s.name, s.emoji, s.computer)) for s in rows if (m := moments.get(s.key))]
    if best:
        lines.append("")
        lines.extend(f"⭐ {text}" for text in best)
    return "\n".join(lines)


def night_attributes(root: ui.element | None, night: Night) -> None:
    """The tester contract on a night page's root (the page and its TV view): data-version, data-scoring,
    data-status."""
    if root is not None:
        root.props.update({"data-version": str(night.version), "data-scoring": night.scoring,
                           "data-status": "ended" if night.ended_at is not None else "open"})


def follow_night(root: ui.element | None, night: Night, regions: list[Region]) -> None:
    """Bring a night page's parts up to date with the night (each redrawn only if what it shows changed)."""
    for region in regions:
        region.update()
    night_attributes(root, night)


class NightView:
    """What the night's page and its TV view share: the night and the server's pieces they read, their regions and
    root, the matches held back, and the light check that follows the night (``follow``, once a second)."""

    def __init__(self, hub: Hub, night: Night, duplicates: Duplicates | None = None) -> None:
        self.hub, self.night, self.duplicates = hub, night, duplicates
        self.regions: list[Region] = []
        self.root: ui.element | None = None

    def held(self) -> frozenset[str]:
        """Matches held back: a table with the same deals still plays them."""
        return held_of(self.night, self.hub.registry, self.duplicates)

    def attributes(self) -> None:
        night_attributes(self.root, self.night)

    def follow(self) -> None:
        follow_night(self.root, self.night, self.regions)
