"""Beanie's table screen: the wild rank, stock and discard, the sets by owner, and the play controls.

A turn: draw (tap the stock or the discard pile), then lay sets / add to sets (+) / place a lone Beanie
(★) / steal a Beanie, then discard one card. Selection lives on the page; steal mode per page too.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.beanie import sets as S
from logic.beanie.rules import (
    AGREE,
    DRAW_DISCARD,
    DRAW_STOCK,
    PROPOSE,
    WITHDRAW,
    Add,
    BeanieConfig,
    Discard,
    Lay,
    Star,
    Steal,
)
from ui.components.cards import card, card_back
from ui.games.base import GameUI, action_button
from ui.games.beanie_parts import (
    choice_dialog,
    install_results_hook,
    is_wild,
    lay_outcomes,
    message_text,
    name_of,
    open_scorecard,
    pretty,
    preview,
    set_as_list,
    set_title,
    table_card,
    wild_of,
)

if TYPE_CHECKING:
    from ui.pages.table import TablePage

RANK_ORDER = {label: i for i, label in enumerate(S.RANK_LABELS)}
SUIT_ORDER = {s: i for i, s in enumerate("SHDC")}


def _lobby_choices() -> None:
    """The lobby draws a select only for options with a short list of values. BeanieConfig validates rounds and
    the Beanie value with validators, so give the option controls their choices (display only; the config
    still validates). To be replaced by ``Field(ge=1, le=13)`` / ``Literal[10, 25]`` in logic/beanie/rules.py."""
    fields = BeanieConfig.model_fields
    extra = {"rounds": list(range(1, 14)), "beanie_value": [10, 25]}
    titles = {"rounds": "Rounds", "beanie_value": "Beanie left in hand (points)",
              "reclaim_own": "Reclaim own Beanie"}
    for name, choices in extra.items():
        f = fields.get(name)
        if f is not None and f.json_schema_extra is None and not f.metadata:
            f.json_schema_extra = {"choices": choices}
    for name, title in titles.items():
        f = fields.get(name)
        if f is not None and not f.title:
            f.title = title


_lobby_choices()
install_results_hook()


class Local:
    """What one browser remembers between redraws: steal mode and the sets box to redraw on selection."""

    def __init__(self) -> None:
        self.steal_mode = False
        self.sets_box: ui.element | None = None


_LOCAL: weakref.WeakKeyDictionary[Any, Local] = weakref.WeakKeyDictionary()


def local(page: TablePage) -> Local:
    if page not in _LOCAL:
        _LOCAL[page] = Local()
    return _LOCAL[page]


def steal_pairs(page: TablePage, view: dict[str, Any], need_laid: bool = True) -> list[tuple[int, str]]:
    """(set id, hand card) swaps this seat could make now: a table Beanie stands for a real card it holds."""
    me = page.seat
    if me is None or view.get("phase") != "play":
        return []
    if need_laid and not (view.get("laid_this_round") or [False] * 9)[me]:
        return []
    reclaim = (view.get("options") or {}).get("reclaim_own", False)
    hand = set(view.get("hand") or [])
    out = []
    for s in view.get("sets") or []:
        if s["owner"] == me and not reclaim:
            continue
        for c in s["cards"]:
            if c["wild"] and c["as"] != c["code"] and c["as"] in hand and not is_wild(c["as"], view):
                out.append((s["id"], c["as"]))
    return out


def play_stage(page: TablePage, view: dict[str, Any]) -> bool:
    return page.my_turn and view.get("phase") == "play" and view.get("turn_stage") == "play"


class BeanieScreen(GameUI):
    sort_modes = (("deal", "Deal"), ("rank", "A→K"), ("suit", "♠♥♦♣"))

    def sort(self, codes: list[str], mode: str, view: dict[str, Any]) -> list[str]:
        if mode == "rank":
            return sorted(codes, key=lambda c: (is_wild(c, view), RANK_ORDER[c[:-1]], SUIT_ORDER[c[-1]]))
        if mode == "suit":
            return sorted(codes, key=lambda c: (is_wild(c, view), SUIT_ORDER[c[-1]], RANK_ORDER[c[:-1]]))
        return codes

    # ----------------------------------------------------------------------------- middle
    def middle(self, page: TablePage, view: dict[str, Any]) -> None:
        loc = local(page)
        if not steal_pairs(page, view) or not play_stage(page, view):
            loc.steal_mode = False
        me = page.seat
        board = ui.column().classes("bn-board w-full items-center gap-2")
        board.props["data-testid"] = "beanie-board"
        board.props["data-wild"] = str(view.get("wild_rank", ""))
        board.props["data-stage"] = str(view.get("turn_stage") or "")
        laid = view.get("laid_this_round") or []
        board.props["data-laid"] = "true" if me is not None and me < len(laid) and laid[me] else "false"
        board.props["data-first-turn"] = "true" if view.get("first_turn") else "false"
        board.props["data-steal-mode"] = "true" if loc.steal_mode else "false"
        with board:
            self.info_row(page, view)
            self.vote_banner(page, view)
            if view.get("phase") == "play":
                self.piles(page, view)
            loc.sets_box = ui.element("div").classes("bn-sets w-full")
            loc.sets_box.props["data-testid"] = "sets"
            with loc.sets_box:
                self.sets(page, view)

    def info_row(self, page: TablePage, view: dict[str, Any]) -> None:
        with ui.row().classes("items-center justify-center gap-2 w-full"):
            with ui.element("div").classes("bn-wild").props("data-testid=wild-rank"):
                ui.label("★").classes("bn-wild-star")
                ui.label(f"Beanies: {view.get('wild_label', '')}").classes("font-bold")
                ui.label("wild this round").classes("text-xs opacity-80 max-sm:hidden")
            ui.button("Scorecard", icon="leaderboard", on_click=lambda: open_scorecard(page)).props(
                "flat dense no-caps color=white data-testid=btn-scorecard").classes("min-h-[44px]")
        if view.get("message"):
            ui.label(message_text(page, view["message"])).classes("text-sm text-center opacity-90").props(
                "data-testid=message")

    def vote_banner(self, page: TablePage, view: dict[str, Any]) -> None:
        vote = view.get("vote")
        if not vote:
            return
        who = name_of(page, vote["proposer"])
        agreed = [name_of(page, s) for s in vote["agreed"] if s != vote["proposer"]]
        text = f"{who} {'want' if who == 'You' else 'wants'} to end the round as a draw (everyone scores their hand)."
        if agreed:
            text += " Agreed: " + ", ".join(agreed) + "."
        elif page.seat is not None and page.seat not in vote["agreed"]:
            text += " Agree on your turn, or play on."
        ui.label(text).classes("bn-vote").props("data-testid=vote-banner")

    def piles(self, page: TablePage, view: dict[str, Any]) -> None:
        can_draw = page.my_turn and view.get("turn_stage") == "draw"
        reason = None if can_draw else ("Not your turn" if not page.my_turn else "You have drawn this turn")
        with ui.row().classes("items-end justify-center gap-6"):
            with ui.column().classes("items-center gap-0"):
                stock = ui.element("div").classes("bn-pile" + (" bn-can-draw" if can_draw else ""))
                stock.props["data-testid"] = "pile-stock"
                stock.props["data-count"] = str(view.get("stock_count", 0))
                stock.props["role"] = "button"
                stock.props["aria-label"] = f"Stock, {view.get('stock_count', 0)} cards: draw the top card"
                if reason:
                    stock.props["data-reason"] = reason
                with stock:
                    card_back(colour="#2b4c9b")
                    ui.label(str(view.get("stock_count", 0))).classes("bn-count")
                stock.on("click", lambda: self.draw(page, DRAW_STOCK))
                ui.label("Stock").classes("text-xs opacity-80")
            with ui.column().classes("items-center gap-0"):
                top = view.get("discard_top")
                can_take = can_draw and top is not None
                pile = ui.element("div").classes("bn-pile" + (" bn-can-draw" if can_take else ""))
                pile.props["data-testid"] = "pile-discard"
                pile.props["data-count"] = str(view.get("discard_count", 0))
                pile.props["data-top"] = top or ""
                pile.props["role"] = "button"
                pile.props["aria-label"] = f"Discard pile, top card {pretty(top)}" if top else "Discard pile, empty"
                if reason or top is None:
                    pile.props["data-reason"] = reason or "The discard pile is empty"
                with pile:
                    if top:
                        card(top, wild=is_wild(top, view))
                    else:
                        ui.element("div").classes("pcard bn-empty")
                pile.on("click", lambda: self.draw(page, DRAW_DISCARD))
                ui.label("Discard").classes("text-xs opacity-80")
        if can_draw:
            ui.label("Draw: tap the stock, or take the top of the discard pile.").classes("bn-hint").props(
                "data-testid=draw-hint")

    def draw(self, page: TablePage, action: Any) -> None:
        reason = page.check(action)
        if reason:
            ui.notify(reason, type="warning", position="top")
            return
        page.send(action)

    # ----------------------------------------------------------------------------- sets on the table
    def sets(self, page: TablePage, view: dict[str, Any]) -> None:
        sets = view.get("sets") or []
        if not sets:
            if view.get("phase") == "play":
                ui.label("No sets on the table yet. Lay 3 or more cards: same rank (a match) or a run in one suit."
                         ).classes("text-sm opacity-80 text-center w-full")
            return
        n = view.get("players") or len(page.table.seats)
        me = page.seat
        owners = sorted({s["owner"] for s in sets}, key=lambda o: (o != me, (o - (me or 0)) % n))
        loc = local(page)
        steals = steal_pairs(page, view) if loc.steal_mode else []
        sel = list(page.selected)
        for owner in owners:
            with ui.element("div").classes("bn-owner" + (" mine" if owner == me else "")).props(
                    f"data-testid=sets-of-{owner}"):
                seat = page.table.seats[owner] if owner < len(page.table.seats) else None
                title = "Your sets" if owner == me else f"{seat.emoji if seat else ''} {name_of(page, owner)}"
                ui.label(title).classes("bn-owner-name")
                with ui.element("div").classes("bn-owner-sets"):
                    for s in sets:
                        if s["owner"] == owner:
                            self.one_set(page, view, s, sel, steals)

    def one_set(self, page: TablePage, view: dict[str, Any], s: dict[str, Any], sel: list[str],
                steals: list[tuple[int, str]]) -> None:
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
                    click = (lambda a=c["as"], sid=s["id"]: self.steal_click(page, sid, a)) if target else None
                    table_card(c["code"], c["as"], c["wild"], on_click=click, stealable=target)
            self.set_buttons(page, view, s, sel)

    def set_buttons(self, page: TablePage, view: dict[str, Any], s: dict[str, Any], sel: list[str]) -> None:
        """"+" when the selected natural card(s) fit this set; "★" when a lone selected Beanie has room here."""
        if not sel or not play_stage(page, view) or local(page).steal_mode:
            return
        wild = wild_of(view)
        if len(sel) == 1 and is_wild(sel[0], view):
            ends = S.star_ends(set_as_list(s))
            if not ends:
                return  # a full set: no ★ at all
            reason = page.check(Star(s["id"], sel[0], ends[0]))
            btn = ui.button("★", on_click=lambda: self.star(page, s, sel[0], ends)).props(
                f"round dense color=amber text-color=black data-testid=btn-star data-set-id={s['id']}").classes(
                "bn-set-btn")
            btn.props["aria-label"] = f"Place the Beanie on {set_title(s)}"
            self._reason(btn, reason)
            return
        if any(is_wild(c, view) for c in sel):
            return
        plan = add_plan(s, sel, wild)
        if plan is None:
            return  # does not fit (or a full match): no "+"
        reason = page.check(Add(s["id"], plan[0]))
        btn = ui.button("+", on_click=lambda: self.add(page, s["id"], plan)).props(
            f"round dense color=primary data-testid=btn-add data-set-id={s['id']}").classes("bn-set-btn")
        btn.props["aria-label"] = f"Add {', '.join(pretty(c) for c in plan)} to {set_title(s)}"
        self._reason(btn, reason)

    @staticmethod
    def _reason(btn: ui.button, reason: str | None) -> None:
        if reason:
            short = "Lay a set of your own first" if "Lay a set of your own" in reason else reason
            btn.disable()
            btn.tooltip(short)
            btn.props["data-reason"] = short

    def add(self, page: TablePage, set_id: int, plan: list[str]) -> None:
        for code in plan:
            if not page.send(Add(set_id, code)):
                return

    def star(self, page: TablePage, s: dict[str, Any], code: str, ends: tuple) -> None:
        if ends != ("low", "high"):
            page.send(Star(s["id"], code, None))
            return
        first, last = s["cards"][0]["as"], s["cards"][-1]["as"]
        low = S.CODES[S.CARD_ID[first] - 1]
        high = S.CODES[S.CARD_ID[last] + 1]
        choice_dialog("Which end of the run?", "end-dialog", [
            (f"Low end: as {pretty(low)}", "btn-end-low", lambda: preview([S.CARD_ID[code]], [S.CARD_ID[low]], 0),
             lambda: page.send(Star(s["id"], code, "low"))),
            (f"High end: as {pretty(high)}", "btn-end-high",
             lambda: preview([S.CARD_ID[code]], [S.CARD_ID[high]], 0), lambda: page.send(Star(s["id"], code, "high"))),
        ])

    # ----------------------------------------------------------------------------- stealing
    def toggle_steal(self, page: TablePage) -> None:
        loc = local(page)
        loc.steal_mode = not loc.steal_mode
        eligible = {c for _sid, c in steal_pairs(page, page.view)}
        page.selected[:] = [c for c in page.selected if c in eligible][:1] if loc.steal_mode else []
        if loc.steal_mode and not page.selected and len(eligible) == 1:
            page.selected.append(next(iter(eligible)))
        self.redraw(page)

    def steal_click(self, page: TablePage, set_id: int, as_code: str) -> None:
        if as_code not in page.selected:
            page.selected[:] = [as_code]  # tapping the Beanie first picks the card that can replace it
        action = Steal(set_id, as_code)
        if page.send(action):
            local(page).steal_mode = False

    # ----------------------------------------------------------------------------- hand
    def on_card_click(self, page: TablePage, view: dict[str, Any], code: str) -> None:
        if local(page).steal_mode:
            page.selected[:] = [] if page.selected == [code] else [code]
        elif code in page.selected:
            page.selected.remove(code)
        else:
            page.selected.append(code)
        self.redraw(page)

    def redraw(self, page: TablePage) -> None:
        """Selection changed: the hand and action bar, and the sets (their + / ★ / steal targets)."""
        page.hand_area.refresh()
        loc = local(page)
        if loc.sets_box is not None and not loc.sets_box.is_deleted:
            loc.sets_box.clear()
            with loc.sets_box:
                self.sets(page, page.view)
            board = loc.sets_box.parent_slot.parent if loc.sets_box.parent_slot else None
            if board is not None:
                board.props["data-steal-mode"] = "true" if loc.steal_mode else "false"
                board.update()

    def hand(self, page: TablePage, view: dict[str, Any], codes: list[str]) -> None:
        loc = local(page)
        eligible = {c for _sid, c in steal_pairs(page, view)} if loc.steal_mode else set()
        drawn = view.get("drawn_card")
        for code in codes:
            can = not loc.steal_mode or code in eligible
            el = card(code, selected=code in page.selected, wild=is_wild(code, view),
                      on_click=(lambda c=code: self.on_card_click(page, page.view, c)) if can else None,
                      disabled=not can)
            if is_wild(code, view):
                el.props["data-wild"] = "true"
            if code in eligible:
                el.classes("bn-steal-eligible")
                el.props["data-steal-eligible"] = "true"
            if code == drawn:
                el.classes("bn-drawn")
                el.props["data-drawn"] = "true"

    # ----------------------------------------------------------------------------- action bar
    def actions(self, page: TablePage, view: dict[str, Any]) -> None:
        if view.get("phase") != "play":
            return
        loc = local(page)
        sel = list(page.selected)
        hint: str | None = None
        if not page.my_turn:
            turn = view.get("turn")
            who = name_of(page, turn) if turn is not None else "the others"
            ui.label(f"Waiting for {who}").classes("reason").props("data-testid=waiting")
            action_button(page, "Lay set", "btn-lay", None, "Not your turn")
            action_button(page, "Discard", "btn-discard", None, "Not your turn")
            self.vote_buttons(page, view)
            return
        if view.get("turn_stage") == "draw":
            action_button(page, "Draw", "btn-draw", DRAW_STOCK, None, primary=True, icon="style")
            top = view.get("discard_top")
            action_button(page, f"Take {pretty(top)}" if top else "Take discard", "btn-take", DRAW_DISCARD,
                          None if top else "The discard pile is empty")
            action_button(page, "Lay set", "btn-lay", None, "Draw a card first")
            ui.label("First draw a card: from the stock or the discard pile.").classes("reason w-full text-center"
                                                                                         ).props("data-testid=reason")
            return
        if loc.steal_mode:
            pairs = steal_pairs(page, view)
            ui.button("Cancel steal", icon="close", on_click=lambda: self.toggle_steal(page)).props(
                "outline data-testid=btn-steal data-mode=cancel")
            chosen = sel[0] if sel else None
            ready = chosen is not None and any(c == chosen for _s, c in pairs)
            hint = ("Now tap the pulsing ★ Beanie on the table to swap it." if ready
                    else "Tap a glowing card in your hand: it takes the Beanie's place.")
            ui.label(hint).classes("reason w-full text-center").props("data-testid=reason")
            return
        # Lay set
        lay_reason = self.lay_reason(page, view, sel)
        lay_btn = ui.button("Lay set", icon="view_week", on_click=lambda: self.lay(page, view, list(page.selected)))
        lay_btn.props("data-testid=btn-lay " + ("color=primary" if not lay_reason else "outline"))
        self._reason(lay_btn, lay_reason)
        # Discard
        disc_reason = "Select one card to discard" if len(sel) != 1 else page.check(Discard(sel[0]))
        action_button(page, "Discard", "btn-discard", Discard(sel[0]) if len(sel) == 1 else None, disc_reason,
                      primary=len(sel) == 1 and not disc_reason, icon="south")
        # Steal (only when a swap exists; disabled with the reason when you have not laid yet)
        if steal_pairs(page, view):
            ui.button("Steal Beanie ★", on_click=lambda: self.toggle_steal(page)).props(
                "color=amber text-color=black no-caps data-testid=btn-steal")
        elif steal_pairs(page, view, need_laid=False):
            b = ui.button("Steal Beanie ★").props("outline no-caps data-testid=btn-steal")
            self._reason(b, "Lay a set of your own first")
        self.vote_buttons(page, view)
        if not sel:
            hint = "Select 3+ cards to lay a set, a card for a + on a set, or one card to discard."
            if view.get("first_turn"):
                hint += " (First turn: you can't go out yet.)"
        elif len(sel) == 1:
            hint = disc_reason or ("Tap ★ on a set to place the Beanie, or Discard it." if is_wild(sel[0], view)
                                   else "Tap + on a set to add it, or Discard it.")
        else:
            hint = lay_reason or "Lay set to put these cards on the table."
        ui.label(hint).classes("reason w-full text-center").props("data-testid=reason")

    def vote_buttons(self, page: TablePage, view: dict[str, Any]) -> None:
        vote = view.get("vote")
        me = page.seat
        if vote is None:
            reason = page.check(PROPOSE) if page.my_turn else "Propose on your turn"
            if reason and "Draw a card first" in reason:
                reason = "Draw a card first"
            action_button(page, "End round?", "btn-end-round", PROPOSE, reason).props("flat dense no-caps")
        elif vote["proposer"] == me:
            action_button(page, "Cancel end-round vote", "btn-withdraw", WITHDRAW,
                          page.check(WITHDRAW) if page.my_turn else "Withdraw on your turn").props("flat dense no-caps")
        elif me is not None and me not in vote["agreed"]:
            action_button(page, "Agree to end round", "btn-agree", AGREE,
                          page.check(AGREE) if page.my_turn else "Agree on your turn").props("flat dense no-caps")

    def lay_reason(self, page: TablePage, view: dict[str, Any], sel: list[str]) -> str | None:
        if len(sel) < 3:
            return "Select 3 or more cards to lay a set"
        outs = lay_outcomes(sel, wild_of(view))
        for as_type in ("match", "run"):
            if outs[as_type]:
                return page.check(Lay(tuple(sel), as_type, outs[as_type][0][1]))
        return page.check(Lay(tuple(sel))) or "These cards make no set"

    def lay(self, page: TablePage, view: dict[str, Any], sel: list[str]) -> None:
        wild = wild_of(view)
        outs = lay_outcomes(sel, wild)
        cards = tuple(sel)

        def runs() -> None:
            opts = outs["run"]
            if len(opts) == 1:
                page.send(Lay(cards, "run", opts[0][1]))
                return
            choice_dialog("Which end for the Beanie?", "end-dialog", [
                (f"{end.capitalize()} end: {pretty(S.CODES[reps[0]])}–{pretty(S.CODES[reps[-1]])}", f"btn-end-{end}",
                 lambda p=placed, r=reps: preview(p, r, wild), lambda e=end: page.send(Lay(cards, "run", e)))
                for _at, end, placed, reps in opts])

        if outs["match"] and outs["run"]:
            m = outs["match"][0]
            r = outs["run"][0]
            choice_dialog("How to play these cards?", "lay-dialog", [
                ("As a match", "btn-as-match", lambda: preview(m[2], m[3], wild),
                 lambda: page.send(Lay(cards, "match", None))),
                ("As a run", "btn-as-run", lambda: preview(r[2], r[3], wild), runs),
            ])
        elif outs["run"]:
            runs()
        else:
            page.send(Lay(cards, "match" if outs["match"] else None, None))


def add_plan(s: dict[str, Any], sel: list[str], wild: int) -> list[str] | None:
    """The order in which the selected natural cards can all be added to set ``s``, or None."""
    work = set_as_list(s)
    left = [S.CARD_ID[c] for c in sel]
    order: list[str] = []
    while left:
        fits = S.accepts(work, wild)
        nxt = next((c for c in left if c in fits), None)
        if nxt is None:
            return None
        S.add_natural(work, nxt)
        left.remove(nxt)
        order.append(S.CODES[nxt])
    return order


SCREEN = BeanieScreen()
