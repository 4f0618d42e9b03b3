"""Rummy's (500-style) table screen: stock and spread discard pile, melds grouped by owner, Meld / Lay off /
Discard with reasons, Undo with the discard's grace countdown, hints, sorting and drag and drop.

Taps work everywhere (phones): tap the stock or a discard card to draw; tap cards to select them; tap the
table to meld the selection, a meld to lay it off, the discard pile to discard the one selected card. Drags
do the same (pile -> hand, card -> discard pile / table / meld, card -> card in the hand to rearrange).
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from typing import TYPE_CHECKING

from nicegui import ui

from logic.rummy.actions import FIRST_DRAW, Commit, DrawStock, TakeDiscard, Undo
from logic.table import timers
from logic.views import RummyView
from ui.components.cards import card
from ui.components.region import Region
from ui.games.base import GameScreen, action_button, css_word
from ui.games.rummy.call import call_panel
from ui.games.rummy.choices import discard_option, layoff_reason, layoff_targets, meld_option, stage, undo_reason
from ui.games.rummy.controls import RummyControls, RummyState, sort_codes
from ui.games.rummy.first_draw import first_draw_board
from ui.games.rummy.parts import (
    JS_TAP_EMPTY,
    discard_pile,
    draggable,
    drop_target,
    info_panels,
    meld_groups,
    pretty,
    pretty_all,
    seat_name,
    stock_pile,
)
from ui.i18n.viewer import N_, _, pgettext

if TYPE_CHECKING:
    from ui.table.context import TableContext

UNDO_WHAT = {"discard": N_("Undo the discard"), "meld": N_("Undo the meld"), "layoff": N_("Undo the lay-off"),
             "pickup": N_("Undo the pickup")}


class RummyScreen(GameScreen[RummyView]):
    """Stock and discard pile, the melds by owner, the action bar and the hand; every tap, drag and drop goes to
    the controls (ui/games/rummy/controls.py)."""

    sort_modes = (("suit", "By suit"), ("rank", "By rank"), ("custom", "My order"))

    def __init__(self, ctx: TableContext[RummyView]) -> None:
        super().__init__(ctx)
        self.state = RummyState()  # this page's hint, lay-off mode and own card order
        self.controls = RummyControls(ctx, self.state)

    # ----------------------------------------------------------------------------- hand order
    def hand_codes(self) -> list[str]:
        return self.controls.own_order(list(self.view["hand"]))

    def sort(self, codes: list[str], mode: str) -> list[str]:
        return sort_codes(codes, mode)

    # ----------------------------------------------------------------------------- middle
    def middle_key(self) -> Hashable | None:
        """In play the piles and melds follow the game, the names and the hint, not chat or presence (a tap is not
        lost to a redraw; the selection and the layoff mode refresh the melds on their own). The draw for the
        first deal redraws on every change."""
        ctx, view = self.ctx, self.view
        if view["phase"] != "play":
            return None
        seats = tuple((s.name, s.emoji) for s in ctx.table.seats)
        return repr(view), seats, ctx.seat, ctx.my_turn, len(ctx.table.log), repr(self.controls.current_hint())

    def middle(self) -> None:
        ctx, view, st, do = self.ctx, self.view, self.state, self.controls
        now = stage(ctx, view)
        root = ui.column().classes("rm-middle w-full items-center gap-2")
        root.props.update({"data-testid": "rummy-middle", "data-stage": str(view["turn_stage"] or ""),
                           "data-must-use": view["must_use"] or ""})
        with root:
            info_panels(ctx, view, do.current_hint())
            if view["phase"] == "first-draw":
                first_draw_board(ctx, view, lambda: ctx.send(FIRST_DRAW))
                return
            h = do.current_hint()
            if view["phase"] == "play":
                takeable: set[str] = set()
                if now == "draw":
                    takeable = {c for c in view["discard"] or [] if ctx.check(TakeDiscard(c)) is None}
                with ui.row().classes("rm-piles w-full justify-center items-start no-wrap gap-4"):
                    stock_pile(view, str(ctx.pref("card_back", "#2b4c9b")), now == "draw" and bool(view["stock_count"]),
                               do.draw_stock)
                    discard_pile(ctx, st.picker, view, takeable=takeable, can_take=now == "draw",
                                 on_take=do.take, hint_take=h.get("take") if h else None,
                                 drop=do.drop_on_discard if now == "play" else None,
                                 on_tap=do.tap_discard_pile if now == "play" else None)
                call_panel(ctx, view)  # house rule "Rummy!": the call window, on every screen

            st.melds_view = Region.on_request(self.melds_area, name="melds")

    def melds_area(self) -> None:
        ctx, view, st, do = self.ctx, self.view, self.state, self.controls
        now = stage(ctx, view)
        h = do.current_hint()
        cards = do.selection()
        targets = set(layoff_targets(ctx, view, cards)) if cards else set()
        hint_melds = {lo["meld"] for lo in (h["layoffs"] if h else [])}
        playing = now == "play"
        area = ui.element("div").classes("rm-melds w-full" + (" rm-can-meld" if playing else ""))
        area.props["data-testid"] = "melds"
        area.props["data-count"] = str(len(view["melds"] or []))
        with area:
            if st.choose_layoff and targets:
                ui.label(_("Tap the meld to lay off onto")).classes("rm-prompt").props("data-testid=layoff-prompt")
            if not view["melds"]:
                tip = (_("No melds yet. Select 3+ cards and tap here (or press Meld) to put down a set or a run.")
                       if playing else _("No melds yet."))
                ui.label(tip).classes("rm-empty-tip")
            meld_groups(ctx, view, targets=targets if (st.choose_layoff or cards) else set(), hint_melds=hint_melds,
                        on_meld_click=do.tap_meld if playing else None,
                        meld_drop=do.drop_on_meld if playing else None)
        if playing:
            drop_target(area, "hand", do.drop_on_table)
            area.on("click", lambda _e: do.tap_table(), js_handler=JS_TAP_EMPTY)

    # ----------------------------------------------------------------------------- hand
    def on_card_click(self, code: str) -> None:
        self.controls.card_click(code)

    def hand_key(self, codes: list[str]) -> Hashable | None:
        view = self.view
        h = self.controls.current_hint()
        return stage(self.ctx, view), tuple(h["highlight"] if h else ()), h["discard"] if h else None, view["must_use"]

    def hand(self, codes: list[str]) -> None:
        ctx, view, do = self.ctx, self.view, self.controls
        hand_el = ui.context.slot.parent
        now = stage(ctx, view)
        h = do.current_hint()
        lit = set(h["highlight"] if h else ())
        suggested = h["discard"] if h else None
        must = view["must_use"]
        drop_target(hand_el, "hand stock discard" if now == "draw" else "hand", do.drop_on_hand)
        for code in codes:
            def click(c: str = code) -> None:
                do.card_click(c)

            el = card(code, selected=code in ctx.selected, on_click=click)
            if code in lit:
                el.classes(add="rm-hint")
                el.props["data-hint"] = "use"
            if code == suggested:
                el.classes(add="rm-hint-discard")
                badge = css_word(pgettext("card badge", "discard"))
                el.style(f"--badge: {badge}")
                el.props["data-hint"] = "discard"
            if code == must:
                el.classes(add="rm-must")
                el.props["data-must-use"] = "true"
            draggable(el, f"hand:{code}")
            drop_target(el, "hand", do.drop_on_hand)

    # ----------------------------------------------------------------------------- actions
    def actions_key(self) -> Hashable | None:
        """The bar follows the game, the selection, the names, the turn's grace and the "show buttons" choice; not
        chat or presence (a tap on it is not lost to their redraw)."""
        ctx = self.ctx
        seats = tuple((s.name, s.emoji) for s in ctx.table.seats)
        return (repr(self.view), tuple(ctx.selected), seats, ctx.my_turn, ctx.table.paused, ctx.table.commit_deadline,
                len(ctx.table.log), bool(ctx.pref("show_buttons", True)), self.state.choose_layoff)

    def actions(self) -> None:
        ctx, view, do = self.ctx, self.view, self.controls
        if view["phase"] != "play" or ctx.seat is None:
            return
        now = stage(ctx, view)
        show = bool(ctx.pref("show_buttons", True))
        cards = do.selection()
        if now == "pending":
            self.grace_buttons()
        else:
            # Draw is always there (off when it cannot be used): no button moves when the turn comes or goes
            draw_reason = (ctx.check(DrawStock()) if now == "draw" else
                           _("Not your turn") if now is None else _("You have drawn this turn"))
            action_button(ctx, pgettext("action", "Draw"), "btn-draw", DrawStock(), draw_reason, primary=now == "draw",
                          icon="download")
            if show:
                meld, meld_reason = meld_option(ctx, view, cards)
                action_button(ctx, pgettext("action", "Meld"), "btn-meld", meld, meld_reason, primary=meld is not None)
                targets = layoff_targets(ctx, view, cards)
                reason = layoff_reason(ctx, view, cards, targets)
                btn = ui.button(pgettext("action", "Lay off"), on_click=lambda: do.press_layoff(targets)).props(
                    "data-testid=btn-layoff " + ("color=primary" if not reason else "outline"))
                if reason:
                    btn.disable()
                    btn.tooltip(reason)
                    btn.props["data-reason"] = reason
                else:
                    btn.props["data-targets"] = " ".join(str(t) for t in targets)
                disc, disc_reason = discard_option(ctx, view, cards)
                action_button(ctx, pgettext("action", "Discard"), "btn-discard", disc, disc_reason,
                              primary=disc is not None)
            undo_why = undo_reason(ctx, view)
            undo = _("Undo")
            ub = action_button(ctx, undo, "btn-undo", Undo(), undo_why, icon="undo").classes("rm-icon-phone")
            ub.props["aria-label"] = undo
            if not undo_why:
                what = UNDO_WHAT.get(view["undo_what"] or "")
                ub.tooltip(_(what) if what else undo)
        hint_reason = None if now in ("draw", "play") else (_("Not your turn") if now is None else _("Turn is ending"))
        hb = ui.button(_("Hint"), icon="lightbulb", on_click=do.show_hint).props(
            "outline data-testid=btn-hint").classes("rm-icon-phone")
        hb.props["aria-label"] = _("Hint")
        if hint_reason:
            hb.disable()
            hb.props["data-reason"] = hint_reason
        tb = ui.button(_("Hide buttons") if show else _("Show buttons"),
                       icon="visibility_off" if show else "visibility", on_click=do.toggle_buttons).props(
            "flat no-caps data-testid=btn-show-buttons").classes("rm-icon-phone")
        tb.props["aria-label"] = (_("Hide buttons: Meld, Lay off and Discard") if show
                                  else _("Show buttons: Meld, Lay off and Discard"))
        tb.props["data-on"] = "true" if show else "false"
        tb.tooltip(_("Hide the Meld / Lay off / Discard buttons (drag or tap instead)") if show
                   else _("Show the Meld / Lay off / Discard buttons"))
        line = self.next_step(cards, show)
        if line:
            ui.label(line).classes("reason rm-reason w-full text-center").props("data-testid=reason")

    def grace_buttons(self) -> None:
        ctx, do = self.ctx, self.controls

        def left() -> int:
            return math.ceil(timers.seconds_left(ctx.table, time.monotonic(), "commit") or 0)

        btn = ui.button(_("Undo — {s}s", s=left()), icon="undo", on_click=lambda: do.act(Undo())).props(
            "color=amber text-color=black no-caps data-testid=btn-undo")
        btn.props["data-grace"] = str(left())
        ui.button(_("Done"), icon="check", on_click=lambda: do.act(Commit())).props(
            "outline data-testid=btn-commit")

        def tick() -> None:
            text = _("Undo — {s}s", s=left())
            if btn.text != text:
                btn.set_text(text)
                btn.props["data-grace"] = str(left())

        ui.timer(0.25, tick)

    def next_step(self, cards: list[str], show: bool) -> str:
        ctx, view = self.ctx, self.view
        now = stage(ctx, view)
        if now is None:
            cur = view["current"]
            if cur is None or view["phase"] != "play":
                return ""
            if cur == ctx.seat:  # paused, or the computer plays for the viewer (the prompt above says so)
                return ""
            return _("Waiting for {name} to play.", name=seat_name(ctx, cur))
        if now == "draw":
            return _("Your turn: tap the stock to draw, or tap a card in the discard pile to take it.")
        if now == "pending":
            return _("Discarded. Your turn ends in a moment — Undo takes the discard back.")
        if view["must_use"]:
            return _("You took the {card} from under the pile: meld it or lay it off before you discard (or Undo).",
                     card=pretty(view["must_use"]))
        if not cards:
            return (_("Select cards to meld or lay off, or one card to discard.") if show else
                    _("Select cards, then tap or drag onto the table to meld, a meld to lay off, the discard pile to "
                      "discard."))
        meld, meld_reason = meld_option(ctx, view, cards)
        targets = layoff_targets(ctx, view, cards)
        disc = discard_option(ctx, view, cards)[0]
        can = (meld is not None, bool(targets), disc is not None)
        if any(can):
            return next_step_words(*can)
        if len(cards) >= 3 and meld_reason:
            return meld_reason if meld_reason.endswith((".", "。")) else meld_reason + "."
        return _("{cards}: no meld or lay-off yet — select more cards, or just one to discard.",
                 cards=pretty_all(cards))


def next_step_words(meld: bool, layoff: bool, discard: bool) -> str:
    """What the selection can do now, in one sentence (a meld needs 3 cards and a discard 1: never both)."""
    if meld and layoff:
        return _("Meld them (tap the table) or lay off (tap a glowing meld).")
    if layoff and discard:
        return _("Lay off (tap a glowing meld) or discard it (tap the discard pile).")
    if meld:
        return _("Meld them (tap the table).")
    if layoff:
        return _("Lay off (tap a glowing meld).")
    return _("Discard it (tap the discard pile).")


Screen = RummyScreen
