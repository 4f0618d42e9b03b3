"""``GET /api/v1/tables/{code}/rules``: the rules the seat's table plays by (issue 52): every option, the game's
standard, the ones that differ (a table's house rules) with their labels in English: the answer's schema and how
it is made. The route itself is with the others in ``ui/seat_api/routes.py``."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from logic.rule_cards import differences, standard_options
from logic.table import Table


class HouseRule(BaseModel):
    option: str
    label: str = Field(description="the option's label, in English")
    value: str | int | bool
    standard: str | int | bool = Field(description="the value under the game's standard rules")


class TableRules(BaseModel):
    """What the table plays by. ``options`` are the game's Config as the table holds it (``players`` included);
    ``differing`` is the part a rule card keeps."""

    code: str
    game: str
    options: dict[str, Any]
    standard: dict[str, Any] = Field(description="the game's standard rules (what a new table starts with)")
    differing: dict[str, Any] = Field(description="the options that differ from the standard; {} = standard rules")
    house_rules: list[HouseRule] = Field(description="the differing options in the order of the game's option sheet")


def table_rules(table: Table) -> TableRules:
    game = table.game
    model, defaults = game.config_model, game.table_defaults
    config = game.make_config(**table.options).model_dump()
    found = differences(model, table.options, defaults)
    return TableRules(code=table.code, game=table.game_key, options=config,
                      standard=standard_options(model, defaults), differing={d.name: d.value for d in found},
                      house_rules=[HouseRule(option=d.name, label=d.label.english(), value=d.value,
                                             standard=d.standard) for d in found])
