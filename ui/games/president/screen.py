"""President's table screen: the trick in the middle, Play / Pass, and the exchange screen."""

from __future__ import annotations

import html
from collections.abc import Hashable
from typing import TYPE_CHECKING

from nicegui import ui

from logic.cards import Card, is_joker
from logic.president.actions import RANK_LABELS, Play
from logic.views import PresidentView
from ui.components.cards import card, card_markup
from ui.components.dialog import named_dialog
from ui.components.live import LiveButton, LiveToggle
from ui.components.markup import Markup, set_markup
from ui.components.region import Region
from ui.games.base import GameScreen, computer_plays_for_viewer, live_button, live_label, you_or
from ui.games.president.controls import PresidentControls, PresidentState
from ui.i18n.viewer import _, pgettext

if TYPE_CHECKING:
    from ui.table.context import TableContext

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
NORMAL_ORDER = {r: i for i, r in enumerate([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2])}


class PresidentScreen(GameScreen[PresidentView]):
    """The trick or the exchange in the middle; Play, Pass and Pass for this trick (or Give) above the hand."""

    sort_modes = (("rank", "Low → high"), ("suit", "By suit"))
    message_box: Markup  # (drawn once by message_row and trick_area, then patched)
    trick_box: Markup
    message_drawn: Hashable  # what each of them shows now
    trick_drawn: Hashable

    def __init__(self, ctx: TableContext[PresidentView]) -> None:
        super().__init__(ctx)
        self.state = PresidentState()
        self.controls = PresidentControls(ctx, self.state)

    def sort(self, codes: list[str], mode: str) -> list[str]:
        """Low to high (or by suit); jokers (house rule) last, the highest cards."""
        jokers = sorted(c for c in codes if is_joker(c))
        cards = [Card.parse(c) for c in codes if not is_joker(c)]
        if mode == "suit":
            key = lambda c: ("SHDC".index(c.suit), NORMAL_ORDER[c.rank])  # noqa: E731
        else:
            key = lambda c: (NORMAL_ORDER[c.rank], "SHDC".index(c.suit))  # noqa: E731
        return [c.code for c in sorted(cards, key=key)] + jokers

    # ----------------------------------------------------------------------------- middle
    def middle_key(self) -> Hashable | None:
        """The middle is redrawn only between the exchange and play; the message row and the trick in it are patched
        (a pass changes only the message)."""
        return self.view["phase"] == "exchange", self.ctx.seat

    def middle(self) -> None:
        ctx = self.ctx
        # the message row and the trick are each one element, drawn once and then given their new HTML (patched), which
        # the browser morphs into what it shows (ui/components/markup.py; issue 50)
        Region.part(self.message_row, _drawn_once, patch=self.patch_message_row)
        if ctx.view["phase"] == "exchange":
            Region.part(self.exchange_panel,
                        lambda: (repr(ctx.view["exchange"]), tuple(s.name for s in ctx.table.seats)))
            return
        Region.part(self.trick_area, _drawn_once, patch=self.patch_trick)

    def message_key(self) -> Hashable:
        view = self.view
        return view["order"], view.get("jack_back"), tuple(view.get("lock") or ()), self.ctx.with_names(
            view["message"] or "")

    def trick_key(self) -> Hashable:
        ctx, view = self.ctx, self.view
        return (view["phase"], repr(view["trick"]), view["lead_seat"], tuple(s.name for s in ctx.table.seats),
                ctx.seat is not None and computer_plays_for_viewer(ctx))

    def message_row(self) -> None:
        self.message_drawn = self.message_key()
        self.message_box = Markup(self.message_markup()).classes("nicegui-row items-center gap-2")

    def patch_message_row(self) -> None:
        """New HTML only when what it shows changed (most updates change neither the message nor the trick)."""
        key = self.message_key()
        if key != self.message_drawn:
            self.message_drawn = key
            set_markup(self.message_box, self.message_markup())

    def patch_trick(self) -> None:
        key = self.trick_key()
        if key != self.trick_drawn:
            self.trick_drawn = key
            set_markup(self.trick_box, self.trick_markup())

    def message_markup(self) -> str:
        """The order and suit-lock chips and the message (a pass changes only these)."""
        ctx, view = self.ctx, self.view
        chips: list[tuple[str, str, str]] = []  # (classes, data-testid, words)
        if view.get("jack_back"):  # house rule: the order chip says it lasts until the trick ends
            chips.append(("chip title", "jack-back",
                          _("Jack-back: 3 is high, 2 is low until the trick ends") if view["order"] == "reversed"
                          else _("Jack-back: the usual order until the trick ends")))
        elif view["order"] == "reversed":
            chips.append(("chip title", "revolution", _("Revolution: 3 is high, 2 is low")))
        if view.get("lock"):
            suits = " ".join(SUIT_SYMBOLS[s] for s in view["lock"])
            chips.append(("chip", "suit-lock", _("Suits locked: {suits}", suits=suits)))
        if view["message"]:
            chips.append(("text-sm", "message", ctx.with_names(view["message"])))
        return labels_markup(chips)

    def trick_area(self) -> None:
        self.trick_drawn = self.trick_key()
        self.trick_box = Markup(self.trick_markup()).classes(
            "nicegui-column trick-area items-center justify-center gap-1").props("data-testid=trick")

    def trick_markup(self) -> str:
        """The last three plays of the trick (or who leads)."""
        ctx, view = self.ctx, self.view
        t = ctx.table
        trick = view["trick"] or []
        if not trick:
            lead = view["lead_seat"]
            if lead is None or view["phase"] != "play":
                return ""
            if lead == ctx.seat and computer_plays_for_viewer(ctx):
                text = _("The computer leads for you: any single, pair, three or four of a kind.")
            elif lead == ctx.seat:
                text = _("You lead: any single, pair, three or four of a kind.")
            else:
                text = _("{name} leads: any single, pair, three or four of a kind.", name=t.seats[lead].name)
            return f"<div class=opacity-90>{html.escape(text)}</div>"
        shown = trick[-3:]
        return plays_markup([(play["cards"], you_or(ctx, play["seat"]), i < len(shown) - 1)
                             for i, play in enumerate(shown)])

    def exchange_panel(self) -> None:
        ctx, view = self.ctx, self.view
        ex = view["exchange"]
        t = ctx.table
        give = ex["give_count"] if ex and ex["give_count"] and ex["pending"] else 0  # to give back now (contract)
        with ui.card().classes("text-black items-center").props(f"data-testid=exchange data-give={give}"):
            if not ex:
                ui.label(_("The cards are being exchanged between the President and the Beggar and between the Vice "
                           "President and the Vice Beggar.") if len(t.seats) >= 4 else
                         _("The cards are being exchanged between the President and the Beggar."))
                return
            partner = t.seats[ex["partner"]].name
            role = role_name(ex["role"])
            if ex["give_count"]:
                ui.label(_("You are {role}. {name} gave you their best two cards:", role=role, name=partner)
                         if ex["give_count"] == 2 else
                         _("You are {role}. {name} gave you their best card:", role=role, name=partner)
                         ).classes("font-bold")
                with ui.row().classes("gap-1"):
                    for code in ex["received"]:
                        card(code, small=True)
                if ex["pending"]:
                    n = ex["give_count"]
                    ui.label(_("Choose any two cards from your hand to give back (the cards you got count too), "
                               "then press Give.") if n == 2 else
                             _("Choose any card from your hand to give back (the card you got counts too), then "
                               "press Give."))
                else:
                    ui.label(_("Given back:"))
                    with ui.row().classes("gap-1"):
                        for code in ex["given"] or []:
                            card(code, small=True)
            else:
                # (the Beggar's side: ``given`` went up, ``received`` came back; logic/president/views.py)
                one = len(ex["given"] or []) == 1
                ui.label(_("You are {role}: your best card went to {name}.", role=role, name=partner) if one else
                         _("You are {role}: your best two cards went to {name}.", role=role, name=partner))
                if ex["received"]:
                    ui.label(_("You got back:"))
                    with ui.row().classes("gap-1"):
                        for code in ex["received"]:
                            card(code, small=True)
                else:
                    ui.label(_("Waiting for {name} to give a card back.", name=partner) if one else
                             _("Waiting for {name} to give cards back.", name=partner))

    # ----------------------------------------------------------------------------- actions
    def actions_key(self) -> Hashable | None:
        view = self.view
        """Only the bar's layout: Give while cards are to be given back, else Play and Pass. Whether they can be
        used (turn, selection) is kept up to date in place, so a selection or a turn redraws nothing."""
        phase = view["phase"]
        if phase == "exchange":
            ex = view["exchange"]
            return phase, bool(ex is not None and ex["give_count"] and ex["pending"])
        return phase

    def actions(self) -> None:
        ctx, view, do = self.ctx, self.view, self.controls
        phase = view["phase"]
        if phase not in ("exchange", "play"):
            return
        # Play, Pass and Pass for this trick have their room from the exchange on: there they are drawn hidden and
        # inert (Give, for the seat that gives cards back, stands over them), so the bar keeps its height and
        # neither the hand nor the trick moves when play begins (issue 48)
        with ui.element("div").classes("pr-slots"):
            if phase == "exchange":
                self.play_row_reserved()
                if self.giving():
                    with ui.row().classes("items-center justify-center"):
                        live_button(ctx, pgettext("president", "Give"), "btn-give", do.give_state, primary=True)
            else:
                with ui.row().classes("items-center justify-center gap-2"):
                    ctx.keep_live(LiveButton(self.send_play, pgettext("action", "Play"), "btn-play", do.play_state,
                                             primary=True))
                    live_button(ctx, pgettext("action", "Pass"), "btn-pass", do.pass_state)
                    ctx.keep_live(LiveToggle(ctx.send, _("Pass for this trick"), "btn-pass-trick",
                                             do.pass_trick_state, icon="fast_forward"))
        # one line under the buttons, its height kept while empty: what the player waits for, or why Play (or Give)
        # is off. The buttons never move when the turn comes (a label among them pushed Pass 300 px on a phone)
        with ui.element("div").classes("reason-slot w-full text-center"):
            if phase == "exchange":
                live_label(ctx, lambda: do.give_state()[1] if self.giving() else None, "reason", "reason")
            else:
                live_label(ctx, do.waiting_text, "reason")
                live_label(ctx, lambda: do.play_state()[1] if ctx.my_turn else None, "reason", "reason")

    def giving(self) -> bool:
        """This seat still has cards to give back in the exchange."""
        ex = self.view["exchange"]
        return self.view["phase"] == "exchange" and ex is not None and bool(ex["give_count"]) and ex["pending"]

    def play_row_reserved(self) -> None:
        """Play, Pass and Pass for this trick as they will be drawn, hidden and inert: no test id, no handler,
        disabled, out of the tab order and of the accessibility tree (assets/cardnight.css, .pr-reserved)."""
        with ui.row().classes("pr-reserved items-center justify-center gap-2").props("aria-hidden=true inert"):
            for text, props, icon in ((pgettext("action", "Play"), "color=primary", None),
                                      (pgettext("action", "Pass"), "outline", None),
                                      (_("Pass for this trick"), "flat no-caps color=primary", "fast_forward")):
                ui.button(text, icon=icon).props(f":ripple=false disable tabindex=-1 {props}")

    def send_play(self, action: object) -> None:
        """Play; a run whose joker left over could stand at either end (house rules runs and jokers) asks first."""
        choices = self.controls.end_choices(action) if isinstance(action, Play) else []
        if not choices or not isinstance(action, Play):
            self.ctx.send(action)
            return
        suit = SUIT_SYMBOLS[next(c for c in action.cards if not is_joker(c))[-1]]
        ctx = self.ctx
        title = _("Where does the joker go?")
        with ctx.overlays or ui.context.slot.parent, named_dialog(title) as dialog, ui.card().classes(
                "text-black items-stretch min-w-[280px]").props("data-testid=run-end-dialog"):
            ui.label(title).classes("text-lg font-bold")
            for play, (lo, hi) in choices:
                run = " ".join(RANK_LABELS[r] + suit for r in range(lo, hi + 1))
                text = _("Below: {run}", run=run) if play.end == "low" else _("Above: {run}", run=run)

                def go(p: Play = play) -> None:
                    dialog.close()
                    ctx.send(p)

                ui.button(text, on_click=go).props(f"color=primary no-caps data-testid=btn-run-end-{play.end}").classes(
                    "min-h-[44px]")
            ui.button(_("Cancel"), on_click=dialog.close).props("flat data-testid=btn-run-end-cancel")
        dialog.open()


def role_name(role: str) -> str:
    """A role of the exchange as the viewer's language says it after "You are" ("Vice Beggar", "der Vize-...")."""
    names = {"President": pgettext("role", "President"), "Vice President": pgettext("role", "Vice President"),
             "Beggar": pgettext("role", "Beggar"), "Vice Beggar": pgettext("role", "Vice Beggar")}
    return names.get(role, role)


Screen = PresidentScreen


def _drawn_once() -> bool:
    """A part's key that never changes: drawn once, then patched."""
    return True


def labels_markup(labels: list[tuple[str, str, str]]) -> str:
    """Labels (classes, ``data-testid``, words) as HTML, the words escaped."""
    return "".join(f"<div class='{cls}' data-testid={testid}>{html.escape(words)}</div>"
                   for cls, testid, words in labels)


def plays_markup(plays: list[tuple[list[str], str, bool]]) -> str:
    """The trick's last plays side by side (cards, who played them, an older play drawn small and faded)."""
    parts = []
    for codes, who, old in plays:
        cards = "".join(card_markup(code, small=old) for code in codes)
        stack = "play-stack old" if old else "play-stack"
        parts.append(f"<div class=cn-play data-key={codes[0]}><div class='{stack}'>{cards}</div>"
                     f"<div class=cn-who>{html.escape(who)}</div></div>")
    return f"<div class=cn-plays>{''.join(parts)}</div>"  # (short names and quotes: it is sent with every play)
