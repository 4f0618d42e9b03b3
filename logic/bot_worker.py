"""The one function a computer player's move goes through, light enough for a fresh worker process.

The server runs the strongest (searching) level in a process pool started with "spawn": each worker imports only
this module and the rules, not the web app.
"""

from __future__ import annotations

import random
from typing import Any

from logic.registry import get_game


def choose_bot_action(game_key: str, level: str, view: dict[str, Any], legal: list[Any], rng_key: str) -> Any:
    """The move of a ``level`` computer player that sees ``view`` and may play ``legal``."""
    return get_game(game_key).make_bot(level).choose(view, legal, random.Random(rng_key))
