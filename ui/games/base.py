"""What a game's table screen provides to the shared table page: the middle area, the action bar and the hand.

The table page (ui/table/page.py) draws the top bar, seats, summaries and standings for every game and calls
these hooks for the game-specific parts. Override what differs; the defaults suit hand-of-cards games.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from nicegui import ui

from logic.views import TableView
from ui.components.card_row import CardLook, CardRow
from ui.components.cards import on_card_clicks
from ui.components.live import TOOLTIP_DELAY_MS, LiveButton, LiveLabel
from ui.i18n.viewer import N_, _, pgettext

if TYPE_CHECKING:
    from ui.table.context import Acting, Drawing, Selecting, TableContext


V = TypeVar("V", bound=TableView)  # the game's own view type (RummyView, ...)


class GameScreen(Generic[V]):
    """A game's screen for one page (made by :func:`ui.games.make_screen`): it holds its context, whose view is that
    game's own (``GameScreen[RummyView]`` draws from a ``TableContext[RummyView]``), and its own per-browser state.

    Every game follows one pattern: a ``Screen`` (this class: what is drawn where), its state (a dataclass: what this
    browser remembers between redraws) and its controls (what a tap, a drag or a button does: read in one place).
    """

    sort_modes: tuple[tuple[str, str], ...] = (("deal", "As dealt"),)
    # the hand's cards show ``ctx.selected`` with the "selected" mark, kept in place by the hand bar (a game that
    # marks its own selection another way says False)
    selection_marks = True

    def __init__(self, ctx: TableContext[V]) -> None:
        self.ctx = ctx

    @property
    def view(self) -> V:
        """The viewer's view now (the page brings it up to date after every change)."""
        return self.ctx.view

    def middle(self) -> None:
        """The shared play area (trick, piles, melds)."""

    def actions(self) -> None:
        """Buttons above the hand (at most three primary ones), each disabled with its reason when not usable."""

    def middle_key(self) -> Hashable | None:
        """Like :meth:`actions_key`, for the middle of the table (a game may draw it from parts with keys of
        their own and return what the frame around them depends on). None redraws it after every change."""
        return None

    def actions_key(self) -> Hashable | None:
        """What the action buttons depend on, as a comparable value: they redraw only when it changes.
        None (the default) redraws them after every change."""
        return None

    def results(self) -> None:
        """Extra panels under the final standings (e.g. a scorecard)."""

    def hand_codes(self) -> list[str]:
        return list(self.view["hand"])

    def sort(self, codes: list[str], mode: str) -> list[str]:
        return codes

    def on_card_click(self, code: str) -> None:
        self.ctx.toggle_select(code)

    def card_selectable(self, code: str) -> bool:
        return True

    def hand_key(self, codes: list[str]) -> Hashable | None:
        """Whatever else the hand shows besides its cards, the selection and whose turn it is, as a comparable
        value: the hand is redrawn only when that changes. None redraws it after every change (the safe choice
        for a game that overrides :meth:`hand` without saying what its cards depend on). The default hand is
        drawn once and kept up to date in place (:data:`IN_PLACE`)."""
        if type(self).hand is not GameScreen.hand:
            return None
        return IN_PLACE

    def hand(self, codes: list[str]) -> Callable[[list[str]], None] | None:
        """The viewer's cards inside the ``data-testid=hand`` element. May return a function that brings the drawn
        cards up to date after a change instead of a redraw (the default does: a selection restyles one card, a
        play removes the cards played)."""
        ctx = self.ctx
        row = CardRow(ui.context.slot.parent)

        def sync(now: list[str]) -> None:
            looks = []
            for code in now:
                can = self.card_selectable(code)
                looks.append((code, CardLook(selected=code in ctx.selected, clickable=can, disabled=not can)))
            row.sync(looks)

        def clicked(code: str) -> None:  # the code comes from the browser: only a card of this hand counts
            if code in ctx.hand_codes() and self.card_selectable(code):
                self.on_card_click(code)

        sync(codes)
        on_card_clicks(ui.context.slot.parent, clicked)
        return sync


def hand_is_over(view: Any) -> bool:
    """The hand (or the game) is over: its cards take no more picks."""
    return view is None or view["phase"] in ("hand-over", "over")


COMPUTER_PLAYS_FOR_YOU = N_("The computer is playing for you")  # shown as _(COMPUTER_PLAYS_FOR_YOU)


def rank_plural(label: str) -> str:
    """A rank as a player names several of it, in the viewer's language: "J" -> "Jacks" ("Buben"), "7" -> "7s"
    ("7er"). For texts such as "a pair of {ranks}"."""
    names = {"A": pgettext("ranks", "Aces"), "J": pgettext("ranks", "Jacks"), "Q": pgettext("ranks", "Queens"),
             "K": pgettext("ranks", "Kings")}
    return names.get(label) or pgettext("ranks", "{rank}s", rank=label)


def you_or(ctx: Drawing, seat: int) -> str:
    """The seat's name, or "You" for the viewer (as a name on its own: under a play, in a list)."""
    if seat == ctx.seat:
        return _("You")
    seats = ctx.table.seats
    return seats[seat].name if 0 <= seat < len(seats) else _("Seat {n}", n=seat + 1)


def css_word(text: str) -> str:
    """``text`` as a CSS string, for words a style sheet draws (``content: var(--badge)``) in the viewer's language."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def computer_plays_for_viewer(ctx: Drawing) -> bool:
    """The computer plays the viewer's seat (after a timeout, or while they were away): the prompt under the top
    bar says so, and an action bar says nothing that disagrees ("Waiting for your turn", "Waiting for You")."""
    return ctx.seat is not None and ctx.table.computer_controls(ctx.seat)


IN_PLACE = "in place"  # a hand_key meaning: drawn once, then updated by the function hand() returned


def action_button(ctx: Acting, text: str, testid: str, action: Any, reason: str | None,
                  primary: bool = False, icon: str | None = None) -> ui.button:
    """A button that sends ``action``; disabled with a visible reason (tooltip + data-reason) when not usable."""
    btn = ui.button(text, icon=icon, on_click=lambda: ctx.send(action) if action is not None else None).props(
        f"data-testid={testid} " + ("color=primary" if primary else "outline"))
    if reason:
        btn.disable()
        btn.tooltip(reason).props(f"delay={TOOLTIP_DELAY_MS}")
        btn.props["data-reason"] = reason
    return btn


def live_button(ctx: TableContext, text: str, testid: str, state: Callable[[], tuple[Any, str | None]],
                primary: bool = False, icon: str | None = None) -> LiveButton:
    """Like :func:`action_button`, kept up to date in place after every change (see ui/components/live.py):
    ``state()`` gives (action, reason or None). For a game whose :meth:`GameUI.actions_key` leaves out what
    only changes a button's state."""
    button = LiveButton(ctx.send, text, testid, state, primary=primary, icon=icon)
    ctx.keep_live(button)
    return button


def live_label(ctx: Selecting, text: Callable[[], str | None], classes: str = "",
               testid: str | None = None) -> LiveLabel:
    """A label kept up to date in place, hidden while ``text()`` is empty."""
    label = LiveLabel(text, classes, testid)
    ctx.keep_live(label)
    return label
