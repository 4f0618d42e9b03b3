"""President's table screen: the trick in the middle, Play / Pass, and the exchange screen."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.cards import Card
from logic.president.actions import Give, Pass, PassTrick, Play
from logic.views import PresidentView
from ui.components.cards import card
from ui.components.live import LiveToggle
from ui.components.region import Region
from ui.games.base import GameUI, computer_plays_for_viewer, live_button, live_label

if TYPE_CHECKING:
    from ui.table.context import TableContext

NORMAL_ORDER = {r: i for i, r in enumerate([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2])}
COUNT_WORDS = {1: "a single", 2: "a pair", 3: "three of a kind", 4: "four of a kind"}


class PresidentScreen(GameUI[PresidentView]):
    sort_modes = (("rank", "Low → high"), ("suit", "By suit"))

    def sort(self, codes: list[str], mode: str, view: PresidentView) -> list[str]:
        cards = [Card.parse(c) for c in codes]
        if mode == "suit":
            key = lambda c: ("SHDC".index(c.suit), NORMAL_ORDER[c.rank])  # noqa: E731
        else:
            key = lambda c: (NORMAL_ORDER[c.rank], "SHDC".index(c.suit))  # noqa: E731
        return [c.code for c in sorted(cards, key=key)]

    # ----------------------------------------------------------------------------- middle
    def middle_key(self, ctx: TableContext[PresidentView], view: PresidentView) -> Hashable | None:
        """The message and the trick are parts with keys of their own (a pass changes only the message)."""
        return view["phase"] == "exchange", ctx.seat

    def middle(self, ctx: TableContext[PresidentView], view: PresidentView) -> None:
        Region.part(lambda: self.message_row(ctx, ctx.view),
                    lambda: (ctx.view["order"], ctx.with_names(ctx.view["message"] or "")))
        if ctx.view["phase"] == "exchange":
            Region.part(lambda: self.exchange_panel(ctx, ctx.view),
                        lambda: (repr(ctx.view["exchange"]), tuple(s.name for s in ctx.table.seats)))
            return
        Region.part(lambda: self.trick_area(ctx, ctx.view),
                    lambda: (ctx.view["phase"], repr(ctx.view["trick"]), ctx.view["lead_seat"],
                             tuple(s.name for s in ctx.table.seats)))

    def message_row(self, ctx: TableContext[PresidentView], view: PresidentView) -> None:
        with ui.row().classes("items-center gap-2"):
            if view["order"] == "reversed":
                ui.label("Revolution: 3 is high, 2 is low").classes("chip title").props("data-testid=revolution")
            if view["message"]:
                ui.label(ctx.with_names(view["message"])).classes("text-sm").props("data-testid=message")

    def trick_area(self, ctx: TableContext[PresidentView], view: PresidentView) -> None:
        t = ctx.table
        phase = view["phase"]
        trick = view["trick"] or []
        with ui.column().classes("trick-area items-center justify-center gap-1").props("data-testid=trick"):
            if not trick:
                lead = view["lead_seat"]
                if lead is not None and phase == "play":
                    who = "You lead" if lead == ctx.seat else f"{t.seats[lead].name} leads"
                    if lead == ctx.seat and computer_plays_for_viewer(ctx):
                        who = "The computer leads for you"
                    ui.label(f"{who}: any single, pair, three or four of a kind.").classes("opacity-90")
            else:
                with ui.row().classes("items-end gap-4 no-wrap"):
                    for i, play in enumerate(trick[-3:]):
                        old = i < len(trick[-3:]) - 1
                        with ui.column().classes("items-center gap-0"):
                            with ui.element("div").classes("play-stack" + (" old" if old else "")):
                                for code in play["cards"]:
                                    card(code, small=old)
                            who = "You" if play["seat"] == ctx.seat else t.seats[play["seat"]].name
                            ui.label(who).classes("text-xs opacity-80")

    def exchange_panel(self, ctx: TableContext[PresidentView], view: PresidentView) -> None:
        ex = view["exchange"]
        t = ctx.table
        with ui.card().classes("text-black items-center").props("data-testid=exchange"):
            if not ex:
                ui.label("The cards are being exchanged between the President and the Beggar"
                         + (" and between the Vice President and Vice Beggar." if len(t.seats) >= 4 else "."))
                return
            partner = t.seats[ex["partner"]].name
            if ex["give_count"]:
                ui.label(f"You are {ex['role']}. {partner} gave you their best "
                         f"{'two cards' if ex['give_count'] == 2 else 'card'}:").classes("font-bold")
                with ui.row().classes("gap-1"):
                    for code in ex["received"]:
                        card(code, small=True)
                if ex["pending"]:
                    n = ex["give_count"]
                    ui.label(f"Choose {'any two cards' if n == 2 else 'any card'} from your hand to give back "
                             f"(the cards you got count too), then press Give.")
                else:
                    ui.label("Given back:")
                    with ui.row().classes("gap-1"):
                        for code in ex["given"] or []:
                            card(code, small=True)
            else:
                # (the Beggar's side: ``given`` went up, ``received`` came back; logic/president/views.py)
                ui.label(f"You are {ex['role']}: your best "
                         f"{'two cards' if len(ex['given'] or []) != 1 else 'card'} went to {partner}.")
                if ex["received"]:
                    ui.label("You got back:")
                    with ui.row().classes("gap-1"):
                        for code in ex["received"]:
                            card(code, small=True)
                else:
                    ui.label(f"Waiting for {partner} to give "
                             f"{'a card' if len(ex['given'] or []) == 1 else 'cards'} back.")

    # ----------------------------------------------------------------------------- actions
    def actions_key(self, ctx: TableContext[PresidentView], view: PresidentView) -> Hashable | None:
        """Only the bar's layout: Give while cards are to be given back, else Play and Pass. Whether they can be
        used (turn, selection) is kept up to date in place, so a selection or a turn redraws nothing."""
        phase = view["phase"]
        if phase == "exchange":
            ex = view["exchange"]
            return phase, bool(ex is not None and ex["give_count"] and ex["pending"])
        return phase

    def actions(self, ctx: TableContext[PresidentView], view: PresidentView) -> None:
        phase = view["phase"]
        if phase == "exchange":
            ex = view["exchange"]
            if ex is not None and ex["give_count"] and ex["pending"]:
                live_button(ctx, "Give", "btn-give", lambda: self.give_state(ctx), primary=True)
            return
        if phase != "play":
            return
        live_button(ctx, "Play", "btn-play", lambda: self.play_state(ctx), primary=True)
        live_button(ctx, "Pass", "btn-pass", lambda: self.pass_state(ctx))
        toggle = LiveToggle(ctx.send, "Pass for this trick", "btn-pass-trick", lambda: self.pass_trick_state(ctx),
                            icon="fast_forward")
        ctx.keep_live(toggle)
        # one line under the buttons, its height kept while empty: what the player waits for, or why Play is off.
        # The buttons never move when the turn comes (a label among them pushed Pass 300 px on a phone)
        with ui.element("div").classes("reason-slot w-full text-center"):
            live_label(ctx, lambda: self.waiting_text(ctx), "reason")
            live_label(ctx, lambda: self.play_state(ctx)[1] if ctx.my_turn else None, "reason", "reason")

    @staticmethod
    def passing(ctx: TableContext[PresidentView]) -> bool:
        return ctx.seat is not None and ctx.seat in ctx.view["passing"]

    def waiting_text(self, ctx: TableContext[PresidentView]) -> str | None:
        if ctx.my_turn or computer_plays_for_viewer(ctx):  # the prompt above says the computer plays for you
            return None
        if self.passing(ctx):
            return "Passing until this trick ends"
        return "Waiting for your turn"

    def pass_trick_state(self, ctx: TableContext[PresidentView]) -> tuple[bool, Any, str | None]:
        """On or off, the action that switches it, and why it cannot be used now."""
        on = self.passing(ctx)
        view = ctx.view
        if ctx.seat is None:
            return on, None, "You are watching"
        if ctx.seat in view["finished"]:
            return on, None, "You are out of this hand"
        if ctx.my_turn:
            return on, None, "It is your turn: play, or press Pass"
        if ctx.table.paused:
            return on, None, "The game is paused"
        action = PassTrick(not on)
        return on, action, ctx.check(action)

    def give_state(self, ctx: TableContext[PresidentView]) -> tuple[Any, str | None]:
        ex = ctx.view["exchange"]
        n = ex["give_count"] if ex is not None else 0
        give = Give(tuple(ctx.selected))
        if ex is None or not ex["pending"]:
            return None, "Your cards have been given back"
        if len(ctx.selected) != n:
            return give, f"Select {n} card{'s' if n > 1 else ''} to give back"
        return give, ctx.check(give)

    def play_state(self, ctx: TableContext[PresidentView]) -> tuple[Any, str | None]:
        if not ctx.my_turn:
            return None, "Not your turn"
        if not ctx.selected:
            top = ctx.view["top"]
            return None, (f"Select cards that beat {COUNT_WORDS[top['count']]} of {top['rank']}s" if top
                          else "Select cards of one rank to lead")
        play = Play(tuple(ctx.selected))
        return play, ctx.check(play)

    def pass_state(self, ctx: TableContext[PresidentView]) -> tuple[Any, str | None]:
        if not ctx.my_turn:
            return None, "Not your turn"
        return (Pass(), None) if ctx.view["can_pass"] else (None, "You lead: play something")


Screen = PresidentScreen
