"""Each game's options are declared for people beside its Config (logic/options.py): grouped, labelled, with a
line of help, and the options that need others say so with a reason."""

from __future__ import annotations

import pytest

from logic.messages import Message, t_msg
from logic.options import Clash, Needs, OptionInfo, OptionSheet, option_sheet
from logic.registry import all_games
from logic.stockpile.actions import Config as StockpileConfig


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.key)
def test_every_option_of_every_game_is_declared_with_a_label_and_help(game) -> None:
    model = game.config_model
    sheet = option_sheet(model)
    assert sheet is model.__dict__.get("OPTIONS"), f"{game.key}: no OPTIONS sheet on its Config"
    shown = [name for _key, _heading, names in sheet.grouped() for name in names]
    assert shown == [n for n in model.model_fields if n != "players"]  # in the Config's order, none missing
    for name in shown:
        info = sheet.options[name]
        assert isinstance(info.label, Message) and info.label.english()
        assert isinstance(info.help, Message) and info.help.english().endswith(".")


def test_stockpile_partners_need_four_or_six_players() -> None:
    sheet = option_sheet(StockpileConfig)
    reason = sheet.blocked("partners", True, {"players": 3}, default=False)
    assert reason is not None and reason.english() == "Partners need 4 or 6 players"
    assert sheet.blocked("partners", True, {"players": 6}, default=False) is None
    assert sheet.blocked("partners", False, {"players": 3}, default=False) is None  # turning it off is always fine
    with pytest.raises(ValueError, match="Partners need 4 or 6 players"):  # the rules say the same
        StockpileConfig(players=3, partners=True)


def test_a_sheet_can_say_a_switch_depends_on_another_and_clashes_with_a_third() -> None:
    sheet = OptionSheet({
        "jokers": OptionInfo(t_msg("Jokers"), "game"),
        "jokers_wild": OptionInfo(t_msg("Jokers wild"), "game",
                                  needs=(Needs("jokers", (True,), t_msg("Needs jokers in the deck")),)),
        "short_deck": OptionInfo(t_msg("Short deck"), "game",
                                 clashes=(Clash(True, "jokers", True, t_msg("A short deck has no jokers")),)),
    })
    assert sheet.blocked("jokers_wild", True, {"jokers": False}, default=False) == t_msg("Needs jokers in the deck")
    assert sheet.blocked("jokers_wild", True, {"jokers": True}, default=False) is None
    assert sheet.blocked("short_deck", True, {"jokers": True}) == t_msg("A short deck has no jokers")
    assert sheet.blocked("short_deck", False, {"jokers": True}) is None


def test_a_sheet_refuses_unknown_groups_and_options() -> None:
    with pytest.raises(ValueError, match="group"):
        OptionSheet({"x": OptionInfo(t_msg("X"), "nowhere")})
    with pytest.raises(ValueError, match="unknown option"):
        OptionSheet({"x": OptionInfo(t_msg("X"), "game", needs=(Needs("y", (1,), t_msg("Y")),))})


def test_a_sheet_shows_its_groups_in_the_declared_order_without_the_hidden_ones() -> None:
    sheet = OptionSheet({
        "players": OptionInfo(t_msg("Players"), "game"),
        "jokers": OptionInfo(t_msg("Jokers"), "house"),
        "target": OptionInfo(t_msg("Race to"), "game"),
    }, groups=(("game", t_msg("The game")), ("house", t_msg("House rules")), ("empty", t_msg("Nothing"))))
    assert [(key, names) for key, _heading, names in sheet.grouped()] == [("game", ["target"]), ("house", ["jokers"])]
