"""Play from here: the practice position looks exactly the same to its seat, hides a new deal behind that view,
saves and restores, and plays on to the end under the rules."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from logic.registry import get_game
from logic.review.practice import practice_start, state_at
from tests.logic.test_review import SMALL_GAMES, bot_game

GAME_KEYS = ["president", "rummy", "beanie", "stockpile"]


def hidden_cards(game_key: str, state: Any, seat: int) -> Any:
    """What the seat cannot see, per game (for checking that a re-deal changed something)."""
    if game_key == "president":
        return [h for o, h in enumerate(state.hands) if o != seat]
    if game_key == "stockpile":
        return ([h for o, h in enumerate(state.hands) if o != seat], state.draw, [s[:-1] for s in state.stocks])
    return ([h for o, h in enumerate(state.hands) if o != seat], state.stock)


def all_cards(game_key: str, state: Any) -> Counter:
    """Every card in the state's snapshot (the deck must stay whole after a re-deal)."""
    snap = get_game(game_key).snapshot(state)
    if game_key == "president":
        return Counter(c for h in snap["hands"] for c in h)
    if game_key == "stockpile":
        piles = [snap["draw"], snap["set_aside"], *snap["hands"], *snap["stocks"], *snap["builds"]]
        piles += [p for ps in snap["discards"] for p in ps]
        return Counter(c for p in piles for c in p)
    return Counter(c for h in snap["hands"] for c in h) + Counter(snap["stock"])


def play_to_end(game_key: str, state: Any) -> None:
    game = get_game(game_key)
    bot = game.make_bot(game.bot_levels[0])
    rng = random.Random(0)
    for _ in range(30_000):
        if game.outcome(state) is not None:
            return
        pending = game.pending_commit(state)
        if pending is not None:
            game.apply(state, pending[1], pending[2])
            continue
        seat = game.to_move(state)[0]
        game.apply(state, seat, bot.choose(game.view(state, seat), game.legal_actions(state, seat), rng))
    raise AssertionError("the practice game did not end")


@pytest.mark.parametrize("game_key", GAME_KEYS)
def test_a_practice_position_looks_the_same_to_its_seat(game_key):
    game = get_game(game_key)
    players = 5 if game_key == "president" else 3
    config, log = bot_game(game_key, 8, {**SMALL_GAMES[game_key], "players": players})
    checked = changed = 0
    for step in range(1, len(log), max(1, len(log) // 25)):
        state = state_at(game_key, config, 8, log, step)
        if game.outcome(state) is not None or game.phase(state) != "play":
            continue
        seat = game.to_move(state)[0]
        start = practice_start(game_key, config, 8, log, step, seat, exact=False, rng=random.Random(step))
        assert game.view(start.state, seat) == game.view(state, seat)
        assert game.legal_actions(start.state, seat) == game.legal_actions(state, seat)
        assert all_cards(game_key, start.state) == all_cards(game_key, state)
        changed += hidden_cards(game_key, start.state, seat) != hidden_cards(game_key, state, seat)
        restored = game.restore(start.snapshot())
        assert game.snapshot(restored) == start.snapshot()
        checked += 1
    assert checked >= 10 and changed >= checked * 3 // 4


@pytest.mark.parametrize("game_key", GAME_KEYS)
def test_a_practice_game_plays_on_to_the_end(game_key):
    game = get_game(game_key)
    config, log = bot_game(game_key, 9)
    step = len(log) // 3
    seat = int(log[step][0])
    for exact in (False, True):
        start = practice_start(game_key, config, 9, log, step, seat, exact=exact, rng=random.Random(1))
        assert start.step == step and start.seat == seat and start.to_move()
        play_to_end(game_key, game.restore(start.snapshot()))


def test_the_exact_position_is_the_game_as_it_was():
    config, log = bot_game("rummy", 4)
    game = get_game("rummy")
    start = practice_start("rummy", config, 4, log, 20, 0, exact=True, rng=random.Random(0))
    assert start.snapshot() == game.snapshot(state_at("rummy", config, 4, log, 20))


def test_president_keeps_the_cards_given_in_the_exchange_with_the_partner():
    game = get_game("president")
    config, log = bot_game("president", 5)
    found = 0
    for step in range(len(log)):
        state = state_at("president", config, 5, log, step)
        if game.phase(state) != "play" or state.hand_no < 2:
            continue
        seat = game.to_move(state)[0]
        ex = game.view(state, seat).get("exchange")
        if not ex or not ex["give_count"] or not ex["given"]:
            continue
        start = practice_start("president", config, 5, log, step, seat, exact=False, rng=random.Random(step))
        partner_cards = {c for c in range(52) if start.state.hands[ex["partner"]] >> c & 1}
        played = {c for e in game.view(state, seat)["history"] for c in e["cards"]}
        from logic.president.actions import CODES

        for code in ex["given"]:
            if code not in played:
                assert CODES.index(code) in partner_cards
        found += 1
        if found >= 3:
            break
    assert found


@pytest.mark.parametrize("game_key", GAME_KEYS)
def test_a_practice_position_for_a_seat_not_to_move_plays_on(game_key):
    """Dealt for a seat that is waiting (another player mid-turn): still a whole deck and a game that ends."""
    game = get_game(game_key)
    config, log = bot_game(game_key, 12)
    tried = 0
    for step in range(5, len(log), max(1, len(log) // 8)):
        state = state_at(game_key, config, 12, log, step)
        if game.phase(state) != "play":
            continue
        mover = game.to_move(state)[0]
        seat = (mover + 1) % config.players
        start = practice_start(game_key, config, 12, log, step, seat, exact=False, rng=random.Random(step))
        assert game.view(start.state, seat) == game.view(state, seat)
        assert all_cards(game_key, start.state) == all_cards(game_key, state)
        play_to_end(game_key, game.restore(start.snapshot()))
        tried += 1
    assert tried >= 3
