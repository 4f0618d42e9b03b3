"""The seat API's fast JSON (ui/seat_api/schemas.py ``plain_json``) answers exactly what FastAPI's
``jsonable_encoder`` would: every seat's and the spectator's view and the legal actions, at every step of random
games of each game under random house rules."""

from __future__ import annotations

import random
from enum import Enum

from fastapi.encoders import jsonable_encoder

from logic.registry import all_games
from tests.logic.fuzz_support import random_options
from ui.seat_api.schemas import plain_json


class Suit(Enum):
    HEARTS = "h"


def test_odd_values_go_to_the_general_encoder() -> None:
    odd = {"set": frozenset({3}), "enum": Suit.HEARTS, 4: (1, [2.5, None, True]), "nested": [{"x": {Suit.HEARTS}}]}
    assert plain_json(odd) == jsonable_encoder(odd)
    assert type(plain_json({"t": (1, 2)})["t"]) is list


def test_views_and_legal_actions_encode_as_fastapi_would() -> None:
    rng = random.Random(50)
    for game in all_games():
        for seed in (1, 2):
            config = game.make_config(**random_options(game.key, rng))
            state = game.new_game(config, seed)
            steps = 0
            while game.outcome(state) is None and steps < 400:
                if steps % 7 == 0:
                    for seat in (*range(config.players), None):
                        view = game.view(state, seat)
                        assert plain_json(view) == jsonable_encoder(view), (game.key, seed, steps, seat)
                seat = rng.choice(game.to_move(state))
                legal = game.legal_actions(state, seat)
                encoded = [game.encode_action(a) for a in legal]
                assert plain_json(encoded) == jsonable_encoder(encoded)
                game.apply(state, seat, rng.choice(legal))
                steps += 1
