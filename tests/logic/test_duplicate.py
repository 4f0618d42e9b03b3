"""Duplicate deals (issue 53, part 2): two tables with the same game, options and seed are dealt the same cards at
the start of every deal whatever was played before; comparisons cover only deals both tables finished; the dealing
of old saved games is unchanged."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from logic.duplicate import DealResult, DealTracker, compare, deal_results, same_deals_root, seat_totals
from logic.game import AnyGame
from logic.president.actions import JOKERS
from logic.president.state import deal_hand as president_deal
from logic.registry import get_game
from logic.table import LogEntry, new_table
from logic.table import lobby as table_lobby
from logic.table import record as table_record
from logic.table.same_deals import play_same_deals
from tests.logic.fuzz_support import OPTIONS, fit_options, random_options

DEAL_NO = {"president": "hand_no", "rummy": "hand_no", "beanie": "round", "stockpile": "deal"}
SWITCHES_ON = {
    "president": {"players": 4, "hands": 4, "revolution": True, **{k: True for k in OPTIONS["president"]
                                                                  if k not in ("players", "hands", "revolution")}},
    "rummy": {"players": 3, "target": 100, "first_draw": True, "top_card_only": False, "keep_dug_card": True,
              "no_final_discard": True},
    "beanie": {"players": 3, "rounds": 3, "reclaim_own": True, "last_turns": True},
    "stockpile": {"players": 4, "stock_size": "short", "series": "500", "partners": True,
                  "no_wild_on_own_discards": True, "no_partner_piles": True},
}


def _configs(key: str) -> list[dict[str, Any]]:
    """The standard options, every house switch on, and a few random sets (all options take part)."""
    rng = random.Random(f"dup-{key}")
    extra = [{"players": 5, "hands": 4, "revolution": True, "runs": True}] if key == "president" else []
    return [{}, fit_options(key, SWITCHES_ON[key]), *extra, *(random_options(key, rng) for _ in range(2))]


def _deal_start(key: str, state: Any) -> Any:
    """What a seat holds (and what lies in the stock) right after a deal, before anyone's play changed it."""
    if key == "president":
        hands = list(state.hands)
        if state.hand_no > 1:  # the automatic part of the exchange is done at the deal: undo it
            for seat in range(state.n):
                if state.ex_recv[seat] != -1:
                    hands[seat] &= ~state.ex_recv[seat]
                if state.ex_gave[seat] != -1:
                    hands[seat] |= state.ex_gave[seat]
        return hands
    if key == "rummy":
        return [sorted(h) for h in state.hands], list(state.discard), list(state.stock), state.first_seat
    if key == "beanie":
        return [sorted(h) for h in state.hands], list(state.stock), state.turn
    return [list(s) for s in state.stocks], list(state.draw), state.first, [sorted(h) for h in state.hands]


def _play(game: AnyGame, config: Any, seed: int, rng: random.Random, deals: int, steps: int = 6000
          ) -> tuple[dict[int, Any], dict[int, Any]]:
    """Random legal moves until deal ``deals`` has started (or the game ended): each deal's start and the state
    at that moment (a copy)."""
    key = game.key
    state = game.new_game(config, seed)
    starts = {getattr(state, DEAL_NO[key]): _deal_start(key, state)}
    states = {getattr(state, DEAL_NO[key]): game.clone(state)}
    for _ in range(steps):
        movers = game.to_move(state)
        if not movers or len(starts) >= deals:
            break
        seat = rng.choice(list(movers))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        number = getattr(state, DEAL_NO[key])
        if number not in starts:
            starts[number] = _deal_start(key, state)
            states[number] = game.clone(state)
    return starts, states


@pytest.mark.parametrize("key", ["president", "rummy", "beanie", "stockpile"])
def test_a_duplicate_is_dealt_the_same_cards_whatever_was_played_before(key: str) -> None:
    game = get_game(key)
    later = 0  # deals after the first reached at both tables (the play before them differed)
    for n, options in enumerate(_configs(key)):
        config = game.make_config(**{**game.table_defaults, **options})
        seed = 1000 + n
        source, source_states = _play(game, config, seed, random.Random(f"a{n}"), deals=3)
        dup, dup_states = _play(game, config, seed, random.Random(f"b{n}"), deals=3)
        common = sorted(set(source) & set(dup))
        assert common and common[0] == 1, (key, options)
        for number in common:
            a, b = source_states[number], dup_states[number]
            if key == "president" and (a.n == 5 or a.house & JOKERS) and number > 1 and \
                    a.prev_finish != b.prev_finish:
                # five players' 11-card hands (with jokers: four players' 14-card hands, five players' 10-card
                # one) go by this table's titles: the deck order is the same, so dealing the source's deck with
                # the duplicate's titles gives the duplicate's hands
                again = game.clone(a)
                again.prev_finish = list(b.prev_finish)
                president_deal(again, number)
                assert _deal_start(key, again) == dup[number], (key, options, number)
                continue
            assert source[number] == dup[number], (key, options, number)
        later += len(common) - 1
    assert later, f"no {key} game reached a second deal at both tables"


def test_the_play_diverges_but_the_deals_do_not() -> None:
    """The two random games really played differently (else the test above proves little)."""
    game = get_game("rummy")
    config = game.make_config(players=3, target=100)
    a, _ = _play(game, config, 7, random.Random("x"), deals=3)
    b, _ = _play(game, config, 7, random.Random("y"), deals=3)
    other, _ = _play(game, config, 8, random.Random("x"), deals=1)
    assert a[1] == b[1] and a[1] != other[1]


# ----------------------------------------------------------------------------------------------- old games
# The first two deals of seed 4242 at the standard options, as dealt before duplicate deals existed: a change of
# the dealing would make every saved game replay differently.
GOLDEN = {
    "president": "b405b598bc2f6d31",
    "rummy": "16468cba135affea",
    "beanie": "b233cac42c2aba10",
    "stockpile": "4e5da2d2b9e9ba33",
}


def _fingerprint(key: str) -> str:
    game = get_game(key)
    config = game.make_config(**game.table_defaults)
    starts, _ = _play(game, config, 4242, random.Random(0), deals=2)
    return hashlib.sha256(repr([starts[k] for k in sorted(starts)[:2]]).encode()).hexdigest()[:16]


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_old_games_are_dealt_as_they_always_were(key: str) -> None:
    assert _fingerprint(key) == GOLDEN[key]


def test_an_old_record_replays_and_loads_without_the_new_field() -> None:
    game = get_game("beanie")
    table = new_table("beanie", "ABCD", "host", {"players": 2, "rounds": 2}, 99, now=0.0, practice=True)
    table_lobby.join(table, "host", "Ana", "🐙", 0.0)
    table_lobby.add_bot(table, "host", 1, game.bot_levels[0], "Bo", "🤖")
    table_lobby.start(table, "host", 0.0)
    rng = random.Random(3)
    for _ in range(40):
        seat = game.to_move(table.state)[0]
        action = rng.choice(game.legal_actions(table.state, seat))
        game.apply(table.state, seat, action)
        table.log.append(LogEntry(seat, game.encode_action(action)))
    record = table_record.to_record(table, 0.0)
    assert "same_deals_as" not in record  # an ordinary table's record is as it always was
    back = table_record.from_record(record, 0.0)
    assert back.same_deals_as is None
    again = game.replay(game.make_config(**back.options), back.seed, [tuple(e) for e in back.log])
    assert game.snapshot(again) == game.snapshot(table.state)


def test_a_duplicate_keeps_its_source_and_its_rules() -> None:
    table = new_table("president", "WXYZ", "host", {"players": 4}, 5, now=0.0)
    play_same_deals(table, "ABCD")
    record = table_record.to_record(table, 0.0)
    assert record["same_deals_as"] == "ABCD"
    back = table_record.from_record(record, 0.0)
    assert back.same_deals_as == "ABCD" and back.seed == 5
    with pytest.raises(ValueError, match="same deals"):
        table_lobby.set_option(back, "host", "hands", 8)
    with pytest.raises(ValueError, match="same deals"):
        table_lobby.set_player_count(back, "host", 5)
    started = new_table("president", "STUV", "host", {"players": 4}, 5, now=0.0)
    table_lobby.join(started, "host", "Ana", "🐙", 0.0)
    for seat in (1, 2, 3):
        table_lobby.add_bot(started, "host", seat, "beginner", f"B{seat}", "🤖")
    table_lobby.start(started, "host", 0.0)
    with pytest.raises(ValueError, match="not started"):  # only a new table takes another's deals
        play_same_deals(started, "EFGH")


# ----------------------------------------------------------------------------------------------- comparisons
def test_compare_pairs_only_deals_both_tables_finished() -> None:
    mine = [DealResult(1, (3, 2, 1, 0), (1, 2, 3, 4)), DealResult(2, (0, 1, 2, 3), (4, 3, 2, 1))]
    theirs = [DealResult(1, (1, 2, 3, 0), (3, 2, 1, 4))]
    rows = compare(mine, theirs)
    assert {r.deal for r in rows} == {1}  # deal 2 is not finished there: nothing of it
    assert [(r.seat, r.better) for r in rows] == [(0, 1), (1, 0), (2, -1), (3, 0)]
    assert rows[0].points == 3 and rows[0].other_points == 1 and rows[0].place == 1 and rows[0].other_place == 3
    assert seat_totals(rows, 0) == (1, 0, 0) and seat_totals(rows, 2) == (0, 0, 1)
    assert compare(theirs, mine)[0].better == -1  # the same pair seen from the other table
    assert compare(mine, []) == []


def test_lower_is_better_for_beanie() -> None:
    rows = compare([DealResult(1, (5, 20), (1, 2))], [DealResult(1, (10, 0), (2, 1))], lower_is_better=True)
    assert [r.better for r in rows] == [1, -1]


def test_same_deals_root() -> None:
    assert same_deals_root("ABCD", None) == "ABCD"
    assert same_deals_root("WXYZ", "ABCD") == "ABCD"  # a duplicate of a duplicate joins the first one's group


@pytest.mark.parametrize("key", ["president", "rummy", "beanie", "stockpile"])
def test_deal_results_add_up_to_the_match(key: str) -> None:
    game = get_game(key)
    options = {"president": {"players": 4, "hands": 4}, "rummy": {"players": 2, "target": 100},
               "beanie": {"players": 2, "rounds": 3}, "stockpile": {"players": 2, "stock_size": "short"}}[key]
    config = game.make_config(**{**game.table_defaults, **options, **({"first_draw": False} if key == "rummy"
                                                                       else {})})
    state = game.new_game(config, 11)
    bot = game.make_bot(game.bot_levels[0])
    rng = random.Random(1)
    log = []
    for _ in range(20000):
        if game.outcome(state) is not None:
            break
        seat = game.to_move(state)[0]
        action = bot.choose(game.view(state, seat), game.legal_actions(state, seat), rng)
        log.append((seat, game.encode_action(action)))
        game.apply(state, seat, action)
    outcome = game.outcome(state)
    assert outcome is not None
    results = deal_results(game, log, lambda: game.new_game(config, 11))
    assert results and [r.deal for r in results] == list(range(1, len(results) + 1))
    totals = [sum(r.points[s] for r in results) for s in range(len(outcome.scores))]
    assert totals == list(outcome.scores)
    # read as it grows: the same deals, whatever the steps
    tracker = DealTracker.start(game, game.new_game(config, 11))
    for cut in range(0, len(log) + 1, 37):
        tracker.advance(log[:cut])
    assert tracker.advance(log) == results
