"""The lobby: join code, invite link + QR, seats filling up, computer players, options, start."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from nicegui import ui

from logic.table import BOT_DELAYS, EMOJI_CHOICES, LOBBY_MINUTES, NEXT_HAND_CHOICES, bot_identity, clash
from logic.table import lobby as table_lobby
from ui.components.options import label_width, option_block, option_controls, player_choices, show_block
from ui.components.region import Region
from ui.i18n import N_, _, ngettext, pgettext
from ui.i18n.names import level_name
from ui.net.lan import qr_data_uri
from ui.server.services import Links, TableServices
from ui.shell.identity import Me, set_profile
from ui.table import same_deals
from ui.table.presence_lobby import LobbyPresence, presence_options, take_computer_seat_button
from ui.table.program_tokens import Tokens, program_button, program_token_for_seat
from ui.table.rule_card_picker import at_this_table_part, rule_card_part
from ui.table.seat_wording import in_language
from ui.table.tv_link import open_tv_dialog

if TYPE_CHECKING:
    from logic.table import Table
    from ui.table.context import TableContext

# (the English texts; each shown through the catalogues: _(BOT_SPEED_NAMES[d]))
BOT_SPEED_NAMES = {0.0: N_("At once"), 0.5: N_("Quickly"), 1.0: N_("At a calm pace"), 2.0: N_("Slowly")}
NEXT_HAND_NAMES = {15: N_("After 15 s"), 30: N_("After 30 s"), 60: N_("After 1 minute"),
                   0: N_("When everyone is ready")}

COPY_JS = """
(async () => {
  const text = %s;
  if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); return 'copied'; }
  const box = document.querySelector('[data-testid=invite-link]');
  if (box) { box.focus(); box.select(); try { document.execCommand('copy'); return 'copied'; } catch (e) {} }
  return 'selected';
})()
"""


async def copy_link(url: str) -> None:
    result = await ui.run_javascript("return " + (COPY_JS % json.dumps(url)).strip())  # not "return" + line break
    ui.notify(_("Link copied.") if result == "copied" else _("Link selected: copy it with your device's menu."),
              position="top")


class LobbyState:
    """What one browser's lobby keeps between redraws: who is here (patched in place), the program tokens it
    holds, and how to tell the page that the viewer joined under a new name; and what it uses of the server (its
    links, the rule cards)."""

    def __init__(self, table: Table, services: TableServices, set_me: Callable[[Me], None]) -> None:
        self.presence = LobbyPresence(table)
        self.tokens: Tokens = {}
        self.set_me = set_me
        self.services = services


def lobby_view(ctx: TableContext, lobby: LobbyState) -> None:
    """The lobby in parts: the join card (drawn once), the seats (redrawn when a seat changes), the options (drawn
    once, their values kept up to date in place: a host's open menu is not closed by another's change) and the
    start row."""
    t = ctx.table
    # the cards scroll in their own box and Start stands under it at the bottom edge: never over a seat or an option
    # (assets/cardnight.css, "the lobby"; focusable, so a keyboard can scroll it: axe's scrollable-region rule)
    with ui.element("div").classes("lobby-body w-full").props("tabindex=0 role=region") as body:
        body.props["aria-label"] = _("Lobby")
        # a visitor's lobby leads with taking a seat; the invitation (code, QR, link) is the host's, folded for guests
        Region.part(lambda: take_seat_card(ctx, lobby), lambda: ctx.seat is None, "lobby-join")
        at_this_table_part(ctx)  # the table's rules that differ from the standard, for everyone (issue 52)
        Region.part(lambda: same_deals.lobby_note(ctx, lobby.services.duplicates),
                    lambda: same_deals.lobby_note_key(ctx), "lobby-same-deals")
        with ui.row().classes("lobby-cards w-full gap-3 items-stretch justify-center"):  # one column on a phone
            if ctx.is_host:
                with ui.card().classes("items-center text-black"):
                    invite_parts(ctx, lobby.services.links)
            else:
                guest_invite(ctx, lobby.services.links)
            with ui.card().classes("grow text-black min-w-[280px]"):
                Region.part(lambda: seats_list(ctx, lobby), lambda: seats_key(ctx, lobby), "lobby-seats")
            with ui.card().classes("text-black min-w-[260px]"):
                # the host's rule cards above the options: play by one, save, share (issue 52)
                rule_card_part(ctx, lobby.services)
                options = LobbyOptions(ctx)
                Region.part(options.draw, lambda: (ctx.is_host, len(t.seats)), "lobby-options", patch=options.patch)
    Region.part(lambda: start_row(ctx), lambda: (ctx.is_host, len(t.open_seats())), "lobby-start")


def invite_parts(ctx: TableContext, links: Links, code_shown: bool = True) -> None:
    """The join code, the invitation's QR code and link, and "Show on a TV"."""
    t = ctx.table
    url = links.table(t.code)
    if code_shown:
        ui.label(_("Join code")).classes("text-sm text-grey-8")
        ui.label(t.code).classes("code-box").props("data-testid=join-code")
    qr = ui.element("img").classes("w-36 h-36")
    qr.props.update({"src": qr_data_uri(url), "alt": _("QR code for {url}", url=url), "data-testid": "invite-qr"})
    with ui.row().classes("items-center no-wrap gap-1"):
        ui.input(value=url).props("readonly dense outlined data-testid=invite-link").classes("w-64").props.update(
            {"aria-label": _("Invite link")})
        ui.button(icon="content_copy", on_click=lambda: copy_link(url)).props(
            "flat round data-testid=btn-copy-link").props.update({"aria-label": _("Copy link")})
    ui.button(_("Show on a TV"), icon="tv", on_click=lambda: open_tv_dialog(t.code, ctx.overlays, links)).props(
        "flat no-caps color=primary data-testid=btn-lobby-tv")


def guest_invite(ctx: TableContext, links: Links) -> None:
    """A guest is already at this table: the code in one line, the QR code and link folded away (to invite more)."""
    with ui.card().classes("text-black max-w-full gap-1").props("data-testid=guest-invite"):
        with ui.row().classes("items-center gap-2 no-wrap"):
            ui.label(_("Table code")).classes("text-sm text-grey-8")
            ui.label(ctx.table.code).classes("code-box text-xl").props("data-testid=join-code")
        with ui.expansion(_("Invite someone"), icon="qr_code_2").classes("w-full").props(
                "dense data-testid=invite-more"):
            with ui.column().classes("items-center gap-2"):
                invite_parts(ctx, links, code_shown=False)


def take_seat_card(ctx: TableContext, lobby: LobbyState) -> None:
    """At the top of a visitor's lobby: name, emoji and Join."""
    if ctx.seat is not None:
        return
    with ui.card().classes("w-full max-w-xl self-center text-black").props("data-testid=take-seat"):
        join_form(ctx, lobby.set_me)


def seats_key(ctx: TableContext, lobby: LobbyState) -> Hashable:
    t = ctx.table
    seats = tuple((s.player_id, s.name, s.emoji, s.bot, s.is_program, s.program_hash, s.empty) for s in t.seats)
    return seats, t.host_id, ctx.is_host, ctx.seat, tuple(sorted(lobby.tokens.items()))


def seats_list(ctx: TableContext, lobby: LobbyState) -> None:
    t = ctx.table
    game = t.game
    host = ctx.is_host
    ui.label(_("Seats")).classes("text-lg font-bold")
    for i, s in enumerate(t.seats):
        with ui.row().classes("items-center gap-2 w-full no-wrap").props(f"data-testid=seat-{i}") as row:
            ui.label(f"{i + 1}.").classes("w-5")
            if s.empty:
                ui.label(_("Open seat")).classes("text-grey-8 grow")
                if host:  # (on a phone the controls take a line of their own under "Open seat": cardnight.css)
                    row.classes("seat-open")
                    with ui.row().classes("seat-open-controls items-center justify-end gap-2"):
                        level = ui.select({lv: level_name(lv) for lv in game.bot_levels},
                                          value=game.bot_levels[min(1, len(game.bot_levels) - 1)]).props(
                            f"dense data-testid=bot-level-{i}")
                        ui.button(_("Add computer"), icon="smart_toy", on_click=lambda s_=i, lv=level: add_bot(
                            ctx, s_, lv.value)).props(f"dense outline data-testid=btn-add-bot-{i}")
                        program_button(ctx, lobby.tokens, i)
            else:
                ui.label(seat_words(s.emoji, s.name, i == ctx.seat, s.player_id == t.host_id)).classes("grow")
                if s.bot:
                    ui.label(_("computer · {level}", level=level_name(s.bot))).classes("chip")
                    take_computer_seat_button(ctx, i)
                elif s.is_program:
                    ui.label(pgettext("seat chip", "program")).classes("chip")
                else:
                    lobby.presence.draw(row, i)
                if host and s.player_id != t.host_id:
                    ui.button(icon="close", on_click=lambda s_=i: ctx.act(
                        lambda tb, now: table_lobby.remove_player(tb, ctx.me.player_id, s_))).props(
                        f"flat round dense data-testid=btn-remove-{i}").props.update(
                        {"aria-label": _("Free seat {n}", n=i + 1)})
        program_token_for_seat(ctx, lobby.tokens, i, lobby.services.links)  # shown once, to the host who made it


class LobbyOptions:
    """The game's options and the table's settings: drawn once, then each control follows the table in place."""

    def __init__(self, ctx: TableContext) -> None:
        self.ctx = ctx
        self.controls: list[tuple[ui.element, Callable[[], Any]]] = []  # control, the table's value now
        self.options: dict[str, ui.select] = {}  # the game's options (greyed while another one rules them out)

    def setter(self, change: Callable[[Table, str, str, Any, float], None], key: str,
               current: Callable[[], Any]) -> Callable[[Any], None]:
        """The host's choice, sent only when it differs from the table's (an in-place update echoes back)."""
        def handle(e: Any) -> None:
            if e.value != current():
                pid = self.ctx.me.player_id
                self.ctx.act(lambda tb, now: change(tb, pid, key, e.value, now))
        return handle

    def keep(self, control: ui.element, current: Callable[[], Any]) -> None:
        self.controls.append((control, current))

    def draw(self) -> None:
        ctx = self.ctx
        t = ctx.table
        game = t.game
        host = ctx.is_host
        self.controls = []
        self.options = {}
        ui.label(_("Table options")).classes("text-lg font-bold")
        if not host:
            ui.label(_("The host sets these; they lock when the game starts.")).classes("text-xs text-grey-8")
        option = lambda tb, pid, key, value, now: table_lobby.set_option(tb, pid, key, value)  # noqa: E731
        setting = lambda tb, pid, key, value, now: table_lobby.set_setting(tb, pid, key, value, now)  # noqa: E731
        made: list[ui.select | ui.switch] = []
        counts = player_choices(game)
        if len(counts) > 1:
            sel = ui.select({c: ngettext("{n} player", "{n} players", c) for c in counts}, value=len(t.seats),
                            label=_("Players")).style(label_width(_("Players"), 170)).props("data-testid=opt-players")
            players = lambda: len(t.seats)  # noqa: E731
            sel.on_value_change(self.setter(option, "players", players))
            self.keep(sel, players)
            made.append(sel)
        defaults = game.config_model.model_fields
        for name, sel in option_controls(game.config_model, t.options, None, tips=host).items():
            value = lambda n=name: t.options.get(n, defaults[n].default)  # noqa: E731
            sel.on_value_change(self.setter(option, name, value))
            self.keep(sel, value)
            self.options[name] = sel
            made.append(sel)
        rules = list(made)  # the players and the game's options (the rest are the table's settings)
        self.patch_blocks()
        s = t.settings
        for testid, key, control in (
                ("opt-turn-timer", "turn_seconds", lambda: ui.select(
                    {v: (pgettext("option value", "Off") if v == 0 else _("{s} s per move", s=v))
                     for v in game.turn_timer_choices},
                    value=s.turn_seconds, label=_("Turn timer")).style(label_width(_("Turn timer"), 170))),
                ("opt-next-hand", "next_hand_seconds", lambda: ui.select(
                    {v: _(NEXT_HAND_NAMES[v]) for v in NEXT_HAND_CHOICES}, value=s.next_hand_seconds,
                    label=next_starts(game.hand_word)).style(label_width(next_starts(game.hand_word), 170))),
                ("opt-lobby-minutes", "lobby_minutes", lambda: ui.select(
                    {m: ngettext("{n} minute", "{n} minutes", m) for m in LOBBY_MINUTES}, value=s.lobby_minutes,
                    label=_("Lobby stays open")).style(label_width(_("Lobby stays open"), 170))),
                ("opt-bot-speed", "bot_delay", lambda: ui.select(
                    {d: _(BOT_SPEED_NAMES[d]) for d in BOT_DELAYS}, value=s.bot_delay,
                    label=_("Computer players move")).style(label_width(_("Computer players move"), 170))),
                ("opt-public", "public", lambda: ui.switch(_("Listed under Live tables"), value=s.public)),
                ("opt-auto-start", "auto_start", lambda: ui.switch(_("Start when the table is full"),
                                                                   value=s.auto_start))):
            el = control().props(f"data-testid={testid}")
            value = lambda k=key: getattr(t.settings, k)  # noqa: E731
            el.on_value_change(self.setter(setting, key, value))
            self.keep(el, value)
            made.append(el)
        for el, key in zip(presence_options(ctx), ("away_grace", "watcher_chat"), strict=True):
            value = lambda k=key: getattr(t.settings, k)  # noqa: E731
            self.keep(el, value)
            made.append(el)
        if not host:
            for el in made:
                el.disable()
        elif t.same_deals_as is not None or t.deals_taken:  # duplicate deals: one set of rules (require_own_deals)
            for el in rules:
                el.disable()

    def patch(self) -> None:
        """Each control shows the table's value now (another tab of the host's, or a refused choice)."""
        for control, current in self.controls:
            value = current()
            if not control.is_deleted and getattr(control, "value", value) != value:
                control.set_value(value)  # type: ignore[attr-defined]
        self.patch_blocks()

    def patch_blocks(self) -> None:
        """A game option another one rules out (Stockpile's partners at 3 players) is greyed with the reason."""
        t = self.ctx.table
        model = t.game.config_model
        values = {**t.options, "players": len(t.seats)}
        may_set = self.ctx.is_host and t.same_deals_as is None and not t.deals_taken  # (require_own_deals)
        for name, sel in self.options.items():
            if not sel.is_deleted:
                reason = option_block(model, name, values)
                if reason != sel.props.get("data-reason") or sel.enabled != (may_set and not reason):
                    show_block(sel, reason, may_set)


def start_row(ctx: TableContext) -> None:
    """Start (or what the table waits for) in a bar at the bottom edge, under the lobby's cards that scroll above it:
    the host sees Start without scrolling past the options, on a phone too (assets/cardnight.css, "the lobby")."""
    t = ctx.table
    with ui.row().classes("lobby-start w-full justify-center items-center gap-3"):
        missing = len(t.open_seats())
        if ctx.is_host:
            btn = ui.button(_("Start game"), icon="play_arrow", on_click=lambda: ctx.act(
                lambda tb, now: table_lobby.start(tb, ctx.me.player_id, now))).props(
                "color=amber text-color=black size=lg data-testid=btn-start")
            if missing:
                btn.disable()
                ui.label(ngettext("Waiting for {n} more player — or add computer players.",
                                  "Waiting for {n} more players — or add computer players.", missing)).classes("reason")
        else:
            ui.label(_("Waiting for the host to start.") if not missing else
                     ngettext("Waiting for {n} more player.", "Waiting for {n} more players.", missing)).classes(
                "text-black")


def seat_words(emoji: str, name: str, you: bool, host: bool) -> str:
    """A seat in the lobby's list: "🦊 Sam (you) · host" as one text in the viewer's language."""
    if you and host:
        return _("{emoji} {name} (you) · host", emoji=emoji, name=name)
    if you:
        return _("{emoji} {name} (you)", emoji=emoji, name=name)
    if host:
        return _("{emoji} {name} · host", emoji=emoji, name=name)
    return f"{emoji} {name}"


def next_starts(hand_word: str) -> str:
    """The label of "when the next hand starts", with the game's word for a hand."""
    if hand_word == "round":
        return _("Next round starts")
    if hand_word == "deal":
        return _("Next deal starts")
    return _("Next hand starts")


def add_bot(ctx: TableContext, seat: int, level: str) -> None:
    t = ctx.table
    name, emoji = bot_identity(random.Random(), {s.name for s in t.seats}, {s.emoji for s in t.seats})
    ctx.act(lambda tb, now: table_lobby.add_bot(tb, ctx.me.player_id, seat, level, name, emoji))


def join_form(ctx: TableContext, set_me: Callable[[Me], None]) -> None:
    """A visitor takes a seat: name and emoji, then Join. An emoji or name another person at the table already has
    is marked, and the form offers a free one (``join-taken`` says so) before anyone sits down with it."""
    who = ctx.me
    t = ctx.table
    mine = who.emoji if who.emoji in EMOJI_CHOICES else "🙂"
    first = clash(t, who.name, mine)
    people = {s.emoji for s in t.seats if not s.empty and s.bot is None}
    with ui.column().classes("w-full gap-1 q-mt-sm").props("data-testid=join-form"):
        ui.label(_("Take a seat")).classes("font-bold")
        with ui.row().classes("items-center gap-2 no-wrap"):
            emoji = ui.select({e: _("{emoji} · taken", emoji=e) if e in people else e for e in EMOJI_CHOICES},
                              value=first.emoji if first else mine).props("dense data-testid=join-emoji").classes(
                "w-16")
            name = ui.input(_("Your name"), value=first.name if first else who.name).props(
                "dense outlined maxlength=24 data-testid=join-name")
        note = ui.label(in_language(first.message) if first else "").classes("text-sm text-negative").props(
            "data-testid=join-taken role=alert")
        note.set_visibility(first is not None)
        offered = {"name": first.name if first else "", "emoji": first.emoji if first else ""}

        def join() -> None:
            chosen_name, chosen_emoji = name.value or "", str(emoji.value)
            found = clash(t, chosen_name, chosen_emoji)
            if found is not None:  # told, and offered what is free: Join again takes it
                note.set_text(in_language(found.message))
                note.set_visibility(True)
                emoji.set_value(found.emoji)
                name.set_value(found.name)
                offered.update(name=found.name, emoji=found.emoji)
                return
            # the profile keeps the person's own choice; "Sam 2" or a stand-in emoji is for this table only
            updated = set_profile(None if chosen_name == offered["name"] else chosen_name,
                                  None if chosen_emoji == offered["emoji"] else chosen_emoji)
            set_me(updated)
            pid = updated.player_id
            ctx.act(lambda tb, now: table_lobby.join(tb, pid, chosen_name, chosen_emoji, now))

        ui.button(_("Join"), icon="login", on_click=join).props("color=primary data-testid=btn-join")
