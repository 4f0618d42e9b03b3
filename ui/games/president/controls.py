"""President's controls: what the buttons would do now, and why not when they cannot. Every tap in President is a
button (Play, Pass, Pass for this trick, Give): each reads its action and its reason here, with the page's
selection; the rules check the action again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.cards import is_joker
from logic.president.actions import JOKER_LABEL, Give, Pass, PassTrick, Play
from logic.president.runs import joker_end_choice
from logic.views import PresidentView
from ui.games.base import computer_plays_for_viewer, rank_plural
from ui.i18n.viewer import _, ngettext

if TYPE_CHECKING:
    from ui.table.context import TableContext

@dataclass
class PresidentState:
    """What one browser remembers between redraws: nothing beyond the page's selection (the cards picked up),
    which the page keeps; everything else is in the view."""


class PresidentControls:
    """The state of each button of President's action bar: (action, reason), read again after every change."""

    def __init__(self, ctx: TableContext[PresidentView], state: PresidentState) -> None:
        self.ctx = ctx
        self.state = state

    def passing(self) -> bool:
        ctx = self.ctx
        return ctx.seat is not None and ctx.seat in ctx.view["passing"]

    def waiting_text(self) -> str | None:
        ctx = self.ctx
        if ctx.my_turn or computer_plays_for_viewer(ctx):  # the prompt above says the computer plays for you
            return None
        if self.passing():
            return _("Passing until this trick ends")
        return _("Waiting for your turn")

    def pass_trick_state(self) -> tuple[bool, Any, str | None]:
        """On or off, the action that switches it, and why it cannot be used now."""
        ctx = self.ctx
        on = self.passing()
        view = ctx.view
        if ctx.seat is None:
            return on, None, _("You are watching")
        if ctx.seat in view["finished"]:
            return on, None, _("You are out of this hand")
        if ctx.my_turn:
            return on, None, _("It is your turn: play, or press Pass")
        if ctx.table.paused:
            return on, None, _("The game is paused")
        action = PassTrick(not on)
        return on, action, ctx.check(action)

    def give_state(self) -> tuple[Any, str | None]:
        ctx = self.ctx
        ex = ctx.view["exchange"]
        n = ex["give_count"] if ex is not None else 0
        give = Give(tuple(ctx.selected))
        if ex is None or not ex["pending"]:
            return None, _("Your cards have been given back")
        if len(ctx.selected) != n:
            return give, ngettext("Select {n} card to give back", "Select {n} cards to give back", n)
        return give, ctx.check(give)

    def play_state(self) -> tuple[Any, str | None]:
        ctx = self.ctx
        if not ctx.my_turn:
            return None, _("Not your turn")
        if not ctx.selected:
            top = ctx.view["top"]
            if top is not None and ctx.view.get("top_run"):  # house rule "runs": the answer is a run of the same length
                return None, _("Select a run of {n} cards of one suit that ends higher", n=top["count"])
            if top is not None and top["rank"] == JOKER_LABEL:  # house rule "jokers": a lone joker on top
                return None, _("Only the 3♠ beats a lone joker")
            return None, (beat_text(top["count"], top["rank"]) if top else _("Select cards of one rank to lead"))
        play = Play(tuple(ctx.selected))
        reason = ctx.check(play)
        if reason is not None and self.run_ends(play) is not None:  # only the joker below the run beats the top
            low = Play(play.cards, end="low")
            if ctx.check(low) is None:
                return low, None
        return play, reason

    def run_ends(self, play: Play) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """Where the joker left over of a run could stand (house rules runs and jokers): (below, above) as
        (lowest, highest) ranks, or None when there is no choice to make."""
        if "runs" not in self.ctx.view["house"] or not any(is_joker(c) for c in play.cards):
            return None
        return joker_end_choice(play.cards)

    def end_choices(self, play: Play) -> list[tuple[Play, tuple[int, int]]]:
        """The plays of a run with a joker left over that the rules take now, one per end (none: no choice)."""
        ends = self.run_ends(play) if play.end is None else None
        if ends is None:
            return []
        choices = [(Play(play.cards, end="low"), ends[0]), (Play(play.cards, end="high"), ends[1])]
        legal = [(p, span) for p, span in choices if self.ctx.check(p) is None]
        return legal if len(legal) == 2 else []

    def pass_state(self) -> tuple[Any, str | None]:
        ctx = self.ctx
        if not ctx.my_turn:
            return None, _("Not your turn")
        return (Pass(), None) if ctx.view["can_pass"] else (None, _("You lead: play something"))


def beat_text(count: int, rank: str) -> str:
    """What to select to beat the play on the trick ("Select cards that beat a pair of 9s")."""
    ranks = rank_plural(rank)
    if count == 1:
        return _("Select cards that beat a single {rank}", rank=rank)
    if count == 2:
        return _("Select cards that beat a pair of {ranks}", ranks=ranks)
    if count == 3:
        return _("Select cards that beat three {ranks}", ranks=ranks)
    return _("Select cards that beat four {ranks}", ranks=ranks)
