"""Game night: one evening's tables, people and matches, its standings across games and its seating.

Pure like the rest of ``logic/``: no clock (times come in as arguments), no I/O, no global randomness. The record
is :class:`Night` (``model.py``); the standings (``points.py``), the seating (``seating.py``) and the night's best
moments (``moments.py``) are computed from it.
"""

from logic.night.model import (
    NIGHT_NAME_LIMIT,
    SCORINGS,
    Night,
    NightMatch,
    NightSeat,
    Person,
    add_person,
    add_table,
    clean_night_name,
    merge_people,
    record_match,
    remove_match,
    restore_match,
    seat_key,
    set_scoring,
)
from logic.night.points import (
    SCORERS,
    Standing,
    duplicate_points,
    held_back,
    match_points,
    place_points,
    seat_share,
    standings,
)

__all__ = [
    "NIGHT_NAME_LIMIT", "SCORERS", "SCORINGS", "Night", "NightMatch", "NightSeat", "Person", "Standing",
    "add_person", "add_table", "clean_night_name", "duplicate_points", "held_back", "match_points", "merge_people",
    "place_points", "record_match", "remove_match", "restore_match", "seat_key", "seat_share", "set_scoring",
    "standings",
]
