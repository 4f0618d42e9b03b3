"""The yardsticks play the house rules (issue 52): each one finishes seeded games under each switch set of its game
legally (every move is in the legal list, the engine takes it, the game ends) and uses the switch where it matters
(calls "Rummy!", melds round the corner, keeps its jokers ...). The search players search a little here (two deals,
with no time limit, so a game is the same on a busy machine): the playouts are what is tested, not their
strength."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from logic.beanie.deck import is_wild
from logic.beanie.sets import CARD_ID, RANK, SUIT
from logic.registry import get_game
from logic.rummy.melds import classify
from logic.rummy.melds import parse_code as rummy_card
from logic.stockpile import actions as SA
from tests.bench.arena import offer_window
from tests.bench.yardsticks import beanie as yb
from tests.bench.yardsticks import rummy as yr
from tests.bench.yardsticks import stockpile as ys

MAX_MOVES = 20_000


@dataclass
class Move:
    seat: int
    action: Any
    before: Any  # a clone of the state before the move (the test may look; the players never do)


@dataclass
class Played:
    moves: list[Move] = field(default_factory=list)
    state: Any = None


def quick(player: Any) -> Any:
    """A search yardstick that searches two deals, however long they take (the greedy players are left as they
    are)."""
    if hasattr(player, "worlds"):
        player.worlds, player.budget_s = 2, 60.0
    return player


def play(game_key: str, make: Callable[[], Any], options: dict[str, Any], seed: int,
         until: Callable[[Any], bool] | None = None) -> Played:
    """One game with ``make()`` in every seat (or until ``until(state)``: a hand is enough for a search player);
    every move is checked against the legal list (a "Rummy!" window is offered as the arena offers it)."""
    game = get_game(game_key)
    config = game.make_config(**options)
    state = game.new_game(config, seed)
    bots = [quick(make()) for _ in range(config.players)]
    rngs = [random.Random(f"{seed}-{s}") for s in range(config.players)]
    out = Played()

    class Checked:  # every choice, on turn or in a window, is checked and recorded through this
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
            action = bots[self.seat].choose(view, legal, rng)
            assert action in legal, f"{type(bots[self.seat]).__name__} chose {action!r}, not in {legal}"
            out.moves.append(Move(self.seat, action, game.clone(state)))
            return action

    checked = [Checked(s) for s in range(config.players)]
    times: list[list[float]] = [[] for _ in bots]
    for _ in range(MAX_MOVES):
        if game.outcome(state) is not None or (until is not None and until(state)):
            break
        seat = game.to_move(state)[0]
        action = checked[seat].choose(game.view(state, seat), game.legal_actions(state, seat), rngs[seat])
        game.apply(state, seat, action)
        offer_window(game, state, list(checked), rngs, times, list(range(config.players)), deque(maxlen=1))
    ended = game.outcome(state) is not None or (until is not None and until(state))
    assert ended, f"{game_key} seed {seed} {options}: no end after {MAX_MOVES} moves"
    out.state = state
    return out


def by(played: list[Played], kind: str) -> list[Move]:
    return [m for p in played for m in p.moves if m.action.kind == kind]


# ----------------------------------------------------------------------------- Rummy
RUMMY = {"greedy": yr.GreedyRummy, "search": yr.SearchRummy}


def rummy(name: str, options: dict[str, Any], seeds: range, players: int = 2) -> list[Played]:
    """Greedy players play whole matches to 100; search players one hand each."""
    until = None if name == "greedy" else (lambda st: st.stage >= yr.HAND_OVER)
    return [play("rummy", RUMMY[name], {"players": players, "target": 100, **options}, seed, until) for seed in seeds]


def wraps(cards: tuple[str, ...]) -> bool:
    ints = [rummy_card(c) for c in cards]
    return classify(ints) is None and classify(ints, True) is not None


@pytest.mark.parametrize("name", RUMMY)
def test_rummy_yardsticks_meld_round_the_corner_when_runs_wrap(name: str) -> None:
    played = rummy(name, {"wrap_around": True}, range(1, 9) if name == "greedy" else range(2, 3))
    assert any(wraps(m.action.cards) for m in by(played, "meld")), "no K-A-2 meld"


@pytest.mark.parametrize("name", RUMMY)
def test_rummy_yardsticks_call_rummy_when_they_can(name: str) -> None:
    played = rummy(name, {"rummy_call": True}, range(1, 5) if name == "greedy" else range(2, 3), players=3)
    calls = by(played, "rummy")
    assert calls, "no \"Rummy!\" call"
    assert not by(played, "rummy-pass"), "a yardstick let a card it could use go"


@pytest.mark.parametrize("name", RUMMY)
def test_rummy_yardsticks_go_out_without_a_discard_when_they_may(name: str) -> None:
    played = rummy(name, {"no_final_discard": True}, range(1, 9) if name == "greedy" else range(4, 5))
    outs = [m for m in by(played, "meld") + by(played, "layoff") if len(m.before.hands[m.seat]) == len(m.action.cards)]
    assert outs, "nobody went out by melding or laying off the last cards"


@pytest.mark.parametrize("name", RUMMY)
@pytest.mark.parametrize("options", [{"top_card_only": True}, {"keep_dug_card": True},
                                     {"wrap_around": True, "no_final_discard": True, "keep_dug_card": True,
                                      "rummy_call": True}])
def test_rummy_yardsticks_finish_under_the_other_switches(name: str, options: dict[str, Any]) -> None:
    played = rummy(name, options, range(1, 4) if name == "greedy" else range(3, 4), players=3)
    if options.get("top_card_only"):
        assert all(len(m.before.discard) and m.action.card == yr.CODE[m.before.discard[-1]]
                   for m in by(played, "take"))
        assert by(played, "take"), "the top card was never taken"


# ----------------------------------------------------------------------------- Beanie
BEANIE_PLAYERS = {"greedy": yb.GreedyBeanie, "search": yb.SearchBeanie}


def beanie(name: str, options: dict[str, Any], seeds: range, rounds: int = 1) -> list[Played]:
    """Greedy players play four rounds, search players ``rounds``."""
    rounds = 4 if name == "greedy" else rounds
    return [play("beanie", BEANIE_PLAYERS[name], {"players": 3, "rounds": rounds, **options}, seed) for seed in seeds]


@pytest.mark.parametrize("name", BEANIE_PLAYERS)
def test_beanie_yardsticks_keep_their_jokers_and_lay_them(name: str) -> None:
    played = beanie(name, {"jokers": True}, range(1, 5))
    for m in by(played, "discard"):
        wild = m.before.round
        if CARD_ID[m.action.card] >= 52:
            assert all(is_wild(c, wild) for c in m.before.hands[m.seat]), "a joker thrown away beside a natural card"
    used = [m for m in by(played, "lay") + by(played, "star")
            if any(c.startswith("JK") for c in (m.action.cards if m.action.kind == "lay" else (m.action.card,)))]
    assert used, "no joker laid in a set in 4 games"


def qka(cards: tuple[str, ...]) -> bool:
    ids = [CARD_ID[c] for c in cards if CARD_ID[c] < 52]
    return any(RANK[a] == 1 and any(RANK[k] == 13 and SUIT[k] == SUIT[a] for k in ids) for a in ids)


@pytest.mark.parametrize("name", BEANIE_PLAYERS)
def test_beanie_yardsticks_lay_ace_high_runs(name: str) -> None:
    played = beanie(name, {"ace_high_runs": True}, range(1, 2), rounds=3)
    assert any(qka(m.action.cards) for m in by(played, "lay")), "no Q-K-A run laid"


@pytest.mark.parametrize("name", BEANIE_PLAYERS)
def test_beanie_yardsticks_play_their_last_turn(name: str) -> None:
    played = beanie(name, {"last_turns": True}, range(1, 5))
    last = [m for p in played for m in p.moves if m.before.out_seat >= 0 and m.seat != m.before.out_seat]
    assert {m.action.kind for m in last} >= {"draw", "discard"}, "nobody played a last turn"


@pytest.mark.parametrize("name", BEANIE_PLAYERS)
def test_beanie_yardsticks_finish_under_every_switch(name: str) -> None:
    beanie(name, {"jokers": True, "ace_high_runs": True, "last_turns": True, "reclaim_own": True}, range(1, 3))


# ----------------------------------------------------------------------------- Stockpile
STOCKPILE = {"greedy": ys.GreedyPlayer, "planner": ys.PlannerPlayer}


def stockpile(name: str, options: dict[str, Any], seeds: range) -> list[Played]:
    return [play("stockpile", STOCKPILE[name], {"stock_size": "short", "series": "single", **options}, seed)
            for seed in seeds]


@pytest.mark.parametrize("name", STOCKPILE)
def test_stockpile_yardsticks_keep_wilds_off_their_discard_piles(name: str) -> None:
    played = stockpile(name, {"players": 2, "no_wild_on_own_discards": True}, range(1, 7))
    turns_with_a_wild = [m for m in by(played, "discard") if SA.WILD in m.before.hands[m.seat]]
    assert turns_with_a_wild, "no turn ended with a wild in hand: the rule never mattered"
    wilds_played = [m for m in by(played, "play") if m.action.source.startswith("hand:")
                    and m.before.hands[m.seat][int(m.action.source[5:])] == SA.WILD]
    assert wilds_played


@pytest.mark.parametrize("name", STOCKPILE)
def test_stockpile_yardsticks_partners_on_their_own_piles(name: str) -> None:
    played = stockpile(name, {"players": 4, "partners": True, "no_partner_piles": True,
                              "no_wild_on_own_discards": True}, range(1, 4))
    for m in by(played, "play"):
        kind, _, rest = m.action.source.partition(":")
        assert kind == "hand" or int(rest.split(":")[0]) == m.seat


def test_the_greedy_stockpile_player_plays_from_its_partners_piles_where_the_table_allows() -> None:
    played = stockpile("greedy", {"players": 4, "partners": True}, range(1, 4))
    partner = [m for m in by(played, "play") if not m.action.source.startswith("hand:")
               and int(m.action.source.split(":")[1]) != m.seat]
    assert partner, "never played from a partner's pile"
