"""A table drawn from views that nobody plays at: a replay step, a problem report, a rules example.

The game screens (ui/games/<game>/) draw their parts for a :class:`ui.table.context.TableContext`. A
:class:`StillContext` offers the same things they read (the view, the seats, the viewer's seat) and refuses
every move, so a still table is drawn with the very parts of a live one. Every seat's part is drawn from that
seat's own ``view(state, seat)``; the middle from the spectator's ``view(state, None)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from nicegui import ui

from logic.game import AnyGame, Outcome
from logic.table import Seat
from logic.views import TableView
from ui.components.card_faces import preload_links
from ui.components.cards import still_cards
from ui.components.points import fewest_wins, score_texts
from ui.games import make_screen
from ui.i18n import N_, _
from ui.i18n.names import game_name
from ui.shell.identity import Me, pref
from ui.table.seat_wording import in_language, with_names
from ui.table.seats import seat_badge

if TYPE_CHECKING:
    from logic.table import Table

READ_ONLY = N_("This is a replay: nothing can be played here.")
# a still table's view is a game's (a replay step); the TV view's is None too while its live table has no game
StillView = TypeVar("StillView", bound=TableView | None)


@dataclass
class StillTable:
    """The parts of :class:`logic.table.Table` the game screens read, for a state nobody plays."""

    game: AnyGame
    seats: list[Seat]
    state: Any
    code: str = "REPLAY"
    version: int = 0
    log: list[Any] = field(default_factory=list)
    commit_deadline: float | None = None
    paused: bool = False
    status: str = "playing"
    next_code: str | None = None

    @property
    def game_key(self) -> str:
        return self.game.key

    def to_move(self) -> tuple[int, ...]:
        return tuple(self.game.to_move(self.state)) if self.game.outcome(self.state) is None else ()

    def seat_of(self, player_id: str | None) -> int | None:
        return None

    def seconds_left(self, now: float, timer: str = "turn") -> float | None:
        return None  # no timer runs at a still table

    def phase(self) -> str:
        return self.game.phase(self.state)

    def computer_controls(self, seat: int) -> bool:
        return False  # nobody plays a still table


class StillContext(Generic[StillView]):
    """A :class:`ui.table.context.TableContext` for a table nobody plays at: the same reading surface the game
    screens use, every action refused."""

    def __init__(self, table: StillTable | Table, seat: int | None, view: StillView) -> None:
        self._table = table
        self._seat = seat
        self._view = view
        self.screen = make_screen(table.game_key, self)
        self._selected: list[str] = []
        self._sort_mode = self.screen.sort_modes[0][0] if self.screen else ""
        self._me = Me(player_id="", name="", emoji="")

    @property
    def table(self) -> Any:  # a StillTable: the parts of a Table the screens read
        return self._table

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def view(self) -> StillView:
        return self._view

    @property
    def me(self) -> Me:
        return self._me

    @property
    def is_host(self) -> bool:
        return False

    @property
    def my_turn(self) -> bool:
        return False

    @property
    def selected(self) -> list[str]:
        return self._selected

    @property
    def sort_mode(self) -> str:
        return self._sort_mode

    @property
    def overlays(self) -> ui.element | None:
        return None

    def act(self, change: Any) -> bool:
        ui.notify(_(READ_ONLY), position="top")
        return False

    def send(self, action: Any) -> bool:
        return self.act(None)

    def check(self, action: Any) -> str | None:
        return _(READ_ONLY)

    def with_names(self, text: str) -> str:
        return with_names(text, [s.name for s in self._table.seats], self._seat)

    def hand_codes(self) -> list[str]:
        if self.screen is None:
            return []
        return self.screen.sort(self.screen.hand_codes(), self._sort_mode)

    def toggle_select(self, code: str) -> None:
        """Cards cannot be picked up at a still table."""

    def set_sort(self, mode: str) -> None:
        """Still tables keep the first sort order."""

    def redraw_hand(self) -> None:
        """Nothing to redraw: a still table changes only when it is drawn again."""

    def request_redraw(self) -> None:
        """See :meth:`redraw_hand`."""

    def keep_live(self, part: Any) -> None:
        """Nothing changes at a still table: drawn parts stay as they are."""

    def pref(self, key: str, default: object) -> object:
        return default

    def set_pref(self, key: str, value: object) -> None:
        """A still table has no viewer whose preferences could change."""


def seats_from(players: list[dict[str, Any]], count: int) -> list[Seat]:
    """Seats with the names and emoji of a finished game's (or a report's) players."""
    seats = []
    for i in range(count):
        p = players[i] if i < len(players) else {}
        seats.append(Seat(player_id=str(p.get("player_id") or f"seat-{i}"), name=str(p.get("name") or f"Seat {i + 1}"),
                          emoji=str(p.get("emoji") or "🙂"), bot=p.get("bot")))
    return seats


def preload_faces() -> None:
    """For a page that draws still tables as it opens (a rules page's examples, a replay, a report): the faces are
    fetched while the browser reads the page's head, so its first cards do not show blank for a moment."""
    ui.add_head_html(preload_links(bool(pref("four_colour", False))))


def draw_still_table(game: AnyGame, state: Any, seats: list[Seat], *, viewer: int | None = None,
                     face_up: bool = True, header: bool = True) -> None:
    """Seat badges, the middle and the hands of ``state``. ``face_up``: every seat's hand, each from that seat's
    own view, and the middle from the view of the seat to move (a finished game, a rules example); else
    everything from ``viewer``'s view and only their hand (a problem report: what they saw)."""
    table = StillTable(game=game, seats=seats, state=state)
    outcome = game.outcome(state)
    table.status = "over" if outcome is not None else "playing"
    if face_up:  # the middle as the player whose turn it is sees it (a Rummy turn shows as it is made), unnamed
        movers = table.to_move()
        middle_ctx = StillContext(table, None, game.view(state, movers[0] if movers else None))
    else:
        middle_ctx = StillContext(table, viewer, game.view(state, viewer))
    screen = middle_ctx.screen
    with ui.column().classes("cn-table felt w-full rounded-borders q-pa-sm gap-2").props(
            "data-testid=still-table"):
        if header:  # (a rules example is a partial position: no game title or round)
            with ui.row().classes("w-full items-center justify-between no-wrap"):
                ui.label(game_name(game.key)).classes("game-title font-bold text-lg")
                label = middle_ctx.view["round_label"]
                if label:
                    ui.label(in_language(label)).classes("text-sm opacity-90").props("data-testid=round-label")
        with ui.row().classes("w-full justify-center gap-2"):
            for i in range(len(seats)):
                seat_badge(middle_ctx, i)
        if outcome is not None:
            final_standings(outcome, seats)
        if screen is not None:
            with ui.column().classes("w-full items-center gap-1").props("data-testid=still-middle"):
                screen.middle()
            shown = range(len(seats)) if face_up else ([] if viewer is None else [viewer])
            with ui.element("div").classes("cn-still-hands" + (" one" if len(shown) == 1 else "")):
                for s in shown:
                    draw_hand(table, s, game.view(state, s))


def final_standings(outcome: Outcome, seats: list[Seat]) -> None:
    """The result, as the game ended (the last step of a replay)."""
    names = [seats[w].name for w in outcome.winners]
    with ui.card().classes("self-center text-black gap-1").props("data-testid=replay-standings"):
        ui.label(_("🏆 {name} wins!", name=names[0]) if len(names) == 1 else
                 _("🏆 {names} and {last} share the win!", names=", ".join(names[:-1]), last=names[-1])).classes(
            "text-lg font-bold")
        if outcome.lower_is_better:
            ui.label(fewest_wins()).classes("text-sm font-bold").props("data-testid=replay-fewest-wins")
        points = score_texts(outcome.scores, outcome.lower_is_better)
        for i in sorted(range(len(seats)), key=lambda i: (outcome.places[i], i)):
            ui.label(f"{outcome.places[i]}. {seats[i].emoji} {seats[i].name} — {points[i]}").props(
                f"data-testid=replay-standing-{i}")


def draw_hand(table: StillTable, seat: int, view: TableView) -> None:
    """Seat ``seat``'s hand, face up, drawn by the game's own hand part from that seat's view."""
    ctx = StillContext(table, seat, view)
    if ctx.screen is None:
        return
    codes = ctx.hand_codes()
    s = table.seats[seat]
    with ui.element("div").classes("cn-still-hand").props(f"data-testid=still-hand-{seat}"):
        ui.label(f"{s.emoji} {s.name}").classes("cn-still-hand-name")
        hand = ui.element("div").classes("hand w-full").style(f"--n: {max(1, len(codes))}")
        with hand, still_cards():
            ctx.screen.hand(codes)

