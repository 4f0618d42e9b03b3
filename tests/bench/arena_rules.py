"""House rules in the arena (issue 52): a shipped rule card's options, or a random set of a game's switches per match
(``tests/bench/arena.py --card ID`` / ``--mix``)."""

from __future__ import annotations

import random
from typing import Any

from logic.registry import get_game


def card_options(game_key: str, card_id: str) -> dict[str, Any]:
    """The options of one of the game's shipped rule cards (``logic/GAME/rule_cards.py``)."""
    from logic.rule_cards import shipped_cards

    cards = shipped_cards(game_key)
    for card in cards:
        if card.id == card_id:
            return dict(card.options)
    raise SystemExit(f"No shipped rule card {card_id!r} for {game_key}; there are: "
                     f"{', '.join(c.id for c in cards) or 'none'}")


def house_switches(game_key: str) -> list[str]:
    """The game's on/off house-rule options (the "house" group of its option sheet)."""
    from logic.options import option_sheet

    model = get_game(game_key).config_model
    sheet = option_sheet(model)
    return [name for name, info in sheet.options.items()
            if info.group == "house" and model.model_fields[name].annotation is bool]


def mixed_options(game_key: str, options: dict[str, Any], players: int, seed: int) -> dict[str, Any]:
    """``options`` with a random set of the game's house switches drawn for the match of ``seed`` (redrawn until the
    config takes it)."""
    game = get_game(game_key)
    rng = random.Random(f"arena-mix-{seed}")
    for _ in range(100):
        drawn = {**options, **{name: rng.random() < 0.5 for name in house_switches(game_key)}}
        try:
            game.make_config(**{**drawn, "players": players})
        except ValueError:
            continue
        return drawn
    raise SystemExit(f"--mix: no set of switches fits {game_key} with {players} players and {options}")
