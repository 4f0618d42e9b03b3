"""Rules pages: ``/rules`` lists the games, ``/rules/<game>`` shows one (our own words, with FAQ and examples)."""

from __future__ import annotations

from nicegui import ui

from logic.messages import message_of
from logic.registry import all_games, get_game
from ui.i18n import _
from ui.i18n.names import game_name, game_name_note
from ui.i18n.rules_docs import rules_markdown
from ui.i18n.viewer import tr
from ui.pages import ASSETS
from ui.server.runtime import runtime
from ui.shell.frame import frame
from ui.shell.http_status import NOT_FOUND, answer
from ui.table.help import table_help
from ui.table.house_rules_section import house_rules_section
from ui.table.rule_examples import examples_of, rule_examples
from ui.table.still import preload_faces


def register() -> None:
    @ui.page("/rules")
    def rules_index() -> None:
        with frame(_("Rules")):
            ui.label(_("How to play")).classes("text-xl font-bold")
            for game in all_games():
                with ui.row().classes("items-baseline gap-2"):
                    ui.link(game_name(game.key), f"/rules/{game.key}").classes("text-lg")
                    ui.label(tr(message_of(game.tagline))).classes("text-grey-8")
            ui.markdown(table_help()).props("data-testid=table-help")  # any table

    @ui.page("/rules/{game_key}")
    def rules_page(game_key: str, card: str | None = None, table: str | None = None) -> None:
        try:
            game = get_game(game_key)
        except ValueError:
            answer(NOT_FOUND)
            with frame(_("Rules")):
                ui.label(_("No game called {key}. Try one of: {games}.", key=repr(game_key),
                           games=", ".join(sorted(g.key for g in all_games())))).props("data-testid=error")
            return
        with frame(_("{game} rules", game=game_name(game.key))):
            ui.label(_("{game} rules", game=game_name(game.key))).classes("text-2xl font-bold").props(
                "data-testid=rules-title")
            note = game_name_note(game.key)
            if note:
                ui.markdown(note).classes("text-sm").props("data-testid=rules-names")
            # ?card=<id> or ?table=<code>: the house rules on (issue 52)
            house_rules_section(game, card, table, runtime().hub)
            ui.markdown(rules_markdown(game)).classes("w-full").props("data-testid=rules")
            if (ASSETS / f"{game.key}.css").exists():  # examples drawn with the table's own parts
                ui.add_head_html(f'<link rel="stylesheet" href="/assets/{game.key}.css">')
            if examples_of(game.key):
                preload_faces()  # (their first cards show their faces at once)
            rule_examples(game.key)
