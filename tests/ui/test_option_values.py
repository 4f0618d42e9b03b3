"""How option values read (ui/components/options.py): a word-valued option shows the name its game's option sheet
gives each value, in the viewer's language, in the lobby's selects and in "At this table" alike."""

from __future__ import annotations

from logic.rule_cards import differences
from logic.stockpile.actions import Config as StockpileConfig
from ui.components.options import option_value_text, value_label
from ui.table.at_this_table import value_text


def test_stockpiles_word_values_have_names_not_their_codes() -> None:
    assert option_value_text(StockpileConfig, "stock_size", "short") == "Short"
    assert option_value_text(StockpileConfig, "series", "single") == "One deal"
    assert option_value_text(StockpileConfig, "series", "500") == "Race to 500"
    assert option_value_text(StockpileConfig, "players", 4) == "4"
    found = differences(StockpileConfig, {"players": 2, "stock_size": "short", "series": "500"})
    assert sorted(value_text(d) for d in found) == ["Race to 500", "Short"]
    assert value_label(True) == "On" and value_label(0) == "No limit"
