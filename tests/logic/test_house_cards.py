"""Rule cards and house-rule examples of Rummy, Beanie and Stockpile (issue 52): each card builds a valid table
that differs from the defaults, and each house-rule example is a sequence of moves the rules accept."""

from __future__ import annotations

import importlib

import pytest

from logic.options import option_sheet
from logic.registry import get_game

GAMES = ("beanie", "rummy", "stockpile")


@pytest.mark.parametrize("key", GAMES)
def test_rule_cards_build_valid_tables(key: str) -> None:
    game = get_game(key)
    cards = importlib.import_module(f"logic.{key}.rule_cards").RULE_CARDS
    assert cards
    defaults = game.make_config()
    sheet = option_sheet(game.config_model)
    for card in cards:
        assert card.game == key and card.id.startswith(key + "-") and card.where is not None
        config = game.make_config(**card.options)
        for name, value in card.options.items():
            assert getattr(defaults, name) != value, f"{card.id}: {name} is the default"
            assert getattr(config, name) == value
        house = [n for n in card.options if n in sheet.options and sheet.options[n].group == "house"]
        assert house, f"{card.id} turns on no house rule"
        state = game.new_game(config, 1)
        assert game.to_move(state)


@pytest.mark.parametrize("key", GAMES)
def test_house_examples_are_moves_the_rules_accept(key: str) -> None:
    game = get_game(key)
    found = importlib.import_module(f"logic.{key}.examples").HOUSE_EXAMPLES
    sheet = option_sheet(game.config_model)
    for option, example in found.items():
        assert sheet.options[option].group == "house"
        state = example.start()
        moves = example.moves()
        assert 2 <= len(moves) <= 10 and example.title and example.intro
        for seat, action, line in moves:
            off_turn = action in game.off_turn_actions(state, seat)  # e.g. Rummy's "Rummy!" call
            assert seat in game.to_move(state) or off_turn, f"{example.key}: seat {seat} may not move now ({line})"
            game.apply(state, seat, action)
        replay, _lines = example.replay(game)
        assert game.snapshot(replay.state_at(replay.steps)) == game.snapshot(state)

