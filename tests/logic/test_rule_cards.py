"""Rule cards over any option sheet: the standard, what differs, a card's file checked, the house-rules seam."""

from __future__ import annotations

import json
from typing import ClassVar

import pytest
from pydantic import BaseModel, Field, field_validator

from logic.beanie.actions import BeanieConfig
from logic.messages import t_msg
from logic.options import Clash, OptionInfo, OptionSheet
from logic.president.actions import PresidentConfig
from logic.rule_cards import (
    FILE_FORMAT,
    CardError,
    RuleCard,
    card_from_json,
    card_keeps,
    card_table_options,
    card_to_json,
    check_options,
    differences,
    differing,
    house_rule_sections,
    parse_card_file,
    shipped_cards,
    standard_options,
)
from logic.rummy.actions import RummyConfig


class SheetConfig(BaseModel):
    """A test-only game: two switches that clash and a number."""

    players: int = 3
    wild: bool = False
    tame: bool = False
    rounds: int = Field(5, json_schema_extra={"choices": [5, 7]})

    OPTIONS: ClassVar[OptionSheet] = OptionSheet({
        "rounds": OptionInfo(t_msg("Rounds"), "game"),
        "wild": OptionInfo(t_msg("Wild things"), "house", help=t_msg("Anything goes.")),
        "tame": OptionInfo(t_msg("Tame things"), "house",
                           clashes=(Clash(True, "wild", True, t_msg("Not with wild things.")),)),
    }, groups=(("game", t_msg("The game")), ("house", t_msg("House rules"))))

    @field_validator("tame")
    @classmethod
    def _tame(cls, v: bool, info: object) -> bool:
        data = getattr(info, "data", {})
        if v and data.get("wild"):
            raise ValueError("not both")
        return v


def test_standard_leaves_out_players_and_follows_table_defaults() -> None:
    assert standard_options(SheetConfig) == {"wild": False, "tame": False, "rounds": 5}
    assert standard_options(RummyConfig, {"first_draw": True}) == {
        "target": 0, "first_draw": True, "wrap_around": False, "top_card_only": False, "keep_dug_card": False,
        "no_final_discard": False, "rummy_call": False, "rummy_call_seconds": 5}


def test_differing_in_sheet_order_and_only_changes() -> None:
    opts = {"players": 4, "tame": True, "rounds": 7, "wild": False}
    assert list(differing(SheetConfig, opts)) == ["rounds", "tame"]
    assert differing(PresidentConfig, {"players": 5, "hands": 4, "revolution": True}) == {"revolution": True}
    # Rummy's new tables draw for the first deal: that is its standard, not a house rule
    assert differing(RummyConfig, {"first_draw": True, "target": 200}, {"first_draw": True}) == {"target": 200}


def test_differences_carry_label_value_and_standard() -> None:
    [d] = differences(PresidentConfig, {"revolution": True, "hands": 4})
    assert (d.name, d.label.english(), d.value, d.standard) == ("revolution", "Revolution rule", True, False)
    assert d.help is not None and "Four of a kind" in d.help.english()
    assert differences(BeanieConfig, {}) == []


def test_card_table_options_start_from_the_standard() -> None:
    card = RuleCard("x", "test", t_msg("X"), options={"wild": True})
    assert card_table_options(SheetConfig, card) == {"wild": True, "tame": False, "rounds": 5}


def test_check_options_refuses_unknown_bad_and_clashing() -> None:
    assert check_options(SheetConfig, {"wild": True, "rounds": 5}) == {"wild": True}
    assert check_options(SheetConfig, {"players": 4, "wild": True}) == {"wild": True, "players": 4}
    for bad, words in (({"nope": True}, "no option called nope"), ({"players": "four"}, "do not fit"),
                       ({"rounds": 6}, "does not accept"), ({"wild": True, "tame": True}, "do not fit"),
                       ({"wild": [1]}, "does not accept"), ([1, 2], "not a list")):
        with pytest.raises(CardError, match=words):
            check_options(SheetConfig, bad)


def test_file_round_trip_and_wrong_files() -> None:
    card = RuleCard("my-1", "president", t_msg("Grandma's President"), options={"revolution": True})
    data = card_to_json(card)
    assert data == {"format": FILE_FORMAT, "version": 1, "game": "president", "name": "Grandma's President",
                    "options": {"revolution": True}}
    raw = json.dumps(data).encode()
    assert parse_card_file(raw, "president", PresidentConfig) == ("Grandma's President", {"revolution": True})
    wrong = [(b"\xff\xfe", "not a Card Night rule card"), (b"[1]", "not a Card Night rule card"),
             (json.dumps({**data, "version": 9}).encode(), "another version"),
             (json.dumps({**data, "game": "rummy"}).encode(), "another game"),
             (json.dumps({**data, "name": "  "}).encode(), "needs a name"),
             (json.dumps({**data, "name": "x" * 61}).encode(), "at most 60"),
             (json.dumps({**data, "options": {"hands": 5}}).encode(), "does not accept"),
             (b" " * 9000, "too large")]
    for raw_bad, words in wrong:
        with pytest.raises(CardError, match=words):
            parse_card_file(raw_bad, "president", PresidentConfig)
    with pytest.raises(CardError):
        card_from_json({**data, "format": "other"}, "president", PresidentConfig)


def test_shipped_cards_of_a_game_without_a_module_are_none() -> None:
    assert shipped_cards("no_such_game") == ()
    for game in ("president", "rummy", "beanie", "stockpile"):
        assert all(c.game == game for c in shipped_cards(game))  # whatever the game helpers ship


def test_house_rule_sections_fall_back_to_label_and_help() -> None:
    [section] = house_rule_sections("no_such_game", SheetConfig, {"wild": True})
    assert (section.option, section.title.english()) == ("wild", "Wild things")
    assert section.text is not None and section.text.english() == "Anything goes."
    assert house_rule_sections("no_such_game", SheetConfig, {}) == []


def test_a_card_keeps_the_number_of_players_its_rules_need() -> None:
    """Stockpile's partners need 4 or 6 players: a card saved from such a table holds the number (its link would
    otherwise open a two-player lobby the rules do not fit), and a card holding it passes the checks of a link."""
    from logic.stockpile.actions import Config as StockpileConfig

    table = {**standard_options(StockpileConfig), "players": 4, "partners": True, "no_partner_piles": True}
    kept = card_keeps(StockpileConfig, table)
    assert kept == {"partners": True, "no_partner_piles": True, "players": 4}
    assert check_options(StockpileConfig, kept) == kept
    assert card_keeps(StockpileConfig, {**table, "partners": False, "no_partner_piles": False}) == {}
    assert card_keeps(RummyConfig, {"players": 3, "target": 200}) == {"target": 200}  # fits any count: not kept
    for card in shipped_cards("stockpile"):  # (the partners card's link was refused: "no option called players")
        assert check_options(StockpileConfig, card.options) == dict(card.options)
