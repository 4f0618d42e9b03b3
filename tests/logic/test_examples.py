"""The step-by-step rules examples of every game: each step is a real move the rules accept, from a crafted
position, with one line saying what changed."""

from __future__ import annotations

import importlib

import pytest

from logic.registry import get_game

PRESIDENT_HOUSE = {"eight-cut", "twos-clear", "four-burn", "same-rank-skip", "jack-back", "suit-lock", "no-top-finish",
                   "downfall", "runs", "jokers", "run-revolution"}
REQUIRED = {"president": {"beat-pair", "trick-won", "exchange"} | PRESIDENT_HOUSE,
            "rummy": {"dig", "layoff", "going-out"}, "beanie": {"gap", "steal", "vote"},
            "stockpile": {"wild", "cleared", "partner"}}


def examples(key: str):
    return importlib.import_module(f"logic.{key}.examples").EXAMPLES


@pytest.mark.parametrize("key", sorted(REQUIRED))
def test_every_example_is_a_sequence_of_moves_the_rules_accept(key: str) -> None:
    game = get_game(key)
    found = examples(key)
    assert {e.key for e in found} == REQUIRED[key]
    for example in found:
        state = example.start()
        moves = example.moves()
        assert 2 <= len(moves) <= 10 and example.title and example.intro
        for seat, action, line in moves:
            assert seat in game.to_move(state), f"{example.key}: seat {seat} may not move now ({line})"
            game.apply(state, seat, action)  # raises IllegalMove if the rules refuse the step
            assert line.strip().endswith((".", "!"))
        replay, lines = example.replay(game)
        assert replay.steps == len(moves) and len(lines) == len(moves)
        assert game.snapshot(replay.state_at(replay.steps)) == game.snapshot(state)


def test_an_example_the_rules_refuse_fails_loudly() -> None:
    from logic.president.actions import Play
    from logic.president.examples import NAMES, G, position
    from logic.replay import Example

    wrong = Example("wrong", "Wrong", "A pair beaten by a single card.", NAMES,
                    lambda: position(["8S 8H 5C", "10S 10D 4H", "9C", "QH"], turn=0),
                    ((0, Play(("8S", "8H")), "Ana leads a pair."), (1, Play(("4H",)), "Ben plays one card.")))
    with pytest.raises(ValueError):
        wrong.replay(G)
