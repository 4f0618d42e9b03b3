"""Beanie's table screen: the wild rank, stock and discard, the sets by owner, and the play controls.

A turn: draw (tap the stock or the discard pile), then lay sets / add to sets (+) / place a lone Beanie
(★) / steal a Beanie, then discard one card. Selection lives on the page; steal mode per page too.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

from nicegui import ui

from logic.beanie import sets as S
from logic.beanie.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    Add,
    Star,
)
from logic.views import BeanieSet, BeanieView
from ui.components.cards import card, card_back
from ui.components.region import Region
from ui.components.tap import set_tappable
from ui.games.base import GameScreen, css_word, rank_plural
from ui.games.beanie.bar import action_bar
from ui.games.beanie.controls import BeanieControls, BeanieState
from ui.games.beanie.parts import (
    is_wild,
    message_text,
    name_of,
    open_scorecard,
    play_stage,
    pretty,
    reason_on,
    results_panel,
    set_as_list,
    set_title,
    steal_pairs,
    table_card,
    wild_of,
)
from ui.i18n.viewer import _, ngettext, pgettext

if TYPE_CHECKING:
    from ui.table.context import TableContext

RANK_ORDER = {label: i for i, label in enumerate(S.RANK_LABELS)}
SUIT_ORDER = {s: i for i, s in enumerate("SHDC")}


class BeanieScreen(GameScreen[BeanieView]):
    """The wild rank, the piles and the sets by owner in the middle; the action bar (ui/games/beanie/bar.py) above
    the hand. Every tap goes to the controls (ui/games/beanie/controls.py)."""

    sort_modes = (("deal", "Deal"), ("rank", "A→K"), ("suit", "♠♥♦♣"))

    def __init__(self, ctx: TableContext[BeanieView]) -> None:
        super().__init__(ctx)
        self.state = BeanieState()
        self.controls = BeanieControls(ctx, self.state)

    def results(self) -> None:
        results_panel(self.ctx)

    def sort(self, codes: list[str], mode: str) -> list[str]:
        view = self.view
        if mode == "rank":
            return sorted(codes, key=lambda c: (is_wild(c, view), RANK_ORDER.get(c[:-1], 99), SUIT_ORDER.get(c[-1], 9)))
        if mode == "suit":
            return sorted(codes, key=lambda c: (is_wild(c, view), SUIT_ORDER.get(c[-1], 9), RANK_ORDER.get(c[:-1], 99)))
        return codes

    # ----------------------------------------------------------------------------- middle
    def shown_state(self) -> Hashable:
        """Everything the board and the action bar draw from, as one comparable value: the view, the names at
        the table, whose turn, the selection and steal mode. Chat and presence leave it alone, so they redraw
        nothing under a finger."""
        ctx = self.ctx
        seats = tuple((s.name, s.emoji) for s in ctx.table.seats)
        return (repr(self.view), seats, ctx.seat, ctx.my_turn, ctx.table.paused, len(ctx.table.log),
                tuple(ctx.selected), self.state.steal_mode)

    def middle_key(self) -> Hashable | None:
        return self.shown_state()

    def actions_key(self) -> Hashable | None:
        return self.shown_state()

    def actions(self) -> None:
        action_bar(self.ctx, self.state, self.controls)

    def middle(self) -> None:
        ctx, view, st = self.ctx, self.view, self.state
        if not steal_pairs(ctx, view) or not play_stage(ctx, view):
            st.steal_mode = False
        me = ctx.seat
        board = ui.column().classes("bn-board w-full items-center gap-2")
        board.props["data-testid"] = "beanie-board"
        board.props["data-wild"] = str(view["wild_rank"])
        board.props["data-stage"] = str(view["turn_stage"] or "")
        laid = view["laid_this_round"] or []
        board.props["data-laid"] = "true" if me is not None and me < len(laid) and laid[me] else "false"
        board.props["data-first-turn"] = "true" if view["first_turn"] else "false"
        board.props["data-steal-mode"] = "true" if st.steal_mode else "false"
        with board:
            self.info_row()
            self.vote_banner()
            if view["phase"] == "play":
                self.piles()
            st.sets_box = ui.element("div").classes("bn-sets w-full")
            st.sets_box.props["data-testid"] = "sets"
            with st.sets_box:
                st.sets_region = Region.on_request(self.sets, name="sets")

    def info_row(self) -> None:
        ctx, view = self.ctx, self.view
        with ui.row().classes("items-center justify-center gap-2 w-full"):
            with ui.element("div").classes("bn-wild").props("data-testid=wild-rank"):
                ui.label("★").classes("bn-wild-star")
                ui.label(_("Beanies: {ranks}", ranks=rank_plural(str(view["wild_rank"] or "A")))).classes("font-bold")
                ui.label(_("wild this round")).classes("text-xs opacity-80 max-sm:hidden")
            ui.button(_("Scorecard"), icon="leaderboard", on_click=lambda: open_scorecard(ctx)).props(
                "flat dense no-caps color=white data-testid=btn-scorecard").classes("min-h-[44px]")
        if view["message"]:
            ui.label(message_text(ctx, view["message"])).classes("text-sm text-center opacity-90").props(
                "data-testid=message")

    def vote_banner(self) -> None:
        ctx, view = self.ctx, self.view
        vote = view["vote"]
        if not vote:
            return
        agreed = [name_of(ctx, s) for s in vote["agreed"] if s != vote["proposer"]]
        if vote["proposer"] == ctx.seat:
            text = _("You want to end the round as a draw (everyone scores their hand).")
        else:
            text = _("{name} wants to end the round as a draw (everyone scores their hand).",
                     name=name_of(ctx, vote["proposer"]))
        if agreed:
            text += " " + _("Agreed: {names}.", names=", ".join(agreed))
        elif ctx.seat is not None and ctx.seat not in vote["agreed"]:
            text += " " + _("Agree on your turn, or play on.")
        ui.label(text).classes("bn-vote").props("data-testid=vote-banner")

    def piles(self) -> None:
        ctx, view, do = self.ctx, self.view, self.controls
        can_draw = ctx.my_turn and view["turn_stage"] == "draw"
        reason = None if can_draw else (_("Not your turn") if not ctx.my_turn else _("You have drawn this turn"))
        with ui.row().classes("items-end justify-center gap-6"):
            with ui.column().classes("items-center gap-0"):
                stock = ui.element("div").classes("bn-pile" + (" bn-can-draw" if can_draw else ""))
                stock.props["data-testid"] = "pile-stock"
                stock.props["data-count"] = str(view["stock_count"])
                set_tappable(stock)
                stock.props["aria-label"] = ngettext("Stock, {n} card: draw the top card",
                                                     "Stock, {n} cards: draw the top card", view["stock_count"])
                if reason:
                    stock.props["data-reason"] = reason
                with stock:
                    card_back(colour="#2b4c9b")
                    ui.label(str(view["stock_count"])).classes("bn-count")
                stock.on("click", lambda: do.draw(DRAW_STOCK))
                ui.label(_("Stock")).classes("text-xs opacity-80")
            with ui.column().classes("items-center gap-0"):
                top = view["discard_top"]
                can_take = can_draw and top is not None
                pile = ui.element("div").classes("bn-pile" + (" bn-can-draw" if can_take else ""))
                pile.props["data-testid"] = "pile-discard"
                pile.props["data-count"] = str(view["discard_count"])
                pile.props["data-top"] = top or ""
                set_tappable(pile)
                pile.props["aria-label"] = (_("Discard pile, top card {card}", card=pretty(top)) if top
                                            else _("Discard pile, empty"))
                if reason or top is None:
                    pile.props["data-reason"] = reason or _("The discard pile is empty")
                with pile:
                    if top:
                        card(top, wild=is_wild(top, view))
                    else:
                        ui.element("div").classes("pcard bn-empty")
                pile.on("click", lambda: do.draw(DRAW_DISCARD))
                ui.label(pgettext("pile", "Discard")).classes("text-xs opacity-80")
        if can_draw:
            ui.label(_("Draw: tap the stock, or take the top of the discard pile.")).classes("bn-hint").props(
                "data-testid=draw-hint")

    # ----------------------------------------------------------------------------- sets on the table
    def sets(self) -> None:
        ctx, view = self.ctx, self.view
        sets = view["sets"] or []
        if not sets:
            if view["phase"] == "play":
                ui.label(_("No sets on the table yet. Lay 3 or more cards: same rank (a match) or a run in one suit."
                           )).classes("text-sm opacity-80 text-center w-full")
            return
        n = view["players"] or len(ctx.table.seats)
        me = ctx.seat
        owners = sorted({s["owner"] for s in sets}, key=lambda o: (o != me, (o - (me or 0)) % n))
        steals = steal_pairs(ctx, view) if self.state.steal_mode else []
        sel = list(ctx.selected)
        for owner in owners:
            with ui.element("div").classes("bn-owner" + (" mine" if owner == me else "")).props(
                    f"data-testid=sets-of-{owner}"):
                seat = ctx.table.seats[owner] if owner < len(ctx.table.seats) else None
                title = _("Your sets") if owner == me else f"{seat.emoji if seat else ''} {name_of(ctx, owner)}"
                ui.label(title).classes("bn-owner-name")
                with ui.element("div").classes("bn-owner-sets"):
                    for s in sets:
                        if s["owner"] == owner:
                            self.one_set(s, sel, steals)

    def one_set(self, s: BeanieSet, sel: list[str], steals: list[tuple[int, str]]) -> None:
        box = ui.element("div").classes("bn-set")
        box.props.update({"data-testid": f"set-{s['id']}", "data-set-id": str(s["id"]), "data-owner": str(s["owner"]),
                          "data-type": s["type"]})
        box.props["aria-label"] = set_title(s)
        chosen = sel[0] if len(sel) == 1 else None
        with box:
            with ui.row().classes("bn-set-cards no-wrap"):
                for c in s["cards"]:
                    steal_here = c["wild"] and (s["id"], c["as"]) in steals
                    target = steal_here and (chosen is None or chosen == c["as"])
                    click = (lambda a=c["as"], sid=s["id"]: self.controls.steal_click(sid, a)) if target else None
                    table_card(c["code"], c["as"], c["wild"], on_click=click, stealable=target)
            self.set_buttons(s, sel)

    def set_buttons(self, s: BeanieSet, sel: list[str]) -> None:
        """"+" when the selected natural card(s) fit this set; "★" when a lone selected Beanie has room here."""
        ctx, view, do = self.ctx, self.view, self.controls
        if not sel or not play_stage(ctx, view) or self.state.steal_mode:
            return
        wild = wild_of(view)
        if len(sel) == 1 and is_wild(sel[0], view):
            ends = S.star_ends(set_as_list(s), view["options"]["ace_high_runs"])
            if not ends:
                return  # a full set: no ★ at all
            reason = ctx.check(Star(s["id"], sel[0], ends[0]))
            btn = ui.button("★", on_click=lambda: do.star(s, sel[0], ends)).props(
                f"round dense color=amber text-color=black data-testid=btn-star data-set-id={s['id']}").classes(
                "bn-set-btn")
            btn.props["aria-label"] = _("Place the Beanie on {set}", set=set_title(s))
            reason_on(btn, reason)
            return
        if any(is_wild(c, view) for c in sel):
            return
        plan = add_plan(s, sel, wild, view["options"]["ace_high_runs"])
        if plan is None:
            return  # does not fit (or a full match): no "+"
        reason = ctx.check(Add(s["id"], plan[0]))
        btn = ui.button("+", on_click=lambda: do.add(s["id"], plan)).props(
            f"round dense color=primary data-testid=btn-add data-set-id={s['id']}").classes("bn-set-btn")
        btn.props["aria-label"] = _("Add {cards} to {set}", cards=", ".join(pretty(c) for c in plan), set=set_title(s))
        reason_on(btn, reason)

    # ----------------------------------------------------------------------------- hand
    def on_card_click(self, code: str) -> None:
        self.controls.card_click(code)

    def hand_key(self, codes: list[str]) -> Hashable | None:
        ctx, view, st = self.ctx, self.view, self.state
        eligible = {c for _sid, c in steal_pairs(ctx, view)} if st.steal_mode else set()
        return st.steal_mode, tuple(sorted(eligible)), view["drawn_card"], tuple(is_wild(c, view) for c in codes)

    def hand(self, codes: list[str]) -> None:
        ctx, view, st = self.ctx, self.view, self.state
        eligible = {c for _sid, c in steal_pairs(ctx, view)} if st.steal_mode else set()
        drawn = view["drawn_card"]
        for code in codes:
            can = not st.steal_mode or code in eligible

            def click(c: str = code) -> None:
                self.controls.card_click(c)

            el = card(code, selected=code in ctx.selected, wild=is_wild(code, view), on_click=click if can else None,
                      disabled=not can)
            if is_wild(code, view):
                el.props["data-wild"] = "true"
            if code in eligible:
                el.classes("bn-steal-eligible")
                el.props["data-steal-eligible"] = "true"
            if code == drawn:
                el.classes("bn-drawn")
                badge = css_word(pgettext("card badge", "new"))
                el.style(f"--badge: {badge}")
                el.props["data-drawn"] = "true"


def add_plan(s: BeanieSet, sel: list[str], wild: int, ace_high: bool = False) -> list[str] | None:
    """The order in which the selected natural cards can all be added to set ``s``, or None."""
    work = set_as_list(s)
    left = [S.CARD_ID[c] for c in sel]
    order: list[str] = []
    while left:
        fits = S.accepts(work, wild, ace_high)
        nxt = next((c for c in left if c in fits), None)
        if nxt is None:
            return None
        S.add_natural(work, nxt)
        left.remove(nxt)
        order.append(S.CODES[nxt])
    return order


Screen = BeanieScreen
