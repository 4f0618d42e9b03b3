"""Game night: night points for every game and table size, fair standings across matches, the host's corrections,
the seating, and the best moments read from real finished games."""

from __future__ import annotations

import random

import pytest

from logic.bot_worker import choose_bot_action
from logic.game import Outcome
from logic.night import (
    Night,
    NightMatch,
    NightSeat,
    add_person,
    add_table,
    merge_people,
    place_points,
    record_match,
    remove_match,
    restore_match,
    seat_share,
    standings,
)
from logic.night.matches import match_of
from logic.night.moments import best_moments, match_moments, win_margin
from logic.night.seating import seat_people, split_sizes
from logic.registry import all_games, get_game
from logic.table import EMOJI_CHOICES, lobby, new_table
from tests.table_play import play_out

SIZES = [(g.key, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]
SHORT = {"president": {"hands": 4}, "rummy": {"target": 100}, "beanie": {"rounds": 1},
         "stockpile": {"stock_size": "short"}}


def night() -> Night:
    return Night(code="N1GHT2", name="Friday", host_id="host", created_at=1.0)


def match(code: str, game: str, results: list[tuple[str, int, int]], kind: str = "person") -> NightMatch:
    """results: (key, place, score) per seat."""
    return NightMatch(code=code, game=game, finished_at=2.0, seats=[
        NightSeat(key=k, name=k.title(), kind="computer" if k.startswith("computer:") else "person", place=p,
                  score=s) for k, p, s in results])


def add(n: Night, m: NightMatch) -> None:
    add_table(n, m.code)
    assert record_match(n, m)


# --- night points ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", range(2, 7))
def test_a_place_is_worth_the_share_of_players_beaten_at_any_size(size):
    places = list(range(1, size + 1))
    for seat, place in enumerate(places):
        assert seat_share(places, seat) == pytest.approx((size - place) / (size - 1))
    assert seat_share(places, 0) == 1 and seat_share(places, size - 1) == 0


def test_a_tie_counts_half_and_a_table_of_one_gives_nothing():
    assert seat_share([1, 1, 3, 4], 0) == pytest.approx(2.5 / 3)  # beat two, tied one
    assert seat_share([1, 1], 1) == 0.5
    assert seat_share([1, 1, 3, 3], 2) == pytest.approx(0.5 / 3)  # partners: the losing pair
    assert seat_share([1], 0) is None
    assert place_points(night(), match("T", "stockpile", [("a", 1, 5)])) == {}


@pytest.mark.parametrize(("game", "size"), SIZES)
def test_every_game_and_size_a_win_is_100_and_last_is_0(game, size):
    n = night()
    add(n, match("T1", game, [(f"p{i}", i + 1, 100 - i) for i in range(size)]))
    rows = standings(n)
    assert [r.key for r in rows] == [f"p{i}" for i in range(size)]
    assert rows[0].average == 1 and rows[-1].average == 0
    # every pair of seats shares one point between them: a table of n hands out n / 2
    assert sum(place_points(n, n.matches[0]).values()) == pytest.approx(size / 2)


def test_a_president_win_and_a_rummy_win_count_alike():
    n = night()
    add(n, match("P1", "president", [("ana", 1, 12), ("bo", 2, 8), ("cy", 3, 4), ("di", 4, 0)]))
    add(n, match("R1", "rummy", [("bo", 1, 512), ("ana", 2, 90)]))
    rows = {r.key: r for r in standings(n)}
    assert rows["ana"].total == pytest.approx(1.0) and rows["bo"].total == pytest.approx(1 + 2 / 3)
    assert rows["bo"].matches == 2 and rows["ana"].matches == 2


def test_players_with_fewer_matches_compare_by_average():
    n = night()
    add(n, match("A", "rummy", [("ana", 1, 100), ("bo", 2, 50)]))
    add(n, match("B", "rummy", [("bo", 1, 100), ("cy", 2, 50)]))
    add(n, match("C", "rummy", [("bo", 1, 100), ("cy", 2, 50)]))
    rows = standings(n)
    assert [(r.key, r.matches, round(r.average, 3)) for r in rows] == [
        ("ana", 1, 1.0), ("bo", 3, 0.667), ("cy", 2, 0.0)]
    assert [r.rank for r in rows] == [1, 2, 3]


def test_equal_averages_go_to_the_higher_total_then_more_matches_and_full_ties_share_a_rank():
    n = night()
    add(n, match("A", "rummy", [("ana", 1, 100), ("bo", 2, 50)]))
    add(n, match("B", "rummy", [("cy", 1, 100), ("di", 2, 50)]))
    add(n, match("C", "rummy", [("cy", 1, 100), ("di", 2, 50)]))
    rows = standings(n)
    assert [r.key for r in rows] == ["cy", "ana", "di", "bo"] and [r.rank for r in rows] == [1, 2, 3, 4]
    tied = night()
    add(tied, match("A", "rummy", [("ana", 1, 100), ("bo", 2, 50)]))
    add(tied, match("B", "beanie", [("cy", 1, 10), ("di", 2, 50)]))
    assert [r.rank for r in standings(tied)] == [1, 1, 3, 3]


def test_only_players_with_a_counted_match_are_ranked():
    n = night()
    add_person(n, "eve", "Eve", "🦊")
    assert standings(n) == []
    add(n, match("A", "rummy", [("ana", 1, 100), ("bo", 2, 50)]))
    assert "eve" not in {r.key for r in standings(n)}


def test_a_match_is_recorded_once_and_only_for_a_table_of_the_night():
    n = night()
    m = match("A", "rummy", [("ana", 1, 100), ("bo", 2, 50)])
    assert not record_match(n, m)  # not one of the night's tables
    add(n, m)
    assert not record_match(n, m)
    assert not add_table(n, "A")


# --- corrections ---------------------------------------------------------------------------------------------------


def test_the_host_removes_a_match_and_puts_it_back():
    n = night()
    add(n, match("A", "rummy", [("ana", 1, 100), ("bo", 2, 50)]))
    add(n, match("B", "rummy", [("bo", 1, 100), ("ana", 2, 50)]))
    remove_match(n, "B")
    assert [(r.key, r.average) for r in standings(n)] == [("ana", 1.0), ("bo", 0.0)]
    restore_match(n, "B")
    assert all(r.average == 0.5 for r in standings(n))
    with pytest.raises(ValueError):
        remove_match(n, "NOPE")


def test_two_names_of_one_person_merge():
    n = night()
    add(n, match("A", "rummy", [("ana-phone", 1, 100), ("bo", 2, 50)]))
    add(n, match("B", "rummy", [("ana", 1, 100), ("bo", 2, 50)]))
    merge_people(n, "ana-phone", "ana")
    rows = standings(n)
    assert [(r.key, r.matches, r.average) for r in rows] == [("ana", 2, 1.0), ("bo", 2, 0.0)]
    with pytest.raises(ValueError):
        merge_people(n, "ana-phone", "ana")  # already one
    with pytest.raises(ValueError):
        merge_people(n, "ana", "nobody")


def test_computer_players_are_listed_or_hidden_and_never_merged_with_a_person():
    n = night()
    add(n, match("A", "president", [("computer:Robo", 1, 12), ("ana", 2, 8), ("computer:Bip", 3, 4),
                                    ("bo", 4, 0)]))
    assert [r.key for r in standings(n)][0] == "computer:Robo"
    n.show_computers = False
    assert [r.key for r in standings(n)] == ["ana", "bo"]
    assert [r.key for r in standings(n, show_computers=True)][0] == "computer:Robo"
    with pytest.raises(ValueError):
        merge_people(n, "computer:Robo", "ana")


def test_an_unknown_scoring_is_refused_and_another_scorer_plugs_in(monkeypatch):
    from logic.night import points

    n = night()
    add(n, match("A", "rummy", [("ana", 1, 100), ("bo", 2, 50)]))
    n.scoring = "bogus"
    with pytest.raises(ValueError):
        standings(n)
    monkeypatch.setitem(points.SCORERS, "bogus", lambda night_, m: {0: 0.0, 1: 1.0})
    assert [r.key for r in standings(n)] == ["bo", "ana"]


# --- seating -------------------------------------------------------------------------------------------------------


def test_eight_people_sit_at_two_president_tables_of_four():
    assert split_sizes(8, [4, 5]) == [4, 4]
    plans = seat_people([f"p{i}" for i in range(8)], [4, 5], "random", seed=3)
    assert [p.seats for p in plans] == [4, 4] and all(p.computers == 0 for p in plans)
    assert sorted(k for p in plans for k in p.people) == sorted(f"p{i}" for i in range(8))


@pytest.mark.parametrize(("count", "sizes", "expected"), [
    (11, [2, 3, 4], [4, 4, 3]), (9, [4, 5], [5, 4]), (10, [4, 5], [5, 5]), (7, [4, 5], [4, 4]),
    (2, [4, 5], [4]), (1, [2, 3, 4, 5, 6], [2]), (12, [2, 3, 4, 5, 6], [6, 6]), (0, [4, 5], [])])
def test_table_sizes_are_few_even_and_padded_with_computers_only_when_needed(count, sizes, expected):
    assert split_sizes(count, sizes) == expected


@pytest.mark.parametrize(("game", "size"), SIZES)
def test_every_game_seats_any_number_of_people(game, size):
    g = get_game(game)
    allowed = list(range(g.min_players, g.max_players + 1))
    for count in range(1, 4 * size):
        plans = seat_people([f"p{i}" for i in range(count)], allowed, "random", seed=count)
        assert all(p.seats in allowed and 0 < len(p.people) <= p.seats for p in plans)
        assert sorted(k for p in plans for k in p.people) == sorted(f"p{i}" for i in range(count))
        if count >= g.min_players:
            assert sum(p.computers for p in plans) < g.min_players


def test_random_seating_follows_its_seed_and_standings_seat_the_best_together():
    people = [f"p{i}" for i in range(8)]
    assert seat_people(people, [4], "random", 5) == seat_people(list(reversed(people)), [4], "random", 5)
    assert any(seat_people(people, [4], "random", s) != seat_people(people, [4], "random", 5) for s in range(6, 12))
    ranking = ["p7", "p6", "p5", "p4", "p3"]
    plans = seat_people(people, [4], "standings", ranking=ranking)
    assert plans[0].people == ("p7", "p6", "p5", "p4") and plans[1].people == ("p3", "p0", "p1", "p2")
    with pytest.raises(ValueError):
        seat_people(people, [4], "alphabet")  # type: ignore[arg-type]


# --- real finished games: the match's record and its moments --------------------------------------------------------


def finished_table(game_key: str, players: int, seed: int, code: str = "", level: int = 0):
    """A table of ``players`` computer players played to its end by the game's easiest computer players (``level``:
    the index of another level), through the table model as the server plays it (pending moves land, hands end, the
    next one starts)."""
    game = get_game(game_key)
    table = new_table(game_key, code or f"TBL{players}", "host", {"players": players, **SHORT[game_key]}, seed, 0.0,
                      practice=True)
    for seat in range(players):
        lobby.add_bot(table, "host", seat, game.bot_levels[0], f"Bot {seat}", EMOJI_CHOICES[seat])
    lobby.start(table, "host", 0.0)

    def choose(seat: int) -> object:
        return choose_bot_action(game_key, game.bot_levels[level], game.view(table.state, seat),
                                 game.legal_actions(table.state, seat), f"{seed}:{len(table.log)}:{seat}")

    play_out(table, choose, lambda: 0.0, moves=30_000)
    outcome = game.outcome(table.state)
    assert outcome is not None, f"{game_key} at {players} did not finish"
    return table, outcome


@pytest.mark.parametrize(("game", "size"), SIZES)
def test_a_finished_match_of_every_game_and_size_counts_by_its_places(game, size):
    table, outcome = finished_table(game, size, seed=7 + size)
    m = match_of(table, outcome, 99.0)
    assert [s.place for s in m.seats] == list(outcome.places) and [s.score for s in m.seats] == list(outcome.scores)
    assert all(s.kind == "computer" and s.key == f"computer:Bot {i}" for i, s in enumerate(m.seats))
    assert m.lower_is_better == outcome.lower_is_better
    n = night()
    add(n, m)
    rows = standings(n)
    assert len(rows) == size
    winners = {f"computer:Bot {w}" for w in outcome.winners}
    assert {r.key for r in rows if r.rank == 1} == winners
    points = [r.average for r in rows]
    assert points == sorted(points, reverse=True) and all(0 <= p <= 1 for p in points)
    assert all(s.best_hand is not None for s in m.seats)  # every match ends at least one hand


def test_moments_find_president_revolutions_and_the_biggest_win():
    g = get_game("president")
    found = None
    for seed in range(60):  # a game of computer players with a revolution in it
        options = {"players": 4, "hands": 4, "revolution": True}
        state = g.new_game(g.make_config(**options), seed)
        bot = g.make_bot(g.bot_levels[0])
        rng = random.Random(seed)
        log = []
        while g.outcome(state) is None:
            seat = g.to_move(state)[0]
            action = bot.choose(g.view(state, seat), g.legal_actions(state, seat), rng)
            g.apply(state, seat, action)
            log.append((seat, g.encode_action(action)))
        moments = match_moments("president", options, seed, log)
        if any(m.revolutions for m in moments):
            found = moments
            break
    assert found is not None, "no revolution in 60 games of computer players"
    assert all(m.best_hand is not None and m.best_hand >= 0 for m in found)  # President: 0 to 3 a hand


def test_each_players_best_moment_prefers_a_win_then_a_revolution_then_a_hand():
    n = night()
    m1 = match("A", "rummy", [("ana", 1, 300), ("bo", 2, 120)])
    m1.seats[1].best_hand = 80
    add(n, m1)
    m2 = match("B", "president", [("bo", 1, 10), ("ana", 1, 10), ("cy", 3, 2), ("di", 4, 0)])
    m2.seats[2].revolutions = 1
    m2.seats[3].best_hand = 3
    add(n, m2)
    moments = best_moments(n)
    assert (moments["ana"].kind, moments["ana"].value) == ("win", 180)
    assert (moments["bo"].kind, moments["bo"].value) == ("hand", 80)  # a shared first place is no win
    assert moments["cy"].kind == "revolution" and moments["di"].kind == "hand"
    assert win_margin(m2, 0) is None


def test_a_rummy_call_is_a_moment_between_a_revolution_and_a_hand():
    g = get_game("rummy")
    found = None
    for seed in range(40):  # computer players with the "Rummy!" house rule: one of them calls sooner or later
        options = {"players": 3, "target": 100, "rummy_call": True, "first_draw": False}
        state = g.new_game(g.make_config(**options), seed)
        bots = g.make_bot(g.bot_levels[-1])
        rng = random.Random(seed)
        log = []
        while g.outcome(state) is None and len(log) < 3000:
            pending = g.pending_commit(state)  # the grace period, or the "Rummy!" window: calls first
            calls = [(s, a) for s in g.window_seats(state) for a in g.off_turn_actions(state, s) if a.kind == "rummy"]
            if calls:
                seat, action = calls[0]
            elif pending is not None:
                _delay, seat, action = pending
            else:
                seat = g.to_move(state)[0]
                action = bots.choose(g.view(state, seat), g.legal_actions(state, seat), rng)
            g.apply(state, seat, action)
            log.append((seat, g.encode_action(action)))
        called = [seat for seat, data in log if data["kind"] == "rummy"]
        if called:
            moments = match_moments("rummy", options, seed, log)
            assert [m.rummy_calls for m in moments] == [called.count(i) for i in range(3)]
            found = called
            break
    assert found is not None, "no Rummy! call in 40 games"
    n = night()
    m = match("A", "rummy", [("ana", 2, 50), ("bo", 1, 300)])
    m.seats[0].rummy_calls, m.seats[0].best_hand = 2, 120
    add(n, m)
    m2 = match("B", "president", [("ana", 2, 5), ("bo", 1, 9)])
    m2.seats[0].revolutions = 1
    assert (best_moments(n)["ana"].kind, best_moments(n)["ana"].value) == ("rummy", 2)  # above the best hand
    add(n, m2)
    assert best_moments(n)["ana"].kind == "revolution"


def test_beanie_wins_by_the_fewest_points():
    m = match("A", "beanie", [("ana", 1, 20), ("bo", 2, 65)])
    m.lower_is_better = True
    assert win_margin(m, 0) == 45


def test_outcome_places_of_ties_share_points():
    outcome = Outcome.from_scores([5, 5, 1])
    assert [seat_share(outcome.places, i) for i in range(3)] == [0.75, 0.75, 0.0]
