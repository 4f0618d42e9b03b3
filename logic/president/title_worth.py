"""What a title is worth over the rest of a match, measured (issue 54): the Expert's playouts value a place by it.

``bot_search.place_value`` adds a guessed bonus for the next hand's title (+0.6 President ... -0.6 Beggar). That bonus
is linear in the place, so with it the search chooses exactly as with the points alone. Measured, a title is worth
more, and not linearly: over 864 seat-hands of each title in the logged arena tables of the Expert and ``yard:search``
(tests/bench/president_log.py, tuning seeds 43000-43099 of session 40, four players, standard rules), a seat scored
in the next hand 2.483 (President), 1.939 (Vice President), 0.875 (Vice Beggar), 0.704 (Beggar) points, each ± 0.06,
and a title tends to come back (the President finished first again 63% of the time). Counting the hands after the
next through those odds, a place's worth with ``hands_left`` hands to come is its points plus
``title_worth(hands_left)[place]``: with one hand left (+0.98, +0.44, -0.63, -0.80), with three (+2.09, +0.96,
-1.37, -1.67). The gap between second and third place (the exchange's side) is then worth most, last place's least.
"""

from __future__ import annotations

from functools import cache

NEXT_POINTS = (2.483, 1.939, 0.875, 0.704)  # a four-player hand's points by the title held at its start
MEAN_POINTS = 1.5  # an even share of a four-player hand (3 + 2 + 1 + 0 over four seats)
# the place (0 = first) in a hand by the title held at its start (0 = President), four players
NEXT_PLACE = (
    (0.627, 0.265, 0.071, 0.037),
    (0.295, 0.447, 0.160, 0.098),
    (0.054, 0.150, 0.411, 0.384),
    (0.023, 0.138, 0.359, 0.480),
)
MAX_HANDS = 12  # longer matches are valued as this many hands left (the worth changes little from hand to hand)


@cache
def title_worth(hands_left: int) -> tuple[float, ...]:
    """Points over an even share to be expected over the ``hands_left`` hands to come, by the title they start with."""
    if hands_left <= 0:
        return (0.0,) * 4
    later = title_worth(min(hands_left, MAX_HANDS) - 1)
    return tuple(NEXT_POINTS[t] - MEAN_POINTS + sum(p * later[q] for q, p in enumerate(NEXT_PLACE[t]))
                 for t in range(4))


def place_values(n: int, hands_left: int) -> tuple[float, ...] | None:
    """Each place's worth over the match (points now plus the title's worth), four players only; else None."""
    if n != 4:
        return None
    worth = title_worth(hands_left)
    return tuple(n - 1 - place + worth[place] for place in range(n))
