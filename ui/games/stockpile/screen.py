"""Stockpile's table screen: four shared building piles, every player's stock and discard piles, your hand.

Playing: tap a card (hand, your stock top, your discard tops, and your partner's when playing as partners), then a
glowing building pile; double-tap a card to play it on the first pile that takes it; or drag it onto a pile.
A hand card dropped on (or tapped onto) one of your discard piles ends the turn. Esc clears the selection.

The selection and the input handlers live in ui/games/stockpile/controls.py, the cards and piles in
ui/games/stockpile/parts.py, the look in assets/stockpile.css.
"""

from __future__ import annotations

import time
from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.stockpile.actions import Commit, Pass, Undo
from logic.table import timers
from logic.views import StockpileView
from ui.components.region import Region
from ui.components.tap import set_tappable
from ui.games.base import GameScreen, action_button
from ui.games.stockpile.controls import StockpileControls, StockpileState, card_words, source_code
from ui.games.stockpile.parts import build_pile, discard_pile, drop_target, sp_card, stock_pile
from ui.i18n.viewer import _, pgettext

if TYPE_CHECKING:
    from ui.table.context import Drawing, TableContext

TEAM_CLASSES = ("team-a", "team-b", "team-c")


def tappable(el: ui.element, fn: Any) -> None:
    """Click, or focus with Tab and press Enter or Space (ui/components/tap.py)."""
    set_tappable(el)
    el.on("click", lambda _e: fn())


# My piles into view when my turn starts: the table's middle scrolls on its own (assets/cardnight.css, "the table
# fills the screen"), and on a screen too short for that (a phone on its side) the page does. After the board's new
# elements are in place (a frame later), only as far as needed.
MINE_INTO_VIEW_JS = """setTimeout(() => {
  const box = document.querySelector('[data-testid=table-scroll]');
  const mine = document.querySelector('[data-testid=my-area]');
  if (box && mine) {
    const below = mine.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
    if (below > 0) box.scrollBy({top: below + 4, behavior: 'smooth'});
  }
  window.scrollTo({top: document.body.scrollHeight, behavior: 'smooth'});
}, 50)"""


class StockpileScreen(GameScreen[StockpileView]):
    """The board (the others' piles, the building piles, mine) and Undo / Pass / Done; taps go to the controls."""

    selection_marks = False  # the pick is shown by its controls (one source: a hand card or a pile)
    sort_modes = (("deal", "As drawn"), ("num", "Low → high"))

    def __init__(self, ctx: TableContext[StockpileView]) -> None:
        super().__init__(ctx)
        self.state = StockpileState()
        self.controls = StockpileControls(ctx, self.state)

    # ----------------------------------------------------------------------------- hand
    def hand_codes(self) -> list[str]:
        """Hand cards as "index:code" tokens: the same number can be held twice, and plays name the index."""
        return [f"{i}:{c}" for i, c in enumerate(self.view["hand"])]

    def sort(self, codes: list[str], mode: str) -> list[str]:
        if mode != "num":
            return codes

        def key(token: str) -> tuple[int, int]:
            i, c = token.split(":")
            return (13 if c == "W" else int(c), int(i))

        return sorted(codes, key=key)

    def hand_key(self, codes: list[str]) -> Hashable | None:
        """The hand's cards are tappable while the deal is on (dragged only on one's turn); the selection is shown in
        place (StockpileControls.show)."""
        ctl = self.controls
        return ctl.can_act(), ctl.can_pick(), self.view["phase"]

    def hand(self, codes: list[str]) -> None:
        view = self.view
        ctl = self.controls
        self.state.marks = {k: v for k, v in self.state.marks.items() if not k.startswith("hand:")}
        live, pick = ctl.can_act(), ctl.can_pick()
        if not codes and view["phase"] in ("play", "pending"):
            ui.label(_("No cards in hand")).classes("sp-empty-hand")
        for token in codes:
            i, code = token.split(":")
            src = f"hand:{i}"
            el = sp_card(code, source=src if live else None, selected=src == self.state.source)
            el.props["data-testid"] = f"hand-card-{i}"
            el.props["data-index"] = i
            if pick:  # picked already while the others play: ready for the turn
                el.classes(add="clickable")
                tappable(el, lambda s=src: ctl.click_source(s))
            if live:
                el.on("dblclick", lambda _e, s=src: ctl.play_first(s))
            ctl.mark(src, el)
        ctl.show(bar=False)

    # ----------------------------------------------------------------------------- middle
    def middle_key(self) -> Hashable | None:
        """The board follows the game and the names at the table, not presence or chat: a tap that lands while
        someone reconnects or writes is not lost to a redraw. (The selection is shown in place.)"""
        ctx = self.ctx
        seats = tuple((s.name, s.emoji) for s in ctx.table.seats)
        return repr(self.view), seats, ctx.seat, ctx.my_turn, len(ctx.table.log)

    def middle(self) -> None:
        ctx, view = self.ctx, self.view
        if not view:
            return
        ctl = self.controls
        ctl.begin()
        ui.keyboard(on_key=ctl.on_key)
        live = ctl.can_act()
        if live and not self.state.was_live:  # my turn starts: bring my piles and hand into view (a crowded table)
            ui.run_javascript(MINE_INTO_VIEW_JS)
        self.state.was_live = live
        board = ui.column().classes("sp-board w-full items-center gap-2")
        board.props["data-testid"] = "stockpile-board"
        board.props["data-partners"] = "true" if view["partners"] else "false"
        board.props["data-selected"] = self.state.source or ""
        self.state.board = board
        with board:
            self.others()
            self.centre()
            text = self.message(ctx, view["message"]) if view["message"] else ""
            if text and text not in ("Your turn", _("Your turn")):  # the top bar already says so
                ui.label(text).classes("sp-message").props("data-testid=message")
            if ctx.seat is not None:
                self.mine()
        ctl.show(bar=False)  # a hand kept from before shows the selection as it is now

    @staticmethod
    def message(ctx: Drawing, text: str) -> str:
        text = ctx.with_names(text)
        if text.startswith("You "):
            text = text.replace(" their ", " your ")
        for wrong, right in (("You starts", "You start"), ("You to play", "Your turn"),
                             ("You emptied the last stock card and wins", "You emptied the last stock card and win")):
            text = text.replace(wrong, right)
        return text

    def seat_order(self) -> list[int]:
        ctx = self.ctx
        n = len(ctx.table.seats)
        me = ctx.seat
        if me is None:
            return list(range(n))
        return [(me + k) % n for k in range(1, n)]

    def team_class(self, view: StockpileView, seat: int) -> str:
        teams = view["teams"]
        return TEAM_CLASSES[teams[seat] % len(TEAM_CLASSES)] if teams else ""

    def others(self) -> None:
        ctx, view, ctl = self.ctx, self.view, self.controls
        t = ctx.table
        live = ctl.can_act()
        with ui.row().classes("sp-others w-full justify-center gap-2"):
            for s in self.seat_order():
                partner = s == view["partner"]
                classes = ["player-panel", self.team_class(view, s)]
                if partner:
                    classes.append("partner")
                if s == view["turn"]:
                    classes.append("turn")
                panel = ui.element("div").classes(" ".join(c for c in classes if c))
                panel.props["data-testid"] = f"player-{s}"
                panel.props["data-turn"] = "true" if s == view["turn"] else "false"
                if view["teams"]:
                    panel.props["data-team"] = str(view["teams"][s])
                seat = t.seats[s]
                size = "small" if partner else "mini"
                usable = live and s in (view["my_sources"] or [])
                with panel:
                    with ui.column().classes("panel-head items-start gap-0"):
                        with ui.row().classes("items-center gap-1 no-wrap"):
                            ui.label(seat.emoji or "🪑").classes("panel-emoji")
                            ui.label(seat.name or _("Empty seat")).classes("panel-name ellipsis")
                        if partner:
                            ui.label(_("Partner")).classes("chip title")
                            if ctx.seat is not None and s not in (view["my_sources"] or []):  # house rule
                                closed = ui.label(_("Own piles only")).classes("chip house-rule")
                                closed.props["data-testid"] = "partner-piles-closed"
                                closed.props["title"] = _("You may not play from your partner's stock or discard "
                                                          "piles.")
                        elif view["teams"]:
                            ui.label(_("Team {n}", n=view["teams"][s] + 1)).classes("chip")
                    with ui.row().classes("panel-piles items-end gap-1 no-wrap"):
                        self.stock(s, size, usable)
                        ui.element("div").classes("pile-gap")
                        for p in range(4):
                            self.discard(s, p, size, usable, cascade=0)

    def stock(self, s: int, size: str, usable: bool) -> None:
        view, ctl = self.view, self.controls
        info = view["stocks"][s]
        src = f"stock:{s}" if usable and info["count"] else None
        el = stock_pile(s, info, size, src)
        if src:
            el.classes(add="clickable")
            tappable(el, lambda: ctl.click_source(src))
            el.on("dblclick", lambda _e: ctl.play_first(src))
            if ctl.accepting(src):
                el.classes(add="can-play")
            ctl.mark(src, el)

    def discard(self, s: int, p: int, size: str, usable: bool, cascade: int) -> None:
        ctx, view, ctl = self.ctx, self.view, self.controls
        cards = view["discards"][s][p]
        src = f"discard:{s}:{p}" if usable and cards else None
        el = discard_pile(s, p, cards, size, src, cascade=cascade)
        mine = s == ctx.seat
        if src or (mine and usable):
            el.classes(add="clickable")
            tappable(el, lambda: ctl.click_discard(s, p))
        if src:
            el.on("dblclick", lambda _e: ctl.play_first(src))
            ctl.mark(src, el)
        if mine:
            hand = [f"hand:{i}" for i in range(len(view["hand"]))]
            drop_target(el, hand if usable else [], lambda source: ctl.drop_on_discard(p, source))
            el.props["data-accepts"] = "false"
            self.state.discs.append(el)

    def centre(self) -> None:
        view, ctl = self.view, self.controls
        live = ctl.can_act()
        with ui.row().classes("sp-centre items-start justify-center gap-2 no-wrap"):
            with ui.element("div").classes("draw-pile").props("data-testid=draw-pile") as draw:
                draw.props["data-count"] = str(view["draw_count"])
                draw.props["data-set-aside"] = str(view["set_aside_count"])
                ui.label(pgettext("pile", "Draw")).classes("pile-name")
                with ui.element("div").classes("pcard back sp-back"):
                    ui.label(str(view["draw_count"])).classes("back-count")
                if view["set_aside_count"]:
                    ui.label(_("+{n} to reshuffle", n=view["set_aside_count"])).classes("pile-size").props(
                        "data-testid=set-aside")
            draw_text = (_("🂠 {n} to draw · {m} to reshuffle", n=view["draw_count"], m=view["set_aside_count"])
                         if view["set_aside_count"] else _("🂠 {n} to draw", n=view["draw_count"]))
            for b, info in enumerate(view["build"]):
                el = build_pile(b, info)
                if live:
                    el.classes(add="clickable")
                    tappable(el, lambda b=b: ctl.click_pile(b))
                drop_target(el, info["playable"] if live else [],
                            partial(ctl.drop_on_pile, b))
                self.state.piles.append(el)
        ui.label(draw_text).classes("draw-line")  # phones: the draw pile as a line of text

    def mine(self) -> None:
        ctx, view = self.ctx, self.view
        s = ctx.seat
        if s is None:  # (drawn for a seat only)
            return
        live = self.controls.can_pick()  # one's own piles may be picked from while the others play
        classes = "my-area " + self.team_class(view, s) + (" turn" if view["turn"] == s else "")
        area = ui.element("div").classes(classes)
        area.props["data-testid"] = "my-area"
        with area:
            with ui.column().classes("gap-0 items-center"):
                ui.label(_("Your stock")).classes("pile-name")
                self.stock(s, "", live)
            with ui.column().classes("gap-0 items-center"):
                ui.label(_("Your discard piles")).classes("pile-name")
                with ui.row().classes("gap-2 no-wrap items-start"):
                    for p in range(4):
                        self.discard(s, p, "", live, cascade=2)

    # ----------------------------------------------------------------------------- action bar
    def actions_key(self) -> Hashable | None:
        """The bar follows what the board does, and the end-of-turn countdown; the hint follows the pick in place."""
        return self.middle_key(), self.ctx.table.commit_deadline

    def actions(self) -> None:
        self.state.bar = Region.on_request(self.bar_content, name="stockpile-bar")

    def bar_content(self) -> None:
        ctx, view = self.ctx, self.view
        phase = view["phase"]
        if phase not in ("play", "pending") or ctx.seat is None:
            return
        mine = ctx.my_turn
        # the buttons share the page's row with the sort button; the hint and the pause bar go below (CSS order)
        if phase == "pending" and mine:
            action_button(ctx, _("Undo"), "btn-undo", Undo(), None, icon="undo")
            action_button(ctx, _("Done"), "btn-commit", Commit(), None, primary=True, icon="check")
        elif mine:
            reason = None if view["undo_available"] else _("Nothing to undo now")
            action_button(ctx, _("Undo"), "btn-undo", Undo(), reason, icon="undo")
            if view["can_pass"]:
                action_button(ctx, pgettext("action", "Pass"), "btn-pass", Pass(), None, primary=True)
        else:
            action_button(ctx, _("Undo"), "btn-undo", None, _("Not your turn"), icon="undo")
        hint = self.hint()
        if hint:
            ui.label(hint).classes("reason sp-hint text-center").props("data-testid=hint")
        refused = self.controls.discard_refused(self.state.source)
        if refused:  # a house rule keeps the picked card off the discard piles: say so where the hint is
            ui.label(refused).classes("reason sp-hint sp-house-rule text-center").props("data-testid=discard-refused")
        if phase == "pending" and mine:
            secs = timers.seconds_left(ctx.table, time.monotonic(), "commit") or 0.0
            with ui.element("div").classes("pending-bar").props("data-testid=pending"):
                ui.element("div").classes("pending-fill").style(f"animation-duration: {secs:.2f}s")

    def hint(self) -> str:
        ctx, view, ctl = self.ctx, self.view, self.controls
        phase = view["phase"]
        t = ctx.table
        if not ctx.my_turn:
            turn = view["turn"]
            if turn is None or turn == ctx.seat:
                return ""
            name = t.seats[turn].name
            if self.state.source is not None:
                if self.state.code == "W":
                    return _("Waiting for {name}… The wild stays picked for your turn.", name=name)
                return _("Waiting for {name}… The {card} stays picked for your turn.", name=name,
                         card=self.state.code or "")
            return _("Waiting for {name}…", name=name)
        if ctx.seat is None:  # (my turn: I have a seat)
            return ""
        if phase == "pending":
            return _("Discarded: your turn ends in a moment. Undo takes it back.")
        if view["can_pass"]:
            return _("No cards and nothing to play: pass.")
        src = self.state.source
        if src is None:
            stock_src = f"stock:{ctx.seat}"
            if ctl.accepting(stock_src):
                top = view["stocks"][ctx.seat]["top"]
                if top == "W":
                    return _("Your stock wild fits! Tap it, then a glowing pile.")
                return _("Your stock {card} fits! Tap it, then a glowing pile.", card=top or "")
            if not view["hand"]:
                return _("Play from your stock or discard piles.")
            return _("Your turn: tap a card, then a glowing pile. End with a hand card on your discard pile.")
        code = source_code(view, src)
        piles = ctl.accepting(src)
        card = card_words(code)
        one = len(piles) == 1
        if src.startswith("hand:") and ctl.discard_refused(src) is None:
            if one:
                return _("Tap pile {n} to play {card} — or your discard pile to end your turn.", n=piles[0] + 1,
                         card=card)
            if piles:
                return _("Tap a glowing pile to play {card} — or your discard pile to end your turn.", card=card)
            return _("No pile takes {card}: tap your discard pile to end your turn with it.", card=card)
        if one:
            return _("Tap pile {n} to play {card}.", n=piles[0] + 1, card=card)
        if piles:
            return _("Tap a glowing pile to play {card}.", card=card)
        return _("No pile takes {card} now.", card=card)


Screen = StockpileScreen
