"""Stockpile's drawing pieces: the number cards (colour band per range, gold wild) and the piles.

Cards are one ``div`` each: the corner numbers come from ``data-n`` through CSS (assets/stockpile.css), the big
number is the only child. Drag and drop runs in the browser (small inline handlers): a dragged card carries
its source ("hand:2", "stock:1", "discard:0:3"); piles whose ``data-drop`` lists that source light up and accept
the drop, which is sent to the server as the event argument.
"""

from __future__ import annotations

from collections.abc import Callable

from nicegui import ui

from logic.views import StockpileBuild, StockpileStock
from ui.games.base import css_word
from ui.i18n.viewer import _, ngettext, pgettext


def number_word(n: int) -> str:
    """1..12 in words, in the viewer's language (a card's accessible name: "7 (seven)")."""
    words = (pgettext("number", "one"), pgettext("number", "two"), pgettext("number", "three"),
             pgettext("number", "four"), pgettext("number", "five"), pgettext("number", "six"),
             pgettext("number", "seven"), pgettext("number", "eight"), pgettext("number", "nine"),
             pgettext("number", "ten"), pgettext("number", "eleven"), pgettext("number", "twelve"))
    return words[n - 1] if 1 <= n <= len(words) else str(n)


# --- browser-side drag and drop (no server round trip until the drop) -----------------------------------------
JS_DRAG_START = """(e) => {
  const el = e.target.closest('[data-source]'); if (!el) return;
  const s = el.dataset.source; window.spDrag = s;
  e.dataTransfer.setData('text/plain', s); e.dataTransfer.effectAllowed = 'move';
  el.classList.add('dragging');
  document.querySelectorAll('[data-drop]').forEach(p => {
    if ((' ' + p.dataset.drop + ' ').includes(' ' + s + ' ')) p.classList.add('drop-ok');
  });
}"""
JS_DRAG_END = """(e) => {
  window.spDrag = null;
  document.querySelectorAll('.drop-ok, .drop-over, .dragging').forEach(
    p => p.classList.remove('drop-ok', 'drop-over', 'dragging'));
}"""
JS_DRAG_OVER = """(e) => {
  const s = window.spDrag, t = e.currentTarget;
  if (s && (' ' + t.dataset.drop + ' ').includes(' ' + s + ' ')) {
    e.preventDefault(); e.dataTransfer.dropEffect = 'move'; t.classList.add('drop-over');
  }
}"""
JS_DRAG_LEAVE = "(e) => e.currentTarget.classList.remove('drop-over')"
JS_DROP = """(e) => {
  e.preventDefault();
  const s = e.dataTransfer.getData('text/plain') || window.spDrag;
  document.querySelectorAll('.drop-ok, .drop-over, .dragging').forEach(
    p => p.classList.remove('drop-ok', 'drop-over', 'dragging'));
  window.spDrag = null;
  if (s) emit(s);
}"""


def band(code: str) -> str:
    if code == "W":
        return "wild"
    n = int(code)
    return "low" if n <= 4 else ("mid" if n <= 8 else "high")


def card_name(code: str, represents: int | None = None) -> str:
    if code == "W":
        return _("Wild card standing for {n}", n=represents) if represents else _("Wild card")
    return f"{code} ({number_word(int(code))})"


def sp_card(code: str, *, size: str = "", represents: int | None = None, source: str | None = None,
            selected: bool = False, extra: str = "") -> ui.element:
    """A Stockpile card. ``size``: "", "small" or "mini"; ``represents``: the number a wild stands for on a pile;
    ``source``: makes the card draggable and names where it would be played from."""
    classes = ["pcard", "spcard", f"band-{band(code)}"]
    if size:
        classes.append(size)
    if selected:
        classes.append("selected")
    if extra:
        classes.append(extra)
    el = ui.element("div").classes(" ".join(classes))
    el.props["data-card"] = code
    wild = code == "W"
    el.props["data-n"] = "★" if wild else code
    el.props["aria-label"] = card_name(code, represents)
    el.props["role"] = "img"  # a hand card becomes a button where it is made tappable; a pile's card stays a picture
    if represents:
        el.props["data-represents"] = str(represents)
    with el:
        if wild and represents:
            ui.label(f"{represents} ").classes("big")  # a space after: a pile's visible text reads "7 next 8"
        elif wild:
            ui.label("★ ").classes("big star")
            # "WILD" drawn by CSS: the card's visible text is its ★
            word = css_word(pgettext("card face", "WILD"))
            ui.element("div").classes("wild-word").style(f"--word: {word}")
        else:
            ui.label(f"{code} ").classes("big")
    if source:
        el.props["data-source"] = source
        el.props["draggable"] = "true"
        el.classes(add="clickable")
        el.on("dragstart", js_handler=JS_DRAG_START)
        el.on("dragend", js_handler=JS_DRAG_END)
    return el


def drop_target(el: ui.element, sources: list[str], on_drop: Callable[[str], None] | None) -> None:
    """Let ``el`` take dropped cards from ``sources`` (data-drop); ``on_drop(source)`` runs on the server."""
    el.props["data-drop"] = " ".join(sources)
    if on_drop is None or not sources:
        return
    el.on("dragover", js_handler=JS_DRAG_OVER)
    el.on("dragenter", js_handler=JS_DRAG_OVER)
    el.on("dragleave", js_handler=JS_DRAG_LEAVE)
    el.on("drop", lambda e: on_drop(str(e.args)), js_handler=JS_DROP)


def name_pile(el: ui.element, label: str) -> None:
    """Give a pile an accessible name that says what it is and how many cards it holds. The name contains the
    pile's visible text in order (the big numbers of the cards shown; counts are drawn by CSS), so a pile that is
    a button can be called by what it shows."""
    el.props["aria-label"] = label
    el.props.setdefault("role", "group")


def face_text(code: str, represents: int | None = None) -> str:
    """A card as its face shows it: its number, a wild's ★ (or the number it stands for on a building pile)."""
    return str(represents) if code == "W" and represents else ("★" if code == "W" else code)


def empty_slot(text: str, size: str = "") -> ui.element:
    el = ui.element("div").classes("pcard spslot" + (f" {size}" if size else ""))
    with el:
        ui.label(text).classes("slot-text")
    return el


def count_badge(n: int, testid: str | None = None) -> None:
    b = ui.element("div").classes("sp-count")  # the number is drawn by CSS from data-n: the pile's name says it
    b.props["data-n"] = str(n)
    if testid:
        b.props["data-testid"] = testid


def build_pile(b: int, info: StockpileBuild) -> ui.element:
    """One shared building pile: its top card (a wild shows the number it stands for), size and next number."""
    el = ui.element("div").classes("build-pile")
    el.props["data-testid"] = f"build-{b}"
    el.props["data-needs"] = str(info["needs"])
    el.props["data-size"] = str(info["size"])
    el.props["data-top"] = info["top_card"] or ""
    el.props["data-accepts"] = "false"
    with el:
        number = ui.element("div").classes("pile-no").props(f"data-n={b + 1}")
        number.props["title"] = _("Pile {n}", n=b + 1)
        with ui.element("div").classes("slot-wrap"):
            if info["size"]:
                top = info["top_card"] or str(info["top"])
                sp_card(top, represents=info["top"] if top == "W" else None)
                count_badge(info["size"])
            else:
                empty_slot(_("1 or ★") + " ")  # trailing spaces: the visible text reads "1 or ★ next 1"
        with ui.element("div").classes("needs").props(f"data-testid=build-{b}-needs"):
            ui.label(_("next") + " ").classes("needs-word")
            ui.label(str(info["needs"])).classes("needs-num")
    if info["size"]:
        top = info["top_card"] or str(info["top"])
        if top == "W":
            name = ngettext("Building pile {b}: {n} card, top {top} (a wild), next {next}",
                            "Building pile {b}: {n} cards, top {top} (a wild), next {next}", info["size"],
                            b=b + 1, top=face_text(top, info["top"]), next=info["needs"])
        else:
            name = ngettext("Building pile {b}: {n} card, top {top}, next {next}",
                            "Building pile {b}: {n} cards, top {top}, next {next}", info["size"],
                            b=b + 1, top=face_text(top, info["top"]), next=info["needs"])
    else:
        name = _("Building pile {b}: empty, 1 or ★, next {next}", b=b + 1, next=info["needs"])
    name_pile(el, name)
    return el


def stock_pile(seat: int, info: StockpileStock, size: str, source: str | None) -> ui.element:
    """A seat's stock: the face-up top card on a little stack, and how many cards are left."""
    el = ui.element("div").classes(f"stock-pile {size}".strip())
    el.props["data-testid"] = f"stock-{seat}"
    el.props["data-count"] = str(info["count"])
    top = info["top"]  # None exactly when the stock is empty
    el.props["data-top"] = top or ""
    with el:
        if top is not None:
            sp_card(top, size=size, source=source, extra="stack" if info["count"] > 1 else "")
        else:
            empty_slot(_("✓ empty"), size)
        if info["count"]:
            count_badge(info["count"], f"stock-{seat}-count")
    name_pile(el, ngettext("Stock: {n} card, top {top}", "Stock: {n} cards, top {top}", info["count"],
                           top=face_text(top)) if top is not None else _("Stock: ✓ empty"))
    return el


def discard_pile(seat: int, p: int, cards: list[str], size: str, source: str | None, cascade: int = 0) -> ui.element:
    """A discard pile, face up. ``cascade``: how many cards under the top to fan out below it (own piles)."""
    el = ui.element("div").classes(f"discard-pile {size}".strip())
    el.props["data-testid"] = f"discard-{seat}-{p}"
    el.props["data-count"] = str(len(cards))
    el.props["data-top"] = cards[-1] if cards else ""
    el.props["data-cards"] = ",".join(cards)
    if cards:
        el.props["title"] = _("Bottom to top: {cards}", cards=" ".join("★" if c == "W" else c for c in cards))
    shown = cards[-(cascade + 1):] if cards else []
    el.style(f"--fan: {max(0, len(shown) - 1)}")
    with el:
        if not cards:
            empty_slot("", size)
        for k, code in enumerate(shown):
            top = k == len(shown) - 1
            c = sp_card(code, size=size, source=source if top else None, extra="" if top else "under")
            if len(shown) > 1:
                c.style(f"--k: {k}")
        if len(cards) > 1:
            count_badge(len(cards))
    listed = " ".join(face_text(c) for c in cards)  # bottom to top: the cards shown are the last ones
    name_pile(el, ngettext("Discard pile {p}: {n} card, bottom to top {cards}",
                           "Discard pile {p}: {n} cards, bottom to top {cards}", len(cards), p=p + 1, cards=listed)
              if cards else _("Discard pile {p}: empty", p=p + 1))
    return el
