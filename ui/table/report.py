""""Report a problem" at a table (the menu and the final standings): the player's words and everything needed to
replay the table exactly to this moment, kept by :class:`storage.reports.ReportStore` in ``<data-dir>/reports``.
The host reads and replays reports in the console (ui/pages/host.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nicegui import ui

from logic.text_clean import clean_lines, clean_text
from storage.reports import AGENT_LIMIT, WORDS_LIMIT, Report, ReportStore
from ui.components.dialog import named_dialog
from ui.i18n import _, reason

if TYPE_CHECKING:
    from ui.table.context import TableContext


def make_report(store: ReportStore, ctx: TableContext, words: str, user_agent: str, moves: int | None = None) -> Report:
    """Store a report of this page's table as its seat saw it after ``moves`` moves (default: now); ``ValueError``
    with a reason if refused. The words are cut at their limit first, then cleaned like names and chat (line
    breaks kept): no direction overrides, NUL or other hidden characters reach the console."""
    words = clean_lines(words, WORDS_LIMIT)
    user_agent = clean_text(user_agent[:AGENT_LIMIT], AGENT_LIMIT)
    t = ctx.table
    players = [{"name": s.name, "emoji": s.emoji, "bot": s.bot} for s in t.seats]
    log = [list(e) for e in t.log[:len(t.log) if moves is None else moves]]
    return store.add(words=words, code=t.code, game=t.game_key, options=dict(t.options), seed=t.seed, log=log,
                     seat=ctx.seat, players=players, user_agent=user_agent)


def open_report_dialog(ctx: TableContext, store: ReportStore) -> None:
    """The dialog: a text box, Send and Cancel. The report is of the table as it was when the dialog opened (the
    game may go on while the player writes)."""
    moment = len(ctx.table.log)
    request = ui.context.client.request
    agent = request.headers.get("user-agent", "") if request is not None else ""
    where = ctx.overlays if ctx.overlays is not None else ui.context.slot.parent
    with where, named_dialog(_("Report a problem")) as dialog, ui.card().classes("w-full max-w-xl text-black").props(
            "data-testid=report-dialog"):
        ui.label(_("Report a problem")).classes("text-lg font-bold")
        ui.label(_("What went wrong? Your words are kept with this table exactly as it is now, so the person who "
                   "runs Card Night can replay it to this moment.")).classes("text-sm")
        box = ui.textarea(placeholder=_("For example: I could not play my pair of 7s")).props(
            f"outlined autogrow maxlength={WORDS_LIMIT} data-testid=report-text").classes("w-full")
        status = ui.label("").classes("text-sm text-negative").props("data-testid=report-status")

        def send() -> None:
            try:
                report = make_report(store, ctx, box.value or "", agent, moment)
            except ValueError as exc:
                status.set_text(reason(exc))
                return
            dialog.close()
            ui.notify(_("Thanks! Your report {id} is saved.", id=report.id), type="positive", position="top")

        with ui.row().classes("w-full justify-end gap-2"):
            ui.button(_("Cancel"), on_click=dialog.close).props("flat data-testid=btn-report-cancel")
            ui.button(_("Send report"), icon="send", on_click=send).props("color=primary data-testid=btn-report-send")
    dialog.open()
