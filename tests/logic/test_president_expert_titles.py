"""The Expert's ``titles`` knob (issue 54): a place is worth its points plus the title's measured worth over the hands
to come (logic/president/title_worth.py), at standard rules only; off, place_value's linear bonus."""

from __future__ import annotations

import random

import pytest

from logic.president import PresidentGame
from logic.president.bot_info import BotInfo
from logic.president.bot_search import PresidentSpec, place_value
from logic.president.bots import make_bot
from logic.president.title_worth import NEXT_POINTS, place_values, title_worth
from tests.logic.test_president_house import table

G = PresidentGame()
HANDS = ["3S 5S 9S KS", "3H 5H 9H KH", "4D 7D 9D KD", "4C QC AC KC"]


def _values(titles: bool, hand_no: int = 1, **switches: bool) -> list[float]:
    """Seat 0's value of finishing each place, as its search's evaluation gives it."""
    s = table(HANDS, hand_no=hand_no, **switches)
    view = G.view(s, 0)
    spec = PresidentSpec(G, view, BotInfo(view), noise=0.0, titles=titles)
    w = spec.sample(view, random.Random(1))
    out = []
    for place in range(4):
        w.my_place = place
        out.append(spec.evaluate(w, 0))
    return out


def test_one_hand_left_a_title_is_worth_the_next_hands_points_over_an_even_share():
    assert title_worth(1) == pytest.approx([p - 1.5 for p in NEXT_POINTS])
    assert title_worth(0) == (0.0,) * 4
    assert place_values(5, 2) is None  # measured at four players only


def test_a_title_is_worth_more_with_more_hands_to_come():
    for hands_left in (1, 2):
        now, later = title_worth(hands_left), title_worth(hands_left + 1)
        assert later[0] > now[0] > 0 > now[3] > later[3]


def test_with_titles_the_first_hand_values_second_over_third_place_most():
    values = _values(titles=True)
    gaps = [values[p] - values[p + 1] for p in range(3)]
    assert gaps[1] > gaps[0] > gaps[2] > 1.0
    assert values == pytest.approx([3 - p + title_worth(3)[p] for p in range(4)])


def test_off_the_places_are_valued_linearly():
    values = _values(titles=False)
    assert values == [place_value(4, p, 3) for p in range(4)]
    assert len({round(values[p] - values[p + 1], 9) for p in range(3)}) == 1


def test_the_last_hand_has_no_title_to_play_for():
    assert _values(titles=True, hand_no=4) == [3.0, 2.0, 1.0, 0.0]


def test_house_rules_keep_the_linear_values():
    assert _values(titles=True, same_rank_skip=True) == _values(titles=False, same_rank_skip=True)


def test_the_knob_reaches_the_expert_and_it_still_chooses_a_legal_move():
    bot = make_bot("expert", titles=1, budget_s=None, max_worlds=8, min_worlds=8)
    assert bot.titles and not make_bot("expert").titles
    s = table(HANDS)
    legal = G.legal_actions(s, 0)
    assert bot.choose(G.view(s, 0), legal, random.Random(3)) in legal
