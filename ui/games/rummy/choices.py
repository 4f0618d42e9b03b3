"""What Rummy's selection allows now, and why not when it does not: the reasons on the buttons and in the line
under them, asked of the rules on a copy (``ctx.check``). Read by the screen when drawing and by the controls
when a tap comes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from logic.rummy.actions import Discard, LayOff, Meld
from logic.views import RummyView
from ui.games.rummy.parts import pretty
from ui.i18n.viewer import _

if TYPE_CHECKING:
    from ui.table.context import TableContext


def stage(ctx: TableContext[RummyView], view: RummyView) -> str | None:
    """"draw" / "play" / "pending" when it is my turn, else None."""
    if view["phase"] != "play" or not ctx.my_turn:
        return None
    return view["turn_stage"]


def turn_refusal(ctx: TableContext[RummyView], view: RummyView) -> str | None:
    """Why no card can be played now (not my turn, still to draw, already discarded); None in my play stage."""
    now = stage(ctx, view)
    if now is None:
        return _("Not your turn")
    if now == "draw":
        return _("Draw first")
    if now == "pending":
        return _("You have discarded")
    return None


def meld_option(ctx: TableContext[RummyView], view: RummyView, cards: list[str]) -> tuple[Any, str | None]:
    refusal = turn_refusal(ctx, view)
    if refusal is not None:
        return None, refusal
    if not cards:
        return None, _("Select 3 or more cards to meld")
    if len(cards) < 3:
        return None, _("A meld needs 3 or more cards")
    action = Meld(tuple(cards))
    reason = ctx.check(action)
    if reason and "neither a set" in reason:
        reason = _("Not a set or a run")
    return (None, reason) if reason else (action, None)


def layoff_targets(ctx: TableContext[RummyView], view: RummyView, cards: list[str]) -> list[int]:
    if stage(ctx, view) != "play" or not cards:
        return []
    return [m["id"] for m in view["melds"] or [] if ctx.check(LayOff(m["id"], tuple(cards))) is None]


def layoff_reason(ctx: TableContext[RummyView], view: RummyView, cards: list[str], targets: list[int]
                  ) -> str | None:
    refusal = turn_refusal(ctx, view)
    if refusal is not None:
        return refusal
    if not view["melds"]:
        return _("No melds on the table yet")
    if not cards:
        return _("Select cards to lay off")
    if not targets:
        if len(cards) >= len(view["hand"]):
            return _("Keep a card to discard")
        return _("No meld takes that card") if len(cards) == 1 else _("No meld takes those cards")
    return None


def discard_option(ctx: TableContext[RummyView], view: RummyView, cards: list[str]) -> tuple[Any, str | None]:
    refusal = turn_refusal(ctx, view)
    if refusal is not None:
        return None, refusal
    if view["must_use"]:
        return None, _("Meld the {card} you took first", card=pretty(view["must_use"]))
    if len(cards) != 1:
        return None, _("Select one card to discard")
    action = Discard(cards[0])
    reason = ctx.check(action)
    return (None, reason) if reason else (action, None)


def undo_reason(ctx: TableContext[RummyView], view: RummyView) -> str | None:
    now = stage(ctx, view)
    if now is None:
        return _("Not your turn")
    if view["can_undo"]:
        return None
    if now == "draw":
        return _("Nothing to undo yet")
    return _("A card drawn from the stock stays in your hand")
