"""Beanie screen parts: set previews from the view, the choice dialogs, the scorecard and the shared result.

Everything here works from the seat's view (plus ``ctx.check`` / the rules' pure set helpers to preview a
choice); nothing reads another seat's hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.beanie import sets as S
from logic.cards import SUIT_SYMBOL, is_joker
from logic.game import IllegalMove
from logic.messages import Said
from logic.views import BeanieSet, BeanieView
from ui.components.cards import card
from ui.components.dialog import named_dialog
from ui.components.points import fewest_wins
from ui.games.base import rank_plural
from ui.i18n.viewer import _, ngettext

if TYPE_CHECKING:
    from ui.table.context import Drawing


# ----------------------------------------------------------------------------- small helpers
def pretty(code: str) -> str:
    """ "7D" -> "7♦" (rank and suit symbol, for badges and buttons); a joker (house rule) is "🃏"."""
    if is_joker(code):
        return S.JOKER_SHOWN
    return code[:-1] + SUIT_SYMBOL[code[-1]]


def wild_of(view: BeanieView) -> int:
    """The wild rank as a number (aces 1 ... kings 13): round k makes rank k wild."""
    return S.RANK_LABELS.index(view["wild_rank"] or "A")


def is_wild(code: str, view: BeanieView) -> bool:
    """A Beanie this round, or a joker (house rule "Two jokers": wild in every round)."""
    return code[:-1] == view["wild_rank"] or is_joker(code)


def set_as_list(s: BeanieSet) -> list[Any]:
    """A view set as the rules' plain list ``[id, owner, typ, cards, reps]`` (for the pure set helpers)."""
    return [s["id"], s["owner"], S.MATCH if s["type"] == "match" else S.RUN,
            [S.CARD_ID[c["code"]] for c in s["cards"]], [S.CARD_ID[c["as"]] for c in s["cards"]]]


def set_title(s: BeanieSet) -> str:
    """A set's short name in the viewer's language: "Match of 7s", "♦ run 4–7" (the cards it stands for)."""
    reps = [c["as"] for c in s["cards"]]
    if s["type"] == "match":
        return _("Match of {ranks}", ranks=rank_plural(reps[0][:-1]))
    return _("{suit} run {low}–{high}", suit=SUIT_SYMBOL[reps[0][-1]], low=reps[0][:-1], high=reps[-1][:-1])


YOU_VERBS = re.compile(r"\bYou (starts|proposes|agrees|wins|is|withdrew)\b")
YOU_FIX = {"starts": "start", "proposes": "propose", "agrees": "agree", "wins": "win", "is": "are",
           "withdrew": "withdrew"}


CODE_RE = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b")


def message_text(ctx: Drawing[BeanieView], text: str) -> str:
    """The rules' line with names ("You" for the viewer), "You start" rather than "You starts", and cards as
    "7♦" rather than "7D"."""
    if not isinstance(text, Said):  # (a line said as a message names its cards as "7♦" already: kept a message)
        text = CODE_RE.sub(lambda m: m.group(1) + SUIT_SYMBOL[m.group(2)], text)  # before names: names as typed
    return YOU_VERBS.sub(lambda m: "You " + YOU_FIX[m.group(1)], ctx.with_names(text))


def name_of(ctx: Drawing[BeanieView], seat: int) -> str:
    if seat == ctx.seat:
        return _("You")
    seats = ctx.table.seats
    return seats[seat].name if 0 <= seat < len(seats) else _("Seat {n}", n=seat + 1)


# ----------------------------------------------------------------------------- shared checks
def steal_pairs(ctx: Drawing[BeanieView], view: BeanieView, need_laid: bool = True) -> list[tuple[int, str]]:
    """(set id, hand card) swaps this seat could make now: a table Beanie stands for a real card it holds."""
    me = ctx.seat
    if me is None or view["phase"] != "play":
        return []
    if need_laid and not (view["laid_this_round"] or [False] * 9)[me]:
        return []
    reclaim = view["options"]["reclaim_own"]
    hand = set(view["hand"] or [])
    out = []
    for s in view["sets"] or []:
        if s["owner"] == me and not reclaim:
            continue
        for c in s["cards"]:
            if c["wild"] and c["as"] != c["code"] and c["as"] in hand and not is_wild(c["as"], view):
                out.append((s["id"], c["as"]))
    return out


def play_stage(ctx: Drawing[BeanieView], view: BeanieView) -> bool:
    return ctx.my_turn and view["phase"] == "play" and view["turn_stage"] == "play"


def reason_on(btn: ui.button, reason: str | None) -> None:
    """Disable ``btn`` with its reason (tooltip + data-reason); the rules' long "lay first" line is shortened."""
    if reason:
        short = _("Lay a set of your own first") if "Lay a set of your own" in reason else reason
        btn.disable()
        btn.tooltip(short)
        btn.props["data-reason"] = short


# ----------------------------------------------------------------------------- laying a set
LayOutcome = tuple[str, S.Side | None, list[int], list[int]]  # (as_type, end, placed, reps)


def lay_outcomes(cards: list[str], wild: int, ace_high: bool = False) -> dict[str, list[LayOutcome]]:
    """The distinct ways ``cards`` could lie as a new set: {"match": [...], "run": [...]} of
    ``(as_type, end, placed, reps)``; a run with a Beanie that may go at either end has two entries."""
    ids = [S.CARD_ID[c] for c in cards]
    out: dict[str, list[LayOutcome]] = {"match": [], "run": []}
    seen = set()
    ends: tuple[S.Side | None, ...] = (None, "low", "high")
    for as_type in ("match", "run"):
        for end in ends:
            try:
                typ, placed, reps = S.build_set(ids, wild, as_type, end, ace_high)
            except (IllegalMove, ValueError):
                continue
            key = (typ, tuple(placed), tuple(reps))
            if key in seen:
                continue
            seen.add(key)
            out[as_type].append((as_type, end, placed, reps))
    return out


def preview(placed: list[int], reps: list[int], wild: int) -> None:
    """The cards of a set as they would lie, Beanies showing what they stand for."""
    with ui.row().classes("bn-set-cards no-wrap"):
        for c, r in zip(placed, reps, strict=True):
            table_card(S.CODES[c], S.CODES[r], S.is_wild(c, wild))


def table_card(code: str, as_code: str, wild: bool, on_click: Callable[[], None] | None = None,
               stealable: bool = False) -> ui.element:
    """A small card on the table; a Beanie gets the gold star and a badge naming the card it stands for."""
    el = card(code, small=True, wild=wild, represents=as_code if wild else None, on_click=on_click)
    el.props["data-as"] = as_code
    if wild:
        el.props["data-wild"] = "true"
        with el:
            suit = as_code[-1]  # the colour of the card it stands for (as-D, as-C: the four-colour deck's blue, green)
            ui.label(f"= {pretty(as_code)}").classes(f"bn-as as-{suit} " + ("red" if suit in "HD" else "black"))
    if stealable:
        el.classes("bn-stealable")
        el.props["data-stealable"] = "true"
    return el


def choice_dialog(title: str, testid: str, options: list[tuple[str, str, Callable[[], None], Callable[[], object]]]
                  ) -> None:
    """A real choice: one button per option (text, testid, preview drawer, what it does) and Cancel."""
    with named_dialog(title) as dialog, ui.card().classes("text-black items-stretch min-w-[280px]").props(
            f"data-testid={testid}"):
        ui.label(title).classes("text-lg font-bold")
        for text, tid, draw, act in options:
            with ui.row().classes("items-center gap-3 no-wrap justify-between"):
                draw()

                def go(a: Callable[[], object] = act) -> None:
                    dialog.close()
                    a()

                ui.button(text, on_click=go).props(f"color=primary no-caps data-testid={tid}").classes(
                    "min-h-[44px]")
        ui.button(_("Cancel"), on_click=dialog.close).props("flat data-testid=btn-choice-cancel")
    dialog.open()


# ----------------------------------------------------------------------------- scorecard and sharing
def scorecard_table(ctx: Drawing[BeanieView], view: BeanieView) -> None:
    rows = view["scorecard"] or []
    n = view["players"] or len(ctx.table.seats)
    with ui.element("div").classes("bn-scorecard-wrap").props("data-testid=scorecard"):
        if not rows:
            ui.label(_("No round has finished yet.")).classes("text-grey-8")
            return
        with ui.element("table").classes("bn-scorecard"):
            with ui.element("tr"):
                with ui.element("th"):
                    ui.label(_("Round"))
                for i in range(n):
                    with ui.element("th"):
                        ui.label(f"{ctx.table.seats[i].emoji} {name_of(ctx, i)}").classes("ellipsis")
            totals = [0] * n
            for k, pts in enumerate(rows):
                with ui.element("tr").props(f"data-testid=scorecard-round-{k + 1}"):
                    with ui.element("td"):
                        ui.label(f"{k + 1} · {rank_plural(S.RANK_LABELS[k + 1])}")
                    for i in range(n):
                        totals[i] += pts[i]
                        with ui.element("td").classes("bn-zero" if pts[i] == 0 else ""):
                            ui.label(str(pts[i]))
            with ui.element("tr").classes("bn-total").props("data-testid=scorecard-total"):
                with ui.element("td"):
                    ui.label(_("Total"))
                for i in range(n):
                    with ui.element("td"):
                        ui.label(str(totals[i]))
        ui.label(fewest_wins()).classes("text-sm font-bold q-mt-xs").props("data-testid=scorecard-fewest-wins")


def share_text(ctx: Drawing[BeanieView], view: BeanieView) -> str:
    """The result as plain text: standings, then every round."""
    t = ctx.table
    n = view["players"] or len(t.seats)
    totals = view["scores"] or [0] * n
    rows = view["scorecard"] or []
    names = [t.seats[i].name for i in range(n)]
    done = view["phase"] == "over"
    head = (ngettext("Card Night — Beanie, {done} of {n} round", "Card Night — Beanie, {done} of {n} rounds",
                     view["rounds"], done=len(rows)) if done else
            ngettext("Card Night — Beanie, {done} of {n} round (so far)",
                     "Card Night — Beanie, {done} of {n} rounds (so far)", view["rounds"], done=len(rows)))
    lines = [head, fewest_wins()]
    order = sorted(range(n), key=lambda i: (totals[i], i))
    place = 0
    for k, i in enumerate(order):
        if k == 0 or totals[i] != totals[order[k - 1]]:
            place = k + 1
        trophy = " 🏆" if done and totals[i] == totals[order[0]] else ""
        points = ngettext("{n} pt", "{n} pts", totals[i])
        lines.append(f"{place}. {names[i]} — {points}{trophy}")
    if rows:
        lines.append("")
        lines.append(_("Round by round: {names}", names=" / ".join(names)))
        for k, pts in enumerate(rows):
            lines.append(_("Round {n} ({ranks}): {points}", n=k + 1, ranks=rank_plural(S.RANK_LABELS[k + 1]),
                           points=" / ".join(str(p) for p in pts)))
    return "\n".join(lines)


COPY_JS = """
(async () => {
  const text = %s;
  try {
    if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); return 'copied'; }
  } catch (e) {}
  const box = document.querySelector('textarea[data-testid=share-text], [data-testid=share-text] textarea');
  if (box) { box.focus(); box.select(); try { if (document.execCommand('copy')) return 'copied'; } catch (e) {} }
  return 'selected';
})()
"""


async def copy_share(text: str) -> None:
    """Copy to the clipboard; on plain HTTP (no clipboard API) select the text box for the device's own copy."""
    try:
        result = await ui.run_javascript("return " + COPY_JS % json.dumps(text), timeout=3.0)
    except TimeoutError:
        result = "selected"
    ui.notify(_("Result copied: paste it into your chat.") if result == "copied"
              else _("Text selected: copy it with your device's menu."), position="top")


def share_box(ctx: Drawing[BeanieView], view: BeanieView) -> None:
    text = share_text(ctx, view)
    ui.textarea(value=text).props("readonly outlined autogrow data-testid=share-text").classes(
        "w-full font-mono text-xs")
    ui.button(_("Share result"), icon="content_copy", on_click=lambda: copy_share(text)).props(
        "color=primary no-caps data-testid=btn-share")


def scorecard_panel(ctx: Drawing[BeanieView], view: BeanieView, start: str = "scorecard") -> None:
    """Tabs: the round-by-round scorecard and the result as text."""
    with ui.tabs().classes("w-full text-black").props("dense no-caps") as tabs:
        sc = ui.tab("scorecard", _("Scorecard")).props("data-testid=tab-scorecard")
        sh = ui.tab("share", _("Share as text")).props("data-testid=tab-share")
    with ui.tab_panels(tabs, value=sc if start == "scorecard" else sh).classes("w-full"):
        with ui.tab_panel(sc).classes("q-pa-none"):
            scorecard_table(ctx, view)
        with ui.tab_panel(sh).classes("q-pa-none gap-2"):
            share_box(ctx, view)


def open_scorecard(ctx: Drawing[BeanieView]) -> None:
    view = ctx.view
    with named_dialog(_("Scorecard")) as dialog, ui.card().classes("text-black w-full max-w-2xl").props(
            "data-testid=scorecard-dialog"):
        with ui.row().classes("w-full items-center justify-between no-wrap"):
            ui.label(_("Scorecard — round {n} of {total}", n=view["round"], total=view["rounds"])).classes(
                "text-lg font-bold")
            close = ui.button(icon="close", on_click=dialog.close).props("flat round data-testid=btn-scorecard-close")
            close.props["aria-label"] = _("Close")
        scorecard_panel(ctx, view)
    dialog.open()


def results_panel(ctx: Drawing[BeanieView]) -> None:
    """Under the final standings: the scorecard round by round and Share result."""
    view = ctx.view
    if not view or view["game"] != "beanie":
        return
    with ui.card().classes("w-full max-w-xl self-center text-black").props("data-testid=beanie-results"):
        ui.label(_("How the rounds went")).classes("text-lg font-bold")
        scorecard_panel(ctx, view)
