"""President's table screen: the trick in the middle, Play / Pass, and the exchange screen."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.cards import Card
from logic.president.rules import Give, Pass, Play
from ui.components.cards import card
from ui.components.region import Region
from ui.games.base import GameUI, action_button

if TYPE_CHECKING:
    from ui.pages.table import TablePage

NORMAL_ORDER = {r: i for i, r in enumerate([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2])}
COUNT_WORDS = {1: "a single", 2: "a pair", 3: "three of a kind", 4: "four of a kind"}


class PresidentScreen(GameUI):
    sort_modes = (("rank", "Low → high"), ("suit", "By suit"))

    def sort(self, codes: list[str], mode: str, view: dict[str, Any]) -> list[str]:
        cards = [Card.parse(c) for c in codes]
        if mode == "suit":
            key = lambda c: ("SHDC".index(c.suit), NORMAL_ORDER[c.rank])  # noqa: E731
        else:
            key = lambda c: (NORMAL_ORDER[c.rank], "SHDC".index(c.suit))  # noqa: E731
        return [c.code for c in sorted(cards, key=key)]

    # ----------------------------------------------------------------------------- middle
    def middle_key(self, page: TablePage, view: dict[str, Any]) -> Hashable | None:
        """The message and the trick are parts with keys of their own (a pass changes only the message)."""
        return view.get("phase") == "exchange", page.seat

    def middle(self, page: TablePage, view: dict[str, Any]) -> None:
        Region.part(lambda: self.message_row(page, page.view),
                    lambda: (page.view.get("order"), page.with_names(page.view.get("message") or "")))
        if page.view.get("phase") == "exchange":
            Region.part(lambda: self.exchange_panel(page, page.view),
                        lambda: (repr(page.view.get("exchange")), tuple(s.name for s in page.table.seats)))
            return
        Region.part(lambda: self.trick_area(page, page.view),
                    lambda: (page.view.get("phase"), repr(page.view.get("trick")), page.view.get("lead_seat"),
                             tuple(s.name for s in page.table.seats)))

    def message_row(self, page: TablePage, view: dict[str, Any]) -> None:
        with ui.row().classes("items-center gap-2"):
            if view.get("order") == "reversed":
                ui.label("Revolution: 3 is high, 2 is low").classes("chip title").props("data-testid=revolution")
            if view.get("message"):
                ui.label(page.with_names(view["message"])).classes("text-sm").props("data-testid=message")

    def trick_area(self, page: TablePage, view: dict[str, Any]) -> None:
        t = page.table
        phase = view.get("phase")
        trick = view.get("trick") or []
        with ui.column().classes("trick-area items-center justify-center gap-1").props("data-testid=trick"):
            if not trick:
                lead = view.get("lead_seat")
                if lead is not None and phase == "play":
                    who = "You lead" if lead == page.seat else f"{t.seats[lead].name} leads"
                    ui.label(f"{who}: any single, pair, three or four of a kind.").classes("opacity-90")
            else:
                with ui.row().classes("items-end gap-4 no-wrap"):
                    for i, play in enumerate(trick[-3:]):
                        old = i < len(trick[-3:]) - 1
                        with ui.column().classes("items-center gap-0"):
                            with ui.element("div").classes("play-stack" + (" old" if old else "")):
                                for code in play["cards"]:
                                    card(code, small=old)
                            who = "You" if play["seat"] == page.seat else t.seats[play["seat"]].name
                            ui.label(who).classes("text-xs opacity-80")

    def exchange_panel(self, page: TablePage, view: dict[str, Any]) -> None:
        ex = view.get("exchange")
        t = page.table
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
                ui.label(f"You are {ex['role']}: your best "
                         f"{'two cards' if len(ex['received'] or []) != 1 else 'card'} went to {partner}.")
                if ex.get("given"):
                    ui.label("You got back:")
                    with ui.row().classes("gap-1"):
                        for code in ex["given"]:
                            card(code, small=True)
                else:
                    ui.label(f"Waiting for {partner} to give cards back.")

    # ----------------------------------------------------------------------------- actions
    def actions_key(self, page: TablePage, view: dict[str, Any]) -> Hashable | None:
        """Exactly what :meth:`actions` draws from: while others play, the disabled bar stays as it is."""
        phase = view.get("phase")
        if phase == "exchange":
            return phase, repr(view.get("exchange")), tuple(page.selected), tuple(view.get("hand") or ())
        if phase != "play" or not page.my_turn:
            return phase, page.my_turn
        return (phase, True, tuple(page.selected), repr(view.get("top")), view.get("can_pass"),
                tuple(view.get("hand") or ()))

    def actions(self, page: TablePage, view: dict[str, Any]) -> None:
        phase = view.get("phase")
        mine = page.my_turn
        if phase == "exchange":
            ex = view.get("exchange") or {}
            if ex.get("give_count") and ex.get("pending"):
                n = ex["give_count"]
                reason = None if len(page.selected) == n else f"Select {n} card{'s' if n > 1 else ''} to give back"
                if reason is None:
                    reason = page.check(Give(tuple(page.selected)))
                action_button(page, "Give", "btn-give", Give(tuple(page.selected)), reason, primary=True)
            return
        if phase != "play":
            return
        if not mine:
            ui.label("Waiting for your turn").classes("reason")
            action_button(page, "Play", "btn-play", None, "Not your turn", primary=True)
            action_button(page, "Pass", "btn-pass", None, "Not your turn")
            return
        play = Play(tuple(page.selected)) if page.selected else None
        top = view.get("top")
        if play is None:
            reason = (f"Select cards that beat {COUNT_WORDS[top['count']]} of {top['rank']}s" if top
                      else "Select cards of one rank to lead")
        else:
            reason = page.check(play)
        action_button(page, "Play", "btn-play", play, reason, primary=True)
        pass_reason = None if view.get("can_pass") else "You lead: play something"
        action_button(page, "Pass", "btn-pass", Pass(), pass_reason)
        if reason:
            ui.label(reason).classes("reason w-full text-center").props("data-testid=reason")


SCREEN = PresidentScreen()
