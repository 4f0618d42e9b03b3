"""Beanie's state and controls: what one browser remembers (:class:`BeanieState`: steal mode, the sets box) and
every tap of the screen (:class:`BeanieControls`): the piles, a card of the hand, + and ★ on a set, a Beanie to
steal, Lay set (with its match-or-run and which-end choices) and Steal. The buttons of the action bar that send
one move as they are (Draw, Take, Discard, the end-round vote) are plain moves of the context."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.beanie import sets as S
from logic.beanie.actions import Add, Lay, Star, Steal
from logic.views import BeanieSet, BeanieView
from ui.games.base import hand_is_over
from ui.games.beanie.parts import choice_dialog, lay_outcomes, pretty, preview, steal_pairs, wild_of
from ui.i18n.viewer import _

if TYPE_CHECKING:
    from ui.components.region import Region
    from ui.table.context import TableContext


@dataclass
class BeanieState:
    """What one browser remembers between redraws: steal mode, and the sets to redraw after a selection."""

    steal_mode: bool = False
    sets_box: ui.element | None = None
    sets_region: Region | None = None  # the sets inside it (a Region redrawn on request after a selection)


class BeanieControls:
    """Every tap of Beanie's screen, read here; the rules check each move again."""

    def __init__(self, ctx: TableContext[BeanieView], state: BeanieState) -> None:
        self.ctx = ctx
        self.state = state

    # ----------------------------------------------------------------------------- the piles
    def draw(self, action: Any) -> None:
        reason = self.ctx.check(action)
        if reason:
            ui.notify(reason, type="warning", position="top")
            return
        self.ctx.send(action)

    # ----------------------------------------------------------------------------- the hand
    def card_click(self, code: str) -> None:
        ctx = self.ctx
        if hand_is_over(ctx.view):
            return  # a tap sent just before the round ended picks nothing in the finished round
        if self.state.steal_mode:
            ctx.selected[:] = [] if ctx.selected == [code] else [code]
        elif code in ctx.selected:
            ctx.selected.remove(code)
        else:
            ctx.selected.append(code)
        self.redraw()

    def redraw(self) -> None:
        """Selection changed: the hand and action bar, and the sets (their + / ★ / steal targets)."""
        self.ctx.redraw_hand()
        st = self.state
        if st.sets_box is not None and not st.sets_box.is_deleted and st.sets_region is not None:
            st.sets_region.refresh()  # (a Region: a tap on a set it just redrew reaches the new one)
            board = st.sets_box.parent_slot.parent if st.sets_box.parent_slot else None
            if board is not None:
                board.props["data-steal-mode"] = "true" if st.steal_mode else "false"
                board.update()

    # ----------------------------------------------------------------------------- sets on the table
    def add(self, set_id: int, plan: list[str]) -> None:
        for code in plan:
            if not self.ctx.send(Add(set_id, code)):
                return

    def star(self, s: BeanieSet, code: str, ends: tuple[str | None, ...]) -> None:
        send = self.ctx.send
        if ends != ("low", "high"):
            send(Star(s["id"], code, None))
            return
        first, last = s["cards"][0]["as"], s["cards"][-1]["as"]
        low = S.CODES[S.CARD_ID[first] - 1]
        high = S.CODES[S.CARD_ID[last] + 1]
        choice_dialog(_("Which end of the run?"), "end-dialog", [
            (_("Low end: as {card}", card=pretty(low)), "btn-end-low",
             lambda: preview([S.CARD_ID[code]], [S.CARD_ID[low]], 0), lambda: send(Star(s["id"], code, "low"))),
            (_("High end: as {card}", card=pretty(high)), "btn-end-high",
             lambda: preview([S.CARD_ID[code]], [S.CARD_ID[high]], 0), lambda: send(Star(s["id"], code, "high"))),
        ])

    # ----------------------------------------------------------------------------- stealing
    def toggle_steal(self) -> None:
        ctx, st = self.ctx, self.state
        st.steal_mode = not st.steal_mode
        eligible = {c for _sid, c in steal_pairs(ctx, ctx.view)}
        ctx.selected[:] = [c for c in ctx.selected if c in eligible][:1] if st.steal_mode else []
        if st.steal_mode and not ctx.selected and len(eligible) == 1:
            ctx.selected.append(next(iter(eligible)))
        self.redraw()

    def steal_click(self, set_id: int, as_code: str) -> None:
        ctx = self.ctx
        if as_code not in ctx.selected:
            ctx.selected[:] = [as_code]  # tapping the Beanie first picks the card that can replace it
        if ctx.send(Steal(set_id, as_code)):
            self.state.steal_mode = False

    # ----------------------------------------------------------------------------- laying a set
    def lay_reason(self, view: BeanieView, sel: list[str]) -> str | None:
        check = self.ctx.check
        if len(sel) < 3:
            return _("Select 3 or more cards to lay a set")
        outs = lay_outcomes(sel, wild_of(view), view["options"]["ace_high_runs"])
        for as_type in ("match", "run"):
            if outs[as_type]:
                return check(Lay(tuple(sel), as_type, outs[as_type][0][1]))
        return check(Lay(tuple(sel))) or _("These cards make no set")

    def lay(self) -> None:
        """Lay the selection; a choice between a match and a run (or a run's two ends) asks first."""
        send, view = self.ctx.send, self.ctx.view
        sel = list(self.ctx.selected)
        wild = wild_of(view)
        outs = lay_outcomes(sel, wild, view["options"]["ace_high_runs"])
        cards = tuple(sel)

        def runs() -> None:
            opts = outs["run"]
            if len(opts) == 1:
                send(Lay(cards, "run", opts[0][1]))
                return
            choice_dialog(_("Which end for the Beanie?"), "end-dialog", [
                (end_text(end, pretty(S.CODES[reps[0]]), pretty(S.CODES[reps[-1]])),
                 f"btn-end-{end}", partial(preview, placed, reps, wild), partial(send, Lay(cards, "run", end)))
                for _at, end, placed, reps in opts])  # (two options: the low end and the high end)

        if outs["match"] and outs["run"]:
            m = outs["match"][0]
            r = outs["run"][0]
            choice_dialog(_("How to play these cards?"), "lay-dialog", [
                (_("As a match"), "btn-as-match", lambda: preview(m[2], m[3], wild),
                 lambda: send(Lay(cards, "match", None))),
                (_("As a run"), "btn-as-run", lambda: preview(r[2], r[3], wild), runs),
            ])
        elif outs["run"]:
            runs()
        else:
            send(Lay(cards, "match" if outs["match"] else None, None))


def end_text(end: str | None, low: str, high: str) -> str:
    """A run's choice of end for its Beanie, with the cards the run then spans ("Low end: 4♦–7♦")."""
    if end == "low":
        return _("Low end: {low}–{high}", low=low, high=high)
    if end == "high":
        return _("High end: {low}–{high}", low=low, high=high)
    return f"{low}–{high}"
