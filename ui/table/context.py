"""What a part of a table screen may use: the one declared interface between the table page and what it draws.

The live table page (ui/table/page.py), a still table (replays, problem reports, rules examples:
:class:`ui.table.still.StillContext`) and the TV view each implement :class:`TableContext`, so a seat badge, a
summary or a game screen draws the same way in all of them. Parts take a context (or the narrower values they
draw), never a page object, and keep their own per-browser state as attributes of their own.

The context is four narrow interfaces, and a part takes the ones it uses: :class:`Drawing` (the table, the seat,
the view: what a part reads to draw), :class:`Acting` (send a move, run a table change, ask the rules whether a
move would do), :class:`Selecting` (the viewer's own picks, order and preferences on this page) and
:class:`Dialogs` (where a dialog opens). :class:`TableContext` is all four: what a page is and a game screen holds.

The context is generic over the view it hands out (``ctx.view``):

* ``TableContext`` (no parameter) is any table's context, as table-generic parts (seats, summary, top bar,
  lobby) take it: its view is a :class:`logic.views.TableView` (the keys every game's view has, read-only), or
  None while there is no game yet (a lobby).
* ``TableContext[RummyView]`` is the context a game screen is drawn with: its view is that game's own. The
  page makes a table's screen from the table's game key (:func:`ui.games.make_screen`) and draws it only while
  a game is on, so a screen's context always has its own game's view.

A ``TableContext[RummyView]`` is a ``TableContext`` (the view is only read, so the parameter is covariant):
a game screen hands its context to table-generic parts as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from typing_extensions import TypeVar

from logic.views import TableView

if TYPE_CHECKING:
    from nicegui import ui

    from logic.table import Table
    from ui.components.live import Refreshable
    from ui.shell.identity import Me

TableChange = Callable[["Table", float], Any]  # a change made to the table as this player: fn(table, now)

# the view a context hands out; without a parameter, any table's view or None (see the module doc)
ViewT_co = TypeVar("ViewT_co", bound=TableView | None, covariant=True, default=TableView | None)


class Drawing(Protocol[ViewT_co]):
    """What a part reads to draw: the table, whose eyes it is seen with, and what they may see."""

    @property
    def table(self) -> Table:
        """The table (a live one, or a still stand-in with the same reading surface)."""

    @property
    def seat(self) -> int | None:
        """The viewer's seat; None for a watcher (and for the middle of a still table)."""

    @property
    def view(self) -> ViewT_co:
        """``game.view(state, seat)``: everything the viewer may see, nothing else (None before the game starts)."""

    @property
    def me(self) -> Me:
        """Who the viewer is (player id, name, emoji)."""

    @property
    def is_host(self) -> bool: ...

    @property
    def my_turn(self) -> bool:
        """The viewer has a seat, it is among the seats to move, the table is not paused, the computer does not play
        the seat for them, and it is not the pause between hands."""

    def with_names(self, text: str) -> str:
        """The rules layer's "Seat 3" in players' names ("You" for the viewer)."""

    def pref(self, key: str, default: object) -> object:
        """The viewer's preference ``key`` (works outside a request: pushed redraws have none)."""


class Acting(Protocol):
    """What a control does: play, or change the table, as the viewer (the rules check it again)."""

    def act(self, change: TableChange) -> bool:
        """Run ``change`` on the table as this viewer (a refused one becomes a short notice); True if it ran."""

    def send(self, action: Any) -> bool:
        """Play ``action`` from the viewer's seat (the rules check it again). The selection is kept; cards that
        leave the hand drop out of it."""

    def check(self, action: Any) -> str | None:
        """Why ``action`` would be refused for the viewer now, or None if it is fine (asks the rules on a copy)."""


class Selecting(Protocol):
    """This viewer's own choices on their page: the cards picked up, the hand's order, preferences, and asking
    for the parts that show them to follow."""

    @property
    def selected(self) -> list[str]:
        """The cards the viewer has picked up (kept while others play)."""

    @property
    def sort_mode(self) -> str: ...

    def hand_codes(self) -> list[str]:
        """The viewer's cards in the order the page shows them."""

    def toggle_select(self, code: str) -> None: ...

    def set_sort(self, mode: str) -> None: ...

    def set_pref(self, key: str, value: object) -> None: ...

    def redraw_hand(self) -> None:
        """Bring the action bar and the hand up to date now (after a selection or another local change)."""

    def request_redraw(self) -> None:
        """Bring the parts up to date after a change only this viewer knows of (a hint): those whose keys include it
        redraw."""

    def keep_live(self, part: Refreshable) -> None:
        """Keep ``part`` up to date in place after every change (live buttons and labels of the action bar)."""


class Dialogs(Protocol):
    """Where a part opens a dialog or a sheet."""

    @property
    def overlays(self) -> ui.element | None:
        """Where dialogs are opened: outside every part that redraws."""


class TableContext(Drawing[ViewT_co], Acting, Selecting, Dialogs, Protocol[ViewT_co]):
    """A table as one viewer sees it, and what that viewer may do there: all four of the narrow interfaces, as
    a page (and a game screen) holds it. A part that only draws takes a :class:`Drawing`; one that only acts an
    :class:`Acting`."""
