"""Rummy's drawing pieces: the stock, the spread discard pile, the melds grouped by owner, and drag and drop.

Drag and drop runs in the browser (small inline handlers, no server round trip until the drop): a dragged
thing carries its source ("stock", "discard:7H", "hand:QS"); an element whose ``data-drop`` lists the kind of
that source ("stock", "discard", "hand") lights up and takes the drop, which reaches the server as one string
"<source>|<card under the pointer or empty>".
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.cards import SUIT_SYMBOL, Card
from logic.rummy.hints import RummyHint
from logic.views import RummyMeld, RummyView
from ui.components.cards import card, card_back
from ui.components.tap import set_tappable
from ui.games.rummy.discard_picker import PILE_SHOWN, OpenSheet, picker_button
from ui.i18n.viewer import _, ngettext, num
from ui.table.seat_wording import in_language

if TYPE_CHECKING:
    from ui.table.context import Dialogs, Drawing

# --- browser-side drag and drop ------------------------------------------------------------------------------
_ACCEPTS = "(t, s) => !!(s && t.dataset.drop && t.dataset.drop.split(' ').includes(s.split(':')[0]))"
_CLEAR = ("document.querySelectorAll('.rm-drop-ok, .rm-drop-over, .rm-dragging').forEach("
          "p => p.classList.remove('rm-drop-ok', 'rm-drop-over', 'rm-dragging'))")
JS_DRAG_START = """(e) => {
  const el = e.currentTarget, s = el.dataset.source; if (!s) return;
  e.stopPropagation();
  window.rmDrag = s; e.dataTransfer.setData('text/plain', s); e.dataTransfer.effectAllowed = 'move';
  el.classList.add('rm-dragging');
  const ok = OK_FN;
  document.querySelectorAll('[data-drop]').forEach(t => { if (ok(t, s)) t.classList.add('rm-drop-ok'); });
}""".replace("OK_FN", _ACCEPTS)
JS_DRAG_END = "(e) => { window.rmDrag = null; CLEAR_ALL; }".replace("CLEAR_ALL", _CLEAR)
JS_DRAG_OVER = """(e) => {
  const t = e.currentTarget, ok = OK_FN;
  if (ok(t, window.rmDrag)) { e.preventDefault(); e.stopPropagation(); e.dataTransfer.dropEffect = 'move';
    t.classList.add('rm-drop-over'); }
}""".replace("OK_FN", _ACCEPTS)
JS_DRAG_LEAVE = "(e) => e.currentTarget.classList.remove('rm-drop-over')"
JS_DROP = """(e) => {
  const t = e.currentTarget, ok = OK_FN;
  const s = window.rmDrag || e.dataTransfer.getData('text/plain');
  if (!ok(t, s)) return;
  e.preventDefault(); e.stopPropagation(); window.rmDrag = null; CLEAR_ALL;
  emit(s + '|' + (t.dataset.card || ''));
}""".replace("OK_FN", _ACCEPTS).replace("CLEAR_ALL", _CLEAR)
# a tap on the table itself (not on a meld or card) means "meld the selection here"
JS_TAP_EMPTY = "(e) => { if (!e.target.closest('[data-meld], [data-card], button')) emit('tap'); }"


def draggable(el: ui.element, source: str) -> None:
    el.props["draggable"] = "true"
    el.props["data-source"] = source
    el.on("dragstart", js_handler=JS_DRAG_START)
    el.on("dragend", js_handler=JS_DRAG_END)


def drop_target(el: ui.element, kinds: str, on_drop: Callable[[str, str], None]) -> None:
    """``el`` takes drops of the given source kinds ("hand", "stock discard"); ``on_drop(source, card)``."""
    el.props["data-drop"] = kinds

    def handle(e: Any) -> None:
        src, _, target = str(e.args).partition("|")
        on_drop(src, target)

    el.on("dragover", js_handler=JS_DRAG_OVER)
    el.on("dragenter", js_handler=JS_DRAG_OVER)
    el.on("dragleave", js_handler=JS_DRAG_LEAVE)
    el.on("drop", handle, js_handler=JS_DROP)


# --- words ---------------------------------------------------------------------------------------------------
def pretty(code: str) -> str:
    c = Card.parse(code)
    return f"{c.code[:-1]}{SUIT_SYMBOL[c.suit]}"


def pretty_all(codes: list[str]) -> str:
    return " ".join(pretty(c) for c in codes)


def seat_name(ctx: Drawing, seat: int) -> str:
    """The seat's name ("You" for the viewer, in the viewer's language)."""
    if seat == ctx.seat:
        return _("You")
    return ctx.table.seats[seat].name if 0 <= seat < len(ctx.table.seats) else _("Seat {n}", n=seat + 1)


# --- piles ---------------------------------------------------------------------------------------------------
def stock_pile(view: RummyView, back: str, can_draw: bool, on_draw: Callable[[], None]) -> None:
    """The stock face down (``back``: the viewer's card back colour), with its count; tapped or dragged to draw."""
    count = int(view["stock_count"] or 0)
    with ui.column().classes("items-center gap-1"):
        ui.label(_("Stock")).classes("rm-pile-label")
        box = ui.element("div").classes("rm-stock" + (" ready" if can_draw else ""))
        box.props["data-testid"] = "pile-stock"
        box.props["data-count"] = str(count)
        set_tappable(box, can_draw)
        box.props["aria-label"] = (ngettext("Stock, {n} card: tap to draw", "Stock, {n} cards: tap to draw", count)
                                   if can_draw else ngettext("Stock, {n} card", "Stock, {n} cards", count))
        with box:
            if count:
                card_back(back)
            else:
                ui.element("div").classes("pcard rm-empty")
            ui.label(str(count)).classes("rm-count")
        if can_draw:
            box.on("click", lambda _e: on_draw())
            draggable(box, "stock")
        ui.label(_("Tap to draw") if can_draw else "").classes("rm-pile-tip")


def discard_pile(ctx: Dialogs, sheet: OpenSheet, view: RummyView, *, takeable: set[str], can_take: bool,
                 on_take: Callable[[str], None], hint_take: str | None,
                 drop: Callable[[str, str], None] | None, on_tap: Callable[[], None] | None) -> None:
    """The whole pile, bottom -> top, spread so every card shows its corner."""
    codes = list(view["discard"] or [])
    with ui.column().classes("items-center gap-1 rm-discard-col"):
        tip = _("Discard pile — tap a card to take it and all above it") if can_take and len(codes) > 1 else \
            _("Discard pile")
        ui.label(tip).classes("rm-pile-label")
        pile = ui.element("div").classes("rm-discard")
        pile.props["data-testid"] = "pile-discard"
        pile.props["data-count"] = str(len(codes))
        pile.props["data-top"] = codes[-1] if codes else ""
        with pile:
            if not codes:
                ui.element("div").classes("pcard small rm-empty")
            for i, code in enumerate(codes):
                el = card(code, small=True, on_click=partial(on_take, code) if can_take else None)
                el.props["data-depth"] = str(len(codes) - 1 - i)
                if len(codes) - i > PILE_SHOWN:
                    el.classes(add="rm-buried")  # hidden on a phone: in the picker (ui/games/rummy/discard_picker.py)
                if code == hint_take:
                    el.classes(add="rm-hint")
                    el.props["data-hint"] = "take"
                if can_take and code in takeable:
                    el.classes(add="rm-takeable")
                    el.props["data-takeable"] = "true"
                    draggable(el, f"discard:{code}")
        if drop is not None:
            drop_target(pile, "hand", drop)
        if on_tap is not None:
            set_tappable(pile)
            pile.props["aria-label"] = _("Discard pile: tap to discard the selected card")
            pile.on("click", lambda _e: on_tap())
        picker_button(ctx, sheet, codes, takeable=takeable, can_take=can_take, on_take=on_take)


# --- melds ---------------------------------------------------------------------------------------------------
def meld_groups(ctx: Drawing, view: RummyView, *, targets: set[int], hint_melds: set[int],
                on_meld_click: Callable[[int], None] | None, meld_drop: Callable[[int, str, str], None] | None
                ) -> None:
    """Melds grouped by owner (the viewer first, then clockwise), each meld showing who laid off what."""
    melds = list(view["melds"] or [])
    n = len(ctx.table.seats)
    me = ctx.seat if ctx.seat is not None else 0
    order = [(me + k) % n for k in range(n)]
    pts = view["hand_melded_points"] or [0] * n
    for owner in order:
        mine = [m for m in melds if m["owner"] == owner]
        if not mine:
            continue
        group = ui.element("div").classes("rm-group")
        group.props["data-testid"] = f"meld-group-{owner}"
        with group:
            who = seat_name(ctx, owner)
            emoji = ctx.table.seats[owner].emoji if owner < n else ""
            points = ngettext("{n} pt", "{n} pts", pts[owner] if owner < len(pts) else 0)
            ui.label(f"{emoji} {who} · {points}").classes("rm-group-title")
            with ui.element("div").classes("rm-group-melds"):
                for m in mine:
                    meld_box(ctx, m, target=m["id"] in targets, hinted=m["id"] in hint_melds,
                             on_click=on_meld_click, drop=meld_drop)


def meld_box(ctx: Drawing, m: RummyMeld, *, target: bool, hinted: bool,
             on_click: Callable[[int], None] | None, drop: Callable[[int, str, str], None] | None) -> None:
    mid = int(m["id"])
    laid = {lo["card"]: lo["seat"] for lo in m["layoffs"] or []}
    classes = "rm-meld"
    if target:
        classes += " rm-target"
    if hinted:
        classes += " rm-hint-meld"
    if on_click is not None:
        classes += " clickable"
    box = ui.element("div").classes(classes)
    box.props.update({"data-testid": f"meld-{mid}", "data-meld": str(mid), "data-owner": str(m["owner"]),
                      "data-type": m["type"], "data-points": str(m["points"])})
    if target:
        box.props["data-target"] = "true"
    cards = pretty_all(m["cards"])
    label = _("Set {cards}", cards=cards) if m["type"] == "set" else _("Run {cards}", cards=cards)
    if laid:
        by = ", ".join(_("{card} by {name}", card=pretty(c), name=seat_name(ctx, s)) for c, s in laid.items())
        label = _("{meld}; laid off: {cards}", meld=label, cards=by)
    box.props["aria-label"] = label
    box.props["role"] = "group"  # a name needs a role; tappable melds become buttons below
    with box:
        for code in m["cards"]:
            if code in laid:
                who = laid[code]
                with ui.element("div").classes("rm-laid").props(f"data-laid-by={who}"):
                    card(code, small=True)
                    tag = ui.label(ctx.table.seats[who].emoji or "+").classes("rm-by")
                    tag.props["title"] = _("laid off by {name}", name=seat_name(ctx, who))
            else:
                card(code, small=True)
    if on_click is not None:
        set_tappable(box)
        box.on("click", lambda _e: on_click(mid))
    if drop is not None:
        drop_target(box, "hand", lambda src, tgt: drop(mid, src, tgt))


# --- lines above the piles -----------------------------------------------------------------------------------
def info_panels(ctx: Drawing, view: RummyView, hint: RummyHint | None) -> None:
    """Last turn, scores, the first-deal draw (early in the match), the must-use warning and the hint."""
    n = len(ctx.table.seats)
    playing = view["phase"] == "play"
    with ui.row().classes("rm-info w-full justify-center items-center gap-x-3 gap-y-1"):
        if view["message"]:
            text = ctx.with_names(view["message"]).replace("You goes first", "You go first")
            ui.label(text).classes("text-sm").props("data-testid=message")
        scores = view["scores"] or []
        if scores and (view["hand_no"] > 1 or any(scores)):
            parts = [f"{seat_name(ctx, s)} {num(scores[s])}" for s in range(min(n, len(scores)))]
            ui.label(_("Scores: {scores}", scores=" · ".join(parts))).classes("chip rm-scores").props(
                "data-testid=scores")
    draw = view["first_deal_draw"]
    if playing and view["hand_no"] == 1 and len(view["history"] or []) < n and draw["cards"]:
        winner = draw["winner"]
        box = ui.row().classes("rm-first-draw items-center gap-2 no-wrap")
        box.props["data-testid"] = "first-draw"
        box.props["data-winner"] = str(winner)
        with box:
            ui.label(_("Draw for first deal:")).classes("text-sm")
            for s, code in enumerate(draw["cards"][:n]):
                if code is None:  # (never in play: every seat has drawn)
                    continue
                chip = ui.label(f"{seat_name(ctx, s)} {pretty(code)}")
                chip.classes("chip" + (" title" if s == winner else ""))
                chip.props.update({"data-card-draw": code, "data-testid": f"first-draw-{s}"})
            if winner is not None:
                ui.label(_("→ You start") if winner == ctx.seat else
                         _("→ {name} starts", name=seat_name(ctx, winner))).classes(
                    "text-sm font-bold")
    if view["must_use"]:
        with ui.row().classes("rm-must-banner items-center gap-2 no-wrap").props("data-testid=must-use") as banner:
            banner.props["data-must-use"] = view["must_use"]
            ui.icon("priority_high")
            ui.label(_("Meld or lay off the {card} this turn — you took it from under the pile.",
                       card=pretty(view["must_use"])))
    if hint is not None and playing:
        hint_box = ui.column().classes("rm-hint-box gap-0 items-center")
        hint_box.props.update({
            "data-testid": "hint",
            "data-stage": str(hint.get("stage") or ""),
            "data-take": hint.get("take") or "",
            "data-melds": "|".join(" ".join(m) for m in hint.get("melds") or []),
            "data-layoffs": "|".join(f"{lo['meld']}:{' '.join(lo['cards'])}" for lo in hint.get("layoffs") or []),
            "data-discard": hint.get("discard") or "",
        })
        with hint_box:
            with ui.row().classes("items-center gap-1 no-wrap"):
                ui.icon("lightbulb").classes("text-amber-8")
                ui.label(in_language(hint.get("text") or "")).classes("text-sm").props("data-testid=hint-text")
