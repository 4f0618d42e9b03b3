"""The rules page's "House rules": ``/rules/<game>?card=<id>`` (a rule card) or ``?table=<code>`` (a table's own
options, the link in a table's ⓘ) shows, above the game's rules, the switches that are on. Their texts come from the
game's seam (:func:`logic.rule_cards.house_rule_sections`): each option's label and help, and under each switch its
step-by-step example (``HOUSE_EXAMPLES`` of logic/<game>/examples.py), stepped like the rules' own examples."""

from __future__ import annotations

from typing import Any

from nicegui import ui

from logic.game import AnyGame
from logic.messages import t_msg
from logic.rule_cards import CardError, house_rule_sections
from ui.components.options import option_value_text
from ui.i18n.rules_docs import example_text
from ui.i18n.viewer import _, tr
from ui.server.hub import Hub
from ui.server.services import rule_card_store
from ui.table.rule_card_links import card_for_game, card_options
from ui.table.rule_examples import one_example

CODE_MAX = 12


def rules_source(game: AnyGame, card_id: str | None, code: str | None,
                 hub: Hub) -> tuple[str, dict[str, Any], str | None] | None:
    """(what the rules follow, the full options, a shipped card's line on where it is played) for the page's query;
    None for the standard rules. A CardError for a card or table that cannot be used."""
    if card_id:
        card = card_for_game(game.key, card_id, rule_card_store(hub.data_dir))
        return tr(card.name), card_options(game, card), tr(card.where) if card.where is not None else None
    if code:
        table = hub.registry.tables.get(code.strip().upper()[:CODE_MAX])
        if table is None or table.game_key != game.key:
            raise CardError(t_msg("There is no open table {code} of this game on this server.", code=code[:CODE_MAX]))
        return _("Table {code}", code=table.code), dict(table.options), None
    return None


def house_rules_section(game: AnyGame, card_id: str | None, code: str | None, hub: Hub) -> None:
    """Draw the section (or a clear message when the card or table cannot be found; the standard rules follow)."""
    try:
        source = rules_source(game, card_id, code, hub)
    except CardError as exc:
        ui.label(tr(exc.message)).classes("text-negative").props("data-testid=rules-card-error role=alert")
        return
    if source is None:
        return
    title, options, where = source
    sections = house_rule_sections(game.key, game.config_model, options, game.table_defaults)
    with ui.card().classes("w-full text-black").props(f"data-testid=house-rules data-count={len(sections)}"):
        ui.label(_("House rules: {name}", name=title)).classes("text-lg font-bold")
        if where:
            ui.label(where).classes("text-sm text-grey-8").props("data-testid=house-rules-where")
        if not sections:
            ui.label(_("These are the standard rules.")).props("data-testid=house-rules-standard")
        for s in sections:
            with ui.column().classes("gap-0").props(f"data-testid=house-rule-{s.option}"):
                value = options.get(s.option)
                heading = tr(s.title) if isinstance(value, bool) else _(
                    "{label}: {value}", label=tr(s.title), value=option_value_text(game.config_model, s.option, value))
                ui.label(heading).classes("font-bold")
                if s.text is not None:
                    ui.markdown(tr(s.text))
                if s.example is not None:  # the switch's step-by-step example, as the rules' own examples
                    with ui.column().classes("w-full gap-1").props(f"data-testid=house-example-{s.option}"):
                        ui.label(example_text(game.key, s.example.intro)).classes("text-sm")
                        one_example(game.key, s.example)
        ui.label(_("The rules below are the standard ones; the house rules above change them.")).classes(
            "text-sm text-grey-8")
