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


# every game's house-rule switches with a step-by-step example on the rules page (none left without one)
NO_EXAMPLE_YET: dict[str, set[str]] = {}


@pytest.mark.parametrize("key", (*GAMES, "president"))
def test_every_house_switch_has_its_example_on_the_rules_page(key: str) -> None:
    from logic.rule_cards import house_examples, house_rule_sections

    game = get_game(key)
    sheet = option_sheet(game.config_model)
    switches = [n for n, info in sheet.options.items() if info.group == "house"
                and game.config_model.model_fields[n].annotation is bool]
    examples = house_examples(key)
    assert set(switches) - set(examples) <= NO_EXAMPLE_YET.get(key, set())
    on = {n: True for n in switches if n in examples}
    if key == "rummy":
        on.pop("top_card_only")  # clashes with keep_dug_card
    if key == "stockpile":
        on.update(players=4, partners=True)
    if key == "president":
        on.update(revolution=True)
    sections = {s.option: s for s in house_rule_sections(key, game.config_model, on, game.table_defaults)}
    for name in on:
        if name in examples:
            assert sections[name].example is examples[name] and sections[name].text is not None
