"""Every view matches its declared type (logic/*/view_types.py): random games of each game, every step, every seat
and the spectator. Exactly the keys the TypedDict allows (required ones present, no unknown ones), and values of
the declared kinds (lists, ints that are not bools, literals from their list, nested records checked the same way),
so a key renamed in a view or in its type fails here rather than on a player's screen."""

from __future__ import annotations

import random
import types
from collections.abc import Callable
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

import pytest
from typing_extensions import ReadOnly, get_type_hints, is_typeddict

from logic.registry import get_game
from logic.view_types import TableView
from logic.views import VIEW_TYPES

# Random games per game: (options, seed). Chosen so that every phase comes up and every key of every view type has a
# non-empty value at some step (test_every_view_matches_its_type checks it), so nested records are checked too.
CASES: dict[str, list[tuple[dict[str, Any], int]]] = {
    "president": [({"players": 4, "hands": 4, "revolution": True}, 1), ({"players": 5, "hands": 4}, 2),
                  ({"players": 4, "hands": 4, "jack_back": True, "suit_lock": True, "downfall": True,
                    "runs": True}, 3)],
    "rummy": [({"players": 2, "target": 300, "first_draw": True}, 1), ({"players": 4, "target": 0}, 2),
              ({"players": 3, "target": 100, "keep_dug_card": True, "no_final_discard": True, "wrap_around": True}, 3),
              ({"players": 4, "target": 100, "rummy_call": True}, 4)],
    "beanie": [({"players": 3, "rounds": 3, "beanie_value": 25, "reclaim_own": True, "ace_high_runs": True}, 1),
               ({"players": 4, "rounds": 13}, 2)],
    "stockpile": [({"players": 4, "stock_size": "short", "series": "500", "partners": True}, 1),
                  ({"players": 3, "stock_size": "short"}, 2)],
}
MAX_STEPS = 2000  # moves per game at most (a game without a target does not end by itself)
_HINTS: dict[type, dict[str, Any]] = {}


def _hints(td: type) -> dict[str, Any]:
    if td not in _HINTS:
        _HINTS[td] = get_type_hints(td)  # NotRequired / ReadOnly stripped (required keys: __required_keys__)
    return _HINTS[td]


def _strip(tp: Any) -> Any:
    while get_origin(tp) in (NotRequired, Required, ReadOnly):
        tp = get_args(tp)[0]
    return tp


Checker = Callable[[Any, str], list[str]]
_CHECKERS: dict[Any, Checker] = {}


def type_errors(value: Any, tp: Any, path: str = "view") -> list[str]:
    """What is wrong with ``value`` as a ``tp`` ([] when nothing)."""
    return _checker(tp)(value, path)


def _checker(tp: Any) -> Checker:
    """A function that lists what is wrong with a value as a ``tp`` (built once per type: views are many)."""
    if tp not in _CHECKERS:
        _CHECKERS[tp] = _build(_strip(tp))
    return _CHECKERS[tp]


def _build(tp: Any) -> Checker:
    if tp is Any:
        return lambda value, path: []
    if is_typeddict(tp):
        name = tp.__name__
        fields = {k: _checker(t) for k, t in _hints(tp).items()}
        required = frozenset(tp.__required_keys__)

        def check_dict(value: Any, path: str) -> list[str]:
            if type(value) is not dict:
                return [f"{path}: expected a dict ({name}), got {type(value).__name__}"]
            errors = [f"{path}: unknown key {k!r} (not in {name})" for k in value if k not in fields]
            errors += [f"{path}: missing key {k!r} of {name}" for k in sorted(required - value.keys())]
            for k, v in value.items():
                if k in fields:
                    errors += fields[k](v, f"{path}[{k!r}]")
            return errors

        return check_dict
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        choices = {(type(a), a) for a in args}  # True is not 1
        return lambda value, path: (
            [] if (type(value), value) in choices else [f"{path}: {value!r} is not one of {args}"]
        )
    if origin in (Union, types.UnionType):
        arms = [_checker(a) for a in args]

        def check_union(value: Any, path: str) -> list[str]:
            tried = []
            for arm in arms:
                errors = arm(value, path)
                if not errors:
                    return []
                tried.append(errors)
            return min(tried, key=len)  # the arm it came closest to

        return check_union
    if origin is list:
        item = _checker(args[0])

        def check_list(value: Any, path: str) -> list[str]:
            if type(value) is not list:
                return [f"{path}: expected a list, got {type(value).__name__} {value!r}"]
            errors = []
            for i, v in enumerate(value):
                errors += item(v, f"{path}[{i}]")
            return errors

        return check_list
    if tp is type(None):
        return lambda value, path: [] if value is None else [f"{path}: expected None, got {value!r}"]
    if tp is float:
        return lambda value, path: [] if type(value) in (int, float) else [f"{path}: expected a number, got {value!r}"]
    if tp is str:  # (a line the rules layer says is a Said: a str that also carries its message)
        return lambda value, path: [] if isinstance(value, str) else [f"{path}: expected str, got {value!r}"]
    if tp in (int, bool):
        return lambda value, path: (
            [] if type(value) is tp else [f"{path}: expected {tp.__name__}, got {type(value).__name__} {value!r}"]
        )
    raise AssertionError(f"the checker does not know the type {tp!r}")  # a new kind of type in a view: teach it here


def check_view(key: str, view: Any, where: str) -> None:
    errors = type_errors(view, VIEW_TYPES[key])
    assert not errors, f"{where}: the view does not match {VIEW_TYPES[key].__name__}:\n" + "\n".join(errors[:20])
    assert view["game"] == key


def play_and_check(key: str, options: dict[str, Any], seed: int, filled: set[str], phases: set[str]) -> None:
    """A random game of ``key``, checking every view (each seat's and the spectator's) at every step; adds the
    phases seen to ``phases`` and the keys seen with a non-empty value to ``filled``."""
    game = get_game(key)
    rng = random.Random(seed)
    off_rng = random.Random(seed + 1)  # moves out of turn (President's "Pass for this trick"), drawn apart
    config = game.make_config(**options)
    state = game.new_game(config, seed)
    players = options["players"]
    for step in range(MAX_STEPS):
        for seat in [None, *range(players)]:
            view = game.view(state, seat)
            check_view(key, view, f"{key} {options} seed {seed} step {step} seat {seat}")
            phases.add(view["phase"])
            filled.update(k for k, v in view.items() if v not in (None, [], {}, 0, False, ""))
        if game.outcome(state) is not None:
            break
        movers = game.to_move(state)
        assert movers, f"{key} seed {seed} step {step}: nobody to move in an unfinished game"
        seat = rng.choice(movers)
        if key in ("president", "rummy"):  # President's "Pass for this trick", Rummy's "Rummy!" call
            other = off_rng.randrange(players)
            off = game.off_turn_actions(state, other)
            if off and off_rng.random() < 0.2:
                game.apply(state, other, off[0])
                continue
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


@pytest.mark.parametrize("key", sorted(CASES))
def test_every_view_matches_its_type(key: str) -> None:
    filled: set[str] = set()
    phases: set[str] = set()
    for options, seed in CASES[key]:
        play_and_check(key, options, seed, filled, phases)
    declared = _hints(VIEW_TYPES[key])
    # every key was seen with a value (else its type was never really checked: change CASES)
    assert sorted(set(declared) - filled) == []
    # every phase the type declares came up
    assert phases == set(get_args(declared["phase"])), phases


def test_every_game_has_a_view_type() -> None:
    from logic.registry import all_games

    assert sorted(g.key for g in all_games()) == sorted(VIEW_TYPES)


def test_the_shared_keys_are_in_every_view_type() -> None:
    """Every game's view has the keys table-generic code reads (TableView); mypy checks their types."""
    shared = set(_hints(TableView))
    for key, td in VIEW_TYPES.items():
        assert shared <= set(_hints(td)), (key, shared - set(_hints(td)))
        assert shared <= td.__required_keys__, key


def test_the_checker_catches_a_renamed_key_and_a_wrong_kind() -> None:
    game = get_game("president")
    state = game.new_game(game.make_config(players=4), 7)
    view: dict[str, Any] = dict(game.view(state, 0))
    assert type_errors(view, VIEW_TYPES["president"]) == []
    renamed = dict(view)
    renamed["hands_left"] = renamed.pop("hands")
    errors = type_errors(renamed, VIEW_TYPES["president"])
    assert any("unknown key 'hands_left'" in e for e in errors) and any("missing key 'hands'" in e for e in errors)
    assert type_errors({**view, "players": True}, VIEW_TYPES["president"])  # a bool is not an int
    assert type_errors({**view, "phase": "playing"}, VIEW_TYPES["president"])  # not one of the phases
    seats = [dict(s) for s in view["seats"]]
    seats[1]["cards"] = "13"
    assert type_errors({**view, "seats": seats}, VIEW_TYPES["president"]) == [
        "view['seats'][1]['cards']: expected int, got str '13'"
    ]
