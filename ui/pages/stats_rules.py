"""Stats by rules (issue 52): a match under house rules is still that game's match; ``/stats?rules=standard`` counts
only the matches played by the game's standard rules (a finished game keeps its options)."""

from __future__ import annotations

from nicegui import ui

from logic.registry import get_game
from logic.rule_cards import differing
from storage.archive import FinishedGame
from ui.i18n.viewer import _

ANY, STANDARD = "any", "standard"


def played_standard(record: FinishedGame) -> bool:
    """Whether a finished game was played by its game's standard rules (a record without options: yes)."""
    try:
        game = get_game(record.game)
    except ValueError:
        return False
    return not differing(game.config_model, dict(record.options), game.table_defaults)


def by_rules(records: list[FinishedGame], rules: str) -> list[FinishedGame]:
    return [r for r in records if played_standard(r)] if rules == STANDARD else records


def rules_filter(rules: str) -> None:
    """The choice "Any rules / Standard rules only"; a change opens the page again with it."""
    ui.select({ANY: _("Any rules"), STANDARD: _("Standard rules only")}, value=rules, label=_("Rules"),
              on_change=lambda e: ui.navigate.to("/stats" if e.value == ANY else f"/stats?rules={e.value}")).props(
        "dense data-testid=stats-rules").classes("min-w-[200px]")


def no_standard_games() -> None:
    ui.label(_("No finished games by the standard rules yet.")).props("data-testid=stats-empty-standard")
