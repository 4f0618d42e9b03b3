"""Stockpile's table screen: four shared building piles, every player's stock and discard piles, your hand.

Playing: tap a card (hand, your stock top, your discard tops, and your partner's when playing as partners), then a
glowing building pile; double-tap a card to play it on the first pile that takes it; or drag it onto a pile.
A hand card dropped on (or tapped onto) one of your discard piles ends the turn. Esc clears the selection.

Selection lives per page in :class:`Control`. Selecting only changes classes and attributes of elements that are
already drawn (no redraw), so double-clicks and drags are never interrupted. A selection is valid for the table
version it was made at; any change of the table clears it.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.stockpile.rules import Commit, Discard, Pass, Play, Undo
from ui.games.base import GameUI, action_button
from ui.games.stockpile_parts import build_pile, discard_pile, drop_target, sp_card, stock_pile

if TYPE_CHECKING:
    from ui.pages.table import TablePage

TEAM_CLASSES = ("team-a", "team-b", "team-c")


def source_code(view: dict[str, Any], source: str) -> str | None:
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
    return "the wild" if code == "W" else f"the {code}"


class Control:
    """One page's selection, the elements it marks, and the handlers of clicks, double-clicks and drops."""

    def __init__(self, page: TablePage) -> None:
        self.page = page
        self.source: str | None = None
        self.version = -1
        self.marks: dict[str, list[ui.element]] = {}  # source -> elements showing it selected
        self.piles: list[ui.element] = []
        self.discs: list[ui.element] = []  # my own discard piles (where a hand card ends the turn)
        self.bar: Any = None  # the refreshable action bar
        self.board: ui.element | None = None

    # ------------------------------------------------------------------------- state
    @property
    def view(self) -> dict[str, Any]:
        return self.page.view

    def can_act(self) -> bool:
        return self.page.my_turn and self.view.get("phase") == "play"

    def begin(self) -> None:
        """A fresh draw of the board: forget drawn elements; drop a selection made on an older table."""
        self.marks, self.piles, self.discs = {}, [], []
        if self.version != self.page.table.version or not self.can_act():
            self.source = None
        if self.source is not None and source_code(self.view, self.source) is None:
            self.source = None

    def mark(self, source: str, el: ui.element) -> None:
        self.marks = {k: [e for e in v if not e.is_deleted] for k, v in self.marks.items()}
        self.marks.setdefault(source, []).append(el)

    def accepting(self, source: str | None) -> list[int]:
        if source is None:
            return []
        return [b for b, info in enumerate(self.view.get("build") or []) if source in info.get("playable", [])]

    # ------------------------------------------------------------------------- showing the selection
    def show(self, bar: bool = True) -> None:
        src = self.source
        for key, els in self.marks.items():
            for el in els:
                if el.is_deleted:
                    continue
                on = key == src
                if on != ("selected" in el.classes):
                    el.classes(add="selected" if on else "", remove="" if on else "selected")
                    el.props["aria-pressed"] = "true" if on else "false"
                    el.update()
        ok = set(self.accepting(src))
        for b, el in enumerate(self.piles):
            self._flag(el, "glow", b in ok, "data-accepts")
        hand_card = src is not None and src.startswith("hand:")
        for el in self.discs:
            self._flag(el, "glow-discard", hand_card, "data-accepts")
        if self.board is not None and not self.board.is_deleted:
            self.board.props["data-selected"] = src or ""
            self.board.update()
        if bar and self.bar is not None:
            self.bar.refresh()

    @staticmethod
    def _flag(el: ui.element, cls: str, on: bool, attr: str) -> None:
        if el.is_deleted:
            return
        if on != (cls in el.classes):
            el.classes(add=cls if on else "", remove="" if on else cls)
        el.props[attr] = "true" if on else "false"
        el.update()

    def select(self, source: str | None) -> None:
        self.source = source
        self.version = self.page.table.version
        self.show()

    # ------------------------------------------------------------------------- handlers
    def not_now(self) -> bool:
        if self.can_act():
            return False
        if self.view.get("phase") == "pending" and self.page.my_turn:
            ui.notify("Your turn is ending: press Undo to take the discard back.", position="top")
        elif self.view.get("phase") == "play":
            ui.notify("Wait for your turn.", position="top")
        return True

    def click_source(self, source: str) -> None:
        if self.not_now():
            return
        self.select(None if self.source == source else source)

    def send(self, action: Any) -> None:
        self.source = None
        if not self.page.send(action):
            self.show()

    def play_first(self, source: str) -> None:
        """Double-click: play on the first pile that takes the card."""
        if self.not_now():
            return
        piles = self.accepting(source)
        if not piles:
            code = source_code(self.view, source)
            ui.notify(f"No building pile takes {card_words(code)} now.", position="top")
            self.select(None)
            return
        self.send(Play(source, piles[0]))

    def click_pile(self, b: int) -> None:
        if self.not_now():
            return
        if self.source is None:
            ui.notify("First pick a card: from your hand, your stock or a discard pile.", position="top")
            return
        self.send(Play(self.source, b))

    def drop_on_pile(self, b: int, source: str) -> None:
        if self.not_now():
            return
        self.send(Play(source, b))

    def click_discard(self, seat: int, p: int) -> None:
        """One of my discard piles: with a hand card selected it ends the turn, else it picks the pile's top."""
        if self.not_now():
            return
        src = self.source
        if src is not None and src.startswith("hand:") and seat == self.page.seat:
            self.send(Discard(int(src[5:]), p))
            return
        if self.view["discards"][seat][p]:
            self.click_source(f"discard:{seat}:{p}")
        elif seat == self.page.seat:
            ui.notify("To end your turn, pick a hand card and then one of your discard piles.", position="top")

    def drop_on_discard(self, p: int, source: str) -> None:
        if self.not_now():
            return
        if not source.startswith("hand:"):
            ui.notify("Only a card from your hand can go on a discard pile.", position="top")
            return
        self.send(Discard(int(source[5:]), p))

    def on_key(self, e: Any) -> None:
        if e.action.keydown and e.key == "Escape" and self.source is not None:
            self.select(None)


def control(page: TablePage) -> Control:
    ctl = page.__dict__.get("_stockpile")
    if ctl is None:
        ctl = page.__dict__["_stockpile"] = Control(page)
    return ctl


class StockpileScreen(GameUI):
    sort_modes = (("deal", "As drawn"), ("num", "Low → high"))

    # ----------------------------------------------------------------------------- hand
    def hand_codes(self, page: TablePage, view: dict[str, Any]) -> list[str]:
        """Hand cards as "index:code" tokens: the same number can be held twice, and plays name the index."""
        return [f"{i}:{c}" for i, c in enumerate(view.get("hand", []))]

    def sort(self, codes: list[str], mode: str, view: dict[str, Any]) -> list[str]:
        if mode != "num":
            return codes

        def key(token: str) -> tuple[int, int]:
            i, c = token.split(":")
            return (13 if c == "W" else int(c), int(i))

        return sorted(codes, key=key)

    def hand(self, page: TablePage, view: dict[str, Any], codes: list[str]) -> None:
        ctl = control(page)
        ctl.marks = {k: v for k, v in ctl.marks.items() if not k.startswith("hand:")}
        live = ctl.can_act()
        if not codes and view.get("phase") in ("play", "pending"):
            ui.label("No cards in hand").classes("sp-empty-hand")
        for token in codes:
            i, code = token.split(":")
            src = f"hand:{i}"
            el = sp_card(code, source=src if live else None, selected=src == ctl.source)
            el.props["data-testid"] = f"hand-card-{i}"
            el.props["data-index"] = i
            if live:
                el.on("click", lambda _e, s=src: ctl.click_source(s))
                el.on("dblclick", lambda _e, s=src: ctl.play_first(s))
            ctl.mark(src, el)
        ctl.show(bar=False)

    # ----------------------------------------------------------------------------- middle
    def middle(self, page: TablePage, view: dict[str, Any]) -> None:
        if not view:
            return
        ctl = control(page)
        ctl.begin()
        ui.keyboard(on_key=ctl.on_key)
        board = ui.column().classes("sp-board w-full items-center gap-2")
        board.props["data-testid"] = "stockpile-board"
        board.props["data-partners"] = "true" if view.get("partners") else "false"
        board.props["data-selected"] = ctl.source or ""
        ctl.board = board
        with board:
            self.others(page, view, ctl)
            self.centre(page, view, ctl)
            if view.get("message"):
                ui.label(self.message(page, view["message"])).classes("sp-message").props("data-testid=message")
            if page.seat is not None:
                self.mine(page, view, ctl)

    @staticmethod
    def message(page: TablePage, text: str) -> str:
        text = page.with_names(text)
        for wrong, right in (("You starts", "You start"), ("You to play", "Your turn"),
                             ("You emptied the last stock card and wins", "You emptied the last stock card and win")):
            text = text.replace(wrong, right)
        return text

    def seat_order(self, page: TablePage) -> list[int]:
        n = len(page.table.seats)
        me = page.seat
        if me is None:
            return list(range(n))
        return [(me + k) % n for k in range(1, n)]

    def team_class(self, view: dict[str, Any], seat: int) -> str:
        teams = view.get("teams")
        return TEAM_CLASSES[teams[seat] % len(TEAM_CLASSES)] if teams else ""

    def others(self, page: TablePage, view: dict[str, Any], ctl: Control) -> None:
        t = page.table
        live = ctl.can_act()
        with ui.row().classes("sp-others w-full justify-center gap-2"):
            for s in self.seat_order(page):
                partner = s == view.get("partner")
                classes = ["player-panel", self.team_class(view, s)]
                if partner:
                    classes.append("partner")
                if s == view.get("turn"):
                    classes.append("turn")
                panel = ui.element("div").classes(" ".join(c for c in classes if c))
                panel.props["data-testid"] = f"player-{s}"
                panel.props["data-turn"] = "true" if s == view.get("turn") else "false"
                if view.get("teams"):
                    panel.props["data-team"] = str(view["teams"][s])
                seat = t.seats[s]
                size = "small" if partner else "mini"
                usable = live and s in (view.get("my_sources") or [])
                with panel:
                    with ui.column().classes("panel-head items-start gap-0"):
                        with ui.row().classes("items-center gap-1 no-wrap"):
                            ui.label(seat.emoji or "🪑").classes("panel-emoji")
                            ui.label(seat.name or "Empty seat").classes("panel-name ellipsis")
                        if partner:
                            ui.label("Partner").classes("chip title")
                        elif view.get("teams"):
                            ui.label(f"Team {view['teams'][s] + 1}").classes("chip")
                    with ui.row().classes("panel-piles items-end gap-1 no-wrap"):
                        self.stock(view, ctl, s, size, usable)
                        ui.element("div").classes("pile-gap")
                        for p in range(4):
                            self.discard(page, view, ctl, s, p, size, usable, cascade=0)

    def stock(self, view: dict[str, Any], ctl: Control, s: int, size: str, usable: bool) -> None:
        info = view["stocks"][s]
        src = f"stock:{s}" if usable and info["count"] else None
        el = stock_pile(s, info, size, src)
        if src:
            el.classes(add="clickable")
            el.on("click", lambda _e: ctl.click_source(src))
            el.on("dblclick", lambda _e: ctl.play_first(src))
            if ctl.accepting(src):
                el.classes(add="can-play")
            ctl.mark(src, el)

    def discard(self, page: TablePage, view: dict[str, Any], ctl: Control, s: int, p: int, size: str,
                usable: bool, cascade: int) -> None:
        cards = view["discards"][s][p]
        src = f"discard:{s}:{p}" if usable and cards else None
        el = discard_pile(s, p, cards, size, src, cascade=cascade)
        mine = s == page.seat
        if src or (mine and usable):
            el.classes(add="clickable")
            el.on("click", lambda _e: ctl.click_discard(s, p))
        if src:
            el.on("dblclick", lambda _e: ctl.play_first(src))
            ctl.mark(src, el)
        if mine:
            hand = [f"hand:{i}" for i in range(len(view.get("hand", [])))]
            drop_target(el, hand if usable else [], lambda source: ctl.drop_on_discard(p, source))
            el.props["data-accepts"] = "false"
            ctl.discs.append(el)

    def centre(self, page: TablePage, view: dict[str, Any], ctl: Control) -> None:
        live = ctl.can_act()
        with ui.row().classes("sp-centre items-start justify-center gap-2 no-wrap"):
            with ui.element("div").classes("draw-pile").props("data-testid=draw-pile") as draw:
                draw.props["data-count"] = str(view["draw_count"])
                draw.props["data-set-aside"] = str(view["set_aside_count"])
                ui.label("Draw").classes("pile-name")
                with ui.element("div").classes("pcard back sp-back"):
                    ui.label(str(view["draw_count"])).classes("back-count")
                if view["set_aside_count"]:
                    ui.label(f"+{view['set_aside_count']} to reshuffle").classes("pile-size").props(
                        "data-testid=set-aside")
            for b, info in enumerate(view["build"]):
                el = build_pile(b, info)
                if live:
                    el.classes(add="clickable")
                    el.on("click", lambda _e, b=b: ctl.click_pile(b))
                drop_target(el, info.get("playable", []) if live else [],
                            lambda source, b=b: ctl.drop_on_pile(b, source))
                ctl.piles.append(el)

    def mine(self, page: TablePage, view: dict[str, Any], ctl: Control) -> None:
        s = page.seat
        live = ctl.can_act()
        classes = "my-area " + self.team_class(view, s) + (" turn" if view.get("turn") == s else "")
        area = ui.element("div").classes(classes)
        area.props["data-testid"] = "my-area"
        with area:
            with ui.column().classes("gap-0 items-center"):
                ui.label("Your stock").classes("pile-name")
                self.stock(view, ctl, s, "", live)
            with ui.column().classes("gap-0 items-center"):
                ui.label("Your discard piles").classes("pile-name")
                with ui.row().classes("gap-2 no-wrap items-start"):
                    for p in range(4):
                        self.discard(page, view, ctl, s, p, "", live, cascade=2)

    # ----------------------------------------------------------------------------- action bar
    def actions(self, page: TablePage, view: dict[str, Any]) -> None:
        ctl = control(page)

        @ui.refreshable
        def bar() -> None:
            self.bar_content(page, page.view, ctl)

        bar()
        ctl.bar = bar

    def bar_content(self, page: TablePage, view: dict[str, Any], ctl: Control) -> None:
        phase = view.get("phase")
        if phase not in ("play", "pending") or page.seat is None:
            return
        mine = page.my_turn
        # the buttons share the page's row with the sort button; the hint and the pause bar go below (CSS order)
        if phase == "pending" and mine:
            action_button(page, "Undo", "btn-undo", Undo(), None, icon="undo")
            action_button(page, "Done", "btn-commit", Commit(), None, primary=True, icon="check")
        elif mine:
            reason = None if view.get("undo_available") else "Nothing to undo now"
            action_button(page, "Undo", "btn-undo", Undo(), reason, icon="undo")
            if view.get("can_pass"):
                action_button(page, "Pass", "btn-pass", Pass(), None, primary=True)
        else:
            action_button(page, "Undo", "btn-undo", None, "Not your turn", icon="undo")
        hint = self.hint(page, view, ctl)
        if hint:
            ui.label(hint).classes("reason sp-hint text-center").props("data-testid=hint")
        if phase == "pending" and mine:
            left = page.table.commit_deadline
            secs = max(0.0, (left - time.time())) if left else 0.0
            with ui.element("div").classes("pending-bar").props("data-testid=pending"):
                ui.element("div").classes("pending-fill").style(f"animation-duration: {secs:.2f}s")

    def hint(self, page: TablePage, view: dict[str, Any], ctl: Control) -> str:
        phase = view.get("phase")
        t = page.table
        if not page.my_turn:
            turn = view.get("turn")
            if turn is None:
                return ""
            return f"Waiting for {t.seats[turn].name}…" if turn != page.seat else ""
        if phase == "pending":
            return "Discarded: your turn ends in a moment. Undo takes it back."
        if view.get("can_pass"):
            return "No cards and nothing to play: pass."
        src = ctl.source
        if src is None:
            stock_src = f"stock:{page.seat}"
            if ctl.accepting(stock_src):
                return f"Your stock {view['stocks'][page.seat]['top']} fits! Tap it, then a glowing pile."
            if not view.get("hand"):
                return "Play from your stock or discard piles."
            return "Your turn: tap a card, then a glowing pile. End with a hand card on your discard pile."
        code = source_code(view, src)
        piles = ctl.accepting(src)
        where = ", ".join(str(b + 1) for b in piles)
        if src.startswith("hand:"):
            if piles:
                return f"Tap pile {where} to play {card_words(code)} — or your discard pile to end your turn."
            return f"No pile takes {card_words(code)}: tap your discard pile to end your turn with it."
        if piles:
            return f"Tap pile {where} to play {card_words(code)}."
        return f"No pile takes {card_words(code)} now."


SCREEN = StockpileScreen()
