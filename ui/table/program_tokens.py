"""Program seats on the table page: the host's "Program" button in the lobby and the new token,
shown once (with a copy button and the exact ``curl`` line) on the page that asked for it. The button speaks the
viewer's language; the token's box is for programmers and stays English, like the API's page (/docs)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from nicegui import ui

from logic.table import program as table_program
from ui.i18n import _, pgettext
from ui.seat_api.auth import Reveals, hash_token, new_token, take_reveal
from ui.server.services import Links

if TYPE_CHECKING:
    from ui.table.context import TableContext

Tokens = dict[int, str]  # seat -> a token this page made or was given, shown once


def curl_line(code: str, token: str, links: Links) -> str:
    return f'curl -H "Authorization: Bearer {token}" {links.api()}/tables/{code}'


def program_button(ctx: TableContext, tokens: Tokens, seat: int) -> None:
    """The host makes an open seat a program seat; the token is kept by this page only, to be shown once."""

    def add() -> None:
        token, token_hash = new_token()
        if ctx.act(lambda tb, now: table_program.add_program(tb, ctx.me.player_id, seat, token_hash)):
            tokens[seat] = token

    ui.button(pgettext("seat", "Program"), icon="terminal", on_click=add).props(
        f"dense outline data-testid=btn-add-program-{seat}").props.update(
        {"aria-label": _("Seat {n}: played by a program", n=seat + 1)})


def program_token_for_seat(ctx: TableContext, tokens: Tokens, seat: int, links: Links) -> None:
    """Under a lobby seat played by a program: its token, on the page that made it and while it is still that
    seat's token; for everyone else (and after a reload) only what the seat is."""
    s = ctx.table.seats[seat]
    if not s.is_program:
        return
    token = tokens.get(seat)
    if token is not None and s.program_hash == hash_token(token):
        token_box(ctx, seat, token, links)
        return
    note = "A program plays this seat through the seat API."
    if ctx.is_host:
        note += " Its token was shown once, when it was made: free the seat to make a new one."
    ui.label(note).classes("text-xs text-grey-8 q-ml-lg").props(f"data-testid=program-note-{seat}")


def take_new_tokens(ctx: TableContext, tokens: Tokens, reveals: Reveals) -> None:
    """Tokens made for this browser by ``/new/<game>?program=1``: this page shows them, nobody else ever."""
    tokens.update(take_reveal(reveals, ctx.table.code, ctx.me.player_id))


def token_banner(ctx: TableContext, tokens: Tokens, links: Links) -> None:
    """Above the table once the game runs (a practice table starts at once): the tokens this page holds."""
    if not tokens or ctx.table.status == "lobby":
        return
    with ui.column().classes("w-full items-center gap-2 q-mb-sm") as box:
        for seat, token in sorted(tokens.items()):
            if ctx.table.seats[seat].program_hash == hash_token(token):
                token_box(ctx, seat, token, links)
        ui.button(_("Hide"), icon="visibility_off", on_click=box.delete).props(
            "flat dense no-caps data-testid=btn-hide-tokens")


COPY_JS = """(async () => {
  try { await navigator.clipboard.writeText(%s); return 'copied'; } catch (e) {}
  const box = document.querySelector(%s);
  if (box) { box.focus(); box.select(); }
  return 'selected';
})()"""


async def copy_text(text: str, box: str, copied: str, selected: str) -> None:
    """Copy to the clipboard; where there is none (plain HTTP) select the text box ``box`` for the device's copy.
    ``copied`` and ``selected`` say which happened (whole sentences: "Token copied.", in the viewer's language)."""
    try:
        result = await ui.run_javascript("return " + COPY_JS % (json.dumps(text), json.dumps(box)), timeout=3.0)
    except TimeoutError:
        result = "selected"
    ui.notify(copied if result == "copied" else selected, position="top")


def token_box(ctx: TableContext, seat: int, token: str, links: Links) -> None:
    curl = curl_line(ctx.table.code, token, links)
    with ui.column().classes("w-full gap-1 q-pa-sm rounded-borders bg-blue-1 text-black").props(
            f"data-testid=program-box-{seat}"):
        ui.label(_("Seat {n} is played by a program. Its token is shown only now: copy it.", n=seat + 1)).classes(
            "text-sm font-bold")
        with ui.row().classes("items-center no-wrap gap-1 w-full"):
            ui.input(value=token).props(f"readonly dense outlined data-testid=program-token-{seat}").classes(
                "grow font-mono")
            box = f"input[data-testid=program-token-{seat}], [data-testid=program-token-{seat}] input"
            token_words = (_("Token copied."), _("Token selected: copy it with your device's menu."))
            copy = ui.button(icon="content_copy", on_click=lambda: copy_text(token, box, *token_words)).props(
                f"flat round data-testid=btn-copy-token-{seat}")
            copy.props["aria-label"] = _("Copy the token")
        ui.label(_("Try it:")).classes("text-xs text-grey-8")
        with ui.row().classes("items-center no-wrap gap-1 w-full"):
            ui.textarea(value=curl).props(f"readonly dense outlined autogrow data-testid=program-curl-{seat}"
                                          ).classes("grow font-mono text-xs")
            curl_box = f"textarea[data-testid=program-curl-{seat}], [data-testid=program-curl-{seat}] textarea"
            command_words = (_("Command copied."), _("Command selected: copy it with your device's menu."))
            copy = ui.button(icon="content_copy", on_click=lambda: copy_text(curl, curl_box, *command_words)).props(
                f"flat round data-testid=btn-copy-curl-{seat}")
            copy.props["aria-label"] = _("Copy the command")
        ui.label(_("The API is described at /docs. Removing the seat or the end of the game ends the token.")
                 ).classes("text-xs text-grey-8")
