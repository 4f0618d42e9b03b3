"""Stockpile's state and controls: the pick (:class:`StockpileState`) and every tap, drag and key
(:class:`StockpileControls`), one of each per table page.

It remembers the picked card ("hand:2", "stock:1", "discard:0:3"), marks it on the board and in the hand, makes
the building piles that take it glow, and turns clicks, double-clicks, drops and Esc into moves. Selecting only
changes classes and attributes of elements already drawn (no redraw), so double-clicks and drags are never cut
short. While the others play, a player may already pick a card of their own (hand, stock or discard pile): the pick
stays while that place still shows the same card, so it is there when the turn comes. One's own move ends it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.stockpile.actions import Discard, Play
from logic.views import StockpileView
from ui.components.region import Region
from ui.i18n.viewer import _, pgettext

if TYPE_CHECKING:
    from ui.table.context import TableContext


def source_code(view: StockpileView, source: str) -> str | None:
    """The card a source would play ("hand:2" -> the third hand card), or None if it is gone."""
    parts = source.split(":")
    try:
        if parts[0] == "hand":
            return view["hand"][int(parts[1])]
        if parts[0] == "stock":
            return view["stocks"][int(parts[1])]["top"]
        if parts[0] == "discard":
            pile = view["discards"][int(parts[1])][int(parts[2])]
            return pile[-1] if pile else None
    except (IndexError, ValueError, KeyError):
        return None
    return None


def card_words(code: str | None) -> str:
    """A card as a sentence names it where it is what is played or taken ("the 7", "the wild"; German "die 7",
    "den Joker": the texts that use it take it in that one role)."""
    return pgettext("stockpile card", "the wild") if code == "W" else pgettext("stockpile card", "the {card}",
                                                                                card=code or "")


@dataclass
class StockpileState:
    """What one browser remembers between redraws: the picked card and the drawn elements that show it."""

    source: str | None = None  # the picked place: "hand:2", "stock:1", "discard:0:3"
    code: str | None = None  # the card the pick showed when it was made
    marks: dict[str, list[ui.element]] = field(default_factory=dict)  # source -> elements showing it selected
    piles: list[ui.element] = field(default_factory=list)  # the building piles, in order
    discs: list[ui.element] = field(default_factory=list)  # my own discard piles (where a hand card ends the turn)
    bar: Region | None = None  # the action bar's Region (redrawn on request after a selection)
    board: ui.element | None = None
    was_live: bool = False  # it was my turn at the last drawing of the board


class StockpileControls:
    """One page's pick, shown on the elements that show it, and every click, double-click, drop and Esc."""

    def __init__(self, ctx: TableContext[StockpileView], state: StockpileState) -> None:
        self.ctx = ctx
        self.state = state

    # ------------------------------------------------------------------------- state
    @property
    def view(self) -> StockpileView:
        return self.ctx.view

    def can_act(self) -> bool:
        return self.ctx.my_turn and self.view["phase"] == "play"

    def can_pick(self) -> bool:
        """A player may pick a card of their own also while the others play (to be ready for their turn)."""
        return (self.ctx.seat is not None and self.view.get("phase") in ("play", "pending")
                and not self.ctx.table.paused)

    def own(self, source: str) -> bool:
        """A place of the viewer's own: a hand card, their stock or one of their discard piles."""
        kind, _, rest = source.partition(":")
        return kind == "hand" or (kind in ("stock", "discard") and rest.split(":")[0] == str(self.ctx.seat))

    def begin(self) -> None:
        """A fresh draw of the board: forget drawn elements; drop a pick whose place no longer shows its card (or
        once the deal is over)."""
        # the hand is a region of its own that may keep its drawing: its marks stay (deleted ones are pruned)
        st = self.state
        st.marks = {k: v for k, v in st.marks.items() if k.startswith("hand:")}
        st.piles, st.discs = [], []
        if st.source is not None and (not self.can_pick() or source_code(self.view, st.source) != st.code):
            st.source = st.code = None

    def mark(self, source: str, el: ui.element) -> None:
        self.state.marks = {k: [e for e in v if not e.is_deleted] for k, v in self.state.marks.items()}
        self.state.marks.setdefault(source, []).append(el)

    def discard_refused(self, source: str | None) -> str | None:
        """Why the picked hand card may not end the turn on a discard pile now (the house rule "no wild discards"),
        asked of the rules; None when it may, or when the pick is no hand card on one's own turn."""
        if source is None or not source.startswith("hand:") or not self.can_act():
            return None
        return self.ctx.check(Discard(int(source[5:]), 0))

    def accepting(self, source: str | None) -> list[int]:
        if source is None:
            return []
        return [b for b, info in enumerate(self.view["build"] or []) if source in info["playable"]]

    # ------------------------------------------------------------------------- showing the selection
    def show(self, bar: bool = True) -> None:
        src = self.state.source
        for key, els in list(self.state.marks.items()):
            for el in els:
                if el.is_deleted:
                    continue
                on = key == src
                if on != ("selected" in el.classes):
                    el.classes(add="selected" if on else "", remove="" if on else "selected")
                    el.props["aria-pressed"] = "true" if on else "false"
                    el.update()
        ok = set(self.accepting(src))
        for b, el in enumerate(self.state.piles):
            self._flag(el, "glow", b in ok, "data-accepts")
        hand_card = (src is not None and src.startswith("hand:") and self.can_act()  # a discard pile ends a turn
                     and self.discard_refused(src) is None)  # (unless a house rule keeps the card off it)
        for el in self.state.discs:
            self._flag(el, "glow-discard", hand_card, "data-accepts")
        if self.state.board is not None and not self.state.board.is_deleted:
            self.state.board.props["data-selected"] = src or ""
            self.state.board.update()
        if bar and self.state.bar is not None:
            self.state.bar.refresh()

    @staticmethod
    def _flag(el: ui.element, cls: str, on: bool, attr: str) -> None:
        if el.is_deleted:
            return
        if on != (cls in el.classes):
            el.classes(add=cls if on else "", remove="" if on else cls)
        el.props[attr] = "true" if on else "false"
        el.update()

    def select(self, source: str | None) -> None:
        self.state.source = source
        self.state.code = None if source is None else source_code(self.view, source)
        self.show()

    # ------------------------------------------------------------------------- handlers
    def not_now(self) -> bool:
        if self.can_act():
            return False
        if self.view["phase"] == "pending" and self.ctx.my_turn:
            ui.notify(_("Your turn is ending: press Undo to take the discard back."), position="top")
        elif self.view["phase"] == "play":
            ui.notify(_("Wait for your turn."), position="top")
        return True

    def click_source(self, source: str) -> None:
        if not self.can_act() and not (self.can_pick() and self.own(source)):
            self.not_now()
            return
        self.select(None if self.state.source == source else source)

    def send(self, action: Any) -> None:
        """Send a move; once it is made the pick is over. A refused move keeps it (and says why)."""
        if self.ctx.send(action):
            self.state.source = self.state.code = None

    def play_first(self, source: str) -> None:
        """Double-click: play on the first pile that takes the card."""
        if self.not_now():
            return
        piles = self.accepting(source)
        if not piles:
            code = source_code(self.view, source)
            ui.notify(_("No building pile takes {card} now.", card=card_words(code)), position="top")
            self.select(None)
            return
        self.send(Play(source, piles[0]))

    def click_pile(self, b: int) -> None:
        if self.not_now():
            return
        if self.state.source is None:
            ui.notify(_("First pick a card: from your hand, your stock or a discard pile."), position="top")
            return
        self.send(Play(self.state.source, b))

    def drop_on_pile(self, b: int, source: str) -> None:
        if self.not_now():
            return
        self.send(Play(source, b))

    def click_discard(self, seat: int, p: int) -> None:
        """One of my discard piles: with a hand card selected it ends the turn, else it picks the pile's top (that
        also while the others play)."""
        if not self.can_act():
            if self.can_pick() and seat == self.ctx.seat and self.view["discards"][seat][p]:
                self.click_source(f"discard:{seat}:{p}")
            else:
                self.not_now()
            return
        src = self.state.source
        if src is not None and src.startswith("hand:") and seat == self.ctx.seat:
            self.send(Discard(int(src[5:]), p))
            return
        if self.view["discards"][seat][p]:
            self.click_source(f"discard:{seat}:{p}")
        elif seat == self.ctx.seat:
            ui.notify(_("To end your turn, pick a hand card and then one of your discard piles."), position="top")

    def drop_on_discard(self, p: int, source: str) -> None:
        if self.not_now():
            return
        if not source.startswith("hand:"):
            ui.notify(_("Only a card from your hand can go on a discard pile."), position="top")
            return
        self.send(Discard(int(source[5:]), p))

    def on_key(self, e: Any) -> None:
        if e.action.keydown and e.key == "Escape" and self.state.source is not None:
            self.select(None)
