"""Seat badges along the top: emoji, name, cards left, title, status chips, presence (connected, reconnecting,
away for how long) and its actions; the seat to move is framed."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING

from nicegui import ui

from logic.game import PHASE_HAND_OVER
from logic.views import SeatView
from ui.components.region import Region
from ui.i18n import _
from ui.i18n.names import level_name
from ui.i18n.viewer import pgettext
from ui.table.presence_badge import PRESENCE_REFRESH_SECONDS, patch_presence, presence_actions, presence_actions_key
from ui.table.seat_wording import in_language

if TYPE_CHECKING:
    from logic.table import Table
    from ui.table.context import TableContext


class SeatStrip:
    """The row of badges; each badge is its own region, so a move redraws only the badges it changed (the seat
    that moved and the seat now to move)."""

    def __init__(self, ctx: TableContext, in_game: Callable[[], bool]) -> None:
        self.ctx = ctx
        self.in_game = in_game
        self.refs: dict[int, tuple[ui.element, ui.label | None]] = {}  # seat -> (badge, cards-left label)
        self.presence_labels: dict[int, ui.label] = {}
        # "reconnecting" turns into "away", "away 1 min" into "away 2 min" with time alone: read on this page's
        # own timer (a message goes out only when a text changes), not pushed by the server
        ui.timer(PRESENCE_REFRESH_SECONDS, self.patch_presence)

    def order(self) -> list[int]:
        """Others first, clockwise from me; my own badge last."""
        order = list(range(len(self.ctx.table.seats)))
        mine = self.ctx.seat
        return order if mine is None else order[mine + 1:] + order[:mine] + [mine]

    def key(self) -> Hashable:
        return (tuple(self.order()), self.ctx.seat) if self.in_game() else None

    def draw(self) -> None:
        if not self.in_game():
            return
        order = self.order()  # (seat-row-N: a phone keeps up to four badges in one row, assets/cardnight.css)
        with ui.row().classes(f"w-full justify-center gap-2 seat-row seat-row-{len(order)}"):
            for i in order:
                Region.part(partial(self.draw_badge, i), partial(badge_key, self.ctx, i),
                            patch=partial(self.patch_badge, i))

    def draw_badge(self, i: int) -> None:
        self.refs[i] = seat_badge(self.ctx, i)
        with self.refs[i][0]:
            self.presence_labels[i] = ui.label("").classes("presence-chip").props(f"data-testid=seat-{i}-presence")
            Region.part(lambda: presence_actions(self.ctx, i), lambda: presence_actions_key(self.ctx, i))
        self.patch_presence(only=i)

    def patch_presence(self, only: int | None = None) -> None:
        if not self.in_game():
            return
        for i, (badge, _cards) in list(self.refs.items()):
            if only is None or i == only:
                patch_presence(self.ctx.table, i, badge, self.presence_labels.get(i))

    def patch_badge(self, i: int) -> None:
        """The turn frame and the count of cards change with nearly every move: set them in place."""
        badge, cards = self.refs.get(i, (None, None))
        if badge is None or badge.is_deleted:
            return
        patch_turn_and_cards(self.ctx, i, badge, cards)
        patch_presence(self.ctx.table, i, badge, self.presence_labels.get(i))


def patch_turn_and_cards(ctx: TableContext, i: int, badge: ui.element, cards: ui.label | None) -> None:
    """Seat ``i``'s turn frame, ``data-turn`` and count of cards set in place on its drawn badge."""
    t = ctx.table
    moving = i in t.to_move()
    framed = framed_turn(t, moving)
    if framed != ("turn" in badge.classes):
        badge.classes(add="turn" if framed else "", remove="" if framed else "turn")
    if badge.props.get("data-turn") != ("true" if moving else "false"):
        badge.props["data-turn"] = "true" if moving else "false"
    if cards is not None and not cards.is_deleted:
        text = cards_text(seat_info(ctx, i))
        if cards.text != text:
            cards.set_text(text)


def framed_turn(t: Table, moving: bool) -> bool:
    """The gold frame of the seat to move: not while paused, nor between hands (``data-turn`` still lists who has
    not pressed "Next hand" yet; the summary says who it waits for)."""
    return moving and not t.paused and t.phase() != PHASE_HAND_OVER


def seat_info(ctx: TableContext, i: int) -> SeatView | None:
    """What the view shows of seat ``i``; None when there is no view (yet) or it has no such seat."""
    view = ctx.view
    infos = view["seats"] if view is not None else []
    return infos[i] if i < len(infos) else None


def cards_text(info: SeatView | None) -> str:
    return f"🂠 {info['cards']}" if info is not None else ""


def badge_key(ctx: TableContext, i: int) -> Hashable:
    """What seat ``i``'s badge shows, but for the turn frame and the count of cards (patched in place) and its
    chips (a part of their own: "passed" comes and goes with nearly every trick)."""
    s = ctx.table.seats[i]
    return s.name, s.emoji, seat_info(ctx, i) is not None, ctx.seat


def chips_key(ctx: TableContext, i: int) -> Hashable:
    s = ctx.table.seats[i]
    info = seat_info(ctx, i)
    return s.bot, s.autoplay, s.left, repr({k: v for k, v in info.items() if k != "cards"} if info is not None else {})


def chip_name(text: str) -> str:
    """A seat's title or status chip (the games' views name them by English keys) in the viewer's language: only the
    one asked for is looked up (a seat's chips are drawn at every change of them: issue 50)."""
    word = CHIP_WORDS.get(text)
    return word() if word is not None else text


VICE = ("Vice", "Vize", "Wice")  # "Vicepresidente", "Vizepräsident", "Wiceprezydent"


def soft_break(title: str) -> str:
    """A one-word vice title may break after its "Vice" ("Vice-/presidente") when its badge is narrower than the word
    (a phone with four seats): a soft hyphen, unseen unless the line breaks there."""
    for prefix in VICE:
        if title.startswith(prefix) and title[len(prefix):len(prefix) + 1].isalpha():
            return f"{prefix}\u00ad{title[len(prefix):]}"
    return title


CHIP_WORDS: dict[str, Callable[[], str]] = {
    "President": lambda: pgettext("role", "President"),
    "Vice President": lambda: pgettext("role", "Vice President"),
    "Citizen": lambda: pgettext("role", "Citizen"), "Vice Beggar": lambda: pgettext("role", "Vice Beggar"),
    "Beggar": lambda: pgettext("role", "Beggar"),
    "out": lambda: pgettext("seat status", "out"), "downfall": lambda: pgettext("seat status", "downfall"),
    "foul": lambda: pgettext("seat status", "foul"), "last": lambda: pgettext("seat status", "last"),
    "passing": lambda: pgettext("seat status", "passing"), "passed": lambda: pgettext("seat status", "passed"),
    "giving": lambda: pgettext("seat status", "giving"), "ready": lambda: pgettext("seat status", "ready"),
    "to play": lambda: pgettext("seat status", "to play"),
    "one-turn out": lambda: pgettext("seat status", "one-turn out"),
    "went out": lambda: pgettext("seat status", "went out"), "drew": lambda: pgettext("seat status", "drew"),
    "to draw": lambda: pgettext("seat status", "to draw"),
    "stock empty": lambda: pgettext("seat status", "stock empty"),
    "won the deal": lambda: pgettext("seat status", "won the deal"),
    "laid a set": lambda: pgettext("seat status", "laid a set"),
    "first turn": lambda: pgettext("seat status", "first turn"),
    "wants to end": lambda: pgettext("seat status", "wants to end"),
    "agreed to end": lambda: pgettext("seat status", "agreed to end"),
    "auto-play": lambda: pgettext("seat status", "auto-play"), "left": lambda: pgettext("seat status", "left"),
}


def seat_chips(ctx: TableContext, i: int) -> None:
    """Title, status (passed, out, ...), computer level, auto-play, left."""
    s = ctx.table.seats[i]
    info = seat_info(ctx, i)
    chips: list[tuple[str, str]] = []
    if info is not None and info["title"]:
        chips.append(("title", in_language(info["title"])))
    for st in info["status"] if info is not None else []:
        chips.append(("status", st))
    if s.bot:
        chips.append(("", f"🤖 {level_name(s.bot)}"))
    if s.autoplay:
        chips.append(("", "auto-play"))
    if s.left:
        chips.append(("", "left"))
    if chips:
        with ui.row().classes("seat-chips gap-0 justify-center max-w-[150px]"):
            for kind, text in chips:
                word = chip_name(text)
                ui.label(soft_break(word) if kind == "title" else word).classes(f"chip {kind}")


def seat_badge(ctx: TableContext, i: int) -> tuple[ui.element, ui.label | None]:
    """Draw seat ``i``'s badge; returns the badge and its cards-left label for patching."""
    t = ctx.table
    movers = set(t.to_move())
    mine = ctx.seat
    s = t.seats[i]
    info = seat_info(ctx, i)
    classes = "seat-badge column items-center"
    if framed_turn(t, i in movers):
        classes += " turn"
    if i == mine:
        classes += " me"
    with ui.element("div").classes(classes).props(f"data-testid=seat-{i}") as badge:
        badge.props["data-turn"] = "true" if i in movers else "false"
        with ui.row().classes("items-center gap-1 no-wrap"):
            ui.label(s.emoji or "🪑").classes("emoji")
            with ui.column().classes("gap-0"):
                name = _("You") if i == mine else (s.name or _("Empty seat"))
                ui.label(name).classes("font-bold text-sm max-sm:text-xs ellipsis max-w-[110px]")
                cards = None
                if info is not None:
                    cards = ui.label(cards_text(info)).classes("text-xs").props(f"data-testid=seat-{i}-cards")
        Region.part(lambda: seat_chips(ctx, i), lambda: chips_key(ctx, i))
    return badge, cards
