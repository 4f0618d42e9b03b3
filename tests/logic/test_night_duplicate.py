"""A night scored by duplicate comparison: each seat against the seat that held the same cards at the night's other
table of those deals, deal by deal (1 better, ½ tie, 0 worse, averaged); a match without a twin by its places; and
a finished match held back while a table with the same deals still plays them."""

from __future__ import annotations

import pytest

from logic.night import (
    Night,
    NightMatch,
    NightSeat,
    add_table,
    duplicate_points,
    held_back,
    match_points,
    place_points,
    record_match,
    set_scoring,
    standings,
)
from logic.night.matches import match_of
from logic.night.moments import best_moments
from logic.registry import all_games
from tests.logic.test_night import finished_table


def night(scoring: str = "duplicate") -> Night:
    n = Night(code="N1GHT2", name="Friday", host_id="host", created_at=1.0)
    set_scoring(n, scoring)
    return n


def seats(keys: list[str], deals: list[list[int]], places: list[int] | None = None) -> list[NightSeat]:
    return [NightSeat(key=k, name=k.title(), place=(places or [1] * len(keys))[i], score=sum(deals[i]),
                      deals=deals[i]) for i, k in enumerate(keys)]


def add(n: Night, code: str, group: str | None, keys: list[str], deals: list[list[int]],
        places: list[int] | None = None, game: str = "rummy", lower: bool = False) -> NightMatch:
    m = NightMatch(code=code, game=game, finished_at=2.0, lower_is_better=lower, seats=seats(keys, deals, places))
    add_table(n, code, game, group)
    assert record_match(n, m)
    return m


def test_each_deal_gives_the_better_of_two_seats_with_the_same_cards_one_and_a_tie_half():
    n = night()
    a = add(n, "AAAA", None, ["ana", "bo"], [[30, 0, 10], [0, 20, 10]], places=[1, 2])
    b = add(n, "BBBB", "AAAA", ["cy", "di"], [[10, 0, 10], [0, 40, 10]], places=[2, 1])
    assert n.groups == {"AAAA": "AAAA", "BBBB": "AAAA"}  # the first table of the deals is marked too
    # ana beat cy in deal 1 (30 > 10), tied deals 2 and 3: (1 + .5 + .5) / 3; bo lost deal 2 (20 < 40)
    assert duplicate_points(n, a) == pytest.approx({0: 2 / 3, 1: 1 / 3})
    assert duplicate_points(n, b) == pytest.approx({0: 1 / 3, 1: 2 / 3})
    rows = {r.key: r.average for r in standings(n)}
    assert rows == pytest.approx({"ana": 2 / 3, "bo": 1 / 3, "cy": 1 / 3, "di": 2 / 3})
    assert match_points(n, a) == duplicate_points(n, a)


def test_only_the_deals_both_tables_finished_compare_and_fewer_is_better_in_beanie():
    n = night()
    a = add(n, "AAAA", "AAAA", ["ana", "bo"], [[5, 40], [25, 0]], game="beanie", lower=True)
    add(n, "BBBB", "AAAA", ["cy", "di"], [[15], [25]], game="beanie", lower=True)  # one deal only
    assert duplicate_points(n, a) == pytest.approx({0: 1.0, 1: 0.5})


def test_a_match_without_a_twin_counts_by_its_places():
    n = night()
    solo = add(n, "AAAA", None, ["ana", "bo", "cy"], [[3], [2], [0]], places=[1, 2, 3])
    assert duplicate_points(n, solo) == place_points(n, solo) == {0: 1.0, 1: 0.5, 2: 0.0}
    other = add(n, "BBBB", "ZZZZ", ["ana", "bo"], [[3], [0]], places=[1, 2])  # its twin is not at the night
    assert duplicate_points(n, other) == place_points(n, other)
    n.removed.append("BBBB")  # a twin the host took out compares with nothing
    twin = add(n, "CCCC", "ZZZZ", ["di", "el"], [[0], [3]], places=[2, 1])
    assert duplicate_points(n, twin) == place_points(n, twin)


def test_three_tables_of_the_same_deals_average_over_both_others():
    n = night()
    a = add(n, "AAAA", "AAAA", ["ana"] + ["x1"], [[10], [0]])
    add(n, "BBBB", "AAAA", ["bo", "x2"], [[5], [0]])
    add(n, "CCCC", "AAAA", ["cy", "x3"], [[20], [0]])
    assert duplicate_points(n, a)[0] == pytest.approx(0.5)  # better than bo, worse than cy
    assert duplicate_points(n, a)[1] == pytest.approx(0.5)  # two ties


def test_a_finished_match_is_held_back_while_its_twin_plays():
    n = night("places")
    add(n, "AAAA", "AAAA", ["ana", "bo"], [[10], [0]], places=[1, 2])
    add_table(n, "BBBB", "rummy", "AAAA")  # its twin: still playing
    add(n, "CCCC", None, ["cy", "bo"], [[10], [0]], places=[1, 2])
    assert held_back(n, live=["BBBB"]) == {"AAAA"}
    assert held_back(n, live=["CCCC"]) == frozenset() and held_back(n, live=[]) == frozenset()
    rows = standings(n, held=held_back(n, ["BBBB"]))
    assert {r.key: r.matches for r in rows} == {"cy": 1, "bo": 1}  # nothing of ana's table yet
    assert "ana" not in best_moments(n, held_back(n, ["BBBB"]))
    assert {r.key for r in standings(n, held=held_back(n, []))} == {"ana", "bo", "cy"}


def test_the_scoring_is_chosen_before_the_first_match_counts():
    n = night("places")
    set_scoring(n, "duplicate")
    set_scoring(n, "places")
    with pytest.raises(ValueError):
        set_scoring(n, "bogus")
    add(n, "AAAA", None, ["ana", "bo"], [[1], [0]], places=[1, 2])
    with pytest.raises(ValueError):
        set_scoring(n, "duplicate")
    set_scoring(n, "places")  # (no change: nothing refused)
    n.removed.append("AAAA")  # no match counts any more: the host may choose again
    set_scoring(n, "duplicate")
    assert n.scoring == "duplicate"


@pytest.mark.parametrize("game", [g.key for g in all_games()])
def test_every_game_compares_two_real_tables_with_the_same_deals(game):
    size = max(2, next(g for g in all_games() if g.key == game).min_players)
    first, first_outcome = finished_table(game, size, seed=21, code="AAAA")
    second, second_outcome = finished_table(game, size, seed=21, code="BBBB", level=1)  # other players
    assert first.seed == second.seed
    n = night()
    for table, outcome in ((first, first_outcome), (second, second_outcome)):
        add_table(n, table.code, game, "AAAA")
        assert record_match(n, match_of(table, outcome, 5.0))
    a, b = n.matches
    assert a.seats[0].deals and b.seats[0].deals
    assert list(first.log) != list(second.log)  # the same deals played differently
    for m in (a, b):  # each seat's deals add up to its score in the match (read from the log)
        assert [sum(s.deals) for s in m.seats] == [s.score for s in m.seats]
    mine, theirs = duplicate_points(n, a), duplicate_points(n, b)
    for i in range(size):  # the two seats with the same cards share each deal's point: a mirror
        assert 0 <= mine[i] <= 1 and mine[i] + theirs[i] == pytest.approx(1.0)
